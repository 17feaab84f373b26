"""A game is one folder and one line in the registry: Coin toss, a made-up
game whose every file is in tests/fixtures/games/coin/ (its rules, words,
screens, edition table and host-side module), added to the registry here
at test time, is played through the simulator's screens, replayed from its
transcript and resumed from its journal, walked by the menu walker and
played at random by the autoplayer, with no file outside its folder naming
it."""
import json
import os
import re
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
    # added for good (docs/adding-a-game.md), it is named by its own folder,
    # its edition table, its registry line and the list of files mip installs
    folders = [FOLDER.replace(os.sep, "/") + "/"]
    ours = [here, "docs/adding-a-game.md"]
    if "coin" in registry_table.NAMES:
        folders += ["firmware/games/coin/", "assets/coin/"]
        ours += ["firmware/games/__init__.py", "package.json"]
    found = []
    for p in tracked:
        if p.startswith(tuple(folders)) or p in ours:
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


# The tests that go over every game of the registry and take a few seconds
# between them: run in a copy of the tree where the game was added for good
RUN_OVER_EVERY_GAME = (
    "tests/test_layout.py",
    "tests/test_lang.py::test_the_device_reads_every_table_as_json_does",
    "tests/mpy/test_text.py::test_every_table_reads_as_json",
    "tests/test_micropython.py::test_portable_suite_under_micropython[test_text]",
    "tests/test_presses.py::test_the_presses_of_each_scripted_game_are_the_ones_measured",
    "tests/test_presses.py::test_any_row_of_any_menu_is_a_few_presses_away_and_redo_three_from_home[coin-pico_oled]",
    "tests/test_other_games_properties.py::test_check_predicts_apply_refusals_change_nothing_and_undo_restores_the_view[coin]",
    "tests/test_flash.py::test_package_json_lists_the_firmware_profiles_and_assets",
    "tests/test_adding_a_game.py::test_nothing_outside_its_folder_names_the_new_game",
)


def _add_for_good(root):
    """docs/adding-a-game.md's steps 1 and 2, as it says them, in the tree
    at root: the folder copied and its imports renamed, its edition table
    under assets/ and its EDITION saying so, the registry line, git add."""
    import shutil
    with open(os.path.join(ROOT, "docs", "adding-a-game.md"), encoding="utf-8") as f:
        doc = f.read()
    copy = re.search(r"Copy `([^`]+)/` to `([^`]+)/` and write\s+`([^`]+)` where its imports say `([^`]+)`", doc)
    table = re.search(r"Its edition table goes to `([^`]+)` \(`([^`]+)`\), and\s+`(EDITION = [^`]+)`", doc)
    line = re.search(r"`GAMES`:\s+```python\n(.*)\n```", doc)
    assert copy and table and line, "docs/adding-a-game.md no longer says its steps as this test reads them"
    src, dst, new, old = copy.groups()
    # (without the bytecode a run of the tests may have left beside the sources)
    shutil.copytree(os.path.join(ROOT, src), os.path.join(root, dst), ignore=shutil.ignore_patterns("__pycache__"))
    for d, _, names in os.walk(os.path.join(root, dst)):
        for n in names:
            p = os.path.join(d, n)
            with open(p, encoding="utf-8") as f:
                text = f.read()
            if n == "__init__.py" and d == os.path.join(root, dst):
                text = re.sub(r"(?m)^EDITION = .*$", table.group(3), text)
            with open(p, "w", encoding="utf-8") as f:
                f.write(text.replace(old, new))
    os.makedirs(os.path.dirname(os.path.join(root, table.group(1))))
    with open(os.path.join(root, table.group(1)), "w") as f:
        f.write(table.group(2) + "\n")
    path = os.path.join(root, "firmware", "games", "__init__.py")
    with open(path) as f:
        text = f.read()
    end = text.index("\n)\n", text.index("GAMES = ("))
    with open(path, "w") as f:
        f.write(text[:end] + "\n" + line.group(1) + text[end:])
    subprocess.run(["git", "add", dst, os.path.dirname(table.group(1))], cwd=root, check=True)


def test_the_game_added_by_the_doc_passes_the_tests_that_go_over_every_game(tmp_path):
    """docs/adding-a-game.md followed word for word with Coin toss, in a
    copy of the tree: the tests that go over every game take it with no
    change to them, and package.json lists its files."""
    import shutil
    root = str(tmp_path / "tree")
    tracked = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    for p in tracked:
        if os.path.isfile(os.path.join(ROOT, p)) and not p.startswith(("tests/golden/", "vpico/", "dist/")):
            os.makedirs(os.path.dirname(os.path.join(root, p)), exist_ok=True)
            shutil.copy2(os.path.join(ROOT, p), os.path.join(root, p))
    subprocess.run(["git", "init", "-q"], cwd=root, check=True)
    subprocess.run(["git", "add", "."], cwd=root, check=True)
    _add_for_good(root)
    from firmware.games import GAMES
    with open(os.path.join(root, "firmware", "games", "__init__.py")) as f:
        assert f.read().count("firmware.games.") == len(GAMES) + 1
    r = subprocess.run(["./flash.sh", "--package-json"], cwd=root, capture_output=True, text=True, timeout=60)
    assert r.returncode == 0 and "left out" not in r.stdout, r.stdout + r.stderr
    with open(os.path.join(root, "package.json")) as f:
        urls = dict(json.load(f)["urls"])
    assert "firmware/games/coin/engine.py" in urls and "assets/coin/edition.json" in urls
    assert "firmware/games/coin/host.py" not in urls
    env = dict((k, v) for k, v in os.environ.items() if not k.startswith(("PYTEST_", "HYPOTHESIS_")))
    r = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"] + list(RUN_OVER_EVERY_GAME),
                       cwd=root, capture_output=True, text=True, timeout=300, env=env)
    assert r.returncode == 0, r.stdout[-4000:] + r.stderr[-2000:]
    # every test named ran and passed (none deselected or not found)
    assert re.search(r"\b(\d+) passed\b", r.stdout) and " failed" not in r.stdout, r.stdout[-2000:]
    # its presses are counted, and said, not pinned
    assert "presses of a game not pinned" in r.stdout and "('coin', 'pico_oled')" in r.stdout, r.stdout[-2000:]
