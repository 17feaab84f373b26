"""On the colour screens every player whose colour the palette has is drawn
in it: Eight-Minute Empire's red, yellow and purple and Origin's red and
yellow too, not only Inca Empire's four."""
import os

import pytest

from firmware.screenkit.layout import PLAYER_RGB
from host_sim import device

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _journaled(tmp, game, lines):
    import json
    from firmware.core.journal import Journal
    from firmware.games.registry import module
    with open(os.path.join(ROOT, "assets", game, "edition.json")) as f:
        edition = json.load(f)
    data = os.path.join(str(tmp), "dev")
    j = Journal(os.path.join(data, "game"), module(game), edition)
    j.start(lines[0])
    for a in lines[1:]:
        j.apply(a)
    return data


def _indices(cv):
    """The palette indices the colour frame holds (GS4_HMSB: two a byte)."""
    out = set()
    for b in bytes(cv.buf):
        out.add(b >> 4)
        out.add(b & 15)
    return out


@pytest.mark.parametrize("game,setup,colours", [
    ("eightmin", "eightmin players=red,yellow,purple", ("red", "yellow", "purple")),
    ("origin", "origin players=yellow,red,blue,green", ("yellow", "red", "blue", "green")),
])
@pytest.mark.parametrize("board", ["pico_display", "esp32_tdisplay"])
def test_each_player_is_drawn_in_their_colour_on_the_home_screen(game, setup, colours, board, tmp_path):
    data = _journaled(tmp_path, game, [setup])
    app, _ = device.build(board, data, 1)
    app.screens.dirty = True
    app.render()
    shown = _indices(app.board.cv)
    turn = app.play.view().get("turn")
    for c in colours:
        assert c in dict(PLAYER_RGB)
        if c != turn:       # the player whose turn it is: on the cursor's bar
            assert app.board.lay.player[c] in shown, (game, c)


def test_players_named_not_coloured_are_drawn_in_the_screens_own_colour(tmp_path):
    data = _journaled(tmp_path, "origin", ["origin players=ana,ben"])
    app, _ = device.build("pico_display", data, 1)
    app.screens.dirty = True
    app.render()
    assert not _indices(app.board.cv) & set(app.board.lay.player.values())
