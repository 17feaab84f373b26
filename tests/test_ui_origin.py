"""Origin through the buttons: whole games entered with the keys only equal
the replay of their transcript (and the journal holds that transcript); the
game's language tables are complete and every string fits its place; golden
screenshots of the main screens, nothing on them cut short."""
import json
import os
import re

import pytest

import goldens
import langs

from firmware.core.journal import Journal
from firmware.core.session import Session
from firmware.games import origin
from firmware.screenkit.nav import PROFILES
from host_sim import device, render, keyplan
from firmware.games.origin import host as kp

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
with open(os.path.join(ROOT, "assets", "origin", "edition.json")) as fh:
    EDITION = json.load(fh)
LANGS = ("en", "ru", "es")
GOLDEN = os.path.join(ROOT, "tests", "golden")
UPDATE = os.environ.get("UPDATE_GOLDEN") == "1"

FOUR = """origin players=yellow,red,blue,green
next
next
next
next
next
next
trigger tiles
next
next
undo
next
next
next
score red goals=6,5,5,4,4 hand=3 hunt=4 straits=4,5 tiles=2,2,1,1,1
score yellow goals=7,5,4 hand=4 hunt=8,6 straits=3 tiles=3,2,1,1 trophies=2
score blue goals=6,6,5 hand=2 straits=5,4,3 tiles=2,1,1,1,1 trophies=1 treasure=yes
score green goals=5,4 hand=5 hunt=5 tiles=4,3,2
score green goals=5,4,4""".splitlines()

TWO = """origin players=green,red
next
next
next
trigger goal-deck pawns
next
next
score green goals=5,5 hand=2 hunt=7 straits=3 tiles=1,1,1
score red goals=8 hand=4 hunt=6 straits=4 tiles=2,1""".splitlines()


def replayed(lines):
    ss = Session(origin, EDITION, lines[0])
    for a in lines[1:]:
        ss.apply(a)
    return ss.view()


@pytest.mark.parametrize("board,lines", [("pico_oled", FOUR), ("esp32_tdisplay", TWO), ("pico_oled", TWO)],
                         ids=["pico_oled-four", "esp32_tdisplay-two", "pico_oled-two"])
def test_a_whole_game_through_the_buttons(board, lines, tmp_path):
    data = str(tmp_path / "device")
    app, prof = device.build(board, data, 1)
    keys = kp.play(app, lines)
    assert set(keyplan.given(PROFILES[prof["profile"]], keys)) <= set(PROFILES[prof["profile"]].values())
    if prof["profile"] == "two":
        assert "up" not in keys
    expected = replayed(lines)
    assert app.play.view() == expected and expected["over"]
    with open(os.path.join(data, "game", "journal.txt")) as fh:
        assert [ln.rsplit(" #", 1)[0].split(" #edition ")[0] for ln in fh.read().splitlines()] == lines
    again, _ = device.build(board, data, 9)
    assert again.play.view() == expected
    assert type(again.screens.stack[0]).__name__ == "Home"
    assert again.screens.stack[0].title == "Winner: %s" % expected["winner"].capitalize()


def test_a_typical_turn_is_two_presses_and_the_home_shows_the_last_turns():
    app, _ = device.build("pico_oled", None, 1)
    keys = []
    kp.setup(app, FOUR[0], keys)
    home = app.screens.stack[-1]
    assert home.title == "Round 1" and home.rows[home.cur][0] == "Yellow"
    keys = []
    kp.action(app, "next", keys)
    assert keys == ["ok", "ok"]
    assert app.play.view()["turn"] == "red" and app.screens.stack[-1].rows[app.screens.stack[-1].cur][0] == "Red"
    kp.action(app, "trigger settlements", keys)
    assert app.play.view()["trigger"]["by"] == "red"
    kp.action(app, "next", keys)
    home = app.screens.stack[-1]
    assert home.title == "Last turns"
    assert [r[1] for r in home.rows] == ["1 more turn", "done", "turn", "1 more turn"]


def test_setup_reminds_two_or_three_players_of_the_medium_pawns():
    app, _ = device.build("pico_oled", None, 1)
    keys = []
    kp.go_to_row(app, lambda r: r[0] == "Origin", keys)
    scr = app.screens.stack[-1]
    scr.n = 3
    scr.refresh(app)
    kp.go_to_row(app, lambda r: r[0] == "Start game", keys)
    text = " ".join(r[0] for r in app.screens.stack[-1].rows)
    assert "medium pawns" in text and "pawns left: 27" in text
    assert app.play.view()["seating"] == ["red", "blue", "green"]


