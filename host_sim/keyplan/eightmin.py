"""Turn an Eight-Minute Empire transcript into the button presses a person
would make: for each action line, read the rows the device shows, move to
the row that does it and press OK, through the number fields as a person
would.  Tests play whole games through the buttons with it."""
import sys

from firmware.core.text import t, f
from firmware.games.eightmin import words as w
from firmware.games.eightmin.screens import Home, TurnMenu
from firmware.games.eightmin.setup import Setup
from host_sim import keyplan
from host_sim.keyplan import Stuck, _dismiss, _go_to_row, _press, _set_numbers, _top


def setup(app, line, keys):
    """Press through the game picker and the setup screen to start the game
    of this setup line (its seed comes from the device)."""
    words = line.split()
    if not isinstance(_top(app), Setup):
        if not _go_to_row(app, lambda r: r[0] == t("g.eightmin"), keys):
            raise Stuck("no Eight-Minute Empire in the picker")
    scr = _top(app)
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
            _go_to_row(app, lambda r: r[0] == label, keys)
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
    _go_to_row(app, lambda r: r[0] == t("m.start"), keys)
    _dismiss(app, keys)


def _menu(app, keys):
    _dismiss(app, keys)
    if isinstance(_top(app), Home):
        _press(app, "ok", keys)
    if not isinstance(_top(app), TurnMenu):
        raise Stuck("no turn menu, but %r" % _top(app).title)
    return _top(app)


def action(app, line, keys):
    """Press the buttons that enter one action line."""
    ws = line.split()
    k = ws[0]
    if k == "undo":
        _press(app, "undo", keys)
        _dismiss(app, keys)
        return
    _menu(app, keys)
    s = app.session.state
    if _go_to_row(app, lambda r: r[2] == line, keys):
        return
    if k == "bid":
        if not _go_to_row(app, lambda r: r[0] == w.name(ws[1]), keys):
            raise Stuck("no bid row for %s" % ws[1])
        _set_numbers(app, [int(ws[2])], keys)
    elif k in ("regions", "goods", "tokens", "armies"):
        label = "%s %s" % (w.who(ws[1], app.lay), t("8.m." + k))
        if not _go_to_row(app, lambda r: r[0] == label, keys):
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
        _set_numbers(app, vals, keys)
    elif k == "adjust":
        _go_to_row(app, lambda r: r[0] == t("m.adjust"), keys)
        _go_to_row(app, lambda r: r[0] == w.name(ws[1]), keys)
        _set_numbers(app, [int(ws[3])], keys)
    else:
        raise Stuck("no row for %r" % line)


def play(app, lines):
    """Play a whole transcript (setup line first) through the buttons."""
    return keyplan.play(app, lines, sys.modules[__name__])
