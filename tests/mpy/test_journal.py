# The game journal: its format, the snapshot policy, resume after damage,
# on real files (a directory under out/) and on the in-memory file system.
# Portable: run by pytest on CPython and by tests/mpy/run.py under the
# MicroPython unix port.
import json
import os

from test_journal_fs import MemFs, Reference, demo_lines, play, resume, rmtree, same, scratch, with_undo
from util import edition

from firmware.core import jsonout, playclock, store
from firmware.core.errors import IllegalAction
from firmware.core.journal import (DEPTH, EDITION, JOURNAL, SNAP, SNAP_OLD, SNAP_TMP, SNAPSHOT_EVERY,
                                   Journal, NoGame, record)

from firmware.core.resume import ident_in, parse
from firmware.games import inca


def _view(session):
    return jsonout.dumps(session.view())


def test_the_play_clocks_file_is_the_games_own_and_a_stranger_is_noted():
    """time.json (firmware/core/playclock.py), and its .tmp left by a cut
    while it was written, are the game's files: the resume says nothing of
    them; a file no part of the device writes is noted, and left alone."""
    d = scratch("journal-clock")
    try:
        lines = demo_lines()[:6]
        j = Journal(d + "/game", inca, edition())
        j.start(lines[0])
        for a in lines[1:]:
            j.apply(a)
        store.save_json(d + "/game/" + playclock.FILE, {"setup": lines[0], "ms": 1000, "over": False})
        _write(d + "/game/" + playclock.FILE + ".tmp", b'{"setup": ')
        r = Journal(d + "/game", inca, edition())
        r.resume()
        assert r.notes == [], r.notes
        _write(d + "/game/notes.txt", b"written by hand")
        r = Journal(d + "/game", inca, edition())
        s = r.resume()
        assert r.notes == ["ignored unknown file notes.txt"]
        assert same(s, j.session) and _read(d + "/game/notes.txt") == b"written by hand"
    finally:
        rmtree(d)


def _read(path):
    with open(path, "rb") as f:
        return f.read()


def _write(path, data, mode="wb"):
    with open(path, mode) as f:
        f.write(data)


def _flip(data, i, bits=0x20):
    b = bytearray(data)
    b[i] ^= bits
    return bytes(b)


def test_a_whole_game_on_real_files_resumes_exactly():
    d = scratch("journal")
    try:
        lines = with_undo(demo_lines())
        j = Journal(d + "/game", inca, edition())
        j.start(lines[0])
        for a in lines[1:]:
            j.apply(a)
        assert j.notes == []
        r = Journal(d + "/game", inca, edition())
        s = r.resume()
        assert r.notes == [] and r.source == SNAP, r.notes
        assert r.records == len(lines)
        assert same(s, j.session)
        assert _view(s) == _view(j.session)
        # the game's files: with the edition table it was started with
        assert sorted(os.listdir(d + "/game")) == sorted([JOURNAL, SNAP, SNAP_OLD, EDITION])
    finally:
        rmtree(d)


def test_the_journal_is_a_transcript_with_chained_checksums():
    fs = MemFs()
    lines = demo_lines()
    j, durable = play(fs, lines)
    text = fs.files["g/journal.txt"].decode()
    rows = text.split("\n")
    assert rows[-1] == "" and len(rows) == len(lines) + 1
    prev = 0
    # the setup line names the checksum of the game's edition table in a
    # comment (the table j was given: written as a file would hold it)
    ed = " #edition %08x" % store.crc_of(edition())
    assert j.ident == store.crc_of(edition()) and ident_in(rows[0]) == j.ident
    lines = [lines[0] + ed] + lines[1:]
    for row, want in zip(rows, lines):
        # every record is the action, ' #', and 8 hex digits of CRC-32
        assert row[:-9] == want + " " and row[-9] == "#", row
        got = parse((row + "\n").encode(), prev)
        assert got[0] == want, (row, got)
        assert record(want, prev) == ((row + "\n").encode(), got[1])
        prev = got[1]
    # a record is good only in its place: the same line after another
    # record, or without the line before it, fails its checksum
    assert parse((rows[5] + "\n").encode(), 0) == "checksum mismatch"
    # '#' starts a comment: replaying the journal replays the game
    from util import session
    s = session(*rows[:-1])
    assert _view(s) == _view(j.session)


