"""Eight-Minute Empire on a computer (host_sim/games.py: what this module
gives; no board gets it): random actions, the scripted session, and the key
planner, which turns a transcript into the button presses a person would
make: for each action line, read the rows the device shows, move to
the row that does it and press OK, through the number fields as a person
would.  Tests play whole games through the buttons with it."""
import sys

from firmware.core.text import t, f
from firmware.games.eightmin import words as w
from firmware.games.eightmin.screens import Home, TurnMenu
from firmware.games.eightmin.setup import Setup
import hostkit
from hostkit import Choices, Stuck, dismiss, go_to_row, press_key, set_numbers, top_screen
from firmware.games.eightmin import engine


def setup(app, line, keys):
    """Press through the game picker and the setup screen to start the game
    of this setup line (its seed comes from the device)."""
    words = line.split()
    if not isinstance(top_screen(app), Setup):
        if not go_to_row(app, lambda r: r[0] == t("g.eightmin"), keys):
            raise Stuck("no Eight-Minute Empire in the picker")
    scr = top_screen(app)
    if not isinstance(scr, Setup):
        raise Stuck("not on the setup screen")
    opts = dict(x.split("=", 1) for x in words[1:] if "=" in x)
    if "ages" in opts:
        raise Stuck("the setup screen asks only who is youngest")
    players = opts["players"].split(",")

    def set_row(label, want, limit=12):
        for _ in range(limit):
            r = [r for r in scr.rows if r[0] == label][0]
            if r[1] == want:
                return
            go_to_row(app, lambda r: r[0] == label, keys)
        raise Stuck("cannot set %s to %r" % (label, want))

    set_row(t("s.players"), str(len(players)))
    for i, c in enumerate(players):
        # a colour another seat holds is moved away first
        for j in range(len(players)):
            if j != i and scr.seats[j] == c:
                set_row(f("8.s.seat", j + 1), w.name([x for x in scr.palette if x not in players
                                                       and x not in scr.seats[:len(players)]][0]))
        set_row(f("8.s.seat", i + 1), w.name(c))
    y = opts.get("youngest")
    set_row(t("8.s.youngest"), w.name(y) if y else "?")
    on = lambda b: t("s.on") if b else t("s.off")  # noqa: E731
    set_row(t("8.s.dice"), on("dice" in words))
    set_row(t("8.s.tokens"), on("goods-tokens" in words))
    set_row(t("8.s.full"), on("full" in words))
    go_to_row(app, lambda r: r[0] == t("m.start"), keys)
    dismiss(app, keys)


def _menu(app, keys):
    dismiss(app, keys)
    if isinstance(top_screen(app), Home):
        press_key(app, "ok", keys)
    if not isinstance(top_screen(app), TurnMenu):
        raise Stuck("no turn menu, but %r" % top_screen(app).title)
    return top_screen(app)


def action(app, line, keys):
    """Press the buttons that enter one action line."""
    ws = line.split()
    k = ws[0]
    if hostkit.undo_line(app, line, keys):
        return
    _menu(app, keys)
    s = app.play.session.state
    if go_to_row(app, lambda r: r[2] == line, keys):
        return
    if k == "bid":
        if not go_to_row(app, lambda r: r[0] == w.name(ws[1]), keys):
            raise Stuck("no bid row for %s" % ws[1])
        set_numbers(app, [int(ws[2])], keys)
    elif k in ("regions", "goods", "tokens", "armies"):
        label = "%s %s" % (w.who(ws[1], app.board.lay), t("8.m." + k))
        if not go_to_row(app, lambda r: r[0] == label, keys):
            raise Stuck("no row %r" % label)
        if k == "regions":
            vals = [int(x) for x in ws[2:]]
        elif k == "armies":
            vals = [int(ws[2])]
        else:
            given = dict(x.split("=") for x in ws[2:])
            vals = [int(given.get(x, 0)) for x in s["kinds"]]
            if k == "goods":
                vals.append(int(given.get("wild", 0)))
        set_numbers(app, vals, keys)
    elif k == "adjust":
        go_to_row(app, lambda r: r[0] == t("m.adjust"), keys)
        go_to_row(app, lambda r: r[0] == w.name(ws[1]), keys)
        set_numbers(app, [int(ws[3])], keys)
    else:
        raise Stuck("no row for %r" % line)


