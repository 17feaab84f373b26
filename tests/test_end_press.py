"""A held DOWN ends the turn or phase from any screen of the game (Play.end,
the intent "end": a held DOWN on four buttons; A and B held together on two,
there on the home screen and the phase menu only):
as the menu's End turn,
Continue, Cards done or Score row would; where the game cannot end it now,
the reason, and nothing changes."""
import copy
import json
import os

import pytest

from firmware.core.journal import Journal
from firmware.core.text import t
from firmware.games.registry import module
from firmware.screenkit.nav import PROFILES
from host_sim import device, keyplan
from firmware.games.eightmin import host as keyplan_eightmin
from tests.test_double_ok import Clock, _scenario

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _inca_lines(phase):
    """The Pizarro scenario's lines up to the first moment of `phase`
    (the engine's phase name) with nothing done in it yet."""
    from firmware.games.inca import engine
    lines = _scenario("pizarro_four", "next")[:1]
    with open(os.path.join(ROOT, "tests", "scenarios", "pizarro_four.txt")) as f:
        rest = [ln.split("#")[0].strip() for ln in f.read().splitlines()]
    rest = [ln for ln in rest if ln][1:]
    with open(os.path.join(ROOT, "assets", "inca", "edition.json")) as f:
        edition = json.load(f)
    game = module("inca")
    s = game.new(lines[0], edition)
    for a in rest:
        if engine.phase(s) == phase and a.split()[0] in ("next", "sun", "city", "road", "conquer", "temple",
                                                        "garrison", "terrace", "connected"):
            return lines, edition
        game.apply(s, a)
        lines.append(a)
    raise AssertionError("no %s phase" % phase)


def _app(tmp_path, name, lines, edition, board="pico_oled"):
    data = str(tmp_path / name)
    j = Journal(os.path.join(data, "game"), module("inca"), edition)
    j.start(lines[0])
    for a in lines[1:]:
        j.apply(a)
    app, _ = device.build(board, data, 77)
    return app, data


def _journal(data):
    with open(os.path.join(data, "game", "journal.txt")) as f:
        return [ln.rsplit(" #", 1)[0].split(" #edition ")[0] for ln in f.read().splitlines()]


def test_a_held_down_ends_the_turn_from_home_and_from_a_picker_as_the_menu_row_does(tmp_path):
    lines, edition = _inca_lines("people")
    by_row, row_data = _app(tmp_path, "row", lines, edition)
    turn = by_row.play.view()["turn"]
    keys = []
    keyplan.action(by_row, "next", keys)          # OK, down to End turn, OK
    assert len(keys) > 1 and by_row.play.view()["turn"] != turn
    held, held_data = _app(tmp_path, "held", lines, edition)
    held.key("end")
    assert held.play.session.state == by_row.play.session.state
    assert _journal(held_data)[-1] == _journal(row_data)[-1] == "next"
    # from the conquest picker, two screens over the home screen
    deep, _ = _app(tmp_path, "deep", lines, edition)
    deep.key("ok")
    keyplan.go_to_row(deep, lambda r: r[0] == t("b.conquer"), [])
    assert len(deep.screens.stack) == 3
    deep.key("end")
    assert deep.play.session.state == by_row.play.session.state
    # then the home screen: whose turn it is now
    assert [type(x).__name__ for x in deep.screens.stack] == ["Home"]


def test_a_held_down_over_a_reminder_ends_the_turn_and_the_reminder_goes(tmp_path):
    lines, edition = _inca_lines("people")
    app, _ = _app(tmp_path, "note", lines, edition)
    app.key("ok")
    app.play.act("adjust %s labor +1" % app.play.view()["turn"])
    app.key("undo")
    assert app.screens.notice and app.screens.notice[0].startswith(t("x.undone") % "")   # on the title line
    turn = app.play.view()["turn"]
    app.key("end")
    assert app.play.view()["turn"] != turn and [type(x).__name__ for x in app.screens.stack] == ["Home"]
    assert not app.screens.notice or not app.screens.notice[0].startswith(t("x.undone") % "")


def test_on_a_number_field_a_held_down_steps_the_number(tmp_path):
    lines, edition = _inca_lines("people")
    app, _ = _app(tmp_path, "numbers", lines, edition)
    turn = app.play.view()["turn"]
    app.key("ok")
    keyplan.go_to_row(app, lambda r: r[0] == t("b.conquer"), [])
    keyplan.go_to_row(app, lambda r: r[0] == t("m.by_numbers"), [])
    field = app.screens.stack[-1]
    assert type(field).__name__ == "Numbers"
    before = field.fields[0][1]
    app.key("end")
    assert app.screens.stack[-1] is field and field.fields[0][1] == before - 1 and app.play.view()["turn"] == turn


def test_where_the_phase_cannot_end_a_held_down_says_why_and_changes_nothing(tmp_path):
    lines, edition = _inca_lines("sun")
    app, data = _app(tmp_path, "sun", lines, edition)
    before = copy.deepcopy(app.play.session.state)
    why = app.play.check("next")
    assert why                                   # the Sun Event cards are not all in
    app.key("end")
    assert app.play.session.state == before and _journal(data)[-1] == lines[-1]
    assert app.screens.stack[-1].title == t("m.refused") and app.screens.stack[-1].lines == [why]


