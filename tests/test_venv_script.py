"""tools/venv.sh (what ./simulate and ./test source) makes its virtual
environment at the repository's root from whatever folder it is run, and
installs into that one; ./simulate pico sets up the virtual Pico's own.
Checked on a copy of the scripts in a bare repository, with a fake Python
that records where it is asked to make the environment and what it is
asked to install (nothing is installed)."""
import os
import shutil
import stat
import subprocess

import pytest

from test_micropython import ROOT

# the fake Python: records "FOLDER ARGS"; `-m venv DIR` makes DIR/bin with
# a python and an npm that record "FOLDER DIR/python ARGS" (npm ci --prefix
# P makes P/node_modules)
FAKE_PY = """#!/bin/sh
echo "$PWD $*" >> "$LOG"
if [ "$1" = -m ] && [ "$2" = venv ]; then
    mkdir -p "$3/bin"
    printf '#!/bin/sh\\necho "$PWD %s/python $*" >> "$LOG"\\n' "$3" > "$3/bin/python"
    printf '#!/bin/sh\\necho "$PWD %s/npm $*" >> "$LOG"\\nmkdir -p "$3/node_modules"\\n' "$3" > "$3/bin/npm"
    chmod +x "$3/bin/python" "$3/bin/npm"
fi
"""


def _exe(path, text):
    path.write_text(text)
    path.chmod(path.stat().st_mode | stat.S_IXUSR)


@pytest.fixture
def repo(tmp_path):
    """(the bare repository, a bin folder with the fake Python and the
    Debian tools the script looks for, the log)."""
    repo = tmp_path / "repo"
    (repo / "tools").mkdir(parents=True)
    (repo / "vpico").mkdir()
    (repo / "web").mkdir()
    shutil.copy(os.path.join(ROOT, "tools", "venv.sh"), repo / "tools" / "venv.sh")
    shutil.copy(os.path.join(ROOT, "simulate"), repo / "simulate")
    (repo / "pyproject.toml").write_text("")
    (repo / "vpico" / "package-lock.json").write_text("{}")
    (repo / "web" / "package-lock.json").write_text("{}")
    fake = tmp_path / "bin"
    fake.mkdir()
    _exe(fake / "python", FAKE_PY)
    for tool in ("socat", "mformat", "zbarimg", "chromium"):     # none missing: no apt-get
        _exe(fake / tool, "#!/bin/sh\n")
    return repo, fake, tmp_path / "log"


def _run(cwd, script, python, fake, log, what=("test",), check_missing=True, **env):
    e = dict(os.environ, PATH="%s:%s" % (fake, os.environ["PATH"]), PYTHON=python, LOG=str(log))
    e.pop("CDPATH", None)
    e.update(env)
    r = subprocess.run(["bash", script] + list(what), cwd=str(cwd), env=e, capture_output=True, text=True,
                       timeout=60)
    assert r.returncode == 0, r.stderr
    if check_missing:
        assert "missing" not in r.stderr, r.stderr
    return [line.split(" ", 1) for line in log.read_text().splitlines()]


def _where(tmp_path):
    return sorted(str(p.parent.relative_to(tmp_path)) for p in tmp_path.rglob(".venv*") if p.is_dir())


@pytest.mark.parametrize("case", ["from tools/", "from another folder", "CDPATH set", "a relative PYTHON"])
def test_the_venv_is_made_at_the_repository_root_from_any_folder(repo, tmp_path, case):
    root, fake, log = repo
    other = tmp_path / "other" / "deeper"
    other.mkdir(parents=True)
    python, env = str(fake / "python"), {}
    if case == "from tools/":
        cwd, script = root / "tools", "venv.sh"
    elif case == "from another folder":
        cwd, script = other, str(root / "tools" / "venv.sh")
    elif case == "CDPATH set":
        # a folder on CDPATH that has a tools/ too: `cd tools/..` would go there
        (tmp_path / "other" / "tools").mkdir()
        cwd, script, env = root, "tools/venv.sh", {"CDPATH": str(tmp_path / "other")}
    else:
        cwd, script, python = other, os.path.relpath(root / "tools" / "venv.sh", other), \
            os.path.relpath(fake / "python", other)
    calls = _run(cwd, script, python, fake, log, **env)
    assert calls[0] == [str(root), "-m venv .venv"]
    # every install goes into that environment, from the root
    assert {folder for folder, _ in calls} == {str(root)}
    assert any(c == ".venv/python -m pip install -e .[test]" for _, c in calls), calls
    assert any(c.startswith(".venv/npm ci --prefix vpico") for _, c in calls), calls
    assert any(c.startswith(".venv/npm ci --prefix web") for _, c in calls), calls     # the web page's port
    assert _where(tmp_path) == ["repo"]