def test_snapshots_are_few_and_resume_cost_does_not_grow():
    fs = MemFs()
    lines = demo_lines()
    j, durable = play(fs, lines)
    snaps = [op for op in fs.log if op[0] == "rename" and op[2] == "g/snap.json"]
    appends = [op for op in fs.log if op[0] == "write" and op[1] == "g/journal.txt"]
    assert len(appends) == len(lines) - 1
    for op in appends:
        assert len(op[2]) <= 64, op
    # a snapshot each time the undo checkpoint moves: every DEPTH actions
    assert len(snaps) == (len(lines) - 1) // DEPTH - 1, len(snaps)
    # each snapshot holds the checkpoint and the current state
    assert fs.written < 40000, fs.written

    calls = [0]

    class Counting:
        new = staticmethod(inca.new)
        view = staticmethod(inca.view)

        @staticmethod
        def apply(s, a):
            calls[0] += 1
            return inca.apply(s, a)

    for n in range(40, len(lines) + 1, 7):
        disk = MemFs()
        play(disk, lines[:n])
        calls[0] = 0
        r = Journal("g", Counting, edition(), disk)
        r.resume()
        assert r.records == n
        # only the records after the snapshot: it holds the state itself
        assert calls[0] < SNAPSHOT_EVERY, (n, calls[0])


def test_a_deferred_snapshot_waits_for_idle_and_holds_every_action():
    """defer (the device): apply never writes a snapshot; idle() writes the
    one that is due, of the session as it is then, and a resume from it
    gives the same game.  Nothing is due: idle() writes nothing."""
    fs = MemFs()
    lines = demo_lines()[:2 * DEPTH + 5]
    j = Journal("g", inca, edition(), fs)
    j.defer = True
    j.start(lines[0])
    assert not j.idle()
    wrote = []
    for a in lines[1:]:
        before = len(fs.log)
        j.apply(a)
        assert not [op for op in fs.log[before:] if "snap" in op[1]], a
        # a few actions pressed before the device is idle again
        if len(wrote) < 1 and j.records > DEPTH + 3:
            mark = len(fs.log)
            if j.idle():
                wrote.append(j.records)
                assert [op for op in fs.log[mark:] if op[0] == "rename" and op[2] == "g/snap.json"]
                assert not j.idle()    # nothing due any more
    assert wrote and wrote[0] > DEPTH + 3, wrote
    # each record is written by the next action at the latest (the device
    # writes it once the action's frame is shown: flush, idle)
    assert j.due is not None and j.records == len(lines) - 1
    j.flush()
    assert j.due is None and j.records == len(lines)
    r = resume(fs)
    assert r.source == SNAP and r.records == len(lines), (r.source, r.notes)
    assert same(r.session, j.session)
    # without defer the same game writes its snapshots within apply
    fs2 = MemFs()
    play(fs2, lines)
    assert [op for op in fs2.log if op[0] == "rename" and op[2] == "g/snap.json"]


