"""A busy board draws once after several presses (presses that came while
it drew are taken together, as on CircuitPython, the web page, or a Pico
under fast presses): what it shows then is what it shows drawing after
every press.  The scripted Inca game, on the colour and the mono board,
its presses in random runs of 1 to 30 between two frames."""
import random

import pytest

from bench import scripts
from firmware.screenkit.nav import PROFILES
from host_sim import device, render
from hostkit import events


@pytest.mark.parametrize("board", ["pico_display", "pico_oled"])
def test_a_frame_after_several_presses_is_the_frame_after_each(board, tmp_path):
    rng = random.Random(board)
    intents = [e for k in scripts.session("inca", board) for e in events(PROFILES["four"], k)]
    apps = []
    for name in ("each", "runs"):
        d = tmp_path / name
        d.mkdir()
        app, _ = device.build(board, str(d), scripts.SEED)
        app.board.seed = lambda: scripts.SEED
        apps.append(app)
    each, runs = apps
    run = rng.randint(1, 30)
    compared = 0
    for i, e in enumerate(intents):
        each.key(e)
        each.render()
        runs.key(e)
        run -= 1
        if run and i + 1 < len(intents):
            continue
        runs.render()
        assert render.pixels(runs.board.cv) == render.pixels(each.board.cv), \
            "after press %d (%s), a frame after the last %s" % (i, e, "presses")
        compared += 1
        run = rng.randint(1, 30)
    assert each.play.view()["over"] and compared > 20
