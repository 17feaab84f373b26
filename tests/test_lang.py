"""The language tables: every key in every language, the same placeholders,
no English left in Russian or Spanish, and every string fits the place where
the screens draw it on 128x64 and on 240x135, measured with the real fonts
(a string that does not fit would be cut with '~' on the device)."""
import json
import os
import re

import pytest

import langs

from host_sim import device  # (also puts the framebuf stand-in on the path)
from firmware.core import text
from firmware.core.font import Font
from firmware.games.inca.cards import NAMES as CARDS
from firmware.games.inca import words as w
from firmware.screenkit.layout import Layout

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LANGS = ("en", "ru", "es")
COLOURS = ("blue", "orange", "green", "brown")
# notes; site names; a colour's dative (where the language declines it);
# short forms, keys ending "~", only where needed
OPTIONAL = ("_", "site.", "d.")
FORMS = {"en": 2, "es": 2, "ru": 3}  # the forms of a counted word (text.form)


def optional(k):
    return k.startswith(OPTIONAL) or k.endswith("~")


def table(lang):
    """Inca Empire's words and the shared ones (what the device looks in)."""
    return device.words(lang, "inca")


def layouts():
    small = Font(os.path.join(ROOT, "assets", "fonts", "small.fnt"))
    large = Font(os.path.join(ROOT, "assets", "fonts", "large.fnt"))
    return {"mono": Layout(128, 64, small, False), "colour": Layout(240, 135, large, True)}


LAYOUTS = layouts()


def specs(s):
    return langs.specs(s)


@pytest.mark.parametrize("lang", LANGS[1:])
def test_every_key_in_every_language_with_the_same_placeholders(lang):
    en, other = table("en"), table(lang)
    need = [k for k in en if not optional(k)]
    assert [k for k in need if k not in other] == []
    assert [k for k in other if not optional(k) and k not in en and not k.startswith("r:")] == []
    for k in need:
        # a counted word: every form with the same placeholders
        for v in langs.forms(other[k]):
            assert specs(langs.forms(en[k])[0]) == specs(v), (k, en[k], other[k])
    for k, v in other.items():
        if k.endswith("~"):
            assert specs(v) == specs(other[k[:-1]]), (k, v)
    for k, v in other.items():
        if k.startswith("r:"):
            assert specs(k[2:]) == specs(v), (k, v)


def all_tables(lang):
    """{path: table} of the shared words and every game's, in lang."""
    import glob
    out = {}
    for p in [os.path.join(ROOT, "assets", "lang", lang + ".json")] + \
            sorted(glob.glob(os.path.join(ROOT, "firmware", "games", "*", "lang", lang + ".json"))):
        with open(p, encoding="utf-8") as f:
            out[os.path.relpath(p, ROOT)] = json.load(f)
    return out


def test_a_counted_word_has_its_languages_forms_in_every_language():
    """A word a count meets (its forms in braces, apart by "|": text.form)
    has two forms in English and Spanish and three in Russian; a word
    counted in English or Spanish is counted in Russian too (a unit like VP
    may keep one form there, not the reverse); no "(s)" left for a plural."""
    counted = {}
    for lang in LANGS:
        for path, tb in all_tables(lang).items():
            for k, v in tb.items():
                assert "(s)" not in v and "|" not in re.sub(r"\{[^{}]*\}", "", v), (path, k, v)
                for group in re.findall(r"\{([^{}]*)\}", v):
                    assert group.count("|") + 1 == FORMS[lang], (path, k, v)
                    counted.setdefault(lang, set()).add((path.replace(lang + ".json", ""), k.rstrip("~")))
    assert counted["en"] and counted["en"] <= counted["ru"] and counted["es"] <= counted["ru"], counted


