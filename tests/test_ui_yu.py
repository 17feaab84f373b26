"""Legacy of Yu through the buttons: whole campaigns played on each board
profile equal the replay of their transcripts, the journal holds them, a
campaign resumes after a power cycle; every string of the game's language
tables fits its place; golden screenshots of the main screens."""
import json
import os

import pytest

import goldens
import langs

from firmware.core.session import Session
from firmware.games import yu
from firmware.screenkit.nav import PROFILES
from host_sim import device, keyplan
from firmware.games.yu import host as keyplan_yu

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
with open(os.path.join(ROOT, "assets", "yu", "edition.json")) as f:
    EDITION = json.load(f)
BOARDS = ("pico_oled", "esp32_tdisplay")


def transcript(name, upto=None):
    with open(os.path.join(ROOT, "tests", "scenarios", name + ".txt")) as f:
        lines = [ln.split("#")[0].strip() for ln in f.read().splitlines()]
    lines = [ln for ln in lines if ln]
    return lines if upto is None else lines[:upto]


def replayed(lines):
    ss = Session(yu, EDITION, lines[0])
    for a in lines[1:]:
        ss.apply(a)
    return ss.view()


def journal(data):
    with open(os.path.join(data, "game", "journal.txt")) as f:
        return [ln.rsplit(" #", 1)[0].split(" #edition ")[0] for ln in f.read().splitlines()]


@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("name", ("yu_campaign", "yu_gold"))
def test_a_whole_campaign_through_the_buttons(board, name, tmp_path):
    lines = transcript(name)
    if name == "yu_campaign":
        # an undo and its redo in the middle of a game
        i = lines.index("attack")
        lines = lines[:i + 1] + ["undo", "attack"] + lines[i + 1:]
    data = str(tmp_path / "device")
    app, prof = device.build(board, data, 1)
    keys = keyplan_yu.play(app, lines)
    assert set(keyplan.given(PROFILES[prof["profile"]], keys)) <= set(PROFILES[prof["profile"]].values())
    if prof["profile"] == "two":
        assert "up" not in keys
    expected = replayed(lines)
    assert app.play.view() == expected
    assert journal(data) == lines
    # the home screen: the campaign with its last result and story, or the game begun
    from firmware.core.text import t
    home = app.screens.stack[0]
    assert type(home).__name__ == "Home" and home.view["in_game"] == expected["in_game"]
    last = expected["last_result"]
    if expected["over"]:
        labels = [r[0] for r in home.rows]
        assert home.title == t("y.c.over_win") and t("y.story.gold") in labels
        assert [r[1] for r in home.rows if r[0] == "Game %d" % last["game"]] == ["won"]
    else:
        assert home.title == "Game 5, round 1"
    # the history: every game with its result or cause, newest first
    app.key("back")
    hist = app.screens.stack[-1]
    games = [(r[0], r[1]) for r in hist.rows if r[0].startswith("Game ") and r[2] is not None]
    want = [("Game %d" % h["game"], "won" if h["result"] == "win" else h["cause"]) for h in expected["history"]]
    assert games == list(reversed(want))
    # power cycle: the same campaign, on its home screen
    again, _ = device.build(board, data, 999)
    assert again.play.view() == expected
    assert type(again.screens.stack[0]).__name__ == "Home"


def test_a_typical_round_takes_few_presses(tmp_path):
    app, _ = device.build("pico_oled", None, 1)
    keys = []
    keyplan_yu.setup(app, "yu", keys)
    keyplan_yu.action(app, "game-start", keys)
    n = len(keys)
    for a in ("next", "canal", "attack", "next", "next", "barbarians +1", "next"):
        keyplan_yu.action(app, a, keys)
    keyplan_yu.dismiss(app, keys)
    v = app.play.view()
    assert (v["round"], v["phase"], v["canals"], v["barbarians"]) == (2, "harvest", 1, 1)
    assert len(keys) - n <= 20, keys[n:]


