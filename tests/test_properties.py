"""Properties over random legal games (hypothesis chooses every decision)."""
import json
import os

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from firmware.core.errors import IllegalAction
from firmware.core.session import DEPTH, Session
from firmware.games import inca
from firmware.games.inca import engine
from firmware.games.inca import host as inca_host
from host_sim import autoplay

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
with open(os.path.join(ROOT, "assets", "inca", "edition.json")) as f:
    EDITION = json.load(f)

SETUPS = st.builds(
    lambda colours, n, seed, piz, ef, gods: " ".join(
        ["inca", "players=" + ",".join(colours[:n]), "seed=%d" % seed]
        + (["pizarro"] if piz else []) + (["early-fall"] if ef and n == 4 else []) + (["gods"] if gods else [])),
    st.permutations(engine.COLOURS), st.sampled_from((3, 4)), st.integers(0, 2**32 - 1),
    st.booleans(), st.booleans(), st.booleans())

FAST = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def picker(data):
    return lambda n: data.draw(st.integers(0, n - 1)) if n > 1 else 0


def check_invariants(s):
    ps = s["p"]
    for c in s["seating"]:
        assert ps[c]["labor"] >= 0 and ps[c]["vp"] >= 0
        assert ps[c]["ter"] <= len(ps[c]["m"])
    v = inca.view(s)
    assert sorted(p["rank"] for p in v["players"].values()) == list(range(1, len(s["seating"]) + 1))
    assert sorted(v["order"]) == sorted(s["seating"])
    assert len(set(ps[c]["at"] for c in s["seating"])) == len(s["seating"])
    vps = [ps[c]["vp"] for c in v["standings"]]
    assert vps == sorted(vps, reverse=True)
    if v["turn"] is not None:
        assert v["phase"] == "people"
    if "pizarro" in v and not (v["pizarro"]["arrived"] or v["over"]):
        assert "at" not in v["pizarro"] and "salt" not in v["pizarro"]


@FAST
@given(setup=SETUPS, data=st.data())
def test_random_legal_games_keep_the_invariants(setup, data):
    pick = picker(data)
    lines = autoplay.play(setup, pick, EDITION, limit=400)
    s = inca.new(lines[0], EDITION)
    check_invariants(s)
    for a in lines[1:]:
        inca.apply(s, a)
        check_invariants(s)


@FAST
@given(setup=SETUPS, data=st.data())
def test_the_fixed_part_of_a_state_never_changes(setup, data):
    # the session keeps inca.FIXED once, out of its kept copies, and puts
    # the same objects back into every state it gives: an action, an undo
    # or the view that changed them would change every copy
    pick = picker(data)
    lines = autoplay.play(setup, pick, EDITION, limit=400, undo_every=6)
    ss = Session(inca, EDITION, lines[0])
    first = json.dumps(dict((k, ss.state[k]) for k in inca.FIXED), sort_keys=True)
    assert sorted(ss.fixed) == sorted(inca.FIXED)
    for a in lines[1:]:
        ss.apply(a)
        inca.view(ss.state)
        for k in inca.FIXED:
            assert ss.state[k] is ss.fixed[k], k
        assert json.dumps(ss.fixed, sort_keys=True) == first
    # what a kept copy holds: the changing part only
    text = ss.prev.buf.getvalue()[:ss.prev.n]
    assert not any(json.loads(text).get(k) is not None for k in inca.FIXED)


@FAST
@given(setup=SETUPS, data=st.data())
def test_undo_restores_the_previous_view_exactly(setup, data):
    pick = picker(data)
    lines = autoplay.play(setup, pick, EDITION, limit=300)
    ss = Session(inca, EDITION, lines[0])
    views = [ss.view()]
    for a in lines[1:]:
        ss.apply(a)
        views.append(ss.view())
        if pick(4) == 0:
            k = 1 + pick(min(DEPTH, len(views) - 1))
            for _ in range(k):
                ss.apply("undo")
            assert ss.view() == views[-1 - k]
            for _ in range(k):
                ss.apply("redo")
            assert ss.view() == views[-1]
    # undo all the way to the depth bound and back
    n = min(DEPTH, len(views) - 1)
    for i in range(n):
        ss.apply("undo")
        assert ss.view() == views[-2 - i]


@settings(max_examples=10, deadline=None)
@given(setup=SETUPS, seed=st.integers(0, 10**6))
def test_same_setup_and_choices_give_the_same_game(setup, seed):
    import random
    a = autoplay.play(setup, random.Random(seed).randrange, EDITION, limit=300)
    b = autoplay.play(setup, random.Random(seed).randrange, EDITION, limit=300)
    assert a == b
    sa = inca.new(a[0], EDITION)
    sb = inca.new(b[0], EDITION)
    for x in a[1:]:
        inca.apply(sa, x)
        inca.apply(sb, x)
    assert inca.view(sa) == inca.view(sb)


WORDS = st.sampled_from(
    ["next", "city", "garrison", "terrace", "road", "temple", "outpost", "zeal", "conquer",
     "pilgrimage", "sun", "connected", "adjust", "blue", "orange", "green", "brown", "mauve",
     "great", "labor", "vp", "+1", "-3", "+99", "0", "1", "2", "5", "x", "blue-orange",
     "green-brown", "epidemic", "storehouses", "surveyors", "popular-support"])


@settings(max_examples=40, deadline=None)
@given(setup=SETUPS, data=st.data(), junk=st.lists(st.lists(WORDS, min_size=1, max_size=6), min_size=1, max_size=30))
def test_refused_actions_change_nothing(setup, data, junk):
    pick = picker(data)
    lines = autoplay.play(setup, pick, EDITION, limit=data.draw(st.integers(1, 250)))
    s = inca.new(lines[0], EDITION)
    for a in lines[1:]:
        inca.apply(s, a)
    for words in junk:
        before = json.dumps(s)
        try:
            inca.apply(s, " ".join(words))
        except IllegalAction as e:
            assert str(e)
            assert json.dumps(s) == before
        else:
            check_invariants(s)


def test_session_memory_is_bounded_in_a_long_game():
    import random
    lines = autoplay.play("inca players=blue,orange,green,brown seed=4 pizarro", random.Random(4).randrange, EDITION)
    ss = Session(inca, EDITION, lines[0])
    for a in lines[1:]:
        ss.apply(a)
        assert len(ss.tail) < 2 * DEPTH
    assert ss.count == len(lines) - 1
    assert ss.base_n >= len(lines) - 1 - 2 * DEPTH
    for _ in range(DEPTH):
        ss.apply("undo")
    try:
        for _ in range(DEPTH + 1):
            ss.apply("undo")
    except IllegalAction as e:
        assert "undo reaches back" in str(e)
    else:
        raise AssertionError("undo went past the checkpoint")


@settings(max_examples=30, deadline=None)
@given(setup=SETUPS, data=st.data(), junk=st.lists(st.lists(WORDS, min_size=1, max_size=6), min_size=1, max_size=30))
def test_check_predicts_apply_and_changes_nothing(setup, data, junk):
    pick = picker(data)
    lines = autoplay.play(setup, pick, EDITION, limit=data.draw(st.integers(1, 250)))
    s = inca.new(lines[0], EDITION)
    for a in lines[1:]:
        inca.apply(s, a)
    for words in junk + [[x] for x in inca_host.candidates(s, pick)]:
        line = " ".join(words)
        before = json.dumps(s)
        why = inca.check(s, line)
        assert json.dumps(s) == before
        try:
            inca.apply(s, line)
        except IllegalAction as e:
            assert why == str(e)
        else:
            assert why is None