@pytest.mark.parametrize("lang", LANGS[1:])
def test_every_refusal_a_player_can_meet_is_translated(lang):
    ru = table(lang)
    en = table("en")
    shown = [k for k in ru if k.startswith("r:")]
    assert len(shown) >= 20
    for k in shown:
        assert ru[k] != k[2:], k
    # every word a refusal can carry has a translation or is a number
    words = list(COLOURS) + ["city", "temple", "garrison", "terrace", "road", "outpost", "zeal",
                             "labor", "vp", "great", "annual", "local"]
    for x in words:
        assert ("w." + x) in ru, x
    assert all(("card." + c) in ru for c in CARDS)
    assert all(("w." + c) in en for c in COLOURS)


@pytest.mark.parametrize("lang", LANGS[1:])
def test_no_english_word_left(lang):
    en, other = table("en"), table(lang)
    same = [k for k in en if not optional(k) and other.get(k) == en[k] and re.search("[a-z]{3}", en[k])]
    # names the same in both languages, and formats without words
    # names the same in both languages; game titles printed in English
    allowed = {"ph.inca", "era.1", "m.ok", "ph.sapa", "e.phase", "card.epidemic", "g.eightmin", "g.inca", "g.origin"}
    assert [k for k in same if k not in allowed] == []


def short(t, k, lay, rtext):
    """The row label at k as the menus choose it: whole where it fits
    beside rtext, else its short form (key k~), where there is one."""
    room = lay.w - 4 - (lay.font.width(rtext) + 2 if rtext else 0) - lay.font.width(" ")
    return t[k] if lay.font.width(t[k]) <= room or k + "~" not in t else t[k + "~"]


def fits(lay, s, width):
    return lay.font.width(s) <= width


