# Legacy of Yu's ends of a game and of the campaign at their edges, each
# expected outcome worked out by hand from the rule book (the Russian text:
# "Цель игры", "Добор активных поселенцев", "Обновление карт", "Конец
# игры"; wording quoted in the comments), not from the engine's output.
# Portable: run by pytest on CPython and by tests/mpy/run.py under the
# MicroPython unix port.
from firmware.games import yu
from util import Rules

_RULES = Rules(yu, "assets/yu/edition.json")
game = _RULES.game
refused = _RULES.refused

# A round with a canal section built in its action phase; the active
# settler deck set to 10 at the harvest, so that it never runs out.
ROUND_WITH_CANAL = ("active 10", "next", "canal", "next", "next", "next")


def canals_built(n):
    s = game("yu", "game-start")
    for _ in range(n):
        for a in ROUND_WITH_CANAL:
            yu.apply(s, a)
    return s


def result(s):
    h = yu.view(s)["last_result"]
    return None if yu.view(s)["in_game"] else (h["result"], h["cause"], h["story"])


def test_the_flood_crosses_built_sections_and_loses_off_the_right_edge():
    # "Поместите фишку наводнения на крайнюю левую клетку реки" (space 1 of
    # 6); a step right onto a space whose canal card is built: "ничего не
    # происходит"; "Если фишка перемещается на карту канала или за правый
    # край игрового поля, вы немедленно проигрываете партию."
    s = canals_built(5)
    for a in ("active 10", "next", "canal"):
        yu.apply(s, a)        # round 6: the sixth section, all six built
    for space in (2, 3, 4, 5, 6):
        yu.apply(s, "flood")
        assert yu.view(s)["flood"]["at"] == space and result(s) is None, space
    yu.apply(s, "flood")      # off the right edge, in the round the canal was finished
    assert result(s) == ("loss", "flood", "upper")


def test_the_flood_onto_the_first_unbuilt_section_loses():
    # two sections built (spaces 1 and 2): a step to 2 is safe, to 3 loses
    s = canals_built(2)
    yu.apply(s, "flood")
    assert result(s) is None and yu.view(s)["flood"]["at"] == 2
    yu.apply(s, "flood")
    assert result(s) == ("loss", "flood", "upper")
    # none built: the first step, onto section 2, loses
    s = game("yu", "game-start")
    yu.apply(s, "flood")
    assert result(s) == ("loss", "flood", "upper")


def test_six_sections_win_only_when_their_round_ends_with_fewer_than_seven_barbarians():
    # "Чтобы победить, вам нужно построить 6 частей канала и продержаться до
    # конца раунда, в котором это произойдёт"; "Если после этого [the
    # refresh] над игровым полем лежит 7 карт чужеземцев, вы немедленно
    # проигрываете (даже если завершили строительство канала)"
    s = canals_built(5)
    for a in ("active 10", "next", "canal", "next", "next", "barbarians 6"):
        yu.apply(s, a)
    assert result(s) is None      # 6 on display: not lost; not won before the round ends
    yu.apply(s, "next")
    assert result(s) == ("win", None, "victory")
    s = canals_built(5)
    for a in ("active 10", "next", "canal", "next", "next", "barbarians 7"):
        yu.apply(s, a)
    assert result(s) == ("loss", "barbarians", "lower")


def test_damage_when_neither_the_active_deck_nor_the_inactive_space_has_a_card():
    # "Если вам нужно уничтожить или взять карту поселенца, но в колоде
    # активных поселенцев и на клетке неактивных поселенцев нет карт, вы
    # немедленно проигрываете партию" ("из-за ... урона — нижний сюжет")
    s = game("yu", "game-start", "active 1", "destroy 2")
    yu.apply(s, "reshuffle 0")
    assert result(s) == ("loss", "damage", "lower")


def win_a_game(s):
    yu.apply(s, "game-start")
    for _ in range(6):
        for a in ROUND_WITH_CANAL:
            yu.apply(s, a)


def test_the_seventh_win_or_the_seventh_loss_ends_the_campaign():
    # "Кампания завершится либо после 7 побед, либо после 7 поражений": 6
    # blue victory (black defeat) cards lie on the gold one, and "Если вы
    # перевернули золотую карту победы или поражения, ваша кампания окончена"
    s = game("yu wins=5 losses=6")
    win_a_game(s)                       # the 6th win: a blue card
    v = yu.view(s)
    assert v["last_result"]["card"] == 6 and not v["last_result"]["gold"] and not v["over"]
    win_a_game(s)                       # the 7th: the gold card
    v = yu.view(s)
    assert v["last_result"]["card"] == 7 and v["last_result"]["gold"] and v["over"]
    assert v["campaign"]["final"] == "win" and (v["campaign"]["wins"], v["campaign"]["losses"]) == (7, 6)
    s = game("yu wins=5 losses=6")
    yu.apply(s, "game-start")
    yu.apply(s, "loss barbarians")      # the 7th loss
    v = yu.view(s)
    assert v["over"] and v["campaign"]["final"] == "loss" and v["last_result"]["card"] == 7
    refused(s, "game-start", "campaign is over")
