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


def _run(cwd, script, python, fake, log, what=("test",), **env):
    e = dict(os.environ, PATH="%s:%s" % (fake, os.environ["PATH"]), PYTHON=python, LOG=str(log))
    e.pop("CDPATH", None)
    e.update(env)
    r = subprocess.run(["bash", script] + list(what), cwd=str(cwd), env=e, capture_output=True, text=True,
                       timeout=60)
    assert r.returncode == 0, r.stderr
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
    assert [c for _, c in calls if "install -e" in c or " ci " in c] == installs
    # then the simulator, in that environment, in the folder it was run in
    assert calls[-1] == [str(here), " ".join([venv + "/python", "-m", "host_sim"] + what)]
    assert not any("apt-get" in c for _, c in calls), calls
    assert _where(tmp_path) == ["repo"]
    assert (root / venv / (".installed-" + {"web": "pico"}.get(*(what[:1] or ["run"]) * 2))).exists()
