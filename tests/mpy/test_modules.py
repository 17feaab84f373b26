# firmware.core.modules.forget: on a board, code that is done with (the
# resume code after a boot, a setup wizard once its game has started) leaves
# the heap, and comes back when it is imported again.  On CPython forget
# does nothing (a second copy of a module would have classes of its own).
# Portable: run by pytest on CPython and by tests/mpy/run.py under the
# MicroPython unix port.
import gc
import sys

from test_journal_fs import MemFs, demo_lines, play, resume, rmtree, scratch

from firmware.core.modules import forget

ON_BOARD = sys.implementation.name == "micropython"


def test_a_forgotten_module_leaves_the_heap_and_comes_back():
    import firmware.games.inca.setup  # noqa: F401
    gc.collect()
    before = gc.mem_alloc() if ON_BOARD else 0
    forget("firmware.games.inca.setup")
    gc.collect()
    if not ON_BOARD:
        assert "firmware.games.inca.setup" in sys.modules
        return
    freed = before - gc.mem_alloc()
    assert "firmware.games.inca.setup" not in sys.modules
    assert not hasattr(sys.modules["firmware.games.inca"], "setup")
    assert freed > 1024, freed
    from firmware.games.inca.setup import Setup
    assert Setup().title
    forget("firmware.no_such_module")   # nothing to forget: nothing happens


def test_the_resume_code_is_forgotten_after_a_resume():
    fs = MemFs()
    lines = demo_lines()[:50]
    j, _ = play(fs, lines)
    r = resume(fs)
    assert r.records == len(lines)
    assert ("firmware.core.resume" in sys.modules) != ON_BOARD


def test_a_boot_with_no_saved_game_does_not_keep_the_resume_code():
    # the game picker and the game then set up never need it: it was a
    # sixth of the heap a new game took on the Pico
    from firmware.app import App
    data = scratch("no-game")
    try:
        app = App(None, None, data_dir=data)
        assert app._saved_game() == (None, False)
        assert ("firmware.core.resume" in sys.modules) != ON_BOARD
    finally:
        rmtree(data)
