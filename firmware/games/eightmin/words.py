# Eight-Minute Empire events and actions in the players' words (from the
# language table, keys "8.*"), for the result, history and undo screens.
from firmware.core import text
from firmware.core.text import t, f, fn

# The cube colours a setup offers, in the order the setup cycles them.
PALETTE = ("red", "blue", "green", "yellow", "purple", "black", "orange", "white")


def name(c):
    """A player's colour as a word; a name not in the palette as typed."""
    v = t("8.c." + c)
    return c if v == "8.c." + c else v


def ini(c):
    """A colour in at most three letters, for the narrow screen."""
    v = t("8.i." + c)
    return c[:3] if v == "8.i." + c else v


def player(c):
    """A player in a line that names an action: by name where the screen
    has room for names (text.wide), else by the initials."""
    return name(c) if text.wide else ini(c)


def who(c, lay):
    """A player's name where it fits: the full word on the wide screen."""
    return name(c) if lay.colour else ini(c)


def kind(k):
    return t("8.k." + k)


def remind(e):
    what = e[1]
    if what == "remove-five-player-cards":
        return fn("8.e.five", e[2])
    if what == "card-row":
        return fn("8.e.row", e[2])
    if what == "start-armies":
        return fn("8.e.armies", e[2])
    if what == "neutral-armies":
        return fn("8.e.neutral", e[2])
    if what == "goods-tokens":
        return fn("8.e.tokens", e[2])
    if what == "coins":
        return fn("8.e.coins", e[2])
    return None


HOW = {"bid": "8.e.first_bid", "youngest": "8.e.first_young", "die": "8.e.first_die"}


def event(e, limit=None):
    """Lines describing one engine event for the players."""
    k = e[0]
    if k == "game":
        out = [f("8.e.game", e[1], e[2])] if e[2] > 1 else []
        if limit:
            out.append(fn("8.e.limit", limit))
        return out
    if k == "remind":
        r = remind(e)
        return [r] if r else []
    if k == "bids":
        return [f("8.e.bid", name(c), n) for c, n in e[1]]
    if k == "rolls":
        return [f("8.e.roll", name(c), n) for c, n in e[1]]
    if k == "tie":
        return [f("8.e.tie", ", ".join(name(c) for c in e[1]))]
    if k == "first":
        return [f(HOW[e[3]], name(e[1]), e[2])]
    if k == "last-round":
        return [t("8.e.last_round")]
    if k == "end":
        return [t("8.e.end")]
    if k == "result":
        if len(e) == 3:
            return [f("8.e.result", e[1], name(e[2]))]
        return [f("8.e.result_tie", e[1], ", ".join(name(c) for c in e[2:]))]
    if k == "over":
        if len(e) == 2:
            return [f("8.e.over", name(e[1]))]
        return [f("8.e.over_tie", ", ".join(name(c) for c in e[1:]))]
    return []


NOTABLE = ("game", "remind", "bids", "rolls", "tie", "first", "last-round", "end", "result", "over")


def notable(events, limit=None):
    over = False
    for e in events:
        if e[0] == "over":
            over = True
    lines = []
    for e in events:
        # a game's result is said once: in the final words when it is the last
        if e[0] in NOTABLE and not (over and e[0] == "result"):
            lines.extend(event(e, limit))
    return lines


def action(line, hidden=False):
    """An action line in words, for the history and undo; with hidden, a
    bid says who bid and not how much."""
    w = line.split()
    k = w[0]
    if k == "bid" and len(w) == 3:
        if hidden:
            return f("8.a.bid_hidden", player(w[1]))
        return f("8.a.bid", player(w[1]), w[2])
    if k == "youngest" and len(w) == 2:
        return f("8.a.youngest", player(w[1]))
    if k == "take" and len(w) == 3:
        return f("8.a.take", player(w[1]), w[2])
    if k in ("regions", "goods", "tokens", "armies") and len(w) >= 2:
        return "%s %s" % (player(w[1]), t("8.m." + k))
    if k == "next-game":
        return t("8.m.next_game")
    if k == "adjust" and len(w) == 4:
        return f("8.a.adjust", player(w[1]), w[3])
    return line
