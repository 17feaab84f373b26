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
#                 `state`, the setup line, and the journal position it
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
# At boot, resume(): every snapshot file that is intact (store checksum) and
# matches the journal (the journal's bytes just before `end` are the record
# with CRC `crc`; the chained CRC makes that the same history) is a
# candidate; the newest is loaded (snap.old is read only when neither
# snap.json nor snap.json.tmp can be: a damaged snap.old is reported only
# then, and is replaced by the next snapshot), the journal records after it are checked
# and replayed, and the first torn or corrupt record (or one the rules refuse)
# ends the replay: it and everything after it are cut away by copying the
# good prefix to journal.tmp and renaming it over journal.txt, and `notes`
# says what was dropped.  With no usable snapshot the whole journal is
# replayed from the setup line.  Nothing recoverable raises NoGame.
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
# file-system object it is given (firmware.core.store.FS by default).  Runs on
# MicroPython and CPython.


from firmware.core import store
from firmware.core.actions import as_tokens, line as join
from firmware.core.errors import IllegalAction
from firmware.core.session import DEPTH, Session

JOURNAL = "journal.txt"
SNAP = "snap.json"
SNAP_TMP = SNAP + store.TMP
SNAP_OLD = "snap.old"
JOURNAL_TMP = "journal.tmp"
KNOWN = (JOURNAL, SNAP, SNAP_TMP, SNAP_OLD, JOURNAL_TMP)
SNAPSHOT_EVERY = 2 * DEPTH
VERSION = 1
_CHUNK = 512


class NoGame(Exception):
    """There is no game in the journal directory that can be recovered."""


def record(text, prev):
    """(bytes of the journal line for action text after a record with CRC
    prev, its CRC)."""
    body = text.encode()
    crc = store.crc32(body + b"\n", prev)
    return body + b" #" + ("%08x" % crc).encode() + b"\n", crc


def parse(raw, prev):
    """(text, crc) of a journal line read with its newline, or a string
    saying what is wrong with it."""
    if raw[-1:] != b"\n":
        return "torn (no end of line)"
    if len(raw) < 11 or raw[-11:-9] != b" #":
        return "malformed"
    hexcrc = raw[-9:-1]
    try:
        crc = int(hexcrc.decode(), 16)
    except (ValueError, UnicodeError):
        return "malformed checksum"
    body = raw[:-11]
    if store.crc32(body + b"\n", prev) != crc:
        return "checksum mismatch"
    try:
        text = body.decode()
    except UnicodeError:
        return "not text"
    return text, crc


def _hex(v):
    if type(v) is not str or len(v) != 8:
        return None
    try:
        return int(v, 16)
    except ValueError:
        return None


def _is_int(v, lo):
    return type(v) is int and v >= lo


def _strs(v):
    if type(v) is not list:
        return False
    for x in v:
        if type(x) is not str:
            return False
    return True


def check_snapshot(s):
    """None if s looks like a snapshot, else what is wrong with it."""
    if type(s) is not dict or s.get("v") != VERSION:
        return "not a snapshot of this version"
    if not (_is_int(s.get("n"), 1) and _is_int(s.get("end"), 11)
            and _is_int(s.get("base_n"), 0) and _hex(s.get("crc")) is not None
            and type(s.get("setup")) is str and type(s.get("base")) is dict
            and _strs(s.get("tail")) and _strs(s.get("redo"))
            and type(s.get("state", {})) is dict and type(s.get("prev", {})) is dict):
        return "fields missing or of the wrong type"
    return None


def _text(action):
    text = join(as_tokens(action))
    if "#" in text or "\n" in text or "\r" in text:
        raise IllegalAction("an action cannot contain '#' or a line break")
    return text


def _preview(raw):
    raw = raw[:40]
    try:
        return repr(raw.decode())
    except UnicodeError:
        return repr(raw)


