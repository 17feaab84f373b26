# firmware.core.modules: on a board, code that is done with (the resume
# code after a boot, a setup wizard once its game has started) leaves the
# heap, and comes back when it is imported again.  On CPython done_with
# does nothing (a second copy of a module would have classes of its own).
# Portable: run by pytest on CPython and by tests/mpy/run.py under the
# MicroPython unix port.
import gc
import sys

from test_journal_fs import MemFs, demo_lines, play, resume, rmtree, scratch

from firmware.core.modules import done_with

ON_BOARD = sys.implementation.name == "micropython"


def _load(name):
    __import__(name)


def _heap_after_collect():
    gc.collect()
    return gc.mem_alloc() if ON_BOARD else 0


def test_a_forgotten_module_leaves_the_heap_and_comes_back():
    # loaded, and the heap measured, in calls of their own: a pointer the
    # import left in this function's frame would keep the module (the
    # collector scans the stack conservatively)
    _load("firmware.games.inca.setup")
    before = _heap_after_collect()
    done_with("firmware.games.inca.setup")
    after = _heap_after_collect()
    if not ON_BOARD:
        assert "firmware.games.inca.setup" in sys.modules
        return
    freed = before - after
    assert "firmware.games.inca.setup" not in sys.modules
    assert not hasattr(sys.modules["firmware.games.inca"], "setup")
    assert freed > 1024, freed
    from firmware.games.inca.setup import Setup
    assert Setup().title
    done_with("firmware.no_such_module")   # nothing to let go of: nothing happens


def test_the_resume_code_is_forgotten_after_a_resume():
    fs = MemFs()
    lines = demo_lines()[:50]
    j, _ = play(fs, lines)
    r = resume(fs)
    assert r.records == len(lines)
    for m in ("firmware.core.resume", "firmware.core.restoring"):
        assert (m in sys.modules) != ON_BOARD, m


def test_a_resume_from_a_snapshot_loads_the_resume_code_once():
    # the net replay (firmware/core/netreplay.py) imports from resume.py
    # during the resume: were resume.py let go of before the call, that
    # import would run it a second time (on a Pico 30 ms of a boot, and a
    # second copy in the heap of a board whose code is there)
    import builtins
    fs = MemFs()
    lines = demo_lines()[:100]
    play(fs, lines)
    assert "snap.json" in fs.listdir("g")
    loaded = []
    real = builtins.__import__

    def counted(name, *args):
        if name not in sys.modules:
            loaded.append(name)
        return real(name, *args)
    builtins.__import__ = counted
    try:
        r = resume(fs)
    finally:
        builtins.__import__ = real
    assert r.records == len(lines) and r.source == "snap.json"
    assert loaded.count("firmware.core.resume") <= 1, loaded
    if ON_BOARD:
        assert "firmware.core.netreplay" in loaded, loaded


def test_a_new_games_setup_code_leaves_the_heap_once_the_game_is_set_up():
    # Inca Empire's start.py and the era track's builder run once a game
    import firmware.games.inca as inca
    s = inca.new("inca players=blue,orange,green seed=5", _inca_edition())
    assert s["order"] and s["track"] and s["copies"]
    assert ("firmware.games.inca.start" in sys.modules) != ON_BOARD
    s2 = inca.new("inca players=blue,orange,green seed=5", _inca_edition())   # and it comes back
    assert s2 == s


def test_a_game_that_has_ended_leaves_with_all_its_modules():
    from firmware.games import registry as games
    games.ui("origin")      # its engine and screens
    games.done_with("yu")
    games.done_with("yu")   # a game not loaded (any more): nothing to do
    loaded = [m for m in sys.modules if m.startswith("firmware.games.origin")]
    assert "firmware.games.origin.ui" in loaded and "firmware.games.origin.engine" in loaded, loaded
    if ON_BOARD:
        assert "firmware.games.yu" not in sys.modules
    games.done_with("origin")
    left = [m for m in sys.modules if m.startswith("firmware.games.origin")]
    assert (left == []) == ON_BOARD, left


def _inca_edition():
    import json
    with open("assets/inca/edition.json") as f:
        return json.load(f)


def test_a_boot_with_no_saved_game_does_not_keep_the_resume_code():
    # the game picker and the game then set up never need it: it was a
    # sixth of the heap a new game took on the Pico
    from firmware.app import App
    data = scratch("no-game")
    try:
        app = App(None, None, data_dir=data)
        from firmware import chooser
        assert chooser.saved_game(app) == (None, False)
        # nor what it imports (the checks and repairs it shares with recovery)
        for m in ("firmware.core.resume", "firmware.core.restoring"):
            assert (m in sys.modules) != ON_BOARD, m
    finally:
        rmtree(data)


