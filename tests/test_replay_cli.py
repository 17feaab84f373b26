"""The replay CLI: its contract, and byte-identical output on CPython and
under the MicroPython unix port for every scenario of the corpus."""
import glob
import json
import os
import subprocess
import sys

import pytest

from test_micropython import ROOT, run_mpy

SCENARIOS = sorted(glob.glob(os.path.join(ROOT, "tests", "scenarios", "*.txt")))


def run_py(args, **kw):
    return subprocess.run([sys.executable] + args, cwd=ROOT, capture_output=True, text=True, timeout=120, **kw)


def write(tmp_path, text, name="game.txt"):
    p = tmp_path / name
    p.write_text(text)
    return str(p)


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: os.path.basename(p)[:-4])
def test_scenario_output_is_the_expected_json_on_both_runtimes(path):
    with open(path[:-4] + ".json") as f:
        expected = f.read()
    rel = os.path.relpath(path, ROOT)
    py = run_py(["host_sim/replay.py", rel])
    assert py.returncode == 0, py.stderr
    assert py.stdout == expected
    mp = run_mpy(["host_sim/replay.py", rel])
    assert mp.returncode == 0, mp.stderr
    assert mp.stdout == expected


def test_trace_is_byte_identical_between_runtimes():
    rel = "tests/scenarios/pizarro_four.txt"
    py = run_py(["host_sim/replay.py", rel, "--trace"])
    mp = run_mpy(["host_sim/replay.py", rel, "--trace"])
    assert py.returncode == mp.returncode == 0
    lines = py.stdout.splitlines()
    with open(os.path.join(ROOT, rel)) as f:
        actions = [ln for ln in f.read().splitlines() if ln.split("#")[0].strip()]
    assert len(lines) == len(actions)
    assert mp.stdout == py.stdout


def test_module_form_prints_the_same_view():
    rel = "tests/scenarios/three_players.txt"
    a = run_py(["-m", "host_sim", "replay", rel])
    b = run_py(["host_sim/replay.py", rel])
    assert a.returncode == 0 and a.stdout == b.stdout


def test_final_view_has_the_documented_fields():
    v = json.loads(run_py(["host_sim/replay.py", "tests/scenarios/pizarro_four.txt"]).stdout)
    for key in ("game", "era", "round", "phase", "turn", "order", "players", "over", "winner"):
        assert key in v
    assert v["game"] == "inca" and v["over"] is True and v["turn"] is None
    assert v["phase"] in ("inca", "sun", "people", "sapa")
    assert sorted(p["rank"] for p in v["players"].values()) == [1, 2, 3, 4]
    for p in v["players"].values():
        for key in ("vp", "labor", "terraces", "markers", "rank", "effects"):
            assert key in p
    assert v["players"][v["winner"]]["rank"] == 1
    assert v["pizarro"]["arrived"] is True


def test_illegal_action_exits_2_with_line_number_and_keeps_the_state(tmp_path):
    text = "inca players=blue,orange,green order=blue,orange,green\n\n# era I\nnext\ncity blue\n"
    py = run_py(["host_sim/replay.py", write(tmp_path, text)])
    assert py.returncode == 2
    assert py.stderr.strip() == "line 5: blue has 5 labor; a city costs 6"
    v = json.loads(py.stdout)
    assert v["phase"] == "people" and v["players"]["blue"]["labor"] == 5
    mp = run_mpy(["host_sim/replay.py", write(tmp_path, text)])
    assert (mp.returncode, mp.stderr, mp.stdout) == (2, py.stderr, py.stdout)


@pytest.mark.parametrize("text,words", [
    ("", "no setup line"),
    ("# only a comment\n", "no setup line"),
    ("inca players=blue\n", "line 1: Inca Empire is for 3 or 4 players"),
    ("monopoly players=blue,orange,green\n", "line 1: unknown game"),
    ("inca players=blue,orange,green\nfly blue\n", "line 2: unknown action"),
])
def test_bad_transcripts_are_reported(tmp_path, text, words):
    r = run_py(["host_sim/replay.py", write(tmp_path, text)])
    assert r.returncode == 2
    assert words in r.stderr


def test_missing_file_and_usage(tmp_path):
    r = run_py(["host_sim/replay.py", str(tmp_path / "nope.txt")])
    assert r.returncode == 1 and "cannot read" in r.stderr
    r = run_py(["host_sim/replay.py"])
    assert r.returncode == 1 and "usage" in r.stderr


@pytest.mark.parametrize("args,said", [
    (["--bogus"], "unknown option '--bogus'"),
    (["game.txt", "--trace", "--bogus"], "unknown option '--bogus'"),
    (["game.txt", "more.txt"], "one FILE only, not also 'more.txt'"),
    (["game.txt", "--edition"], "--edition needs a value"),
    (["game.txt", "--bgstats", "--lang", "fr"], "--lang takes en, ru or es"),
    (["resume", "data", "--trace"], "unknown option '--trace' for resume"),
])
def test_a_wrong_argument_is_named(args, said):
    """`companion replay --bogus` (and ./simulate replay, python -m host_sim
    replay) names what it did not take, then shows the usage; on both
    runtimes."""
    for r in (run_py(["-m", "host_sim", "replay"] + args), run_mpy(["host_sim/replay.py"] + args)):
        assert r.returncode == 1
        first, rest = r.stderr.split("\n", 1)
        assert first == said and rest.startswith("usage: replay"), r.stderr


