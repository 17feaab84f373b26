"""An action's results are read whole, with no press to see them (Screens.tell):
where they fit the top two rows whole they stay there until the next press,
which does what it always does; longer ones, and the big moments (a Pizarro
flip, the end of the game: a headline), come on a screen of their own the
moment they happen, every line whole.  Nothing is cut, and no "N more"
hides a line.  History keeps the last action's results.  The set-up
checklist at the start of a game and a refused action's reason stay
screens of their own."""
import pytest

from bench import scripts
from firmware.app import BAND
from firmware.core.text import t
from firmware.games.inca import words
from firmware.screenkit.widgets import Message, Report
from host_sim import device, keyplan
from firmware.games.inca import host as keyplan_inca
from host_sim.textshot import TextShot


def _words(lines):
    return " ".join(" ".join(lines).split())


@pytest.mark.parametrize("board,lang", [("pico_oled", "ru"), ("pico_oled", "en"), ("pico_display", "es")])
def test_a_whole_game_shows_every_result_whole(board, lang):
    """The scripted Inca game through the buttons: each action's results
    are on the screen that follows, whole (the text the frame shows holds
    every word of them); the Pizarro flips and the end of the game each on
    a screen of its own with its headline."""
    app, _ = device.build(board, None, scripts.SEED, lang=lang)
    app.board.seed = lambda: scripts.SEED
    shot = TextShot(app.board.cv, app.board.lay)
    seen = {"band": 0, "report": 0, "pizarro": 0, "over": 0, "home": 0}
    real_act = app.play.act

    def act(line):
        took = real_act(line)
        if not took:
            return took
        s = app.play.session.state
        want = app.play.ui.notable(s["ev"]) if line not in ("undo", "redo") else None
        app.render()
        shown = shot.lines()
        top = app.screens.stack[-1]
        if type(top).__name__ == "PlayCode":
            # the end of the game: its QR code first (the winner beside it),
            # its results under it
            assert s["over"] and app.screens.notice is None
            app.key("ok")
            app.render()
            shown = shot.lines()
            top = app.screens.stack[-1]
        if isinstance(top, Report):
            seen["report"] += 1
            assert shown[0] == top.title
            if want is not None:
                assert top.lines == want
            # every line whole: the report's rows hold all its words
            assert _words(r[0] for r in top.rows) == _words(top.lines)
            if any(e[0] == "pizarro" for e in s["ev"]):
                seen["pizarro"] += 1
                assert top.banner and t("e.piz_h_yes" if any(e[0] == "pizarro" and e[2] for e in s["ev"])
                                          else "e.piz_h_no") == top.title
            if s["over"]:
                seen["over"] += 1
                assert top.banner and top.title == t("m.game_over")
        elif app.screens.notice:
            seen["band"] += 1
            band = app.screens.notice
            # at most BAND lines, whatever rows they wrap to, with a row of the screen under them
            assert want is None or len(want) <= BAND
            assert len(band) < app.board.lay.rows
            assert shown[:len(band)] == band
            if len(app.screens.stack) == 1 and not s["over"] and app.play.view()["turn"] is not None:
                # the home screen: the row of the player whose turn it is
                # (the one lit) is shown under them
                turn = app.play.view()["turn"]
                lit = [ln for ln in shown[len(band):] if ln.startswith("> ")]
                assert len(lit) == 1 and (words.ini(turn) in lit[0] or words.name(turn) in lit[0]), (band, shown)
                seen["home"] += 1
            if want is not None:
                assert _words(app.screens.notice) == _words(want)
        else:
            assert not want
        assert not any(t("m.more") % 1 in ln for ln in shown)
        return took
    app.play.act = act
    lines = scripts.transcript()
    keyplan.play(app, lines, keyplan_inca)
    assert app.play.view()["over"]
    assert seen["pizarro"] >= 4 and seen["over"] == 1
    assert seen["band"] > 40 and seen["report"] > 10 and seen["home"] > 10, seen


def _played(board, until, what):
    """The scripted game played through the buttons up to the first action
    after which until(app, line) holds."""
    app, _ = device.build(board, None, scripts.SEED)
    app.board.seed = lambda: scripts.SEED
    lines = scripts.transcript()
    keys = []
    keyplan_inca.setup(app, lines[0], keys)
    keyplan.dismiss(app, keys)
    for line in lines[1:]:
        keyplan.step(app, keyplan_inca.action, line, keys)
        if until(app, line):
            return app
    raise AssertionError("no %s in the scripted game" % what)


def test_the_next_press_acts_and_takes_the_reminder_away_and_history_keeps_it():
    app = _played("pico_display", lambda app, line: app.screens.notice and line.startswith("road"), "road with a reminder")
    got = list(app.screens.notice)
    shot = TextShot(app.board.cv, app.board.lay)
    app.screens.dirty = True
    app.render()
    assert shot.lines()[:len(got)] == got
    # the next press does what it does: here the cursor moves, and the reminder goes
    scr = app.screens.stack[-1]
    cur = scr.cur
    app.key("down")
    app.render()
    assert app.screens.notice is None and scr.cur != cur
    assert got[0] not in shot.lines()
    # History: the results, whole, under the newest action
    app.screens.open_history()
    rows = [r[0].strip() for r in app.screens.stack[-1].rows]
    at = rows.index(t("m.results"))
    assert _words(got) in _words(rows[at + 1:])


def test_a_report_closes_with_ok_and_a_held_down_still_ends_the_phase():
    app = _played("pico_oled", lambda app, line: isinstance(app.screens.stack[-1], Report) and app.play.view()["phase"] == "inca",
                  "report that leads into an Inca phase")
    tail = list(app.play.session.tail)
    app.key("ok")
    assert type(app.screens.stack[-1]).__name__ == "Home" and app.play.session.tail == tail
    app.key("ok")
    app.key("end")          # over its report, the next one: a held DOWN ends the phase
    assert app.play.session.tail == tail + ["next"]


def test_the_set_up_checklist_is_a_screen_of_its_own():
    app, _ = device.build("pico_oled", None, scripts.SEED)
    pushed = []
    real = app.screens.push

    def push(s):
        pushed.append(s)
        real(s)
    app.screens.push = push
    keys = []
    keyplan_inca.setup(app, scripts.transcript()[0], keys)
    told = [s for s in pushed if isinstance(s, Message)]
    assert [s.title for s in told] == [t("s.order")] and not isinstance(told[0], Report)
