# The game journal: a game that survives a power cut.
#
# Files in the journal directory:
#
#   journal.txt   every confirmed action, appended as one line when it is
#                 confirmed; the setup line is the first record.  A record is
#                     ACTION #CCCCCCCC
#                 with CCCCCCCC the CRC-32 (8 hex digits) of "ACTION\n"
#                 chained from the previous record's CRC (0 before the setup
#                 line), so a record is only good in its place after the
#                 records before it.  '#' starts a comment in the action
#                 vocabulary, so the journal is itself a transcript:
#                 `python -m host_sim replay DIR/journal.txt` replays it.
#                 Undo and redo are records too ("undo", "redo"): history is
#                 never rewritten in place.
#   snap.json     the newest snapshot: the Session's undo context (the
#                 checkpoint state `base`, `base_n`, the `tail` of actions
#                 since the checkpoint and the redo stack), the state before
#                 the tail's last action (`prev`: resume replays that one
#                 action) or, when there is none (after an undo), the current
#                 `state`, the part of the states that never changes
#                 (`fixed`, where the game has one: base and prev are
#                 written without it), the setup line, and the journal position it
#                 covers (`n` records, ending at byte `end`, the last one
#                 with CRC `crc`).  Written with firmware.core.store,
#                 streamed in pieces of about 1 kB (the whole text is never
#                 in RAM): to snap.json.tmp, then renamed over.  `base` and
#                 `prev` are copied from the JSON text the Session keeps
#                 (as the runtime's json module wrote it), so a snapshot
#                 costs little more than its write.
#   snap.old      the snapshot before it: renamed from snap.json just before
#                 the new one is renamed in, so a damaged snap.json falls back
#                 to it (and a damaged snap.old to a full replay).
#   snap.json.tmp, journal.tmp   a write in progress (or cut short).
#
# Snapshot policy: after a record is appended, a snapshot is written when the
# Session's checkpoint has moved (base_n changes every DEPTH=32 actions) or
# when SNAPSHOT_EVERY=64 records have been appended since the last one (undo
# and redo do not move the checkpoint).  Resume then loads one snapshot, which
# holds the state, and replays only the journal after it (at most 64
# records): the cost does not grow with the length of the game, and the
# snapshot carries the whole undo context, so undo after a resume reaches as
# far back as before the cut (at least DEPTH=32 actions), and redo too.
#
# Flash writes for the whole demo game (assets/inca/demo.txt: 4 players with
# Pizarro's Arrival, 202 records, 40 phases): the setup record, 65 bytes
# (journal.tmp, renamed in); 201 appends of 15 to 48 bytes, 5,301 bytes; 5
# snapshots of 5.6 to 6.0 kB, 29,425 bytes: 34,791 bytes in all, about 172
# bytes per confirmed action, and one snapshot every 8 phases or so.  At the
# end the directory holds 17.3 kB (journal 5,366, snap.json 5,950, snap.old
# 6,033).  The journal is the same bytes on CPython and MicroPython; the
# snapshots hold the same values, their keys in each runtime's own order.
# littlefs adds its own block copies and metadata on top of these bytes.
#
# At boot, resume() (its code is firmware/core/resume.py, imported for it
# and forgotten again on a board): every snapshot file that is intact (store
# checksum) and matches the journal (the journal's bytes just before `end`
# are the record with CRC `crc`; the chained CRC makes that the same
# history) is a candidate; the newest is loaded (snap.old is read only when
# neither snap.json nor snap.json.tmp can be: a damaged snap.old is reported
# only then, and is replaced by the next snapshot), the journal records
# after it are checked and replayed, and the first torn or corrupt record
# (or one the rules refuse) ends the replay: it and everything after it are
# cut away by copying the good prefix to journal.tmp and renaming it over
# journal.txt, and `notes` says what was dropped.  With no usable snapshot
# the whole journal is replayed from the setup line.  Nothing recoverable
# raises NoGame.
#
# The order of writes makes every power cut safe: a new game removes the old
# snapshots, then renames a journal holding only the setup line into place;
# an action is applied in memory (refused ones write nothing), then appended
# and flushed; a snapshot is written to the temporary file and renamed in.
# A cut loses at most the action being appended.
#
# Resume reads only the snapshots and the journal after the one it uses: a
# damaged record before that point goes unnoticed until a full replay needs
# it (when every snapshot is bad), and is then where the replay stops.
#
# Use (game: a game module, or a function from setup words to one):
#     j = Journal("/games/current", game, edition)
#     j.start("inca players=blue,orange,green seed=7")   # a new game
#     j.apply("next")        # every confirmed action, and "undo", "redo"
#     session = j.resume()   # at boot; j.notes says what was repaired
#
# The engine does no I/O; this module reads and writes only through the
# file-system object it is given (firmware.core.osfs.FS by default).  Runs on
# MicroPython and CPython.

