# firmware.core.session.reserve: two buffers made at power-on for the first
# game's kept copies, so that they have room at the start of a game (or its
# resume) in a heap that the set-up has cut into small pieces.
# Portable: run by pytest on CPython and by tests/mpy/run.py under the
# MicroPython unix port (where the heap is MicroPython's: it does not compact).
import gc
import json
import sys

from firmware.core import session

ON_BOARD = sys.implementation.name == "micropython"


def state(n):
    """A game state's changing part, its JSON text growing with n."""
    return {"p": dict(("player%d" % i, {"vp": i, "labor": [i] * n, "m": []}) for i in range(4)),
            "ev": [["income", "blue", 3]] * 20}


FITS = state(70)        # 1.2 kB of text: the buffers' room and a quarter more
SMALL = state(5)        # 0.4 kB: two buffers of 1.8 kB would waste most of them
SEP = (",", ":")


def _cut_up():
    """Fill the heap with blocks of 512 bytes, then let go of every other
    one: the heap has room left, in holes too small for a kept copy's
    buffer.  Returns what keeps the others (drop it to undo)."""
    keep = [None] * 16384
    n = 0
    try:
        while n < len(keep):
            keep[n] = bytearray(512)
            n += 1
    except MemoryError:
        pass
    for i in range(0, n, 2):
        keep[i] = None
    gc.collect()
    return keep


def test_the_states_used_here_are_of_the_sizes_they_stand_for():
    fits = len(json.dumps(FITS, separators=SEP)) * 5 // 4 + 64
    assert session.RESERVE * 2 // 3 <= fits <= session.RESERVE, fits
    assert len(json.dumps(SMALL, separators=SEP)) * 5 // 4 + 64 < session.RESERVE * 2 // 3


def test_the_first_games_copies_are_kept_in_the_buffers_made_at_power_on():
    if not ON_BOARD:
        session.reserve()
        assert session._reserve is None     # CPython: no heap of blocks to guard against
        room, one, two = session.buffers(FITS, None)
        assert one is None and two is None and room > 1024
        return
    assert session._reserve is None
    keep = _cut_up()
    try:
        session.Kept(FITS)
        made = True
    except MemoryError:
        made = False
    del keep
    gc.collect()
    assert not made                         # without them: no block for a copy
    session.reserve()
    pair = session._reserve
    assert len(pair) == 2
    keep = _cut_up()
    room, one, two = session.buffers(FITS, None)
    assert (room, one, two) == (session.RESERVE, pair[0], pair[1]) and session._reserve is None
    base = session.Kept(FITS, room, None, one)
    prev = session.Kept(FITS, room, None, two)
    del keep
    assert base.get() == FITS and prev.get() == FITS
    prev.put(SMALL)
    assert prev.get() == SMALL and base.get() == FITS


def test_a_smaller_state_gets_buffers_of_its_size_made_where_they_were():
    """A state's text well under them (Eight-Minute Empire's): the two are
    let go of and two of its own size made at once, in the room they
    leave, before anything else takes it: in a heap cut up by the set-up
    there is none elsewhere."""
    session._reserve = None
    room = len(json.dumps(SMALL, separators=SEP)) * 5 // 4 + 64
    if not ON_BOARD:
        session.reserve()
        assert session.buffers(SMALL, None) == (room, None, None)
        assert session.Kept(SMALL, room).get() == SMALL
        return
    session.reserve()
    keep = _cut_up()
    got, one, two = session.buffers(SMALL, None)
    assert got == room and session._reserve is None
    assert one is not None and two is not None
    base = session.Kept(SMALL, room, None, one)
    prev = session.Kept(SMALL, room, None, two)
    del keep
    assert base.get() == SMALL and prev.get() == SMALL


def test_a_state_over_them_lets_them_go_and_each_copy_makes_its_own():
    big = state(160)
    room = len(json.dumps(big, separators=SEP)) * 5 // 4 + 64
    assert room > session.RESERVE
    session._reserve = None
    session.reserve()
    assert session.buffers(big, None) == (room, None, None) and session._reserve is None
    assert session.Kept(big, room).get() == big
