# Undo and redo on top of the journal: they are records like any action, so
# they survive a power cut; after a resume undo reaches as far back as it
# did before, and every undo and redo restores the view exactly, across
# phase boundaries and the automatic effects of the era track (income,
# catch-up, scoring, the keep limit, the Pizarro flip, the end of the game).
# Portable: run by pytest on CPython and by tests/mpy/run.py under the
# MicroPython unix port.
import io
import json

from test_journal_fs import MemFs, demo_lines, play, resume, same
from util import edition, session

from firmware.core import jsonout, store
from firmware.core.errors import IllegalAction
from firmware.core.journal import DEPTH, Journal
from firmware.games import inca

AUTOMATIC = ("income", "give", "score", "return", "pizarro", "over")


def _view(s):
    return jsonout.dumps(s.view())


def _where(v):
    return (v["era"], v["round"], v["phase"], v["over"])


def _undo(s):
    """Undo on s; False if refused."""
    try:
        s.apply("undo")
    except IllegalAction:
        return False
    return True


def test_undo_and_redo_restore_the_view_across_phases_and_automatic_effects():
    lines = demo_lines()
    fs = MemFs()
    j = Journal("g", inca, edition(), fs)
    j.start(lines[0])
    prev = _view(j.session)
    seen = {}
    boundaries = 0
    for a in lines[1:]:
        before = _where(j.session.view())
        j.apply(a)
        now = _view(j.session)
        kinds = [e[0] for e in j.session.state["ev"] if e[0] in AUTOMATIC]
        crossed = _where(j.session.view()) != before
        if crossed or kinds:
            boundaries += 1 if crossed else 0
            for k in kinds:
                seen[k] = seen.get(k, 0) + 1
            assert j.apply("undo") == "undo"
            assert _view(j.session) == prev, "undo of %r" % a
            assert j.apply("redo") == "redo"
            assert _view(j.session) == now, "redo of %r" % a
            # twice more, the second time across a resume
            j.apply("undo")
            j = resume(fs)
            assert _view(j.session) == prev, "undo of %r, resumed" % a
            j.apply("redo")
            j = resume(fs)
            assert _view(j.session) == now, "redo of %r, resumed" % a
        prev = now
    for k in AUTOMATIC:
        assert seen.get(k), "the demo game has no %r effect to undo" % k
    assert boundaries >= 30, boundaries
    # the journal, with all those undo and redo records, is the same game
    r = resume(fs)
    assert r.notes == [] and same(r.session, session(*lines))


def test_after_a_resume_undo_reaches_as_far_back_and_redo_comes_back():
    lines = demo_lines()
    views = []
    ref = session(lines[0])
    views.append(_view(ref))
    for a in lines[1:]:
        ref.apply(a)
        views.append(_view(ref))
    # views[i] is the view after i actions
    for n in (12, 64, 65, 66, 97, 150, len(lines)):
        fs = MemFs()
        play(fs, lines[:n])
        live = session(*lines[:n])
        j = resume(fs)
        k = 0
        while True:
            ok = _undo(live)
            try:
                j.apply("undo")
                got = True
            except IllegalAction:
                got = False
            assert got == ok, (n, k)
            if not ok:
                break
            k += 1
            assert _view(j.session) == views[n - 1 - k], (n, k)
            if k % 11 == 0:
                j = resume(fs)  # a power cut in the middle of undoing
                assert same(j.session, live), (n, k)
        assert k >= min(n - 1, DEPTH), (n, k)
        for i in range(k):
            j.apply("redo")
            live.apply("redo")
            if i == k // 2:
                j = resume(fs)
            assert same(j.session, live)
        assert _view(j.session) == views[n - 1]
        try:
            j.apply("redo")
        except IllegalAction:
            pass
        else:
            raise AssertionError("redo with nothing undone")


