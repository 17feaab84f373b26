"""Presses: how many button presses the scripted games take on each board
profile, played through the screens by the key planners (host_sim/keyplan),
and where they go.

    .venv/bin/python -m bench.presses       # prints the BENCHMARKS.md section

The games: every game of the registry, each its scripted session (its
host-side module's script(): Inca Empire's the benchmark's game,
bench/scripts.py; the others' scenarios in tests/scenarios/).  The planner takes
the shortest way the screens offer (up or down, whichever is nearer; a
two-button board has no up), so these are the fewest presses a player who
knows the screens makes.  A held press that moves the cursor N rows (or
steps a number N times) is one press (host_sim/keyplan: X*N), planned
wherever the screen takes it and it saves presses.
"""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from firmware.games import NAMES  # noqa: E402

BOARDS = ("pico_oled", "pico_display", "esp32_tdisplay")
# the budgets of the press counts (see the section's table)
TWO_OVER_FOUR = 1.3      # a whole Inca game on two buttons, against four
SUN_PER_CARD = 3.0       # presses a Sun Event card, four buttons
SAPA_SAME = 6            # a Sapa Inca phase of 4 players, no count changed
ANY_ROW = 4              # any row of any menu, from where its cursor is, OK counted
REDO = 3                 # Redo, from the home screen, OK counted


def _lines(game):
    from bench import scripts
    return scripts.lines_of(game)


def count(game, board):
    """{total, numbers (presses on a number field), per line kind: [lines,
    presses]} for the game's script on the board."""
    from bench import scripts
    from host_sim import device, keyplan
    from firmware.screenkit.widgets import Numbers
    lines = _lines(game)
    app, _ = device.build(board, None, scripts.SEED)
    app.board.seed = lambda: scripts.SEED
    planner = keyplan.planner(game)
    pressed = [0, 0]        # all, on a number field
    real = app.key

    def key(k, at=None):
        if k[-1] != "+":        # a held press is one press, its repeats none
            pressed[0] += 1
            if app.screens.stack and isinstance(app.screens.stack[-1], Numbers):
                pressed[1] += 1
        real(k, at)
    app.key = key
    keys = []
    planner.setup(app, lines[0], keys)
    kinds = {}
    for line in lines[1:]:
        before = pressed[0]
        keyplan.step(app, planner.action, line, keys)
        kind = kinds.setdefault(line.split()[0], [0, 0])
        kind[0] += 1
        kind[1] += pressed[0] - before
    keyplan.dismiss(app, keys)
    assert pressed[0] == len(keys)
    return {"total": pressed[0], "numbers": pressed[1], "kinds": kinds, "over": app.play.view().get("over")}


def reach(game, board):
    """(the most presses any row of any list the game's script shows takes,
    from where the cursor is and OK counted; the most from the home screen
    to Redo, OK counted, after each undo of the script (None: no undo)):
    the script played by the planner, every list measured as it is shown."""
    from bench import scripts
    from host_sim import device, keyplan
    from firmware.core.text import t
    from firmware.screenkit.widgets import Message, Numbers, Screen
    lines = _lines(game)
    app, _ = device.build(board, None, scripts.SEED)
    app.board.seed = lambda: scripts.SEED
    planner = keyplan.planner(game)
    most = [0, None]
    real = app.key

    def lists():
        scr = app.screens.stack[-1] if app.screens.stack else None
        return (scr is not None and scr is not app.screens.stack[0] and isinstance(scr, Screen)
                and not isinstance(scr, (Message, Numbers)) and not scr.plain and scr.rows)

    def key(k, at=None):
        real(k, at)
        if lists():
            scr = app.screens.stack[-1]
            for i in range(len(scr.rows)):
                if scr.rows[i][2] is not None:
                    most[0] = max(most[0], keyplan.reach(app, i))
    app.key = key
    keys = []
    planner.setup(app, lines[0], keys)
    for line in lines[1:]:
        keyplan.step(app, planner.action, line, keys)
        if line == "undo" and app.play.session.redo_stack:
            keyplan.dismiss(app, keys)
            app.key("home")
            real("ok")          # the menu, from the home screen: one press
            scr = app.screens.stack[-1]
            redo = [i for i in range(len(scr.rows)) if scr.rows[i][0] == t("m.redo")]
            if redo:
                n = 1 + keyplan.reach(app, redo[0])
                most[1] = n if most[1] is None else max(most[1], n)
            app.key("home")
    return most[0], most[1]


