"""Held presses that go on (firmware/hal/buttons.py gives a held button's
long press and then a repeat every REPEAT_MS): on every list a held UP (on
two buttons a held A) moves row after row, as one press; on the Sun Event
card list and a number field (Screen.held) a held DOWN too, and a number
steps; elsewhere a held DOWN ends the turn once and its repeats change
nothing.  And the card list's order: one order all game long."""
import copy
import json
import os

from firmware.core.text import t
from firmware.games.inca import cards, sun
from host_sim import device, keyplan, sim
from host_sim.keyplan import press_key
from tests.test_end_press import _app, _inca_lines, _journal

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _card_list(tmp_path, board="pico_oled", name="sun"):
    lines, edition = _inca_lines("sun")
    app, data = _app(tmp_path, name, lines, edition, board=board)
    app.key("ok")            # the phase menu, on the first sector without a card
    app.key("ok")            # its card list
    assert type(app.screens.stack[-1]).__name__ == "CardList" and app.screens.stack[-1].cur == 0
    return app, data, lines


def test_on_the_card_list_a_held_down_or_up_scrolls_and_the_phase_does_not_end(tmp_path):
    app, data, lines = _card_list(tmp_path)
    scr = app.screens.stack[-1]
    before = copy.deepcopy(app.play.session.state)
    press_key(app, "down*5", [])                  # DOWN held through 5 rows: its long press and 4 repeats
    assert app.screens.stack[-1] is scr and scr.cur == 5
    press_key(app, "up*7", [])                    # UP held 7 rows, round the top
    assert app.screens.stack[-1] is scr and scr.cur == (5 - 7) % len(cards.NAMES)
    app.key("end")                             # DOWN held one step: one row, not the end of the phase
    assert app.screens.stack[-1] is scr and scr.cur == (5 - 7 + 1) % len(cards.NAMES)
    assert app.play.session.state == before and _journal(data)[-1] == lines[-1]
    # the footer says what a held press does here
    assert app.screens.footer_text(scr.hint) == t("h.cards")


def test_elsewhere_a_held_down_ends_the_turn_once_and_its_repeats_change_nothing(tmp_path):
    lines, edition = _inca_lines("people")
    once, once_data = _app(tmp_path, "once", lines, edition)
    once.key("end")
    held, held_data = _app(tmp_path, "held", lines, edition)
    press_key(held, "down*6", [])                 # DOWN held on through 6 steps
    assert held.play.session.state == once.play.session.state
    assert _journal(held_data) == _journal(once_data) and _journal(held_data)[-1] == "next"
    assert [type(x).__name__ for x in held.screens.stack] == ["Home"]
    # a held UP on a menu goes on up, a row a step, round the top
    held.key("ok")
    menu = held.screens.stack[-1]
    cur = menu.cur
    press_key(held, "up*4", [])
    assert held.screens.stack[-1] is menu and menu.cur == (cur - 4) % len(menu.rows)
    # a held UP on the home screen opens the menu; its repeats do not move it
    held.key("home")
    press_key(held, "up*4", [])
    assert type(held.screens.stack[-1]).__name__ == "PhaseMenu" and held.screens.stack[-1].cur == cur


def test_a_repeat_on_a_screen_that_takes_none_leaves_the_reminder(tmp_path):
    lines, edition = _inca_lines("people")
    app, _ = _app(tmp_path, "note", lines, edition)
    app.play.act("adjust %s labor +1" % app.play.view()["turn"])
    app.key("undo")
    notice = app.screens.notice
    assert notice
    app.render()
    for k in ("down+", "up+", "less+"):
        app.key(k)
    assert app.screens.notice is notice and app.screens.dirty is False


def test_on_a_number_field_a_held_button_steps_on(tmp_path):
    lines, edition = _inca_lines("people")
    app, data = _app(tmp_path, "numbers", lines, edition)
    app.key("ok")
    keyplan.go_to_row(app, lambda r: r[0] == t("b.conquer"), [])
    keyplan.go_to_row(app, lambda r: r[0] == t("m.by_numbers"), [])
    field = app.screens.stack[-1]
    assert type(field).__name__ == "Numbers"
    _, v, lo, hi = field.fields[0]
    press_key(app, "down*4", [])
    assert field.fields[0][1] == max(lo, v - 4)
    press_key(app, "down*12", [])                  # held on past the minimum: it stops there
    assert field.fields[0][1] == lo
    press_key(app, "up*7", [])
    assert field.fields[0][1] == min(hi, lo + 7) and app.screens.stack[-1] is field
    press_key(app, "up*30", [])                    # and at the maximum
    assert field.fields[0][1] == hi
    assert _journal(data)[-1] == lines[-1]