def test_a_refused_score_shows_the_reason_in_russian_and_changes_nothing(tmp_path):
    app, _ = device.build("pico_oled", None, 1, lang="ru")
    keys = []
    kp.setup(app, TWO[0], keys)
    for a in TWO[1:7]:
        kp.action(app, a, keys)
    before = app.play.view()
    app.key("ok")
    kp.go_to_row(app, lambda r: r[0] == "Зелёный", keys)
    sheet = app.screens.stack[-1]
    sheet.draft["tiles"] = [20, 20, 0, 0, 0]
    sheet.refresh(app)
    save = sheet.rows[-1]
    assert save[3] == "Тайлов инноваций всего 30, а не 40"
    kp.go_to_row(app, lambda r: r is save, keys)
    assert "Тайлов инноваций всего 30, а не 40" in " ".join(r[0] for r in app.screens.stack[-1].rows)
    assert app.play.view() == before


# ---------------------------------------------------------------- words

def table(lang, game=True):
    with open(device.words_path(lang, "origin" if game else None), encoding="utf-8") as fh:
        return json.load(fh)


specs = langs.specs


@pytest.mark.parametrize("lang", LANGS[1:])
def test_every_key_in_every_language_with_the_same_placeholders(lang):
    en, other = table("en"), table(lang)
    assert sorted(langs.needed(k for k in en if not k.startswith("_"))) == sorted(
        langs.needed(k for k in other if not k.startswith(("_", "r:"))))
    assert langs.short_forms_match(en) == langs.short_forms_match(other) == []
    for k in langs.needed(en):
        assert specs(en[k]) == specs(other[k]), k
        if re.search("[a-z]{3}", en[k]) and k not in ("o.c.blue",):
            assert other[k] != en[k] or lang == "es" and k in (), (lang, k)
    fmts = [k[2:] for k in other if k.startswith("r:")]
    assert len(fmts) >= 5
    src = open(os.path.join(ROOT, "firmware", "games", "origin", "engine.py")).read()
    for fmt in fmts:
        assert '"%s"' % fmt in src or '"%s' % fmt in src, fmt
        assert specs(fmt) == specs(other["r:" + fmt])
    assert "_translated" in table("es")


def _layouts():
    from firmware.core.font import Font
    from firmware.screenkit.layout import Layout
    small = Font(os.path.join(ROOT, "assets", "fonts", "small.fnt"))
    large = Font(os.path.join(ROOT, "assets", "fonts", "large.fnt"))
    return {"mono": Layout(128, 64, small, False), "colour": Layout(240, 135, large, True)}


LAYOUTS = _layouts()
NAMES = ("red", "blue", "green", "yellow")


def places(t, lay):
    f = lay.font
    row = lay.w - 4

    def right(label, rtext):
        return (label, row - (f.width(rtext) + 2 if rtext else 0) - f.width(" "), "row " + label)

    title = lay.w - 2
    out = []
    longest = max((t["o.c." + c] for c in NAMES), key=f.width)
    for k in ("o.last_turns", "o.scoring", "o.shared", "o.what", "o.hand", "o.tiles", "o.trophies",
              "m.standings", "m.results", "m.history"):
        out.append((t[k], title, "title " + k))
    for k in ("o.goals", "o.hunt", "o.straits"):  # with the sum at the right
        out.append((t[k], title - f.width("= 300") - 2, "title " + k))
    out.append((t["o.round"] % 99, title, "title round"))
    out.append((t["h.winner"] % longest, title, "winner"))
    out.append((longest, title - f.width(t["o.r"] % 99) - 2, "menu title"))
    for c in NAMES:
        for st in ("o.turn", "o.triggered", "o.done", "o.one_more"):
            out.append(right(t["o.c." + c], t[st]))
        for n in (1, 2, 199):
            out.append(right("4 " + t["o.c." + c], langs.forms(t["o.vp"])[-1] % n))
    out.append(right(t["s.players"], "4"))
    out.append(right(t["o.youngest"], longest))
    out.append(right(t["o.seat"] % 4, longest))
    for x in EDITION["supplies"]:
        out.append(right(t["o.s." + x[0]], "\u2713"))
    out.append(right(t["o.end_turn"], t["o.last"]))
    out.append(right(t["o.ran_out"], ">"))
    for k in ("o.goals", "o.hand", "o.hunt", "o.straits", "o.tiles", "o.trophies"):
        out.append(right(t[k], "199"))
        out.append(right(" " + t[k], "99"))
        out.append((t[k], lay.w - 4 - f.width("99") - 2, "number field " + k))
    out.append(right(t["o.treasure"], max((t["m.yes"], t["m.no"]), key=f.width)))
    out.append(right(" " + t["o.treasure"], "48"))
    out.append(right(t["o.save"], langs.forms(t["o.vp"])[-1] % 199))
    out.append(right(t["o.remove"], ""))
    out.append(right(t["o.done"], "6,5,5,4"))
    out.append(right(t["o.add"] % 15, ""))
    out.append(right(t["o.confirm"], ""))
    out.append(((t["o.level"] % 5), lay.w - 4 - f.width("30") - 2, "level field"))
    for k in ("o.a.next",):
        out.append((t[k], lay.w - 4, "history"))
    out.append((t["o.a.score"] % longest, lay.w - 4, "history"))
    return out


