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


def where(s):
    """Where the game stands (phase, round, turn): when it changes the app
    goes to the home screen."""
    return (s["phase"], s["round"], s["turn"], s["over"])


def doing(line):
    """A row target that applies the action line through act()."""
    return lambda app: app.act(line)
