"""What the host side (the simulator's tools, the tests, the benchmarks)
asks of a game, found through the registry (firmware/games/__init__.py) as
the device finds its rules and screens.

Each game's folder holds, besides what the board runs, one host-side module
(host.py, beside its __init__.py: flash.sh leaves it off the board, and no
firmware module imports it), written with hostkit (the key planner's
presses, Choices) and importing nothing of host_sim: this module imports
it, never the reverse.  It has:
    setup(app, line, keys), action(app, line, keys)
        the key planner: the presses that start the game of a setup line,
        and those that enter one action line (host_sim/keyplan plays a
        transcript with them)
    random_setup(rnd)      a setup line, chosen with rnd (a random.Random)
    candidates(s, pick)    plausible action lines for the state s, the
                           likeliest first (some may be refused by the
                           rules; never none: a refused one where nothing
                           is legal); pick(n) is a choice in 0..n-1: the
                           autoplayer's random legal actions, the property
                           tests' (hypothesis chooses) and the benchmarks'
    script()               the action lines (setup first) of the game's
                           scripted session: what bench/presses.py counts;
                           or SCENARIO, the name of that transcript in
                           tests/scenarios; or SCRIPT and CHOICES, a game
                           the autoplayer plays from the setup line SCRIPT
                           with random.Random(CHOICES)'s choices, an undo
                           now and then (UNDO_EVERY; script(name) gives
                           any of the three)
and, where a game needs them:
    Aside, act(s, pick, aside)
                           what the players hold that the state does not
                           (Inca Empire's Sun Event cards: Aside(s, pick),
                           its d JSON-able, kept beside the state by the
                           autoplayer, host_sim/autoplay.py), and the legal
                           action played with it (its line, or None)
    annotated(lines, edition)
                           a transcript with the game's own comments
    SCRIPT_ENDS            False when the scripted session does not end
                           with the game over (a campaign's game)
"""
import os
import random

from hostkit import Choices  # noqa: F401 - hostkit's, named here too

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def names():
    """The games in the registry, in its order."""
    from firmware import games
    return games.NAMES


def host(name):
    """The host-side module of a game (its folder's host.py)."""
    from firmware import games
    for g in games.GAMES:
        if g[0] == name:
            return __import__(g[2] + ".host", None, None, ("setup",))
    raise ValueError("no game %r" % name)


def script(name, undo_every=None):
    """The action lines (setup first) of the game's scripted session: its
    host-side module's script(), the transcript its SCENARIO names, or the
    game the autoplayer plays from its SCRIPT with its CHOICES (with
    undo_every, an undo after an action one time in undo_every; else its
    UNDO_EVERY)."""
    h = host(name)
    if hasattr(h, "script"):
        return h.script()
    if hasattr(h, "SCENARIO"):
        return scenario(h.SCENARIO)
    from host_sim import autoplay
    every = h.UNDO_EVERY if undo_every is None else undo_every
    return autoplay.play(h.SCRIPT, random.Random(h.CHOICES).randrange, edition(name), undo_every=every)


def rules(name):
    """The rules engine of a game (its package), as the device finds it."""
    from firmware.games import registry
    return registry.module(name)


def edition(name):
    """The game's bundled edition table (its EDITION, under assets/), as a
    dict, without the notes for its readers (as the device reads it)."""
    import json
    from firmware.core.store import drop_notes
    from firmware.games import registry
    with open(os.path.join(ROOT, "assets", registry.edition(name)), encoding="utf-8") as f:
        ed = json.load(f)
    drop_notes(ed)
    return ed


def scenario(name):
    """The action lines (setup first) of a transcript (tests/scenarios:
    '#' comments and blank lines dropped)."""
    return lines(os.path.join(ROOT, "tests", "scenarios", name + ".txt"))


def lines(path):
    """The action lines of the transcript at path ('#' comments and blank
    lines dropped)."""
    with open(path, encoding="utf-8") as f:
        out = [ln.split("#")[0].strip() for ln in f.read().splitlines()]
    return [ln for ln in out if ln]
