# Eight-Minute Empire: setup by player count, secret bidding, the card row,
# the end, and the final scoring.  Portable: run by pytest on CPython and by
# tests/mpy/run.py under the MicroPython unix port.

from firmware.core import jsonout
from firmware.core.errors import IllegalAction
from firmware.games import eightmin
from util import Rules
from firmware.games.eightmin import engine

_RULES = Rules(eightmin, "assets/eightmin/edition.json")
edition = _RULES.edition
game = _RULES.game
refused = _RULES.refused


def bad_setup(line, words):
    try:
        game(line)
    except IllegalAction as e:
        assert words in str(e), (line, str(e))
    else:
        raise AssertionError("accepted %r" % line)


def events(s, kind):
    return [e[1:] for e in s["ev"] if e[0] == kind]


def play_out(s):
    """Every player takes the free card until the end."""
    while s["phase"] == "play":
        eightmin.apply(s, "take %s 1" % engine.current(s))


THREE = "eightmin players=red,blue,green ages=green,blue,red"


def scored(setup, bids, sheets):
    s = game(setup)
    for c in s["seating"]:
        eightmin.apply(s, "bid %s %d" % (c, bids.get(c, 0)))
    play_out(s)
    for a in sheets:
        eightmin.apply(s, a)
    return s


# ---------------------------------------------------------------- setup

def test_setup_by_player_count():
    # "Каждый игрок забирает по 14/11/9/8 монет при 2/3/4/5 участниках";
    # "Партия завершается, когда у каждого игрока оказывается 13/10/8/7 карт".
    names = ["red", "blue", "green", "yellow", "purple"]
    want = {2: (14, 13), 3: (11, 10), 4: (9, 8), 5: (8, 7)}
    for n in (2, 3, 4, 5):
        s = game("eightmin players=" + ",".join(names[:n]))
        v = eightmin.view(s)
        assert (v["start_coins"], v["cards_to_end"]) == want[n]
        for c in names[:n]:
            assert v["players"][c]["coins"] == want[n][0]
            assert v["players"][c]["cards_left"] == want[n][1]
        kinds = [r[0] for r in v["reminders"]]
        # "При 2...4 участниках убрать из колоды 5 карт с маленькой «5»"
        assert ("remove-five-player-cards" in kinds) == (n < 5)
        # "При 2 участниках игроки выкладывают на поле 10 армий 3-го (ничейного) цвета"
        assert (["neutral-armies", 10] in v["reminders"]) == (n == 2)
        assert ["start-armies", 3] in v["reminders"]
        assert v["row_prices"] == [0, 1, 1, 2, 2, 3]
        assert v["phase"] == "bid" and v["turn"] is None


def test_setup_refuses_bad_lines():
    bad_setup("eightmin players=red", "2 to 5 players")
    bad_setup("eightmin players=a,b,c,d,e,f", "2 to 5 players")
    bad_setup("eightmin players=red,red", "twice")
    bad_setup("eightmin players=Red,blue", "not a player name")
    bad_setup("eightmin players=red,blue ages=red", "every player once")
    bad_setup("eightmin players=red,blue youngest=green", "not one of the players")
    bad_setup("eightmin players=red,blue fast", "unknown setup word")
    bad_setup("eightmin players=red,blue colour=1", "unknown setup option")
    bad_setup("eightmin", "needs players=")
    bad_setup("inca players=red,blue", "setup line")


# ---------------------------------------------------------------- bidding

def test_bids_stay_secret_until_all_are_in():
    s = game(THREE, "bid red 4", "bid blue 2")
    v = eightmin.view(s)
    text = jsonout.dumps(v)
    assert v["ask"] == {"bid": ["green"]}
    assert v["players"]["red"]["bid_in"] and not v["players"]["green"]["bid_in"]
    assert v["players"]["red"]["bid"] is None and v["players"]["blue"]["bid"] is None
    assert events(s, "bid-in") == [["blue"]]
    assert '"bids"' not in text and "4" not in jsonout.dumps(v["events"])
    # a bid may change until the last one is in, still unseen
    eightmin.apply(s, "bid red 5")
    assert eightmin.view(s)["players"]["red"]["bid"] is None
    eightmin.apply(s, "bid green 1")
    v = eightmin.view(s)
    assert events(s, "bids") == [[[["red", 5], ["blue", 2], ["green", 1]]]]
    assert v["players"]["red"]["bid"] == 5 and v["players"]["green"]["bid"] == 1


