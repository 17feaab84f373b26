# What the app needs to know of Legacy of Yu's screens.
from firmware.core import text
from firmware.core.errors import IllegalAction
from firmware.core.text import t
from firmware.ui import yu_words
from firmware.ui.widgets import Message


def setup(app):
    from firmware.ui.yu_screens import Setup
    _install(app)
    return Setup()


def home(app):
    from firmware.ui.yu_screens import Home
    _install(app)
    return Home()


def menu(app):
    from firmware.ui.yu_screens import PhaseMenu
    return PhaseMenu()


def history(app):
    from firmware.ui.yu_screens import history as h
    return h(app)


def notable(events):
    return yu_words.notable(events)


def action(line):
    return yu_words.action(line)


def leds(view):
    """A solo game: the blue LED warns of the flood (bright when its next
    step loses the game), the brown one of the barbarians one short of
    losing."""
    if not view.get("in_game"):
        return [], None
    lit = []
    bright = None
    for wn in view["warnings"]:
        if wn[0] in ("flood", "deck-empty", "reshuffle") and "blue" not in lit:
            lit.append("blue")
            fl = view["flood"]
            if fl["next_loses"]:
                bright = "blue"
        elif wn[0] == "barbarians":
            lit.append("brown")
    return lit, bright


def led_event(events):
    return None


# ------------------------------------------------------------ applying an action

def _where(s):
    """Where the campaign is: a change of game, round or phase (or a
    reshuffle asked) returns to the home screen."""
    g = s["g"]
    if g is None:
        return (None, s["over"], len(s["history"]))
    return (g["n"], g["round"], g["phase"], g["pending"] is not None)


def act(app, action):
    """App.act for this game: the app's own one reads the position of an
    Inca game (era and phase); this one reads the campaign's.  Applies the
    line (or undo/redo) through the journal, then shows what happened: the
    result of a game that ended, or the events worth a note."""
    if app.name != "yu":
        from firmware.app import App
        return App.act(app, action)
    ss = app.session
    where = _where(ss.state)
    try:
        kind = app.journal.apply(action) if app.journal else ss.apply(action)
    except IllegalAction as e:
        app.note(text.reason(e))
        return False
    except OSError as e:
        app.note(t("m.storage") % (e,))
        return False
    app._changed()
    s = app.session.state
    if _where(s) != where:
        app._home_screen()
    else:
        del app.stack[2:]
        for scr in app.stack:
            scr.refresh(app)
    if kind == "action":
        show(app, s["ev"])
    else:
        ss = app.session
        what = ss.redo_stack[-1] if kind == "undo" else ss.tail[-1]
        app.note(t("x.undone" if kind == "undo" else "x.redone") % yu_words.action(what), "m." + kind)
    app.leds(None)
    return True


def show(app, events):
    from firmware.ui.yu_screens import Result
    lines = yu_words.notable(events)
    end = yu_words.ended(events)
    if end is not None:
        rec = app.view()["last_result"]
        app.push(Result(yu_words.result_title(rec), lines + yu_words.result_lines(rec, app.view()["campaign"])))
    elif lines:
        app.push(Message(t("m.results"), lines))


def _install(app):
    # The app's act() reads an Inca game's position; the screens and the
    # undo button of this game go through act() above instead.
    if app.__dict__.get("act") is None:
        app.act = lambda line: act(app, line)
