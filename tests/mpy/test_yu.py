# Legacy of Yu: the campaign across games, the five round phases, canal
# sections, barbarians, the active settler deck and the flood, the three ways
# to lose and the story to read.  Portable: run by pytest on CPython and by
# tests/mpy/run.py under the MicroPython unix port.

import json

from firmware.core.errors import IllegalAction
from firmware.games import yu
from util import Rules
from firmware.games.yu import engine

_RULES = Rules(yu, "assets/yu/edition.json")
edition = _RULES.edition
game = _RULES.game
refused = _RULES.refused


def events(s, kind):
    return [e[1:] for e in s["ev"] if e[0] == kind]


def to_phase(s, name):
    while engine.phase(s) != name:
        yu.apply(s, "next")


# A round with a canal section in its action phase, the settler deck kept
# topped up so that the flood never moves.
ROUND_WITH_CANAL = ("active 10", "next", "canal", "next", "next", "next")


def win_a_game(s):
    yu.apply(s, "game-start")
    for _ in range(6):
        for a in ROUND_WITH_CANAL:
            yu.apply(s, a)
    return s


def lose_a_game(s, cause="barbarians"):
    yu.apply(s, "game-start")
    yu.apply(s, "loss " + cause)
    return s


# ---------------------------------------------------------------- the round

def test_campaign_starts_without_a_game():
    s = game("yu")
    v = yu.view(s)
    assert v["campaign"]["wins"] == 0 and v["campaign"]["losses"] == 0
    assert v["campaign"]["wins_to_end"] == 7 and v["campaign"]["losses_to_end"] == 7
    assert not v["in_game"] and v["ask"] == {"verbs": ["game-start"]}
    refused(s, "next", "game-start")
    refused(s, "canal", "game-start")
    refused(s, "yu", "unknown action")


def test_five_phases_as_a_checklist():
    # "1) урожай; 2) действия; 3) возвращение баржи (если использована);
    # 4) нападение чужеземцев; 5) обновление карт."
    s = game("yu", "game-start")
    v = yu.view(s)
    assert v["round"] == 1 and v["phase"] == "harvest"
    assert v["phases"] == [["harvest", "now"], ["actions", "todo"], ["barge", "todo"],
                           ["barbarians", "todo"], ["refresh", "todo"]]
    assert v["ask"]["verbs"][:3] == ["active", "draw", "next"]
    yu.apply(s, "next")
    yu.apply(s, "next")
    # no canal built this round: the barge phase is skipped
    v = yu.view(s)
    assert v["phase"] == "barbarians" and events(s, "barge") == [["skipped"]]
    assert v["phases"][2] == ["barge", "skipped"] and v["phases"][1] == ["actions", "done"]
    yu.apply(s, "next")
    yu.apply(s, "next")
    v = yu.view(s)
    assert v["round"] == 2 and v["phase"] == "harvest"


def test_one_canal_section_a_round_in_the_action_phase():
    # "это можно сделать только 1 раз за раунд"
    s = game("yu", "game-start")
    refused(s, "canal", "actions phase")
    yu.apply(s, "next")
    yu.apply(s, "canal")
    assert yu.view(s)["barge"] == "used" and yu.view(s)["canals"] == 1
    refused(s, "canal", "already built this round")
    yu.apply(s, "next")
    assert events(s, "barge") == [["returned"]]
    assert yu.view(s)["barge"] == "ready"