def test_resume_mid_game_after_a_power_cycle_and_undo_there(tmp_path):
    lines = transcript("yu_campaign")
    half = lines.index("reshuffle 9")  # the deck ran out: a reshuffle is asked
    data = str(tmp_path / "device")
    app, _ = device.build("pico_oled", data, 1)
    keys = []
    keyplan_yu.setup(app, lines[0], keys)
    for a in lines[1:half]:
        keyplan_yu.action(app, a, keys)
    keyplan_yu.dismiss(app, keys)
    before = app.play.view()
    assert before["pending"] == {"need": 4, "why": "harvest"}
    app2, _ = device.build("pico_oled", data, 1)
    assert app2.play.view() == before
    home = app2.screens.stack[0]
    assert type(home).__name__ == "Home" and home.view["in_game"]
    app2.key("ok")
    menu = app2.screens.stack[-1]
    assert type(menu).__name__ == "PhaseMenu"
    assert menu.rows[menu.cur][2] is not None and menu.rows[0][1] == "need 4"
    app2.key("back")
    app2.key("undo")  # the long BACK press
    assert app2.play.view() == replayed(lines[:half - 1])
    app2.key("ok")  # close the note
    for a in lines[half - 1:]:
        keyplan_yu.action(app2, a, keys)
    assert app2.play.view() == replayed(lines)


def test_a_refused_row_says_why_and_changes_nothing():
    app, _ = device.build("pico_oled", None, 1)
    keys = []
    keyplan_yu.setup(app, "yu", keys)
    for a in ("game-start", "next", "canal"):
        keyplan_yu.action(app, a, keys)
    keyplan_yu.dismiss(app, keys)
    before = app.play.view()
    scr = app.screens.stack[-1]
    assert type(scr).__name__ == "PhaseMenu"
    canal = [i for i, r in enumerate(scr.rows) if r[2] == "canal"][0]
    assert "already built this round" in scr.rows[canal][3]
    scr.select(canal)
    app.key("ok")
    assert app.screens.stack[-1].title == "Not allowed"
    assert app.play.view() == before


def test_the_flood_warning_and_the_leds():
    app, _ = device.build("pico_oled", None, 1)
    keys = []
    keyplan_yu.setup(app, "yu", keys)
    keyplan_yu.action(app, "game-start", keys)
    assert app.play.ui.leds(app.play.view()) == ([], None)
    for a in ("round", "round"):
        keyplan_yu.action(app, a, keys)
    # round 3: this harvest runs the deck out and the flood marker's step loses
    # the warning comes whole, at once, on a screen of its own over the
    # home screen (too long for its top two rows), with the flood line
    # marked, and History keeps it
    report = app.screens.stack[-1]
    assert type(report).__name__ == "Report"
    text = " ".join(report.lines)
    assert "this harvest moves the flood marker" in text and "lose the game" in text
    home = app.screens.stack[-2]
    assert type(home).__name__ == "Home"
    flood = home.lines[3]
    assert flood[1] == "now!" and flood[2] is True
    assert app.play.ui.leds(app.play.view()) == (["blue"], "blue")
    app.screens.open_history()
    kept = " ".join(r[0].strip() for r in app.screens.stack[-1].rows)
    assert "this harvest moves the flood marker" in kept and "lose the game" in kept


# ---------------------------------------------------------------- strings

import re  # noqa: E402

from firmware.core import text  # noqa: E402
from firmware.core.font import Font  # noqa: E402
from firmware.screenkit.layout import Layout  # noqa: E402

LANGS = ("en", "ru", "es")
LAYOUTS = {"mono": Layout(128, 64, Font(os.path.join(ROOT, "assets", "fonts", "small.fnt")), False),
           "colour": Layout(240, 135, Font(os.path.join(ROOT, "assets", "fonts", "large.fnt")), True)}


def table(lang, game=True):
    with open(device.words_path(lang, "yu" if game else None), encoding="utf-8") as f:
        return json.load(f)


