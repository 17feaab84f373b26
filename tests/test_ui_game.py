"""Whole games played only with the buttons, on each board profile: the
result must equal the replay of the same transcript, the journal on the
device must hold that transcript, and a device restarted from its journal
(the plug pulled) must show the same game."""
import json
import os
import random

import pytest

from firmware.core.session import Session
from firmware.games import inca
from firmware.screenkit.nav import PROFILES
from host_sim import autoplay, device, keyplan

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
with open(os.path.join(ROOT, "assets", "inca", "edition.json")) as f:
    EDITION = json.load(f)

GAMES = [
    ("pico_oled", "inca players=blue,orange,green,brown pizarro seed=77", 3),
    ("pico_display", "inca players=blue,green,brown gods seed=12", 4),
    ("esp32_tdisplay", "inca players=blue,orange,green,brown early-fall pizarro seed=4", 5),
]


def replayed(lines):
    ss = Session(inca, EDITION, lines[0])
    for a in lines[1:]:
        ss.apply(a)
    return ss.view()


@pytest.mark.parametrize("board,setup,choices", GAMES, ids=[g[0] for g in GAMES])
def test_a_whole_game_through_the_buttons(board, setup, choices, tmp_path):
    lines = autoplay.play(setup, random.Random(choices).randrange, EDITION, undo_every=8)
    assert "undo" in lines
    data = str(tmp_path / "device")
    seed = int(setup.split("seed=")[1])
    app, prof = device.build(board, data, seed)
    keys = keyplan.play(app, lines)
    buttons = set(PROFILES[prof["profile"]].values())
    assert set(keyplan.given(PROFILES[prof["profile"]], keys)) <= buttons
    if prof["profile"] == "two":
        assert "up" not in keys
    expected = replayed(lines)
    assert app.play.view() == expected and expected["over"]
    # what never changes in the state (the session keeps it once, out of
    # its kept copies) is as the game was set up, though the screens read it
    fresh = Session(inca, EDITION, lines[0])
    assert json.dumps(app.play.session.fixed, sort_keys=True) == json.dumps(fresh.fixed, sort_keys=True)
    # the journal on the device is the transcript
    with open(os.path.join(data, "game", "journal.txt")) as f:
        records = [ln.rsplit(" #", 1)[0].split(" #edition ")[0] for ln in f.read().splitlines()]
    assert records == lines
    # pull the plug, boot again: the same game, on its home screen
    again, _ = device.build(board, data, 999)
    assert again.play.view() == expected
    assert type(again.screens.stack[0]).__name__ == "Home"


def test_plug_pulled_mid_game_resumes_and_undo_still_works(tmp_path):
    lines = autoplay.play("inca players=blue,orange,green,brown pizarro seed=8",
                          random.Random(8).randrange, EDITION)
    data = str(tmp_path / "device")
    app, _ = device.build("pico_oled", data, 8)
    keys = []
    keyplan.setup(app, lines[0], keys)
    half = len(lines) // 2
    for a in lines[1:half]:
        keyplan.action(app, a, keys)
    before = app.play.view()
    app2, _ = device.build("pico_oled", data, 1)
    assert app2.play.view() == before
    app2.key("undo")
    assert app2.play.view() == replayed(lines[:half - 1])
    app2.key("ok")  # close the note
    for a in lines[half - 1:]:
        keyplan.action(app2, a, keys)
    assert app2.play.view() == replayed(lines)


def test_refused_action_shows_the_reason_and_changes_nothing():
    app, _ = device.build("pico_oled", None, 3)
    keys = []
    keyplan.setup(app, "inca players=blue,orange,green,brown seed=3", keys)
    keyplan.action(app, "next", keys)     # Inca -> People
    keyplan.dismiss(app, keys)
    before = app.play.view()
    app.key("ok")                         # home -> menu
    scr = app.screens.stack[-1]
    city = [i for i, r in enumerate(scr.rows) if r[2] and str(r[2]).startswith("city")][0]
    assert scr.rows[city][3] and "a city costs 6" in scr.rows[city][3]
    scr.select(city)
    app.key("ok")
    assert app.screens.stack[-1].title == "Not allowed"
    assert "a city costs 6" in " ".join(r[0] for r in app.screens.stack[-1].rows)
    assert app.play.view() == before
    app.key("ok")
    assert type(app.screens.stack[-1]).__name__ == "PhaseMenu"


def test_leds_show_whose_turn_it_is_and_pizarro_flashes_red():
    lines = autoplay.play("inca players=blue,orange,green,brown pizarro seed=77",
                          random.Random(3).randrange, EDITION)
    app, _ = device.build("pico_oled", None, 77)
    keys = []
    keyplan.setup(app, lines[0], keys)
    saw_turn = False
    saw_red = False
    for a in lines[1:]:
        keyplan.action(app, a, keys)
        v = app.play.view()
        px = app.board.px
        if px.frames and px.frames[0][1][0][0] > 0 and px.frames[0][1][0][1] == 0 and px.frames[0][1][0][2] == 0:
            saw_red = True
        while px.step():
            pass
        shown = px.np.shown
        if v["turn"]:
            i = ("blue", "orange", "green", "brown").index(v["turn"])
            others = [shown[j] for j in range(4) if j != i]
            assert sum(shown[i]) > max(sum(o) for o in others)
            saw_turn = True
    assert saw_turn and saw_red