def test_six_canal_sections_win_at_the_end_of_the_round():
    # "Чтобы победить, вам нужно построить 6 частей канала и продержаться до
    # конца раунда, в котором это произойдёт."
    s = game("yu", "game-start")
    for _ in range(5):
        for a in ROUND_WITH_CANAL:
            yu.apply(s, a)
    for a in ("active 10", "next", "canal"):
        yu.apply(s, a)
    v = yu.view(s)
    assert v["canals"] == 6 and ["finish-round"] in v["warnings"] and v["in_game"]
    refused(s, "canal", "all 6 canal sections are built")
    yu.apply(s, "next")
    assert events(s, "barge") == [["none-left"]]
    yu.apply(s, "next")
    assert yu.view(s)["in_game"]
    yu.apply(s, "next")
    v = yu.view(s)
    assert not v["in_game"] and v["campaign"]["wins"] == 1
    assert v["last_result"]["result"] == "win" and v["last_result"]["round"] == 6
    assert v["last_result"]["story"] == "victory" and v["last_result"]["card"] == 1


def test_seven_barbarians_lose_even_with_the_canal_finished():
    # "Если после этого над игровым полем лежит 7 карт чужеземцев, вы
    # немедленно проигрываете (даже если завершили строительство канала)."
    s = game("yu", "game-start")
    for _ in range(5):
        for a in ROUND_WITH_CANAL:
            yu.apply(s, a)
    for a in ("active 10", "next", "canal", "next", "next", "barbarians 6"):
        yu.apply(s, a)
    assert ["barbarians", 6, 7] in yu.view(s)["warnings"]
    yu.apply(s, "barbarians +1")
    v = yu.view(s)
    assert not v["in_game"] and v["campaign"]["losses"] == 1 and v["campaign"]["wins"] == 0
    h = v["last_result"]
    assert (h["result"], h["cause"], h["story"], h["canals"]) == ("loss", "barbarians", "lower", 6)


def test_finish_round_stops_for_the_barbarian_count_when_the_canal_is_done():
    # "Если после этого [обновления карт] над игровым полем лежит 7 карт
    # чужеземцев, вы немедленно проигрываете (даже если завершили
    # строительство канала)": only the player can count them, so Finish
    # round stops in the refresh phase of the round that completes the canal.
    s = game("yu", "game-start")
    for _ in range(5):
        for a in ROUND_WITH_CANAL:
            yu.apply(s, a)
    for a in ("active 10", "next", "canal", "barbarians 6", "round"):
        yu.apply(s, a)
    v = yu.view(s)
    assert v["in_game"] and (v["round"], v["phase"]) == (6, "refresh")
    assert events(s, "remind") == [["refresh-count"]]
    assert ["refresh-count"] in v["warnings"] and ["finish-round"] not in v["warnings"]
    refused(s, "round", "enter the barbarians on display")
    lost = json.loads(json.dumps(s))
    yu.apply(lost, "barbarians 7")
    h = yu.view(lost)["last_result"]
    assert (h["result"], h["cause"], h["canals"]) == ("loss", "barbarians", 6)
    yu.apply(s, "next")
    v = yu.view(s)
    assert not v["in_game"] and v["last_result"]["result"] == "win" and v["campaign"]["wins"] == 1


def test_attack_takes_a_barbarian_off_the_display():
    s = game("yu", "game-start", "next")
    yu.apply(s, "attack")
    assert yu.view(s)["barbarians"] == 0
    refused(s, "attack", "no barbarian card")
    refused(s, "barbarians -1", "only 0 barbarian cards")
    refused(s, "barbarians 8", "from 0 to 7")
    yu.apply(s, "barbarians +3")
    assert yu.view(s)["barbarians"] == 3


# ---------------------------------------------------------------- settlers and the flood

def test_flood_forecast_from_the_active_settler_deck():
    # "в начале каждого раунда проверяйте, сколько у вас осталось активных
    # поселенцев. Так вы всегда будете знать, через сколько раундов
    # переместится фишка наводнения."  10 active settlers, 4 drawn a harvest:
    # rounds 1 and 2 draw 8; the harvest of round 3 runs the deck out.
    s = game("yu", "game-start")
    f = yu.view(s)["flood"]
    assert (f["at"], f["round"], f["rounds_left"], f["next_loses"]) == (1, 3, 2, True)
    yu.apply(s, "next")
    assert yu.view(s)["settlers"] == {"active": 6, "draw": 4}
    yu.apply(s, "destroy 3")
    f = yu.view(s)["flood"]
    assert (f["round"], f["rounds_left"]) == (2, 1)
    yu.apply(s, "draw 5")
    assert yu.view(s)["flood"]["round"] == 2
    yu.apply(s, "active 12")
    assert yu.view(s)["flood"]["round"] == 4


