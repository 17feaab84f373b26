"""Legacy of Yu on a computer (host_sim/games.py: what this module gives; no
board gets it): random actions, the scripted session, and the key planner,
which turns a transcript into the button presses a person would make:
for each action line, look at the rows the device shows, move to the one
that enters it (through the settler, barbarian, loss and number pickers)
and press OK.  Tests play whole campaigns this way and compare the
result with the replay of the transcript."""
import sys

from firmware.core.text import t
from firmware.screenkit.widgets import Menu
from firmware.games.yu.screens import Home, PhaseMenu, Setup
import hostkit
from hostkit import Choices, Stuck, dismiss, go_to_row, press_key, set_numbers, undo_line
from firmware.games.yu import engine


def top_screen(app):
    return app.screens.stack[-1]


def _row(app, pred, what, keys):
    if not go_to_row(app, pred, keys):
        raise Stuck("no row for %s on %r" % (what, top_screen(app).title))


def _label(key):
    """A row labelled with the words at key, whole or in a short form
    (key~, key~~: where the whole words do not fit)."""
    from firmware.core.text import get
    texts = [t(key)]
    while get(key + "~") is not None:
        key += "~"
        texts.append(get(key))
    return lambda r: r[0] in texts


def setup(app, line, keys):
    """From the game picker (or the set-up screen), start the campaign of
    this setup line: yu [wins=N] [losses=N]."""
    if not isinstance(top_screen(app), Setup):
        _row(app, _label("g.yu"), "the game", keys)
    opts = dict(w.split("=", 1) for w in line.split()[1:])
    for what in ("wins", "losses"):
        want = int(opts.get(what, 0))
        scr = top_screen(app)
        if [r for r in scr.rows if r[0] == t("y.s." + what)][0][1] != str(want):
            _row(app, _label("y.s." + what), what, keys)
            set_numbers(app, [want], keys)
    _row(app, _label("y.s.start"), "start", keys)
    dismiss(app, keys)


def _to_menu(app, keys):
    dismiss(app, keys)
    scr = top_screen(app)
    if isinstance(scr, PhaseMenu):
        return
    if isinstance(scr, Menu):
        press_key(app, "back", keys)  # out of a picker left open
        scr = top_screen(app)
    if isinstance(scr, Home):
        if scr.view["in_game"]:
            press_key(app, "ok", keys)
        else:
            _row(app, _label("y.m.more"), "the menu", keys)
    if not isinstance(top_screen(app), PhaseMenu):
        raise Stuck("no phase menu")


def action(app, line, keys):
    """Press the buttons that enter one action line."""
    if undo_line(app, line, keys):
        return
    w = line.split()
    dismiss(app, keys)
    before = len(keys)
    scr = top_screen(app)
    # the campaign home starts a game itself
    if isinstance(scr, Home) and not scr.view["in_game"] and go_to_row(app, lambda r: r[2] == line, keys):
        return
    _to_menu(app, keys)
    if go_to_row(app, lambda r: r[2] == line, keys):
        pass
    elif w[0] == "barbarians":
        _row(app, _label("y.m.barbarians"), "barbarians", keys)
        if not go_to_row(app, lambda r: r[2] == line, keys):
            if w[1][0] in "+-":
                _row(app, _label("y.m.change"), "change by", keys)
            else:
                _row(app, _label("y.m.on_display"), "on display", keys)
            set_numbers(app, [int(w[1])], keys)
    elif w[0] in ("destroy", "take", "active", "draw"):
        _row(app, _label("y.m.settlers"), "settlers", keys)
        if not go_to_row(app, lambda r: r[2] == line, keys):
            _row(app, _label("y.m.%s_n" % w[0] if w[0] in ("destroy", "take") else "y.m." + w[0]), w[0], keys)
            set_numbers(app, [int(w[1])], keys)
    elif w[0] == "reshuffle":
        _row(app, _label("y.m.reshuffle"), "reshuffle", keys)
        set_numbers(app, [int(w[1])], keys)
    elif w[0] == "loss":
        _row(app, _label("y.m.loss"), "loss", keys)
        _row(app, lambda r: r[2] == line, line, keys)
    else:
        raise Stuck("no row for %r" % line)
    if len(keys) == before:
        raise Stuck("nothing pressed for %r" % line)


def play(app, lines):
    """Play a whole transcript (setup line first) through the buttons."""
    return hostkit.play(app, lines, sys.modules[__name__])


# ---------------------------------------------------------------- random actions

def random_setup(rnd):
    """A setup line, chosen with rnd (a random.Random)."""
    data = Choices(rnd.randrange)
    return data.one(("yu", "yu wins=%d losses=%d" % (data.num(0, 6), data.num(0, 6))))


VERBS = ("game-start", "next", "round", "canal", "attack", "barbarians", "active",
            "draw", "destroy", "take", "reshuffle", "flood", "loss", "bogus")


def _action(data, s):
    g = s["g"]
    if data.num(0, 3):
        # mostly what a player would do now
        if g is None:
            return "game-start"
        if g["pending"] is not None:
            return "reshuffle %d" % data.num(0, 12)
        if engine.phase(s) == "actions" and g["barge"] == "ready" and data.num(0, 2):
            return "canal"
        if engine.phase(s) == "harvest" and data.num(0, 1):
            return "active %d" % data.num(0, 12)
        return "next"
    verb = data.one(VERBS)
    if verb in ("barbarians",):
        return "barbarians %s%d" % (data.one(("", "+", "-")), data.num(0, 8))
    if verb in ("active", "draw", "reshuffle"):
        return "%s %d" % (verb, data.num(0, 12))
    if verb in ("destroy", "take"):
        return verb + ("" if data.flag() else " %d" % data.num(0, 4))
    if verb == "loss":
        return "loss " + data.one(("flood", "barbarians", "damage", "fire"))
    return verb


def candidates(s, pick):
    return [_action(Choices(pick), s)]     # mostly what a player would enter now


SCENARIO = "yu_campaign"     # the scripted session: tests/scenarios/yu_campaign.txt


SCRIPT_ENDS = False    # a campaign's scenario ends with a game, not the campaign