def places(t, lay):
    """(text, room in pixels, where) for every string the screens draw."""
    f = lay.font
    w_ = lay.w
    row = w_ - 4

    def right(label, rtext):
        return (label, row - (f.width(rtext) + 2 if rtext else 0) - f.width(" "), "row " + label)

    out = []
    title = w_ - 2
    status = f.width("III.7") + 2
    for k in ("g.title", "s.setup", "s.board", "s.kinds", "m.settings", "m.adjust", "m.effects", "m.history",
              "m.results", "m.refused", "m.undo", "m.redo", "s.order", "s.confirm_new", "b.conquer", "b.site",
              "m.standings"):
        out.append((t[k] if f.width(t[k]) <= title or k + "~" not in t else t[k + "~"], title, "title " + k))
    for ph in ("inca", "sun", "people", "sapa"):
        out.append((t["ph." + ph], title - status, "phase title"))
        out.append(("III %s7 %s" % (t["r.round"], t["ph." + ph]), title, "home title"))
    for c in COLOURS:
        out.append((t["h.winner"] % t["c." + c], title, "winner"))
        out.append((t["m.player_labor"] % (t["c." + c], 20), title - status, "people title"))
        name = t["c." + c] if lay.colour else t["i." + c]
        out.append(right("4 " + name, t["m.home"] % (120, 20)))
        out.append(right(name, "? " + t["m.con"] % (20, 20, 20)))
        out.append(right(t["s.without"], t["c." + c]))
        for fk in ("f.labor", "f.vp"):
            out.append(right("%s %s" % (t["c." + c], t[fk]), ""))
    # the crash screen: a line each, so that the screen holds them all
    out.append((t["x.crash"] % "E8888", title, "crash title"))
    for k in ("x.memory", "x.storage", "x.error", "x.restart", "x.kept"):
        out.append((t[k], title, "crash " + k))
    out.append(right(t["s.players"], "4"))
    for k in ("s.early_fall", "s.pizarro", "s.gods"):
        on = max((t["s.on"], t["s.off"]), key=f.width)
        out.append(right(short(t, k, lay, on), on))
    for k in ("m.check_board", "m.settings", "m.start", "s.kinds"):
        out.append(right(t[k], ">"))
    for k in ("g.inca", "g.eightmin", "g.origin", "g.yu"):
        out.append(right(t[k], ""))
    for e in ("I", "II", "III", "IV"):
        out.append(right(t["s.era_labor"] % e, "20"))
    out.append(right(t["s.rounds"], "1 3 2 1"))
    # a marker kind's row: its letter alone where its name does not fit (setup._kinds)
    kind = t["s.kind"] % "F"
    res = t["m.res"] % (9, 9, 9)
    out.append(right(kind if f.width(kind) + f.width(res) + f.width(" ") + 6 <= w_ else "F", res))
    out.append(right(t["m.brightness"], "5"))
    # the players' names (firmware/screenkit/names.py): an 8-letter name
    # beside the widest colour word, a letter picker's title with both
    name = "Ш" * 8
    widest = max((t["c." + c] for c in COLOURS), key=f.width)
    out.append((t["n.of"] % (widest, name + "_"), title, "picker title"))
    for k in ("n.title", "n.players"):
        out.append(right(t[k], ">"))
        out.append((t[k], title, "title " + k))
    for k in ("n.new", "n.add", "n.remove", "n.delete", "n.done", "n.marks", "n.space", "n.none"):
        out.append(right(t[k], ""))
    for label, rtext in ((t["n.no_name"], widest), (name, widest), (t["n.latin"], "ABC"), (t["n.cyrillic"], "АБВ")):
        out.append(right(label, rtext))
    out.append(right(t["m.language"], max((table(x)["lang"] for x in LANGS), key=f.width)))
    for k in ("b.city", "b.temple", "b.garrison", "b.terrace", "b.road", "b.outpost", "b.zeal"):
        # the widest cost a card can make: a city under two Epidemics is 10 labor
        out.append(right(short(t, k, lay, t["m.labor_vp"] % (10, 8)), t["m.labor_vp"] % (10, 8)))
    out.append(right(short(t, "b.site", lay, ""), ""))
    for k in ("b.conquer", "m.continue", "m.reveal", "m.score", "m.change_con", "m.effects", "m.history",
              "m.adjust", "m.settings", "m.new_game", "m.yes", "m.no", "m.by_numbers", "m.undo", "m.redo"):
        out.append(right(t[k], ""))
    for k, v in t.items():
        if k.startswith("site.") and not k.endswith("~"):
            out.append(right(short(t, k, lay, t["m.vp"] % 7), t["m.vp"] % 7))
    for k in ("great", "annual", "local"):
        k = "card.%s-pilgrimage" % k
        out.append(right(short(t, k, lay, t["m.vp"] % 7), t["m.vp"] % 7))
    for n in (1, 2, 5):
        out.append(right(t["m.end_turn"], text.fn("m.free_roads", n)))
    out.append(right(t["m.res"] % (9, 9, 9), t["m.labor"] % 9))
    for k in ("f.res", "f.labor", "f.vp", "f.garrisons", "f.cities", "f.temples", "f.amount"):
        out.append(right(t[k], "20"))
    if lay.footer:
        for k in ("h.menu", "h.back", "h.ok", "h.pick", "h.letters", "h2.menu", "h2.back", "h2.ok", "h2.pick", "h2.letters"):
            out.append((t[k], w_ - 2, "footer " + k))
    return out


def cards_in_place(lay):
    """(text, room, where) of the card names as the card lists choose them."""
    f = lay.font
    out = []
    for c in CARDS:
        room = lay.w - 6 - f.width(" x4")
        out.append((w.card(c, lay, room), lay.w - 4 - f.width("x4") - 2 - f.width(" "), "card list " + c))
        # a card in effect in a Sun sector, indented under it (menu.in_effect)
        room = lay.w - 6 - f.width("    x4")
        out.append(("  " + w.card(c, lay, room), lay.w - 4 - f.width("x4") - 2 - f.width(" "), "sun row " + c))
        # a history's line, and an action named by Undo, go on as many rows
        # as they need (common.lines): each word of the name fits a row
        for word in w.card(c).split(" "):
            out.append((word, lay.w - 4, "history " + c))
    return out