def test_the_deck_running_out_moves_the_flood_onto_an_unbuilt_canal():
    # "Если вам нужно уничтожить или взять карту активного поселенца, но
    # колода активных поселенцев пуста, перемешайте карты с клетки неактивных
    # поселенцев, сформируйте новую колоду активных поселенцев и переместите
    # фишку наводнения по реке на одну клетку вправо. ... Если фишка
    # перемещается на карту канала ... вы немедленно проигрываете партию."
    s = game("yu", "game-start", "active 2", "next")
    v = yu.view(s)
    assert v["pending"] == {"need": 2, "why": "harvest"} and v["ask"]["reshuffle"] == 2
    assert v["warnings"][0] == ["reshuffle", 2]
    refused(s, "next", "reshuffle N")
    refused(s, "canal", "reshuffle N")
    yu.apply(s, "reshuffle 5")
    v = yu.view(s)
    h = v["last_result"]
    assert not v["in_game"] and (h["result"], h["cause"], h["story"]) == ("loss", "flood", "upper")
    assert events(s, "flood") == [[2]]


def test_the_flood_passes_over_built_canal_sections():
    # "Если на этой клетке уже нет карты канала (то есть канал был построен),
    # ничего не происходит."
    s = game("yu", "game-start")
    for _ in range(2):
        for a in ROUND_WITH_CANAL:
            yu.apply(s, a)
    assert yu.view(s)["flood"]["safe_steps"] == 1
    yu.apply(s, "active 1")
    yu.apply(s, "next")
    yu.apply(s, "reshuffle 6")
    v = yu.view(s)
    assert v["in_game"] and v["flood"]["at"] == 2 and v["settlers"]["active"] == 3
    assert v["flood"]["safe_steps"] == 0 and v["pending"] is None
    yu.apply(s, "flood")      # a card's effect moves the marker: onto canal card 3
    assert yu.view(s)["last_result"]["cause"] == "flood"


def test_damage_when_no_settler_is_left_to_destroy():
    # "Если вам нужно уничтожить или взять карту поселенца, но в колоде
    # активных поселенцев и на клетке неактивных поселенцев нет карт, вы
    # немедленно проигрываете партию."
    s = game("yu", "game-start", "next", "active 0")
    assert ["deck-empty", True] in yu.view(s)["warnings"]
    yu.apply(s, "destroy")
    yu.apply(s, "reshuffle 0")
    h = yu.view(s)["last_result"]
    assert (h["cause"], h["story"], h["flood"]) == ("damage", "lower", 1)
    # a reshuffled deck too small for the rest is damage too
    s = game("yu", "game-start", "next", "canal", "active 1", "destroy 3")
    yu.apply(s, "reshuffle 1")
    assert yu.view(s)["last_result"]["cause"] == "flood"
    s = game("yu", "game-start", "next", "canal", "next", "next", "next",
             "next", "canal", "active 1", "destroy 3")
    yu.apply(s, "reshuffle 1")
    h = yu.view(s)["last_result"]
    assert (h["cause"], h["flood"]) == ("damage", 2)


def test_reported_losses_and_story_slots():
    # "Если вы проиграли из-за наводнения, прочтите верхний сюжет, если из-за
    # чужеземцев или урона — нижний сюжет."
    s = game("yu")
    for cause, slot in (("flood", "upper"), ("barbarians", "lower"), ("damage", "lower")):
        lose_a_game(s, cause)
        h = yu.view(s)["last_result"]
        assert (h["cause"], h["story"]) == (cause, slot)
    assert [h["card"] for h in yu.view(s)["history"]] == [1, 2, 3]
    refused(s, "loss flood", "game-start")
    yu.apply(s, "game-start")
    refused(s, "loss fire", "loss needs its cause")
    refused(s, "game-start", "still in progress")


