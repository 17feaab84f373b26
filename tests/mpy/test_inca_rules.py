# Rules of the era track, income, catch-up, turn order, the score track,
# Sapa Inca scoring, the end and Pizarro's Arrival.  Portable: run by pytest
# on CPython and by tests/mpy/run.py under the MicroPython unix port.
from util import (FOUR, THREE, advance_to, edition, events, finish_phase, game,
                  labor, people, refused, view, vp, where)

from firmware.core.errors import IllegalAction
from firmware.games import inca
from firmware.games.inca import engine


def test_era_track_has_seven_rounds_in_four_eras():
    s = game(FOUR)
    cols = [(c[0], c[1]) for c in s["track"]]
    assert cols == [(1, 1), (2, 2), (2, 3), (2, 4), (3, 5), (3, 6), (4, 7)]
    assert s["track"][0][2] == ["inca", "people", "sapa"]
    assert s["track"][6][2] == ["inca"] + ["sun", "people"] * 4 + ["sapa"]


def test_early_fall_skips_two_columns_and_the_pilgrimages():
    s = game(FOUR + " early-fall")
    assert [c[1] for c in s["track"]] == [1, 2, 3, 5, 7]
    for card in ("great-pilgrimage", "annual-pilgrimage", "local-pilgrimage"):
        assert s["copies"][card] == 0
    advance_to(s, 2, 2, "sun")
    refused(s, "sun blue-orange great-pilgrimage", "not in this game's deck")


def test_early_fall_is_for_four_players():
    try:
        game(THREE + " early-fall")
    except IllegalAction as e:
        assert "4 players" in str(e)
    else:
        raise AssertionError("accepted")


def test_setup_refuses_bad_lines():
    bad = (
        ("inca players=blue,orange", "3 or 4 players"),
        ("inca players=blue,orange,red", "unknown colour"),
        ("inca players=blue,blue,orange", "twice"),
        ("inca players=blue,orange,green order=blue,orange", "order="),
        ("inca players=blue,orange,green labor=1,2", "four numbers"),
        ("inca players=blue,orange,green fast", "unknown setup word"),
        ("chess players=blue,orange,green", "setup line"),
    )
    for line, words in bad:
        try:
            game(line)
        except IllegalAction as e:
            assert words in str(e), (line, str(e))
        else:
            raise AssertionError("accepted %r" % line)


def test_first_inca_phase_runs_at_setup():
    s = game(FOUR + " labor=5,3,2,1")
    assert where(s) == (1, 1, "inca")
    for c in s["seating"]:
        assert labor(s, c) == 5
    assert events(s, "give") == []  # no catch-up in era I


def test_turn_order_dealt_from_seed_is_a_permutation_and_repeatable():
    a = game("inca players=blue,orange,green,brown seed=11")
    b = game("inca players=blue,orange,green,brown seed=11")
    assert a["order"] == b["order"]
    assert sorted(a["order"]) == sorted(["blue", "orange", "green", "brown"])
    orders = set()
    for seed in range(40):
        orders.add(tuple(game("inca players=blue,orange,green,brown seed=%d" % seed)["order"]))
    assert len(orders) > 10


def test_era_one_order_stays_the_dealt_one():
    s = game("inca players=blue,orange,green order=green,orange,blue")
    inca.apply(s, "next")
    assert where(s) == (1, 1, "people")
    assert s["order"][s["turn"]] == "green"


def test_worked_example_orange_gets_nine_and_gives_one_to_blue():
    # Rulebook: Inca phase, era II: Orange has 2 markers worth 5 labor and
    # 1 terrace: 3 + 5 + 1 = 9; Orange leads and gives 1 to Blue, who is last.
    s = game(FOUR + " labor=5,3,2,1", "next")
    people(s, "orange", "conquer orange 1 2 5")
    people(s, "green", "garrison green")
    people(s, "brown", "conquer brown 1 0 1")
    advance_to(s, 2, 2, "people")
    people(s, "orange", "conquer orange 2 3 5")
    advance_to(s, 2, 2, "people", 2)
    people(s, "orange", "terrace orange")
    advance_to(s, 2, 4, "inca")
    assert s["p"]["orange"]["ter"] == 1 and len(s["p"]["orange"]["m"]) == 2
    assert ["orange", 9] in events(s, "income")
    assert events(s, "give") == [["orange", "blue", 1]]
    assert engine.ranking(s)[0] == "orange" and engine.ranking(s)[-1] == "blue"


def _standings_game(n_players_line, labor_numbers="5,3,2,1"):
    # Players end era I with distinct VP: blue 0, orange 5, green 3, brown 1.
    s = game(n_players_line + " labor=" + labor_numbers, "next")
    people(s, "orange", "conquer orange 1 0 5")
    people(s, "green", "garrison green")
    if "brown" in s["p"]:
        people(s, "brown", "conquer brown 1 0 1")
    return s


