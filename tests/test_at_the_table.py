"""What players did wrong at the table, and what the device does now: a turn
ended with OK lands where a held DOWN does; History opens on its newest
entry; an undo of more than one player's action asks first; the cursor
comes back to its row.  Read through the screen's text (host_sim/textshot),
on four and on two buttons."""
import pytest

from bench import scripts
from firmware.core.text import t
from host_sim import device, keyplan
from host_sim.textshot import TextShot


def at(board, pred, lang=None):
    """The app, with the scripted game played through the buttons up to the
    first action after which pred(app) holds, then on its home screen."""
    lines = scripts.transcript()
    app, _ = device.build(board, None, scripts.SEED, lang=lang)
    app.board.seed = lambda: scripts.SEED
    keys = []
    keyplan.setup(app, lines[0], keys)
    for line in lines[1:]:
        keyplan.step(app, keyplan.planner("inca").action, line, keys)
        keyplan.dismiss(app, keys)
        if pred(app, line):
            app.key("home")
            return app
    raise AssertionError("the scripted game never got there")


def text(app):
    shot = TextShot(app.board.cv, app.board.lay)
    app.screens.dirty = True
    app.render()
    return shot.lines()


def top(app):
    return type(app.screens.stack[-1]).__name__


def people(app, line):
    v = app.play.view()
    return v["phase"] == "people" and v["turn"] is not None


def scored(app, line):
    ev = app.play.session.state["ev"]
    return line == "next" and any(e[0] == "score" for e in ev) and not app.play.view()["over"]


@pytest.mark.parametrize("board", ["pico_oled", "esp32_tdisplay"])
def test_end_turn_with_ok_lands_on_the_home_screen_and_a_second_ok_does_nothing(board):
    app = at(board, people)
    turn = app.play.view()["turn"]
    app.key("ok")                                   # the People menu
    rows = app.screens.stack[-1].rows
    end = [i for i, r in enumerate(rows) if r[0] == t("m.end_turn")][0]
    app.screens.stack[-1].select(end)
    app.key("ok")                                   # End turn, with OK
    assert top(app) == "Home"
    after = app.play.view()["turn"]
    assert after != turn
    tail = list(app.play.session.tail)
    app.key("ok")                                   # the habitual second OK
    assert top(app) == "PhaseMenu"
    assert app.play.session.tail == tail                 # nothing built for the next player
    # a held DOWN lands on the same screen
    app.key("end")
    assert top(app) == "Home"


def test_back_then_ok_on_the_home_screen_after_a_scoring_undoes_nothing():
    app = at("pico_oled", scored)
    tail = list(app.play.session.tail)
    app.key("back")                                 # History
    lines = text(app)
    cur = [ln for ln in lines if ln.startswith("> ")]
    assert cur and t("m.undo") not in cur[0], lines   # the newest entry, not Undo
    app.key("ok")
    assert app.play.session.tail == tail


def test_an_undo_of_a_scoring_from_a_menu_asks_first_with_no_preselected():
    app = at("pico_oled", scored)
    tail = list(app.play.session.tail)
    app.key("back")                                 # History
    hist = app.screens.stack[-1]
    hist.select(0)                                  # Undo
    app.key("ok")
    lines = text(app)
    assert lines[0] == t("m.undo_q")
    # the action's name, then No under the cursor, then Yes
    no = lines.index("> " + t("m.no"))
    assert no >= 2 and lines[no + 1] == t("m.yes"), lines
    assert all(not ln.startswith("> ") for ln in lines[1:no]), lines
    app.key("end")                                  # a held DOWN under the question does nothing
    assert app.play.session.tail == tail and app.screens.stack[-1].title == t("m.undo_q")
    assert "> " + t("m.no") in text(app)
    app.key("up")                                   # the cursor stays off the name
    app.key("down")
    app.key("ok")                                   # No
    assert app.play.session.tail == tail
    assert app.screens.stack[-1] is hist
    app.key("ok")
    app.key("down")
    app.key("ok")                                   # Yes
    assert app.play.session.tail == tail[:-1]


def test_the_rows_under_a_long_undo_name_do_not_undo():
    app = at("pico_oled", lambda app, line: line.startswith("conquer"))
    tail = list(app.play.session.tail)
    app.key("back")
    rows = app.screens.stack[-1].rows
    assert rows[0][0] == t("m.undo") and rows[0][1] == ""      # the name on the rows under it
    for i in range(1, len(rows)):
        if rows[i][0].startswith("  "):
            app.screens.stack[-1].select(i)
            app.key("ok")
            assert app.play.session.tail == tail and top(app) == "Menu"
        else:
            break
    else:
        raise AssertionError("no rows under Undo")