def test_an_action_after_undo_clears_redo_also_after_a_resume():
    lines = demo_lines()[:40]
    fs = MemFs()
    j, durable = play(fs, lines)
    j.apply("undo")
    j.apply("undo")
    j = resume(fs)
    assert len(j.session.redo_stack) == 2
    j.apply(lines[-2])
    j = resume(fs)
    assert j.session.redo_stack == []
    try:
        j.apply("redo")
    except IllegalAction:
        pass
    else:
        raise AssertionError("redo after a new action")
    assert same(j.session, session(*lines[:-1]))


def test_undo_after_a_refused_action_still_takes_back_the_last_one():
    # the state before the last action is kept for a quick undo; a refused
    # action in between must not leave it holding the wrong state
    lines = demo_lines()
    s = session(lines[0], *lines[1:12])
    before = _view(s)
    s.apply(lines[12])
    after = _view(s)
    for bad in ("garrison purple", "road 99", "temple"):
        try:
            s.apply(bad)
        except IllegalAction:
            pass
        else:
            raise AssertionError("%r was not refused" % bad)
        assert _view(s) == after
    s.apply("undo")
    assert _view(s) == before
    s.apply("redo")
    assert _view(s) == after
    s.apply("undo")
    assert _view(s) == before


def test_a_snapshot_holds_the_state_before_the_last_action_or_after_an_undo_the_state():
    lines = demo_lines()
    fs = MemFs()
    j, _ = play(fs, lines[:40])
    j.snapshot()   # after an action: the state before it, and resume replays it
    snap = store.decode(fs.files["g/snap.json"])
    assert "prev" in snap and "state" not in snap
    r = resume(fs)
    assert r.notes == [] and same(r.session, j.session) and r.session.has_prev
    r.session.apply("undo")   # in memory only: j writes the journal
    j.apply("undo")
    assert same(r.session, j.session)
    j.snapshot()   # after an undo there is no state before it: the state itself
    snap = store.decode(fs.files["g/snap.json"])
    assert "state" in snap and "prev" not in snap
    r = resume(fs)
    assert r.notes == [] and same(r.session, j.session) and not r.session.has_prev
    r.session.apply("undo")
    j.apply("undo")
    assert same(r.session, j.session)


def test_a_snapshot_holds_the_fixed_part_once_and_one_without_it_still_resumes():
    # the part of the state that never changes is written once, beside the
    # kept copies that leave it out; a snapshot of an older firmware, with
    # it in base and prev, resumes to the same game
    lines = demo_lines()
    fs = MemFs()
    j, _ = play(fs, lines[:70])
    j.snapshot()
    snap = store.decode(fs.files["g/snap.json"])
    assert sorted(snap["fixed"]) == sorted(inca.FIXED)
    for k in inca.FIXED:
        assert k not in snap["base"] and k not in snap["prev"], k
    r = resume(fs)
    assert r.notes == [] and same(r.session, j.session)
    for k in inca.FIXED:
        assert r.session.state[k] is r.session.fixed[k] and r.session.base.get()[k] is r.session.fixed[k]
    fixed = snap.pop("fixed")
    for part in ("base", "prev"):
        snap[part].update(fixed)
    store.save_json("g/snap.json", snap, fs)
    old = resume(fs)
    assert old.notes == [] and same(old.session, j.session) and old.source == "snap.json"
    old.session.apply("undo")
    j.apply("undo")
    assert same(old.session, j.session)


class _Boom:
    """A game whose rules fail (not refuse) on "boom"."""

    @staticmethod
    def new(setup, edition):
        return {"n": 0}

    @staticmethod
    def apply(state, action):
        if action == "boom":
            raise RuntimeError("a bug in the rules")
        if action == "bad":
            raise IllegalAction("refused")
        state["n"] += 1


def test_an_action_that_fails_or_is_refused_leaves_undo_right():
    from firmware.core.session import Session
    for failing in ("boom", "bad"):
        s = Session(_Boom, None, "boom-game")
        s.apply("one")
        s.apply("two")
        try:
            s.apply(failing)
        except (RuntimeError, IllegalAction):
            pass
        assert s.state == {"n": 2}
        s.apply("undo")
        assert s.state == {"n": 1}, failing


