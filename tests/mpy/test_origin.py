# Origin: setup reminders, turns, the end trigger and the last turns, and the
# final scoring.  Portable: run by pytest on CPython and by tests/mpy/run.py
# under the MicroPython unix port.

from firmware.core.errors import IllegalAction
from firmware.games import origin
from util import Rules
from firmware.games.origin import engine

_RULES = Rules(origin, "assets/origin/edition.json")
edition = _RULES.edition
game = _RULES.game
refused = _RULES.refused


def events(s, kind):
    return [e[1:] for e in s["ev"] if e[0] == kind]


THREE = "origin players=red,blue,green"


def at_scoring(setup=THREE):
    s = game(setup, "trigger pawns")
    while s["phase"] != "scoring":
        origin.apply(s, "next")
    return s


# ---------------------------------------------------------------- setup and turns

def test_setup_reminders_by_player_count():
    # "При игре вдвоём или втроём уберите один из них (9 средних фишек (14)),
    # чтобы у вас осталось 27 фишек вместо 36."
    for line, n in ((THREE, 3), ("origin players=red,blue", 2)):
        v = origin.view(game(line))
        assert ["remove-medium-set", 9, 27] in v["reminders"], n
        assert ["first", "red"] in v["reminders"]
    v = origin.view(game("origin players=red,blue,green,yellow"))
    assert [r for r in v["reminders"] if r[0] == "remove-medium-set"] == []
    assert v["turn"] == "red" and v["phase"] == "play" and v["round"] == 1


def test_setup_refuses_bad_lines():
    for line, words in (("origin players=red", "2 to 4 players"),
                        ("origin players=a,b,c,d,e", "2 to 4 players"),
                        ("origin players=red,red", "twice"),
                        ("origin", "needs players="),
                        ("origin players=red,blue fast", "unknown setup word"),
                        ("origin players=red,blue seed=1", "unknown setup option"),
                        ("yu players=red,blue", "setup line")):
        try:
            game(line)
        except IllegalAction as e:
            assert words in str(e), (line, str(e))
        else:
            raise AssertionError("accepted %r" % line)


def test_turns_pass_clockwise_and_count_rounds():
    s = game(THREE)
    seen = []
    for _ in range(7):
        seen.append(origin.view(s)["turn"])
        origin.apply(s, "next")
    assert seen == ["red", "blue", "green"] * 2 + ["red"]
    assert s["round"] == 3 and engine.current(s) == "blue"


# ---------------------------------------------------------------- the end

def test_the_trigger_gives_every_other_player_one_more_turn():
    # "Тот, кто взял последний из закончившихся элементов, инициирует
    # окончание игры. Остальные игроки делают по одному ходу, и только после
    # этого происходит подсчёт победных очков."
    s = game("origin players=red,blue,green,yellow", "next", "next")
    assert engine.current(s) == "green"
    origin.apply(s, "trigger goal-deck tiles")
    v = origin.view(s)
    assert v["trigger"] == {"by": "green", "supplies": ["goal-deck", "tiles"], "round": 1}
    assert v["last_round"] and ["last-round-goals"] in events(s, "remind")
    refused(s, "trigger pawns", "already triggered by green")
    origin.apply(s, "next")                       # green's own turn ends
    v = origin.view(s)
    assert v["phase"] == "last" and v["turn"] == "yellow" and v["last_turns"] == ["yellow", "red", "blue"]
    assert v["ask"] == {"last_turn": "yellow", "left": 3}
    origin.apply(s, "next")
    origin.apply(s, "next")
    assert origin.view(s)["turn"] == "blue"
    origin.apply(s, "next")
    v = origin.view(s)
    assert v["phase"] == "scoring" and v["turn"] is None and events(s, "scoring") == [[]]
    assert v["ask"] == {"score": ["red", "blue", "green", "yellow"]}
    refused(s, "next", "enter the scores")
    refused(s, "trigger pawns", "already being scored")


def test_two_players_one_last_turn():
    s = game("origin players=red,blue", "trigger settlements", "next")
    assert origin.view(s)["last_turns"] == ["blue"]
    origin.apply(s, "next")
    assert s["phase"] == "scoring"


