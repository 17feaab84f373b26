# What the app needs to know of Inca Empire's screens.
from firmware.games.inca import words

# the line a held DOWN enters from any screen of the game (Play.end): the
# end of a turn or phase
END = "next"
# events of an action bigger than one player's (a phase ended, a scoring,
# a Pizarro flip, the end): undoing it from a menu asks first (screenkit/common.py)
BIG = ("phase", "score", "pizarro", "over")


def setup(app):
    from firmware.games.inca.setup import Setup
    return Setup()


def home(app):
    from firmware.games.inca.home import Home
    return Home()


def menu(app):
    from firmware.games.inca.menu import PhaseMenu
    return PhaseMenu()


def history(app):
    from firmware.core.modules import use_once
    return use_once("firmware.games.inca.pickers", "history")(app)   # its code kept by the screen while it is open


def notable(events):
    return words.notable(events)


def headline(events):
    """The title of the screen that tells a big moment: a Pizarro flip
    (Screens.tell)."""
    for e in events:
        if e[0] == "pizarro":
            from firmware.core.text import t
            return t("e.piz_h_yes" if e[2] else "e.piz_h_no")
    return None


def action(line):
    return words.action(line)


def name_last(state, tail):
    """The tail's last action in words (a "next" named by what it ended)."""
    if tail[-1] == "next":
        return words.next_names(state, tail[-1:]).get(0) or words.action("next")
    return words.action(tail[-1])


def name_from(state, line):
    """An action about to be taken in state (a redo) in words."""
    return words.next_from(state) if line == "next" else words.action(line)


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


# the words of a seat's colour and of its short form (None: none), which a
# name given to the seat takes the place of (firmware/screenkit/names.py)
NAME_KEYS = ("c.", "i.")
