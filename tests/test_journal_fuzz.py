"""Damage to the journal directory, chosen by hypothesis: flipped bytes in
any file, garbage files, stale snapshots, a journal cut short with garbage
after it.  Resume must never raise (except NoGame when the setup line itself
is damaged), must detect and report the damage, and must never present a
wrong state as good: whatever it resumes is exactly the game after the
records it says it kept, which are all the records before the first damaged
byte it had to read."""
import json
import os
import sys

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "mpy"))

from test_journal_fs import MemFs, demo_lines, play, resume, with_undo  # noqa: E402
from util import session  # noqa: E402

from firmware.core import store  # noqa: E402
from firmware.core.gamefiles import BASE  # noqa: E402
from firmware.core.saving import base_text, head  # noqa: E402
from firmware.core.journal import JOURNAL, SNAP, SNAP_OLD, SNAP_TMP, NoGame, record  # noqa: E402
from firmware.core.resume import parse  # noqa: E402

LINES = with_undo(demo_lines())
LIVE = MemFs()
play(LIVE, LINES)
FILES = sorted(LIVE.files)  # g/journal.txt, g/snap.json, g/snap.old
JPATH = "g/" + JOURNAL
DATA = LIVE.files[JPATH]
ENDS = []  # ENDS[r - 1]: where record r ends in the journal
for _row in DATA.split(b"\n")[:-1]:
    ENDS.append((ENDS[-1] if ENDS else 0) + len(_row) + 1)
# every snapshot the game wrote, oldest first
PAST = [op[2] for op in LIVE.log if op[0] == "write" and op[1] == "g/" + SNAP_TMP]

SLOW = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def key(s):
    return json.dumps([s.state, s.base.get(), s.base_n, s.tail, s.redo_stack], sort_keys=True)


KEYS = [None]
_ref = None
for _a in LINES:
    if _ref is None:
        _ref = session(_a)
    else:
        _ref.apply(_a)
    KEYS.append(key(_ref))


def kept(q):
    """How many records lie wholly before byte q of the journal."""
    n = 0
    while n < len(ENDS) and ENDS[n] <= q:
        n += 1
    return n


def first_change(a, b, start=0):
    """The first offset >= start where a and b differ (or the shorter one
    ends), None if they agree from start to the end."""
    n = min(len(a), len(b))
    for i in range(start, n):
        if a[i] != b[i]:
            return i
    return None if len(a) == len(b) else max(n, start)


def check(disk):
    """Resume from a copy of disk and check it against the truth.  Returns
    the journal, or None for NoGame."""
    journal = disk.files.get(JPATH, b"")
    after = disk.copy()
    try:
        j = resume(after)
    except NoGame:
        q = first_change(journal, DATA)
        assert q is not None and q < ENDS[0], "NoGame with an intact setup line"
        assert after.files == disk.files, "NoGame, but the files were changed"
        return None
    n = j.records
    assert key(j.session) == KEYS[n], "a wrong state after %d records" % n
    if j.lost == -1:
        # the journal did not hold an intact snapshot's records (cut short
        # before them): resumed from that snapshot, the journal begun again
        # as its setup line and a record naming that snapshot, renamed
        # base.json, from which a replay of the journal goes on; the
        # damaged one kept
        snaps = [store.decode(disk.files[p]) for p in ("g/" + SNAP, "g/" + SNAP_OLD, "g/" + SNAP_TMP)
                 if store.read_json(p, disk)[0]]
        assert snaps and n == max(sn["n"] for sn in snaps if "n" in sn), (n, j.notes)
        base = after.files["g/" + BASE]
        assert store.decode(base)["n"] == n
        rec, _ = record(base_text(n, head("g/" + BASE, after)), parse(DATA[:ENDS[0]], 0)[1])
        assert after.files[JPATH] == DATA[:ENDS[0]] + rec
        if JPATH in disk.files:
            assert after.files["g/" + j.kept] == journal
        return j
    start = 0
    if j.source is not None:
        snap = store.decode(after.files["g/" + j.source])
        assert snap["end"] in ENDS and snap["end"] <= len(journal)
        start = snap["end"]
    q = first_change(journal, DATA, start)
    assert n == (len(LINES) if q is None else kept(q)), (n, q, j.source, j.notes)
    # what was kept is still there; whatever followed it was dropped, and said so
    assert after.files[JPATH] == journal[:ENDS[n - 1]]
    dropped = [note for note in j.notes if "dropped" in note]
    assert bool(dropped) == (len(journal) > ENDS[n - 1]), j.notes
    for path in disk.files:
        name = path[2:]
        # a damaged snapshot is reported when resume reads it: snap.json
        # always, snap.old when no newer snapshot could be used
        if name == SNAP_OLD and j.source in (SNAP, SNAP_TMP):
            continue
        if name in (SNAP, SNAP_OLD) and not store.read_json(path, disk)[0]:
            assert any(name in note for note in j.notes), (name, j.notes)
    return j