def test_a_game_whose_turn_ends_with_its_move_says_so(tmp_path):
    app, _ = device.build("pico_oled", str(tmp_path / "eightmin"), 77)
    keyplan.play(app, _scenario("eightmin_three", "take blue 1"), planner=keyplan_eightmin)
    keyplan.dismiss(app, [])
    before = copy.deepcopy(app.play.session.state)
    app.key("end")
    assert app.play.session.state == before
    assert app.screens.stack[-1].lines == [t("m.no_end")]


def test_a_held_down_right_after_the_turn_passed_is_left_alone(tmp_path):
    """As a second OK (PAUSE_MS): the thumb still on the buttons."""
    lines, edition = _inca_lines("people")
    app, _ = _app(tmp_path, "pause", lines, edition)
    clock = Clock(app, step=100)
    app.key("end")                               # passes the turn at 100 ms
    after = copy.deepcopy(app.play.session.state)
    app.key("end")                               # 100 ms later
    assert app.play.session.state == after
    clock.step = 1000
    app.key("end")
    assert app.play.session.state != after


def test_on_two_buttons_a_and_b_held_end_the_turn_only_from_home_and_the_phase_menu(tmp_path):
    """On two buttons A and B held are also A and B (back): on a list of
    things to choose (the conquest list) they go back and end nothing; on
    the phase menu and the home screen they end the turn, as the menu's
    End turn row does.  The footer offers it only there."""
    lines, edition = _inca_lines("people")
    by_row, _ = _app(tmp_path, "row", lines, edition)
    keyplan.action(by_row, "next", [])
    two, data = _app(tmp_path, "two", lines, edition, board="esp32_tdisplay")
    assert not two.board.has_up
    before = copy.deepcopy(two.play.session.state)
    two.key("ok")
    menu = two.screens.stack[-1]
    keyplan.go_to_row(two, lambda r: r[0] == t("b.conquer"), [])
    assert len(two.screens.stack) == 3
    assert two.screens.footer_text("h.back") == t("h2.back")     # no "hold A+B: done" here
    two.key("end")
    assert two.play.session.state == before and _journal(data)[-1] == lines[-1]
    assert two.screens.stack[-1] is menu          # back one screen, nothing ended
    assert two.screens.footer_text("h.back") == t("h2.back_end")
    two.key("end")
    assert two.play.session.state == by_row.play.session.state and _journal(data)[-1] == "next"
    assert [type(x).__name__ for x in two.screens.stack] == ["Home"]
    # and from the home screen, with the footer saying so
    assert two.screens.footer_text("h.menu") == t("h2.menu_end") and "A+B" in t("h2.menu_end")
    keyplan.action(by_row, "next", [])
    two.key("end")
    assert two.play.session.state == by_row.play.session.state


def test_on_two_buttons_a_held_b_undoes_only_on_home_and_the_undo_row(tmp_path):
    """A held B is also B (choose): on a row of a list it chooses it, as B
    does, and undoes nothing; on the home screen and on the Undo row it
    undoes."""
    lines, edition = _inca_lines("people")
    app, data = _app(tmp_path, "two", lines, edition, board="esp32_tdisplay")
    c = app.play.view()["turn"]
    app.play.act("adjust %s labor +1" % c)
    adjusted = copy.deepcopy(app.play.session.state)
    app.key("ok")
    menu = app.screens.stack[-1]
    keyplan.go_to_row(app, lambda r: r[0] == t("b.conquer"), [])
    picker = app.screens.stack[-1]
    chosen = picker.rows[picker.cur][2]
    assert isinstance(chosen, str) and chosen.startswith("conquer ")
    app.key("undo")                 # a held B on the conquest list: its row chosen, as B
    tail = app.play.session.tail
    assert tail[-2:] == ["adjust %s labor +1" % c, chosen] and app.screens.stack[-1] is not picker
    app.screens.home()
    app.key("ok")
    menu = app.screens.stack[-1]
    while menu.rows[menu.cur][0] != t("m.undo"):
        app.key("down")
    app.key("undo")                 # on the Undo row: undone
    assert app.play.session.state == adjusted
    app.screens.home()
    app.key("undo")                 # and on the home screen
    assert app.play.session.tail[-1:] != ["adjust %s labor +1" % c]


def test_on_two_buttons_a_held_b_steps_a_number_down_and_undoes_nothing(tmp_path):
    lines, edition = _inca_lines("people")
    app, data = _app(tmp_path, "two", lines, edition, board="esp32_tdisplay")
    before = copy.deepcopy(app.play.session.state)
    app.key("ok")
    keyplan.go_to_row(app, lambda r: r[0] == t("b.conquer"), [])
    keyplan.go_to_row(app, lambda r: r[0] == t("m.by_numbers"), [])
    field = app.screens.stack[-1]
    assert type(field).__name__ == "Numbers"
    lo, hi = field.fields[0][2], field.fields[0][3]
    field.fields[0][1] = lo + 1
    app.key("undo")                              # a held B
    assert app.screens.stack[-1] is field and field.fields[0][1] == lo
    app.key("undo")                              # it stops at the least
    assert field.fields[0][1] == lo
    field.fields[0][1] = hi
    app.key("down")                              # A: up, round from the top to the least
    assert field.fields[0][1] == lo
    assert app.play.session.state == before and _journal(data)[-1] == lines[-1]
    # elsewhere a held B still undoes
    app.screens.home()
    app.play.act("adjust %s labor +1" % app.play.view()["turn"])
    app.key("undo")
    assert app.play.session.state == before


@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_each_profile_has_one_press_that_ends(profile):
    ends = [press for press, intent in PROFILES[profile].items() if intent == "end"]
    assert ends == ([("down", "long")] if profile == "four" else [("both", "long")])
