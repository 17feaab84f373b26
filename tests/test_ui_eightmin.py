"""Eight-Minute Empire through the buttons: whole games played with the
keys only (four buttons and two) must equal the replay of their
transcripts; the game's words in every language, fitting their places;
golden screenshots of the main screens, nothing cut short.
To accept new screenshots after a deliberate change:
    UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/test_ui_eightmin.py
and look at tests/golden/ before committing."""
import json
import os
import re

import pytest

import goldens
import langs

from host_sim import device, keyplan
from firmware.games.eightmin import host as kp
from firmware.core.session import Session
from firmware.games import eightmin
from firmware.screenkit.nav import PROFILES

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GOLDEN = os.path.join(ROOT, "tests", "golden")
UPDATE = os.environ.get("UPDATE_GOLDEN") == "1"
LANGS = ("en", "ru", "es")
with open(os.path.join(ROOT, "assets", "eightmin", "edition.json")) as f:
    EDITION = json.load(f)


def transcript(name):
    with open(os.path.join(ROOT, "tests", "scenarios", name + ".txt")) as f:
        lines = [ln.split("#")[0].strip() for ln in f.read().splitlines()]
    return [ln for ln in lines if ln]


def seeded(line, seed):
    return line if "seed=" in line else "%s seed=%d" % (line, seed)


def replayed(lines):
    ss = Session(eightmin, EDITION, lines[0])
    for a in lines[1:]:
        ss.apply(a)
    return ss.view()


GAMES = [("pico_oled", "eightmin_three", 1), ("esp32_tdisplay", "eightmin_three", 1),
         ("pico_oled", "eightmin_two_full", 7), ("esp32_tdisplay", "eightmin_two_full", 7)]


@pytest.mark.parametrize("board,name,seed", GAMES, ids=["%s-%s" % g[:2] for g in GAMES])
def test_a_whole_game_through_the_buttons(board, name, seed, tmp_path):
    lines = transcript(name)
    data = str(tmp_path / "device")
    app, prof = device.build(board, data, seed)
    keys = kp.play(app, lines)
    assert set(keyplan.given(PROFILES[prof["profile"]], keys)) <= set(PROFILES[prof["profile"]].values())
    if prof["profile"] == "two":
        assert "up" not in keys
    lines[0] = seeded(lines[0], seed)
    expected = replayed(lines)
    assert app.play.view() == expected and expected["over"]
    with open(os.path.join(data, "game", "journal.txt")) as f:
        records = [ln.rsplit(" #", 1)[0].split(" #edition ")[0] for ln in f.read().splitlines()]
    assert records == lines
    # pull the plug, boot again: the same game, on its home screen
    again, _ = device.build(board, data, 999)
    assert again.play.view() == expected
    assert type(again.screens.stack[0]).__name__ == "Home"


def _to(app, lines, upto):
    keys = []
    kp.setup(app, lines[0], keys)
    for a in lines[1:upto]:
        kp.action(app, a, keys)
    kp.dismiss(app, keys)
    return keys


def test_bids_stay_secret_until_all_are_in():
    lines = transcript("eightmin_three")
    app, _ = device.build("pico_oled", None, 1)
    _to(app, lines, 3)  # red and blue have bid
    shown = []
    for scr in ("home", "menu", "history"):
        if scr == "home":
            app.key("home")
        if scr == "menu":
            app.key("ok")
        if scr == "history":
            app.key("back")
            app.key("back")
        assert type(app.screens.stack[-1]).__name__ == {"home": "Home", "menu": "TurnMenu", "history": "Menu"}[scr]
        shown += [" ".join(r[:2]).strip() for r in app.screens.stack[-1].rows] + [app.screens.stack[-1].title]
    # "2/3" is how many have bid; no "2" alone, the amount bid
    assert not any(re.search(r"(?<!/)\b2\b(?!/)", s) for s in shown), shown
    assert "Red bid" in shown
    # the undo note does not tell the amount either
    app.key("undo")
    assert "2" not in " ".join(r[0] for r in app.screens.stack[-1].rows)
    app.key("ok")
    # after the reveal the history says the amounts
    app, _ = device.build("pico_oled", None, 1)
    _to(app, lines, 9)
    app.key("home")
    app.key("back")
    assert "Red bid 3" in [r[0] for r in app.screens.stack[-1].rows]