# every game of the registry
GAMES = NAMES


def measure():
    r = {"games": GAMES}
    r.update(((g, b), count(g, b)) for g in GAMES for b in BOARDS)
    for g in GAMES:
        for b in ("pico_oled", "esp32_tdisplay"):
            r[("reach", g, b)] = reach(g, b)
    return r


INTRO = """## Presses

The presses the scripted games take through the screens, per board profile
(`.venv/bin/python -m bench.presses`): the fewest the screens offer,
planned by host_sim/keyplan; pico_oled and pico_display have four buttons
(held DOWN: the end of a turn or phase, but on the Sun Event card list and
a number field, where it goes on down; a held UP goes on up any list or a
number, a row or a step every 150 ms, and counts as one press),
esp32_tdisplay two (A: next, held: on down any list, or a number up; B: OK,
held: undo on the home screen or the Undo row, or a number down; A and B
together: back; held together: the end of a turn or phase on the home
screen or the phase menu, so that the planner goes back there first).
Results of more than two lines, a Pizarro flip and the end of the game
come on a screen of their own, which takes a press to close; results of
one or two lines stay over the next screen, however many rows their words
take, so the same presses play the same game in every language. The Inca
game's Sun Event cards are dealt and drawn as at the table
(firmware/games/inca/host.py, Aside).
"""


def section(r):
    L = []
    add = L.append
    L.extend(INTRO.splitlines())
    add("| game | pico_oled | pico_display | esp32_tdisplay | on a number field (oled / T-Display) |")
    add("| --- | --- | --- | --- | --- |")
    for g in r["games"]:
        o, d, t = r[(g, "pico_oled")], r[(g, "pico_display")], r[(g, "esp32_tdisplay")]
        add("| %s | %d | %d | %d | %d / %d |" % (g, o["total"], d["total"], t["total"], o["numbers"], t["numbers"]))
    add("")
    o, t = r[("inca", "pico_oled")], r[("inca", "esp32_tdisplay")]
    ratio = t["total"] / o["total"]
    sun = o["kinds"].get("sun", [1, 0])
    sun_t = t["kinds"].get("sun", [1, 0])
    add("| what (Inca Empire) | budget | measured | held |")
    add("| --- | --- | --- | --- |")
    add("| a whole game on two buttons against four (T-Display / pico_oled) | %.1fx | %.2fx | %s |"
        % (TWO_OVER_FOUR, ratio, "yes" if ratio <= TWO_OVER_FOUR else "**no**"))
    add("| presses a Sun Event card, four buttons (%d cards) | %.0f | %.2f (two buttons: %.2f) | %s |"
        % (sun[0], SUN_PER_CARD, sun[1] / sun[0], sun_t[1] / sun_t[0],
           "yes" if sun[1] / sun[0] <= SUN_PER_CARD else "**no**"))
    add("| a Sapa Inca phase of 4 players, no count changed, from the home screen | %d | 6 | yes "
        "(tests/test_ui_screens.py) |" % SAPA_SAME)
    for b in ("pico_oled", "esp32_tdisplay"):
        rows, redo = max(r[("reach", g, b)][0] for g in r["games"]), r[("reach", "inca", b)][1]
        add("| any row of any menu of every game, from its cursor, OK counted (%s) | %d | %d | %s |"
            % (b, ANY_ROW, rows, "yes" if rows <= ANY_ROW else "**no**"))
        add("| Redo, from the home screen, OK counted (%s) | %d | %d | %s |"
            % (b, REDO, redo, "yes" if redo <= REDO else "**no**"))
    add("")
    add("Per kind of action, Inca Empire on pico_oled (actions, presses, presses each):")
    add("")
    add("| action | actions | presses | each |")
    add("| --- | --- | --- | --- |")
    for k in sorted(o["kinds"], key=lambda k: -o["kinds"][k][1]):
        n, p = o["kinds"][k]
        add("| %s | %d | %d | %.1f |" % (k, n, p, p / n))
    return L


if __name__ == "__main__":
    print("\n".join(section(measure())))
