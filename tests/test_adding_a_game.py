"""A game is one folder and one line in the registry: Coin toss, a made-up
game whose every file is in tests/fixtures/games/coin/ (its rules, words,
screens, edition table and host-side module), added to the registry here
at test time, is played through the simulator's screens, replayed from its
transcript and resumed from its journal, walked by the menu walker and
played at random by the autoplayer, with no file outside its folder naming
it."""
import json
import os
import subprocess
import sys

import pytest

from firmware import games as registry_table
from firmware.core import jsonout
from firmware.core.session import Session
from firmware.games import registry
from host_sim import autoplay, device, games, keyplan, replay

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FOLDER = os.path.join("tests", "fixtures", "games", "coin")
# the registry line (firmware/games/__init__.py's GAMES), added at test time
LINE = ("coin", "g.coin", "tests.fixtures.games.coin")


@pytest.fixture
def coin(monkeypatch):
    table = registry_table.GAMES + (LINE,)
    monkeypatch.setattr(registry_table, "GAMES", table)
    monkeypatch.setattr(registry_table, "NAMES", tuple(g[0] for g in table))
    monkeypatch.setattr(registry, "GAMES", table)     # the registry's name for the table, bound at its import
    monkeypatch.chdir(ROOT)                           # the walker's device reads assets/ from here
    yield
    for m in [m for m in sys.modules if m.startswith(LINE[2])]:
        del sys.modules[m]


def _view(session):
    return jsonout.dumps(session.view())


@pytest.mark.parametrize("board", ("pico_oled", "esp32_tdisplay"))
def test_the_new_game_is_played_through_the_screens_and_replayed_from_its_journal(coin, board, tmp_path):
    lines = games.script("coin")
    app, _ = device.build(board, str(tmp_path))
    # its title from its own words: the language tables outside its folder do not name it
    assert "Coin toss" in [r[0] for r in app.screens.stack[-1].rows], "the picker does not list the game by its title"
    keys = keyplan.play(app, lines)
    app.render()
    v = app.play.view()
    assert v["over"] and v["winner"] == "heads" and v["won"] == {"heads": 3, "tails": 2}, v
    assert 6 <= len(keys) < 40, keys
    # its transcript replayed gives the view on the device
    path = tmp_path / "coin.txt"
    path.write_text("\n".join(lines) + "\n")
    out = []
    status, session = replay.run(str(path), out=out.append)
    assert status == 0 and out == [_view(app.play.session)]
    # the journal the device kept resumes to it, as at the device's boot
    out = []
    status, session = replay.resume(str(tmp_path / "game"), out=out.append)
    assert status == 0 and out == [_view(app.play.session)]
    again, _ = device.build(board, str(tmp_path))
    assert again.play.name == "coin" and jsonout.dumps(again.play.view()) == jsonout.dumps(v)
    # a refused line is told and changes nothing
    status, _ = replay.run(str(_write(tmp_path, lines + ["toss edge"])), out=out.append)
    assert status == 2


def _write(tmp_path, lines):
    p = tmp_path / "refused.txt"
    p.write_text("\n".join(lines) + "\n")
    return p


def test_the_picker_names_the_new_game_in_each_language_from_its_own_words(coin):
    for lang, title in (("en", "Coin toss"), ("ru", "Монетка"), ("es", "Cara o cruz")):
        app, _ = device.build("pico_oled", lang=lang)
        assert title in [r[0] for r in app.screens.stack[-1].rows], lang


def test_the_walker_plays_the_new_game(coin):
    sys.path.insert(0, os.path.join(ROOT, "tests", "mpy"))
    try:
        import test_walker
    finally:
        sys.path.remove(os.path.join(ROOT, "tests", "mpy"))
    # a walk starts about one game, chosen at random among the five: walks
    # one after another (their seeds in turn) until one has played it
    tallies = []
    for seed in range(1, 61):
        tally = test_walker.walk(400, seed)
        tallies.append(tally["started"])
        assert tally["presses"] == 400, tally
        if "coin" in tally["started"]:
            break
    assert "coin" in tallies[-1], tallies
    print("walks until Coin toss was played: %s" % tallies)


def test_the_autoplayer_plays_the_new_game_to_its_end(coin):
    edition = games.edition("coin")
    for seed in range(5):
        lines = autoplay.random_game("coin", seed, edition, undo_every=4)
        s = Session(registry.module("coin"), edition, lines[0])
        for a in lines[1:]:
            s.apply(a)
        assert s.view()["over"], lines


def test_nothing_outside_its_folder_names_the_new_game():
    tracked = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    here = os.path.relpath(__file__, ROOT)
    found = []
    for p in tracked:
        if p.startswith(FOLDER.replace(os.sep, "/") + "/") or p in (here, "docs/adding-a-game.md"):
            continue
        try:
            with open(os.path.join(ROOT, p), encoding="utf-8") as f:
                text = f.read()
        except (UnicodeError, OSError):
            continue
        if "games/coin" in text or "games.coin" in text or "g.coin" in text:
            found.append(p)
    assert found == []
    assert json.load(open(os.path.join(ROOT, FOLDER, "edition.json")))["target"] == 3
