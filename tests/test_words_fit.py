"""Every word readable: the scripted games of all four games, played with
the buttons on every board's screen (128x64 mono, 240x135 and 160x128
colour) in every language, draw no text cut short and none past the
screen's edge; every short form on a screen is in the language's glossary
(docs/glossary/LANG.json), and no two short forms of one screen can be
read as each other's word (after every press, the screen as drawn, read
back as text: host_sim/textshot.py)."""
import glob
import json
import os
import re

import pytest

import goldens
import langs
from bench import presses, scripts
from firmware.games import NAMES
from host_sim import device, keyplan
from host_sim.textshot import TextShot

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))



def one_board_a_screen():
    """A board of boards/ for each screen the words are laid out on (its
    size, font and buttons): a board added with a screen of its own is
    tested here too."""
    seen = {}
    for b in device.BOARDS:
        p = device.board(b)
        seen.setdefault((p["width"], p["height"], p["colour"], p["font"], p["profile"]), b)
    return tuple(seen.values())


BOARDS = one_board_a_screen()
LANGS = ("en", "es", "ru")
GAMES = NAMES     # every game of the registry


def watch(app):
    """(cut, off), filled from now on: the texts the layout cuts short, and
    (screen, text) for those drawn past the right edge."""
    cut = goldens.watch_cuts(app)
    off = []
    cv = app.board.cv
    text = cv.text

    def watch_text(x, y, s, c=1):
        if s and x + cv.text_width(s) > cv.width:
            off.append((type(app.screens.stack[-1]).__name__ if app.screens.stack else None, s))
        return text(x, y, s, c)
    cv.text = watch_text
    return cut, off


def walk(board, lang, game):
    """(cut, off, screens) while the game's script is played on the board,
    the screen drawn after every press: cut and off of watch(), and the
    text of each screen drawn (TextShot.lines, each screen once)."""
    app, _ = device.build(board, None, scripts.SEED, lang=lang)
    app.board.seed = lambda: scripts.SEED
    cut, off = watch(app)
    shot = TextShot(app.board.cv, app.board.lay)
    screens = {}
    key = app.key

    def key_and_draw(k, at=None):
        key(k, at)
        app.render()
        screens[tuple(shot.lines())] = None
    app.key = key_and_draw
    app.screens.dirty = True
    app.render()
    screens[tuple(shot.lines())] = None
    lines = presses._lines(game)
    keyplan.play(app, lines, keyplan.planner(game))
    assert app.play.session is not None and app.play.session.count > len(lines) // 2
    return sorted(set(cut)), sorted(set(off)), list(screens)


def words_of(lang):
    """(vocabulary, initials) of lang's tables: its whole words, and the
    players' initials (keys i.*, 8.i.*)."""
    tables = []
    for p in [os.path.join(ROOT, "assets", "lang", lang + ".json")] + \
            sorted(glob.glob(os.path.join(ROOT, "firmware", "games", "*", "lang", lang + ".json"))):
        with open(p, encoding="utf-8") as f:
            tables.append(json.load(f))
    initials = set(v for tb in tables for k, v in tb.items() if k.startswith(("i.", "8.i.")))
    return langs.vocabulary(tables), initials, tables


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("board", BOARDS)
def test_no_text_is_cut_or_runs_off_the_screen_and_every_short_form_is_known(board, lang):
    vocab, initials, _ = words_of(lang)
    gloss = langs.glossary(lang)
    words = langs.lookup(gloss)
    found = {}
    for game in GAMES:
        cut, off, screens = walk(board, lang, game)
        unknown = set()
        alike = set()
        for lines in screens:
            forms = langs.short_forms(lines, vocab, initials, gloss)
            unknown.update(x for x in forms if langs.norm(x) not in words)
            if not unknown:
                alike.update(langs.confusable(forms, words))
        if cut or off or unknown or alike:
            found[game] = {"cut": cut, "off": off, "not in the glossary": sorted(unknown),
                           "alike on one screen": sorted(alike)}
    assert found == {}


@pytest.mark.parametrize("lang", LANGS)
def test_the_glossary_holds_every_short_form_of_the_tables_once(lang):
    """Each short form of the word tables (a word cut by a full stop, a unit
    glued to a number, a player's initials) is in the glossary; each stands
    for one word, which it abbreviates (its letters in order from the
    word's first), and no word has two."""
    vocab, initials, tables = words_of(lang)
    gloss = langs.glossary(lang)
    words = langs.lookup(gloss)
    missing = set()
    for tb in tables:
        for k, v in tb.items():
            if k.startswith(("_", "r:", "x.")):
                continue
            for form in langs.forms(v):
                line = re.sub(r"%[-+ 0-9]*d", "5", form).replace("%.0s", "").replace("%s", "X")
                missing.update((x, k) for x in langs.short_forms([line], vocab, initials, gloss)
                               if langs.norm(x) not in words)
    assert sorted(missing) == []
    assert [(k, w) for k, w in gloss.items()
            if langs.letters(k) and not any(langs.abbreviates(k, x) for x in w.split(" / "))] == []
    seen = {}
    for k, w in gloss.items():
        assert w.casefold() not in seen, (lang, w, k, seen[w.casefold()])
        seen[w.casefold()] = k
    # the checks can fail: a word cut short, units glued to a number, Гн
    # and Гр side by side
    assert langs.short_forms(["Доп. дорога  5тр 4оч", "Зел  ? Гн1 Гр0"], set(["дорога"]), {"Зел"}, {}) == \
        ["Доп.", "тр", "оч", "Зел", "Гн", "Гр"]
    assert langs.confusable(["Гн", "Гр"], {"гн": "гарнизоны", "гр": "города"}) == [("гн", "гр")]
    assert langs.confusable(["Гн", "Гор"], {"гн": "гарнизоны", "гор": "города"}) == []


def test_the_walk_sees_a_cut_text_and_one_past_the_edge(monkeypatch):
    """The watch itself: with Undo's action name kept beside it (as it was
    before it went on rows of its own), names are cut; a text drawn from
    the middle of the screen that is wider than its half runs off."""
    from firmware.screenkit import common
    from firmware.screenkit.widgets import row

    def beside(app, out, label, name, target, why=None):
        out.append(row(label, name, target, why))
    monkeypatch.setattr(common, "named", beside)
    cut, off, _ = walk("pico_oled", "es", "inca")
    assert any(c.endswith(" Fin turno") for c in cut) and off == [], cut
    app, _ = device.build("pybadge", None, 1, lang="en")
    cut, off = watch(app)
    app.board.cv.text(80, 20, "A text of 81 pixels or more")
    app.board.cv.text(0, 40, "A text that fits")
    assert off == [(type(app.screens.stack[-1]).__name__, "A text of 81 pixels or more")] and cut == []