def test_highest_bid_pays_and_plays_first_others_keep_their_coins():
    # "Игрок, поставивший больше всех монет, возвращает их в запас (и ходит
    # первым). Другие игроки сохраняют свои монеты."
    s = game(THREE, "bid red 2", "bid blue 5", "bid green 3")
    v = eightmin.view(s)
    assert v["first"] == "blue" and v["first_by"] == "bid" and v["turn"] == "blue"
    assert v["players"]["blue"]["coins"] == 6
    assert v["players"]["red"]["coins"] == 11 and v["players"]["green"]["coins"] == 11
    # the turn passes to the left: the seating order from the first player
    assert v["order"] == ["blue", "green", "red"]


def test_tied_bids_go_to_the_youngest_who_pays():
    # "При равенстве максимальных ставок (в т.ч. если все = 0) побеждает (и
    # платит свои монеты) самый молодой игрок."
    s = game(THREE, "bid red 3", "bid blue 3", "bid green 1")
    assert s["first"] == "blue" and s["p"]["blue"]["coins"] == 8 and s["p"]["red"]["coins"] == 11
    s = game(THREE, "bid red 0", "bid blue 0", "bid green 0")
    assert s["first"] == "green" and s["how"] == "youngest"


def test_tie_without_known_ages_asks_who_is_youngest():
    s = game("eightmin players=red,blue,green youngest=green", "bid red 3", "bid blue 3", "bid green 1")
    v = eightmin.view(s)
    assert v["phase"] == "tie" and v["ask"] == {"youngest": ["red", "blue"]}
    refused(s, "youngest green", "did not bid the most")
    refused(s, "take red 1", "tie")
    eightmin.apply(s, "youngest red")
    assert s["first"] == "red" and s["p"]["red"]["coins"] == 8
    # with youngest= the youngest wins any tie they are in
    s = game("eightmin players=red,blue,green youngest=green", "bid red 2", "bid blue 1", "bid green 2")
    assert s["first"] == "green"


def test_die_roll_variant_settles_ties_from_the_seed():
    firsts = set()
    for seed in range(12):
        line = "eightmin players=red,blue,green dice seed=%d" % seed
        a = game(line, "bid red 3", "bid blue 3", "bid green 1")
        b = game(line, "bid red 3", "bid blue 3", "bid green 1")
        assert a["first"] == b["first"] and a["first"] in ("red", "blue")
        assert a["how"] == "die"
        rolls = events(a, "rolls")
        assert rolls and all(1 <= r[1] <= 6 for x in rolls for r in x[0])
        # the rolls stay in the view until the next game's bidding
        assert eightmin.view(a)["rolls"] == [x[0] for x in rolls]
        assert a["p"][a["first"]]["coins"] == 8
        firsts.add(a["first"])
    assert firsts == {"red", "blue"}


def test_bid_refusals_leave_the_state_unchanged():
    s = game(THREE, "bid red 1")
    refused(s, "bid red 12", "from 0 to 11")
    refused(s, "bid orange 1", "not a player")
    refused(s, "bid red", "bid needs")
    refused(s, "bid red -1", "whole number")
    refused(s, "take red 1", "while the players take cards")
    refused(s, "youngest red", "tie")
    refused(s, "regions red 1 1 1 1", "final scoring")


# ---------------------------------------------------------------- the card row

def test_card_row_prices_and_coins_never_negative():
    # "слева направо цена = 0, 1, 1, 2, 2, 3 монеты (например, 3-я карта
    # слева стоит 1 монету)"
    s = game("eightmin players=red,blue ages=red,blue", "bid red 10", "bid blue 0")
    assert s["first"] == "red" and s["p"]["red"]["coins"] == 4
    eightmin.apply(s, "take red 3")
    assert s["p"]["red"]["coins"] == 3 and s["p"]["red"]["cards"] == 1
    eightmin.apply(s, "take blue 6")
    assert s["p"]["blue"]["coins"] == 11
    eightmin.apply(s, "take red 6")
    assert s["p"]["red"]["coins"] == 0
    refused(s, "take red 1", "blue's turn")
    eightmin.apply(s, "take blue 1")
    v = eightmin.view(s)
    assert v["ask"] == {"take": "red", "afford": [1]}
    refused(s, "take red 2", "red has 0 coins; the card at position 2 costs 1")
    refused(s, "take red 7", "from 1 to 6")
    eightmin.apply(s, "take red 1")
    assert s["p"]["red"]["coins"] == 0