def play(app, lines):
    """Play a whole transcript (setup line first) through the buttons."""
    return hostkit.play(app, lines, sys.modules[__name__])


# ---------------------------------------------------------------- random actions

NAMES = ("red", "blue", "green", "yellow", "purple")


def random_setup(rnd):
    """A setup line, chosen with rnd (a random.Random)."""
    data = Choices(rnd.randrange)
    n = data.num(2, 5)
    words = ["eightmin", "players=" + ",".join(NAMES[:n])]
    age = data.one(("none", "ages", "youngest"))
    if age == "ages":
        ages = list(NAMES[:n])
        ages.reverse()
        words.append("ages=" + ",".join(ages))
    elif age == "youngest":
        words.append("youngest=" + data.one(NAMES[:n]))
    for v in ("dice", "goods-tokens", "full"):
        if data.flag():
            words.append(v)
    words.append("seed=%d" % data.num(0, 1000))
    return " ".join(words)


def _likely(data, s):
    """An action that the rules likely allow now (the choices pick the words)."""
    ps = s["seating"]
    ph = s["phase"]
    if ph == "bid":
        waiting = [c for c in ps if s["p"][c]["bid"] is None] or ps
        c = data.one(waiting)
        return "bid %s %d" % (c, data.num(0, min(3, s["p"][c]["coins"])))
    if ph == "tie":
        return "youngest " + data.one(s["tie"])
    if ph == "play":
        c = engine.current(s)
        return "take %s %d" % (c, data.one((1, 1, 2, 3, 4, 6)))
    if s["result"] is not None and s["g"] < s["games"]:
        return "next-game"
    c = data.one(ps)
    what = data.one(("regions", "goods", "tokens", "armies"))
    if what == "regions":
        return "regions %s %s" % (c, " ".join(str(data.num(0, 2)) for _ in range(s["continents"])))
    if what == "armies":
        return "armies %s %d" % (c, data.num(0, 14))
    kinds = s["kinds"] + (["wild"] if what == "goods" else [])
    got = []
    for k in kinds:
        if data.flag():
            got.append("%s=%d" % (k, data.num(0, 2 if what == "tokens" else 5)))
    return " ".join([what, c] + got)


def _action(data, s):
    if data.num(0, 3):
        return _likely(data, s)
    ps = s["seating"]
    c = data.one(ps + ["nobody"])
    kinds = s["kinds"] + ["wild", "gold"]
    k = data.num(0, 6)
    if k == 0:
        return "bid %s %d" % (c, data.num(0, 16))
    if k == 1:
        return "youngest " + c
    if k == 2:
        return "regions %s %s" % (c, " ".join(str(data.num(0, 3)) for _ in range(data.num(3, 5))))
    if k == 3:
        verb = data.one(("goods", "tokens"))
        return "%s %s %s" % (verb, c, " ".join("%s=%d" % (data.one(kinds), data.num(0, 12))
                                              for _ in range(data.num(0, 3))))
    if k == 4:
        return "armies %s %d" % (c, data.num(0, 16))
    if k == 5:
        return data.one(("next-game", "adjust %s coins %s%d" % (c, data.one("+-"), data.num(0, 5))))
    return data.one(("take %s %d" % (c, data.num(0, 7)), "", "bid", "fly away", "take"))


def candidates(s, pick):
    return [_action(Choices(pick), s)]     # mostly what a player would enter now


SCENARIO = "eightmin_three"     # the scripted session: tests/scenarios/eightmin_three.txt
