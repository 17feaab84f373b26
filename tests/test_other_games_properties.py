"""Properties of the Eight-Minute Empire, Origin and Legacy of Yu engines over
random action sequences (hypothesis chooses every word): check() predicts
apply(), a refused action changes nothing, the state stays JSON, the view
never shows a bid before every bid is in, and undo restores the view.  And
a journaled game of each resumes with its own edition table."""
import json
import os
import random
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from firmware.core.errors import IllegalAction
from firmware.core.session import Session
from firmware.games import eightmin, origin
from firmware.games.eightmin import engine as em_engine
from firmware.games.origin import engine as or_engine
from host_sim import games
from test_micropython import run_mpy

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _edition(name):
    with open(os.path.join(ROOT, "assets", name, "edition.json")) as f:
        return json.load(f)


EDITIONS = dict((name, games.edition(name)) for name in games.names())
FAST = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def num(data, lo=0, hi=15):
    return data.draw(st.integers(lo, hi))


# the setups and actions: each game's own random ones (its host-side module's
# random_setup and candidates: host_sim/games.py), hypothesis choosing


def picker(data):
    return lambda n: data.draw(st.integers(0, n - 1)) if n > 1 else 0


# ---------------------------------------------------------------- invariants

def invariants(name, s):
    assert json.loads(json.dumps(s)) == s          # the journal snapshots it as JSON
    v = games.rules(name).view(s)
    json.dumps(v)                                   # the view is plain values
    if name == "eightmin":
        for c in s["seating"]:
            p = s["p"][c]
            assert p["coins"] >= 0 and 0 <= p["cards"] <= s["limit"]
            if s["phase"] == "bid":
                assert v["players"][c]["bid"] is None
        assert not [e for e in v["events"] if e[0] == "bids"] or s["phase"] != "bid"
        if v["turn"] is not None:
            assert v["phase"] == "play"
    elif name == "origin":
        if s["phase"] == "scoring":
            assert v["turn"] is None
        else:
            assert v["turn"] in s["seating"]
        if s["over"]:
            assert v["winners"] and all(v["players"][c]["rank"] == 1 for c in v["winners"])
    elif name == "yu":
        assert s["wins"] <= s["goal"][0] and s["losses"] <= s["goal"][1]
        assert len(s["history"]) == s["wins"] + s["losses"] - sum(s["carried"])
        g = s["g"]
        if g is not None:
            assert 0 <= g["canals"] <= 6 and 0 <= g["barbarians"] < 7
            assert g["active"] is None or g["active"] >= 0
            assert g["flood"] <= g["canals"] or g["flood"] == 1
        if s["over"]:
            assert g is None and max(s["wins"] - s["goal"][0], s["losses"] - s["goal"][1]) == 0


def _text(view):
    return json.dumps(view, sort_keys=True)


def run_random(name, data, steps):
    host, mod = games.host(name), games.rules(name)
    pick = picker(data)
    line = host.random_setup(random.Random(data.draw(st.integers(0, 2**32 - 1))))
    s = mod.new(line, EDITIONS[name])
    invariants(name, s)
    accepted = []
    for _ in range(steps):
        lines = host.candidates(s, pick)
        assert lines, "%s's candidates() gave no line: it gives one at least (a refused one where none is legal)" % name
        a = lines[0]
        before = json.dumps(s)
        said = mod.check(s, a)
        assert json.dumps(s) == before, "check changed the state"
        try:
            mod.apply(s, a)
        except IllegalAction as e:
            assert said == str(e), (a, said, str(e))
            assert json.dumps(s) == before, "refused %r changed the state" % a
        else:
            assert said is None, (a, said)
            accepted.append(a)
        invariants(name, s)
    return line, s, accepted


