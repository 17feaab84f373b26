# Sun Event cards and the People phase: every card's effect on costs, VP,
# free roads and extra actions, and the refusals.  Portable (CPython and
# MicroPython).
from util import (FOUR, THREE, advance_to, events, fill_sun, finish_phase, game,
                  labor, people, refused, view, vp, where)

from firmware.games import inca


# Level on VP, tile 1 stands outermost, so the Sun phase of era II keeps
# the dealt order: blue, orange, green, brown.
LEVEL = "inca players=blue,orange,green,brown order=blue,orange,green,brown"


def with_cards(placed, setup=LEVEL, rich=20):
    """A game in era II, round 2, at the start of the People phase, with the
    given cards revealed ({sector: card}) and every player holding `rich`
    more labor."""
    s = advance_to(game(setup), 2, 2, "sun")
    for sec in placed:
        inca.apply(s, "sun %s %s" % (sec, placed[sec]))
    fill_sun(s, ("wilderness-road",) * 1 + ("solar-eclipse", "rural-unrest", "local-pilgrimage"))
    for c in s["seating"]:
        inca.apply(s, "adjust %s labor +%d" % (c, rich))
    inca.apply(s, "next")
    assert where(s) == (2, 2, "people")
    assert s["order"] == ["blue", "orange", "green", "brown"] or setup != LEVEL
    return s


def cost(s, c, action):
    """Labor and VP that one action costs and gives player c."""
    people(s, c)
    l0, v0 = labor(s, c), vp(s, c)
    inca.apply(s, action)
    return [l0 - labor(s, c), vp(s, c) - v0]


def test_base_costs_without_cards():
    s = with_cards({})
    assert cost(s, "blue", "city blue") == [6, 4]
    finish = with_cards({})
    assert cost(finish, "blue", "temple blue") == [5, 4]
    assert cost(with_cards({}), "blue", "temple blue 7") == [5, 7]
    assert cost(with_cards({}), "blue", "garrison blue") == [4, 3]
    assert cost(with_cards({}), "blue", "road blue") == [1, 0]
    assert cost(with_cards({}), "blue", "conquer blue 3 2 3") == [3, 3]


def test_a_card_affects_exactly_the_two_players_beside_its_sector():
    s = with_cards({"blue-orange": "epidemic"})
    v = view(s)["players"]
    assert v["blue"]["effects"].count("epidemic") == 1
    assert v["orange"]["effects"].count("epidemic") == 1
    assert "epidemic" not in v["green"]["effects"] and "epidemic" not in v["brown"]["effects"]
    assert cost(s, "blue", "city blue") == [8, 4]
    assert cost(s, "green", "city green") == [6, 4]


def test_epidemic_and_city_restoration():
    s = with_cards({"blue-orange": "epidemic", "brown-blue": "city-restoration"})
    assert cost(s, "blue", "city blue") == [8, 6]
    assert cost(s, "orange", "city orange") == [8, 4]
    assert cost(s, "brown", "city brown") == [6, 6]


def test_effects_stack_across_sun_phases_of_a_round_and_clear_at_sapa():
    s = with_cards({"blue-orange": "epidemic"})
    advance_to(s, 2, 2, "sun")  # the round's second Sun phase
    inca.apply(s, "sun brown-blue epidemic")
    fill_sun(s)
    inca.apply(s, "next")
    assert view(s)["players"]["blue"]["effects"].count("epidemic") == 2
    inca.apply(s, "adjust blue labor +20")
    assert cost(s, "blue", "city blue") == [10, 4]
    advance_to(s, 2, 3, "inca")
    assert view(s)["players"]["blue"]["effects"] == []
    assert events(s, "phase") == [[2, 3, "inca"]]
    assert view(s)["sun"]["blue-orange"] == []


def test_garrison_cards():
    s = with_cards({"blue-orange": "storehouses", "brown-blue": "severe-weather"})
    assert cost(s, "blue", "garrison blue") == [5, 4]
    assert cost(s, "orange", "garrison orange") == [4, 4]
    assert cost(s, "brown", "garrison brown") == [5, 3]