def _imported_names(top="firmware"):
    """The top-level module names the firmware's files import (a game's
    host.py is the simulator's, never on a board: flash.sh leaves it off)."""
    import os
    names = []
    for name in os.listdir(top):
        path = top + "/" + name
        if name.endswith(".py") and name != "host.py":
            with open(path) as f:
                for line in f:
                    words = line.strip().split()
                    if len(words) > 1 and words[0] in ("import", "from"):
                        n = words[1].split(".")[0].rstrip(",")
                        if n not in names:
                            names.append(n)
        elif "." not in name:
            for n in _imported_names(path):
                if n not in names:
                    names.append(n)
    return names


def _extensible(names):
    """Those of `names` that are built-in modules a file on sys.path can
    stand in for (MicroPython's extensible modules): found by putting a
    file of each name first on sys.path."""
    d = scratch("shadow")
    for n in names:
        with open("%s/%s.py" % (d, n), "w") as f:
            f.write("SHADOW = True\n")
    kept = {}
    found = []
    sys.path.insert(0, d)
    try:
        for n in names:
            if n in sys.modules:
                kept[n] = sys.modules.pop(n)
            try:
                m = __import__(n)
            except ImportError:
                continue
            if getattr(m, "SHADOW", False):
                sys.modules.pop(n, None)
                if n in kept:
                    continue        # imported before from a file of ours: not built in
                found.append(n)
    finally:
        sys.path.pop(0)
        for n, m in kept.items():
            sys.modules[n] = m
        rmtree(d)
    return found


def test_every_extensible_builtin_the_firmware_imports_is_kept_in_sys_modules():
    # A built-in module that a file may extend (json, os, time...) is
    # searched for on the file system at every import of it: about 4 ms on
    # a Pico.  firmware.bringup.keep_builtins keeps each in sys.modules.
    from firmware import bringup as main
    if not ON_BOARD:
        before = sys.modules.get("json")
        main.keep_builtins()    # CPython: nothing to do, nothing done
        assert sys.modules.get("json") is before
        return
    builtin = []
    for n in _imported_names():
        try:
            m = __import__(n)
        except ImportError:
            continue            # another board's (CircuitPython's), or a word in a comment
        if not hasattr(m, "__file__"):
            builtin.append(n)
    found = _extensible(builtin)
    assert "json" in found and "os" in found, found       # the check itself works
    missing = [n for n in found if n not in main.BUILTINS and n != "deflate"]   # deflate: no "u" name
    assert not missing, "extensible built-ins imported but not kept: %s" % missing
    main.keep_builtins()
    for n in main.BUILTINS:
        try:
            m = __import__("u" + n)
        except ImportError:
            continue            # not in this build
        assert sys.modules.get(n) is m, n
        assert not hasattr(m, "SHADOW")


def test_the_code_that_boots_and_sets_up_a_game_leaves_once_a_game_is_played():
    # firmware/chooser.py: with the game picker on the screen it is needed;
    # once a game is played it is forgotten, and it comes back for New game
    try:
        import framebuf  # noqa: F401
    except ImportError:  # CPython: the stand-in
        import os
        sys.path.insert(0, os.getcwd() + "/host_sim/fakes")
    from firmware.app import App
    from firmware.core.font import Font
    from firmware.hal.canvas import Canvas
    from firmware.screenkit.layout import Layout
    data = scratch("chooser")
    try:
        font = Font("assets/fonts/small.fnt")
        lay = Layout(128, 64, font, False)
        app = App(lay, Canvas(128, 64, False, font), None, data, seed=lambda: 5)
        app.boot()
        assert "firmware.chooser" in sys.modules       # the picker is on the screen
        app.key("ok")                                  # Inca Empire: its set-up
        app.play.start_game("inca players=blue,orange,green")
        assert app.play.session is not None
        assert ("firmware.chooser" in sys.modules) != ON_BOARD
        app.screens.confirm_new_game()                         # and back for New game
        assert "firmware.chooser" in sys.modules
        app.screens.pop()                                      # No: gone again
        assert ("firmware.chooser" in sys.modules) != ON_BOARD
        app.screens.confirm_new_game()
        app.screens.open_picker(True)
        app.key("down")
        app.key("back")                                # out of the picker: gone
        assert app.play.view()["players"] and ("firmware.chooser" in sys.modules) != ON_BOARD
        app2 = App(lay, Canvas(128, 64, False, font), None, data, seed=lambda: 5)
        app2.boot()                                    # the game resumed
        assert app2.play.session is not None and app2.play.view() == app.play.view()
        assert ("firmware.chooser" in sys.modules) != ON_BOARD
    finally:
        rmtree(data)


def test_code_loaded_for_one_use_leaves_and_code_loaded_for_a_while_stays():
    from firmware.core.modules import use, use_once
    name = "firmware.core.gamefiles"
    done_with(name)
    assert use_once(name, "record")("next", 0) == use_once(name, "record")("next", 0)
    data, crc = use_once(name, "record")("next", 0)
    assert data.startswith(b"next #") and data.endswith(b"\n") and crc != 0
    assert (name in sys.modules) != ON_BOARD    # forgotten once used (on a board)
    assert use(name, "record")("undo", crc)[0].startswith(b"undo #")
    assert name in sys.modules                  # kept until done with
    done_with(name)
    assert (name in sys.modules) != ON_BOARD

