"""Inca Empire on a computer (host_sim/games.py: what this module gives;
the board never gets it): the key planner (the setup screen, players and
variants, and every action line through the phase menus, the card lists and
number fields), random legal actions with the Sun Event cards dealt and
drawn as at the table, and the benchmark's scripted game."""
import sys

from firmware.core.errors import IllegalAction
from firmware.games.inca import cards, engine
from firmware.games.inca.menu import PhaseMenu
from firmware.games.inca.sun import CardList
from firmware.games.inca.setup import Setup
import hostkit
from hostkit import Stuck, dismiss, go_to_row, press_key, set_numbers, top_screen, undo_line


def called(r, key):
    """Row r is labelled with the words at key, whole or in a short form
    (key~, key~~: where the whole words do not fit)."""
    from firmware.core.text import get, t
    texts = [t(key)]
    while get(key + "~") is not None:
        key += "~"
        texts.append(get(key))
    return r[0] in texts


def setup(app, line, keys):
    """Press through the setup wizard to start the game of this setup line
    (its seed comes from the device)."""
    words = line.split()
    from firmware.core.text import t
    if not isinstance(top_screen(app), Setup):
        # the game picker first
        if not go_to_row(app, lambda r: r[0] == t("g." + words[0]), keys):
            raise Stuck("no game %s in the picker" % words[0])
    players = [w for w in words if w.startswith("players=")][0][8:].split(",")
    scr = top_screen(app)
    if not isinstance(scr, Setup):
        raise Stuck("not on the setup screen")

    def set_row(label_pred, want_text):
        for _ in range(6):
            r = [r for r in scr.rows if label_pred(r)][0]
            if r[1] == want_text:
                return
            go_to_row(app, label_pred, keys)
        raise Stuck("cannot set %r" % want_text)

    from firmware.games.inca.words import name
    set_row(lambda r: r[0] == t("s.players"), str(len(players)))
    if len(players) == 3:
        missing = [c for c in ("blue", "orange", "green", "brown") if c not in players][0]
        set_row(lambda r: r[0] == t("s.without"), name(missing))
    else:
        set_row(lambda r: r[0] == t("s.early_fall"), t("s.on") if "early-fall" in words else t("s.off"))
    set_row(lambda r: called(r, "s.pizarro"), t("s.on") if "pizarro" in words else t("s.off"))
    set_row(lambda r: r[0] == t("s.gods"), t("s.on") if "gods" in words else t("s.off"))
    go_to_row(app, lambda r: r[0] == t("m.start"), keys)
    dismiss(app, keys)


def action(app, line, keys):
    """Press the buttons that enter one action line."""
    if undo_line(app, line, keys):
        return
    w = line.split()
    dismiss(app, keys)
    top = top_screen(app)
    if isinstance(top, CardList):
        # the next sector's cards opened after the last card entered
        if w[0] == "sun" and set(w[1].split("-")) == set(top.sec.split("-")) \
                and go_to_row(app, lambda r: r[2] == line, keys):
            return
        hostkit.back(app, keys)
    if not isinstance(top_screen(app), PhaseMenu):
        press_key(app, "ok", keys)  # home -> phase menu
    scr = top_screen(app)
    if not isinstance(scr, PhaseMenu):
        raise Stuck("no phase menu")
    before = len(keys)
    if go_to_row(app, lambda r: r[2] == line, keys):
        pass
    elif w[0] == "sun":
        from firmware.games.inca.words import ini, name
        sec = w[1]
        a, b = sec.split("-")
        labels = ["%s-%s" % (f(x), f(y)) for f in (ini, name) for x, y in ((a, b), (b, a))]
        if not go_to_row(app, lambda r: r[0] in labels, keys):
            raise Stuck("no sector row for %s" % sec)
        if not go_to_row(app, lambda r: r[2] is not None and isinstance(r[2], str)
                          and r[2].split()[2] == w[2], keys):
            raise Stuck("no card %s" % w[2])
    elif w[0] == "conquer":
        from firmware.core.text import t
        go_to_row(app, lambda r: r[0] == t("b.conquer"), keys)
        if not go_to_row(app, lambda r: r[2] == line, keys):
            go_to_row(app, lambda r: r[0] == t("m.by_numbers"), keys)
            set_numbers(app, [int(x) for x in w[2:5]], keys)
    elif w[0] == "temple":
        from firmware.core.text import t
        go_to_row(app, lambda r: called(r, "b.site"), keys)
        if not go_to_row(app, lambda r: r[2] == line, keys):
            go_to_row(app, lambda r: r[0] == t("m.by_numbers"), keys)
            set_numbers(app, [int(w[2])], keys)
    elif w[0] == "connected":
        from firmware.core.text import t
        from firmware.games.inca.words import ini, name
        # a row not yet confirmed takes the counts it shows with one press;
        # other counts: Change counts under it (the player the cursor is
        # on), else the row itself (confirmed: OK corrects them)
        rows = top_screen(app).rows
        i = [k for k in range(len(rows)) if rows[k][0] in (name(w[1]), ini(w[1]))][0]
        if rows[i][2] == line:
            go_to_row(app, lambda r: r is rows[i], keys)
        else:
            if i + 1 < len(rows) and rows[i + 1][0].strip() == t("m.change_con"):
                i += 1
            go_to_row(app, lambda r: r is rows[i], keys)
            set_numbers(app, [int(x) for x in w[2:5]], keys)
    elif w[0] == "adjust":
        from firmware.core.text import t
        from firmware.games.inca.words import name
        go_to_row(app, lambda r: r[0] == t("m.adjust"), keys)
        go_to_row(app, lambda r: r[0] == "%s %s" % (name(w[1]), t("f." + w[2])), keys)
        set_numbers(app, [int(w[3])], keys)
    else:
        raise Stuck("no row for %r" % line)
    if len(keys) == before:
        raise Stuck("nothing pressed for %r" % line)


def play(app, lines):
    return hostkit.play(app, lines, sys.modules[__name__])


# ---------------------------------------------------------------- random legal actions

COLOURS = engine.COLOURS


class Aside:
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
    With the deck (Aside), a Sun Event card is the one the next player holds and
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


def act(s, pick, deck):
    """One legal action applied to s (the deck drawn from as the players
    do); returns its line, or None when no candidate is legal."""
    for a in candidates(s, pick, deck):
        # Players mostly end their turn after one or two actions.
        if a != "next" and engine.phase(s) == "people" and pick(3) == 0:
            a = "next"
        before = dict(s, placed=list(s["placed"])) if a.startswith("sun ") else None
        try:
            engine.apply(s, a)
        except IllegalAction:
            continue
        if before is not None:
            deck.placed(before, a.split()[2], pick)
        deck.cleared(s)
        return a
    return None


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


def annotated(lines, edition):
    """The transcript with a comment line where each phase begins."""
    from firmware.games import inca
    s = inca.new(lines[0], edition)
    out = [lines[0]]
    for a in lines[1:]:
        before = (s["ci"], s["pi"])
        engine.apply(s, a)
        out.append(a)
        if (s["ci"], s["pi"]) != before and not s["over"]:
            col = s["track"][s["ci"]]
            out.append("# era %d, round %d: %s phase" % (col[0], col[1], engine.phase(s)))
    return out


# ---------------------------------------------------------------- the scripted game

# the benchmark's and the budget tests' game (bench/scripts.py): four players
# with Pizarro, played at random from CHOICES by the autoplayer
# (host_sim/games.py, script()), an undo after about one action in UNDO_EVERY
SCRIPT = "inca players=blue,orange,green,brown pizarro seed=77"
CHOICES = 3
UNDO_EVERY = 8