def test_trigger_refusals_leave_the_state_unchanged():
    s = game(THREE)
    refused(s, "trigger", "trigger needs the supply")
    refused(s, "trigger sand", "not a supply")
    refused(s, "trigger tiles tiles", "twice")
    refused(s, "score red hand=1", "after the last turns")
    refused(s, "next now", "no words")
    refused(s, "jump", "unknown action")


# ---------------------------------------------------------------- scoring

def test_worked_example_is_51_points():
    # "У игрока есть - 5 карт цели со значением 6/5/5/4/4 очка = 24 очка
    # - 2 постоянных карты и 1 карта действия в руке = 3 очка
    # - 1 жетон охоты, со значением 4 очка = 4 очка
    # - 2 жетона проливов (со значением 4 и 5) = 9 очков
    # - 2 тайла инноваций уровня 1, 2 тайла инноваций уровня 2, 1 тайл
    #   инноваций уровня 3, 1 тайл инноваций уровня 4, 1 тайл инноваций
    #   уровня 5 = 11 очков
    # Итого у игрока = 51 победное очко!"
    s = at_scoring()
    origin.apply(s, "score red goals=6,5,5,4,4 hand=3 hunt=4 straits=4,5 tiles=2,2,1,1,1")
    p = origin.view(s)["players"]["red"]
    assert p["points"] == {"goals": 24, "hand": 3, "treasure": 0, "hunt": 4, "straits": 9,
                           "tiles": 11, "trophies": 0, "total": 51}
    assert p["total"] == 51 and events(s, "score") == [["red", 51]]


def test_treasure_trophies_and_level_five_tiles():
    # "Treasure – Каждая карта в руке к концу игры приносит вам дополнительное очко."
    # "War trophies – ... В конце игры каждая из них принесёт вам по 2 победных очка."
    s = at_scoring()
    origin.apply(s, "score blue hand=4 treasure=yes trophies=3 tiles=1,1,1,1,2")
    b = origin.view(s)["players"]["blue"]["points"]
    assert (b["hand"], b["treasure"], b["trophies"], b["tiles"], b["total"]) == (4, 4, 6, 14, 28)
    # later entries change only what they name
    origin.apply(s, "score blue treasure=no")
    assert origin.view(s)["players"]["blue"]["total"] == 24


def test_ties_go_to_most_cards_in_hand_or_are_shared():
    # "В случае ничьей между несколькими игроками побеждает тот из них, у
    # кого осталось больше карт в руке."
    s = at_scoring()
    origin.apply(s, "score red goals=5 hand=1")
    origin.apply(s, "score blue goals=4 hand=2")
    assert not s["over"] and origin.view(s)["ask"] == {"score": ["green"]}
    origin.apply(s, "score green hunt=6")
    v = origin.view(s)
    assert v["over"] and v["winner"] == "blue" and v["standings"] == ["blue", "red", "green"]
    assert [v["players"][c]["rank"] for c in ("blue", "red", "green")] == [1, 2, 3]
    origin.apply(s, "score red goals=4 hand=2")
    v = origin.view(s)
    assert v["winners"] == ["red", "blue"] and v["winner"] is None
    assert v["players"]["red"]["rank"] == v["players"]["blue"]["rank"] == 1


def test_score_refusals_leave_the_state_unchanged():
    s = at_scoring()
    origin.apply(s, "score red hand=2")
    refused(s, "score red hunt=9", "from 4 to 8")
    refused(s, "score red straits=2", "from 3 to 5")
    refused(s, "score red tiles=1,1,1,1,1,1", "at most 5")
    refused(s, "score red treasure=maybe", "yes or no")
    refused(s, "score red hand=2 hand=3", "twice")
    refused(s, "score red luck=3", "unknown score entry")
    refused(s, "score red 3", "KEY=VALUE")
    refused(s, "score purple hand=1", "not a player")
    assert s["p"]["red"]["sheet"]["hand"] == 2


def test_undo_restores_the_view_exactly():
    _RULES.undo_round_trip(THREE, ["next", "next", "trigger action-deck", "next", "next", "next",
             "score red goals=6 hand=1", "score blue hand=2", "score green"])