def test_card_counter_announces_the_last_round_and_the_end():
    s = game("eightmin players=red,blue,green,yellow youngest=red",
             "bid red 0", "bid blue 0", "bid green 0", "bid yellow 0")
    assert s["order"] == ["red", "blue", "green", "yellow"]
    for _ in range(7 * 4 - 1):
        eightmin.apply(s, "take %s 1" % engine.current(s))
        if s["p"]["red"]["cards"] < 7:
            assert not events(s, "last-turn")
    # 4 players end at 8 cards: each player's 8th card is announced
    assert eightmin.view(s)["last_round"] is True
    eightmin.apply(s, "take yellow 1")
    assert events(s, "last-round") == [[]] and events(s, "last-turn") == [["red"]]
    assert eightmin.view(s)["players"]["red"]["last_turn"] is True
    for c in ("red", "blue", "green"):
        eightmin.apply(s, "take %s 2" % c)
        assert ["%s" % c] in events(s, "cards-done")
    assert s["phase"] == "play"
    eightmin.apply(s, "take yellow 2")
    v = eightmin.view(s)
    assert v["phase"] == "scoring" and v["turn"] is None and events(s, "end") == [[1]]
    assert all(v["players"][c]["cards"] == 8 for c in v["seating"])
    assert v["ask"] == {"regions": ["red", "blue", "green", "yellow"],
                        "goods": ["red", "blue", "green", "yellow"]}
    refused(s, "take red 1", "while the players take cards")


# ---------------------------------------------------------------- scoring

def test_crystals_worked_example():
    # "Кристаллы стоят 1 очко за 1 карту, 2 — за 2 карты, 3 — за 3 карты,
    # 5 — за 4 карты." and "Количество очков, получаемое за один товар, не
    # может превышать максимального значения, указанного на соответствующей карте."
    s = game(THREE)
    table = s["tables"]["crystal"]
    got = [engine.goods_value(table, n) for n in range(7)]
    assert got == [0, 1, 2, 3, 5, 5, 5]
    for n, vp in ((1, 1), (2, 2), (3, 3), (4, 5), (5, 5)):
        assert engine.goods_score(s, {"crystal": n}, 0)[0] == vp


def test_wild_cards_join_kinds_already_held_optimally():
    # "Wild-карта: считается 1 дополнительным товаром любого вида, но только
    # из тех, которые уже имеются"
    s = game(THREE)
    assert engine.goods_score(s, {}, 3) == (0, {"crystal": 0, "iron": 0, "wood": 0, "tools": 0, "food": 0}, {})
    # 3 crystals + 1 wild -> 4 crystals = 5 (better than wood)
    total, vps, given = engine.goods_score(s, {"crystal": 3, "wood": 1}, 1)
    assert (total, given) == (5, {"crystal": 1})
    # 2 crystals + 2 wilds: 4 crystals (5) beats 3+1 split
    total, vps, given = engine.goods_score(s, {"crystal": 2}, 2)
    assert (total, given) == (5, {"crystal": 2})
    # a crystal already at its maximum takes no wild
    total, vps, given = engine.goods_score(s, {"crystal": 4, "tools": 1}, 1)
    assert total == 6 and given == {"tools": 1} and vps["crystal"] == 5


def test_continents_go_to_the_most_regions_ties_to_nobody():
    # "Игрок контролирует континент, если контролирует больше всех областей
    # на нем. Если у нескольких игроков поровну ... никто не контролирует."
    s = scored(THREE, {}, ["regions red 2 1 0 3", "regions blue 1 1 0 0", "regions green 0 2 0 3"])
    assert engine.continents(s) == ["red", "green", None, None]
    v = eightmin.view(s)
    assert v["owners"] == ["red", "green", None, None]
    assert v["players"]["red"]["score"]["continents"] == [1]
    assert v["players"]["red"]["score"]["regions"] == 6
    assert v["ask"] == {"goods": ["red", "blue", "green"]}
    assert v["standings"] is None


def test_final_score_and_tie_breaks_coins_armies_regions():
    # "При ничьей в порядке очереди: у кого больше монет, у кого больше армий
    # на поле, кто контролирует больше областей."
    s = scored(THREE, {"red": 2}, [
        "regions red 1 0 0 0", "regions blue 1 0 1 0", "regions green 0 0 0 2",
        "goods red crystal=2", "goods blue crystal=1", "goods green"])
    v = eightmin.view(s)
    # continent 1 is tied (red 1, blue 1): nobody's.  red: 1 region + 2 for
    # crystals = 3, blue: 2 + 1 (continent 3) + 1 = 4, green: 2 + 1
    # (continent 4) = 3; red paid 2 coins for the first turn, so green is second
    pts = dict((c, v["players"][c]["score"]["points"]) for c in v["seating"])
    assert pts == {"red": 3, "blue": 4, "green": 3}
    assert v["standings"] == ["blue", "green", "red"] and v["winner"] == "blue" and v["over"]
    # equal points and coins: armies are asked for, then regions decide
    s = scored(THREE, {}, [
        "regions red 1 0 0 0", "regions blue 0 1 0 0", "regions green 0 0 0 0",
        "goods red", "goods blue", "goods green crystal=4"])
    v = eightmin.view(s)
    assert v["ask"] == {"armies": ["red", "blue"]} and not v["over"] and v["winners"] == []
    eightmin.apply(s, "armies red 5")
    eightmin.apply(s, "armies blue 6")
    v = eightmin.view(s)
    assert v["over"] and v["winners"] == ["green"]
    assert v["standings"] == ["green", "blue", "red"]
    assert v["players"]["blue"]["score"]["rank"] == 2