def test_key_script_cli_writes_a_png_per_key_and_says_where(tmp_path, capsys):
    from host_sim import sim
    out = tmp_path / "png"
    rc = sim.main(["--board", "pico_display", "--keys", "ok up ok ok ok", "--png", str(out)])
    assert rc == 0
    names = sorted(os.listdir(out))
    assert names == ["0000.png", "0001.png", "0002.png", "0003.png", "0004.png", "0005.png"]
    with open(out / "0005.png", "rb") as f:
        assert f.read(8) == b"\x89PNG\r\n\x1a\n"
    said = capsys.readouterr().err
    assert "wrote 6 PNGs to %s" % out in said and "0005.png" in said
    # no game started yet (the picker, the set-up screen): still said, and why no view follows
    rc = sim.main(["--keys", "ok", "--png", str(tmp_path / "two")])
    said = capsys.readouterr()
    assert rc == 0 and said.out == ""
    assert "wrote 2 PNGs to %s" % (tmp_path / "two") in said.err and "no game was started" in said.err
    # a bad key: the frames so far are told, and the key named
    assert sim.main(["--keys", "ok jump", "--png", str(tmp_path / "bad")]) == 2
    said = capsys.readouterr().err
    assert "unknown key 'jump'" in said and "wrote 2 PNGs" in said
    assert sim.main(["--board", "nope"]) == 1
    assert sim.main(["--keys", "jump"]) == 2
    assert sim.main(["--board", "esp32_tdisplay", "--keys", "up"]) == 2  # no up button


def test_a_game_without_screens_is_refused_and_the_running_game_kept(monkeypatch, tmp_path):
    import firmware.games.registry as games
    from firmware.core.text import t

    data = str(tmp_path / "device")
    app, _ = device.build("pico_oled", data, 5)
    keys = []
    keyplan.setup(app, "inca players=blue,orange,green,brown seed=5", keys)
    before = app.play.view()
    real = games.ui

    def no_screens(name):
        if name == "origin":
            raise ImportError("no module named firmware.games.origin.ui")
        return real(name)
    monkeypatch.setattr(games, "ui", no_screens)
    app.key("ok")                                   # home -> menu
    assert keyplan.go_to_row(app, lambda r: r[0] == t("m.new_game"), keys)
    assert keyplan.go_to_row(app, lambda r: r[0] == t("m.yes"), keys)
    assert keyplan.go_to_row(app, lambda r: r[0] == t("g.origin"), keys)
    assert " ".join(r[0] for r in app.screens.stack[-1].rows) == t("g.missing")
    assert app.play.name == "inca" and app.play.view() == before
    app.key("ok")                                   # close the note
    app.key("back")                                 # leave the picker
    app.key("home")
    assert type(app.screens.stack[-1]).__name__ == "Home" and app.play.view() == before


@pytest.mark.parametrize("lang", ["ru", "es"])
def test_a_whole_game_in_russian_and_spanish(lang, tmp_path):
    """A game played through the buttons in the players' language: every
    screen shown on the way carries no English word and no missing glyph."""
    import re
    from host_sim import render  # noqa: F401
    lines = autoplay.play("inca players=blue,orange,green,brown pizarro seed=21",
                          random.Random(21).randrange, EDITION, undo_every=9)
    app, _ = device.build("pico_oled", str(tmp_path / "dev"), 21, lang=lang)
    font = app.board.lay.font
    seen = set()
    key = app.key

    def pressed(k):
        key(k)  # the words on screen are the rows and title; no need to draw
        scr = app.screens.stack[-1]
        for r in scr.rows:
            for s in (r[0], r[1], r[3] or ""):
                seen.add(s)
        seen.add(scr.title)
    app.key = pressed
    keyplan.play(app, lines)
    assert app.play.view() == replayed(lines)
    english = re.compile(r"\b(the|has|labor|costs|turn|card|phase|player|Next|Undo|City|Temple|Garrison)\b")
    bad = sorted(s for s in seen if english.search(s))
    # temple sites are proper names, the same in every language
    assert bad == []
    missing = sorted(set(ch for s in seen for ch in s if not font.has(ch)))
    assert missing == []
    assert len(seen) > 100


