"""Presses: how many button presses the scripted games take on each board
profile, played through the screens by the key planners (host_sim/keyplan),
and where they go.

    .venv/bin/python -m bench.presses       # prints the BENCHMARKS.md section

The games: the benchmark's Inca Empire game (bench/scripts.py) and the
scenarios of the other three games in tests/scenarios/.  The planner takes
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

BOARDS = ("pico_oled", "pico_display", "esp32_tdisplay")
# the budgets of the press counts (see the section's table)
TWO_OVER_FOUR = 1.3      # a whole Inca game on two buttons, against four
SUN_PER_CARD = 3.0       # presses a Sun Event card, four buttons
SAPA_SAME = 6            # a Sapa Inca phase of 4 players, no count changed


def _lines(game):
    from bench import scripts
    return scripts.lines_of(game)


def count(game, board):
    """{total, numbers (presses on a number field), per line kind: [lines,
    presses]} for the game's script on the board."""
    from bench import scripts
    from host_sim import device, keyplan
    from firmware.ui.widgets import Numbers
    lines = _lines(game)
    app, _ = device.build(board, None, scripts.SEED)
    app.seed = lambda: scripts.SEED
    planner = keyplan.planner(game)
    pressed = [0, 0]        # all, on a number field
    real = app.key

    def key(k, at=None):
        if k[-1] != "+":        # a held press is one press, its repeats none
            pressed[0] += 1
            if app.stack and isinstance(app.stack[-1], Numbers):
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
    keyplan._dismiss(app, keys)
    assert pressed[0] == len(keys)
    return {"total": pressed[0], "numbers": pressed[1], "kinds": kinds, "over": app.view().get("over")}


def measure():
    return dict(((g, b), count(g, b)) for g in ("inca", "eightmin", "origin", "yu") for b in BOARDS)


INTRO = """## Presses

The presses the scripted games take through the screens, per board profile
(`.venv/bin/python -m bench.presses`): the fewest the screens offer,
planned by host_sim/keyplan; pico_oled and pico_display have four buttons
(held DOWN: the end of a turn or phase; on the Sun Event card list and a
number field a held UP or DOWN goes on, a row or a step every 150 ms, and
counts as one press),
esp32_tdisplay two (A: next, held: back, or on the card list on down it;
B: OK, held: undo, or on a number field down and on; A and B together: the
end of a turn or phase, or back from the card list). The Inca game's Sun
Event cards are dealt and drawn as at the table (host_sim/autoplay.py, Deck).

"""


def section(r):
    L = []
    add = L.append
    L.extend(INTRO.splitlines())
    add("| game | pico_oled | pico_display | esp32_tdisplay | on a number field (oled / T-Display) |")
    add("| --- | --- | --- | --- | --- |")
    for g in ("inca", "eightmin", "origin", "yu"):
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