def test_held_back_undoes_a_scoring_in_one_press_and_says_so():
    app = at("pico_oled", scored)
    tail = list(app.play.session.tail)
    app.key("undo")
    assert app.play.session.tail == tail[:-1]
    assert app.screens.notice and app.screens.notice[0].startswith(t("x.undone") % "")


def test_one_players_action_is_undone_from_the_menu_without_a_question():
    app = at("pico_oled", lambda app, line: line.startswith(("city", "temple", "garrison", "terrace")))
    tail = list(app.play.session.tail)
    app.key("back")
    app.screens.stack[-1].select(0)
    app.key("ok")
    assert app.play.session.tail == tail[:-1]


def test_the_cursor_comes_back_to_its_row_after_a_refusal_and_after_back():
    app = at("pico_oled", people)
    app.key("ok")
    menu = app.screens.stack[-1]
    refused = [i for i, r in enumerate(menu.rows) if r[3]]
    assert refused, "no row refused in this turn"
    menu.select(refused[-1])
    app.key("ok")
    assert top(app) == "Message"
    app.key("ok")                                   # the refusal closed
    assert app.screens.stack[-1] is menu and menu.cur == refused[-1]
    conquer = [i for i, r in enumerate(menu.rows) if r[0] == t("b.conquer")][0]
    menu.select(conquer)
    app.key("ok")
    app.key("back")                                 # back from the marker list
    assert app.screens.stack[-1] is menu and menu.cur == conquer


def test_the_cursor_stays_on_language_after_the_language_changed():
    app = at("pico_oled", people)
    app.key("ok")
    menu = app.screens.stack[-1]
    menu.select([i for i, r in enumerate(menu.rows) if r[0] == t("m.settings")][0])
    app.key("ok")
    app.key("down")                                 # Language
    app.key("ok")                                   # Русский
    lines = text(app)
    assert lines[2].startswith("> "), lines
    before = app.board.settings["brightness"]
    app.key("ok")
    assert app.board.settings["brightness"] == before


@pytest.mark.parametrize("board", ["pico_oled", "esp32_tdisplay"])
def test_the_first_picker_lists_each_language_in_its_own_script_one_press_away(board):
    app, _ = device.build(board, None, 1)
    lines = text(app)
    # on the screen at once, on top, the one spoken ticked; the cursor on the first game
    assert lines[1:4] == ["English  \u2713", "Русский", "Español"] and lines[4] == "> " + t("g.inca")
    picker = app.screens.stack[-1]
    ru = [i for i, r in enumerate(picker.rows) if r[0] == "Русский"][0]
    picker.select(ru)
    app.key("ok")                                   # one press: the device speaks Russian
    lines = text(app)
    assert app.board.settings["lang"] == "ru" and lines[0] == t("g.title")
    assert lines[0] != "Which game?"
    cur = [ln for ln in lines if ln.startswith("> ")]
    assert cur == ["> Русский  \u2713"]


def test_the_simulator_says_what_a_terminal_too_small_needs():
    from host_sim import sim
    prof = device.board("pico_oled")
    assert sim.too_small(prof, (200, 60)) is None
    said = sim.too_small(prof, (120, 40))
    assert "120 x 40" in said and "128 x 33" in said
    assert "128 x 33" in sim.too_small(prof, (128, 20), "ru")
    assert sim.too_small(device.board("pico_display"), (200, 80)).count("240 x 69") == 1


def test_help_sim_lists_every_board():
    import subprocess
    import sys
    from test_micropython import ROOT
    r = subprocess.run([sys.executable, "-m", "host_sim", "--help-sim"], cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0
    for b in device.BOARDS:
        assert b in r.stdout, b


def test_temple_at_site_is_struck_through_once_the_building_action_is_taken():
    def built(app, line):
        v = app.play.view()
        return v["phase"] == "people" and v["turn"] is not None and v["action"]["taken"] is not None
    app = at("pico_oled", built)
    tail = list(app.play.session.tail)
    app.key("ok")                                   # the turn player's menu
    rows = app.screens.stack[-1].rows
    conquer = [i for i, r in enumerate(rows) if r[0] == t("b.conquer")][0]
    site = [rows[conquer + 1]]                      # Temple at site, under Conquer
    assert callable(site[0][2]) and site[0][3], site    # struck through, with the temple's reason
    app.screens.stack[-1].select(rows.index(site[0]))
    app.key("ok")
    assert app.play.session.tail == tail and top(app) != "Menu"     # the reason, not the list of sites
