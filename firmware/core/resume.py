# Resuming a game from its journal directory, as the device does at boot:
# firmware.core.journal.Journal.resume() imports this module, calls resume()
# and forgets it again (its bytecode is needed once a boot).  The format and
# the policy are described in firmware.core.journal.

from binascii import crc32

from firmware.core import osfs, store
from firmware.core.actions import as_tokens, line as join
from firmware.core.errors import IllegalAction
from firmware.core.gamefiles import (BASE, BASE_MARK, EDITION, JOURNAL, KNOWN, NEW, OLD, SNAP, SNAP_OLD, SNAP_TMP,
                                     TABLE_MARK, TOLD, NoGame, TableGone)
from firmware.core.modules import collect, done_with, use_once
from firmware.core.session import DEPTH, Session, give_back
from firmware.core.restoring import hex8, repair_at_once, str_list, check_snapshot, keep_as, restore, told  # noqa: F401


_ENOTDIR = 20   # errno: not a folder


_HEX = b"0123456789abcdef"


def parse(raw, prev):
    """(text, crc) of a journal line read with its newline, or a string
    saying what is wrong with it.  (A boot parses every record after the
    snapshot: nothing here makes a number or a string it can do without.)"""
    if raw[-1:] != b"\n":
        return "torn (no end of line)"
    if len(raw) < 11 or raw[-11:-9] != b" #":
        return "malformed"
    body = raw[:-11]
    crc = crc32(b"\n", crc32(body, prev))
    # the checksum the journal writes: its 8 lowercase digits, compared as
    # text (int() also takes a sign or a space, "+b5b7e64"); a digit at a
    # time only where they differ, to say why (a third of a record's parse
    # on a Pico, and most records are good)
    if ("%08x" % crc).encode() != raw[-9:-1]:
        for c in raw[-9:-1]:
            if c not in _HEX:
                return "malformed checksum"
        return "checksum mismatch"
    if body == b"undo" or body == b"redo":
        # most of a long evening's records: the words the code has already
        return ("undo" if body == b"undo" else "redo"), crc
    try:
        text = body.decode()
    except UnicodeError:
        return "not text"
    return text, crc


def ident_in(text):
    """The edition table's checksum a setup record's text names, or None."""
    i = text.find(TABLE_MARK)
    if i < 0:
        return None
    h = text[i + len(TABLE_MARK):i + len(TABLE_MARK) + 8]
    try:
        n = int(h, 16)
    except ValueError:
        return None
    return n if len(h) == 8 and "%08x" % n == h else None


def base_of(text):
    """(records, checksum) a base record names, or None if text is not one."""
    w = text.split()
    if len(w) != 3 or w[0] != BASE_MARK or len(w[2]) != 8:
        return None
    try:
        n, crc = int(w[1]), int(w[2], 16)
    except ValueError:
        return None
    return (n, crc) if n >= 1 and "%08x" % crc == w[2] else None


def _preview(raw):
    raw = raw[:40]
    try:
        return repr(raw.decode())
    except UnicodeError:
        return repr(raw)


