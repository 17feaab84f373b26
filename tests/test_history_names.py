"""Undo, Redo and History name Inca Empire's "next" by what it ended
(Continue, Cards done, a player's End turn, Score now), never "Next step":
worked out backwards along the era track from the state after the actions
(firmware/games/inca/words.next_names), it agrees with the phase and player
each "next" was taken in, over whole games."""
import json
import os

import pytest

from firmware.core import text
from firmware.core.session import DEPTH
from firmware.core.text import t
from firmware.games.registry import module
from firmware.games.inca import words as w
from host_sim import device

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _lines(name):
    with open(os.path.join(ROOT, "tests", "scenarios", name + ".txt")) as f:
        lines = [ln.split("#")[0].strip() for ln in f.read().splitlines()]
    return [ln for ln in lines if ln]


def _game(lines):
    """[(line, name of a next from the state before it)] as the game stands
    after the lines (undo takes the last one back, redo takes it again),
    and the state after them."""
    import copy
    with open(os.path.join(ROOT, "assets", "inca", "edition.json")) as f:
        edition = json.load(f)
    game = module("inca")
    s = game.new(lines[0], edition)
    taken, before, redo = [], [], []
    for a in lines[1:]:
        if a == "undo":
            redo.append(taken.pop())
            s = before.pop()
            continue
        if a == "redo":
            a = redo.pop()[0]
        elif a != "redo":
            redo = []
        before.append(copy.deepcopy(s))
        taken.append((a, w.next_from(s) if a == "next" else None))
        game.apply(s, a)
    return taken, s


@pytest.mark.parametrize("scenario", ["pizarro_four", "pizarro_three", "early_fall", "three_players", "with_undo"])
def test_every_next_is_named_by_what_it_ended(scenario):
    text.use(device.words("en", "inca"))
    taken, s = _game(_lines(scenario))
    tail = [a for a, _ in taken]
    names = w.next_names(s, tail)
    nexts = [i for i, a in enumerate(tail) if a == "next"]
    assert len(nexts) > 20 and sorted(names) == nexts
    kinds = set()
    reach = len(tail) - 2 * DEPTH     # the actions a session keeps, and its history shows
    for i in nexts:
        forward = taken[i][1]
        # the same, every End turn with its player (the game keeps the
        # turn orders the Sun phases replaced, as far back as the history
        # reaches); further back than that its player may be left out
        assert names[i] == forward or (i < reach and names[i] == t("m.end_turn") and forward.endswith(names[i])), \
            (i, names[i], forward)
        kinds.add(t("m.end_turn") if names[i].endswith(t("m.end_turn")) else names[i])
    assert kinds == {t("m.continue"), t("m.reveal"), t("m.end_turn"), t("m.score")}, kinds
    # the newest End turn names its player, as Undo does
    last = [names[i] for i in nexts if names[i].endswith(t("m.end_turn"))][-1]
    assert last != t("m.end_turn")
    # and from any point of the game the last "next" is named as when it
    # was taken (a player's End turn by the state's events)
    for k in range(1, len(tail) + 1):
        if tail[k - 1] == "next":
            taken_k, s_k = _game(_lines(scenario)[:1] + tail[:k])
            assert w.next_names(s_k, tail[k - 1:k]) == {0: taken[k - 1][1]}
