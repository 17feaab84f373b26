"""Reminders that need no decision need no press: an action's results and
what an undo or redo took back or put again come on the title line of the
screen that follows (App.notice), stay there until the next press, which
does what it always does, and History keeps the last action's results.
The set-up checklist at the start of a game and a refused action's reason
stay screens of their own."""
import pytest

from bench import scripts
from firmware.core.text import t
from firmware.ui.widgets import Message
from host_sim import device, keyplan
from host_sim.keyplan import inca as keyplan_inca


def _title_rows(app):
    """The frame's bytes of the title line (mono: the pages it covers;
    colour: its rows of pixels)."""
    cv = app.cv
    lh = app.lay.lh
    if app.lay.colour:
        return bytes(cv.buf[:lh * app.lay.w // 2]), bytes(cv.buf[lh * app.lay.w // 2:])
    pages = (lh + 7) // 8
    return bytes(cv.buf[:pages * app.lay.w]), bytes(cv.buf[pages * app.lay.w:])


@pytest.mark.parametrize("board", ["pico_oled", "pico_display"])
def test_a_whole_game_shows_its_results_without_a_press(board):
    """The scripted Inca game through the buttons: no screen of results or
    of an undo is opened; each action with results puts them on the title
    line, drawn over the screen that follows and gone after the next press."""
    app, _ = device.build(board, None, scripts.SEED)
    app.seed = lambda: scripts.SEED
    pushed = []
    real_push = app.push

    def push(s):
        if isinstance(s, Message):
            pushed.append(s.title)
        real_push(s)
    app.push = push
    notices = []
    real_act = app.act

    def act(line):
        took = real_act(line)
        if took and app.notice:
            notices.append(list(app.notice))
            # drawn: the title line differs from the screen's own, the rest not
            app.render()
            with_notice = _title_rows(app)
            shown = app.notice
            app.notice = None
            app.dirty = True
            app.render()
            assert _title_rows(app)[0] != with_notice[0]
            assert _title_rows(app)[1] == with_notice[1]
            app.notice = shown
            app.dirty = True
        return took
    app.act = act
    on_message = []
    real_key = app.key

    def key(k, at=None):
        if isinstance(app.stack[-1], Message):
            on_message.append(app.stack[-1].title)
        real_key(k, at)
    app.key = key
    lines = scripts.transcript()
    keyplan.play(app, lines, keyplan_inca)
    assert app.view()["over"]
    assert t("m.results") not in pushed and t("m.undo") not in pushed and t("m.redo") not in pushed
    assert pushed == [t("s.order")]              # the set-up checklist only
    undone = [n for n in notices if n[0].startswith(t("x.undone") % "")]
    assert len(undone) == lines.count("undo") and len(notices) > len(undone) + 40
    # no press goes to closing a screen of reminders but the checklist's
    assert on_message == [t("s.order")]


def test_the_next_press_acts_and_takes_the_reminder_away_and_history_keeps_it():
    from tests.test_end_press import _app, _inca_lines
    import tempfile
    lines, edition = _inca_lines("sapa")
    with tempfile.TemporaryDirectory() as tmp:
        import pathlib
        app, _ = _app(pathlib.Path(tmp), "sapa", lines, edition)
        view = app.view()
        for c in app.session.state["seating"]:
            app.act("connected %s 1 0 2" % c)
        app.act("next")                           # Sapa Inca scored
        got = list(app.notice)
        assert got == app.ui.notable(app.session.state["ev"]) and len(got) > 4
        assert type(app.stack[-1]).__name__ == "Home" and view != app.view()
        app.render()
        # the first line, and how many more History holds
        drawn = []
        real = app.cv.text

        def text(x, y, s, c=1):
            drawn.append(s)
            return real(x, y, s, c)
        app.cv.text = text
        app.dirty = True
        app.render()
        assert got[0] in drawn[-2:] and t("m.more") % (len(got) - 1) in drawn[-2:]
        # OK does what it does on the home screen: the menu, no reminder
        app.key("ok")
        assert app.notice is None and type(app.stack[-1]).__name__ == "PhaseMenu"
        before = len(drawn)
        app.render()
        assert len(drawn) > before and got[0] not in drawn[before:]
        # History: the results, whole, under the newest action
        app.open_history()
        rows = [r[0].strip() for r in app.stack[-1].rows]
        at = rows.index(t("m.results"))
        assert " ".join(got) in " ".join(rows[at + 1:])