def resume(j):
    """Recover the game of Journal j as the device does at boot; returns
    the Session.  j.notes lists what was found damaged, ignored or
    dropped.  Raises NoGame when nothing can be recovered (the files are
    left alone)."""
    fs = j.fs
    j.notes = notes = []
    j.session = None
    j.source = None
    try:
        names, odd = fs.scan(j.dir)
    except OSError:
        raise NoGame("no journal directory %s" % j.dir)
    for name in sorted(names):
        if name not in KNOWN and not name.startswith("damaged-"):
            notes.append("ignored unknown file %s" % name)
    j.lost = 0
    j.kept = None
    j.told = None
    j.told_due = j.told_on_flash = False
    j.keep_first = j.rebase = j.cut_due = False
    j.lost_at = None
    odd = [n for n in odd if n in KNOWN]
    if odd:
        # a folder where one of the game's files goes
        _recover().folders_aside(j, names, odd)
        done_with("firmware.core.recover")
    j.partial = False   # j.edition is the game's own table in part: read it whole to replay from the setup
    j.ident = None
    j.other_table = False
    # the edition table the game was started with, not the one the players
    # may have edited since (for new games): its records are replayed under
    # no other.  Where it is damaged, or missing (a game started on the
    # device and cut off before its first frame was drawn, Journal.start),
    # it is looked for by its checksum among the tables on the device
    # (_found) when it is needed: for a replay from the setup line, and for
    # the lists the screens read
    j.table_bad = "the game has no edition table %s" % EDITION
    if EDITION in names:
        same = _same(j)
        ok, ed = (True, j.edition) if same else store.read_json(j.path(EDITION), fs)
        why = (ed or "missing") if not ok else None if same else _shape(ed, j)
        if why:
            j.table_bad = "the game's edition table %s is damaged (%s)" % (EDITION, why)
        else:
            # of it, only what the screens read while the game is played
            # (Journal.played): a snapshot's state holds what the rules
            # need, and a replay from the setup line reads it again
            j.edition = ed if j.played is None else dict((k, ed[k]) for k in j.played if k in ed)
            if not same:
                store.drop_notes(j.edition)     # a copy of a table file (saving.copy_table)
            j.partial = j.played is not None
            j.table_bad = None
        ed = None

    def snapshots(*which, quiet=False):
        """[(n, name, snapshot)] of the intact ones among which; the
        damaged ones are noted (unless quiet: looked at again)."""
        out = []
        for name in which:
            if name not in names:
                continue
            ok, snap = store.read_json(j.path(name), fs)
            problem = check_snapshot(snap) if ok else snap
            if problem and quiet:
                continue
            if problem:
                if name == SNAP_TMP:
                    notes.append("ignored an unfinished snapshot %s (%s)" % (name, problem))
                else:
                    notes.append("snapshot %s is damaged (%s); not used" % (name, problem))
            elif ok:
                out.append((snap["n"], name, snap))
                seen[name] = snap["n"]
        return out

    seen = {}   # the records each intact snapshot read holds

    if JOURNAL not in names:
        return _recover().rebase(j, snapshots, seen, notes, "no game journal in %s" % j.dir)
    session = _go_on(j, names, notes, snapshots, seen)
    if session is None:
        # an intact snapshot holds more of the game than the journal gave:
        # the game the journal gave is gone with _go_on's frame (in the
        # heap of a boot there is no room for both)
        collect()
        return _recover().rebase(j, snapshots, seen, notes, None)
    return session


