# What the app needs to know of Inca Empire's screens.
from firmware.ui import inca_words


def setup(app):
    from firmware.ui.inca_setup import Setup
    return Setup()


def home(app):
    from firmware.ui.inca_home import Home
    return Home()


def menu(app):
    from firmware.ui.inca_menu import PhaseMenu
    return PhaseMenu()


def history(app):
    from firmware.ui.inca_menu import history as h
    return h(app)


def notable(events):
    return inca_words.notable(events)


def action(line):
    return inca_words.action(line)


def leds(view):
    """(colours in play, the one to light bright or None)."""
    return view["order"], view["turn"] or (view["winner"] if view["over"] else None)


def led_event(events):
    for e in events:
        if e[0] == "pizarro" and e[2]:
            return "pizarro"
    for e in events:
        if e[0] in ("income", "sun", "over"):
            return e[0]
    return None
