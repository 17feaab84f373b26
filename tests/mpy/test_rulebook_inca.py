# Inca Empire's edge cases, each expected number worked out by hand from the
# rule book (the Russian text, "Правила настольной игры «Империя инков»",
# the complete one; section and wording quoted in the comments), not from
# the engine's output.  The era labor numbers are given on the setup line
# (the rules say only "the number in the era field"); the costs, VP and
# catch-up amounts are the ones the rule book prints.  Portable: run by
# pytest on CPython and by tests/mpy/run.py under the MicroPython unix port.
from util import advance_to, events, fill_sun, finish_phase, game, labor, people, refused, view, vp, where

from firmware.games import inca
from firmware.games.inca import engine

# Seating and the dealt turn-order tiles both blue, orange, green, brown.
# The Sun Event board's sectors lie between neighbouring colour lines:
# blue-orange, orange-green, green-brown, brown-blue ("Фаза Солнца", 3:
# "На действия игрока влияют те карты, которые расположены по обе стороны
# полосы его цвета"): blue is beside blue-orange and brown-blue.
FOUR = "inca players=blue,orange,green,brown order=blue,orange,green,brown"


def set_labor(s, **want):
    """Correct players' labor to the given amounts (the device's
    correction, outside the rules), so that what follows starts from known
    numbers."""
    for c in want:
        d = want[c] - labor(s, c)
        inca.apply(s, "adjust %s labor %s%d" % (c, "+" if d >= 0 else "-", abs(d)))


def sapa(s, **con):
    """Enter every player's connected garrisons, cities and temples (given
    as (g, c, t), else none) and score the Sapa Inca phase."""
    assert where(s)[2] == "sapa", where(s)
    for c in s["seating"]:
        inca.apply(s, "connected %s %d %d %d" % ((c,) + tuple(con.get(c, (0, 0, 0)))))
    inca.apply(s, "next")


# ------------------------------------------------------------ the Inca phase

def test_a_catch_up_giver_short_of_labor_gives_what_they_have_and_the_taker_gets_that():
    # labor=5,3,1,1: era III's field says 1 labor
    s = game(FOUR + " labor=5,3,1,1", "next")
    # era I, People phase, in tile order: conquests bring their marker's VP
    # ("Завоевание Провинции сразу приносит игроку столько очков, сколько
    # указано на значке"), a garrison 3 ("Постройка Гарнизона сразу
    # приносит игроку 3 очка")
    people(s, "orange", "conquer orange 1 0 5")     # orange 5 VP
    people(s, "green", "garrison green")            # green 3 VP
    people(s, "brown", "conquer brown 1 0 1")       # brown 1 VP; blue 0
    advance_to(s, 2, 4, "sapa")                     # the last Sapa Inca phase of era II
    assert [vp(s, c) for c in ("orange", "green", "brown", "blue")] == [5, 3, 1, 0]
    set_labor(s, orange=0, green=2, brown=2, blue=3)
    sapa(s)   # nothing connected: no VP; all keep what they hold (at most 3, era II's field)
    assert where(s) == (3, 5, "inca")
    # "Фаза Инка", 1: each gets the number in the era's field, 1 (their
    # markers yield 0 labor, no terraces): orange 1, green 3, brown 3, blue 4.
    assert sorted(events(s, "income")) == [["blue", 1], ["brown", 1], ["green", 1], ["orange", 1]]
    # "Фаза Инка", 3: "В третий (Средняя Империя, 1493-1528) ... периоды
    # игрок, занимающий первое место, должен дать последнему игроку два
    # жетона труда, а игрок, занимающий второе место, должен дать 3-му
    # игроку один жетон труда".  Orange (1st) holds 1 token: tokens change
    # hands, so orange gives the 1 it has (labor never below zero) and blue
    # (last) receives that 1, not 2.  Green (2nd) gives 1 to brown (3rd).
    assert events(s, "give") == [["orange", "blue", 1], ["green", "brown", 1]]
    assert labor(s, "orange") == 0
    assert labor(s, "blue") == 4 + 1
    assert labor(s, "green") == 3 - 1
    assert labor(s, "brown") == 3 + 1