def _go_on(j, names, notes, snapshots, seen):
    """resume() from the journal: the session it holds (from a snapshot
    that matches it, and the good records after it), with what is to be
    repaired; None where an intact snapshot holds more of the game than
    the journal gives (resume then begins the journal again from it)."""
    fs = j.fs
    try:
        f = fs.open(j.path(JOURNAL), "rb")
    except OSError as e:
        raise NoGame("cannot read the journal %s (%s)" % (j.path(JOURNAL), e))
    gone = [None]   # TableGone, where a replay from the setup line found no table
    try:
        # snap.old is read only when neither newer file can be used
        # (the snapshots are read inside: a list given as an argument stays
        # on the caller's stack, in the heap, through the whole replay)
        session, snap, pos, prev, count, dropped, raw, size = _scan(
            j, f, lambda: snapshots(SNAP, SNAP_TMP), lambda: snapshots(SNAP_OLD), notes, gone, seen,
            SNAP in names or SNAP_OLD in names or SNAP_TMP in names)
    finally:
        f.close()
    if session is None or dropped is not None or j.source not in (SNAP, None) or \
            (snap is None and (SNAP in names or SNAP_OLD in names)):
        # something is off (a snapshot that does not match the journal, a
        # record dropped): an intact snapshot that holds more of the game
        # than the journal gave is the better source.  Each snapshot that
        # could be was read once already (snap.old only where no newer one
        # was used: it holds fewer records); only then are they read again,
        # with the game the journal gave let go of first (the heap of a
        # boot has no room for both)
        if BASE in names and BASE not in seen and session is None:
            snapshots(BASE)     # where a journal begun again lost its first records
        if seen and (session is None or max(seen.values()) > count):
            j.session = None
            if session is not None:
                give_back(session)
            return None
    if gone[0] is not None:
        raise gone[0]
    if session is None:
        raise NoGame("the journal %s has no good setup line (%s)%s"
                     % (j.path(JOURNAL), dropped or "it is empty",
                        "".join("; " + x for x in notes)))
    if dropped is not None:
        lost = size - pos
        if raw[-1:] != b"\n":
            j.lost = 0      # the action being saved: the promise is the game as before it
            notes.append("dropped the torn last record (%d bytes, %s): the action being "
                         "saved when the power went" % (lost, _preview(raw)))
        else:
            notes.append("journal record %d is bad (%s): dropped it and everything after "
                         "it (%d bytes, starting %s)" % (count + 1, dropped, lost, _preview(raw)))
            # confirmed actions, not one the power cut short: the journal as
            # it was is kept aside before they are cut away (j.lost: _scan
            # counted them)
            keep_as(j, names)
            j.lost_at = "cut %d %d" % (pos, size)
    j.session = session
    j.records = count
    j.end = pos
    j.crc = prev
    # the bad records must go before anything is appended after them (else
    # the next replay stops there again): the journal repairs them at its
    # first idle, once the boot's code has left the heap (Journal.repair),
    # and before it appends anything
    j.cut_due = dropped is not None
    if snap is None:
        j.snap_n = 1
        j.snap_base_n = 0
        j.rotate = False
    else:
        j.snap_n = snap["n"]
        j.snap_base_n = snap["base_n"]
        j.rotate = j.source == SNAP
    _own_table(j, notes)
    if j.source == SNAP_TMP:
        # The power went between writing a snapshot and renaming it in.
        try:
            fs.rename(j.path(SNAP_TMP), j.path(SNAP))
            notes.append("finished moving the newest snapshot into place")
            j.source = SNAP
            j.rotate = True
        except OSError as e:
            notes.append("could not move the newest snapshot into place (%s)" % (e,))
    if j.lost or TOLD in names:
        told(j, names)
    repair_at_once(j)
    return session


def _find(f, mark, size):
    """The position just after the line of the journal f ending in mark
    (the record of a checksum), or -1."""
    f.seek(0)
    pos = 0
    line = f.readline()
    while line:
        pos += len(line)
        if line.endswith(mark):
            return pos
        line = f.readline()
    return -1


def _move(session, moved, redo):
    """An undo or redo record read after moved (the net move of those read
    before it and not yet made: -k, k undone; +k, k redone): the net move
    with it.  The session is left as it was (_moved makes the move once
    an action or the end follows: players who look at the last actions
    and back leave runs of undo and redo that come to little or nothing),
    unless the record is refused (the moves before it made, then raised
    as the session refuses it).  (A redo never moves the undo checkpoint:
    it gives back an action undone, and undo stops at the checkpoint.)"""
    if redo:
        if moved < 0:
            return moved + 1
        if moved >= len(session.redo_stack):
            _moved(session, moved, False)
            session.redo()      # refused: nothing to redo
        return moved + 1
    if moved > 0:
        return moved - 1
    if len(session.tail) + moved < 1:
        _moved(session, moved, False)
        session.undo()      # refused: nothing to undo, or past the checkpoint
    return moved - 1


def _moved(session, moved, last):
    """Make the net move of undo and redo records read (_move): +k, k
    redone (the state before the last one kept where it is the journal's
    last record, for the first undo after the boot); -k, k undone, the
    game replayed once from the undo checkpoint (as undo does where the
    state before the last action was not kept) rather than once each."""
    while moved > 0:
        moved -= 1
        session.redo(True, last and moved == 0)
    if moved == -1:
        session.undo()
    elif moved < 0:
        tail = session.tail
        s = session.base.get()
        for a in tail[:moved]:
            session.game.apply(s, a)
        while moved < 0:
            session.redo_stack.append(tail.pop())
            moved += 1
        session.state = s
        session.has_prev = False