def test_a_resume_replays_an_action_and_its_undo_as_they_left_the_game():
    # Resume replays a record followed by its undo as a pair (neither is
    # applied: firmware.core.resume.taken_back).  Taken and undone around the moment
    # the checkpoint moves (the tail reaches 2 * DEPTH actions), every
    # resume right after such a pair must give the session as it was,
    # and redo must bring the action back.
    lines = demo_lines()
    first = 2 * DEPTH - 4
    fs = MemFs()
    j = Journal("g", inca, edition(), fs)
    j.start(lines[0])
    moved = snapped = 0
    for n, a in enumerate(lines[1:first + 10], 1):
        if n >= first:
            base_n = j.session.base_n
            j.apply(a)
            moved += j.session.base_n != base_n
            j.apply("undo")
            # from the snapshot, and from the setup (no snapshot: every
            # record replayed, the pair that moved the checkpoint too)
            bare = fs.copy()
            for name in list(bare.files):
                if "/snap" in name:
                    del bare.files[name]
            snapped += len(bare.files) < len(fs.files)
            for r in (resume(fs), resume(bare)):
                assert same(r.session, j.session), "resumed after %r and its undo" % a
                assert r.session.has_prev == j.session.has_prev
            r = resume(fs)
            r.apply("redo")
            j = resume(fs)
            assert same(r.session, j.session)
            assert j.session.tail[-1] == a
        else:
            j.apply(a)
    assert moved == 1, moved      # the checkpoint moved under one of the pairs
    assert snapped, "no resume from a snapshot"


def test_a_resume_passes_over_an_undo_given_back_and_a_redo_taken_back():
    # Players who look at the last action and back leave undo, redo, undo,
    # redo ... in the journal: a resume makes each run of them by its net
    # move (firmware.core.resume._move, _moved), not record by record.  The
    # session must be the one the players left at every point of the
    # pairs, from the snapshot and from the setup line, around the moment
    # the checkpoint moves, and undo must then go back as far, view by view.
    lines = demo_lines()
    first = 2 * DEPTH - 3
    fs = MemFs()
    j = Journal("g", inca, edition(), fs)
    j.start(lines[0])
    for a in lines[1:first]:
        j.apply(a)
    for n, a in enumerate(lines[first:first + 6]):
        j.apply(a)
        kinds = ["undo", "redo"] * (1 + n % 3)
        if n == 2:
            kinds = ["undo"] + kinds + ["redo"]     # two back, and given back
        for kind in kinds:
            j.apply(kind)
            bare = fs.copy()
            for name in list(bare.files):
                if "/snap" in name:
                    del bare.files[name]
            for r in (resume(fs), resume(bare)):
                assert same(r.session, j.session), "resumed after %r and %s" % (a, kind)
    live = j.session
    r = resume(fs).session
    while True:
        a = _undo(live)
        assert a == _undo(r)
        if not a:
            break
        assert _view(live) == _view(r)


def test_undo_and_redo_given_back_after_a_snapshot_apply_no_rule_in_a_resume():
    # what makes them cheap: each undo replayed alone, where the state
    # before the last action is not kept, would apply every action since
    # the checkpoint, and each redo its action
    lines = demo_lines()
    rules = inca.apply
    applied = [0]

    def counted(state, action):
        applied[0] += 1
        return rules(state, action)

    for first in ("undo", "redo"):
        fs = MemFs()
        j = Journal("g", inca, edition(), fs)
        j.start(lines[0])
        for a in lines[1:20]:
            j.apply(a)
        if first == "redo":
            j.apply("undo")
        j.snapshot()
        inca.apply = counted
        try:
            applied[0] = 0
            resume(fs)      # what restoring the snapshot applies (its last action, where it holds the state before)
            restored = applied[0]
            kinds = ("undo", "redo") if first == "undo" else ("redo", "undo")
            for _ in range(10):
                for kind in kinds:
                    j.apply(kind)
            applied[0] = 0
            r = resume(fs)
        finally:
            inca.apply = rules
        assert r.records - r.snap_n == 20 and r.source == "snap.json", (r.records, r.snap_n, r.source)
        assert same(r.session, j.session)
        assert applied[0] == restored, (first, applied[0], restored)