@pytest.mark.parametrize("lang,first", [("en", "Start continent"), ("ru", "Стартовый континент"), ("es", "Continente de salida")])
def test_the_continents_are_named_from_the_start_region_clockwise(lang, first):
    # the board numbers no continent: the regions are entered for the
    # start region's continent, then the others clockwise round the board
    from firmware.games.eightmin import screens
    lines = transcript("eightmin_three")
    app, _ = device.build("pico_oled", None, 1, lang=lang)
    _to(app, lines, lines.index("regions red 2 1 0 1"))
    screens._sheet("red", "regions")(app)
    labels = [r[0] for r in app.screens.stack[-1].rows]
    assert labels[0] == first and len(labels) == 4 and len(set(labels)) == 4
    assert not any(ch.isdigit() for ch in labels[0]) and all(any(ch.isdigit() for ch in x) for x in labels[1:])


def test_a_card_too_dear_is_greyed_with_the_reason():
    app, _ = device.build("pico_oled", None, 1)
    _to(app, ["eightmin players=red,blue", "bid red 14", "bid blue 0"], 3)
    app.key("ok")
    rows = app.screens.stack[-1].rows
    assert rows[0][2] == "take red 1" and rows[0][3] is None
    assert rows[1][3] == "Red's coins: 0; the card at position 2 costs 1"
    before = app.play.view()
    app.screens.stack[-1].select(5)
    app.key("ok")
    assert app.screens.stack[-1].title == "Not allowed" and app.play.view() == before


def test_setup_reminders_and_leds(tmp_path):
    app, _ = device.build("pico_oled", None, 1)
    keys = []
    kp.go_to_row(app, lambda r: r[0] == "Eight-Minute Empire", keys)
    kp.setup(app, "eightmin players=blue,orange", keys[:0])
    app, _ = device.build("pico_oled", None, 1)
    kp.go_to_row(app, lambda r: r[0] == "Eight-Minute Empire", keys)
    scr = app.screens.stack[-1]
    # two players: the reminders name the neutral armies and the 5-player cards
    import host_sim.keyplan as k0
    lines_seen = []
    orig = k0.dismiss

    def spy(app, keys):
        if app.screens.stack[-1].title == "Set up the board":
            lines_seen.extend(r[0] for r in app.screens.stack[-1].rows)
        orig(app, keys)
    kp.dismiss = spy
    try:
        kp.setup(app, "eightmin players=blue,orange", [])
    finally:
        kp.dismiss = orig
    text = " ".join(lines_seen)
    assert "14 coins each" in text and "10 neutral armies" in text and "13 cards" in text
    assert "cards marked 5" in text
    assert scr is not None
    kp.action(app, "bid blue 3", [])
    kp.action(app, "bid orange 1", [])
    assert app.board.px.turn == "blue" and set(app.board.px.colours) == {"blue", "orange"}


# ------------------------------------------------------------------ words

def table(lang):
    with open(device.words_path(lang, "eightmin"), encoding="utf-8") as f:
        return json.load(f)


specs = langs.specs


@pytest.mark.parametrize("lang", LANGS[1:])
def test_every_key_in_every_language_with_the_same_placeholders(lang):
    en, other = table("en"), table(lang)
    keys = langs.needed(k for k in en if not k.startswith("_"))
    assert sorted(keys) == sorted(langs.needed(k for k in other if not k.startswith("_")))
    assert langs.short_forms_match(en) == langs.short_forms_match(other) == []
    for k in keys:
        assert specs(en[k]) == specs(other[k]), (k, other[k])
        if k.startswith("r:"):
            assert specs(k[2:]) == specs(other[k]), k
    assert "_translated" in table("es")
    # the game's words never leave English behind (colours spelled alike aside)
    same = [k for k in keys if other[k] == en[k] and re.search("[a-z]{3}", en[k])]
    assert same == []


def test_every_refusal_the_screens_meet_is_translated():
    en = table("en")
    for fmt in ("%s has %d coins; the card at position %d costs %d", "it is %s's turn, not %s's",
                "finish this game's scoring first", "this was the last game", "the game is over"):
        assert "r:" + fmt in en
    for c in ("red", "blue", "green", "yellow", "purple", "black", "orange", "white"):
        assert "w." + c in table("ru") and "8.c." + c in table("es")


def layouts():
    from firmware.core.font import Font
    from firmware.screenkit.layout import Layout
    small = Font(os.path.join(ROOT, "assets", "fonts", "small.fnt"))
    large = Font(os.path.join(ROOT, "assets", "fonts", "large.fnt"))
    return {"mono": Layout(128, 64, small, False), "colour": Layout(240, 135, large, True)}


LAYOUTS = layouts()
COLOURS = ("red", "blue", "green", "yellow", "purple", "black", "orange", "white")


