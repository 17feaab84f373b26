# What the app needs to know of Inca Empire's screens.
from firmware.games.inca import words

# the line a held DOWN enters from any screen of the game (App.end): the
# end of a turn or phase
END = "next"
# events of an action bigger than one player's (a phase ended, a scoring,
# a Pizarro flip, the end): undoing it from a menu asks first (ui/common.py)
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
    from firmware.core.modules import forget
    from firmware.games.inca.pickers import history as h
    forget("firmware.games.inca.pickers")   # kept by the screen while it is open
    return h(app)


def notable(events):
    return words.notable(events)


def headline(events):
    """The title of the screen that tells a big moment: a Pizarro flip
    (App.tell)."""
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


# ------------------------------------------------------------ the play for BG Stats
# (firmware/ui/bgstats.py): the game as BoardGameGeek lists it, and its id
# there (0: no public source gives one; docs/bgstats.md)
BGG = ("Inca Empire", 0)


def play(app, v):
    """[(name, VP, rank, winner, started, role)] of the finished game, in
    the standings' order (ties by the score track); None before the end."""
    if not v["over"]:
        return None
    from firmware.ui.bgstats import given
    first = _first(app.session.setup)
    return [(given(app, c) or words.name(c), v["players"][c]["vp"], v["players"][c]["rank"],
             c == v["winner"], c == first, None) for c in v["standings"]]


def _first(setup):
    """Who held turn-order tile 1 in the first round: named by the setup
    line's order=, else dealt from its seed as the game dealt it
    (firmware/games/inca/start.py)."""
    from firmware.core import rng
    from firmware.core.actions import as_tokens
    ps = None
    seed = 1
    for w in as_tokens(setup)[1:]:
        if w.startswith("order="):
            return w[6:].split(",")[0]
        if w.startswith("players="):
            ps = w[8:].split(",")
        elif w.startswith("seed="):
            seed = int(w[5:])
    if not ps:
        return None
    rng.shuffle(rng.seed_state(seed), ps)
    return ps[0]

# the words of a seat's colour and of its short form (None: none), which a
# name given to the seat takes the place of (firmware/ui/names.py)
NAME_KEYS = ("c.", "i.")