@SLOW
@given(st.lists(st.tuples(st.sampled_from(FILES),
                          # anywhere, or among the last records (what resume reads)
                          st.one_of(st.integers(0, 1 << 20), st.integers(-600, -1)),
                          st.integers(1, 255)),
                min_size=1, max_size=5))
def test_flipped_bytes_are_detected_and_never_resumed_as_good(flips):
    disk = LIVE.copy()
    for path, pos, bits in flips:
        b = bytearray(disk.files[path])
        b[pos % len(b)] ^= bits
        disk.files[path] = bytes(b)
    check(disk)


@SLOW
@given(st.integers(0, len(DATA)), st.binary(max_size=60))
def test_a_journal_cut_short_with_garbage_after_it(cut, tail):
    disk = LIVE.copy()
    disk.files[JPATH] = DATA[:cut] + tail
    j = check(disk)
    if j is not None and first_change(disk.files[JPATH], DATA) is not None:
        # the damage is gone from the disk: a second resume is clean
        again = resume(disk.copy())
        assert again.records == j.records


NAMES = [SNAP, SNAP_OLD, SNAP_TMP, "journal.tmp", "snap.json.old", "x", "JOURNAL.TXT"]
CONTENT = st.one_of(st.binary(max_size=300), st.sampled_from(PAST),
                    st.builds(lambda b, i: b[:i], st.sampled_from(PAST), st.integers(0, 4000)),
                    st.builds(store.encode, st.dictionaries(st.text(max_size=5), st.integers(), max_size=4)))


@settings(SLOW, max_examples=40)
@given(st.lists(st.tuples(st.sampled_from(NAMES), CONTENT), min_size=1, max_size=5))
def test_garbage_files_and_stale_snapshots_are_never_resumed_as_good(files):
    disk = LIVE.copy()
    for name, data in files:
        disk.files["g/" + name] = data
    j = check(disk)
    assert j is not None and j.records == len(LINES)
    for name, data in files:
        if name not in (SNAP, SNAP_OLD, SNAP_TMP, "journal.tmp") and name != JOURNAL:
            assert any(name in note for note in j.notes), (name, j.notes)


@settings(deadline=None)
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(),
                    lambda kids: st.lists(kids, max_size=4) | st.dictionaries(st.text(max_size=8), kids, max_size=4),
                    max_leaves=20),
       st.integers(0, 1 << 20), st.integers(1, 255))
def test_store_round_trips_anything_and_detects_any_flip(obj, pos, bits):
    fs = MemFs(dirs=["d"])
    store.save_json("d/f.json", obj, fs)
    assert store.load_json("d/f.json", "dflt", fs) == obj
    b = bytearray(fs.files["d/f.json"])
    b[pos % len(b)] ^= bits
    fs.files["d/f.json"] = bytes(b)
    said = []
    assert store.load_json("d/f.json", "dflt", fs, said.append) == "dflt"
    assert said


def test_a_checksum_that_reads_as_the_same_number_is_still_damage():
    """int() takes '+b5b7e64' as 0x0b5b7e64: a flipped byte that turns a
    checksum's leading 0 into a sign (found by the test above) is damage all
    the same, and resume keeps only the records before it."""
    disk = LIVE.copy()
    at = DATA.index(b" #0")
    for path, pos, bits in ((JPATH, at + 2, ord("0") ^ ord("+")), ("g/" + SNAP, 0, 1), ("g/" + SNAP_OLD, 0, 1)):
        b = bytearray(disk.files[path])
        b[pos] ^= bits
        disk.files[path] = bytes(b)
    assert disk.files[JPATH][at:at + 3] == b" #+"
    j = check(disk)
    assert j is not None and j.records == kept(at + 2) < len(LINES)
