"""Origin on a computer (host_sim/games.py: what this module gives; no
board gets it): random actions, the scripted session, and the key planner,
which turns a transcript into the button presses a person would make, by
reading the rows the device shows.

Score lines are entered on the player's sheet: each entry the line names
is set (value lists rebuilt, numbers stepped, Treasure toggled), then Save.
The sheet sends only what differs from what it held, in the engine's
order of keys, so a transcript written that way is journaled verbatim."""
import sys

from firmware.core.text import t
from firmware.games.origin.menu import ListEdit, Sheet, Supplies, TurnMenu
from firmware.games.origin.screens import Setup
from firmware.games.origin.words import name
from firmware.screenkit.widgets import Numbers
import hostkit
from hostkit import Choices, Stuck, dismiss, go_to_row, press_key, set_numbers, top_screen


def setup(app, line, keys):
    """From the game picker (or the setup screen) to the first turn."""
    if not isinstance(top_screen(app), Setup):
        if not go_to_row(app, lambda r: r[0] == t("g.origin"), keys):
            raise Stuck("no Origin in the picker")
    scr = top_screen(app)
    if not isinstance(scr, Setup):
        raise Stuck("not on Origin's setup screen")
    players = [w for w in line.split() if w.startswith("players=")][0][8:].split(",")

    def set_row(index_of_row, want):
        for _ in range(8):
            i = index_of_row()
            if scr.rows[i][1] == want:
                return
            go_to_row(app, lambda r, i=i: r is scr.rows[i], keys)
        raise Stuck("cannot set %r" % want)

    set_row(lambda: 0, str(len(players)))
    for k in range(len(players)):
        set_row(lambda k=k: 1 + k, name(players[k]))
    go_to_row(app, lambda r: r[0] == t("m.start"), keys)
    dismiss(app, keys)


def _menu(app, keys):
    dismiss(app, keys)
    if not isinstance(top_screen(app), TurnMenu):
        press_key(app, "ok", keys)  # home -> turn menu
    if not isinstance(top_screen(app), TurnMenu):
        raise Stuck("no turn menu")


def _values(app, k, want, keys):
    """Rebuild a value list on the list screen."""
    go_to_row(app, lambda r: r[0] == t("o." + k), keys)
    scr = top_screen(app)
    if not isinstance(scr, ListEdit):
        raise Stuck("no list for %s" % k)
    have = scr.sheet.draft[k]
    keep = 0
    while keep < len(have) and keep < len(want) and have[keep] == want[keep]:
        keep += 1
    while len(have) > keep:
        go_to_row(app, lambda r: r[0] == t("o.remove"), keys)
    for v in want[keep:]:
        label = t("o.add") % v
        go_to_row(app, lambda r: r[0] == label, keys)
    go_to_row(app, lambda r: r[0] == t("o.done"), keys)


def _score(app, c, entries, keys):
    go_to_row(app, lambda r: r[0] == name(c), keys)
    scr = top_screen(app)
    if not isinstance(scr, Sheet):
        raise Stuck("no score sheet for %s" % c)
    for k, v in entries:
        if k in ("goals", "hunt", "straits"):
            want = [] if v in ("", "-", "none") else [int(x) for x in v.split(",")]
            _values(app, k, want, keys)
        elif k == "treasure":
            if scr.draft[k] != (v == "yes"):
                go_to_row(app, lambda r: r[0] == t("o.treasure"), keys)
        else:
            vals = [int(x) for x in v.split(",")]
            go_to_row(app, lambda r, k=k: r[0] == t("o." + k), keys)
            if not isinstance(top_screen(app), Numbers):
                raise Stuck("no number fields for %s" % k)
            if k == "tiles":
                vals += [0] * (len(top_screen(app).fields) - len(vals))
            set_numbers(app, vals, keys)
    go_to_row(app, lambda r: r[0] == t("o.save"), keys)


def action(app, line, keys):
    """Press the buttons that enter one action line."""
    w = line.split()
    _menu(app, keys)
    before = len(keys)
    if w[0] == "next":
        go_to_row(app, lambda r: r[0] == t("o.end_turn"), keys)
    elif w[0] in ("undo", "redo"):
        go_to_row(app, lambda r: r[0] == t("m." + w[0]), keys)
    elif w[0] == "trigger":
        go_to_row(app, lambda r: r[0] == t("o.ran_out"), keys)
        if not isinstance(top_screen(app), Supplies):
            raise Stuck("no supply picker")
        from firmware.games.origin.words import supply
        for x in w[1:]:
            go_to_row(app, lambda r, x=x: r[0] == supply(x), keys)
        go_to_row(app, lambda r: r[0] == t("o.confirm"), keys)
    elif w[0] == "score":
        _score(app, w[1], [x.split("=", 1) for x in w[2:]], keys)
    else:
        raise Stuck("no row for %r" % line)
    if len(keys) == before:
        raise Stuck("nothing pressed for %r" % line)
    dismiss(app, keys)


def play(app, lines):
    """Play a whole transcript (setup line first) through the buttons."""
    return hostkit.play(app, lines, sys.modules[__name__])


# ---------------------------------------------------------------- random actions

NAMES = ("red", "blue", "green", "yellow", "purple")


def random_setup(rnd):
    """A setup line, chosen with rnd (a random.Random)."""
    data = Choices(rnd.randrange)
    return "origin players=" + ",".join(NAMES[:data.num(2, 4)])


def _action(data, s):
    k = data.num(0, 6)
    if k <= 2:
        return "next"
    if k == 3:
        return "trigger " + " ".join(data.one(s["supplies"] + ["sand"]) for _ in range(data.num(0, 2)))
    if k <= 5:
        c = data.one(s["seating"] + ["nobody"])
        entries = []
        for _ in range(data.num(0, 4)):
            key = data.one(("goals", "hand", "hunt", "straits", "tiles", "trophies", "treasure", "luck"))
            if key in ("goals", "hunt", "straits", "tiles"):
                val = ",".join(str(data.num(0, 9)) for _ in range(data.num(0, 6)))
            elif key == "treasure":
                val = data.one(("yes", "no", "maybe"))
            else:
                val = str(data.num(0, 50))
            entries.append(key + "=" + val)
        return " ".join(["score", c] + entries)
    return data.one(("jump", "next 1", ""))


def candidates(s, pick):
    return [_action(Choices(pick), s)]     # mostly what a player would enter now


SCENARIO = "origin_four"     # the scripted session: tests/scenarios/origin_four.txt