def test_a_catch_up_giver_with_nothing_gives_nothing():
    # labor=5,0,2,1: era II's field says 0; orange leads with no labor left
    s = game(FOUR + " labor=5,0,2,1", "next")
    people(s, "orange", "conquer orange 1 0 2")     # orange 2 VP, the others 0
    advance_to(s, 1, 1, "sapa")
    set_labor(s, blue=4, orange=0, green=5, brown=5)
    sapa(s)                                          # all keep theirs (era I's field: 5)
    # era II's Inca phase: 0 each from the era's field; the 1st "должен
    # дать последнему игроку один из жетонов труда", holds none and gives
    # none: whoever is last, no one's labor changes
    assert where(s) == (2, 2, "inca")
    assert [labor(s, c) for c in ("blue", "orange", "green", "brown")] == [4, 0, 5, 5]
    assert [e[2] for e in events(s, "give")] in ([], [0])


# ------------------------------------------------------------ Sapa Inca

def test_sapa_inca_scores_in_score_track_order_not_seating_and_the_first_to_arrive_stays_inside():
    s = game(FOUR, "next")
    # era I: blue passes; orange 1 VP, green 2, brown 3 ("Garrison ... 3
    # очка"): the standings are the seating reversed
    people(s, "orange", "conquer orange 1 0 1")
    people(s, "green", "conquer green 1 0 2")
    people(s, "brown", "garrison brown")
    advance_to(s, 1, 1, "sapa")
    assert engine.ranking(s) == ["brown", "green", "orange", "blue"]
    # "Фаза Сапа Инка", 2: "Каждый Гарнизон, соединенный с сетью дорог
    # игрока, приносит ему 2 очка", "Каждый Город ... 3 очка": brown 1
    # garrison = 2 (3 -> 5), green 1 city = 3 (2 -> 5), orange 2 garrisons =
    # 4 (1 -> 5), blue 1 garrison and 1 city = 5 (0 -> 5): all on 5.
    sapa(s, brown=(1, 0, 0), green=(0, 1, 0), orange=(2, 0, 0), blue=(1, 1, 0))
    assert [vp(s, c) for c in ("blue", "orange", "green", "brown")] == [5, 5, 5, 5]
    # "Очки подсчитываются в том порядке, в каком фигурки инков стоят на
    # шкале подсчета очков (первым подсчитываются очки того, чья фигурка
    # впереди всех)": brown, green, orange, blue, each arriving on 5 after
    # the ones before ("она ставится ближе к внешнему краю"), and "В случае
    # ничьей выигрывает тот, чья фигурка стоит ближе к центру доски".
    assert events(s, "score") == [["brown", 2], ["green", 3], ["orange", 4], ["blue", 5]]
    assert engine.ranking(s) == ["brown", "green", "orange", "blue"]
    assert [view(s)["players"][c]["rank"] for c in ("brown", "green", "orange", "blue")] == [1, 2, 3, 4]
    # so in era II's Inca phase brown (1st) gives 1 to blue (last) ...
    assert where(s) == (2, 2, "inca")
    assert events(s, "give") == [["brown", "blue", 1]]
    # ... and in the Sun phase the last gets tile 1 ("игрок, находящийся на
    # последнем месте, получает номер 1"), the outer figure after the inner
    # ("Инка, находящийся ближе к внешней стороне доски, идет после того,
    # кто стоит ближе к внутренней стороне"): blue 1, orange 2, green 3, brown 4
    inca.apply(s, "next")
    assert s["order"] == ["blue", "orange", "green", "brown"]


def test_two_level_figures_that_score_alike_keep_their_order():
    # tiles: orange plays first, so orange reaches 3 first and stands inside
    s = game("inca players=blue,orange,green,brown order=orange,blue,green,brown", "next")
    people(s, "orange", "garrison orange")
    people(s, "blue", "garrison blue")
    advance_to(s, 1, 1, "sapa")
    assert vp(s, "blue") == vp(s, "orange") == 3
    assert engine.ranking(s)[:2] == ["orange", "blue"]
    # both score 1 connected garrison, 2 VP: orange (ahead) scores first and
    # arrives on 5 first; blue lands on 5 outside it, though blue sits first
    sapa(s, blue=(1, 0, 0), orange=(1, 0, 0))
    assert vp(s, "blue") == vp(s, "orange") == 5
    assert events(s, "score")[:2] == [["orange", 2], ["blue", 2]]
    assert engine.ranking(s)[:2] == ["orange", "blue"]


