# What the app needs to know of Origin's screens.
from firmware.ui import origin_words


def setup(app):
    from firmware.ui.origin_screens import Setup
    return Setup(app)


def home(app):
    from firmware.ui.origin_screens import Home
    return Home()


def menu(app):
    from firmware.ui.origin_menu import TurnMenu
    return TurnMenu()


def history(app):
    from firmware.ui.origin_menu import history as h
    return h(app)


def notable(events):
    return origin_words.notable(events)


def action(line):
    return origin_words.action(line)


def leds(view):
    """Origin's players are named by their settlement colours (red, blue,
    green, yellow), not the LEDs' colours: the LEDs stay dark."""
    return [], None


def led_event(events):
    return None


def act(app, line):
    """Apply one action line (or undo/redo) through the journal, as
    App.act does, but knowing where an Origin game stands (phase, round,
    turn) instead of the Inca era track.  Returns True if the game took it."""
    from firmware.core import text
    from firmware.core.errors import IllegalAction
    from firmware.core.text import t
    ss = app.session
    s = ss.state
    where = (s["phase"], s["round"], s["turn"], s["over"])
    try:
        if app.journal:
            kind = app.journal.apply(line)
        else:
            kind = ss.apply(line)
    except IllegalAction as e:
        app.note(text.reason(e))
        return False
    except OSError as e:
        app.note(t("m.storage") % (e,))
        return False
    app._changed()
    ss = app.session
    s = ss.state
    if where != (s["phase"], s["round"], s["turn"], s["over"]):
        app._home_screen()
    else:
        del app.stack[2:]
        for scr in app.stack:
            scr.refresh(app)
    if kind == "action":
        app._show_events(s["ev"], "m.results")
    else:
        what = ss.redo_stack[-1] if kind == "undo" else ss.tail[-1]
        app.note(t("x.undone" if kind == "undo" else "x.redone") % action(what), "m." + kind)
    app.leds()
    return True


def doing(line):
    """A row target that applies the action line through act()."""
    return lambda app: act(app, line)
