"""A double OK does not act: an OK pressed within PAUSE_MS of the press
that made an action (passed the turn, built, conquered, scored a
pilgrimage...) is the thumb pressing twice (App.key); later, it is a
choice."""
import copy
import os

import pytest

from firmware.app import PAUSE_MS
from host_sim import device, keyplan
from firmware.games.eightmin import host as keyplan_eightmin

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _scenario(name, upto):
    with open(os.path.join(ROOT, "tests", "scenarios", name + ".txt")) as f:
        lines = [ln.split("#")[0].strip() for ln in f.read().splitlines()]
    lines = [ln for ln in lines if ln]
    return lines[:lines.index(upto) + 1]


class Clock:
    """Presses given to the app with their times (ms): each press `step`
    after the one before, as the buttons report them on a board."""

    def __init__(self, app, step=1000):
        self.now = 0
        self.step = step
        real = app.key

        def key(k, at=None):
            self.now += self.step
            real(k, self.now)
        app.key = key


def _state(app):
    top = app.screens.stack[-1]
    return copy.deepcopy(app.play.session.state), type(top).__name__, getattr(top, "cur", None)


GAMES = [
    ("inca", "inca players=blue,orange,green,brown pizarro", None, ["next"]),
    ("eightmin", None, ("eightmin_three", "take blue 1"), None),
]


def _played(tmp_path, game, setup, scenario, actions):
    """The app, its clock, after the press that passed the turn."""
    app, _ = device.build("pico_oled", str(tmp_path / "device"), 77)
    clock = Clock(app)
    if scenario:
        keyplan.play(app, _scenario(*scenario), planner=keyplan_eightmin)
    else:
        keys = []
        keyplan.setup(app, setup, keys)
        keyplan.dismiss(app, keys)
        before = app.play.view()["turn"]
        for a in actions:
            keyplan.action(app, a, keys)
        assert app.play.view()["turn"] != before
    return app, clock


@pytest.mark.parametrize("game,setup,scenario,actions", GAMES, ids=[g[0] for g in GAMES])
def test_an_ok_right_after_the_turn_passed_does_not_act_for_the_next_player(
        game, setup, scenario, actions, tmp_path):
    app, clock = _played(tmp_path, game, setup, scenario, actions)
    assert app.acted_at == clock.now          # the last press passed the turn
    before = _state(app)
    # the same OK with no time (the simulator's keys): it acts
    untimed, _ = _played(tmp_path / "untimed", game, setup, scenario, actions)
    untimed.key = type(untimed).key.__get__(untimed)
    untimed.key("ok")
    assert _state(untimed) != before
    # 100 ms after: nothing happens
    clock.step = 100
    app.key("ok")
    assert _state(app) == before
    # and again, still within the pause
    clock.step = PAUSE_MS - 200 - 1
    app.key("ok")
    assert _state(app) == before
    # past the pause it is the next player's OK
    clock.step = 101
    app.key("ok")
    assert _state(app) == _state(untimed)


def test_an_ok_right_after_an_action_that_kept_the_turn_does_not_take_the_row_under_the_cursor(tmp_path):
    """After a conquest the cursor rests on another action (a temple): an
    OK right after it builds nothing; past the pause it is the player's
    choice.  A press that made no action (a cursor move) makes no pause."""
    from firmware.core.text import t
    app, clock = _played(tmp_path, "inca", "inca players=blue,orange,green,brown pizarro", None, ["next"])
    clock.step = PAUSE_MS + 1
    app.key("ok")                       # the next player's menu
    menu = app.screens.stack[-1]
    assert type(menu).__name__ == "PhaseMenu"
    i = [k for k, r in enumerate(menu.rows) if r[0] == t("b.conquer")][0]
    while menu.cur != i:
        app.key("down")
    app.key("ok")                       # the conquest list
    clock.step = PAUSE_MS + 1
    app.key("ok")                       # a conquest: an action, the turn kept
    assert app.acted_at == clock.now
    after = _state(app)
    clock.step = 100
    app.key("ok")                       # the thumb again: nothing
    assert _state(app) == after
    clock.step = PAUSE_MS
    app.key("down")                     # a cursor move: no action, no pause after it
    moved = _state(app)
    assert moved != after and app.acted_at != clock.now
    clock.step = 50
    app.key("ok")
    assert _state(app) != moved