def taken_back(session, action, check=True):
    """A replayed action that the next record undoes: the session ends as
    apply(action) then undo() leave it (the state as it was, the action
    alone on the redo stack), without either.  Both would keep the state,
    apply the action and read the state back, which a resume would pay for
    every undo since the last snapshot (BENCHMARKS.md, *Measured apart*).
    In a replay that did not start from a snapshot the rules check the
    action without applying it.  An undo or redo, and an action that moves
    the checkpoint, are applied and undone.  (Here, not in Session: this code leaves the heap
    with the rest of resume after the boot.)"""
    t = as_tokens(action)
    if t == ["undo"] or t == ["redo"] or len(session.tail) + 1 >= 2 * DEPTH:
        session.apply(action)
        session.undo()
        return
    # in a replay from the setup line or a base, the rules look at it all
    # the same (without applying it: a dry run), so that a replay on a state
    # that is not the one it was taken on stops here, as an action that
    # stays would.  After a snapshot that matches the journal (the chained
    # checksum of the record it ends at) the state is the one it was taken
    # on, and a boot's time is not spent on it (BENCHMARKS.md, *Measured
    # apart*)
    refusal = getattr(session.game, "refusal", None) if check else None
    e = refusal(session.state, join(t)) if refusal is not None else None
    if e is not None:
        raise e
    session.has_prev = False
    session.redo_stack = [join(t)]


def _pick(j, f, load, size, notes):
    """(session, snapshot) of the newest snapshot among load() that matches
    the journal open in f, restored; (None, None) if none does."""
    cands = load()
    # Newest first (sorting on n alone: MicroPython cannot order dicts).
    for i in range(len(cands)):
        for k in range(len(cands) - 1 - i):
            if cands[k][0] < cands[k + 1][0]:
                cands[k], cands[k + 1] = cands[k + 1], cands[k]
    for n, name, cand in cands:
        end = cand["end"]
        mark = b"#" + cand["crc"].encode() + b"\n"
        ok = end <= size
        if ok:
            f.seek(end - 10)
            ok = f.read(10) == mark
        if not ok:
            # the journal's bytes before it changed length (a record
            # cut short, a byte lost): the record the snapshot ends at is
            # found by its checksum, which the chain makes unique
            at = _find(f, mark, size)
            if at < 0:
                notes.append("snapshot %s does not match the journal; not used" % name)
                continue
            notes.append("the journal before snapshot %s is damaged (%d bytes moved); "
                         "resumed from the snapshot" % (name, at - end))
            cand["end"] = end = at
        try:
            session = restore(j.engine(as_tokens(cand["setup"])), cand)
        except MemoryError:
            raise
        except Exception as e:  # noqa: BLE001 - a bad snapshot must not stop the boot
            notes.append("snapshot %s cannot be restored (%s); not used" % (name, e))
            continue
        j.source = name
        j.ident = hex8(cand.get("ed"))
        return session, cand
    return None, None