def test_mass_construction_allows_a_second_garrison_paying_each():
    s = with_cards({"blue-orange": "mass-construction", "brown-blue": "severe-weather"})
    people(s, "blue", "garrison blue")
    assert cost(s, "blue", "garrison blue") == [5, 3]
    refused(s, "garrison blue", "already taken")
    s = with_cards({"blue-orange": "mass-construction"})
    people(s, "blue", "city blue")
    refused(s, "garrison blue", "already taken")
    s = with_cards({})
    people(s, "green", "garrison green")
    refused(s, "garrison green", "already taken")


def test_surveyors_allow_a_second_terrace_if_a_marker_is_free():
    s = with_cards({"blue-orange": "surveyors"})
    refused(people(s, "blue"), "terrace blue", "no conquered marker without a terrace")
    s = advance_to(game(LEVEL, "next"), 1, 1, "people")
    people(s, "blue", "conquer blue 1 1 1")
    advance_to(s, 2, 2, "sun")
    inca.apply(s, "sun blue-orange surveyors")
    fill_sun(s)
    inca.apply(s, "next")
    inca.apply(s, "adjust blue labor +9")
    people(s, "blue", "conquer blue 1 1 1")  # building action used: conquest
    refused(s, "terrace blue", "already taken")
    advance_to(s, 2, 2, "people", 2)  # the round's second People phase
    people(s, "blue", "terrace blue")
    assert cost(s, "blue", "terrace blue") == [2, 1]
    assert s["p"]["blue"]["ter"] == 2
    refused(s, "terrace blue", "already taken")


def test_rapid_expansion_allows_another_conquest_for_two_more():
    s = with_cards({"blue-orange": "rapid-expansion"})
    people(s, "blue", "city blue")
    assert cost(s, "blue", "conquer blue 2 1 2") == [4, 2]
    refused(s, "conquer blue 1 1 1", "Rapid Expansion")
    s = with_cards({"blue-orange": "rapid-expansion"})
    assert cost(s, "blue", "conquer blue 2 1 2") == [2, 2]   # the building action
    assert cost(s, "blue", "conquer blue 2 1 2") == [4, 2]   # the extra one
    s = with_cards({})
    people(s, "green", "city green")
    refused(s, "conquer green 1 1 1", "Rapid Expansion")


def test_military_superiority_and_resistance():
    s = with_cards({"blue-orange": "military-superiority", "brown-blue": "resistance"})
    assert cost(s, "blue", "conquer blue 3 1 3") == [3, 3]  # both cards
    assert cost(s, "orange", "conquer orange 3 1 3") == [2, 3]
    assert cost(s, "brown", "conquer brown 3 1 3") == [4, 3]
    s = with_cards({"blue-orange": "military-superiority"})
    assert cost(s, "blue", "conquer blue 1 1 1") == [0, 1]


def test_major_outpost_and_religious_zeal():
    s = with_cards({"blue-orange": "major-outpost", "brown-blue": "epidemic"})
    assert cost(s, "blue", "outpost blue") == [6, 4]
    assert cost(s, "orange", "outpost orange") == [4, 4]
    refused(people(s, "green"), "outpost green", "major-outpost")
    s = with_cards({"green-brown": "religious-zeal", "orange-green": "city-restoration"})
    assert cost(s, "green", "zeal green") == [4, 4]
    refused(people(s, "brown"), "outpost brown", "major-outpost")
    refused(s, "zeal blue", "turn")
    s = with_cards({"blue-orange": "major-outpost", "brown-blue": "city-restoration"})
    assert cost(s, "blue", "outpost blue") == [4, 6]


def test_free_roads_and_labor_intensity():
    s = with_cards({"blue-orange": "road-crew", "brown-blue": "el-nino"})
    v = view(s)["players"]
    assert v["orange"]["free_roads"] == 3
    assert v["brown"]["free_roads"] == 1
    assert v["blue"]["free_roads"] == 2
    assert v["green"]["free_roads"] == 2
    s = advance_to(game(FOUR), 2, 2, "sun")
    for sec in ("blue-orange", "brown-blue"):
        inca.apply(s, "sun %s el-nino" % sec)
    fill_sun(s)
    inca.apply(s, "next")
    assert view(s)["players"]["blue"]["free_roads"] == 1  # never below 1
    s = with_cards({"blue-orange": "labor-intensity", "brown-blue": "el-nino"})
    people(s, "blue", "road blue")
    assert events(s, "roads") == [["blue", 2]]
    assert cost(s, "green", "road green") == [1, 0]
    assert events(s, "roads") == [["green", 1]]