@pytest.mark.parametrize("what,venv,installs", [
    # the simulator: the package alone
    ([], ".venv-sim", [".venv-sim/python -m pip install -e ."]),
    # the virtual Pico: the pico extra and the emulator from npm (and the web
    # page's WebAssembly port), nothing of the tests
    (["pico", "--keys", "ok"], ".venv-pico", [".venv-pico/python -m pip install -e .[pico]",
                                              ".venv-pico/npm ci --prefix vpico --no-audit --no-fund",
                                              ".venv-pico/npm ci --prefix web --no-audit --no-fund"]),
    # the web page: the same environment
    (["web", "out/site"], ".venv-pico", [".venv-pico/python -m pip install -e .[pico]",
                                         ".venv-pico/npm ci --prefix vpico --no-audit --no-fund",
                                         ".venv-pico/npm ci --prefix web --no-audit --no-fund"]),
])
def test_simulate_sets_up_its_environment_and_runs_in_it(repo, tmp_path, what, venv, installs):
    root, fake, log = repo
    for tool in ("socat", "mformat", "zbarimg", "chromium"):
        (fake / tool).unlink()
    _exe(fake / "apt-get", '#!/bin/sh\necho "$PWD apt-get $*" >> "$LOG"\n')
    here = tmp_path / "here"
    here.mkdir()
    calls = _run(here, str(root / "simulate"), str(fake / "python"), fake, log, what)
    assert calls[0] == [str(root), "-m venv " + venv]
    done = [c for _, c in calls if "install -e" in c or " ci " in c]
    # pip first; the npm installs side by side, in either order
    assert done[:1] == installs[:1] and sorted(done[1:]) == sorted(installs[1:]), done
    # then the simulator, in that environment, in the folder it was run in
    assert calls[-1] == [str(here), " ".join([venv + "/python", "-m", "host_sim"] + what)]
    assert not any("apt-get" in c for _, c in calls), calls
    assert _where(tmp_path) == ["repo"]
    assert (root / venv / (".installed-" + {"web": "pico"}.get(*(what[:1] or ["run"]) * 2))).exists()


# a Debian apt-get that records each call's start and end, a moment apart;
# FAIL in its environment: `install` fails
FAKE_APT = """#!/bin/sh
echo "$PWD apt-get $1 begins" >> "$LOG"
sleep 0.5
if [ "$1" = install ] && [ -n "$FAIL" ]; then echo "E: no such package" >&2; exit 100; fi
echo "$PWD apt-get $1 ends" >> "$LOG"
"""


def _missing(fake, tmp_path):
    """The Debian tools the tests run gone (PATH: the fake bin and a folder
    of the few commands the script needs), an apt-get to install them and
    the user root (as on a new CI machine): the PATH to run with."""
    for tool in ("socat", "mformat", "zbarimg", "chromium"):
        (fake / tool).unlink()
    _exe(fake / "apt-get", FAKE_APT)
    _exe(fake / "id", "#!/bin/sh\necho 0\n")
    base = tmp_path / "base"
    base.mkdir()
    for cmd in ("sh", "bash", "mkdir", "chmod", "cat", "touch", "dirname", "sleep"):
        os.symlink(shutil.which(cmd), base / cmd)
    return "%s:%s" % (fake, base)


def test_the_tests_debian_packages_install_while_pip_and_npm_do(repo, tmp_path):
    """./test on a new machine: Debian's packages (a download and an install
    of tens of MB) are installed beside pip's and npm's, not after them, and
    the script ends only once they are in."""
    root, fake, log = repo
    path = _missing(fake, tmp_path)
    calls = [c for _, c in _run(root, "tools/venv.sh", str(fake / "python"), fake, log, check_missing=False,
                                PATH=path)]
    begins = calls.index("apt-get update begins")
    pip = calls.index(".venv/python -m pip install -e .[test]")
    ends = calls.index("apt-get install ends")
    assert begins < pip < ends, calls
    assert calls[-1] == "apt-get install ends", calls      # waited for
    assert calls.index("apt-get update ends") < calls.index("apt-get install begins")
    assert any(c.startswith(".venv/npm ci --prefix vpico") for c in calls)
    assert any(c.startswith(".venv/npm ci --prefix web") for c in calls)


def test_a_failed_install_of_the_debian_packages_stops_the_script_and_says_why(repo, tmp_path):
    root, fake, log = repo
    e = dict(os.environ, PATH=_missing(fake, tmp_path), PYTHON=str(fake / "python"), LOG=str(log), FAIL="1")
    r = subprocess.run(["bash", "tools/venv.sh", "test"], cwd=str(root), env=e, capture_output=True, text=True,
                       timeout=60)
    assert r.returncode == 1
    assert "E: no such package" in r.stderr and "installing socat mtools zbar-tools chromium failed" in r.stderr
    # pip and npm had their turn meanwhile; the environment is not marked as
    # set up for npm where it failed, and is for pip
    assert (root / ".venv" / ".installed-test").exists()


def test_a_failed_npm_install_stops_the_script_and_is_tried_again_next_time(repo):
    root, fake, log = repo
    npm = root / ".venv" / "bin" / "npm"
    _run(root, "tools/venv.sh", str(fake / "python"), fake, log)       # the environment made
    for d in ("vpico", "web"):
        (root / d / "node_modules" / ".installed").unlink()
    _exe(npm, '#!/bin/sh\nif [ "$3" = web ]; then echo "npm ERR! network" >&2; exit 1; fi\n'
              'mkdir -p "$3/node_modules"\n')
    e = dict(os.environ, PATH="%s:%s" % (fake, os.environ["PATH"]), PYTHON=str(fake / "python"), LOG=str(log))
    r = subprocess.run(["bash", "tools/venv.sh", "test"], cwd=str(root), env=e, capture_output=True, text=True,
                       timeout=60)
    assert r.returncode == 1
    assert "npm ERR! network" in r.stderr and "npm ci in web/ failed" in r.stderr
    assert (root / "vpico" / "node_modules" / ".installed").exists()
    assert not (root / "web" / "node_modules" / ".installed").exists()