def places(t, lay):
    """(text, room in pixels) for every string the screens draw on one line
    (the words in their form for the count, or the short form where the
    screens choose it: text.fn, text.fit; t is the table in use)."""
    from firmware.core.text import fit, fn
    fw = lay.font.width
    w = lay.w
    rw = w - 4
    title = w - 2
    status = fw("3/3") + 4

    def right(label, r):
        return (label, rw - (fw(r) + 2 if r else 0) - fw(" "))

    out = []
    for k in ("8.h.tie", "8.h.scoring", "8.m.bids", "8.m.youngest", "8.m.results", "8.m.next_game", "s.order"):
        out.append((t[k], title - status))
    out.append((t["8.h.bids"] % (5, 5), title - status))
    out.append((t["8.m.game_results"] % 3, title - status))
    for c in COLOURS:
        who = t["8.c." + c] if lay.colour else t["8.i." + c]
        out.append((t["8.h.turn"] % who, title - status))
        out.append((fit("8.h.last", title - status, fw, (who,)), title - status))
        for n in (1, 2, 14):
            out.append((fn("8.m.turn", n, who, n), title - fw("13/13") - 4))
            out.append(right(t["8.c." + c], fit("8.h.coins_cards", rw - fw(t["8.c." + c] + " "), fw, (n, 13, 13), n)))
            out.append(right(t["8.c." + c], fn("8.h.coins", n)))
            out.append(right(t["8.c." + c], fn("8.m.vp", n)))
            out.append(right("5 " + who, fn("8.m.vp", n)))
        out.append(right(t["8.c." + c], t["8.h.bid_in"]))
        out.append(right(t["8.c." + c], t["8.h.bid"] % 14))
        out.append(right(t["8.s.seat"] % 5, t["8.c." + c]))
        out.append(right(t["8.s.youngest"], t["8.c." + c]))
        for k in ("regions", "goods", "tokens", "armies"):
            out.append(right("%s %s" % (t["8.i." + c], t["8.m." + k]), "42"))
        out.append((t["8.a.bid"] % (t["8.i." + c], 14), rw))
        out.append((t["8.a.take"] % (t["8.i." + c], 6), rw))
        out.append((t["8.a.adjust"] % (t["8.i." + c], "+20"), rw))
        out.append((t["8.a.youngest"] % t["8.i." + c], rw))
    out.append(right(t["8.m.card"] % 6, t["8.m.price"] % 3))
    for k in ("8.s.dice", "8.s.tokens", "8.s.full"):
        out.append(right(t[k], max((t["s.on"], t["s.off"]), key=fw)))
    # a number field's label: whole where it fits beside its value (Numbers.draw)
    for k in ("8.k.crystal", "8.k.iron", "8.k.wood", "8.k.tools", "8.k.food", "8.k.wild", "8.f.bid", "8.f.armies",
              "8.f.coins"):
        out.append(right(fit(k, rw - fw("-20 "), fw), "-20"))
    out.append(right(t["8.f.continent"] % 4, "12"))
    for i in range(1, 5):
        out.append(right(fit("8.f.cont%d" % i, rw - fw("12 "), fw), "12"))
    out.append((fit("8.m.break", rw, fw, (20, 4, 20)), rw))
    for k in ("8.m.coins_left", "8.m.coins_left~"):
        if k in t:
            left = fn(k, 44) + fn(k.replace("coins_left", "armies_n"), 14)
            if fw(left) <= rw or k + "~" not in t:
                break
    out.append((left, rw))
    out.append(right(t["8.m.totals"], ""))
    return out


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("kind", ["mono", "colour"])
def test_every_string_fits_its_place(lang, kind):
    from firmware.core import text
    lay = LAYOUTS[kind]
    t = device.words(lang, "eightmin")
    text.use(t)
    bad = [(s, lay.font.width(s), room) for s, room in places(t, lay) if lay.font.width(s) > room]
    assert bad == []


# ------------------------------------------------------------------ screenshots

THREE = transcript("eightmin_three")
SHOTS = {
    "eightmin_setup": (None, []),
    "eightmin_bids": (3, ["home", "ok"]),
    "eightmin_home": (20, ["home"]),
    "eightmin_turn": (20, ["home", "ok"]),
    "eightmin_scoring": (len(THREE) - 3, ["home", "ok"]),
    "eightmin_final": (len(THREE), ["home"]),
}
SHOT_BOARDS = ("pico_oled", "pico_display")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("board", SHOT_BOARDS)
@pytest.mark.parametrize("name", sorted(SHOTS))
def test_golden_screen(name, board, lang, tmp_path):
    upto, steps = SHOTS[name]
    app, _ = device.build(board, None, 1, lang=lang)
    cut = goldens.watch_cuts(app)
    from firmware.core.text import t
    if upto is None:
        assert kp.go_to_row(app, lambda r: r[0] == t("g.eightmin"), [])
    else:
        _to(app, THREE, upto)
    for k in steps:
        app.key(k)
    goldens.check(app, lang, board, name, cut, tmp_path)