def specs(s):
    # "%.0s" takes its word and prints nothing: a translation may leave out
    # an English phrase the refusal carries
    found = langs.specs(s, r"%[-+ 0-9.]*[sdr%]")
    return [x.replace(".0", "") if isinstance(x, str) else x for x in found]


@pytest.mark.parametrize("lang", LANGS[1:])
def test_every_key_in_every_language_with_the_same_placeholders(lang):
    en, other = table("en"), table(lang)
    assert [k for k in langs.needed(en) if k not in other] == []
    assert [k for k in langs.needed(other) if k not in en and not k.startswith(("r:", "_"))] == []
    assert langs.short_forms_match(en) == langs.short_forms_match(other) == []
    for k in langs.needed(en):
        assert specs(en[k]) == specs(other[k]), (k, en[k], other[k])
    shown = [k for k in other if k.startswith("r:")]
    for k in shown:
        assert specs(k[2:]) == specs(other[k]), (k, other[k])
        assert other[k] != k[2:], k
    # every refusal format of the engine is translated
    import firmware.games.yu.engine as eng
    with open(eng.__file__) as f:
        src = f.read()
    fmts = re.findall(r'_refuse\("((?:[^"\\]|\\.)*)"(?:\s*\n\s*"((?:[^"\\]|\\.)*)")?', src)
    fmts = [a + b for a, b in fmts]
    assert len(fmts) >= 25
    assert [x for x in fmts if "r:" + x not in other] == []
    same = [k for k in langs.needed(en) if other[k] == en[k] and re.search("[a-z]{3}", en[k])]
    assert same == []
    if lang == "es":
        assert other["_translated"]


def test_refusals_in_russian_and_spanish():
    from firmware.core.errors import IllegalAction
    base = table("ru", False)
    base.update(table("ru"))
    text.use(base)
    s = yu.new("yu", EDITION)
    yu.apply(s, "game-start")
    e = yu.refusal(s, "canal")
    assert text.reason(e) == "Это делается в фазе «Действия», а сейчас фаза «Урожай»"
    e = IllegalAction("the active settler deck ran out (%d more card%s needed): first count the inactive settlers "
                      "and enter reshuffle N", (1, ""))
    assert "нужно ещё карт: 1)" in text.reason(e)
    base = table("es", False)
    base.update(table("es"))
    text.use(base)
    e = yu.refusal(s, "barbarians 9")
    assert text.reason(e) == "Hace falta un número entero de 0 a 7, no '9'"
    yu.apply(s, "next")
    yu.apply(s, "canal")
    assert text.reason(yu.refusal(s, "canal")).startswith("Ya se construyó un tramo")


