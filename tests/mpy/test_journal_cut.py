# Power cuts: a whole 4-player game (assets/inca/demo.txt, with undo and redo
# mixed in) is played into a journal on an in-memory file system that logs
# every operation that changes the disk.  The disk is then rebuilt as it was
# at every cut point (before and after every operation: creating or emptying
# a file, each write, each rename, each remove) and in the middle of writes,
# and the game resumed from it.  Resume must never raise (except NoGame before
# the setup line is safe), must give exactly the records whose write had
# completed (so at most the action being saved is lost), and the same state,
# undo checkpoint, undo tail and redo stack as the live session had then;
# resuming a second time must find nothing more to repair.
#
# Offsets inside a write: check_cuts(every_byte=True) (tests/test_journal_
# powercut.py, CPython) cuts every fourth journal append at every byte and
# the others at both ends and in the middle, and each
# snapshot write (a snapshot of about 6 kB is written in pieces of about
# 1 kB) at its first 8 bytes, every 97th byte and its last 16 bytes (the
# checksum line); the portable test here, which also
# runs under MicroPython, cuts every journal append in its middle and every
# other write at 1, the middle and the last byte but one.  Both ends (nothing written, all written) of every write are
# the cut points before and after it.
#
# Portable: run by pytest on CPython and by tests/mpy/run.py under the
# MicroPython unix port.
import sys

from test_journal_fs import MemFs, Reference, demo_lines, play, resume, same, with_undo

from firmware.core.journal import NoGame


def offsets(n, path, every_byte, i=0):
    """Where to cut a write of n bytes to path, 0 < k < n (the write is
    operation i)."""
    if every_byte and n <= 64 and i % 64 == 0:
        return range(1, n)
    if every_byte and (n <= 64 or path.endswith("journal.txt")):
        # every byte of every sixty-fourth small write; of the others, both
        # ends and the middle (a cut anywhere inside an append is the same
        # torn record, and a piece of a streamed file the same file cut)
        ks = {1, n // 2, n - 1}
    elif every_byte:
        ks = set(range(1, 5)) | set(range(n - 8, n)) | set(range(197, n, 197))
    elif path.endswith("journal.txt"):
        ks = {n // 2}
    else:
        ks = {1, n // 2, n - 1}
    out = []
    for k in sorted(ks):
        if 0 < k < n:
            out.append(k)
    return out


def cut_points(ops, every_byte, start=None):
    """Every cut of ops done on the disk start (empty if None): yields
    (disk, i, k), i operations done and, if k is not None, the first k
    bytes of op i, a write."""
    disk = start.copy() if start else MemFs()
    for i in range(len(ops) + 1):
        yield disk, i, None
        if i == len(ops):
            break
        op = ops[i]
        if op[0] == "write":
            for k in offsets(len(op[2]), op[1], every_byte, i):
                part = disk.copy()
                part.do(("write", op[1], op[2][:k]), False)
                yield part, i, k
        disk.do(op, False)


def check_resume(disk, want, ref, where, again=True):
    """Resume a copy of disk: it must hold exactly `want` records and agree
    with the reference session.  Returns (journal, its disk) or None."""
    fs = disk.copy()
    if want == 0:
        try:
            resume(fs)
        except NoGame:
            return None
        raise AssertionError("%s: resumed a game before its setup line was saved" % where)
    j = resume(fs)
    assert j.records == want, "%s: resumed %d records, %d were saved; notes %r" % (where, j.records, want, j.notes)
    assert same(j.session, ref.at(want)), "%s: wrong state after %d records" % (where, want)
    if again:
        # resuming again finds nothing more to repair
        j2 = resume(fs.copy())
        assert j2.records == want and same(j2.session, ref.session), where
        for note in j2.notes:
            assert "dropped" not in note, "%s: second resume %r" % (where, note)
    return j, fs


def check_cuts(lines, every_byte, continue_every=0, again_every=1, stride=1):
    """Cut the power everywhere while lines are played; returns the number
    of cut points checked.  Every continue_every-th cut point, the game is
    also played to its end after resuming and must end as it did uncut, and
    resumed once more; every again_every-th cut the resume is repeated on
    the disk the first one left (the same code repairs every cut inside
    an append, so a sample of them is enough).  stride: only every
    stride-th cut point is checked."""
    live = MemFs()
    j, durable = play(live, lines)
    final = j.session
    ref = Reference(lines)
    n = 0
    want = 0  # records whose write is complete
    seen = 0
    for disk, i, k in cut_points(live.log, every_byte):
        while want + 1 < len(durable) and durable[want + 1] < i:
            want += 1
        seen += 1
        if seen % stride:
            continue
        where = "cut before op %d%s" % (i, "" if k is None else " after %d bytes of it" % k)
        n += 1
        got = check_resume(disk, want, ref, where, n % again_every == 0)
        if got and continue_every and n % continue_every == 0:
            jr, fs = got
            for a in lines[want:]:
                jr.apply(a)
            assert same(jr.session, final), where + ": the game ended differently"
            assert same(resume(fs).session, final), where + ": resume after the end"
    assert want == len(lines)
    return n


def test_power_cut_at_every_write_of_a_whole_game():
    # under MicroPython every other cut point (a press takes it several
    # times CPython's time; pytest checks them all)
    lines = with_undo(demo_lines())
    stride = 2 if sys.implementation.name == "micropython" else 1
    n = check_cuts(lines, every_byte=False, continue_every=97, again_every=3, stride=stride)
    assert n > 2 * len(lines) // stride, n


def test_power_cut_during_recovery_itself():
    # A torn last record makes resume rewrite the journal (copy the good
    # prefix to journal.tmp, rename it over); a cut between the two renames
    # of a snapshot makes it finish the rename.  Cut those writes too.
    lines = demo_lines()[:110]
    live = MemFs()
    j, durable = play(live, lines)
    ops = live.log
    # the last snapshot's second rename, and the last append's write
    last_rename = max(i for i in range(len(ops)) if ops[i][0] == "rename" and ops[i][2].endswith("snap.json"))
    assert ops[last_rename - 1][0] == "rename", "the snapshot before it was not rotated"
    saved = max(r for r in range(1, len(durable)) if durable[r] < last_rename)
    for stop, part, want in ((last_rename, None, saved), (durable[-1], 7, len(lines) - 1)):
        disk = MemFs()
        for op in ops[:stop]:
            disk.do(op, False)
        if part:
            disk.do(("write", ops[stop][1], ops[stop][2][:part]), False)
        rec = disk.copy()
        first = resume(rec)
        assert first.records == want and first.notes, first.notes
        fixes = rec.log
        assert fixes, "resume repaired nothing"
        ref = Reference(lines)
        for d2, i, k in cut_points(fixes, True, disk):
            check_resume(d2, want, ref, "recovery cut before op %d (%r)" % (i, k))
