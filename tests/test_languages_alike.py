"""The same presses play the same game in English, Russian and Spanish:
nothing a player presses depends on how the words of a language wrap.
A name too long for its row goes on under it on rows the cursor passes
over (widgets.MORE); an action's results are shown over the next screen
or on a screen of their own by their number of lines, not their width
(Screens.tell).  The scripted game is played through the buttons in
English, and its very presses are played again in the other two."""
import pytest

from bench import presses, scripts
from host_sim import device, keyplan


def _english(game, board):
    app, _ = device.build(board, None, scripts.SEED, lang="en")
    app.board.seed = lambda: scripts.SEED
    lines = presses._lines(game)
    planner = keyplan.planner(game)
    keys = []
    real = app.key

    def key(k, at=None):
        keys.append(k)
        real(k, at)
    app.key = key
    planner.setup(app, lines[0], [])
    for line in lines[1:]:
        keyplan.step(app, planner.action, line, [])
    keyplan.dismiss(app, [])
    return app, keys


def _again(game, board, lang, keys):
    app, _ = device.build(board, None, scripts.SEED, lang=lang)
    app.board.seed = lambda: scripts.SEED
    for k in keys:
        app.key(k)
        app.render()
    return app


@pytest.mark.parametrize("game,board", [("inca", "pico_oled"), ("eightmin", "esp32_tdisplay"),
                                        ("origin", "pico_display"),
                                        ("yu", "pico_oled")])
def test_the_same_presses_play_the_same_game_in_every_language(game, board):
    app, keys = _english(game, board)
    want = app.play.view()
    assert want.get("over") or game == "yu", want
    tail = list(app.play.session.tail)
    for lang in ("ru", "es"):
        other = _again(game, board, lang, keys)
        assert other.play.session.tail == tail, lang
        assert other.play.view() == want, lang
