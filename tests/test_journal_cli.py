"""The journal on the command line: `replay FILE --journal DIR` journals a
game as the device does and `resume DIR` recovers it as the device does at
boot, on CPython (python -m host_sim, host_sim/replay.py) and under the
MicroPython unix port (micropython host_sim/replay.py).  DIR is a data
folder as the device's (the game in DIR/game): the device boots on it."""
import os
import subprocess
import sys

from test_micropython import ROOT, run_mpy

DEMO = "assets/inca/demo.txt"


def run_py(args):
    return subprocess.run([sys.executable] + args, cwd=ROOT, capture_output=True, text=True, timeout=120)


def expected(path=DEMO):
    r = run_py(["host_sim/replay.py", path])
    assert r.returncode == 0, r.stderr
    return r.stdout


def files(d):
    """The files of the game kept in the data folder d."""
    d = os.path.join(d, "game")
    out = {}
    for name in sorted(os.listdir(d)):
        with open(os.path.join(d, name), "rb") as f:
            out[name] = f.read()
    return out


def test_replay_with_a_journal_prints_the_same_view_and_resume_prints_it_again(tmp_path):
    d = str(tmp_path / "data")
    want = expected()
    r = run_py(["-m", "host_sim", "replay", DEMO, "--journal", d])
    assert r.returncode == 0 and r.stdout == want, r.stderr
    assert os.listdir(d) == ["game"] and sorted(files(d)) == ["edition.json", "journal.txt", "snap.json", "snap.old"]
    r = run_py(["-m", "host_sim", "resume", d])
    assert r.returncode == 0 and r.stdout == want and r.stderr == ""
    r = run_py(["host_sim/replay.py", "resume", d])
    assert r.returncode == 0 and r.stdout == want
    # the journal is itself a transcript of the game
    r = run_py(["host_sim/replay.py", os.path.join(d, "game", "journal.txt")])
    assert r.returncode == 0 and r.stdout == want
    # and the device (the simulator, the same firmware) boots on it into that game
    import json
    from host_sim import device
    app, _ = device.build("pico_oled", d)
    from firmware.core import jsonout
    assert app.play.session is not None and jsonout.dumps(app.play.view()) == want.strip()
    assert json.loads(want)["over"]


def test_both_runtimes_write_the_same_journal_and_resume_each_others(tmp_path):
    want = expected()
    py, mp = str(tmp_path / "py"), str(tmp_path / "mp")
    assert run_py(["host_sim/replay.py", DEMO, "--journal", py]).stdout == want
    r = run_mpy(["host_sim/replay.py", DEMO, "--journal", mp])
    assert r.returncode == 0 and r.stdout == want, r.stderr
    a, b = files(py), files(mp)
    assert sorted(a) == sorted(b) and a["journal.txt"] == b["journal.txt"]
    # snapshots: the same content (the state's JSON text is kept as each
    # runtime's json module writes it, keys in its own order)
    from firmware.core import store
    for name in a:
        if name != "journal.txt":
            assert store.decode(a[name]) == store.decode(b[name]), name
    r = run_mpy(["host_sim/replay.py", "resume", py])
    assert r.returncode == 0 and r.stdout == want and r.stderr == "", r.stderr
    r = run_py(["-m", "host_sim", "resume", mp])
    assert r.returncode == 0 and r.stdout == want


def test_resume_drops_a_torn_record_reports_it_and_exits_0(tmp_path):
    d = str(tmp_path / "g")
    want = expected()
    run_py(["host_sim/replay.py", DEMO, "--journal", d])
    good = files(d)["journal.txt"]
    with open(os.path.join(d, "game", "journal.txt"), "ab") as f:
        f.write(b"adjust blue vp +")
    r = run_mpy(["host_sim/replay.py", "resume", d])
    assert r.returncode == 0 and r.stdout == want
    assert "torn" in r.stderr and "16 bytes" in r.stderr, r.stderr
    assert files(d)["journal.txt"] == good
    r = run_py(["-m", "host_sim", "resume", d])
    assert r.returncode == 0 and r.stdout == want and r.stderr == ""


def test_resume_after_a_refused_line_gives_the_view_replay_stopped_at(tmp_path):
    d = str(tmp_path / "g")
    with open(os.path.join(ROOT, DEMO)) as f:
        lines = f.read().split("\n")
    bad = str(tmp_path / "bad.txt")
    with open(bad, "w") as f:
        f.write("\n".join(lines[:60] + ["city nobody"] + lines[60:]))
    r = run_py(["host_sim/replay.py", bad, "--journal", d])
    assert r.returncode == 2 and "line 61" in r.stderr
    stopped = r.stdout
    r = run_py(["-m", "host_sim", "resume", d])
    assert r.returncode == 0 and r.stdout == stopped
    r = run_mpy(["host_sim/replay.py", "resume", d])
    assert r.returncode == 0 and r.stdout == stopped


def test_a_damaged_snapshot_is_reported_and_the_game_still_resumed(tmp_path):
    d = str(tmp_path / "g")
    want = expected()
    run_py(["host_sim/replay.py", DEMO, "--journal", d])
    p = os.path.join(d, "game", "snap.json")
    data = bytearray(files(d)["snap.json"])
    data[len(data) // 2] ^= 0x04
    with open(p, "wb") as f:
        f.write(bytes(data))
    for r in (run_py(["-m", "host_sim", "resume", d]), run_mpy(["host_sim/replay.py", "resume", d])):
        assert r.returncode == 0 and r.stdout == want
        assert "snap.json is damaged" in r.stderr, r.stderr


def test_nothing_to_resume_is_an_error_with_a_clear_message(tmp_path):
    empty = tmp_path / "empty"
    (empty / "game").mkdir(parents=True)
    junk = tmp_path / "junk"
    (junk / "game").mkdir(parents=True)
    (junk / "game" / "journal.txt").write_bytes(b"\x00garbage\n")
    for d, words in ((tmp_path / "missing", "no journal directory"), (empty, "no game journal"),
                     (junk, "no good setup line")):
        for r in (run_py(["-m", "host_sim", "resume", str(d)]),
                  run_mpy(["host_sim/replay.py", "resume", str(d)])):
            assert r.returncode == 1 and r.stdout == "", r.stdout
            assert "nothing to recover" in r.stderr and words in r.stderr, r.stderr
    r = run_py(["-m", "host_sim", "resume"])
    assert r.returncode == 1 and "resume needs the data folder" in r.stderr