def test_a_game_started_on_the_device_writes_its_edition_table_when_idle():
    """defer (the device): Start game writes the journal, not the edition
    table (150 ms of a Pico's clock): idle() writes it once the first frame
    is drawn.  The table of the game replaced is gone at once, so that a
    power cut before idle never leaves the new game's records under it:
    the game resumes with the table for new games (the one it was started
    with) and writes it."""
    lines = demo_lines()[:6]
    old = json.loads(json.dumps(edition()))
    old["eras"][0]["labor"] = 9
    fs = MemFs()
    j = Journal("g", inca, old, fs)
    j.start("inca players=blue,orange,green seed=2")     # a game before, with another table
    assert store.decode(fs.files["g/" + EDITION])["eras"][0]["labor"] == 9
    j = Journal("g", inca, edition(), fs)
    j.defer = True
    mark = len(fs.log)
    j.start(lines[0])
    assert fs.log[mark:] == []      # nothing before the game's first frame is shown
    j.flush()                       # then its files
    assert "g/" + EDITION not in fs.files
    # the old game's table left with its folder; none was written for the new one
    assert [op for op in fs.log[mark:] if EDITION in op[1]] == [("remove", "g.old/" + EDITION)], fs.log[mark:]
    assert "g.old" not in fs.dirs
    cut = fs.copy()                 # the power goes before the first frame
    j.apply(lines[1])
    assert "g/" + EDITION not in fs.files
    j.idle()
    assert store.decode(fs.files["g/" + EDITION]) == edition() and j.edition_due is None
    mark = len(fs.log)
    j.idle()
    assert fs.log[mark:] == []      # written once
    # after the cut: the game is there, with the table for new games
    r = Journal("g", inca, edition(), cut)
    r.resume()
    assert r.records == 1 and r.edition == edition() and not r.lost, r.notes
    r.apply(lines[1])               # the next action writes it (no defer: within apply)
    assert store.decode(cut.files["g/" + EDITION]) == edition()
    edited = json.loads(json.dumps(edition()))
    edited["marker_kinds"]["kinds"][0][0] = "ZA"    # edited for new games since: not this game's
    r2 = Journal("g", inca, edited, cut)
    r2.resume()
    plain = json.loads(json.dumps(edition()))
    store.drop_notes(plain)         # the game's table as read: without its notes for readers
    assert r2.edition == plain and r2.edition_due is None and same(r2.session, r.session)


class _Refusing(MemFs):
    """Storage that refuses to write (full) or remove (an I/O error) the
    edition table while told to."""
    full = False
    stuck = False
    tries = 0

    def open(self, path, mode):
        if EDITION in path and "w" in mode:
            self.tries += 1
            if self.full:
                raise OSError(28, path)
        return MemFs.open(self, path, mode)

    def remove(self, path):
        if self.stuck and path.endswith("/" + EDITION):
            raise OSError(5, path)
        return MemFs.remove(self, path)


def test_a_start_that_finds_no_block_for_its_files_goes_on_without_it():
    """Start game holds a block for the new game's files until they are
    written after its first frame; in a heap the set-up screens cut up
    there may be none of that size: the game starts all the same, and its
    files are written, its records after them, as ever."""
    from firmware.core import journal

    def no_room(n):
        raise MemoryError("memory allocation failed, allocating %d bytes" % n)
    fs = MemFs()
    lines = demo_lines()[:3]
    j = Journal("g", inca, edition(), fs)
    j.defer = True
    journal.bytearray = no_room
    try:
        j.start(lines[0])
    finally:
        del journal.bytearray
    assert j.session is not None and fs.log == []
    j.flush()                                       # its files, after the first frame
    assert "g/" + JOURNAL in fs.files
    for a in lines[1:]:
        j.apply(a)
    j.flush()
    r = resume(fs)
    assert r.records == len(lines) and same(r.session, j.session), r.notes


def test_an_edition_table_the_storage_refuses_is_tried_again_after_the_next_action():
    lines = demo_lines()[:8]
    fs = _Refusing()
    j = Journal("g", inca, edition(), fs)
    j.defer = True
    j.start(lines[0])
    j.flush()
    fs.full = True
    assert not j.idle() and j.edition_due is not None and len(j.notes) == 1
    for _ in range(5):      # the loop wakes with nothing new: not tried again
        j.idle()
    assert fs.tries == 1 and len(j.notes) == 1, (fs.tries, j.notes)
    for a in lines[1:4]:
        j.apply(a)
        j.idle()
    assert fs.tries == 4 and len(j.notes) == 1, (fs.tries, j.notes)
    fs.full = False
    j.apply(lines[4])
    j.idle()
    assert j.edition_due is None and store.decode(fs.files["g/" + EDITION]) == edition()
    r = resume(fs)
    assert r.records == 5 and same(r.session, j.session)


