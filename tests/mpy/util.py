# Shared by the portable tests: runs on CPython (pytest) and MicroPython.
import json

from firmware.core import jsonout

from firmware.core.errors import IllegalAction
from firmware.core.session import Session
from firmware.games import inca

EDITION_PATH = "assets/inca/edition.json"
_edition = None


def edition():
    global _edition
    if _edition is None:
        with open(EDITION_PATH) as f:
            _edition = json.load(f)
    return _edition


def game(setup, *actions):
    s = inca.new(setup, edition())
    for a in actions:
        inca.apply(s, a)
    return s


def session(setup, *actions):
    ss = Session(inca, edition(), setup)
    for a in actions:
        ss.apply(a)
    return ss


def refused(s, action, words=None):
    """Assert that action is refused, that the message contains `words`,
    and that the state is unchanged.  Returns the message."""
    before = json.dumps(s)
    try:
        inca.apply(s, action)
    except IllegalAction as e:
        msg = str(e)
    else:
        raise AssertionError("%r was accepted" % action)
    assert json.dumps(s) == before, "refused %r changed the state" % action
    if words is not None:
        assert words in msg, "%r not in %r" % (words, msg)
    return msg


def view(s):
    return inca.view(s)


def vp(s, c):
    return s["p"][c]["vp"]


def labor(s, c):
    return s["p"][c]["labor"]


# Cards that change no cost or VP: used to fill sectors when a test only
# needs to get through a Sun phase.
FILLER = ("wilderness-road", "rural-unrest", "solar-eclipse", "great-pilgrimage",
          "annual-pilgrimage", "local-pilgrimage", "road-crew", "el-nino",
          "labor-intensity")
# After those, any card (era IV needs up to 16 cards in one round).
from firmware.games.inca.cards import NAMES as _NAMES  # noqa: E402
FILLER = FILLER + tuple(n for n in _NAMES if n not in FILLER)


def phase(s):
    return s["track"][s["ci"]][2][s["pi"]]


def where(s):
    col = s["track"][s["ci"]]
    return (col[0], col[1], phase(s))


def fill_sun(s, cards=FILLER):
    """Reveal a card in every sector still empty this Sun phase."""
    for sec in s["sectors"]:
        if sec in s["placed"]:
            continue
        for card in cards:
            try:
                inca.apply(s, "sun %s %s" % (sec, card))
                break
            except IllegalAction:
                continue
        else:
            raise AssertionError("no filler card left for " + sec)


def finish_phase(s, con="0 0 0"):
    """Do what the current phase needs and leave it with 'next'."""
    ph = phase(s)
    if ph == "sun":
        fill_sun(s)
    elif ph == "sapa":
        for c in s["seating"]:
            if s["p"][c]["con"] is None:
                inca.apply(s, "connected %s %s" % (c, con))
    elif ph == "people":
        while phase(s) == "people" and s["turn"] is not None and s["turn"] < len(s["order"]) - 1:
            inca.apply(s, "next")
    inca.apply(s, "next")


def advance_to(s, era, rnd, ph, nth=1):
    """Play 'next' (and fillers) until the era track stands at the nth
    occurrence of phase ph in column (era, rnd)."""
    seen = 0
    for _ in range(500):
        if where(s) == (era, rnd, ph):
            seen += 1
            if seen == nth:
                return s
        finish_phase(s)
    raise AssertionError("never reached %r" % ((era, rnd, ph),))


FOUR = "inca players=blue,orange,green,brown order=blue,orange,green,brown"
THREE = "inca players=blue,orange,green order=blue,orange,green"


def turn_of(s, c):
    """In the People phase, end turns until it is c's turn."""
    if s["turn"] is None or c not in s["order"][s["turn"]:]:
        raise AssertionError("%s has no turn left in this phase (order %r)" % (c, s["order"]))
    while s["order"][s["turn"]] != c:
        inca.apply(s, "next")
    return s


def people(s, c, *actions):
    turn_of(s, c)
    for a in actions:
        inca.apply(s, a)
    return s


def events(s, kind):
    return [e[1:] for e in s["ev"] if e[0] == kind]


class Rules:
    """Test helpers for one game's engine: its edition table, a game from a
    setup line and actions, and the check that a refused action changes
    nothing and that check() gave the same reason."""

    def __init__(self, module, edition_path):
        self.module = module
        self.path = edition_path
        self._ed = None

    def edition(self):
        if self._ed is None:
            with open(self.path) as f:
                self._ed = json.load(f)
        return self._ed

    def game(self, setup, *actions):
        s = self.module.new(setup, self.edition())
        for a in actions:
            self.module.apply(s, a)
        return s

    def refused(self, s, action, words=None):
        before = json.dumps(s)
        said = self.module.check(s, action)
        try:
            self.module.apply(s, action)
        except IllegalAction as e:
            msg = str(e)
        else:
            raise AssertionError("%r was accepted" % action)
        assert json.dumps(s) == before, "refused %r changed the state" % action
        assert said == msg, (said, msg)
        if words is not None:
            assert words in msg, "%r not in %r" % (words, msg)
        return msg

    def undo_round_trip(self, setup, lines):
        """Through a Session: each undo restores the view before the action
        exactly, and redoing them all gives the last view back."""
        ss = Session(self.module, self.edition(), setup)
        views = [jsonout.dumps(ss.view())]
        for a in lines:
            ss.apply(a)
            views.append(jsonout.dumps(ss.view()))
        for k in range(len(lines)):
            ss.apply("undo")
            assert jsonout.dumps(ss.view()) == views[-2 - k], lines[-1 - k]
        for k in range(len(lines)):
            ss.apply("redo")
        assert jsonout.dumps(ss.view()) == views[-1]
