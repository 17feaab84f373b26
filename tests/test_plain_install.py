"""What the players run, in the environment they have: a virtual
environment made from `pip install .` alone (no test extras, no
repository on the path), where every game is played with the buttons to
its end and its BG Stats code on every board and in every language
(tests/plain_play.py), and the `companion` command plays a scripted game
on each board from its key script, as `./simulate --keys` does.  A
module only the test extras bring (micropython, PIL, Blinka's) that the
firmware or the simulator imports makes it fail, as it would for a player."""
import json
import os
import shutil
import subprocess
import sys

import pytest
import zxingcpp
from PIL import Image

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PREFIX = "https://app.bgstatsapp.com/createPlay.html?data="
# what the environment may hold: pip's own, and the package
PLAIN = {"pip", "setuptools", "tabletop-companion"}
# a key script's intents as a two-button board's presses (host_sim/sim.py)
TWO = {"down": "a", "ok": "b", "undo": "B", "back": "e", "end": "E"}


def _sources(dest):
    """The repository's files as a fresh clone has them."""
    r = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True)
    if r.returncode == 0:
        for name in r.stdout.decode().split("\0"):
            if name and os.path.isfile(os.path.join(ROOT, name)):
                os.makedirs(os.path.join(dest, os.path.dirname(name)), exist_ok=True)
                shutil.copy2(os.path.join(ROOT, name), os.path.join(dest, name))
    else:       # not a git checkout: the tree, without what a run leaves
        shutil.copytree(ROOT, dest, dirs_exist_ok=True,
                        ignore=shutil.ignore_patterns(".git", ".venv", "out", "node_modules", "build", "*.egg-info"))


@pytest.fixture
def plain(tmp_path_factory):
    """(python, companion, a folder outside the repository) of a virtual
    environment with `pip install .` and nothing else."""
    base = tmp_path_factory.mktemp("plain")
    src = base / "src"
    _sources(str(src))
    venv = base / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, capture_output=True, timeout=300)
    py = str(venv / "bin" / "python")
    r = subprocess.run([py, "-m", "pip", "install", "-q", str(src)], capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]
    work = base / "work"
    work.mkdir()
    return py, str(venv / "bin" / "companion"), str(work)


def _env(tmp):
    # nothing of the test's environment leaks in: no PYTHONPATH, a home of its own
    env = dict((k, v) for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV"))
    env["HOME"] = tmp
    return env


def _holds_the_package_alone(plain):
    py, _, work = plain
    r = subprocess.run([py, "-m", "pip", "list", "--format", "json"], capture_output=True, text=True, cwd=work,
                       env=_env(work), timeout=120)
    got = set(p["name"] for p in json.loads(r.stdout))
    assert got <= PLAIN and "tabletop-companion" in got, got
    for module in ("micropython", "PIL", "adafruit_blinka", "displayio", "zxingcpp"):
        r = subprocess.run([py, "-c", "import " + module], capture_output=True, text=True, cwd=work, env=_env(work))
        assert r.returncode != 0, "%s imports in the players' environment" % module


def _play(plain):
    py, _, work = plain
    r = subprocess.run([py, os.path.join(ROOT, "tests", "plain_play.py"), os.path.join(ROOT, "tests", "scenarios"),
                        work], capture_output=True, text=True, cwd=work, env=_env(work), timeout=600)
    assert r.returncode == 0, r.stderr[-3000:]
    return [json.loads(ln) for ln in r.stdout.splitlines()]


def test_the_players_environment_plays_every_game_to_its_code(plain, tmp_path):
    """One test (one environment made, on one worker): the environment
    holds the package alone; every game ends with its code on every board
    and in every language; the command plays each board to its end."""
    _holds_the_package_alone(plain)
    played = _play(plain)
    _every_game_ends_with_its_code(played)
    _the_companion_command_plays_each_board(played, plain, tmp_path)


def _every_game_ends_with_its_code(played):
    from host_sim import device
    seen = set()
    for p in played:
        where = (p["game"], p["board"], p["lang"])
        seen.add(where)
        assert os.path.join("site-packages") in p["from"], "the repository was imported, not the package"
        if p["game"] == "yu":
            # a campaign's scripted session ends with a game under way: a
            # code at the end of each game played before it
            assert p["codes"] >= 2, where
        else:
            assert p["over"] and p["codes"] == 1, where
        for link in p["links"]:
            assert link is not None, "no BG Stats code at the end: %r" % (where,)
            assert link.startswith(PREFIX), (where, link)
    games = ("inca", "eightmin", "origin", "yu")
    langs = ("en", "ru", "es")
    # every game on every board, and every game and every board in every language
    assert set((g, b) for g, b, _ in seen) == set((g, b) for g in games for b in device.BOARDS)
    assert set((g, k) for g, _, k in seen) == set((g, k) for g in games for k in langs)
    assert set((b, k) for _, b, k in seen) == set((b, k) for b in device.BOARDS for k in langs)
    # every board and every language drawn whole, every frame
    whole = [p for p in played if p["every"]]
    assert set(p["board"] for p in whole) == set(device.BOARDS)
    assert set(p["lang"] for p in whole) == {"en", "ru", "es"}


def _presses(keys, board):
    from host_sim import device
    if device.board(board)["profile"] != "two":
        return keys
    out = []
    for k in keys.split():
        x, star, n = k.partition("*")
        out.append(TWO[x] + star + n)
    return " ".join(out)


def _the_companion_command_plays_each_board(played, plain, tmp_path):
    """The command itself, a game on each board (the games and languages
    in turn), as a player runs it: its exit, its view at the end, and on
    one board the PNG of the end's code read by a QR decoder."""
    from host_sim import device
    _, companion, work = plain
    games = ("inca", "eightmin", "origin")
    langs = ("en", "ru", "es")
    for i, board in enumerate(device.BOARDS):
        # (the language plain_play.py played that game in on that board)
        game, lang = games[i % 3], langs[(i % 3 + i) % 3]
        with open(os.path.join(work, "%s-%s-%s.keys" % (game, board, lang))) as f:
            keys = _presses(f.read(), board)
        png = str(tmp_path / board)
        args = [companion, "--board", board, "--lang", lang, "--seed", "77", "--keys", keys]
        if i == 0:
            args += ["--png", png]
        r = subprocess.run(args, capture_output=True, text=True, cwd=work, env=_env(work), timeout=300)
        assert r.returncode == 0, (board, r.stderr[-3000:])
        view = json.loads(r.stdout.strip().splitlines()[-1])
        assert view["over"], (board, game, lang)
        if i == 0:
            link = [p for p in played if (p["game"], p["board"], p["lang"]) == (game, board, lang)][0]["links"][0]
            frames = sorted(os.listdir(png))
            assert len(frames) == len(keys.split()) + 1
            # the frame of the press that ended the game shows the code
            found = set()
            for name in frames[::-1]:
                found = set(r.text for r in zxingcpp.read_barcodes(Image.open(os.path.join(png, name))))
                if found:
                    break
            assert found == {link}