def test_popular_support_pays_at_the_end_of_every_sun_phase_while_face_up():
    s = game(FOUR, "next")
    people(s, "blue", "conquer blue 1 0 1")
    people(s, "orange", "conquer orange 2 0 1")
    advance_to(s, 2, 2, "sun")
    inca.apply(s, "sun blue-orange popular-support")
    fill_sun(s)
    b, o = labor(s, "blue"), labor(s, "orange")
    inca.apply(s, "next")
    assert labor(s, "blue") == b + 1 and labor(s, "orange") == o
    assert events(s, "support") == [["blue", 1]]
    advance_to(s, 2, 2, "sun")  # the round's second Sun phase
    fill_sun(s)
    b = labor(s, "blue")
    inca.apply(s, "next")
    assert labor(s, "blue") == b + 1
    advance_to(s, 2, 3, "sun")
    fill_sun(s)
    b = labor(s, "blue")
    inca.apply(s, "next")
    assert labor(s, "blue") == b  # cleared at Sapa Inca


def test_board_only_cards_give_reminders():
    s = advance_to(game(LEVEL), 2, 2, "sun")
    inca.apply(s, "sun green-brown rural-unrest")
    inca.apply(s, "sun blue-orange solar-eclipse")
    fill_sun(s, ("wilderness-road",))
    inca.apply(s, "next")
    assert ["rural-unrest", "green-brown"] in events(s, "remind")
    assert "wilderness-road" in view(s)["players"]["blue"]["effects"]
    assert events(s, "turn") == [[s["order"][0]]]
    assert ["wilderness-road", s["order"][0]] in events(s, "remind")
    assert ["solar-eclipse", s["order"][0]] in events(s, "remind")
    inca.apply(s, "adjust brown labor +9")
    c = s["order"][0]
    assert c in ("blue", "orange")
    inca.apply(s, "adjust %s labor +9" % c)
    people(s, c, "temple %s" % c)
    assert ["solar-eclipse", c] in events(s, "remind")


def test_pilgrimages():
    s = with_cards({"blue-orange": "great-pilgrimage", "brown-blue": "local-pilgrimage"})
    assert cost(s, "blue", "pilgrimage blue local") == [0, 4]
    refused(s, "pilgrimage blue great", "already made a pilgrimage")
    assert cost(s, "orange", "pilgrimage orange great") == [0, 7]
    refused(s, "pilgrimage orange great", "already made a pilgrimage")
    assert cost(s, "orange", "city orange") == [6, 4]
    refused(people(s, "green"), "pilgrimage green great", "no great-pilgrimage card")
    s = with_cards({"blue-orange": "annual-pilgrimage"})
    assert cost(s, "blue", "pilgrimage blue annual") == [0, 5]
    refused(s, "pilgrimage blue holy", "great, annual or local")


def test_pilgrimage_cards_are_not_in_the_three_player_deck():
    s = advance_to(game(THREE), 2, 2, "sun")
    refused(s, "sun blue-orange great-pilgrimage", "not in this game's deck")


def test_sun_card_entry_is_checked():
    s = advance_to(game(FOUR), 2, 2, "sun")
    refused(s, "sun blue-green epidemic", "not a sector")
    refused(s, "sun blue-orange plague", "unknown Sun Event card")
    inca.apply(s, "sun orange-blue city-restoration")  # either spelling order
    refused(s, "sun blue-orange epidemic", "already has its card")
    refused(s, "sun green-brown city-restoration", "already lie on the board")
    refused(s, "next", "green-brown brown-blue")
    refused(s, "city blue", "People phase")
    inca.apply(s, "sun green-brown epidemic")
    inca.apply(s, "sun brown-blue epidemic")
    refused(s, "sun orange-green epidemic", "already lie on the board")


