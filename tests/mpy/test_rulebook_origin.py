# Origin's end and scoring at their edges, each expected number worked out
# by hand from the rule book (the Russian text, "Конец игры" and the cards'
# descriptions; wording quoted in the comments), not from the engine's
# output.  Portable: run by pytest on CPython and by tests/mpy/run.py under
# the MicroPython unix port.
from firmware.games import origin
from util import Rules

_RULES = Rules(origin, "assets/origin/edition.json")
game = _RULES.game
refused = _RULES.refused

FOUR = "origin players=red,blue,green,yellow"


def turns(s):
    """The players whose turn it is, turn after turn, until the scoring."""
    out = []
    while s["phase"] != "scoring":
        out.append(s["seating"][s["turn"]])
        origin.apply(s, "next")
    return out


def test_whoever_takes_the_last_item_ends_and_every_other_player_has_one_more_turn():
    # "Тот, кто взял последний из закончившихся элементов, инициирует
    # окончание игры. Остальные игроки делают по одному ходу, и только после
    # этого происходит подсчёт": green (third in seat) takes the last tile in
    # round 2; yellow, red and blue play once more, clockwise, then it is scored
    s = game(FOUR)
    for _ in range(4 + 2):
        origin.apply(s, "next")
    assert s["seating"][s["turn"]] == "green" and s["round"] == 2
    origin.apply(s, "trigger tiles")
    assert turns(s) == ["green", "yellow", "red", "blue"]
    refused(s, "next", "every turn is over")
    # the last in seat triggering: the others from the first seat on
    s = game(FOUR, "next", "next", "next", "trigger pawns settlements")
    assert turns(s) == ["yellow", "red", "blue", "green"]


def test_scores_by_hand_at_the_edges():
    # "Подсчёт": goal cards their VP; "Каждая карта действия, карта цели и
    # постоянная карта, оставшаяся в руке, приносит игроку одно очко";
    # hunting and strait tokens their VP; "Каждый тайл инноваций ...
    # приносит ему 1 очко, за исключением тайлов 5 уровня, приносящих по 5
    # очков"; Treasure: "Каждая карта в руке к концу игры приносит вам
    # дополнительное очко"; War trophies: "каждая из них принесёт вам по 2
    # победных очка"
    s = game(FOUR, "trigger goal-deck", "next", "next", "next", "next")
    cases = (
        # two level-5 tiles only: 5 + 5
        ("red", "tiles=0,0,0,0,2", 10),
        # Treasure with no card in hand: nothing
        ("blue", "hand=0 treasure=yes straits=3,3,4", 10),
        # 5 cards in hand, Treasure: 5 + 5; 2 trophies: 4; one tile of each level: 1+1+1+1+5
        ("green", "hand=5 treasure=yes trophies=2 tiles=1,1,1,1,1", 23),
        # goals 15 + 1, hunting 8 + 4
        ("yellow", "goals=15,1 hunt=8,4", 28),
    )
    for c, sheet, want in cases:
        origin.apply(s, "score %s %s" % (c, sheet))
        assert origin.view(s)["players"][c]["total"] == want, (c, sheet)
    v = origin.view(s)
    assert v["over"] and v["standings"] == ["yellow", "green", "red", "blue"] and v["winner"] == "yellow"


def test_a_tie_goes_to_the_most_cards_left_in_hand_and_else_is_shared():
    # "В случае ничьей между несколькими игроками побеждает тот из них, у
    # кого осталось больше карт в руке."
    s = game(FOUR, "trigger pawns", "next", "next", "next", "next")
    # red: goal 6 + 2 cards = 8; blue: goal 5 + 3 cards = 8; green: 9 from
    # a strait 5 and a hunt 4, no card: the highest total wins over any hand
    for a in ("score red goals=6 hand=2", "score blue goals=5 hand=3", "score green straits=5 hunt=4",
              "score yellow hand=7"):
        origin.apply(s, a)
    v = origin.view(s)
    assert [v["players"][c]["total"] for c in ("red", "blue", "green", "yellow")] == [8, 8, 9, 7]
    assert v["standings"] == ["green", "blue", "red", "yellow"] and v["winner"] == "green"
    # green's hunting token entered by mistake, taken off: green 5; red and
    # blue level on 8, and blue's 3 cards in hand beat red's 2
    origin.apply(s, "score green hunt=-")
    v = origin.view(s)
    assert v["winner"] == "blue" and v["standings"][:2] == ["blue", "red"]
    # red with 3 cards too (goal 5 + 3 = 8): equal on VP and cards, shared
    origin.apply(s, "score red goals=5 hand=3")
    v = origin.view(s)
    assert v["winners"] == ["red", "blue"] and v["winner"] is None
    assert v["players"]["red"]["rank"] == v["players"]["blue"]["rank"] == 1