def test_sapa_inca_points_per_terrace_garrison_city_and_temple():
    s = game(FOUR, "next")
    people(s, "blue", "conquer blue 1 0 0")     # a marker, no VP
    advance_to(s, 2, 2, "people")
    people(s, "blue", "terrace blue")           # "Постройка террасы сразу приносит игроку 1 очко"
    assert vp(s, "blue") == 1
    advance_to(s, 2, 2, "sapa")
    # "Каждая Терраса, построенная игроком, приносит ему 1 очко"; connected:
    # 3 garrisons x 2, 2 cities x 3, 4 temples x 1: 1 + 6 + 6 + 4 = 17
    sapa(s, blue=(3, 2, 4))
    assert events(s, "score")[0] == ["blue", 17]
    assert vp(s, "blue") == 1 + 17


# ------------------------------------------------------------ the keep limit

def test_the_keep_limit_is_the_current_eras_number_exactly():
    s = game(FOUR + " labor=5,3,2,1", "next")
    # standings for the catch-up: blue 3, orange 2, green 1, brown 0
    people(s, "blue", "garrison blue")              # blue: 5 - 4 = 1 labor
    people(s, "orange", "conquer orange 1 0 2")     # orange: 5 - 1 = 4
    people(s, "green", "conquer green 1 0 1")       # green: 4; brown: 5
    advance_to(s, 1, 1, "sapa")
    set_labor(s, blue=6)
    # "Фаза Сапа Инка", 3: "Игроки могут оставить у себя столько жетонов
    # труда, сколько указано в поле текущего периода. Неиспользованные
    # жетоны игроки возвращают в банк": era I's 5; blue returns 1, brown
    # holding exactly 5 returns none
    sapa(s)
    assert events(s, "return") == [["blue", 1]]
    # then era II's Inca phase: 3 each; blue (1st) gives 1 to brown (last)
    assert [labor(s, c) for c in ("blue", "orange", "green", "brown")] == [5 + 3 - 1, 4 + 3, 4 + 3, 5 + 3 + 1]
    advance_to(s, 2, 4, "sapa")        # the last Sapa Inca phase of era II
    set_labor(s, blue=3, orange=4, green=0, brown=10)
    sapa(s)
    # era II's field, 3, not era III's 2, though era III comes next: blue
    # keeps all 3; orange returns 1, brown 7
    assert events(s, "return") == [["orange", 1], ["brown", 7]]
    # era III's Inca phase: 2 each (3, 3, 0, 3 -> 5, 5, 2, 5); blue (1st)
    # gives 2 to brown (last), orange (2nd) 1 to green (3rd)
    assert events(s, "give") == [["blue", "brown", 2], ["orange", "green", 1]]
    assert [labor(s, c) for c in ("blue", "orange", "green", "brown")] == [3, 4, 3, 7]


# ------------------------------------------------------------ Sun Event cards

def people_with(cards, setup=FOUR):
    """Era II, round 2, its first People phase, with the given Sun Event
    cards revealed ({sector: card}; the other sectors get cards that change
    no cost or VP)."""
    s = advance_to(game(setup), 2, 2, "sun")
    for sec in cards:
        inca.apply(s, "sun %s %s" % (sec, cards[sec]))
    fill_sun(s, ("wilderness-road", "solar-eclipse", "rural-unrest", "local-pilgrimage"))
    inca.apply(s, "next")
    assert where(s) == (2, 2, "people")
    return s


def paid(s, c, action, have):
    """[labor spent, VP gained] by player c's action, from `have` labor;
    and with one labor less the same action is refused."""
    people(s, c)
    set_labor(s, **{c: have - 1})
    refused(s, action, "costs")
    set_labor(s, **{c: have})
    v0 = vp(s, c)
    inca.apply(s, action)
    return [have - labor(s, c), vp(s, c) - v0]


