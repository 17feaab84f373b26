"""Golden screenshots of every screen in both layouts, and the same frames
byte for byte under MicroPython (real framebuf) and CPython (stand-in).

The screens are reached from a game journaled from a committed transcript,
then by pressing keys.  To accept new screenshots after a deliberate change:
    UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/test_ui_screens.py
and look at tests/golden/ before committing."""
import os
import subprocess
import sys

import pytest

from firmware.core.journal import Journal
from firmware.games import inca
from host_sim import device, render
from test_micropython import ROOT, run_mpy

GOLDEN = os.path.join(ROOT, "tests", "golden")
UPDATE = os.environ.get("UPDATE_GOLDEN") == "1"


def transcript(name, upto=None):
    with open(os.path.join(ROOT, "tests", "scenarios", name + ".txt")) as f:
        lines = [ln.split("#")[0].strip() for ln in f.read().splitlines()]
    lines = [ln for ln in lines if ln]
    return lines if upto is None else lines[:upto]


def journaled(tmp, lines):
    """A device data directory holding this game in its journal."""
    import json
    with open(os.path.join(ROOT, "assets", "inca", "edition.json")) as f:
        ed = json.load(f)
    data = os.path.join(str(tmp), "dev")
    j = Journal(os.path.join(data, "game"), inca, ed)
    j.start(lines[0])
    for a in lines[1:]:
        j.apply(a)
    return data


def first(lines, words):
    """Length of the transcript prefix that ends just before the first
    action starting with `words`."""
    for i, ln in enumerate(lines):
        if ln.startswith(words):
            return i
    raise AssertionError(words)


W = transcript("worked_example")
P = transcript("pizarro_four")
# name: (transcript, prefix length, keys)
SCREENS = {
    "setup": (None, 0, []),
    "setup_three": (None, 0, ["ok", "down"]),
    "board_check": (None, 0, ["down", "down", "down", "down", "ok"]),
    "marker_kinds": (None, 0, ["down", "down", "down", "down", "ok", "up", "ok"]),
    "settings": (None, 0, ["up", "up", "ok"]),
    "turn_order": (None, 0, ["up", "ok"]),
    "home_inca": (W, 14, []),
    "inca_menu": (W, 14, ["ok"]),
    "sun_menu": (W, 16, ["ok"]),
    "card_picker": (W, 16, ["ok", "ok"]),
    "effects": (W, 25, ["ok", "down", "down", "down", "down", "down", "ok"]),
    "people_menu": (W, 25, ["ok"]),
    "home_people": (W, 25, []),
    "conquest": (W, 25, ["ok", "down", "down", "down", "down", "down", "ok"]),
    "by_numbers": (W, 25, ["ok", "down", "down", "down", "down", "down", "ok", "up", "ok"]),
    "temple_site": (W, 25, ["ok", "down", "down", "down", "down", "down", "down", "ok"]),
    "refused": (W, 25, ["ok", "ok"]),
    "sapa_menu": (W, first(W, "connected"), ["ok"]),
    "connected": (W, first(W, "connected"), ["ok", "ok"]),
    "scoring": (W, first(W, "connected") + 4, ["ok", "ok"]),
    "history": (W, 25, ["back"]),
    "corrections": (W, 25, ["ok", "up", "up", "up", "ok"]),
    "confirm_new": (W, 25, ["ok", "up", "ok"]),
    "pizarro": (P, None, ["ok", "ok"]),
    "final": (P, None, []),
}
BOARDS = {"pico_oled": (128, 64, False), "pico_display": (240, 135, True)}


def _state(tmp, name):
    lines, upto, keys = SCREENS[name]
    if lines is None:
        return None, keys
    if name == "pizarro":
        # the People phase whose end brings Pizarro: stop just before that 'next'
        from firmware.core.session import Session
        import json
        with open(os.path.join(ROOT, "assets", "inca", "edition.json")) as f:
            ed = json.load(f)
        ss = Session(inca, ed, lines[0])
        for i, a in enumerate(lines[1:], 1):
            ss.apply(a)
            if any(e[0] == "pizarro" and e[2] for e in ss.state["ev"]):
                upto = i
                break
        return journaled(tmp, lines[:upto]), keys
    return journaled(tmp, lines if upto is None else lines[:upto]), keys


@pytest.mark.parametrize("board", sorted(BOARDS))
@pytest.mark.parametrize("name", sorted(SCREENS))
def test_golden_screen(board, name, tmp_path):
    data, keys = _state(tmp_path, name)
    app, prof = device.build(board, data or str(tmp_path / "fresh"), 1)
    for k in keys:
        app.key(k)
        app.render()
    path = os.path.join(GOLDEN, board, name + ".png")
    new = str(tmp_path / "new.png")
    render.png(app.cv, new)
    with open(new, "rb") as f:
        got = f.read()
    if UPDATE or not os.path.exists(path):
        assert UPDATE, "no golden screenshot %s: run with UPDATE_GOLDEN=1 and look at it" % path
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(got)
    with open(path, "rb") as f:
        want = f.read()
    if got != want:
        os.makedirs(os.path.join(ROOT, "out", "golden", board), exist_ok=True)
        with open(os.path.join(ROOT, "out", "golden", board, name + ".png"), "wb") as f:
            f.write(got)
    assert got == want, "%s differs from %s (new one in out/golden/)" % (name, path)


@pytest.mark.parametrize("board", sorted(BOARDS))
def test_frame_buffers_identical_under_micropython(board, tmp_path):
    w, h, colour = BOARDS[board]
    for name in ("setup", "people_menu", "card_picker", "scoring", "final"):
        data, keys = _state(tmp_path / name, name)
        data = data or str(tmp_path / name / "fresh")
        # copies, so both runs start from the same files
        import shutil
        a, b = str(tmp_path / name / "py"), str(tmp_path / name / "mp")
        if os.path.exists(data):
            shutil.copytree(data, a)
            shutil.copytree(data, b)
        args = ["tests/screens_script.py", str(w), str(h), "1" if colour else "0"]
        py = subprocess.run([sys.executable] + args + [a] + keys, cwd=ROOT, capture_output=True, text=True)
        mp = run_mpy(args + [b] + keys)
        assert py.returncode == 0, py.stderr
        assert mp.returncode == 0, mp.stderr + mp.stdout
        assert len(py.stdout.split()) == len(keys) + 1
        assert mp.stdout == py.stdout, name