def test_on_two_buttons_a_held_a_scrolls_the_card_list_and_a_and_b_go_back(tmp_path):
    app, data, lines = _card_list(tmp_path, "esp32_tdisplay")
    scr = app.screens.stack[-1]
    before = copy.deepcopy(app.play.session.state)
    press_key(app, "down*6", [])                  # A held through 6 rows
    assert app.screens.stack[-1] is scr and scr.cur == 6 and app.play.session.state == before
    assert app.screens.footer_text(scr.hint) == t("h2.cards")
    app.key("back")                            # A and B together: back, as on every screen
    assert type(app.screens.stack[-1]).__name__ == "PhaseMenu" and app.play.session.state == before
    # a held B there is B: it enters the card on its row, and undoes nothing
    app.key("ok")
    scr = app.screens.stack[-1]
    card = scr.rows[0][2]
    app.key("ok")
    assert _journal(data)[-1] == card and type(app.screens.stack[-1]).__name__ == "CardList"
    nxt = app.screens.stack[-1]
    app.key("undo")
    assert _journal(data)[-2:] == [card, nxt.rows[0][2]]
    # on the home screen it undoes
    app.screens.home()
    app.key("undo")
    assert _journal(data)[-1] == "undo" and app.play.session.tail[-1] == card


def test_a_held_press_steps_only_the_screen_it_was_pressed_on(tmp_path):
    """A held A on a note over the card list scrolls neither the note (it
    fits) nor the list under it; A and B together close the note; held
    again, on the list, A scrolls it."""
    app, data, lines = _card_list(tmp_path, "esp32_tdisplay")
    keyplan.go_to_row(app, lambda r: r[2].split()[2] == "surveyors", [])    # its only copy
    scr = app.screens.stack[-1]
    assert type(scr).__name__ == "CardList"      # the next sector's
    scr.select([i for i in range(len(scr.rows)) if scr.rows[i][3]][0])   # a card with none left
    cur = scr.cur
    app.key("ok")
    note = app.screens.stack[-1]
    assert note.title == t("m.refused")
    press_key(app, "down*4", [])
    assert app.screens.stack[-1] is note and scr.cur == cur
    app.key("back")
    assert app.screens.stack[-1] is scr and scr.cur == cur
    press_key(app, "down*4", [])                  # held again, on the list: 4 rows
    assert scr.cur == (cur + 4) % len(cards.NAMES)


def test_on_two_buttons_a_held_b_steps_a_number_down_and_a_held_a_up_and_round(tmp_path):
    lines, edition = _inca_lines("people")
    app, _ = _app(tmp_path, "two", lines, edition, board="esp32_tdisplay")
    app.key("ok")
    keyplan.go_to_row(app, lambda r: r[0] == t("b.conquer"), [])
    picker = app.screens.stack[-1]
    keyplan.go_to_row(app, lambda r: r[0] == t("m.by_numbers"), [])
    field = app.screens.stack[-1]
    _, v, lo, hi = field.fields[0]
    press_key(app, "undo*3", [])                  # B held through 3 steps: 3 down, stopping at the minimum
    assert app.screens.stack[-1] is field and field.fields[0][1] == max(lo, v - 3)
    press_key(app, "down*%d" % (hi - lo + 2), [])  # A held: up, and after the maximum the minimum (the hint says so)
    assert field.fields[0][1] == max(lo, v - 3) + 1 and app.screens.stack[-1] is field
    assert "%d→%d" % (hi, lo) in _screen(app)[-1]
    cur = picker.cur
    app.key("back")                            # A and B together: back to the previous field, or out
    assert app.screens.stack[-1] is picker and picker.cur == cur