def test_an_old_games_file_that_cannot_be_removed_stays_apart_from_the_new_game():
    # never the new game's records beside the old game's table: the old
    # game's folder is moved aside whole before its files are removed, and
    # what cannot be removed stays there until the next start or boot
    old = json.loads(json.dumps(edition()))
    old["eras"][0]["labor"] = 9
    fs = _Refusing()
    Journal("g", inca, old, fs).start("inca players=blue,orange,green seed=2")
    fs.stuck = True
    j = Journal("g", inca, edition(), fs)
    j.defer = True
    j.start(demo_lines()[0])
    j.flush()
    assert "g/" + EDITION not in fs.files and "g.old/" + EDITION in fs.files
    r = resume(fs)
    assert r.records == 1 and r.session.setup == demo_lines()[0] and r.edition == edition(), r.notes
    from firmware.core.resume import saved_game
    fs.stuck = False
    assert saved_game("g", ("inca",), fs) == ("inca", False)     # the boot removes what was left
    assert "g.old" not in fs.dirs and not [p for p in fs.files if p.startswith("g.old")]


def test_a_refused_action_writes_nothing():
    fs = MemFs()
    j, durable = play(fs, demo_lines()[:5])
    before = dict(fs.files)
    n = len(fs.log)
    for bad in ("city nobody", "frobnicate", "", "undo undo", ["next", "#"], "redo"):
        try:
            j.apply(bad)
        except IllegalAction:
            pass
        else:
            raise AssertionError("%r was accepted" % (bad,))
    assert fs.files == before and len(fs.log) == n
    assert j.records == 5
    try:
        Journal("h", inca, edition(), fs).start("inca players=blue")
    except IllegalAction:
        pass
    else:
        raise AssertionError("a bad setup line was accepted")
    assert "h" not in fs.dirs


def test_a_new_game_replaces_the_old_one():
    fs = MemFs()
    lines = demo_lines()
    play(fs, lines[:120])
    assert "g/snap.old" in fs.files
    j = Journal("g", inca, edition(), fs)
    j.start("inca players=blue,green,brown seed=7")
    j.apply("next")
    assert sorted(fs.listdir("g")) == [EDITION, JOURNAL]
    r = resume(fs)
    assert r.records == 2 and r.notes == [] and r.session.setup == "inca players=blue,green,brown seed=7"


def test_torn_last_record_is_dropped_reported_and_cut_away():
    d = scratch("torn")
    try:
        g = d + "/g"
        lines = demo_lines()[:100]
        j = Journal(g, inca, edition())
        j.start(lines[0])
        for a in lines[1:]:
            j.apply(a)
        good = _read(g + "/journal.txt")
        _write(g + "/journal.txt", b"connected blue 2 0", "ab")
        r = Journal(g, inca, edition())
        s = r.resume()
        assert r.records == 100 and same(s, j.session)
        assert len(r.notes) == 1 and "torn" in r.notes[0] and "18 bytes" in r.notes[0], r.notes
        assert _read(g + "/journal.txt") == good
        assert "journal.tmp" not in os.listdir(g)
        # and the game goes on from there
        r.apply(demo_lines()[100])
        assert same(Journal(g, inca, edition()).resume(), r.session)
    finally:
        rmtree(d)