@pytest.mark.parametrize("name", [n for n in games.names() if n != "inca"])   # Inca's: test_properties.py
@FAST
@given(data=st.data())
def test_check_predicts_apply_refusals_change_nothing_and_undo_restores_the_view(name, data):
    mod = games.rules(name)
    line, s, accepted = run_random(name, data, 70)
    # the accepted lines replayed from the setup give the same state ...
    ss = Session(mod, EDITIONS[name], line)
    views = [_text(ss.view())]
    for a in accepted:
        ss.apply(a)
        views.append(_text(ss.view()))
    assert json.dumps(ss.state, sort_keys=True) == json.dumps(s, sort_keys=True)
    # ... and undo walks back through the very same views, redo forward again
    n = min(len(accepted), 12)
    for k in range(n):
        ss.apply("undo")
        assert _text(ss.view()) == views[-2 - k]
    for k in range(n):
        ss.apply("redo")
    assert _text(ss.view()) == views[-1]


@FAST
@given(data=st.data())
def test_origin_scores_add_up(data):
    s = origin.new("origin players=red,blue", EDITIONS["origin"])
    origin.apply(s, "trigger pawns")
    origin.apply(s, "next")
    origin.apply(s, "next")
    goals = [num(data, 1, 15) for _ in range(num(data, 0, 6))]
    hand = num(data, 0, 20)
    hunt = [num(data, 4, 8) for _ in range(num(data, 0, 5))]
    straits = [num(data, 3, 5) for _ in range(num(data, 0, 5))]
    tiles = [num(data, 0, 5) for _ in range(5)]
    trophies = num(data, 0, 6)
    treasure = data.draw(st.booleans())
    line = "score red goals=%s hand=%d hunt=%s straits=%s tiles=%s trophies=%d treasure=%s" % (
        ",".join(map(str, goals)), hand, ",".join(map(str, hunt)), ",".join(map(str, straits)),
        ",".join(map(str, tiles)), trophies, "yes" if treasure else "no")
    origin.apply(s, line)
    want = (sum(goals) + hand * (2 if treasure else 1) + sum(hunt) + sum(straits)
            + sum(tiles[:4]) + 5 * tiles[4] + 2 * trophies)
    assert origin.view(s)["players"]["red"]["total"] == want
    assert or_engine.points(s, s["p"]["red"]["sheet"])["total"] == want


@FAST
@given(data=st.data())
def test_wild_cards_are_placed_at_least_as_well_as_by_brute_force(data):
    s = eightmin.new("eightmin players=red,blue", EDITIONS["eightmin"])
    counts = dict((k, num(data, 0, 5)) for k in s["kinds"])
    wilds = num(data, 0, 4)
    total, vps, given = em_engine.goods_score(s, counts, wilds)
    held = [k for k in s["kinds"] if counts[k] > 0]

    def best(i, left):
        if i == len(held):
            return 0
        k = held[i]
        return max(em_engine.goods_value(s["tables"][k], counts[k] + e) + best(i + 1, left - e)
                   for e in range(left + 1))

    assert total == best(0, wilds)
    assert sum(given.values()) <= wilds and all(counts[k] > 0 for k in given)
    assert total == sum(vps.values())


@pytest.mark.parametrize("name", ("eightmin_three", "origin_four", "yu_campaign"))
def test_journaled_game_resumes_with_its_own_edition_on_both_runtimes(name, tmp_path):
    # replay.py loads assets/GAME/edition.json for these games, also when it
    # resumes a journal (the setup line names the game)
    rel = "tests/scenarios/%s.txt" % name
    with open(os.path.join(ROOT, "tests", "scenarios", name + ".json")) as f:
        expected = f.read()
    out = str(tmp_path / "game")
    r = subprocess.run([sys.executable, "host_sim/replay.py", rel, "--journal", out],
                       cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0 and r.stdout == expected, r.stderr
    r = subprocess.run([sys.executable, "host_sim/replay.py", "resume", out],
                       cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0 and r.stdout == expected, r.stderr
    m = run_mpy(["host_sim/replay.py", "resume", out])
    assert m.returncode == 0 and m.stdout == expected, m.stderr