from firmware.core import osfs
from firmware.core.actions import as_tokens, line as join
from firmware.core.errors import IllegalAction
from firmware.core.modules import forget
from firmware.core.session import DEPTH, Session

# the files and their format (firmware/core/gamefiles.py: resume reads them too)
from firmware.core.gamefiles import (EDITION, JOURNAL, JOURNAL_TMP, KNOWN, SNAP, SNAP_OLD,  # noqa: F401
                                     SNAP_TMP, VERSION, NoGame, record)

SNAPSHOT_EVERY = 2 * DEPTH
_ENOENT = 2   # errno: no such file
_CHUNK = 512


def _store():
    # the code that writes a whole file (firmware/core/store.py, with the
    # JSON writer): imported for a snapshot, a new game, the edition table,
    # and forgotten after (_done_writing); appending a record needs none of it
    from firmware.core import store
    return store


def _done_writing():
    forget("firmware.core.store")
    forget("firmware.core.jsonout")


def _text(action):
    text = join(as_tokens(action))
    if "#" in text or "\n" in text or "\r" in text:
        raise IllegalAction("an action cannot contain '#' or a line break")
    return text


class Journal:
    """A game kept in the journal directory `path`.

    game is a game module (new, apply, view) or a function from the setup
    line's words to one.  fs is the file-system layer (osfs.FS)."""

    def __init__(self, path, game, edition, fs=None):
        self.dir = path
        self.game = game
        self.edition = edition
        self.fs = fs or osfs.FS
        self.session = None
        self.records = 0       # records in the journal, setup line included
        self.notes = []        # what resume found and did, one line each
        self.lost = 0          # confirmed actions resume could not read back (not a torn last one)
        self.kept = None       # where the journal was kept before they were cut away
        self._keep_first = False   # keep the journal aside before the next cut
        self.source = None     # the snapshot file resume started from
        self._end = 0          # bytes of good records in journal.txt
        self._crc = 0          # CRC of the last good record
        self._dirty = False    # a failed append may have left a torn record
        self._snap_n = 1       # records covered by the last snapshot (or the setup)
        self._snap_base_n = 0  # the Session's base_n in it
        self._rotate = False   # snap.json holds a good snapshot to keep
        # True: apply() leaves a snapshot that falls due to idle() (the
        # device's loop calls it once the action's frame is drawn), and
        # start() the game's edition table
        self.defer = False
        self.edition_due = None   # the edition table to write into the game's folder (idle)
        self._edition_tried = -1  # records when that write last failed (tried again after an action)

    def _p(self, name):
        return self.dir + "/" + name

    def _module(self, words):
        g = self.game
        if hasattr(g, "apply") and hasattr(g, "new"):
            return g
        return g(words)

    # ---------------------------------------------------------- writing

    def start(self, setup, edition_later=None):
        """Begin a new game from its setup line, replacing any game in the
        directory.  Raises IllegalAction (and writes nothing) for a bad setup.
        edition_later (by default defer): the game's edition table is written
        at idle(), not before its journal; only for a table that a resume
        without it would take too (the table for new games as saved)."""
        words = as_tokens(_text(setup))
        session = Session(self._module(words), self.edition, words)
        fs = self.fs
        store = _store()
        store.makedirs(self.dir, fs)
        data, crc = record(session.setup, 0)
        # the new game's files are written whole under temporary names
        # first: a write refused (full storage) or cut short leaves the game
        # in the directory as it was.  The edition table goes with the game
        # (edits made later are for new games).  On the device (defer) it is
        # written once the game's first frame is drawn (idle): 150 ms of a
        # Pico's clock that Start game would wait for.  A power cut before
        # then leaves the game without it, and resume takes the table for
        # new games, the one it was started with, and writes it.
        later = self.defer if edition_later is None else edition_later
        gone = (JOURNAL, SNAP, SNAP_TMP, SNAP_OLD)
        if not later:
            store.write_json(self._p(EDITION + osfs.TMP), self.edition, fs)
        store.write(self._p(JOURNAL_TMP), data, fs)
        store = None
        _done_writing()
        # then the game in the directory goes, its journal before its
        # snapshots (removing needs no room): a power cut on the way leaves
        # that game (resumed from a snapshot) or no game, never its records
        # under the new edition; then the new files are renamed in, the
        # journal last (it makes the game exist)
        for name in gone:
            try:
                fs.remove(self._p(name))
            except OSError:
                pass
        if later:
            # the old game's table goes after its journal and snapshots; if
            # it is there and cannot be removed, the new game does not start
            try:
                fs.remove(self._p(EDITION))
            except OSError as e:
                if e.args[0] != _ENOENT:
                    raise
            self.edition_due = self.edition
            self._edition_tried = -1
        else:
            fs.rename(self._p(EDITION + osfs.TMP), self._p(EDITION))
        fs.rename(self._p(JOURNAL_TMP), self._p(JOURNAL))
        self.session = session
        self.records = 1
        self.notes = []
        self.source = None
        self._end = len(data)
        self._crc = crc
        self._dirty = False
        self._keep_first = False
        self._snap_n = 1
        self._snap_base_n = 0
        self._rotate = False
        return session

    def apply(self, action):
        """Apply one confirmed action (or undo, redo) and journal it.
        Returns the kind of change, as Session.apply.  A refused action
        raises IllegalAction and writes nothing.  If the write fails
        (OSError) the action is taken back and the error raised."""
        s = self.session
        if s is None:
            raise NoGame("no game: start or resume one first")
        if self._dirty:
            if self._keep_first:
                # confirmed records that could not be read back are kept
                # aside before they are cut away (resume could not, the
                # storage being full then); if it still cannot, this
                # action is not saved (OSError) and the game stays as it was
                self.kept = self.keep()
                self._keep_first = False
            self._cut(self._end)
        text = _text(action)
        redo = s.redo_stack
        kind = s.apply(text, False)
        data, crc = record(text, self._crc)
        try:
            f = self.fs.open(self._p(JOURNAL), "ab")
            try:
                f.write(data)
                f.flush()
            finally:
                f.close()
        except OSError:
            self._dirty = True
            s.take_back(kind, redo)
            raise
        self.records += 1
        self._end += len(data)
        self._crc = crc
        s.settle()
        if not self.defer:
            self.idle()
        return kind

    def idle(self):
        """Write the snapshot that is due, if one is: when the undo
        checkpoint has moved, and every SNAPSHOT_EVERY records.  The actions
        are safe in the journal already; a snapshot only shortens a resume,
        so the device writes it after the action's frame is drawn (defer):
        on a Pico it takes 120-150 ms, which the press would otherwise wait
        for.  Returns True if it wrote one."""
        s = self.session
        if s is None or self._dirty:
            return False
        if self.edition_due is not None and self._edition_tried != self.records:
            self._write_edition()
        if s.base_n == self._snap_base_n and self.records - self._snap_n < SNAPSHOT_EVERY:
            return False
        try:
            self.snapshot()
        except OSError as e:
            # The actions are safe in the journal; only resume gets slower.
            self._note("could not write a snapshot (%s)" % (e,))
            return False
        return True

    def _write_edition(self):
        """The game's edition table into its folder (start() or resume left
        it due); a failed write is noted once and tried again at the first
        idle after the next action saved."""
        try:
            try:
                _store().save_json(self._p(EDITION), self.edition_due, self.fs)
            finally:
                _done_writing()
        except OSError as e:
            # the game goes on: a resume without it takes the same table
            # (start()); tried again once an action was saved, not at every
            # idle (150 ms of a Pico's clock a try)
            self._note("could not write the game's edition table (%s)" % (e,))
            self._edition_tried = self.records
            return
        self.edition_due = None

    def _note(self, msg):
        if msg not in self.notes:   # once, however often it happens
            self.notes.append(msg)

    def snapshot(self):
        """Write a snapshot of the session now (temp file, then rename)."""
        s = self.session
        # the checkpoint's JSON text is copied as it is kept; so is the
        # state before the last action where there is one (resume replays
        # that action): only the small fields go through jsonout
        snap = {"v": VERSION, "n": self.records, "end": self._end, "crc": "%08x" % self._crc,
                "setup": s.setup, "base": s.base, "base_n": s.base_n,
                "tail": s.tail, "redo": s.redo_stack}
        if s.has_prev and s.tail:
            snap["prev"] = s.prev
        else:
            snap["state"] = s.state
        if s.fixed:
            snap["fixed"] = s.fixed     # base and prev are kept without it
        fs = self.fs
        try:
            _store().write_json(self._p(SNAP_TMP), snap, fs)
        finally:
            _done_writing()
        if self._rotate:
            self._rotate = False
            fs.rename(self._p(SNAP), self._p(SNAP_OLD))
        fs.rename(self._p(SNAP_TMP), self._p(SNAP))
        self._rotate = True
        self._snap_n = self.records
        self._snap_base_n = s.base_n

    def _cut(self, end):
        """Keep only the first `end` bytes of the journal: copy them to
        journal.tmp and rename it over (there is no truncate on MicroPython)."""
        self._copy(end, JOURNAL_TMP)
        self.fs.rename(self._p(JOURNAL_TMP), self._p(JOURNAL))
        self._dirty = False

    def keep(self):
        """Copy the whole journal to damaged-N.txt (N the first
        free) before records that were confirmed are cut away: the players
        are told, and nothing is deleted without their say-so.  Returns the
        file's name."""
        names = self.fs.listdir(self.dir)
        n = 1
        while "damaged-%d.txt" % n in names:
            n += 1
        name = "damaged-%d.txt" % n
        self._copy(None, name)
        return name

    def _copy(self, end, name):
        """Copy the first `end` bytes of the journal (all if None) to name."""
        fs = self.fs
        src = fs.open(self._p(JOURNAL), "rb")
        try:
            dst = fs.open(self._p(name), "wb")
            try:
                left = end
                while left is None or left > 0:
                    chunk = src.read(_CHUNK if left is None else min(_CHUNK, left))
                    if not chunk:
                        break
                    dst.write(chunk)
                    if left is not None:
                        left -= len(chunk)
                dst.flush()
            finally:
                dst.close()
        finally:
            src.close()

    # ---------------------------------------------------------- resuming

    def resume(self):
        """Recover the game as the device does at boot; returns the Session.
        notes lists what was found damaged, ignored or dropped.  Raises
        NoGame when nothing can be recovered (the files are left alone).
        (firmware.core.resume, imported for this and forgotten again.)"""
        from firmware.core import resume
        try:
            return resume.resume(self)
        finally:
            forget("firmware.core.resume")
