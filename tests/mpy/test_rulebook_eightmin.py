# Eight-Minute Empire's scoring and tie rules at their edges, each expected
# number worked out by hand from the rule book (the Russian text, "ОКОНЧАНИЕ
# ИГРЫ" and "Примечания"; wording quoted in the comments), not from the
# engine's output.  Only the Crystals table is printed in the rules ("1
# очко за 1 карту, 2 — за 2 карты, 3 — за 3 карты, 5 — за 4 карты"): the
# goods here are crystals.  Portable: run by pytest on CPython and by
# tests/mpy/run.py under the MicroPython unix port.
from firmware.games import eightmin
from firmware.games.eightmin import engine
from util import Rules

_RULES = Rules(eightmin, "assets/eightmin/edition.json")
game = _RULES.game

FOUR = "eightmin players=red,blue,green,yellow ages=yellow,green,blue,red"
THREE = "eightmin players=red,blue,green ages=green,blue,red"


def at_scoring(setup):
    """Every bid 0 (the youngest plays first and pays 0), then every player
    takes the free card until each holds the cards that end the game."""
    s = game(setup)
    for c in s["seating"]:
        eightmin.apply(s, "bid %s 0" % c)
    while s["phase"] == "play":
        eightmin.apply(s, "take %s 1" % engine.current(s))
    return s


def scores(s):
    v = eightmin.view(s)
    return dict((c, v["players"][c]["score"]["points"]) for c in v["seating"]), v


def test_four_players_scored_by_hand():
    s = at_scoring(FOUR)
    for a in ("regions red 3 0 1 0", "regions blue 2 1 0 0", "regions green 0 1 2 0", "regions yellow 0 0 0 0",
              "goods red crystal=5", "goods blue crystal=3 wild=1", "goods green wild=2", "goods yellow crystal=1"):
        eightmin.apply(s, a)
    pts, v = scores(s)
    # "Континенты: +1 очко за каждый (из 4) контролируемый континент. Игрок
    # контролирует континент, если контролирует больше всех областей на
    # нем. Если у нескольких игроков поровну контролируемых областей, этот
    # континент никто не контролирует": continent 1 red (3 against 2),
    # continent 2 nobody (blue 1, green 1), continent 3 green (2 against
    # 1), continent 4 nobody (no regions)
    assert v["owners"] == ["red", None, "green", None]
    # "Товары": red's 5 crystals give 5, "не может превышать максимального
    # значения"; blue's wild makes 4 crystals: 5; green's two wilds join no
    # kind ("только из тех, которые уже имеются"): 0; yellow 1 crystal: 1.
    # "Области: +1 очко за каждую контролируемую область":
    #   red 4 regions + 1 continent + 5 = 10; blue 3 + 0 + 5 = 8;
    #   green 3 + 1 + 0 = 4; yellow 0 + 0 + 1 = 1
    assert pts == {"red": 10, "blue": 8, "green": 4, "yellow": 1}
    assert v["standings"] == ["red", "blue", "green", "yellow"] and v["winner"] == "red"


def test_ties_go_to_coins_then_armies_then_regions_in_that_order():
    # "При ничьей в порядке очереди: у кого больше монет, у кого больше
    # армий на поле, кто контролирует больше областей."
    # Red: 2 regions on continent 1 (+1 continent) = 3 points; blue: 1 region
    # on continent 2 (+1) and 1 crystal (1) = 3 points; green: 0.  Every
    # player ends with the 11 coins of three players (free cards only).
    sheets = ("regions red 2 0 0 0", "regions blue 0 1 0 0", "regions green 0 0 0 0",
              "goods red", "goods blue crystal=1", "goods green")
    # coins first: blue one coin more wins, though red has more regions
    # and is given more armies
    s = at_scoring(THREE)
    for a in sheets + ("adjust blue coins +1", "armies red 9", "armies blue 1"):
        eightmin.apply(s, a)
    pts, v = scores(s)
    assert pts == {"red": 3, "blue": 3, "green": 0}
    assert v["ask"] == {} and v["standings"] == ["blue", "red", "green"] and v["winner"] == "blue"
    # equal coins: the armies on the board, asked of the tied players only;
    # blue's 6 beat red's 5, though red has more regions
    s = at_scoring(THREE)
    for a in sheets:
        eightmin.apply(s, a)
    assert eightmin.view(s)["ask"] == {"armies": ["red", "blue"]}
    for a in ("armies red 5", "armies blue 6"):
        eightmin.apply(s, a)
    pts, v = scores(s)
    assert v["standings"] == ["blue", "red", "green"] and v["winner"] == "blue"
    # equal armies too: the regions, red's 2 against blue's 1
    eightmin.apply(s, "armies blue 5")
    pts, v = scores(s)
    assert v["standings"] == ["red", "blue", "green"] and v["winner"] == "red"
    assert [v["players"][c]["score"]["rank"] for c in ("red", "blue", "green")] == [1, 2, 3]


def test_a_tie_on_every_count_is_shared():
    # the rules break a tie by coins, armies and regions and say no more:
    # equal on all four, red and blue share the first place
    s = at_scoring(THREE)
    for a in ("regions red 1 0 0 0", "regions blue 0 1 0 0", "regions green 0 0 0 0",
              "goods red", "goods blue", "goods green crystal=1", "armies red 4", "armies blue 4"):
        eightmin.apply(s, a)
    pts, v = scores(s)
    # red 1 region + continent 1, blue 1 region + continent 2: 2 each; green 1 crystal: 1
    assert pts == {"red": 2, "blue": 2, "green": 1}
    assert v["winners"] == ["red", "blue"] and v["winner"] is None
    assert [v["players"][c]["score"]["rank"] for c in ("red", "blue", "green")] == [1, 1, 3]


def test_the_game_ends_when_every_player_holds_the_cards_of_their_count():
    # "Партия завершается, когда у каждого игрока оказывается 13/10/8/7 карт
    # при 2/3/4/5 участниках": the last card taken is the n-th player's
    names = ["red", "blue", "green", "yellow", "purple"]
    for n, cards in ((2, 13), (3, 10), (4, 8), (5, 7)):
        s = game("eightmin players=%s youngest=red" % ",".join(names[:n]))
        for c in names[:n]:
            eightmin.apply(s, "bid %s 0" % c)
        for _ in range(n * cards - 1):
            eightmin.apply(s, "take %s 1" % engine.current(s))
        assert s["phase"] == "play", n
        eightmin.apply(s, "take %s 1" % engine.current(s))
        assert s["phase"] == "scoring", n
        assert [s["p"][c]["cards"] for c in names[:n]] == [cards] * n
