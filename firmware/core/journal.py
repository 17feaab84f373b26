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
#                 streamed in pieces (store.write_json: the whole text is never
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
# Flash writes for the whole demo game (assets/inca/demo.txt): the setup
# record (journal.tmp, renamed in), one short append an action, and a
# snapshot every SNAPSHOT_EVERY records or checkpoint (BENCHMARKS.md,
# *Measured apart*, has the bytes).  The journal is the same bytes on
# CPython and MicroPython; the snapshots hold the same values, their keys in
# each runtime's own order.
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
# (or one the rules refuse) ends the replay, and `notes` says what was
# dropped.  With no usable snapshot the whole journal is replayed from the
# setup line (or from base.json, for a journal begun again from a
# snapshot).  Nothing recoverable raises NoGame.  Resume writes nothing: it
# notes the repairs due (repair(): the journal kept aside and cut back to
# its good records, or begun again; what the players are told of actions
# lost, first), which the device makes at its first idle, once the boot's
# code has left the heap.  docs/recovery.md gives every step.
#
# The order of writes makes every power cut safe: a new game is written whole
# in a folder of its own and swapped in by two renames (saving.start); an
# action is applied in memory (refused ones write nothing), then appended
# and flushed (on the device once its frame is shown, before the next press
# is taken: flush); a snapshot is written to the temporary file and renamed in.
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
from firmware.core.modules import collect, done_with, use
from firmware.core.session import DEPTH

# the files and their format (firmware/core/gamefiles.py: resume reads them too)
from firmware.core.gamefiles import (EDITION, JOURNAL, JOURNAL_TMP, KNOWN, SNAP, SNAP_OLD,  # noqa: F401
                                     SNAP_TMP, TOLD, VERSION, NoGame, TableGone, record)

SNAPSHOT_EVERY = 2 * DEPTH


def _saving(name, *args):
    # the whole-file writes (firmware/core/saving.py, with store.py and the
    # JSON writer it imports): loaded for one and forgotten after;
    # appending a record needs none of their code.  The heap is collected
    # first, so that their code goes where the garbage of the game's last
    # presses was, not after it (a snapshot's collection is made once the
    # action's frame is shown; without it a new game's start needed a
    # bigger heap).  Imported here, and done with after the writes, not
    # with modules.use_once, which lets a module go before the call: with
    # that, the next action of tests/test_vpico.py's whole game found no
    # room for the journal file's cache in the heap our firmware has on a
    # Pico.
    #
    # The journal's file is closed for them (they rename, cut or read it)
    # once their code is in (its objects not in the block the file lets
    # go of): a board's littlefs file takes one block (its cache), and a
    # heap cut up by a long game may have none free but the one the
    # journal's file lets go of (collected then, as the heap runs out).
    # The journal's file is opened again as soon as they are done, into
    # the block theirs let go of, before a screen's allocations cut that
    # up: a game holds one such block throughout.  (Not at a game's end,
    # where the journal lets go of its file for the end's own: it is
    # opened again only where it was open, and for a new game.)
    j = args[0]
    collect()
    from firmware.core import saving
    held = j.close() or name == "start"
    try:
        return getattr(saving, name)(*args)
    finally:
        saving = None
        done_with("firmware.core.saving")
        done_with("firmware.core.store")
        done_with("firmware.core.jsonout")
        if held:
            j.reopen()


def _text(action):
    text = join(as_tokens(action))
    if "#" in text or "\n" in text or "\r" in text:
        raise IllegalAction("an action cannot contain '#' or a line break")
    return text