@pytest.mark.parametrize("errno,words", [(28, "Память заполнена"), (5, "Ошибка памяти 5")])
def test_a_failed_write_is_told_in_the_players_language_and_changes_nothing(errno, words, tmp_path,
                                                                            monkeypatch):
    app, _ = device.build("pico_oled", str(tmp_path / "dev"), 3, lang="ru")
    keys = []
    keyplan.setup(app, "inca players=blue,orange,green,brown seed=3", keys)
    before = app.play.view()
    fs = app.play.journal.fs
    real = fs.open

    def full(path, mode="r"):
        if "a" in mode or "w" in mode:
            raise OSError(errno, "No space left on device")
        return real(path, mode)
    monkeypatch.setattr(fs, "open", full)
    assert app.play.act("next") is False
    shown = " ".join(r[0] for r in app.screens.stack[-1].rows)
    assert words in shown and "No space" not in shown
    assert app.play.view() == before


def test_the_sun_card_list_checks_only_the_cards_it_shows():
    """The list of 21 Sun Event cards is made row by row as it is drawn: on
    opening, the rules check the cards on the screen, not all 21 (they took
    120-145 ms of a Pico's clock), and the list still offers every card."""
    from bench import scripts
    from firmware.games.inca import cards, sun
    from firmware.games.inca import words as w
    from firmware.games.inca.menu import PhaseMenu
    lines = scripts.transcript()
    first = [i for i, a in enumerate(lines) if a.startswith("sun ")][0]
    app, _ = device.build("pico_oled", None, scripts.SEED)
    app.board.seed = lambda: scripts.SEED
    keyplan.play(app, lines[:first])
    if not isinstance(app.screens.stack[-1], PhaseMenu):
        app.key("ok")
    sec = lines[first].split()[1]
    menu = app.screens.stack[-1]
    menu.select([i for i, r in enumerate(menu.rows) if r[0] == w.sector(sec)][0])
    checked = []
    check = app.play.check
    app.play.check = lambda a: checked.append(a) or check(a)
    app.key("ok")
    app.render()
    shown = app.board.lay.rows - 1 - app.board.lay.footer
    assert len(app.screens.stack[-1].rows) == len(cards.NAMES)
    names = [cards.NAMES[i] for i in sun.order(app.play.session.state)]    # the likeliest first
    assert checked == ["sun %s %s" % (sec, n) for n in names[:shown]], checked
    for _ in range(len(names) - 1):     # down to the last card, drawn at each press (a held DOWN's steps)
        app.key("down")
        app.render()
    # each row made once, in the list's order: a cursor move makes no row,
    # a scroll the one that comes into view (the rows kept are those
    # nearest the cursor, not the first made)
    assert checked == ["sun %s %s" % (sec, n) for n in names], checked
    before = len(app.play.session.tail)
    keyplan.go_to_row(app, lambda r: r[2] == lines[first], [])     # the card revealed
    assert app.play.session.tail[-1] == lines[first] and len(app.play.session.tail) == before + 1


def test_a_sun_phases_cards_are_entered_one_list_after_the_other():
    """Once a card is entered, the list of the next sector without a card
    this phase opens (the phase menu under it); after the last, the phase
    menu, its cursor on Cards done. A card that brings a reminder shows it
    first, and the next list is a press away in the menu, as before."""
    from bench import scripts
    from firmware.core.text import t
    from firmware.games.inca import engine
    from firmware.games.inca.menu import PhaseMenu
    from firmware.games.inca.sun import CardList
    lines = scripts.transcript()
    first = [i for i, a in enumerate(lines) if a.startswith("sun ")][0]
    app, _ = device.build("pico_oled", None, scripts.SEED)
    app.board.seed = lambda: scripts.SEED
    keyplan.play(app, lines[:first])
    keyplan.dismiss(app, [])
    if not isinstance(app.screens.stack[-1], PhaseMenu):
        app.key("ok")
    s = app.play.session.state
    free = [x for x in s["sectors"] if x not in s["placed"]]
    assert len(free) == len(s["sectors"]) > 2
    app.key("ok")                                   # the first sector's list
    entered = []
    while isinstance(app.screens.stack[-1], CardList):
        scr = app.screens.stack[-1]
        assert scr.sec == [x for x in s["sectors"] if x not in s["placed"]][0]
        assert [type(x).__name__ for x in app.screens.stack] == ["Home", "PhaseMenu", "CardList"]
        scr.select([i for i in range(len(scr.rows)) if scr.rows[i][3] is None][0])
        app.key("ok")
        s = app.play.session.state
        entered.append(app.play.session.tail[-1])
        if app.screens.stack[-1].title == t("m.results"):    # a reminder first: no list over it
            app.key("ok")
            assert isinstance(app.screens.stack[-1], PhaseMenu)
            break
    assert [a.split()[1] for a in entered] == free[:len(entered)] and len(entered) >= 2
    if len(entered) == len(free):
        menu = app.screens.stack[-1]
        assert isinstance(menu, PhaseMenu) and menu.rows[menu.cur][2] == "next"
        assert engine.phase(s) == "sun" and app.play.check("next") is None