def _appended(fs, kinds):
    """The journal on fs with records of kinds appended as another program
    could write them (their checksums chained right); where it ended."""
    text = fs.files["g/journal.txt"]
    cut = len(text)
    for kind in kinds:
        crc = store.crc32((kind + "\n").encode(), int(text[-9:-1], 16))
        text += kind.encode() + (" #%08x\n" % crc).encode()
    fs.files["g/journal.txt"] = text
    return cut


def test_an_undo_or_redo_refused_in_a_run_is_dropped_with_what_follows():
    # runs of undo and redo are made by their net move (_move): one that
    # the game refuses still ends the replay where it stands, the moves
    # before it made
    lines = demo_lines()
    for made, bad, tail, redo, why in (
            (["undo"], ["undo", "redo"], [], [lines[1]], "nothing to undo"),
            (["undo", "redo"], ["redo", "undo"], [lines[1]], [], "nothing to redo"),
            (["undo", "redo", "undo"], ["undo", "undo"], [], [lines[1]], "nothing to undo")):
        fs = MemFs()
        j = Journal("g", inca, edition(), fs)
        j.start(lines[0])
        j.apply(lines[1])
        for kind in made:
            j.apply(kind)
        cut = _appended(fs, bad)
        r = resume(fs)
        assert r.records == 2 + len(made), (made, r.notes)
        assert r.end == cut
        assert any(why in n for n in r.notes), r.notes
        assert r.session.tail == tail and r.session.redo_stack == redo, made


def test_a_kept_value_that_outgrows_its_room_gets_one_larger_buffer():
    from firmware.core.session import Kept
    k = Kept({"a": [1] * 10})
    first = k.buf
    assert k.room == k.n * 5 // 4 + 64            # a quarter more than the text
    k.put({"a": [1] * 12})                         # within the room: the same buffer
    assert k.buf is first and k.get() == {"a": [1] * 12}
    k.put({"a": [1] * 200})                        # outgrown: a new one, with room to spare
    grown = k.buf
    assert grown is not first and k.room == k.n + k.n // 4 + 64 and k.get() == {"a": [1] * 200}
    k.put({"a": [2] * 3})                          # shorter again: blanked, the same buffer
    assert k.buf is grown and k.get() == {"a": [2] * 3}
    k.put({"a": [3] * 210})
    assert k.buf is grown and k.get() == {"a": [3] * 210}


def test_a_kept_value_keeps_its_grown_buffer_where_the_heap_has_no_room_for_a_new_one():
    from firmware.core import session
    k = session.Kept({"a": [1] * 10})
    real = session._buffer

    def no_room(size):
        raise MemoryError
    session._buffer = no_room
    try:
        k.put({"a": [1] * 200})                    # outgrown, no block for a new buffer
    finally:
        session._buffer = real
    assert k.get() == {"a": [1] * 200}            # the old one, grown, holds it
    assert k.room == k.n + k.n // 8                # tried again once the text nears its end again
    k.put({"a": [4] * 5})
    assert k.get() == {"a": [4] * 5}