def test_corrupt_edition_is_reported(tmp_path):
    ed = write(tmp_path, "{not json", "edition.json")
    r = run_py(["host_sim/replay.py", "tests/scenarios/three_players.txt", "--edition", ed])
    assert r.returncode == 1 and "not valid JSON" in r.stderr


def test_edited_edition_changes_the_game(tmp_path):
    with open(os.path.join(ROOT, "assets", "inca", "edition.json")) as f:
        ed = json.load(f)
    ed["eras"][0]["labor"] = 8
    path = write(tmp_path, json.dumps(ed), "edition.json")
    game = write(tmp_path, "inca players=blue,orange,green\n")
    v = json.loads(run_py(["host_sim/replay.py", game, "--edition", path]).stdout)
    assert v["players"]["blue"]["labor"] == 8


def test_a_journal_is_replayed_under_its_own_table_or_refused(tmp_path):
    """A game journaled under an edited table (era I's labor 8): its journal
    replayed in its folder (beside its edition.json), or given that table,
    is that game; the journal copied off alone is refused with the
    checksum its setup line names, on both runtimes, never another game's
    numbers (nor a BG Stats link of them)."""
    import shutil
    with open(os.path.join(ROOT, "assets", "inca", "edition.json")) as f:
        ed = json.load(f)
    ed["eras"][0]["labor"] = 8
    table = write(tmp_path, json.dumps(ed), "edited.json")
    data = str(tmp_path / "data")
    game = write(tmp_path, "inca players=green,blue,orange seed=5\nnext\nnext\n")
    r = run_py(["host_sim/replay.py", game, "--edition", table, "--journal", data])
    assert r.returncode == 0, r.stderr
    want = r.stdout
    assert json.loads(want)["players"]["blue"]["labor"] != json.loads(
        run_py(["host_sim/replay.py", game]).stdout)["players"]["blue"]["labor"]      # another game's numbers
    journal = os.path.join(data, "game", "journal.txt")
    with open(journal) as f:
        mark = f.readline().split("#edition ")[1][:8]
    alone = str(tmp_path / "journal.txt")
    shutil.copy(journal, alone)
    for run in (run_py, run_mpy):
        for where in (journal, os.path.join(data, "game")):
            got = run(["host_sim/replay.py", where])
            assert got.returncode == 0 and got.stdout == want, got.stderr
        got = run(["host_sim/replay.py", alone, "--edition", table])
        assert got.returncode == 0 and got.stdout == want, got.stderr
        for args in ([alone], [alone, "--bgstats"], [alone, "--edition", "assets/inca/edition.json"]):
            got = run(["host_sim/replay.py"] + args)
            assert got.returncode == 2 and got.stdout == "", (args, got.stdout)
            assert mark in got.stderr and "--edition" in got.stderr, (args, got.stderr)
    # a game started under the bundled table replays from its journal alone
    other = str(tmp_path / "other")
    r = run_py(["host_sim/replay.py", game, "--journal", other])
    shutil.copy(os.path.join(other, "game", "journal.txt"), alone)
    got = run_py(["host_sim/replay.py", alone])
    assert got.returncode == 0 and got.stdout == r.stdout, got.stderr


def test_undo_in_a_transcript(tmp_path):
    text = "inca players=blue,orange,green order=blue,orange,green\nnext\ngarrison blue\nundo\nconquer blue 2 1 2\n"
    v = json.loads(run_py(["host_sim/replay.py", write(tmp_path, text)]).stdout)
    assert v["players"]["blue"]["vp"] == 2 and v["players"]["blue"]["built"]["garrison"] == 0
    text = "inca players=blue,orange,green\nundo\n"
    r = run_py(["host_sim/replay.py", write(tmp_path, text)])
    assert r.returncode == 2 and "line 2: nothing to undo" in r.stderr


def test_demo_prints_final_standings():
    r = run_py(["-m", "host_sim", "demo"])
    assert r.returncode == 0, r.stderr
    assert "game over" in r.stdout and "Winner:" in r.stdout
    assert r.stdout.count("\n") >= 7


@pytest.mark.parametrize("raw,status,err", [
    (b"inca players=blue,orange,green\nnext\n\xff\xfe next\n", 2, "line 3 is not UTF-8 text"),
    (b"inca players=blue,orange,green\rnext\rnext\r", 0, ""),                  # CR-only line ends
    (b"inca players=blue,orange,green\r\nnext\r\nnext\r\n", 0, ""),
    (b"inca players=blue,orange,green\nnext\xc2\xa0\nnext\n", 0, ""),          # a no-break space
    (b"inca players=blue,orange,green\nnext \xe2\x80\x83\n", 2, "line 2: U+2003 is not a character"),
    (b"inca players=blue,orange,green # \xd0\xb8\xd0\xb3\xd1\x80\xd0\xb0\nnext\n", 0, ""),   # any text in a comment
])
def test_a_transcript_is_read_alike_on_both_runtimes(tmp_path, raw, status, err):
    p = tmp_path / "t.txt"
    p.write_bytes(raw)
    py = subprocess.run([sys.executable, "host_sim/replay.py", str(p)], cwd=ROOT, capture_output=True, timeout=120)
    mp = run_mpy(["host_sim/replay.py", str(p)])
    assert py.returncode == mp.returncode == status, (py.stderr, mp.stderr)
    assert py.stdout.decode() == mp.stdout and py.stderr.decode() == mp.stderr
    assert err in mp.stderr and "Traceback" not in mp.stderr + mp.stdout
    if status == 0:
        assert json.loads(mp.stdout)["round"] >= 1