def test_catch_up_in_eras_three_and_four_with_four_players():
    s = _standings_game(FOUR)
    advance_to(s, 3, 5, "inca")
    # standings: orange 5, green 3, brown 1, blue 0
    assert events(s, "give") == [["orange", "blue", 2], ["green", "brown", 1]]
    advance_to(s, 4, 7, "inca")
    assert events(s, "give") == [["orange", "blue", 2], ["green", "brown", 1]]


def test_catch_up_with_three_players_skips_second_to_third():
    s = _standings_game(THREE)
    advance_to(s, 2, 2, "inca")
    assert events(s, "give") == [["orange", "blue", 1]]
    advance_to(s, 3, 5, "inca")
    assert events(s, "give") == [["orange", "blue", 2]]


def test_catch_up_never_takes_labor_below_zero():
    # Era III labor 0: the leader holds only 1 labor when told to give 2.
    s = _standings_game(FOUR, "5,3,0,1")
    advance_to(s, 2, 4, "sapa")
    inca.apply(s, "adjust orange labor -%d" % (labor(s, "orange") - 1))
    advance_to(s, 3, 5, "inca")
    assert labor(s, "orange") == 0
    assert events(s, "give")[0] == ["orange", "blue", 1]


def test_score_track_later_arrival_ranks_lower():
    s = game(FOUR, "next")
    people(s, "blue", "garrison blue")       # blue 3 first
    people(s, "orange", "garrison orange")   # orange arrives on 3: outside
    assert engine.ranking(s)[:2] == ["blue", "orange"]
    s = game(FOUR, "next")
    people(s, "blue", "conquer blue 1 0 2")
    people(s, "orange", "garrison orange")   # orange 3 first
    people(s, "green", "conquer green 2 0 4", "adjust green vp -1")  # green arrives on 3
    assert vp(s, "green") == 3 and vp(s, "orange") == 3
    r = engine.ranking(s)
    assert r.index("orange") < r.index("green")
    assert view(s)["players"]["orange"]["rank"] == 1
    ranks = sorted(p["rank"] for p in view(s)["players"].values())
    assert ranks == [1, 2, 3, 4]


def test_sun_turn_order_last_first_outer_figure_counts_behind():
    # The Spanish text's example: Blue last gets 1; Green and Brown tie and
    # Brown stands outside, so Brown gets 2, Green 3; Orange leads and gets
    # 4.  (The Russian example names the colours differently but says the
    # same rule: "the outer figure goes after the inner one"; its example
    # has a colour misprint, "Blue" twice.)
    s = game(FOUR, "next")
    people(s, "orange", "conquer orange 1 0 6")
    people(s, "green", "garrison green")
    people(s, "brown", "garrison brown")
    advance_to(s, 2, 2, "sun")
    assert s["order"] == ["blue", "brown", "green", "orange"]
    assert events(s, "order") == [["blue", "brown", "green", "orange"]]


def test_sapa_scoring_counts_terraces_and_connected_buildings():
    s = game(FOUR, "next")
    people(s, "blue", "conquer blue 1 1 1", "next")
    advance_to(s, 2, 2, "people")
    people(s, "blue", "terrace blue")
    advance_to(s, 2, 2, "sapa")
    before = vp(s, "blue")
    inca.apply(s, "connected blue 2 1 3")
    # 1 terrace + 2 garrisons x2 + 1 city x3 + 3 temples x1
    finish_phase(s)
    assert vp(s, "blue") == before + 1 + 4 + 3 + 3


def test_sapa_scores_leader_first_so_the_leader_stays_inside():
    s = game(FOUR, "next")
    people(s, "blue", "garrison blue")
    people(s, "orange", "garrison orange")  # tie at 3, blue inside
    advance_to(s, 1, 1, "sapa")
    inca.apply(s, "connected orange 1 0 0")
    inca.apply(s, "connected blue 1 0 0")
    inca.apply(s, "connected green 0 0 0")
    inca.apply(s, "connected brown 0 0 0")
    inca.apply(s, "next")
    assert vp(s, "blue") == vp(s, "orange") == 5
    assert [e[0] for e in events(s, "score")][:2] == ["blue", "orange"]
    assert engine.ranking(s)[:2] == ["blue", "orange"]


def test_sapa_needs_every_players_connected_counts():
    s = advance_to(game(FOUR), 1, 1, "sapa")
    inca.apply(s, "connected blue 0 0 0")
    refused(s, "next", "orange green brown")
    refused(s, "connected blue 1 x 0", "cities")


