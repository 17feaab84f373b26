# What the app needs to know of Legacy of Yu's screens.
from firmware.games.yu import words

# the line a held DOWN enters from any screen of the game (App.end): the
# end of a turn or phase
END = "next"
# events of an action bigger than one step of a phase (a phase or round
# ended, a game won or lost): undoing it from a menu asks first (ui/common.py)
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


# ------------------------------------------------------------ the play for BG Stats
# (firmware/ui/bgstats.py): the game as BoardGameGeek lists it, and its id
# there (docs/bgstats.md)
BGG = ("Legacy of Yu", 354934)


def play(app, v):
    """[(name, score, rank, winner, started, role)] of the campaign's last
    game, once it is over (between games): a solo play, won or lost, with
    no score; its role is its place in the campaign (Game 5).  None
    while a game is played, or before the first."""
    from firmware.core.text import f, t
    rec = v.get("last_result")
    if v.get("in_game") or rec is None:
        return None
    from firmware.ui.bgstats import given
    return [(given(app, "") or t("y.me"), None, None, rec["result"] == "win", None, f("y.c.game", rec["game"]))]
