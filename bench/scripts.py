"""The scripted game of the benchmark and the budget tests: a 4-player Inca
Empire game with Pizarro, played with the buttons from the game picker to
the final standings (host_sim's planner turns the transcript into presses),
and the presses that start the same game again through New game."""
import json
import os
import random

from host_sim.keyplan import LETTERS  # noqa: F401 - the key files' letters, as the tests name them

from firmware.games import NAMES
from firmware.games.inca import host as _inca

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SETUP = _inca.SCRIPT
SEED = 77      # bench/device_game.py deals every game from it
CHOICES = _inca.CHOICES    # the autoplayer's random choices


def transcript(undo_every=_inca.UNDO_EVERY):
    """The action lines (setup first) of the scripted game."""
    from host_sim import games
    return games.script("inca", undo_every)


def keys(board):
    """(first, again): the presses of the whole game from the game picker,
    and those from its final standings through New game to the end of the
    same game once more."""
    from firmware.core.text import t
    from host_sim import device, keyplan
    lines = transcript()
    app, _ = device.build(board, None, SEED)
    app.board.seed = lambda: SEED
    first = keyplan.play(app, lines)
    assert app.play.view()["over"], "the scripted game did not end"
    again = []
    keyplan.leave_code(app, again)     # the end's QR code, to the final standings
    keyplan.press_key(app, "ok", again)   # the final standings' menu
    if not keyplan.go_to_row(app, lambda r: r[0] == t("m.new_game"), again):
        raise keyplan.Stuck("no New game on the final screen")
    if not keyplan.go_to_row(app, lambda r: r[0] == t("m.yes"), again):
        raise keyplan.Stuck("New game does not ask")
    again += keyplan.play(app, lines)
    assert app.play.view()["over"], "the second game did not end"
    return first, again


def write_keys(board, folder):
    """Write keys(board) to FOLDER/BOARD.keys and FOLDER/BOARD.again, one
    letter an intent (LETTERS: a held press's repeats each a letter of
    their own); returns the two paths."""
    from host_sim import device, keyplan
    from firmware.screenkit.nav import PROFILES
    prof = PROFILES[device.board(board)["profile"]]
    first, again = keys(board)
    paths = []
    for name, ks in (("keys", first), ("again", again)):
        p = os.path.join(folder, "%s.%s" % (board, name))
        with open(p, "w") as f:
            f.write("".join(LETTERS[e] for k in ks for e in keyplan.events(prof, k)))
        paths.append(p)
    return paths


# the games of the registry, each with its scripted session
GAMES = NAMES


def session(game, board):
    """The presses of a game's scripted session (its host-side module's
    script(): Inca Empire's is the benchmark's scripted game, the others'
    their transcripts in tests/scenarios) from the game picker to its end,
    on the board, new games dealt from SEED."""
    from host_sim import device, games, keyplan
    app, _ = device.build(board, None, SEED)
    app.board.seed = lambda: SEED
    out = keyplan.play(app, lines_of(game))
    if getattr(games.host(game), "SCRIPT_ENDS", True):
        assert app.play.view()["over"], "the %s session did not end" % game
    return out


def evening(records=3000, seed=36):
    """The action lines (setup first) of a long evening: the scripted game's
    setup played at random among the legal actions to its end, with undo and
    redo: after an action, now and then one or two taken back and given
    again, or one taken back and another chosen; as often as makes
    `records` journal records or more by the end."""
    from host_sim import autoplay
    with open(os.path.join(ROOT, "assets", "inca", "edition.json")) as f:
        edition = json.load(f)
    rnd = random.Random(seed)
    game = autoplay.Game(SETUP, rnd.randrange, edition)
    lines = [SETUP]
    states = [game.kept()]

    def act():
        autoplay.act(game, rnd.randrange, lines, states)

    def back(n):
        for _ in range(n):
            lines.append("undo")
            states.pop()
        game.back_to(states[-1])

    while not game.s["over"]:
        act()
        # the records still wanted per action left (a game takes about 300)
        per = (records + 1 - len(lines)) / max(30.0, 300.0 - len(states))
        q = max(0.0, per / (per + 2.5))
        while not game.s["over"] and rnd.random() < q:
            if rnd.random() < 0.6:
                n = 2 if len(states) > 2 and rnd.random() < 0.25 else 1
                redone = states[-n:]
                back(n)
                for state in redone:
                    lines.append("redo")
                    states.append(state)
                game.back_to(states[-1])
            else:
                back(1)
                act()
    while len(lines) <= records:       # the ending taken back and given again
        state = states[-1]
        back(1)
        lines.append("redo")
        states.append(state)
        game.back_to(state)
    return lines


def lines_of(game):
    """The action lines (setup first) of a game's scripted game (its
    host-side module's script())."""
    from host_sim import games
    return games.script(game)


def letters(game, board):
    """The intents of a game's scripted game from the game picker, one
    letter each (LETTERS, as write_keys), for bench/device_game.py."""
    from host_sim import device, keyplan
    app, _ = device.build(board, None, SEED)
    app.board.seed = lambda: SEED
    ks = keyplan.given(keyplan.profile(app), keyplan.play(app, lines_of(game)))
    return "".join(LETTERS[k] for k in ks)