def message_words(t, lay):
    """Messages wrap at spaces: each word (with the longest names in place)
    must fit a line."""
    longest = max((t["c." + c] for c in COLOURS), key=lay.font.width)
    out = []
    for k, v in t.items():
        if not (k.startswith("e.") or k.startswith("x.") or k.startswith("r:")):
            continue
        for form in langs.forms(v):
            filled = re.sub(r"%[-+ 0-9]*d", "20", form).replace("%s", longest).replace("%%", "%")
            for word in filled.split(" "):
                out.append((word, lay.w - 4, "message " + k))
    return out


@pytest.mark.parametrize("layout", sorted(LAYOUTS))
@pytest.mark.parametrize("lang", LANGS)
def test_every_string_fits_its_place(lang, layout):
    lay = LAYOUTS[layout]
    t = table(lang)
    text.use(t)
    wide = text.wide
    text.wide = lay.colour      # as the app sets it for its screen
    bad = []
    for s, room, where in places(t, lay) + cards_in_place(lay) + message_words(t, lay):
        if not fits(lay, s, room):
            bad.append("%s: %r is %d px, room %d" % (where, s, lay.font.width(s), room))
    text.wide = wide
    assert bad == []


@pytest.mark.parametrize("lang", LANGS)
def test_every_character_has_a_glyph(lang):
    t = table(lang)
    for name in ("small.fnt", "large.fnt"):
        font = Font(os.path.join(ROOT, "assets", "fonts", name))
        missing = sorted(set(ch for v in t.values() for ch in v if not font.has(ch)))
        assert missing == [], (name, missing)


def test_refusals_reach_the_player_in_their_language():
    from firmware.core.errors import IllegalAction
    text.use(table("ru"))
    e = IllegalAction("%s has %d labor; a %s costs %d", ("orange", 3, "city", 6))
    assert text.reason(e) == "Оранжевый: труда 3, а город стоит 6"
    e = IllegalAction("each sector gets one card this Sun phase; missing: %s", ("blue-orange green-brown",))
    assert text.reason(e) == "В каждый сектор — по карте за фазу Солнца; нет в: Син-Орн Зел-Кор"
    text.use(table("es"))
    e = IllegalAction("%s is not in this game's deck", ("great-pilgrimage",))
    assert text.reason(e) == "Gran peregrinación no está en el mazo de esta partida"
    text.use(table("en"))
    e = IllegalAction("%s has %d labor; a %s costs %d", ("orange", 3, "city", 6))
    assert text.reason(e) == "Orange has 3 labor; a city costs 6"


def test_the_device_reads_every_table_as_json_does():
    """The device keeps a table as its file's bytes with an index; every
    file must be written one "key": "value" pair a line, ASCII keys, no
    escapes, and give the same words as a JSON reader."""
    import glob
    paths = sorted(glob.glob(os.path.join(ROOT, "assets", "lang", "*.json")) +
                   glob.glob(os.path.join(ROOT, "firmware", "games", "*", "lang", "*.json")))
    # the shared words and every game's of the registry, in each language
    from firmware.games import NAMES
    assert len(paths) == len(LANGS) * (1 + len(NAMES)), paths
    for p in paths:
        with open(p, encoding="utf-8") as f:
            want = json.load(f)
        tb = text.read(p)
        assert all(k.isascii() for k in want), p
        assert dict((k, tb.get(k)) for k in want) == want, p
        for k in want:
            assert tb.get(k + "x") is None and tb.get(k[:-1]) in (None, want.get(k[:-1]))


@pytest.mark.parametrize("bad,line", [
    (b'{\n"a": "b",\n"c": 3\n}\n', 3),
    (b'{\n"a": "b\\"q",\n}\n', 2),
    (b'{\n"a":"b"\n}\n', 2),
    (b'{\n"a": "b",\nnope\n}\n', 3),
])
def test_a_table_the_device_cannot_read_is_refused_with_its_line(bad, line):
    with pytest.raises(ValueError, match="line %d " % line):
        text.Table(bad, "t.json")