def test_a_kept_value_gets_its_larger_buffer_before_its_text_outgrows_the_one_it_has():
    # json writing past a buffer's end grows it a few bytes at a time, a new
    # block each time beside the last: the new buffer comes while the text
    # still fits the old one (near its room's end), and where the heap has
    # no block for it, is looked for again only once the text nears the
    # end of the room it has
    from firmware.core import session
    k = session.Kept({"a": [1] * 40})
    first, room = k.buf, k.room
    near = 40
    while len(json.dumps({"a": [1] * (near + 1)}, separators=(",", ":"))) <= room - room // 8:
        near += 1
    k.put({"a": [1] * near})                       # not yet near its end: the same buffer
    assert k.buf is first and k.room == room
    real = session._buffer
    made = []

    def no_room(size):
        made.append(size)
        raise MemoryError
    session._buffer = no_room
    try:
        k.put({"a": [1] * (near + 1)})             # near its end, no block for a new one
        assert made and k.buf is first and k.n <= room and k.room == room + room // 8
        del made[:]
        k.put({"a": [1] * (near + 2)})             # not tried again at every action
        assert not made and k.get() == {"a": [1] * (near + 2)}
    finally:
        session._buffer = real
    k.put({"a": [1] * (near + 2)})
    assert k.buf is first                          # (still under the room it has)
    k2 = session.Kept({"a": [1] * 40})
    first = k2.buf
    k2.put({"a": [1] * (near + 1)})                # near its end, with room: a new one at once
    assert k2.buf is not first and k2.n <= room and k2.room == k2.n + k2.n // 4 + 64
    assert k2.get() == {"a": [1] * (near + 1)}


class _NoRoom(io.IOBase):
    """A buffer json cannot write into: no room for it to grow."""
    def seek(self, at, whence=0):
        return 0

    def tell(self):
        return 0

    def write(self, b):
        raise MemoryError


def test_a_kept_value_whose_buffer_cannot_grow_is_written_into_one_made_where_it_was():
    # json found no room to grow the buffer past its end: the buffer (its
    # text being written over) goes, and one of the text's size and a
    # quarter is made in the room it leaves
    from firmware.core import session
    k = session.Kept({"a": [1] * 10})
    k.buf = _NoRoom()
    k.put({"a": [1] * 100})
    assert not isinstance(k.buf, _NoRoom) and k.get() == {"a": [1] * 100}
    assert k.room == k.n + k.n // 4 + 64
    k.put({"a": [2] * 3})
    assert k.get() == {"a": [2] * 3}
    # where there is no room for that one either, the action stops there
    # (MemoryError), and the value keeps a buffer: the next put finds one
    k.buf = _NoRoom()
    real = session._buffer

    def only_empty(size):
        if size:
            raise MemoryError
        return real(0)
    session._buffer = only_empty
    try:
        try:
            k.put({"a": [1] * 100})
            raise AssertionError("no MemoryError")
        except MemoryError:
            pass
    finally:
        session._buffer = real
    assert not isinstance(k.buf, _NoRoom) and k.room == 0
    k.put({"a": [5] * 50})
    assert k.get() == {"a": [5] * 50} and k.room == k.n + k.n // 4 + 64


def test_the_undo_kept_aside_at_the_end_comes_back_and_a_damaged_one_is_lost_not_the_game():
    # a game that has ended lets go of its undo's two kept copies while its
    # code is made (Journal.aside): an undo reads them back from their file
    lines = demo_lines()
    for damaged in (False, True):
        fs = MemFs()
        j = Journal("g", inca, edition(), fs)
        j.start(lines[0])
        for a in lines[1:-1]:
            j.apply(a)
        before = _view(j.session)
        j.apply(lines[-1])
        end = _view(j.session)
        assert j.session.view()["over"]
        assert j.aside() and j.session.base is None and j.session.prev is None
        if damaged:
            with fs.open("g/undo-aside.txt", "rb") as f:
                data = f.read()
            with fs.open("g/undo-aside.txt", "wb") as f:
                f.write(data[:-1] + (b"x" if data[-1:] != b"x" else b"y"))
            records = j.records
            try:
                j.apply("undo")
                refused = False
            except IllegalAction:
                refused = True
            assert refused and j.records == records and _view(j.session) == end
            assert [n for n in j.notes if "could not be read back (its text is damaged)" in n]
            continue
        assert j.apply("undo") == "undo" and _view(j.session) == before
        assert j.apply("undo") == "undo"
        assert j.apply("redo") == "redo" and j.apply("redo") == "redo" and _view(j.session) == end
        # what a boot resumes is the same game
        assert same(resume(fs).session, j.session)
