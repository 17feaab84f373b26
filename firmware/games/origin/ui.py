# What the app needs to know of Origin's screens.
from firmware.games.origin import words

# the line a held DOWN enters from any screen of the game (Play.end): the
# end of a turn or phase
END = "next"
# events of an action bigger than one player's (a round ended, the scoring,
# the end): undoing it from a menu asks first (screenkit/common.py)
BIG = ("round", "scoring", "score", "over")


def setup(app):
    from firmware.games.origin.screens import Setup
    return Setup(app)


def home(app):
    from firmware.games.origin.screens import Home
    return Home()


def menu(app):
    from firmware.games.origin.menu import TurnMenu
    return TurnMenu()


def history(app):
    from firmware.games.origin.menu import history as h
    return h(app)


def notable(events):
    return words.notable(events)


def action(line):
    return words.action(line)


def leds(view):
    """Every seat's LED in its settlement colour (firmware/hal/pixels.py),
    the player whose turn it is bright (the winner at the end)."""
    return list(view["seating"]), view["turn"] or (view.get("winner") if view["over"] else None)


def led_event(events):
    return None


def where(s):
    """Where the game stands (phase, round, turn): when it changes the app
    goes to the home screen."""
    return (s["phase"], s["round"], s["turn"], s["over"])


# the words of a seat's colour and of its short form (None: none), which a
# name given to the seat takes the place of (firmware/screenkit/names.py)
NAME_KEYS = ("o.c.", None)