def test_the_gold_card_ends_the_campaign():
    # "Кампания завершится либо после 7 побед, либо после 7 поражений."
    # "Если вы перевернули золотую карту победы или поражения, ваша кампания окончена."
    s = game("yu")
    for i in range(6):
        lose_a_game(s) if i % 2 else win_a_game(s)
    assert yu.view(s)["campaign"]["wins"] == 3
    for _ in range(3):
        lose_a_game(s)
    v = yu.view(s)
    assert v["campaign"]["losses"] == 6 and not v["over"] and v["campaign"]["defeat_cards_left"] == 1
    win_a_game(s)
    lose_a_game(s, "flood")
    v = yu.view(s)
    assert v["over"] and v["campaign"]["over"] and v["campaign"]["final"] == "loss"
    h = v["last_result"]
    assert h["gold"] and h["card"] == 7 and h["story"] == "upper"
    assert events(s, "campaign-over") == [["loss", 4, 7]]
    assert len(v["history"]) == 11 and [x["game"] for x in v["history"]] == list(range(1, 12))
    assert v["ask"] == {}
    refused(s, "game-start", "campaign is over")


def test_a_campaign_carried_over_from_paper():
    s = game("yu wins=6 losses=2")
    win_a_game(s)
    v = yu.view(s)
    assert v["over"] and v["campaign"]["final"] == "win" and v["last_result"]["game"] == 9
    assert v["last_result"]["gold"] and v["campaign"]["carried"] == [6, 2]
    for line, words in (("yu wins=7", "from 0 to 6"), ("yu seed=1", "unknown setup option"),
                        ("yu solo", "unknown setup word"), ("inca", "setup line")):
        try:
            game(line)
        except IllegalAction as e:
            assert words in str(e), (line, str(e))
        else:
            raise AssertionError("accepted %r" % line)


def test_refusals_leave_the_state_unchanged():
    s = game("yu", "game-start")
    refused(s, "attack", "actions phase")
    refused(s, "reshuffle 3", "has not run out")
    refused(s, "active 31", "from 0 to 30")
    refused(s, "destroy 0", "from 1 to 30")
    refused(s, "destroy 1 2", "at most one number")
    refused(s, "canal +2", "canal +1")
    refused(s, "barbarians", "barbarians needs")
    refused(s, "next 2", "no words")


def test_undo_restores_the_view_exactly():
    _RULES.undo_round_trip("yu", ["game-start", "next", "canal", "destroy 2", "next", "barbarians 3", "next", "next",
             "active 1", "next", "reshuffle 4", "game-start", "next", "loss barbarians"])


def test_round_finishes_the_remaining_phases():
    s = game("yu", "game-start", "next", "canal", "round")
    v = yu.view(s)
    assert (v["round"], v["phase"]) == (2, "harvest") and events(s, "barge") == [["returned"]]
    assert [e[0] for e in events(s, "done")] == ["actions", "barbarians", "refresh"]
    yu.apply(s, "next")
    yu.apply(s, "canal")
    yu.apply(s, "round")
    # it stops when the settler deck runs out during the harvest
    yu.apply(s, "active 1")
    yu.apply(s, "round")
    assert yu.view(s)["phase"] == "actions" and yu.view(s)["pending"]["need"] == 3
    refused(s, "round", "reshuffle N")
    yu.apply(s, "reshuffle 6")   # the flood steps onto built section 2: safe
    yu.apply(s, "round")
    assert yu.view(s)["round"] == 4 and yu.view(s)["flood"]["at"] == 2
