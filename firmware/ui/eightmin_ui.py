# What the app needs to know of Eight-Minute Empire's screens.
from firmware.ui import eightmin_words as w

_APP = [None]  # the app showing the game, for the words that need its view


def _use(app):
    _APP[0] = app
    _install_act(app)


def setup(app):
    from firmware.ui.eightmin_setup import Setup
    _use(app)
    return Setup(app.edition)


def home(app):
    from firmware.ui.eightmin_screens import Home
    _use(app)
    return Home()


def menu(app):
    from firmware.ui.eightmin_screens import TurnMenu
    _use(app)
    return TurnMenu()


def history(app):
    from firmware.ui.eightmin_screens import History
    _use(app)
    return History()


def _view():
    app = _APP[0]
    if app is None or app.session is None or app.name != "eightmin":
        return None
    return app.view()


def notable(events):
    v = _view()
    return w.notable(events, v["cards_to_end"] if v else None)


def action(line):
    v = _view()
    return w.action(line, v is not None and v["phase"] == "bid")


def leds(view):
    """The LEDs are labelled blue, orange, green, brown: they show the game
    only when every player's colour has an LED."""
    from firmware.hal.pixels import COLOURS
    for c in view["seating"]:
        if c not in COLOURS:
            return [], None
    lit = view["turn"] or (view["winner"] if view["over"] else None)
    return list(view["order"]), lit


def led_event(events):
    for e in events:
        if e[0] == "over":
            return "over"
    for e in events:
        if e[0] == "first":
            return "start"
    return None


# ------------------------------------------------------------------ acting
# App.act decides whether to return to the home screen from the Inca state
# (its era and phase).  Until the app asks the game where it is, the app
# showing this game acts through the same steps with this game's "where":
# the phase, the game of a full game, and the end.

def _where(s):
    return (s.get("phase"), s.get("g"), s.get("over"))


def _install_act(app):
    if getattr(app, "_eightmin_act", False):
        return
    app._eightmin_act = True

    def act(action):
        from firmware.app import App
        if "ci" in app.session.state:
            return App.act(app, action)
        return _act(app, action)
    app.act = act


def _act(app, action):
    from firmware.core import text
    from firmware.core.errors import IllegalAction
    from firmware.core.text import t
    ss = app.session
    where = _where(ss.state)
    try:
        if app.journal:
            kind = app.journal.apply(action)
        else:
            kind = ss.apply(action)
    except IllegalAction as e:
        app.note(text.reason(e))
        return False
    except OSError as e:
        app.note(t("m.storage") % (e,))
        return False
    app._changed()
    s = app.session.state
    if where != _where(s):
        app._home_screen()
    else:
        del app.stack[2:]
        for scr in app.stack:
            scr.refresh(app)
    if kind == "action":
        app._show_events(s["ev"], "m.results")
    else:
        ss = app.session
        what = ss.redo_stack[-1] if kind == "undo" else ss.tail[-1]
        app.note(t("x.undone" if kind == "undo" else "x.redone") % action_words(what), "m." + kind)
    app.leds(led_event(s["ev"]) if kind == "action" else None)
    return True


def action_words(line):
    return action(line)
