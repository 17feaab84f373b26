# What the app needs to know of Legacy of Yu's screens.
from firmware.games.yu import words

# the line a held DOWN enters from any screen of the game (Play.end): the
# end of a turn or phase
END = "next"
# events of an action bigger than one step of a phase (a phase or round
# ended, a game won or lost): undoing it from a menu asks first (screenkit/common.py)
BIG = ("phase", "round", "game", "win", "loss", "campaign-over")


def setup(app):
    from firmware.games.yu.screens import Setup
    return Setup()


def home(app):
    from firmware.games.yu.screens import Home
    return Home()


def menu(app):
    from firmware.games.yu.screens import PhaseMenu
    return PhaseMenu()


def history(app):
    from firmware.games.yu.screens import history as h
    return h(app)


def notable(events):
    return words.notable(events)


def action(line):
    return words.action(line)


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


def where(s):
    """Where the campaign stands: a change of game, round or phase (or a
    reshuffle asked) takes the screens back to the home screen."""
    g = s["g"]
    if g is None:
        return (None, s["over"], len(s["history"]))
    return (g["n"], g["round"], g["phase"], g["pending"] is not None)