def test_the_card_list_keeps_one_order_all_game(tmp_path):
    """Each card on its row all game long, whatever copies are left: the
    most copies in the deck first, the printed order among equals, those
    not in the game's deck last; a card with none left stays on its row,
    struck through, and OK on it says why and enters nothing; every card
    once; the cursor on the first."""
    lines, edition = _inca_lines("sun")
    s = json.loads(json.dumps(engine_state(lines, edition)))
    before = [cards.NAMES[i] for i in sun.order(s)]
    assert sorted(before) == sorted(cards.NAMES)
    copies = [s["copies"][c] for c in before]
    assert copies == sorted(copies, reverse=True)
    most = [c for c in cards.NAMES if s["copies"][c] == copies[0]]
    assert before[:len(most)] == most                        # the printed order among equals
    # copies run out: the order stays
    secs = s["sectors"]
    s["board"][secs[0]] = ["wilderness-road", "wilderness-road", "epidemic"]
    s["board"][secs[1]] = ["wilderness-road", "epidemic", "solar-eclipse"]
    left = dict((c, s["copies"][c] - sum(s["board"][x].count(c) for x in secs)) for c in cards.NAMES)
    assert left["epidemic"] == 0 and left["solar-eclipse"] == 0 and left["wilderness-road"] < s["copies"]["wilderness-road"]
    assert [cards.NAMES[i] for i in sun.order(s)] == before
    # on the screen: a card with one copy entered in this sector, the next
    # sector's list has every card on the same row, that one struck through
    app, _, _ = _card_list(tmp_path)
    scr = app.screens.stack[-1]
    shown = [r[2].split()[2] for r in scr.rows]
    st = app.play.session.state
    assert shown == [cards.NAMES[i] for i in sun.order(st)]
    i = [k for k, r in enumerate(scr.rows) if r[3] is None and st["copies"][shown[k]] == 1][0]
    for _ in range(i):
        app.key("down")
    app.key("ok")
    nxt = app.screens.stack[-1]
    assert type(nxt).__name__ == "CardList" and nxt is not scr and nxt.sec != scr.sec
    assert [r[2].split()[2] for r in nxt.rows] == shown
    assert nxt.rows[i][1] == "" and nxt.rows[i][3]           # struck through, with its reason
    tail = list(app.play.session.tail)
    for _ in range(i):
        app.key("down")
    app.key("ok")
    assert app.play.session.tail == tail and app.screens.stack[-1] is not nxt   # the reason; nothing entered
    app.key("back")
    assert app.screens.stack[-1] is nxt and nxt.cur == i
    # a 3-player game: the cards not in its deck (the pilgrimages) at the end, struck through
    s3 = engine_state(["inca players=blue,orange,green seed=5"], edition)
    names = [cards.NAMES[i] for i in sun.order(s3)]
    assert set(names[-3:]) == {"great-pilgrimage", "annual-pilgrimage", "local-pilgrimage"}


def _screen(app):
    from host_sim.textshot import TextShot
    shot = TextShot(app.board.cv, app.board.lay)
    app.screens.dirty = True
    app.render()
    return shot.lines()


def engine_state(lines, edition):
    from firmware.games import inca
    s = inca.new(lines[0], edition)
    for a in lines[1:]:
        inca.apply(s, a)
    return s


def test_the_planner_holds_only_where_the_screen_takes_it():
    """The scripted game's presses: held ones on lists, the card list and
    number fields only, each of 2 steps or more (on four buttons a held
    DOWN only where it does not end the turn); and counted as one press."""
    from bench import presses, scripts
    for board, ways in (("pico_oled", ("down", "up")), ("esp32_tdisplay", ("down", "undo"))):
        app, _ = device.build(board, None, scripts.SEED)
        app.board.seed = lambda: scripts.SEED
        where = []
        real = app.key

        def key(k, at=None, real=real, app=app, where=where):
            if k[-1] == "+":
                where.append(type(app.screens.stack[-1]).__name__)
            real(k, at)
        app.key = key
        keys = keyplan.play(app, scripts.transcript())
        held = [k for k in keys if "*" in k]
        assert held and all(k.split("*")[0] in ways and int(k.split("*")[1]) >= 2 for k in held), held
        assert {"CardList", "Numbers", "PhaseMenu"} <= set(where), set(where)
        assert not set(where) & {"Home", "Message", "Report"}, set(where)
        assert presses.count("inca", board)["total"] == len(keys)