def test_each_cost_and_vp_card_at_exactly_the_labor_it_asks():
    # (cards, player, action, [labor, VP] by hand): the "Фаза Народа" table
    # (City 6/4, Temple 5/4, Garrison 4/3, Terrace 2/1, extra road 1, a
    # conquest its resistance and its VP) and "Обзор карт событий Солнца"
    cases = [
        # «Эпидемия»: "для постройки каждого города ... требуется два
        # дополнительных жетона труда": 6 + 2
        ({"blue-orange": "epidemic"}, "blue", "city blue", [8, 4]),
        # both copies beside blue: "Влияния событий накладываются друг на друга": 6 + 2 + 2
        ({"blue-orange": "epidemic", "brown-blue": "epidemic"}, "blue", "city blue", [10, 4]),
        # green is beside neither sector
        ({"blue-orange": "epidemic"}, "green", "city green", [6, 4]),
        # «Восстановление города»: "за каждый Город ... 2 дополнительных очка": 4 + 2
        ({"brown-blue": "city-restoration"}, "brown", "city brown", [6, 6]),
        # «Главная сторожевая застава»: a garrison into a city "за 4 жетона
        # труда. Этот город сразу приносит вам 4 очка", "подвергаются
        # влиянию карт «Эпидемия» и «Восстановление города»"
        ({"blue-orange": "major-outpost"}, "orange", "outpost orange", [4, 4]),
        ({"blue-orange": "major-outpost", "brown-blue": "epidemic"}, "blue", "outpost blue", [6, 4]),
        ({"blue-orange": "major-outpost", "brown-blue": "city-restoration"}, "blue", "outpost blue", [4, 6]),
        # «Склады»: "каждый Гарнизон ... приносит вам 1 дополнительное очко": 3 + 1
        ({"green-brown": "storehouses"}, "green", "garrison green", [4, 4]),
        # «Суровые погодные условия»: "на постройку каждого гарнизона ...
        # требуется один дополнительный жетон труда": 4 + 1
        ({"green-brown": "severe-weather"}, "brown", "garrison brown", [5, 3]),
        ({"green-brown": "severe-weather", "orange-green": "storehouses"}, "green", "garrison green", [5, 4]),
        # «Сопротивление»: "для завоевания каждой Провинции ... еще один
        # жетон труда": resistance 3 + 1; both copies: 3 + 2
        ({"orange-green": "resistance"}, "orange", "conquer orange 3 1 3", [4, 3]),
        ({"blue-orange": "resistance", "brown-blue": "resistance"}, "blue", "conquer blue 3 1 3", [5, 3]),
        # «Военное превосходство»: "на один жетон труда меньше": 3 - 1; with
        # «Сопротивление» beside too: 3 + 1 - 1
        ({"orange-green": "military-superiority"}, "green", "conquer green 3 1 3", [2, 3]),
        ({"blue-orange": "military-superiority", "brown-blue": "resistance"}, "blue", "conquer blue 3 1 3",
         [3, 3]),
        # no card: the printed costs
        ({}, "blue", "temple blue", [5, 4]),
        ({}, "blue", "terrace blue", [2, 1]),
        ({}, "blue", "road blue", [1, 0]),
    ]
    for cards, c, action, want in cases:
        s = people_with(cards)
        if action.startswith("terrace"):
            # "за 2 жетона труда игрок может поместить значок Террасы рядом
            # с одним из завоеванных значков": it needs a marker
            s = advance_to(game(FOUR, "next"), 1, 1, "people")
            people(s, "blue", "conquer blue 1 0 0")
            s = advance_to(s, 2, 2, "people")
        assert paid(s, c, action, want[0]) == want, (cards, action)


def test_military_superiority_conquers_resistance_one_for_nothing():
    # "Провинция с сопротивлением в одно очко завоевывается без потери жетона"
    s = people_with({"blue-orange": "military-superiority"})
    people(s, "blue")
    set_labor(s, blue=0)
    inca.apply(s, "conquer blue 1 1 1")
    assert labor(s, "blue") == 0 and vp(s, "blue") == 1
    # and a conquest is never paid for with less than nothing: a marker
    # entered by its numbers with resistance 0 costs 0, not -1
    people(s, "orange")
    set_labor(s, orange=3)
    inca.apply(s, "conquer orange 0 1 1")
    assert labor(s, "orange") == 3 and vp(s, "orange") == 1