class Journal:
    """A game kept in the journal directory `path`.

    game is a game module (new, apply, view) or a function from the setup
    line's words to one.  fs is the file-system layer (osfs.FS).

    The journal is one object whose code comes in three parts, so that
    only what a game's every action needs stays in the heap: this class
    (start, apply, idle, repair, seen, resume, close: what the app calls),
    firmware/core/saving.py (the whole-file writes: a new game, a snapshot,
    the edition table, a repair) and firmware/core/resume.py with recover.py
    and restoring.py (the boot's resume).  Those parts are functions of the
    journal, loaded for one call and forgotten after (_saving, resume); they
    read and set the fields and methods below, and nothing else of it."""

    def __init__(self, path, game, edition, fs=None):
        # ---- what the app sets and reads
        self.dir = path
        self.game = game
        self.edition = edition  # the game's edition table (resume: the game's own, or the part of it played)
        self.fs = fs or osfs.FS
        self.session = None     # the game (firmware/core/session.py), once started or resumed
        self.records = 0       # records in the journal, setup line included
        self.notes = []        # what resume found and did, one line each (note)
        self.told = None       # what the players are to be told of actions lost: {"lost": N, "kept": [names]}
        self.repair_failed = None  # the MemoryError of a repair that found no room (the app tells)
        # True: apply() leaves its record's write (and the checkpoint's
        # move) to flush(), and a snapshot that falls due to idle() (the
        # device's loop calls them once the action's frame is drawn, before
        # it takes the next press), and start() the game's edition table
        self.defer = False
        self.due = None       # the record apply() left to flush(): (data, crc, kind, redo)
        # the keys of the edition table its screens read while the game is
        # played: resume keeps only those (None: all)
        self.played = None  # type: tuple | None
        # the files the tables on the device come from: the one `edition`
        # was read from as it is (None: not from a file, or not as it is),
        # and the bundled one; a game whose own table is damaged finds it
        # again among them by its checksum (saving.ident)
        self.tables = ()  # type: tuple
        self.other_table = False  # resume: the screens read the table for new games, not the game's (told)
        # ---- the state of the files, shared with saving.py and resume.py
        self.lost = 0          # confirmed actions resume could not read back (not a torn last one); -1: not known
        self.kept = None       # where the journal is kept (damaged-N.txt) before they are cut away
        self.told_due = False     # write told to flash (TOLD) before the repair cuts anything away
        self.told_on_flash = False  # TOLD is on flash: taken away once the players have seen it (seen)
        self.keep_first = False   # keep the journal aside (as kept) before the next cut
        # begin the journal again from the session (resume took it from a
        # snapshot): the file it is begun from, or False
        self.rebase = False
        self.source = None     # the snapshot file resume started from
        self.end = 0          # bytes of good records in journal.txt
        self.crc = 0          # CRC of the last good record
        self.cut_due = False   # journal.txt may hold bytes after end (a torn record): cut it back first
        self.snap_n = 1       # records covered by the last snapshot (or the setup)
        self.snap_base_n = 0  # the Session's base_n in it
        self.rotate = False   # snap.json holds a good snapshot to keep (as snap.old) when the next comes
        self.edition_due = None   # the edition table to write into the game's folder (idle)
        self.partial = False    # resume kept only those of the game's own table
        self.edition_tried = -1  # records when that write last failed (tried again after an action)
        self.ident = None       # the checksum of the game's own table, where known
        # (lost_at: where resume found the damage told, "cut POS SIZE" or
        # "base N": a note of the same damage is told once; set by resume)
        self._f = None         # journal.txt, open for appending (the records of a game's actions)
        self._appending = False  # False: _f is open for reading only, holding its block (reopen)

    def path(self, name):
        """The path of the game's file `name` (gamefiles: JOURNAL, SNAP...)."""
        return self.dir + "/" + name

    def engine(self, words):
        """The rules engine of a game set up with these words."""
        g = self.game
        if hasattr(g, "apply") and hasattr(g, "new"):
            return g
        return g(words)

    def close(self):
        """Close the journal file kept open for appending (the whole-file
        writes, a resume and a game that ends close it first: they rename,
        cut or read it); True if it was open.  A record not yet written
        (flush) is written first."""
        if self.due is not None:
            try:
                self.flush()
            except (OSError, MemoryError):
                pass        # (the action taken back, as flush says)
        f = self._f
        self._f = None
        self._appending = False
        if f is not None:
            try:
                f.close()
            except OSError:
                pass
            return True

    def appending(self):
        """Hold the journal file open for appending (flush, before it writes
        a record), in place of the file held for reading."""
        if not self._appending:
            # the file held for reading lets go of its block first, with
            # nothing here referring to it (the name let go of too): the
            # heap is collected for the new one if it has no other
            f = self._f
            self._f = None
            if f is not None:
                try:
                    f.close()
                except OSError:
                    pass
            f = None
            self._f = self.fs.open(self.path(JOURNAL), "ab")
            self._appending = True

    def reopen(self):
        """Open the journal file again, now (see _saving): a game played
        holds its block from the boot or the game's start on.  For reading:
        a file opened for writing is written to flash when it is closed
        (its time stamp), written to or not, and it may be closed before an
        action (New game); the next action swaps it for the file it appends
        to.  Not while a repair is due (it may begin the file again), nor
        without a game; a file that cannot be opened now is opened by the
        next action."""
        if self._f is None and self.session is not None and not (self.cut_due or self.told_due):
            try:
                self._f = self.fs.open(self.path(JOURNAL), "rb")
            except (OSError, MemoryError):
                pass

    # ---------------------------------------------------------- writing

    def start(self, setup, edition_later=None, aside=False):
        """Begin a new game from its setup line, replacing any game in the
        directory.  Raises IllegalAction (and writes nothing) for a bad setup.
        edition_later (by default defer): the game's edition table is written
        at idle(), not before its journal; only for a table that a resume
        without it would take too (the table for new games as saved).
        aside: what the directory holds is no game played (a save the boot
        could not resume): it is renamed aside, never removed.  With defer
        (the device) the game is made now and its files written by flush(),
        once its first frame is shown, before the next press is taken."""
        words = as_tokens(_text(setup))
        if not self.defer:
            return _saving("start", self, words, edition_later, aside)
        from firmware.core.session import Session
        # with a block held for the files' (a littlefs file's cache and its
        # object), let go of just before they are written: the screens the
        # game's first frame builds meanwhile would cut up the room they had.
        # Taken before the game's state is made, whose many small blocks
        # find room where one of this size would not.  (Made at power-on
        # instead, the saving code's, loaded once it is let go of, took
        # the room it left low in the heap: BENCHMARKS.md)
        try:
            hold = bytearray(1536)
        except MemoryError:
            # none of that size in a heap the set-up screens cut up: the
            # game starts all the same, and its files find their block
            # after its first frame, the set-up's screens gone
            hold = None
        self.session = Session(self.engine(words), self.edition, words)
        self.due = (words, self.edition, "start", (edition_later, aside, hold))
        hold = None
        return self.session

    def snapshot(self):
        """Write a snapshot of the session now (temp file, then rename)."""
        _saving("snapshot", self)

    def aside(self, back=False):
        """A game that has ended, whose BG Stats code found no room in the
        heap (firmware/screenkit/playcode.py): the session's two kept
        copies (the undo checkpoint and the state before the last action:
        a few kB) are written to a file of their own and let go of, for the
        code made again; True if they were.  back: an undo after the end
        reads them back (firmware/core/undoaside.py: its code loaded for
        this alone, and forgotten after)."""
        name = "firmware.core.undoaside"
        try:
            return use(name, "back" if back else "put")(self)
        finally:
            done_with(name)

    def keep(self):
        """Copy the whole journal to damaged-N.txt (N the first free) before
        records that were confirmed are cut away; returns the file's name."""
        return _saving("keep", self)

    def apply(self, action):
        """Apply one confirmed action (or undo, redo) and journal it.
        Returns the kind of change, as Session.apply.  A refused action
        raises IllegalAction and writes nothing.  If the write fails
        (OSError) the action is taken back and the error raised."""
        s = self.session
        if s is None:
            raise NoGame("no game: start or resume one first")
        if self.due is not None:
            self.flush()        # the last action's record first (OSError: it is taken back)
        if s.base is None:
            self.aside(True)    # a game that has ended: its undo taken back
        if self.cut_due or self.told_due:
            # what resume found to repair, if the first idle could not (or
            # a failed append's torn record): done first; if it cannot be,
            # this action is not saved (OSError) and the game stays as it was
            self.repair()
        if self.told_on_flash:
            self.seen()     # an action taken: the players are past the note
        text = _text(action)
        redo = s.redo_stack
        kind = s.apply(text, False)
        self.due = record(text, self.crc) + (kind, redo)
        if not self.defer:
            self.flush()
        return kind

    def flush(self):
        """Write the record apply() left (on the device, once its frame is
        on the screen: the erase and the writes a littlefs sync makes take
        tens of milliseconds of the flash's), then move the undo checkpoint
        if it is due (Session.settle, a replay).  If the write fails
        (OSError) the action is taken back and the error raised: the game
        is as it was before it."""
        due = self.due
        s = self.session
        if due is None or s is None:
            return
        self.due = None
        data, crc, kind, redo = due
        if kind == "start":
            # a new game's files (Journal.start); if they cannot be written
            # the game is not started: the one on flash is played (Play.saved)
            ed = self.edition
            self.edition = crc
            later, aside = redo[0], redo[1]
            due = redo = None       # the block held for them goes (collected by _saving)
            try:
                _saving("start", self, data, later, aside, s)
            except Exception:
                self.session = None
                raise
            finally:
                self.edition = ed
            return
        try:
            # the file stays open from one action to the next: on a board,
            # opening it takes a block (the file and its cache) that a
            # heap cut up by a long game may not have, and time; flush() is littlefs's sync, after which the
            # record survives a power cut (littlefs writes the file's last
            # block anew after each sync, open or not: the flash written
            # per action is the same)
            self.appending()
            f = self._f
            f.write(data)
            f.flush()
        except OSError:
            self.close()
            self.cut_due = True
            s.take_back(kind, redo)
            raise
        self.records += 1
        self.end += len(data)
        self.crc = crc
        s.settle()
        if not self.defer:
            self.idle()

    def idle(self):
        """Write the record apply() left (flush: OSError if it fails, the
        action taken back), then the snapshot that is due, if one is: when
        the undo checkpoint has moved, and every SNAPSHOT_EVERY records.
        The actions are safe in the journal already; a snapshot only
        shortens a resume, so the device writes it after the action's frame
        is drawn (defer): the press would otherwise wait for it.  Returns
        True if it wrote one."""
        s = self.session
        if s is None:
            return False
        self.flush()
        if self.cut_due or self.told_due:
            # what resume found to repair: after the boot's first frame,
            # its code out of the heap (MemoryError: the app tells)
            try:
                self.repair()
            except OSError as e:
                # the next action repairs it first, or is not saved
                self.note("could not repair the journal yet (%s)" % (e,))
                return False
            except MemoryError as e:
                self.repair_failed = e
                return False
        if self.edition_due is not None and self.edition_tried != self.records:
            try:
                _saving("write_edition", self)
            except MemoryError as e:     # no room for its code: tried again after an action
                self.note("could not write the game's edition table (%s)" % (e,))
                self.edition_tried = self.records
        if s.base_n == self.snap_base_n and self.records - self.snap_n < SNAPSHOT_EVERY:
            return False
        try:
            self.snapshot()
        except (OSError, MemoryError) as e:
            # The actions are safe in the journal; only resume gets slower
            # (no room in the heap for its code: tried again at the next)
            self.note("could not write a snapshot (%s)" % (e,))
            return False
        return True

    def repair(self):
        """Do what resume found to do to the game's files (saving.repair):
        the note to the players written, the journal kept aside, the bad
        records cut away or the journal begun again from the session."""
        _saving("repair", self)

    def seen(self):
        """The players have seen what they were told of actions lost: its
        note leaves the flash (if it cannot yet, the next action tries)."""
        self.told = None
        if self.told_on_flash and not self.told_due:
            try:
                self.fs.remove(self.path(TOLD))
                self.told_on_flash = False
            except OSError:
                pass

    def note(self, msg):
        """Add msg to notes, once however often it happens."""
        if msg not in self.notes:
            self.notes.append(msg)

    # ---------------------------------------------------------- resuming

    def resume(self):
        """Recover the game as the device does at boot; returns the Session.
        notes lists what was found damaged, ignored or dropped.  Raises
        NoGame when nothing can be recovered (the files are left alone).
        (firmware.core.resume, imported for this and forgotten after: not
        before, as use_once would, for firmware/core/netreplay.py imports
        from it during the call, which would load a second copy.)"""
        self.close()
        try:
            return use("firmware.core.resume", "resume")(self)
        finally:
            done_with("firmware.core.resume")
            done_with("firmware.core.recover")
            done_with("firmware.core.restoring")