def _scan(j, f, newer, older, notes, gone, seen, twice):
    """Load the newest snapshot in newer() (or else in older(), called
    only then) that matches the journal open in f, then replay the good
    records after it (none where an intact snapshot that does not match
    it holds more of the game than they do: netreplay.fewer).  twice: a
    snapshot was there (a replay from the setup line is then a long one)."""
    f.seek(0, 2)
    size = f.tell()
    session = snap = None
    for load in (newer, older):
        # (in a function of its own: the snapshots read and not used are
        # gone once it returns, where a loop here would leave them on this
        # frame's stack through the whole replay)
        session, snap = _pick(j, f, load, size, notes)
        if snap is not None:
            break
    if snap is None:
        pos, prev, count = 0, 0, 0
        if seen and use_once("firmware.core.netreplay", "fewer")(j, f, max(seen.values())):
            return None, None, 0, 0, 0, "fewer records than a snapshot", b"", size
    else:
        pos, prev, count = snap["end"], hex8(snap["crc"]), snap["n"]
    dropped = None
    moved = 0   # the undo and redo records read and not yet made (_move)
    nxt = None
    net = use_once("firmware.core.netreplay", "net")(session, f, pos, prev) if snap is not None else None
    if net is not None:
        pos, prev, k, dropped, raw = net
        count += k
    else:
        f.seek(pos)
        raw = f.readline()
    while net is None and raw:
        nxt = None
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
        undone = None
        move = text == "undo" or text == "redo"
        if session is not None and not move and nxt.startswith(b"undo #"):
            # an action and its undo: replayed as a pair (taken_back)
            undone = parse(nxt, crc)
            if type(undone) is str:
                undone = None    # a bad undo record: dropped on the next turn
        try:
            if session is None:
                # a replay from the setup line: the edition table's checksum
                # it names, and a base it may go on from
                words = as_tokens(text)
                j.ident = ident_in(text)
                based = parse(nxt, crc) if nxt else None
                mark = base_of(based[0]) if based is not None and type(based) is not str else None
                if mark is not None:
                    # a journal begun again: the game goes on from base.json
                    got = _recover().from_base(j, words, mark, notes)
                    done_with("firmware.core.recover")     # not through the replay
                    if isinstance(got, str):
                        dropped = got
                        break
                    session = got
                    pos += len(raw) + len(nxt)
                    prev = based[1]
                    count = mark[0]
                    raw = f.readline()
                    continue
                # a journal that had a snapshot: the records read twice
                # rather than replayed one by one (netreplay.whole), its
                # code loaded first (on a board whose code is in its heap,
                # its file's block found before the game is set up)
                got = use_once("firmware.core.netreplay", "whole") if twice else None
                session = _from_setup(j, words)
                if got is not None:
                    got = got(session, f, pos + len(raw), crc)
                    if got:
                        pos, prev, k, dropped, raw = got
                        count += 1 + k
                        nxt = None
                        net = got
                        break
                    if got is False:
                        give_back(session)
                        session = None
                        session = _from_setup(j, words)
                    f.seek(pos + len(raw) + len(nxt))
            elif move:
                moved = _move(session, moved, text == "redo")
            else:
                if moved:
                    _moved(session, moved, False)
                    moved = 0
                if undone is not None:
                    taken_back(session, text, snap is None)
                else:
                    session.apply(text, True, not nxt or nxt.startswith(b"undo #"))
        except IllegalAction as e:
            dropped = "refused by the rules: %s" % e
            moved = 0   # (the moves before a refused one are made before it is tried)
            break
        except TableGone as e:
            # no replay from the setup line: an intact snapshot may still
            # hold the game (resume), else it is kept aside and told
            gone[0] = e
            dropped = str(e)
            break
        pos += len(raw)
        prev = crc
        count += 1
        if undone is not None:
            pos += len(nxt)
            prev = undone[1]
            count += 1
            nxt = f.readline()
        raw = nxt
    if moved:
        _moved(session, moved, dropped is None)
    if dropped is not None:
        # the records dropped, counted while the file is open (opening it
        # again would need a block for the file's cache that the game just
        # replayed may have left no room for)
        j.lost = 1
        line = f.readline() if nxt is None else nxt    # (the one after it may be read already)
        while line:
            j.lost += 1
            line = f.readline()
    if j.ident is None and snap is not None:
        # a snapshot older than the checksum it holds: the setup line's
        f.seek(0)
        rec = parse(f.readline(), 0)
        if type(rec) is not str:
            j.ident = ident_in(rec[0])
    return session, snap, pos, prev, count, dropped, raw, size


def saved_game(path, names, fs=None, around=None):
    """(name, damaged) of the game saved in the game directory path: its
    name is the first word of its setup line, from the journal's first line,
    or where that cannot be read, from an intact snapshot (which holds the
    setup line); names are the games the device knows.  (None, True) when
    the directory holds game files but no game can be named from them;
    (None, False) when it holds none."""
    fs = fs or osfs.FS
    settle(path, fs, around)
    try:
        found = fs.listdir(path)
    except OSError as e:
        # no folder (no game), or something else where it should be (a
        # file): the device keeps that aside and tells
        return None, bool(e.args) and e.args[0] == _ENOTDIR
    # a game exists once its journal or a snapshot does: an edition table
    # or a journal.tmp alone are what a start cut short left (the game was
    # never there), and the next start writes over them
    if JOURNAL not in found and SNAP not in found and SNAP_TMP not in found and SNAP_OLD not in found:
        return None, False
    try:
        f = fs.open(path + "/" + JOURNAL, "rb")
        try:
            first = f.readline()
        finally:
            f.close()
        rec = parse(first, 0)
        if type(rec) is not str:
            words = as_tokens(rec[0])
            if words and words[0] in names:
                return words[0], False
    except (OSError, ValueError, IllegalAction):
        pass
    for name in (SNAP, SNAP_TMP, SNAP_OLD):
        if name in found:
            ok, snap = store.read_json(path + "/" + name, fs)
            if ok and isinstance(snap, dict) and isinstance(snap.get("setup"), str):
                w = snap["setup"].split()
                if w and w[0] in names:
                    return w[0], False
    return None, True