def test_mass_construction_pays_for_each_garrison():
    # «Массовая застройка»: "можете построить два вместо одного. Жетоны
    # труда нужно отдать за постройку каждого Гарнизона": with «Суровые
    # погодные условия» beside too, 5 + 5 labor, 3 + 3 VP
    s = people_with({"blue-orange": "mass-construction", "brown-blue": "severe-weather"})
    people(s, "blue")
    set_labor(s, blue=9)
    inca.apply(s, "garrison blue")
    assert labor(s, "blue") == 4 and vp(s, "blue") == 3
    refused(s, "garrison blue", "costs 5")     # not enough for the second
    set_labor(s, blue=5)
    inca.apply(s, "garrison blue")
    assert labor(s, "blue") == 0 and vp(s, "blue") == 6
    set_labor(s, blue=5)
    refused(s, "garrison blue", "already taken")   # two, not three


def test_rapid_expansion_second_conquest_costs_two_more():
    # «Быстрое расширение»: "в дополнение к любому другому действию ... вы
    # можете завоевать (вторую) Провинцию. За это вам нужно отдать еще два
    # жетона труда": a city (6) and a conquest of resistance 2 (2 + 2)
    s = people_with({"orange-green": "rapid-expansion"})
    people(s, "green")
    set_labor(s, green=10)
    inca.apply(s, "city green")
    inca.apply(s, "conquer green 2 1 2")
    assert labor(s, "green") == 0 and vp(s, "green") == 4 + 2


def test_popular_support_pays_a_labor_per_own_resistance_one_marker_per_card():
    s = game(FOUR, "next")
    people(s, "blue", "conquer blue 1 0 0")         # resistance 1
    people(s, "orange", "conquer orange 2 0 0")     # resistance 2
    advance_to(s, 2, 2, "people")
    people(s, "blue", "conquer blue 1 0 0")         # blue's second of resistance 1
    advance_to(s, 2, 2, "sun")                      # the round's second Sun phase
    inca.apply(s, "sun blue-orange popular-support")
    inca.apply(s, "sun brown-blue popular-support")
    fill_sun(s, ("wilderness-road", "solar-eclipse", "rural-unrest", "local-pilgrimage"))
    before = dict((c, labor(s, c)) for c in s["seating"])
    inca.apply(s, "next")
    # «Народная поддержка»: "все значки местной культуры в вашем владении с
    # сопротивлением в одно очко немедленно приносят вам по одному
    # дополнительному жетону труда в конце фазы Солнца": blue's 2 markers,
    # once for each of the two cards beside blue: 4; orange (beside one)
    # has no marker of resistance 1: 0; brown (beside one) has none: 0
    assert labor(s, "blue") == before["blue"] + 4
    assert labor(s, "orange") == before["orange"]
    assert labor(s, "brown") == before["brown"]
    assert events(s, "support") == [["blue", 4]]


def test_free_roads_by_the_road_cards():
    # "Игрок может построить до двух дорог, не потратив жетонов труда"
    cases = [
        # «Дополнительная дорожная бригада»: one more: 2 + 1
        ({"blue-orange": "road-crew"}, "orange", 3),
        # «Наводнение Эль-Ниньо»: one fewer: 2 - 1
        ({"blue-orange": "el-nino"}, "blue", 1),
        # both El Niño beside blue: 2 - 2, but "количество дорог не может
        # сократиться до нуля, максимум до одной"
        ({"blue-orange": "el-nino", "brown-blue": "el-nino"}, "blue", 1),
        # crew and El Niño: 2 + 1 - 1
        ({"blue-orange": "road-crew", "brown-blue": "el-nino"}, "blue", 2),
        ({"blue-orange": "road-crew"}, "green", 2),
    ]
    for cards, c, want in cases:
        assert view(people_with(cards))["players"][c]["free_roads"] == want, (cards, c)
    # «Интенсивность труда»: the extra road (1 labor) brings one more road
    # free, and "карта «Наводнение Эль-Ниньо» не влияет на это действие"
    s = people_with({"blue-orange": "labor-intensity", "brown-blue": "el-nino"})
    assert paid(s, "blue", "road blue", 1) == [1, 0]
    assert events(s, "roads") == [["blue", 2]]


