"""An action's results over the top of the screen that follows (its band,
Screens.tell): on the home screen the band takes only the rows the home
can spare, every player's row still shown, right under the results; the
choice of band or screen of their own goes by the number of result lines,
the same in every language, so that the same presses play the same game
in English, Russian and Spanish."""
import os

import pytest

from bench import scripts
from firmware.screenkit.nav import PROFILES
from host_sim import device, keyplan
from host_sim.textshot import TextShot

EIGHTMIN_FIVE = ["eightmin players=red,blue,green,yellow,purple seed=5",
                 "bid red 1", "bid blue 2", "bid green 0", "bid yellow 0", "bid purple 0",
                 "take blue 1", "take green 3", "take yellow 2", "take purple 1", "take red 2", "undo",
                 "take red 1", "take blue 2", "undo", "redo", "take green 1"]


def _games():
    from host_sim import games
    return {"inca": scripts.transcript()[:160], "eightmin": EIGHTMIN_FIVE,
            "origin": games.scenario("origin_four")[:60]}


def _frame(app, shot):
    app.screens.dirty = True
    app.render()
    return shot.lines()


@pytest.mark.parametrize("board", ["pico_oled", "pico_display"])
@pytest.mark.parametrize("game", ["inca", "eightmin", "origin"])
def test_results_on_the_home_screen_hide_no_players_row(board, game):
    """Four players (Inca Empire, Origin) and five (Eight-Minute Empire), on
    128x64 and 240x135: after each action whose results stay on the home
    screen, its frame shows every row the home screen shows without them
    (every player's, the one whose turn it is selected), under the results."""
    lines = _games()[game]
    app, _ = device.build(board, None, scripts.SEED)
    app.board.seed = lambda: scripts.SEED
    shot = TextShot(app.board.cv, app.board.lay)
    lay = app.board.lay
    plan = keyplan.planner(lines[0].split()[0])
    keys = []
    plan.setup(app, lines[0], keys)
    players = len(app.play.view()["players"])
    assert players == (5 if game == "eightmin" else 4)
    seen = {}
    for line in lines[1:]:
        keyplan.step(app, plan.action, line, keys)
        notice = app.screens.notice
        if not notice or len(app.screens.stack) != 1:
            continue
        band = _frame(app, shot)
        assert band[:len(notice)] == notice
        assert all(lay.font.width(x) <= lay.w - 2 for x in notice)
        # the same frame with no results over it
        app.screens.notice = None
        plain = _frame(app, shot)
        app.screens.notice = notice
        body = plain[1:len(plain) - lay.footer] if lay.footer and len(plain) == lay.rows else plain[1:]
        assert band[len(notice):len(notice) + len(body)] == body, (line, notice, plain, band)
        shown = min(players, lay.rows - 1 - lay.footer)
        assert len([x for x in body if x.strip()]) >= shown, (line, body)
        turn = app.play.view().get("turn")
        if turn is not None and game != "inca":
            assert [x for x in body if x.startswith("> ")], (line, body)
        seen[len(notice)] = seen.get(len(notice), 0) + 1
    assert seen, "no results stayed on the home screen"
    if board == "pico_oled":
        # four or five players on five text rows: the title's row alone
        assert set(seen) == {1}, seen
    elif game == "inca":
        assert 2 in seen, seen      # results of two lines, the players right under them


def _journal(d):
    with open(os.path.join(d, "game", "journal.txt"), encoding="utf-8") as f:
        return f.read()


@pytest.mark.parametrize("game", ["eightmin", "origin", "yu"])
def test_the_same_presses_play_the_same_game_in_every_language(game, tmp_path):
    """A game's scripted session, its presses planned in English, given to
    the 240x135 board in Russian and in Spanish: the same journal, line for
    line (a result on a screen of its own in one language and in the band
    in another would take one more OK, and the presses after it would do
    other things: Legacy of Yu's did)."""
    board = "pico_display"
    lines = scripts.lines_of(game)
    got = {}
    given = None
    for lang in ("en", "ru", "es"):
        d = str(tmp_path / lang)
        os.mkdir(d)
        app, _ = device.build(board, d, scripts.SEED, lang=lang)
        app.board.seed = lambda: scripts.SEED
        if given is None:
            given = keyplan.given(PROFILES["four" if app.board.has_up else "two"], keyplan.play(app, lines))
        else:
            for k in given:
                app.key(k)
        got[lang] = _journal(d)
    assert got["en"].count("\n") > 20
    assert got["ru"] == got["en"], lang
    assert got["es"] == got["en"]
