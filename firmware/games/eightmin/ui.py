# What the app needs to know of Eight-Minute Empire's screens.
from firmware.games.eightmin import words as w

# events of an action bigger than one player's (the bids settled, a game
# scored, the end): undoing it from a menu asks first (screenkit/common.py)
BIG = ("first", "result", "end", "game", "over")

_APP = [None]  # the app showing the game, for the words that need its view


def _use(app):
    _APP[0] = app


def setup(app):
    from firmware.games.eightmin.setup import Setup
    _use(app)
    return Setup(app.play.edition)


def home(app):
    from firmware.games.eightmin.screens import Home
    _use(app)
    return Home()


def menu(app):
    from firmware.games.eightmin.screens import TurnMenu
    _use(app)
    return TurnMenu()


def history(app):
    from firmware.games.eightmin.screens import history as h
    _use(app)
    return h(app)


def _view():
    app = _APP[0]
    if app is None or app.play.session is None or app.play.name != "eightmin":
        return None
    return app.play.view()


def notable(events):
    v = _view()
    return w.notable(events, v["cards_to_end"] if v else None)


def action(line):
    v = _view()
    return w.action(line, v is not None and v["phase"] == "bid")


def leds(view):
    """Every seat's LED in its colour (firmware/hal/pixels.py), the player
    whose turn it is bright (the winner at the end)."""
    lit = view["turn"] or (view["winner"] if view["over"] else None)
    return list(view["seating"]), lit


def led_event(events):
    for e in events:
        if e[0] == "over":
            return "over"
    for e in events:
        if e[0] == "first":
            return "start"
    return None


# ------------------------------------------------------------------ acting
# Play.act decides whether to return to the home screen from the Inca state
# (its era and phase).  Until the app asks the game where it is, the app
# showing this game acts through the same steps with this game's "where":
# the phase, the game of a full game, and the end.

def where(s):
    """Where the game stands: when it changes the app goes to the home screen."""
    return (s.get("phase"), s.get("g"), s.get("over"))


def action_words(line):
    return action(line)


# the words of a seat's colour and of its short form (None: none), which a
# name given to the seat takes the place of (firmware/screenkit/names.py)
NAME_KEYS = ("8.c.", "8.i.")
