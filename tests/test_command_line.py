"""The command line as a new user meets it: `pip install .` gives a working
`companion` command (the boards, the assets and the firmware as package
data), paths are the user's own, and what a user gets wrong is told in a
line, not a traceback."""
import os
import subprocess
import sys

import pytest

from test_micropython import ROOT


def run(args, cwd, env=None, inp=None):
    e = dict(os.environ, PYTHONPATH=ROOT)
    e.update(env or {})
    return subprocess.run([sys.executable, "-m", "host_sim"] + args, cwd=cwd, capture_output=True, text=True,
                          timeout=120, env=e, input=inp)


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """The package as pip installs it (no repository beside it)."""
    target = tmp_path_factory.mktemp("site")
    r = subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps",
                        "--target", str(target), ROOT], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr[-2000:]
    return target


def test_pip_install_gives_a_working_companion_command(installed, tmp_path):
    env = dict(os.environ, PYTHONPATH=str(installed), HOME=str(tmp_path))
    script = os.path.join(str(installed), "bin", "companion")
    r = subprocess.run([sys.executable, script, "demo"], cwd=str(tmp_path), capture_output=True, text=True,
                       timeout=120, env=env)
    assert r.returncode == 0, r.stderr
    assert "Winner" in r.stdout
    r = subprocess.run([sys.executable, script, "--board", "pico_display", "--keys", "ok ok", "--text"],
                       cwd=str(tmp_path), capture_output=True, text=True, timeout=120, env=env)
    assert r.returncode == 0, r.stderr
    assert "== 2 ok" in r.stdout
    # a path given is the user's own
    (tmp_path / "game.txt").write_text(open(os.path.join(ROOT, "assets", "inca", "demo.txt")).read())
    r = subprocess.run([sys.executable, script, "replay", "game.txt"], cwd=str(tmp_path), capture_output=True,
                       text=True, timeout=120, env=env)
    assert r.returncode == 0 and r.stdout.lstrip().startswith("{"), r.stderr


def test_the_virtual_pico_outside_a_clone_says_where_it_runs(installed, tmp_path):
    """`companion pico` from `pip install .` (no vpico/, no flash.sh): one
    line that says where it runs and what sets it up, no traceback."""
    env = dict(os.environ, PYTHONPATH=str(installed), HOME=str(tmp_path))
    script = os.path.join(str(installed), "bin", "companion")
    r = subprocess.run([sys.executable, script, "pico", "--keys", "ok"], cwd=str(tmp_path), capture_output=True,
                       text=True, timeout=120, env=env)
    assert r.returncode == 1 and r.stdout == ""
    assert r.stderr.count("\n") == 1 and "clone of the repository" in r.stderr, r.stderr
    assert "./simulate pico sets it up" in r.stderr and "./test" not in r.stderr, r.stderr


@pytest.mark.parametrize("args,said", [
    (["pico", "--journal", "no-such-folder"], "not a data folder"),
    (["--keys", "ok", "--png", "a-file/shots"], "cannot keep the PNGs"),
    (["--seed", "abc", "--keys", "ok"], "--seed takes a whole number"),
    (["pico", "--seed", "abc", "--keys", "ok"], "--seed takes a whole number"),
    (["pico", "--keys", "ok", "--png", "a-file/shots"], "cannot keep the PNGs in a-file/shots"),
    (["pico", "--keys", "ok", "--flash", "fast"], "--flash: typical, max, none"),
    (["--board"], "--board needs a value"),
    (["resume"], "resume needs the data folder"),
    (["--journal", "a-file/game", "--keys", "ok"], "cannot keep the game"),
])
def test_a_mistake_is_told_in_a_line_and_fails(args, said, tmp_path):
    (tmp_path / "a-file").write_text("not a folder")
    r = run(args, str(tmp_path))
    # the same status as every other mistake in the command line, on the
    # virtual Pico too (2 is kept for a key or an action refused)
    assert r.returncode == 1
    assert said in r.stderr and "Traceback" not in r.stderr, r.stderr


def test_output_cut_short_by_its_reader_is_no_error(tmp_path):
    p = subprocess.Popen([sys.executable, "-m", "host_sim", "--keys", " ".join(["ok"] * 40), "--text"],
                         cwd=str(tmp_path), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         env=dict(os.environ, PYTHONPATH=ROOT))
    p.stdout.readline()
    p.stdout.close()            # as `| head -1` does
    err = p.stderr.read().decode()
    assert p.wait(timeout=120) == 0 and "Traceback" not in err, err