def message_words(t, lay):
    longest = max((t["o.c." + c] for c in NAMES), key=lay.font.width)
    out = []
    for k, v in t.items():
        if k.startswith(("o.e.", "o.a.", "r:", "o.pick_one", "o.full")):
            filled = " ".join(re.sub(r"%[-+ 0-9]*d", "20", x).replace("%s", longest) for x in langs.forms(v))
            for word in filled.split(" "):
                out.append((word, lay.w - 4, "message " + k))
    return out


@pytest.mark.parametrize("layout", sorted(LAYOUTS))
@pytest.mark.parametrize("lang", LANGS)
def test_every_string_fits_its_place(lang, layout):
    lay = LAYOUTS[layout]
    t = dict(table(lang, game=False))
    t.update(table(lang))
    bad = [("%s: %r %d>%d" % (where, s, lay.font.width(s), room)) for s, room, where
           in places(t, lay) + message_words(t, lay) if lay.font.width(s) > room]
    assert bad == []


@pytest.mark.parametrize("lang", LANGS)
def test_every_character_has_a_glyph(lang):
    from firmware.core.font import Font
    for fname in ("small.fnt", "large.fnt"):
        font = Font(os.path.join(ROOT, "assets", "fonts", fname))
        assert sorted(set(ch for v in table(lang).values() for ch in v if not font.has(ch))) == []


# ---------------------------------------------------------------- screens

# name: (actions entered first, then keys or "row:LABEL KEY" steps)
SCREENS = {
    "origin_setup": (None, ["row:g.origin"]),
    "origin_reminders": (None, ["row:g.origin", "ok", "row:m.start"]),
    "origin_home": (FOUR[:6], []),
    "origin_menu": (FOUR[:6], ["ok"]),
    "origin_supplies": (FOUR[:6], ["ok", "row:o.ran_out", "ok"]),
    "origin_last": (FOUR[:10], []),
    "origin_scoring": (FOUR[:15], []),  # the menu stays open after a sheet is saved
    "origin_sheet": (FOUR[:15], ["ok"]),
    "origin_goals": (FOUR[:15], ["ok", "ok", "ok"]),
    "origin_final": (FOUR, []),
    "origin_results": (FOUR, ["ok", "ok"]),
    "origin_history": (FOUR[:10], ["back"]),
}
BOARDS = ("pico_oled", "pico_display")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("name", sorted(SCREENS))
def test_golden_screen(name, board, lang, tmp_path):
    from firmware.core.text import t
    lines, steps = SCREENS[name]
    app, _ = device.build(board, None, 1, lang=lang)
    keys = []
    if lines:
        kp.setup(app, lines[0], keys)
        for a in lines[1:]:
            kp.action(app, a, keys)
    cut = goldens.watch_cuts(app)
    for step in steps:
        if step.startswith("row:"):
            label = t(step[4:])
            assert kp.go_to_row(app, lambda r: r[0] == label, keys), label
        else:
            app.key(step)
    goldens.check(app, lang, board, name, cut, tmp_path)