def test_held_presses_go_through_the_key_scripts():
    """A held press is its long press's letter and a letter a repeat in
    the benchmark's key files (bench/device_game.py plays those), and
    back to one press for the virtual Pico (a button held that long)."""
    from bench import scripts
    from host_sim import vpico
    from host_sim.keyplan import hold_ms
    from firmware.hal.buttons import LONG_MS, REPEAT_MS
    assert scripts.LETTERS["down+"] == "D"
    prof = keyplan.profile(device.build("pico_oled")[0])
    letters = "".join(scripts.LETTERS[e] for k in ("ok", "down*3", "up*2", "end") for e in keyplan.events(prof, k))
    assert letters == "oeDDuUe"
    assert vpico.intents_of(letters) == ["ok", "end*3", "up*2", "end"]
    # held between the n-th step and the next
    for n in range(1, 12):
        assert LONG_MS + (n - 1) * REPEAT_MS < hold_ms(n) < LONG_MS + n * REPEAT_MS
        assert vpico.last_counted(0, hold_ms(n) * vpico.MS, hold_ms(n) * vpico.MS) == \
            (LONG_MS + (n - 1) * REPEAT_MS) * vpico.MS


def test_the_simulator_takes_a_held_key(tmp_path):
    assert sim.intent("down*3", "four") == "down*3" and sim.intent("end*2", "four") == "end*2"
    assert sim.intent("a*4", "two") == "down*4" and sim.intent("b*2", "two") == "ok*2"
    for bad, profile in (("ok*3", "four"), ("down*0", "four"), ("down*x", "four"), ("e*2", "two")):
        try:
            sim.intent(bad, profile)
        except ValueError:
            continue
        raise AssertionError(bad)
    app, _, _ = _card_list(tmp_path)
    sim.play_keys(app, {"profile": "four"}, ["down*4", "down", "up*2"])
    assert app.screens.stack[-1].cur == 3
    two, _, _ = _card_list(tmp_path, "esp32_tdisplay", "two")
    sim.play_keys(two, {"profile": "two"}, ["a*5", "a"])
    assert two.screens.stack[-1].cur == 6
    sim.play_keys(two, {"profile": "two"}, ["e"])       # A and B together: back
    assert type(two.screens.stack[-1]).__name__ == "PhaseMenu"
    assert "3j" in sim.legend("four", "en") and "3a" in sim.legend("two", "en")


def test_the_planner_ends_the_phase_from_the_card_list_by_leaving_it_first(tmp_path):
    """Every sector has its card and a card list is open: there a held
    DOWN would scroll, so the planner goes back first, then ends the
    phase (on two buttons A and B held together, which end it only from
    the phase menu and the home screen)."""
    from firmware.games.inca import host as planner
    for board, want in (("pico_oled", ["back", "end"]), ("esp32_tdisplay", ["back", "end"])):
        app, data, lines = _card_list(tmp_path, board, board)
        app.key("back")
        s = app.play.session.state
        for sec in s["sectors"]:
            app.play.act("sun %s wilderness-road" % sec)
        app.screens.home()
        app.key("ok")
        keyplan.go_to_row(app, lambda r: r[0] == app.screens.stack[-1].rows[0][0], [])   # a sector's list
        assert type(app.screens.stack[-1]).__name__ == "CardList"
        phase = (s["ci"], s["pi"])
        keys = []
        keyplan.step(app, planner.action, "next", keys)
        assert keys == want and (app.play.session.state["ci"], app.play.session.state["pi"]) != phase
        assert _journal(data)[-1] == "next"


def test_a_screen_closed_by_a_press_is_not_held_by_the_app_and_a_held_press_after_it_steps_nothing(tmp_path):
    # the card list closed with BACK: the app keeps no hold on it (nor on
    # its view and rows) until the next press, and the repeats of the held
    # BACK reach neither it nor the menu under it
    app, data, lines = _card_list(tmp_path)
    cards_screen = app.screens.stack[-1]
    app.key("back")
    menu = app.screens.stack[-1]
    assert cards_screen not in app.screens.stack and app.took is not cards_screen
    cur = menu.cur
    app.key("down+")
    app.key("less+")
    assert app.screens.stack[-1] is menu and menu.cur == cur
    app.render()
    assert app.screens.drawn is menu