def test_a_complete_tie_is_a_shared_win():
    s = scored(THREE, {}, [
        "regions red 1 0 0 0", "regions blue 0 1 0 0", "regions green 0 0 0 0",
        "goods red", "goods blue", "goods green", "armies red 4", "armies blue 4"])
    v = eightmin.view(s)
    assert v["over"] and v["winners"] == ["red", "blue"] and v["winner"] is None
    assert v["players"]["red"]["score"]["rank"] == v["players"]["blue"]["score"]["rank"] == 1


def test_goods_tokens_variant_counts_tokens_as_cards():
    # "У игрока, контролирующего область с жетоном товара, этого товара +1."
    line = "eightmin players=red,blue youngest=red goods-tokens"
    s = scored(line, {}, ["regions red 1 0 0 0", "regions blue 0 0 0 0",
                          "goods red crystal=3", "goods blue wild=1"])
    v = eightmin.view(s)
    assert v["ask"] == {"tokens": ["red", "blue"]} and ["goods-tokens", 10] in v["reminders"]
    eightmin.apply(s, "tokens red crystal=1")
    eightmin.apply(s, "tokens blue wood=1")
    v = eightmin.view(s)
    assert v["players"]["red"]["score"]["goods_vp"]["crystal"] == 5
    # blue's wild joins the wood of the token: 2 wood
    assert v["players"]["blue"]["score"]["wild_to"] == {"wood": 1}
    refused(s, "tokens red crystal=11", "10 goods tokens")
    s = scored(THREE, {}, [])
    refused(s, "tokens red crystal=1", "variant")


def test_scoring_refusals_leave_the_state_unchanged():
    s = scored(THREE, {}, ["regions red 1 0 0 0"])
    refused(s, "regions red 1 0 0", "each of the 4 continents")
    refused(s, "goods red gold=1", "unknown kind of goods")
    refused(s, "goods red crystal=1 crystal=2", "twice")
    refused(s, "goods red crystal", "KIND=N")
    refused(s, "armies red 15", "from 0 to 14")
    refused(s, "bid red 1", "bid")
    refused(s, "next-game", "last game")
    refused(s, "fly red", "unknown action")
    refused(s, "adjust red coins 3", "signed")


def test_full_game_sums_three_games():
    # "Полная игра. Победитель определяется после 3 игр по сумме очков всех партий."
    line = "eightmin players=red,blue ages=red,blue full"
    s = game(line)
    plan = [("1 0 0 0", "0 0 0 0"), ("0 0 0 0", "1 1 0 0"), ("2 0 0 0", "0 0 0 0")]
    for i in range(3):
        assert s["g"] == i + 1 and s["phase"] == "bid"
        assert s["p"]["red"]["coins"] == 14 and s["p"]["blue"]["coins"] == 14
        eightmin.apply(s, "bid red 1")
        eightmin.apply(s, "bid blue 0")
        play_out(s)
        eightmin.apply(s, "regions red " + plan[i][0])
        eightmin.apply(s, "regions blue " + plan[i][1])
        eightmin.apply(s, "goods red")
        eightmin.apply(s, "goods blue")
        v = eightmin.view(s)
        if i < 2:
            assert v["ask"] == {"next-game": True} and not v["over"]
            refused(s, "take red 1")
            eightmin.apply(s, "next-game")
    v = eightmin.view(s)
    # red 2 + 0 + 3 = 5 (game 1: region 1 + continent 1, game 3: 2 + 1);
    # blue 0 + 4 + 0 = 4
    assert v["players"]["red"]["past"] == [2, 0]
    assert v["players"]["red"]["score"]["total"] == 5 and v["players"]["blue"]["score"]["total"] == 4
    assert v["total_standings"] == ["red", "blue"] and v["winners"] == ["red"] and v["over"]
    refused(s, "next-game", "the game is over")


def test_undo_restores_the_view_exactly():
    _RULES.undo_round_trip(THREE, ["bid red 1", "bid blue 3", "bid green 2", "take blue 4", "take green 2", "take red 6"])


def test_coin_correction_never_below_zero():
    s = game(THREE, "bid red 0", "bid blue 0", "bid green 0")
    eightmin.apply(s, "adjust red coins -11")
    assert s["p"]["red"]["coins"] == 0
    refused(s, "adjust red coins -1", "never go below zero")
    s = game(THREE)
    refused(s, "adjust red coins +1", "once the first player has paid")
