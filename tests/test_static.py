"""Static checks: ruff over the repository (pyproject.toml [tool.ruff]);
pyright over firmware/ and boards/ against the MicroPython stubs
(pyrightconfig.json: a CPython-only module or function is an error) and
over host_sim/ against CPython (pyproject.toml [tool.pyright])."""
import json
import os
import shutil
import subprocess
import sys

from test_micropython import ROOT

BIN = os.path.dirname(sys.executable)


def tool(name):
    path = os.path.join(BIN, name)
    assert os.path.exists(path), "%s is not installed in the venv (./test installs it)" % name
    return path


def test_ruff():
    r = subprocess.run([tool("ruff"), "check", "--no-cache", "."], cwd=ROOT, capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr


def errors(report):
    return ["%s:%d: %s" % (os.path.relpath(d["file"], ROOT), d["range"]["start"]["line"] + 1, d["message"])
            for d in report["generalDiagnostics"] if d["severity"] == "error"]


PROBE = """import dataclasses
import time


def f():
    return time.monotonic(), time.ticks_ms(), dataclasses
"""


def test_pyright_firmware_against_micropython_and_host_sim_against_cpython(tmp_path):
    """No errors; and a probe beside the firmware shows the check is against
    MicroPython: dataclasses and time.monotonic are not there, time.ticks_ms
    is."""
    assert shutil.which("node"), "pyright needs Node.js (Debian: apt-get install nodejs)"
    stubs = os.path.join(ROOT, ".venv", "mpy-stubs")
    assert os.path.isdir(os.path.join(stubs, "stdlib")), "the MicroPython stubs are missing: run ./test once"
    probe = tmp_path / "probe.py"
    probe.write_text(PROBE)
    env = dict(os.environ, PYRIGHT_PYTHON_IGNORE_WARNINGS="1")
    cmds = {"firmware": [tool("pyright"), "--outputjson", "-p", "pyrightconfig.json",
                         "--pythonpath", os.path.join(BIN, "micropython"), "firmware", "boards", str(probe)],
            "host_sim": [tool("pyright"), "--outputjson", "--pythonpath", sys.executable, "-p", "pyproject.toml"]}
    procs = {k: subprocess.Popen(c, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
             for k, c in cmds.items()}   # both at once: each takes several seconds
    found = {}
    for k, p in procs.items():
        out, err = p.communicate(timeout=300)
        try:
            report = json.loads(out)
        except ValueError:
            raise AssertionError("pyright (%s) gave no report: %s %s" % (k, out[:2000], err[:2000])) from None
        assert report["summary"]["filesAnalyzed"] > 5, (k, report["summary"])
        found[k] = errors(report)
    probed = [e for e in found["firmware"] if "probe.py" in e]
    assert len(probed) == 2 and "dataclasses" in probed[0] and "monotonic" in probed[1], probed
    found["firmware"] = [e for e in found["firmware"] if "probe.py" not in e]
    assert found == {"firmware": [], "host_sim": []}, json.dumps(found, indent=1)
