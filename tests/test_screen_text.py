"""The screen as text (python -m host_sim --keys ... --text): after each key a
"== N KEY" line, then the frame's text row by row, the cursor's row marked
"> ".  It reads the frame as drawn, partial redraws and scrolls included."""
import os
import subprocess
import sys

from host_sim import device, sim
from test_micropython import ROOT


def screens(board, keys, lang=None, moved=None):
    """[(header, [lines])] of a key script played from a fresh device;
    moved: a list that gets an item for each scroll the canvas made by
    moving rows."""
    app, prof = device.build(board, None, 1, lang=lang)
    if moved is not None:
        real = app.board.cv.move_rows

        def move_rows(*a):
            done = real(*a)
            if done:
                moved.append(a)
            return done
        app.board.cv.move_rows = move_rows
    out = []
    sim.play_keys(app, prof, keys.split(), text=lambda lines: out.append((lines[0], lines[1:])))
    return out


def test_the_text_follows_the_cursor_and_the_screens():
    shots = screens("pico_oled", "down down ok")
    assert [h for h, _ in shots] == ["== 0 (start)", "== 1 down", "== 2 down", "== 3 ok"]
    first = shots[0][1]
    assert first[0] == "Which game?"
    assert first[4] == "> Inca Empire"
    # a cursor move redraws two rows only: the text read is the whole screen still
    assert shots[2][1][2:5] == ["Inca Empire", "Eight-Minute Empire", "> Origin"]
    assert sum(ln.startswith("> ") for ln in shots[2][1]) == 1
    # OK opened Origin's set-up: a new screen, none of the picker's rows left
    assert "Inca Empire" not in shots[3][1]


def test_a_list_scrolled_on_the_colour_screen_is_read_after_its_rows_moved():
    # the colour canvas moves the rows of a list scrolled by one (move_rows)
    moved = []
    shots = screens("pico_display", "ok " + "down " * 8, moved=moved)
    assert moved
    menu = shots[-1][1]
    cur = [ln for ln in menu if ln.startswith("> ")]
    assert len(cur) == 1
    # what a full redraw of the same screen reads
    app, prof = device.build("pico_display", None, 1)
    from host_sim.textshot import TextShot
    sim.play_keys(app, prof, ("ok " + "down " * 8).split())
    shot = TextShot(app.board.cv, app.board.lay)
    app.screens.dirty = True
    app.render()
    assert shot.lines() == menu


def test_the_command_line_prints_the_text_and_no_json():
    r = subprocess.run([sys.executable, "-m", "host_sim", "--keys", "ok", "--text", "--lang", "es"],
                       cwd=ROOT, capture_output=True, text=True, timeout=60,
                       env=dict(os.environ, PYTHONPATH=ROOT))
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0] == "== 0 (start)" and "== 1 ok" in lines
    assert not any(ln.startswith("{") for ln in lines)
