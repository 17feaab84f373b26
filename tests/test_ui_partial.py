"""A press that only moves the cursor redraws two rows, not the screen
(firmware.screenkit.widgets.Screen.redraw).  Whole games of every game, through the
buttons from the game picker, on the build as it goes to the board (mono
and colour) under the MicroPython unix port: after every press the frame is
compared with a full redraw of the same screen (bench/device_game.py
--check).  They must be the same to the bit, and the short way must have
been taken often.  A move that scrolls a list by one row moves the rows
on the colour frame (Canvas.move_rows) and draws the one that came into
view; on the mono frame, on a colour screen drawn in bands (the boards'
own: firmware/hal/bands.py, whose panel is also held to a whole frame given
the same presses), and for UP/DOWN in number fields, it redraws in full."""
import os
import subprocess

import pytest

from bench import scripts
from host_sim import device, keyplan
from firmware.games.eightmin import host as keyplan_eightmin
from firmware.games.origin import host as keyplan_origin
from firmware.games.yu import host as keyplan_yu
from test_micropython import micropython

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GAMES = [("inca", keyplan), ("eightmin_three", keyplan_eightmin),
         ("origin_four", keyplan_origin), ("yu_campaign", keyplan_yu)]


def transcript(name):
    if name == "inca":
        return scripts.transcript()   # the benchmark's 4-player game with Pizarro
    with open(os.path.join(ROOT, "tests", "scenarios", name + ".txt")) as f:
        lines = [ln.split("#")[0].strip() for ln in f.read().splitlines()]
    return [ln for ln in lines if ln]


@pytest.mark.parametrize("board", ["pico_oled", "pico_display", "pico_display-whole"])
@pytest.mark.parametrize("name,planner", GAMES, ids=[g[0] for g in GAMES])
def test_a_cursor_move_redraws_exactly_what_a_full_redraw_draws(staged, name, planner, board, tmp_path):
    # pico_display: drawn and sent in bands (firmware/hal/bands.py), its
    # panel against a whole frame given the same presses; -whole: the same
    # board on a whole frame, where a list scrolls by moving rows
    board, _, whole = board.partition("-")
    plan, _ = device.build(board, None, scripts.SEED)
    keys = planner.play(plan, transcript(name))
    # the intents the app is given: a held press's repeats, each drawn
    keys = keyplan.given(keyplan.profile(plan), keys)
    path = tmp_path / "keys"
    path.write_text("".join(scripts.LETTERS[k] for k in keys))
    r = subprocess.run([micropython(), "device_game.py", "--check"] + (["--whole"] if whole else []) +
                       [board, str(tmp_path / "data"), str(path)],
                       cwd=staged[board][0], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, (r.stdout + r.stderr)[-2000:]
    out = dict(line.split(" ", 1) for line in r.stdout.splitlines())
    assert "differs" not in out, "press %s drew another frame than a full redraw" % out["differs"]
    assert int(out["presses"]) == len(keys)
    moves = sum(1 for k in keys if k in ("up", "down", "up+", "down+"))
    assert moves >= 40 and int(out["short"]) >= moves // 4, (out, moves, len(keys))
    if whole and name == "inca":
        assert int(out["scrolled"]) >= 100, out    # the Sun card list and the menus scroll
    elif not whole:
        assert int(out["scrolled"]) == 0, out      # mono: 8 rows to a byte; bands: no frame to move