def settle(path, fs, around=None):
    """A new game's start cut short or refused: the game played goes back
    in the folder's place first, and what the start left goes (firmware/core/saving.py, imported
    only then).  around: the names beside path, where they are known.
    Done before a resume (saved_game does it)."""
    i = path.rfind("/")
    if around is None:
        try:
            around = fs.listdir(path[:i] if i > 0 else ".")
        except OSError:
            return
    base = path[i + 1:]
    if base + NEW in around or base + OLD in around:
        from firmware.core import saving
        saving.settle(path, fs)
        saving = None
        done_with("firmware.core.saving")


def _shape(ed, j):
    """Why the game's table ed, its checksum good, is not a table its
    screens can read (store.same_shape: what it shares with the table for
    new games is of the same kinds; what a newer firmware's table adds is
    not asked of it), or None: the parts its screens read while it is
    played (Journal.played; all where that is not said), each there.  A
    replay from the setup line, which reads all of it, finds out by the
    rules (_from_setup): the whole check took a boot tens of ms of a Pico's
    clock."""
    like = j.edition
    if j.played is None or type(ed) is not dict or type(like) is not dict:
        return store.same_shape(ed, like, "the table", True)
    for k in j.played:
        if k in like:
            why = store.same_shape(ed.get(k), like[k], "the table." + k, True)
            if why:
                return why
    return None


def _from_setup(j, words):
    """The session of the setup line: a replay from it.  A table the rules
    cannot set the game up from (resume checked only the parts the screens
    read) is the game's table damaged: found again by its checksum, or
    TableGone."""
    game = j.engine(words)
    try:
        return Session(game, _replay_table(j), words)
    except (KeyError, TypeError, IndexError, AttributeError, ValueError) as e:
        if isinstance(e, IllegalAction) or j.table_bad is not None:
            raise
        j.table_bad = "the game's edition table %s cannot set the game up (%r)" % (EDITION, e)
        j.partial = False
    return Session(game, _replay_table(j), words)


def _same(j):
    """True where the game's own table is intact and a copy of the file
    the table in the heap (j.edition) was read from as it is, j.tables[0]
    (saving.copy_table: the game's checksum on its first line): that is
    the game's table, already read, and its shape that of a table for new
    games (chooser.choose checked it).  Two passes of a checksum over
    the files cost a Pico a few ms, where reading the game's table and
    checking its shape took tens."""
    src = j.tables[0] if j.tables and j.edition is not None else None
    if not src:
        return False
    mine = store.ident(j.path(EDITION), j.fs)
    return mine is not None and mine == store.ident(src, j.fs)


def _replay_table(j):
    """The game's whole edition table, for a replay from its setup line:
    its own (read again where resume kept only the parts the screens read),
    or the one on the device with its checksum (recover.replay_table)."""
    if j.table_bad is None and j.partial:
        ok, ed = store.read_json(j.path(EDITION), j.fs)
        if ok:
            store.drop_notes(ed)
            return ed
        j.table_bad = "the game's edition table %s cannot be read again (%s)" % (EDITION, ed)
    if j.table_bad is None:
        return j.edition
    try:
        return _recover().replay_table(j)
    finally:
        done_with("firmware.core.recover")


def _own_table(j, notes):
    """Resumed from a snapshot: the lists the screens read come from the
    game's own table (recover.own_table where it is damaged)."""
    if j.table_bad is not None:
        _recover().own_table(j, notes)
        done_with("firmware.core.recover")


def _recover():
    """What resume does only where something is wrong (firmware/core/
    recover.py): imported then, and forgotten with this module."""
    from firmware.core import recover
    return recover