def places(t, lay):
    """(text, room in pixels, where) for every string the Yu screens draw."""
    from firmware.games.yu.screens import box_width
    f = lay.font
    W = lay.w
    row = W - 4
    title = W - 2

    def right(label, rtext):
        return (label, row - (f.width(rtext) + 2 if rtext else 0) - f.width(" "), "row " + label)

    out = []
    for k in ("g.yu", "y.s.title", "y.s.wins", "y.s.losses", "y.c.over_win", "y.c.over_loss", "y.m.barbarians",
              "y.m.settlers", "y.m.loss", "y.m.reshuffle", "y.m.destroy", "y.m.take", "y.m.active", "y.m.draw",
              "m.history", "m.results"):
        out.append((t[k], title, "title " + k))
    for k in ("y.h.title",):
        out.append((t[k] % (13, 30), title, "title " + k))
    for k in ("y.r.won", "y.r.lost"):
        out.append((t[k] % 13, title, "title " + k))
    from firmware.games.yu.screens import _pair, flood_right, warning
    from firmware.screenkit.common import label

    from types import SimpleNamespace
    app = SimpleNamespace(board=SimpleNamespace(lay=lay))   # what common.label reads of the app
    status = f.width(t["y.m.status"] % 30) + 2
    from firmware.games.yu.words import phase
    for ph in ("harvest", "actions", "barge", "barbarians", "refresh"):
        out.append((phase(ph, title - status, f.width), title - status, "menu title " + ph))
        out.append((phase(ph, W - box_width(lay) - 6, f.width), W - box_width(lay) - 6, "home phase " + ph))
    out.append((t["y.m.ran_out"], title - status, "menu title"))
    out.append(right(t["y.s.wins"], "6"))
    out.append(right(t["y.s.losses"], "6"))
    out.append(right(t["y.s.start"], ">"))
    for k, v in (("y.f.so_far", "6"), ("y.f.inactive", "30"), ("y.f.on_display", "7"), ("y.f.change", "-7"),
                 ("y.f.cards", "30")):
        out.append(right(t[k], v))
    # the checklist's lines as the home screen makes them (screens._pair)
    out.append(right(*_pair(lay, ("y.h.canals", (6, 6)), ("y.h.barbarians", (7, 7), None))))
    out.append(right(t["y.h.settlers"] % 30, t["y.h.draw"] % 30))
    for empty, left in ((True, None), (False, 0), (False, 1), (False, 2), (False, 30)):
        fl = {"empty": empty, "rounds_left": left, "next_loses": True}
        out.append(right(*_pair(lay, ("y.h.flood", (6, 6)), lambda room, width: flood_right(fl, room, width))))
    if lay.colour:
        for wn in (("reshuffle", 30), ("deck-empty", True), ("deck-empty", False), ("flood", 0, True),
                   ("flood", 1, True), ("flood", 0, False), ("flood", 1, False), ("barbarians",),
                   ("finish-round",), ("refresh-count",)):
            out.append((warning(wn, row, f.width), row, "warning %s" % (wn,)))
    out.append(right(t["y.c.start"] % 13, ""))
    out.append(right(*_pair(lay, ("y.c.wins", (6, 7)), ("y.c.losses", (6, 7), None))))
    for k in ("y.win", "y.cause.flood", "y.cause.barbarians", "y.cause.damage"):
        out.append(right(t["y.c.game"] % 13, t[k]))
    for k in ("y.story.victory", "y.story.upper", "y.story.lower", "y.story.gold"):
        out.append(right(t[k], ""))
    out.append(right(t["m.history"], ">"))
    out.append(right(t["y.m.more"], ">"))
    out.append(right(t["y.c.carried"], "6/6"))
    for k, v in (("y.m.canal", "6/6"), ("y.m.attack", "7"), ("y.m.next", ""), ("y.m.round", ""),
                 ("y.m.barbarians", "7/7"), ("y.m.settlers", "30"), ("y.m.flood", "6/6"), ("y.m.loss", ">"),
                 ("y.m.reshuffle", t["y.m.need"] % 30), ("y.m.plus", ""), ("y.m.minus", ""), ("y.m.change", ""),
                 ("y.m.on_display", "7"), ("y.m.destroy", ""), ("y.m.take", ""), ("y.m.destroy_n", ">"),
                 ("y.m.take_n", ">"), ("y.m.active", "30"), ("y.m.draw", "30"), ("y.l.flood", ""),
                 ("y.l.barbarians", ""), ("y.l.damage", "")):
        out.append(right(label(app, k, v), v))
    for k in langs.needed(t):
        if k.startswith("y.a."):
            v = t[k] % max((t["y.cause." + c] for c in ("flood", "barbarians", "damage")), key=f.width) \
                if k == "y.a.loss" else (t[k] % "30" if "%s" in t[k] else t[k])
            # a history's line, and an action named beside Undo, go on as
            # many rows as they need (common.lines): each word fits one
            for word in v.split(" "):
                out.append((word, row, "history " + k))
    return out


def message_words(t, lay):
    out = []
    for k, v in t.items():
        if not k.startswith(("y.e.", "y.r.", "y.why.", "r:")):
            continue
        filled = " ".join(re.sub(r"%[-+ 0-9.]*[dr]", "30", x).replace("%.0s", "").replace("%s", "barbarians")
                          for x in langs.forms(v))
        for word in filled.split(" "):
            out.append((word, lay.w - 4, "message " + k))
    return out


