"""Turn a game transcript into the button presses a person would make.

One planner a game, in the game's own folder (its host-side module,
firmware/games/<game>/host.py: host_sim/games.py), each with setup(app,
line, keys) and action(app, line, keys), written with the toolkit they
share (hostkit: press_key, go_to_row, set_numbers, back, dismiss, Stuck,
...).  This module picks the game's planner by the setup line's first word
(or the game the app plays) and plays a transcript with it; it gives the
toolkit's names too, as the tests and the benchmark call them.  Tests and
the benchmark use it to play whole games through the UI only, then compare
the result with the replay of the transcript.

The simulator imports the games' host-side modules and the toolkit; the
toolkit and those modules never import the simulator (tests/test_layout.py).
A held press is planned unless hostkit.HOLD is False.
"""
import hostkit
from hostkit import (LIMIT, Stuck, back, button, dismiss, events, given, go_to_row, held,  # noqa: F401
                     hold_ms, leave_code, press_key, profile, reach, set_numbers, step, top_screen, undo_line)

# one letter an intent, for a key file the unix-port board reads (the
# benchmark's bench/device_game.py, the virtual Pico's scripts); a held
# press is its long press's letter and one of its repeats' (capitals) a
# step more
LETTERS = {"ok": "o", "up": "u", "down": "d", "back": "b", "undo": "z", "home": "h", "end": "e",
           "up+": "U", "down+": "D", "less+": "L"}


def planner(name):
    """The key planner of a game (its host-side module: host_sim/games.py)."""
    from host_sim import games
    try:
        return games.host(name)
    except ValueError as e:
        raise Stuck(str(e))


def setup(app, line, keys):
    """Press through the game picker and the setup screen to start the game
    of this setup line (its seed comes from the device)."""
    planner(line.split()[0]).setup(app, line, keys)


def action(app, line, keys):
    """Press the buttons that enter one action line of the game played."""
    planner(app.play.name).action(app, line, keys)


def play(app, lines, planner=None):
    """Play a whole transcript (setup line first) through the buttons;
    returns the list of intents pressed.  planner: the module with the
    game's setup() and action() (by default the one of the setup line's
    game)."""
    if planner is None:
        planner = globals()["planner"](lines[0].split()[0])
    return hostkit.play(app, lines, planner)
