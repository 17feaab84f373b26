"""firmware/ compiles with mpy-cross, and the compiled bytecode alone (no .py
on the path) replays a game to the same JSON as CPython."""
import os
import subprocess

from test_micropython import ROOT, micropython

SCRIPT = """
import sys
sys.path[:] = ['.frozen', %(lib)r]
import json
from firmware.core import jsonout
from firmware.core.actions import tokens
from firmware.core.session import Session
from firmware.games import inca
with open(%(lib)r + '/assets/inca/edition.json') as f:
    ed = json.load(f)
ss = None
with open(%(game)r) as f:
    for line in f.read().split('\\n'):
        w = tokens(line)
        if w is None:
            continue
        if ss is None:
            ss = Session(inca, ed, w)
        else:
            ss.apply(w)
print(jsonout.dumps(ss.view()))
print(inca.__file__)
"""


def test_compiled_firmware_replays_a_game_identically(tmp_path):
    out = tmp_path / "mpy"
    r = subprocess.run(["./flash.sh", "--out", str(out)], cwd=ROOT, capture_output=True, text=True,
                       env=dict(os.environ, MPY_CROSS=os.path.join(os.path.dirname(micropython()), "mpy-cross")))
    assert r.returncode == 0, r.stderr
    sources = sorted(os.path.relpath(os.path.join(d, f), ROOT)[:-3]
                     for d, _, fs in os.walk(os.path.join(ROOT, "firmware")) for f in fs if f.endswith(".py"))
    # the colour panel's native code needs a board's architecture: a build
    # for no board leaves it out (the driver then blits in bytecode), and
    # so the QR code's (its loops then run in bytecode, firmware/core/qrcalc)
    sources.remove("firmware/hal/gs4")
    sources.remove("firmware/hal/glyphs")
    sources.remove("firmware/core/qrnative")
    # and a game's host-side module (its key planner, random actions) is
    # no board's
    sources = [s for s in sources if not (s.startswith("firmware/games/") and s.endswith("/host"))]
    compiled = sorted(os.path.relpath(os.path.join(d, f), out)[:-4]
                      for d, _, fs in os.walk(out / "firmware") for f in fs if f.endswith(".mpy"))
    assert compiled == sources
    game = os.path.join(ROOT, "tests", "scenarios", "pizarro_four.txt")
    run = subprocess.run([micropython(), "-c", SCRIPT % {"lib": str(out), "game": game}],
                         cwd=str(tmp_path), capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    view, where = run.stdout.splitlines()
    assert where.endswith(".mpy")
    with open(game[:-4] + ".json") as f:
        assert view + "\n" == f.read()


def test_flash_dry_run_lists_every_module():
    r = subprocess.run(["./flash.sh", "--dry-run"], cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0
    assert "firmware/games/inca/engine.py" in r.stdout
    r = subprocess.run(["./flash.sh", "--bogus"], cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 2 and "unknown option" in r.stderr