def test_words_come_from_the_game_table_first_then_the_language():
    text.load(os.path.join(ROOT, "assets", "lang", "en.json"))
    assert text.t("m.no_such_key") == "m.no_such_key"
    before = text.t("g.title")
    text.add(device.words_path("en", "yu"))
    text.add(os.path.join(ROOT, "firmware", "games", "none", "lang", "en.json"))  # missing: nothing added
    with open(device.words_path("en", "yu"), encoding="utf-8") as f:
        yu = json.load(f)
    k = sorted(yu)[0]
    assert text.t(k) == yu[k] and text.t("g.title") == before
    text.load(os.path.join(ROOT, "assets", "lang", "en.json"))
    assert text.get(k) is None or k in table("en")


def test_the_crash_screen_speaks_the_players_language():
    from firmware import crash as main
    text.use(table("ru"))
    assert main.crash_words("E01A2", MemoryError()) == ["Сбой E01A2", "Не хватило памяти", "Перезапуск;",
                                                       "партия сохранена."]
    assert main.crash_words("E01A2", OSError(28))[1] == "Ошибка накопителя"
    text.use(table("es"))
    assert main.crash_words("E01A2", ZeroDivisionError())[:2] == ["Fallo E01A2", "Error del programa"]
    # no word table (the crash came before it was read): English
    text.use({})
    assert main.crash_words("E01A2", MemoryError()) == ["Crash E01A2", "Out of memory", "Restarting;",
                                                       "the game is kept."]
    text.use(table("en"))


@pytest.mark.parametrize("lang", ("ru", "es"))
def test_the_simulators_key_legend_speaks_the_players_language(lang):
    # no word of the English legend is left but the keys to press and the
    # device's OK
    from host_sim import sim
    keys = {"k", "j", "h", "u", "e", "E", "q", "a", "A", "b", "B", "OK", "1", "3", "3j", "3k", "3a", "3b"}
    for profile in ("four", "two"):
        english = set(re.findall(r"\w+", sim.legend(profile, "en"))) - keys
        words = set(re.findall(r"\w+", sim.legend(profile, lang)))
        assert len(english) > 5 and not words & english, (profile, words & english)
    assert sim.legend("four", "xx") == sim.legend("four", "en")


def test_russian_results_decline_and_count_as_spoken():
    """A gift names its receiver in the dative ("Синему"), or by the arrow
    where the seat has a name given (no case of a name to put it in);
    labor is counted in its three forms; a line that fits one row in one."""
    text.use(table("ru"))
    try:
        assert w.event(["give", "green", "blue", 1]) == ["Зелёный отдаёт 1 труд Синему"]
        assert w.event(["give", "orange", "brown", 2]) == ["Оранжевый отдаёт 2 труда Коричневому"]
        assert [w.event(["income", "blue", n])[0] for n in (1, 2, 5, 21)] == \
            ["Синий +1 труд", "Синий +2 труда", "Синий +5 трудов", "Синий +21 труд"]
        assert w.event(["return", "blue", 3]) == ["Синий сдаёт 3 труда"]
        assert w.event(["recount", "blue", 2]) == ["Синий: ещё 2 труда за быстрое расширение"]
        text.over = {"c.green": "Аня", "c.blue": "Борис"}
        assert w.event(["give", "green", "blue", 1]) == ["Аня → Борис: 1 труд"]
        assert w.event(["give", "green", "blue", 5]) == ["Аня → Борис: 5 трудов"]
        text.over = None
        # the extra roads of a turn: one row of the narrow screen, whole
        lay = LAYOUTS["mono"]
        line = w.event(["roads", "blue", 1])[0]
        assert line == "Синий: 1 доп. дорога" and lay.wrap(line, lay.w - 2) == [line]
        assert text.t("card.mass-construction~") == "Масс. застройка"
    finally:
        text.over = None
    text.use(table("en"))
    assert w.event(["give", "green", "blue", 1]) == ["Green gives 1 to Blue"]