class Journal:
    """A game kept in the journal directory `path`.

    game is a game module (new, apply, view) or a function from the setup
    line's words to one.  fs is the file-system layer (store.FS)."""

    def __init__(self, path, game, edition, fs=None):
        self.dir = path
        self.game = game
        self.edition = edition
        self.fs = fs or store.FS
        self.session = None
        self.records = 0       # records in the journal, setup line included
        self.notes = []        # what resume found and did, one line each
        self.source = None     # the snapshot file resume started from
        self._end = 0          # bytes of good records in journal.txt
        self._crc = 0          # CRC of the last good record
        self._dirty = False    # a failed append may have left a torn record
        self._snap_n = 1       # records covered by the last snapshot (or the setup)
        self._snap_base_n = 0  # the Session's base_n in it
        self._rotate = False   # snap.json holds a good snapshot to keep

    def _p(self, name):
        return self.dir + "/" + name

    def _module(self, words):
        g = self.game
        if hasattr(g, "apply") and hasattr(g, "new"):
            return g
        return g(words)

    # ---------------------------------------------------------- writing

    def start(self, setup):
        """Begin a new game from its setup line, replacing any game in the
        directory.  Raises IllegalAction (and writes nothing) for a bad setup."""
        words = as_tokens(_text(setup))
        session = Session(self._module(words), self.edition, words)
        fs = self.fs
        store.makedirs(self.dir, fs)
        for name in (SNAP, SNAP_TMP, SNAP_OLD):
            try:
                fs.remove(self._p(name))
            except OSError:
                pass
        data, crc = record(session.setup, 0)
        store.write(self._p(JOURNAL_TMP), data, fs)
        fs.rename(self._p(JOURNAL_TMP), self._p(JOURNAL))
        self.session = session
        self.records = 1
        self.notes = []
        self.source = None
        self._end = len(data)
        self._crc = crc
        self._dirty = False
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
        if s.base_n != self._snap_base_n or self.records - self._snap_n >= SNAPSHOT_EVERY:
            try:
                self.snapshot()
            except OSError as e:
                # The action is safe in the journal; only resume gets slower.
                msg = "could not write a snapshot (%s)" % (e,)
                if not self.notes or self.notes[-1] != msg:
                    self.notes.append(msg)
        return kind

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
        fs = self.fs
        store.write_json(self._p(SNAP_TMP), snap, fs)
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
        fs = self.fs
        src = fs.open(self._p(JOURNAL), "rb")
        try:
            dst = fs.open(self._p(JOURNAL_TMP), "wb")
            try:
                left = end
                while left > 0:
                    chunk = src.read(min(_CHUNK, left))
                    if not chunk:
                        break
                    dst.write(chunk)
                    left -= len(chunk)
                dst.flush()
            finally:
                dst.close()
        finally:
            src.close()
        fs.rename(self._p(JOURNAL_TMP), self._p(JOURNAL))
        self._dirty = False

    # ---------------------------------------------------------- resuming

    def resume(self):
        """Recover the game as the device does at boot; returns the Session.
        notes lists what was found damaged, ignored or dropped.  Raises
        NoGame when nothing can be recovered (the files are left alone)."""
        fs = self.fs
        self.notes = notes = []
        self.session = None
        self.source = None
        try:
            names = fs.listdir(self.dir)
        except OSError:
            raise NoGame("no journal directory %s" % self.dir)
        for name in sorted(names):
            if name not in KNOWN:
                notes.append("ignored unknown file %s" % name)
        if JOURNAL not in names:
            raise NoGame("no game journal in %s" % self.dir)

        def snapshots(*which):
            """[(n, name, snapshot)] of the intact ones among which; the
            damaged ones are noted."""
            out = []
            for name in which:
                if name not in names:
                    continue
                ok, snap = store.read_json(self._p(name), fs)
                problem = check_snapshot(snap) if ok else snap
                if problem:
                    if name == SNAP_TMP:
                        notes.append("ignored an unfinished snapshot %s (%s)" % (name, problem))
                    else:
                        notes.append("snapshot %s is damaged (%s); not used" % (name, problem))
                elif ok:
                    out.append((snap["n"], name, snap))
            return out

        try:
            f = fs.open(self._p(JOURNAL), "rb")
        except OSError as e:
            raise NoGame("cannot read the journal %s (%s)" % (self._p(JOURNAL), e))
        try:
            # snap.old is read only when neither newer file can be used
            session, snap, pos, prev, count, dropped, raw, size = self._scan(
                f, snapshots(SNAP, SNAP_TMP), lambda: snapshots(SNAP_OLD), notes)
        finally:
            f.close()
        if session is None:
            raise NoGame("the journal %s has no good setup line (%s)%s"
                         % (self._p(JOURNAL), dropped or "it is empty",
                            "".join("; " + x for x in notes)))
        if dropped is not None:
            lost = size - pos
            if raw[-1:] != b"\n":
                notes.append("dropped the torn last record (%d bytes, %s): the action being "
                             "saved when the power went" % (lost, _preview(raw)))
            else:
                notes.append("journal record %d is bad (%s): dropped it and everything after "
                             "it (%d bytes, starting %s)" % (count + 1, dropped, lost, _preview(raw)))
        self.session = session
        self.records = count
        self._end = pos
        self._crc = prev
        self._dirty = False
        if snap is None:
            self._snap_n = 1
            self._snap_base_n = 0
            self._rotate = False
        else:
            self._snap_n = snap["n"]
            self._snap_base_n = snap["base_n"]
            self._rotate = self.source == SNAP
        if dropped is not None:
            try:
                self._cut(pos)
            except OSError as e:
                # Read-only or full: the game is recovered all the same, and
                # the next apply() cuts the bad records away before appending.
                self._dirty = True
                notes.append("could not cut the bad records away yet (%s)" % (e,))
        if self.source == SNAP_TMP:
            # The power went between writing a snapshot and renaming it in.
            try:
                fs.rename(self._p(SNAP_TMP), self._p(SNAP))
                notes.append("finished moving the newest snapshot into place")
                self.source = SNAP
                self._rotate = True
            except OSError as e:
                notes.append("could not move the newest snapshot into place (%s)" % (e,))
        return session

    def _scan(self, f, cands, older, notes):
        """Load the newest snapshot in cands (or else in older(), called
        only then) that matches the journal open in f, then replay the good
        records after it."""
        f.seek(0, 2)
        size = f.tell()
        session = None
        snap = None
        for rnd in (0, 1):
            if rnd:
                if snap is not None:
                    break
                cands = older()
            # Newest first (sorting on n alone: MicroPython cannot order dicts).
            for i in range(len(cands)):
                for j in range(len(cands) - 1 - i):
                    if cands[j][0] < cands[j + 1][0]:
                        cands[j], cands[j + 1] = cands[j + 1], cands[j]
            for n, name, cand in cands:
                end = cand["end"]
                ok = end <= size
                if ok:
                    f.seek(end - 10)
                    ok = f.read(10) == b"#" + cand["crc"].encode() + b"\n"
                if not ok:
                    notes.append("snapshot %s does not match the journal; not used" % name)
                    continue
                try:
                    session = Session.restore(self._module(as_tokens(cand["setup"])), self.edition,
                                              cand["setup"], cand["base"], cand["base_n"],
                                              cand["tail"], cand["redo"], cand.get("state"),
                                              cand.get("prev"))
                except MemoryError:
                    raise
                except Exception as e:  # noqa: BLE001 - a bad snapshot must not stop the boot
                    notes.append("snapshot %s cannot be restored (%s); not used" % (name, e))
                    session = None
                    continue
                snap = cand
                self.source = name
                break
            cands = None   # the ones not used go before older ones are read
        if snap is None:
            pos, prev, count = 0, 0, 0
        else:
            pos, prev, count = snap["end"], _hex(snap["crc"]), snap["n"]
        f.seek(pos)
        dropped = None
        raw = f.readline()
        while raw:
            rec = parse(raw, prev)
            if type(rec) is str:
                dropped = rec
                break
            text, crc = rec
            # one record ahead: the state before a record is kept only
            # where an undo follows it (or it is the last), which is all
            # that undo can use; writing it out for every record would
            # cost resume most of its time
            nxt = f.readline()
            try:
                if session is None:
                    words = as_tokens(text)
                    session = Session(self._module(words), self.edition, words)
                else:
                    session.apply(text, True, not nxt or nxt.startswith(b"undo #"))
            except IllegalAction as e:
                dropped = "refused by the rules: %s" % e
                break
            pos += len(raw)
            prev = crc
            count += 1
            raw = nxt
        return session, snap, pos, prev, count, dropped, raw, size