def test_people_phase_refusals_leave_the_state_unchanged():
    s = with_cards({}, rich=0)
    first = s["order"][0]
    inca.apply(s, "adjust %s labor -%d" % (first, labor(s, first) - 5))
    other = s["order"][1]
    refused(s, "city %s" % other, "turn")
    refused(s, "city mauve", "not a player")
    refused(s, "city %s" % first, "costs 6")
    refused(s, "conquer %s 9 1 1" % first, "costs 9")
    refused(s, "conquer %s 1 x 1" % first, "labor")
    refused(s, "conquer %s 1 1" % first, "wrong number")
    refused(s, "temple %s 0" % first, "temple")
    refused(s, "connected %s 0 0 0" % first, "Sapa Inca phase")
    refused(s, "sun blue-orange epidemic", "Sun phase")
    refused(s, "adjust %s labor -99" % first, "below zero")
    refused(s, "adjust %s labor 3" % first, "signed")
    refused(s, "dance %s" % first, "unknown action")
    refused(s, "next now", "no words")


def test_one_building_action_per_turn():
    s = with_cards({})
    people(s, "blue", "city blue")
    for a in ("city blue", "temple blue", "garrison blue", "road blue", "terrace blue", "conquer blue 1 1 1"):
        refused(s, a, "already taken this turn's building action (city)")
    finish_phase(s)
    assert where(s) == (2, 2, "sun")


def test_view_shows_the_current_players_live_costs():
    s = with_cards({"blue-orange": "epidemic", "brown-blue": "major-outpost"})
    people(s, "blue")
    a = view(s)["action"]
    assert a["costs"]["city"] == [8, 4] and a["costs"]["outpost"] == [6, 4]
    assert a["taken"] is None
    inca.apply(s, "garrison blue")
    assert view(s)["action"]["taken"] == "garrison"


def test_rapid_expansion_works_in_either_order():
    # conquest first, then the building action: the conquest becomes the
    # extra one and pays its 2 more labor when the building action comes
    s = with_cards({"blue-orange": "rapid-expansion"})
    people(s, "blue")
    l0 = labor(s, "blue")
    inca.apply(s, "conquer blue 2 1 2")
    assert l0 - labor(s, "blue") == 2
    inca.apply(s, "city blue")
    assert l0 - labor(s, "blue") == 2 + 2 + 6
    assert events(s, "recount") == [["blue", 2]]
    refused(s, "conquer blue 1 1 1", "Rapid Expansion")
    refused(s, "garrison blue", "already taken")
    # conquer a region and terrace it in the same turn
    s = with_cards({"blue-orange": "rapid-expansion"})
    people(s, "blue", "conquer blue 2 1 2", "terrace blue")
    assert s["p"]["blue"]["ter"] == 1
    # the recount needs the labor for both
    s = with_cards({"blue-orange": "rapid-expansion"}, rich=0)
    people(s, "blue")
    inca.apply(s, "adjust blue labor -%d" % labor(s, "blue"))
    inca.apply(s, "adjust blue labor +7")
    inca.apply(s, "conquer blue 1 0 1")  # 1 labor: 6 left
    refused(s, "city blue", "with 2 more for the Rapid Expansion conquest costs")


def test_pilgrimage_with_a_building_action_reminds_no_roads():
    s = with_cards({"blue-orange": "great-pilgrimage"})
    people(s, "blue", "pilgrimage blue great")
    assert events(s, "remind") == []
    inca.apply(s, "city blue")
    assert ["pilgrimage", "blue"] in events(s, "remind")
    s = with_cards({"blue-orange": "great-pilgrimage"})
    people(s, "blue", "garrison blue", "pilgrimage blue great")
    assert ["pilgrimage", "blue"] in events(s, "remind")


def test_numbers_must_be_plain_digits():
    s = with_cards({})
    people(s, "blue")
    for bad in ("1_0", "\u0663", "+1", "1.0", "", "12345678901"):
        refused(s, ["conquer", "blue", bad, "1", "1"], "resistance")
    inca.apply(s, ["conquer", "blue", 1, 1, 1])  # words that are ints are fine