def test_a_bad_record_drops_it_and_everything_after():
    fs = MemFs()
    lines = demo_lines()
    j, durable = play(fs, lines[:150])
    data = fs.files["g/journal.txt"]
    ends = []
    pos = 0
    for row in data.split(b"\n")[:-1]:
        pos += len(row) + 1
        ends.append(pos)
    ref = Reference(lines)
    for k in (140, 145, 149):  # records after the newest snapshot
        disk = fs.copy()
        disk.files["g/journal.txt"] = _flip(data, ends[k - 1] + 2)  # inside record k + 1
        r = resume(disk)
        assert r.records == k, (k, r.records)
        assert same(r.session, ref.at(k))
        assert len(r.notes) == 2 and "record %d is bad" % (k + 1) in r.notes[0], r.notes
        assert disk.files["g/journal.txt"] == data[:ends[k - 1]]
        # confirmed records were dropped: the journal as it was is kept aside
        assert r.lost == len(ends) - k and r.kept == "damaged-1.txt"
        assert disk.files["g/damaged-1.txt"] == disk.files["g/journal.txt"][:0] + _flip(data, ends[k - 1] + 2)


def test_each_damage_keeps_the_journal_under_a_name_of_its_own():
    """Three damages, one after the other, each found and told (the players
    close the note): the journal as it was each time is kept under the first
    free name, damaged-1.txt, damaged-2.txt, damaged-3.txt, never over an
    earlier one; the first two a bad last record (kept by a copy), the third
    the journal cut short before the newest snapshot (kept by the journal's
    rename, the journal begun again)."""
    fs = MemFs()
    lines = demo_lines()
    n = 120
    j, _ = play(fs, lines[:n])
    kept = {}
    for i in (1, 2, 3):
        data = fs.files["g/journal.txt"]
        if i < 3:
            bad = _flip(data, len(data) - 12)       # the last record's action
        else:
            bad = data[:len(data) // 2]             # cut short, well before snap.json's records
        fs.files["g/journal.txt"] = bad
        r = resume(fs)
        name = "damaged-%d.txt" % i
        assert r.kept == name and r.lost != 0, (i, r.kept, r.notes)
        kept[name] = bad
        for k in kept:
            assert fs.files["g/" + k] == kept[k], (i, k)
        r.seen()
        # the game goes on: the action lost entered again, and the next
        while r.records < n + 1:
            r.apply(lines[r.records])
        n = r.records
    assert sorted(p for p in fs.files if "damaged" in p) == ["g/damaged-1.txt", "g/damaged-2.txt", "g/damaged-3.txt"]


def test_a_game_goes_on_under_its_own_table_whatever_a_newer_table_for_new_games_adds():
    """A game started under an edited table (era I's labor 7, without the
    bundled table's notes), resumed where the table for new games is newer:
    one more key in marker_kinds, or its notes (about).  The game's own
    table, its checksum good, is used as it is: no "damaged" note, the same
    game, young (replayed from its setup line under it) or past a snapshot."""
    mine = json.loads(json.dumps(edition()))
    store.drop_notes(mine)
    mine["eras"][0]["labor"] = 7
    lines = demo_lines()
    for n in (20, 100):
        fs = MemFs()
        j = Journal("g", inca, mine, fs)
        j.start(lines[0])
        for a in lines[1:n]:
            j.apply(a)
        assert j.session.state["labor"][0] == 7
        for what in ("key", "about"):
            newer = json.loads(json.dumps(edition() if what == "key" else mine))
            if what == "key":
                store.drop_notes(newer)
                newer["marker_kinds"]["colours"] = ["red", "blue", "green", "white", "black", "grey"]
            else:
                newer["about"] = "edited"
                newer["marker_kinds"]["about"] = "from our markers"
            r = Journal("g", inca, newer, fs.copy())
            r.played = inca.PLAYED
            r.resume()
            assert same(r.session, j.session) and r.records == n, (n, what, r.notes)
            assert r.notes == [] and not r.other_table and r.edition["marker_kinds"] == mine["marker_kinds"], \
                (n, what, r.notes)


def test_a_damaged_snapshot_falls_back_to_the_previous_one_then_to_a_full_replay():
    fs = MemFs()
    lines = demo_lines()
    j, durable = play(fs, lines)
    live = j.session
    disk = fs.copy()
    disk.files["g/snap.json"] = _flip(disk.files["g/snap.json"], 100)
    r = resume(disk)
    assert r.source == SNAP_OLD and same(r.session, live)
    assert "snapshot snap.json is damaged (checksum mismatch)" in r.notes[0], r.notes
    # the next snapshot replaces the damaged one and keeps snap.old
    old = disk.files["g/snap.old"]
    r.snapshot()
    assert disk.files["g/snap.old"] == old
    assert resume(disk).source == SNAP
    disk = fs.copy()
    disk.files["g/snap.json"] = b"garbage"
    disk.files["g/snap.old"] = disk.files["g/snap.old"][:-3]
    r = resume(disk)
    assert r.source is None and same(r.session, live), r.notes
    assert len(r.notes) == 2


def test_snap_old_is_read_only_when_the_newest_cannot_be_used():
    fs = MemFs()
    lines = demo_lines()
    j, _ = play(fs, lines)
    disk = fs.copy()
    disk.files["g/snap.old"] = b"garbage"
    r = resume(disk)
    assert r.source == SNAP and r.notes == [] and same(r.session, j.session)
    newest = disk.files["g/snap.json"]
    r.snapshot()   # the next snapshot puts the newest in its place
    assert disk.files["g/snap.old"] == newest


def test_a_snapshot_of_another_history_is_not_used():
    fs = MemFs()
    lines = demo_lines()
    play(fs, lines)
    other = MemFs()
    # the same game, but with two more records that cancel out
    play(other, lines[:1] + ["adjust blue labor +1", "adjust blue labor -1"] + lines[1:])
    disk = fs.copy()
    disk.files["g/snap.json"] = other.files["g/snap.json"]
    disk.files["g/snap.old"] = other.files["g/snap.old"]
    r = resume(disk)
    assert r.source is None and r.records == len(lines)
    assert same(r.session, Reference(lines).at(len(lines)))
    assert len(r.notes) == 2 and "does not match the journal" in r.notes[0], r.notes


def test_garbage_in_the_directory_is_reported_and_never_used():
    d = scratch("garbage")
    try:
        g = d + "/g"
        lines = demo_lines()
        j = Journal(g, inca, edition())
        j.start(lines[0])
        for a in lines[1:100]:
            j.apply(a)
        _write(g + "/snap.json.tmp", b"\x00\xff" * 50)
        _write(g + "/journal.tmp", b"inca players=blue #00000000\n")
        _write(g + "/notes.bin", os.urandom(64))
        os.mkdir(g + "/stray")
        r = Journal(g, inca, edition())
        s = r.resume()
        assert same(s, j.session), r.notes
        joined = " | ".join(r.notes)
        assert "notes.bin" in joined and "stray" in joined and "unfinished snapshot" in joined, joined
        for a in lines[100:]:
            r.apply(a)
        assert same(Journal(g, inca, edition()).resume(), r.session)
        # nothing but garbage: nothing to recover, and nothing is touched
        _write(g + "/journal.txt", os.urandom(300))
        for name in (SNAP, SNAP_OLD):
            _write(g + "/" + name, b"{}\n#00000000\n")
        before = _read(g + "/journal.txt")
        try:
            Journal(g, inca, edition()).resume()
        except NoGame as e:
            assert "no good setup line" in str(e)
        else:
            raise AssertionError("resumed a game from garbage")
        assert _read(g + "/journal.txt") == before
    finally:
        rmtree(d)


def test_no_game_to_resume():
    fs = MemFs(dirs=["g"])
    for setup in (None, b"", b"inca players=blue,orange,green #00000000\n"):
        if setup is not None:
            fs.files["g/journal.txt"] = setup
        try:
            resume(fs)
        except NoGame:
            pass
        else:
            raise AssertionError("resumed from %r" % (setup,))


class FailingFs(MemFs):
    """Runs out of space: writes to `path` fail after `left` bytes."""

    def __init__(self, files, dirs, path, left):
        MemFs.__init__(self, files, dirs)
        self.path = path
        self.left = left

    def do(self, op, log=True):
        if op[0] == "write" and op[1] == self.path and self.left is not None:
            if len(op[2]) > self.left:
                MemFs.do(self, ("write", op[1], op[2][:self.left]), log)
                self.left = 0
                raise OSError(28, "no space left on device")
            self.left -= len(op[2])
        MemFs.do(self, op, log)


def test_a_failed_write_takes_the_action_back_and_repairs_the_journal():
    lines = demo_lines()
    base = MemFs()
    play(base, lines[:60])
    fs = FailingFs(base.files, base.dirs, "g/journal.txt", 5)
    j = resume(fs)
    before = jsonout.dumps([j.session.state, j.session.tail])
    try:
        j.apply(lines[60])
    except OSError:
        pass
    else:
        raise AssertionError("the write did not fail")
    assert jsonout.dumps([j.session.state, j.session.tail]) == before
    assert j.records == 60
    fs.left = None  # space again
    for a in lines[60:]:
        j.apply(a)
    r = resume(fs)
    assert r.notes == [] and same(r.session, Reference(lines).at(len(lines)))
    # a snapshot that cannot be written is noted; the game goes on
    fs2 = FailingFs(base.files, base.dirs, "g/snap.json.tmp", 100)
    j = resume(fs2)
    for a in lines[60:70]:
        j.apply(a)
    assert j.notes and "could not write a snapshot" in j.notes[0]
    r = resume(fs2)
    assert r.records == 70 and same(r.session, j.session)


def _fields(s):
    return jsonout.dumps([s.state, s.base.get(), s.base_n, s.tail, s.redo_stack, s.view()])


def test_a_failed_write_of_any_kind_leaves_the_session_as_it_was():
    # an action, one that moves the undo checkpoint, an undo and a redo:
    # each refused by a full flash, then written when there is room again
    lines = demo_lines()
    fs = FailingFs(None, None, "g/journal.txt", None)
    j = Journal("g", inca, edition(), fs)
    j.start(lines[0])
    tried = []

    def fail_then_apply(a):
        fs.left = 0
        before = _fields(j.session)
        try:
            j.apply(a)
        except OSError:
            pass
        else:
            raise AssertionError("the write of %r did not fail" % a)
        assert _fields(j.session) == before, a
        assert j.records == count[0]
        fs.left = None
        j.apply(a)
        count[0] += 1
        tried.append(a if a in ("undo", "redo") else "action")

    count = [1]
    done = []
    for a in lines[1:2 * DEPTH + 8]:
        if len(j.session.tail) == 2 * DEPTH - 1:
            base_n = j.session.base_n
            fail_then_apply(a)
            assert j.session.base_n == base_n + DEPTH   # the checkpoint moved after all
        elif len(done) % 20 == 5:
            fail_then_apply(a)
            fail_then_apply("undo")
            fail_then_apply("redo")
        else:
            j.apply(a)
            count[0] += 1
        done.append(a)
    assert "undo" in tried and "redo" in tried and tried.count("action") >= 4
    truth = Reference([lines[0]] + done).at(len(done) + 1)
    assert same(j.session, truth)
    r = resume(fs)
    assert r.notes == [] and same(r.session, truth)
    assert j.apply("undo") == "undo"
    assert j.session.state == Reference([lines[0]] + done).at(len(done)).state


def test_store_settings_are_saved_the_same_way():
    fs = MemFs(dirs=["cfg"])
    store.save_json("cfg/edition.json", edition(), fs)
    assert store.load_json("cfg/edition.json", None, fs) == json.loads(json.dumps(edition()))


def test_a_repair_that_cannot_be_written_is_retried_before_the_next_action():
    lines = demo_lines()
    base = MemFs()
    play(base, lines[:70])
    base.files["g/journal.txt"] += b"next #0"  # torn
    fs = FailingFs(base.files, base.dirs, "g/journal.tmp", 3)
    j = resume(fs)
    assert j.records == 70 and same(j.session, Reference(lines).at(70))
    assert "could not repair the journal yet" in j.notes[-1], j.notes
    assert fs.files["g/journal.txt"].endswith(b"next #0")
    fs.left = None
    for a in lines[70:80]:
        j.apply(a)
    r = resume(fs)
    assert r.notes == [] and same(r.session, Reference(lines).at(80))


def test_the_journal_file_stays_open_and_is_closed_only_while_a_whole_file_is_written():
    # on a board opening it takes a 1.1 kB block (the file's cache) that a
    # heap cut up by a long game may not have: it stays open from one append
    # to the next, is closed while a snapshot or a new game renames or
    # replaces it, and is opened again at once after (into the block the
    # other file let go of), for reading: a file opened for writing is
    # written to flash when closed, written to or not; the next action
    # swaps it for the file it appends to
    fs = MemFs()
    opened = []
    real_open = fs.open
    held = []       # whether the journal's file was open as another file was opened for writing

    def counting(path, mode):
        if path.endswith("/" + JOURNAL):
            opened.append(mode)
        elif "w" in mode and j[0] is not None:
            held.append(j[0]._f is not None)
        return real_open(path, mode)
    fs.open = counting
    j = [None]
    lines = demo_lines()[:30]
    j[0], _ = play(fs, lines)
    # the new game's start: opened again (for reading) after it; the first action appends
    assert opened == ["wb", "rb", "ab"] and j[0]._f is not None
    j[0].snapshot()
    assert held == [False] and j[0]._f is not None and opened == ["wb", "rb", "ab", "rb"]
    log = len(fs.log)
    j[0].close()        # held for reading: closing it writes nothing
    j[0].reopen()
    assert len(fs.log) == log and opened[-1] == "rb"
    j[0].apply(demo_lines()[30])
    assert opened[-1] == "ab" and len(opened) == 6
    j[0].apply(demo_lines()[31])
    assert len(opened) == 6      # the next action opened nothing
    same(resume(fs).session, j[0].session)
    j[0].start(lines[0])           # a new game in the folder: the file is closed first, then opened again
    assert held == [False, False] and j[0]._f is not None and j[0].records == 1
    j[0].close()
    assert j[0]._f is None
    j[0].close()                   # nothing open: nothing happens
    assert resume(fs).records == 1
    # a repair due (a torn record; the device makes it once the boot's
    # frame is drawn): the file is not opened again until it is made
    fs.files["g/journal.txt"] += b"next #0"
    r = Journal("g", inca, edition(), fs)
    r.defer = True
    r.resume()
    assert r.cut_due and r._f is None
    r.reopen()
    assert r._f is None
    r.apply(demo_lines()[1])        # the repair first
    assert r._f is None and not r.cut_due and r.due is not None and resume(fs).records == 1
    r.idle()                        # the record once the action's frame is shown: the file stays open
    assert r._f is not None and r.due is None and resume(fs).records == 2


def test_each_record_is_in_the_file_while_the_journal_holds_it_open():
    d = scratch("open")
    try:
        lines = demo_lines()[:12]
        j = Journal(d, inca, edition())
        j.start(lines[0])
        for a in lines[1:]:
            j.apply(a)
            # read by another open, as a resume after a power cut would
            data = _read(d + "/" + JOURNAL)
            assert data.endswith(b"\n") and data.count(b"\n") == j.records
        assert j._f is not None
        r = Journal(d, inca, edition())
        r.resume()
        same(r.session, j.session)
        j.close()
    finally:
        rmtree(d)