def test_pilgrimages_give_their_vp_once_a_people_phase():
    # «Великое / Ежегодное / Местное паломничество»: 7, 5 and 4 VP, no
    # labor; "В фазу Народа вы можете совершить только одно паломничество"
    s = people_with({"blue-orange": "great-pilgrimage", "brown-blue": "annual-pilgrimage",
                     "green-brown": "local-pilgrimage"})
    for c, kind, want in (("blue", "great", 7), ("orange", "great", 7), ("brown", "annual", 5)):
        people(s, c)
        l0, v0 = labor(s, c), vp(s, c)
        inca.apply(s, "pilgrimage %s %s" % (c, kind))
        assert [l0 - labor(s, c), vp(s, c) - v0] == [0, want], (c, kind)
    refused(s, "pilgrimage brown local", "already made a pilgrimage")


def test_surveyors_allow_a_second_terrace_only_beside_a_second_marker():
    # «Профессиональные землемеры»: "можете построить дополнительную с
    # обычными затратами" (2 labor, 1 VP each); "Рядом со значком местной
    # культуры может располагаться только один значок Террасы"
    s = game(FOUR, "next")
    people(s, "blue", "conquer blue 1 0 0")
    advance_to(s, 2, 2, "people")
    people(s, "blue", "conquer blue 1 0 0")       # two markers now
    advance_to(s, 2, 2, "sun")                    # the round's second Sun phase
    inca.apply(s, "sun blue-orange surveyors")
    fill_sun(s, ("wilderness-road", "solar-eclipse", "rural-unrest", "local-pilgrimage"))
    inca.apply(s, "next")
    people(s, "blue")
    set_labor(s, blue=4)
    inca.apply(s, "terrace blue")
    inca.apply(s, "terrace blue")
    assert labor(s, "blue") == 0 and vp(s, "blue") == 2 and s["p"]["blue"]["ter"] == 2


# ------------------------------------------------------------ the end, with Pizarro

def _seed_with_pizarro_at(pos):
    for seed in range(200):
        if game(FOUR + " pizarro seed=%d" % seed)["piz"]["pos"] == pos:
            return seed
    raise AssertionError("no seed puts Pizarro at %d" % pos)


def test_pizarro_on_the_first_marker_ends_the_late_empire_after_its_first_people_phase():
    s = game(FOUR + " pizarro seed=%d" % _seed_with_pizarro_at(1))
    advance_to(s, 4, 7, "people")
    assert events(s, "pizarro") == []       # no marker is flipped before the Late Empire
    people(s, "blue")
    set_labor(s, blue=6)
    inca.apply(s, "city blue")               # blue 4 VP ("Основание Города сразу приносит игроку 4 очка")
    finish_phase(s)
    # "Варианты", Прибытие Писарро: "В конце каждой фазы Народа в Поздней
    # Империи переверните значок вторжения ... Если появляется значок
    # «Прибытие Писарро», начинается фаза Сапа Инка. Игра окончена."
    assert events(s, "pizarro") == [[1, True]]
    assert where(s) == (4, 7, "sapa")
    # the Sapa Inca phase is scored: orange 1 city + 1 temple = 3 + 1 = 4,
    # level with blue's 4; blue reached 4 first and stands inside ("В
    # случае ничьей выигрывает тот, чья фигурка стоит ближе к центру")
    sapa(s, orange=(0, 1, 1))
    assert vp(s, "blue") == vp(s, "orange") == 4
    assert s["over"] and view(s)["winner"] == "blue"
    assert view(s)["pizarro"]["at"] == 1
    refused(s, "next", "over")


def test_pizarro_on_the_last_marker_plays_all_four_people_phases():
    s = game(FOUR + " pizarro seed=%d" % _seed_with_pizarro_at(4))
    advance_to(s, 4, 7, "people")
    for k in (1, 2, 3):
        finish_phase(s)
        assert events(s, "pizarro") == [[k, False]] and where(s) == (4, 7, "sun")
        advance_to(s, 4, 7, "people", 1)
    finish_phase(s)
    assert events(s, "pizarro") == [[4, True]] and where(s) == (4, 7, "sapa")
    # the last Sapa Inca phase: brown 2 garrisons = 4, green 1 city = 3
    sapa(s, brown=(2, 0, 0), green=(0, 1, 0))
    assert s["over"] and view(s)["winner"] == "brown"
    assert [vp(s, c) for c in ("brown", "green", "blue", "orange")] == [4, 3, 0, 0]