@pytest.mark.parametrize("layout", sorted(LAYOUTS))
@pytest.mark.parametrize("lang", LANGS)
def test_every_string_fits_its_place(lang, layout):
    lay = LAYOUTS[layout]
    t = table(lang, False)
    t.update(table(lang))
    text.use(t)
    bad = []
    for s, room, where in places(t, lay) + message_words(t, lay):
        if lay.font.width(s) > room:
            bad.append("%s: %r is %d px, room %d" % (where, s, lay.font.width(s), room))
    assert bad == []


@pytest.mark.parametrize("lang", LANGS)
def test_every_character_has_a_glyph(lang):
    t = table(lang)
    for name in ("small.fnt", "large.fnt"):
        font = Font(os.path.join(ROOT, "assets", "fonts", name))
        missing = sorted(set(ch for v in t.values() for ch in v if not font.has(ch)))
        assert missing == [], (name, missing)


# ---------------------------------------------------------------- golden screens

GOLDEN = os.path.join(ROOT, "tests", "golden")
UPDATE = os.environ.get("UPDATE_GOLDEN") == "1"
C = transcript("yu_campaign")
G = transcript("yu_gold")


def _upto(lines, line, nth=1):
    """The transcript up to (without) the nth occurrence of line."""
    seen = 0
    for i, a in enumerate(lines):
        if a == line:
            seen += 1
            if seen == nth:
                return lines[:i]
    raise AssertionError(line)


AFTER_WIN = _upto(C, "game-start", 2)          # game 1 won, game 2 not begun
ACTIONS = _upto(C, "attack", 2)                # round 3, the actions phase, a canal built
RAN_OUT = _upto(C, "reshuffle 9")              # the harvest ran the deck out
BEFORE_BARBARIANS = _upto(C, "barbarians +2")  # game 3, one barbarian short of losing
# name: (journaled transcript or None, keys; "row:KEY" goes to the row of that
# language key and presses OK, "do:LINE" enters an action line)
SCREENS = {
    "yu_setup": (None, ["row:g.yu"]),
    "yu_campaign": (AFTER_WIN, []),
    "yu_game": (ACTIONS, []),
    "yu_menu": (ACTIONS, ["ok"]),
    "yu_settlers": (ACTIONS, ["ok", "row:y.m.settlers"]),
    "yu_reshuffle": (RAN_OUT, ["ok"]),
    "yu_result": (BEFORE_BARBARIANS, ["do:barbarians +2", "back"]),  # BACK: from the end's QR code
    "yu_last": (AFTER_WIN, ["down", "down", "ok"]),
    "yu_history": (C, ["back"]),
    "yu_gold": (G, []),
}
GOLDEN_BOARDS = ("pico_oled", "esp32_tdisplay")


def _journaled(tmp, lines):
    from firmware.core.journal import Journal
    data = os.path.join(str(tmp), "dev")
    j = Journal(os.path.join(data, "game"), yu, EDITION)
    j.start(lines[0])
    for a in lines[1:]:
        j.apply(a)
    return data


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("board", GOLDEN_BOARDS)
@pytest.mark.parametrize("name", sorted(SCREENS))
def test_golden_screen(board, name, lang, tmp_path):
    from firmware.core.text import t
    from host_sim import keyplan
    lines, steps = SCREENS[name]
    data = _journaled(tmp_path, lines) if lines else str(tmp_path / "fresh")
    app, _ = device.build(board, data, 1, lang=lang)
    cut = goldens.watch_cuts(app)
    keys = []
    for step in steps:
        if step.startswith("row:"):
            label = t(step[4:])
            assert keyplan.go_to_row(app, lambda r: r[0] == label, keys), (name, label)
        elif step.startswith("do:"):
            keyplan_yu.action(app, step[3:], keys)
        else:
            app.key(step)
    goldens.check(app, lang, board, name, cut, tmp_path)
