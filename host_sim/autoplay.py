"""Play legal Inca Empire games from a stream of choices.

Used to write the demo transcript, to feed the property tests (hypothesis
supplies the choices) and to build the scenario corpus.  Every action it
emits has been accepted by the engine, so the transcript replays cleanly.
"""
import json
import random

from firmware.core.errors import IllegalAction
from firmware.games import inca
from firmware.games.inca import cards, engine

COLOURS = engine.COLOURS


class Deck:
    """The Sun Event deck as the players hold it (the rules: each player
    holds 3 cards, places one into a sector every Sun phase and draws one;
    the board's cards go to the discards at Sapa Inca; an empty deck is
    the discards shuffled).  A card placed is one of the player's 3, each
    as likely; a card drawn is any of the deck's.  JSON-able, so that an
    undo takes it back with the state."""

    def __init__(self, s, pick):
        self.d = {"deck": [c for c in cards.NAMES for _ in range(s["copies"][c])], "discards": [], "board": [],
                  "hands": {}}
        for c in s["seating"]:
            self.d["hands"][c] = [x for x in (self.draw(pick) for _ in range(3)) if x is not None]

    def draw(self, pick):
        d = self.d
        if not d["deck"]:
            d["deck"], d["discards"] = d["discards"], []
        if not d["deck"]:
            return None
        return d["deck"].pop(pick(len(d["deck"])))

    def placer(self, s):
        """The player who places this Sun phase's next card: one each, in
        turn order."""
        return s["order"][len(s["placed"]) % len(s["order"])]

    def choose(self, s, pick):
        """The card the next player places (None: an empty hand)."""
        hand = self.d["hands"][self.placer(s)]
        return hand[pick(len(hand))] if hand else None

    def placed(self, s, card, pick):
        """The card went onto the board: out of the hand, a new one drawn."""
        hand = self.d["hands"][self.placer(s)]
        if card in hand:
            hand.remove(card)
            self.d["board"].append(card)
            new = self.draw(pick)
            if new is not None:
                hand.append(new)

    def cleared(self, s):
        """The board's cards to the discards once Sapa Inca has taken them."""
        d = self.d
        if d["board"] and not any(s["board"][x] for x in s["sectors"]):
            d["discards"] += d["board"]
            d["board"] = []


def candidates(s, pick, deck=None):
    """Plausible actions for the state; some may be refused by the rules.
    With a Deck, a Sun Event card is the one the next player holds and
    places (else a type, each as likely)."""
    ph = engine.phase(s)
    if ph == "inca":
        return ["next"]
    if ph == "sun":
        free = [x for x in s["sectors"] if x not in s["placed"]]
        if not free:
            return ["next"]
        sec = free[0]
        names = list(cards.NAMES)
        first = deck.choose(s, pick) if deck is not None else None
        if first is not None:
            names.remove(first)
            names.insert(0, first)
            start = 0
        else:
            start = pick(len(names))
        return ["sun %s %s" % (sec, names[(start + i) % len(names)]) for i in range(len(names))]
    if ph == "sapa":
        missing = [c for c in s["seating"] if s["p"][c]["con"] is None]
        if not missing:
            return ["next"]
        c = missing[0]
        return ["connected %s %d %d %d" % (c, pick(4), pick(3), pick(3))]
    c = engine.current(s)
    r = 1 + pick(3)
    opts = [
        "conquer %s %d %d %d" % (c, r, pick(4), r + pick(2)),
        "terrace %s" % c, "garrison %s" % c, "city %s" % c, "temple %s" % c,
        "temple %s %d" % (c, 4 + pick(4)), "road %s" % c, "outpost %s" % c,
        "zeal %s" % c, "pilgrimage %s great" % c, "pilgrimage %s annual" % c,
        "pilgrimage %s local" % c, "adjust %s labor +1" % c,
    ]
    k = pick(len(opts))
    return opts[k:] + opts[:k] + ["next"]


def play(setup, pick, edition, limit=2000, undo_every=0):
    """Return the list of action lines of a legal game (setup first).
    pick(n) returns a choice in 0..n-1.  With undo_every, an 'undo' is
    sometimes emitted right after an action.  The Sun Event cards come
    from a deck dealt and drawn as the players do (Deck)."""
    s = inca.new(setup, edition)
    deck = Deck(s, pick)
    lines = [setup]
    states = [json.dumps([s, deck.d])]
    while not s["over"] and len(lines) < limit:
        act(s, deck, pick, lines, states)
        if undo_every and pick(undo_every) == 0 and len(states) > 1:
            lines.append("undo")
            states.pop()
            s, deck.d = json.loads(states[-1])
    return lines


def act(s, deck, pick, lines, states):
    """One legal action applied to s (the deck drawn from as the players
    do), its line appended to lines and the state after it (with the
    deck) to states; AssertionError when no candidate is legal."""
    for a in candidates(s, pick, deck):
        # Players mostly end their turn after one or two actions.
        if a != "next" and engine.phase(s) == "people" and pick(3) == 0:
            a = "next"
        before = dict(s, placed=list(s["placed"])) if a.startswith("sun ") else None
        try:
            inca.apply(s, a)
        except IllegalAction:
            continue
        if before is not None:
            deck.placed(before, a.split()[2], pick)
        deck.cleared(s)
        lines.append(a)
        states.append(json.dumps([s, deck.d]))
        return
    raise AssertionError("no legal action in state %r" % engine.phase(s))


def random_setup(rnd, n=None):
    n = n or rnd.choice((3, 4))
    ps = rnd.sample(list(COLOURS), n)
    words = ["inca", "players=" + ",".join(ps), "seed=%d" % rnd.randrange(1 << 16)]
    if rnd.random() < 0.5:
        words.append("pizarro")
    if n == 4 and rnd.random() < 0.3:
        words.append("early-fall")
    if rnd.random() < 0.2:
        words.append("gods")
    return " ".join(words)


def random_game(seed, edition, n=None, undo_every=0):
    rnd = random.Random(seed)
    return play(random_setup(rnd, n), rnd.randrange, edition, undo_every=undo_every)


def annotated(lines, edition):
    """The transcript with a comment line where each phase begins."""
    s = inca.new(lines[0], edition)
    out = [lines[0]]
    for a in lines[1:]:
        before = (s["ci"], s["pi"])
        inca.apply(s, a)
        out.append(a)
        if (s["ci"], s["pi"]) != before and not s["over"]:
            col = s["track"][s["ci"]]
            out.append("# era %d, round %d: %s phase" % (col[0], col[1], engine.phase(s)))
    return out


if __name__ == "__main__":
    import sys

    with open("assets/inca/edition.json") as f:
        ed = json.load(f)
    setup = sys.argv[1] if len(sys.argv) > 1 else "inca players=blue,orange,green,brown seed=1438 pizarro"
    rnd = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 7)
    for ln in annotated(play(setup, rnd.randrange, ed), ed):
        print(ln)