def test_keep_limit_returns_labor_after_sapa():
    s = game(FOUR + " labor=5,3,2,1", "next")
    people(s, "blue", "adjust blue labor +4")  # 9 labor
    advance_to(s, 1, 1, "sapa")
    finish_phase(s)
    # kept 5, then era II income 3; level on 0 VP blue (tile 1, outermost)
    # is last and receives 1 from the leader
    assert labor(s, "blue") == 5 + 3 + 1
    s = advance_to(game(FOUR + " labor=5,3,2,1", "next"), 1, 1, "sapa")
    inca.apply(s, "adjust blue labor +4")
    finish_phase(s)
    assert events(s, "return")[0] == ["blue", 4]


def test_game_ends_after_the_last_sapa_with_a_single_winner():
    s = game(THREE, "next")
    people(s, "green", "garrison green")
    for _ in range(400):
        if s["over"]:
            break
        finish_phase(s)
    assert s["over"] and where(s) == (4, 7, "sapa")
    v = view(s)
    assert v["winner"] == "green" and v["players"]["green"]["rank"] == 1
    refused(s, "next", "over")
    inca.apply(s, "adjust blue vp +9")  # a correction still possible
    assert view(s)["winner"] == "blue"


def test_three_player_board_has_three_sectors():
    s = game(THREE)
    assert s["sectors"] == ["blue-orange", "orange-green", "green-blue"]
    assert s["copies"]["rural-unrest"] == 1 and s["copies"]["wilderness-road"] == 3
    assert s["copies"]["great-pilgrimage"] == 0
    s = game("inca players=brown,orange,blue")
    assert s["sectors"] == ["blue-orange", "orange-brown", "brown-blue"]


def test_deck_sizes_are_32_and_27():
    four = game(FOUR)["copies"]
    three = game(THREE)["copies"]
    assert sum(four.values()) == 32
    assert sum(three.values()) == 27


def _to_late_empire_people(setup):
    s = game(setup)
    return advance_to(s, 4, 7, "people")


def test_pizarro_position_hidden_until_flipped():
    for seed in range(12):
        s = _to_late_empire_people(FOUR + " pizarro seed=%d" % seed)
        pos = s["piz"]["pos"]
        v = view(s)
        assert "at" not in v["pizarro"] and "salt" not in v["pizarro"]
        for k in range(1, pos):
            finish_phase(s)  # people -> flip k: not Pizarro
            assert events(s, "pizarro") == [[k, False]]
            assert where(s)[2] == "sun"
            assert "at" not in view(s)["pizarro"]
            advance_to(s, 4, 7, "people", 1)
        finish_phase(s)
        assert events(s, "pizarro") == [[pos, True]]
        assert where(s) == (4, 7, "sapa")
        v = view(s)["pizarro"]
        assert v["arrived"] and v["at"] == pos
        finish_phase(s)
        assert s["over"]


def test_pizarro_marker_proves_it_was_fixed_at_setup():
    import binascii
    import hashlib

    s = _to_late_empire_people(FOUR + " pizarro seed=5")
    commit = view(s)["pizarro"]["commit"]
    while not s["over"]:
        finish_phase(s)
    v = view(s)["pizarro"]
    h = hashlib.sha256(("pizarro %d %d" % (v["at"], v["salt"])).encode()).digest()
    assert binascii.hexlify(h).decode() == commit
    assert game(FOUR + " pizarro seed=5")["piz"]["commit"] == commit


def test_pizarro_positions_cover_all_four_markers():
    seen = set()
    for seed in range(60):
        seen.add(game(FOUR + " pizarro seed=%d" % seed)["piz"]["pos"])
    assert seen == {1, 2, 3, 4}


def test_without_pizarro_the_late_empire_plays_all_four_people_phases():
    s = _to_late_empire_people(FOUR + " seed=3")
    assert "pizarro" not in view(s)
    for _ in range(7):
        finish_phase(s)
    assert where(s) == (4, 7, "sapa")


def test_edition_labor_numbers_are_data():
    ed = edition()
    assert [e["labor"] for e in ed["eras"]] == [5, 3, 2, 1]
    s = game(FOUR + " labor=7,4,3,2")
    assert labor(s, "blue") == 7
    advance_to(s, 2, 2, "inca")
    assert ["blue", 4] in events(s, "income")


def test_level_players_keep_the_dealt_order_in_the_first_sun_phase():
    s = game("inca players=blue,orange,green,brown order=green,brown,blue,orange")
    advance_to(s, 2, 2, "sun")
    assert s["order"] == ["green", "brown", "blue", "orange"]


def test_sun_cards_leave_the_board_when_the_sapa_inca_phase_begins():
    s = advance_to(game(FOUR), 2, 2, "people")
    assert any(view(s)["sun"].values())
    advance_to(s, 2, 2, "sapa")
    assert not any(view(s)["sun"].values())
    assert view(s)["players"]["blue"]["effects"] == []
    assert events(s, "clear") == [[]]
