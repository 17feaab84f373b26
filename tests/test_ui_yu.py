"""Legacy of Yu through the buttons: whole campaigns played on each board
profile equal the replay of their transcripts, the journal holds them, a
campaign resumes after a power cycle; every string of the game's language
tables fits its place; golden screenshots of the main screens."""
import json
import os
import shutil

import pytest

from firmware.core.session import Session
from firmware.games import yu
from firmware.ui.nav import PROFILES
from host_sim import device, keyplan_yu

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
        return [ln.rsplit(" #", 1)[0] for ln in f.read().splitlines()]


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
    assert set(keys) <= set(PROFILES[prof["profile"]].values())
    if prof["profile"] == "two":
        assert "up" not in keys
    expected = replayed(lines)
    assert app.view() == expected
    assert journal(data) == lines
    # the home screen: the campaign with its last result and story, or the game begun
    from firmware.core.text import t
    home = app.stack[0]
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
    hist = app.stack[-1]
    games = [(r[0], r[1]) for r in hist.rows if r[0].startswith("Game ") and r[2] is not None]
    want = [("Game %d" % h["game"], "won" if h["result"] == "win" else h["cause"]) for h in expected["history"]]
    assert games == list(reversed(want))
    # power cycle: the same campaign, on its home screen
    again, _ = device.build(board, data, 999)
    assert again.view() == expected
    assert type(again.stack[0]).__name__ == "Home"


def test_a_typical_round_takes_few_presses(tmp_path):
    app, _ = device.build("pico_oled", None, 1)
    keys = []
    keyplan_yu.setup(app, "yu", keys)
    keyplan_yu.action(app, "game-start", keys)
    n = len(keys)
    for a in ("next", "canal", "attack", "next", "next", "barbarians +1", "next"):
        keyplan_yu.action(app, a, keys)
    keyplan_yu._dismiss(app, keys)
    v = app.view()
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
    keyplan_yu._dismiss(app, keys)
    before = app.view()
    assert before["pending"] == {"need": 4, "why": "harvest"}
    app2, _ = device.build("pico_oled", data, 1)
    assert app2.view() == before
    home = app2.stack[0]
    assert type(home).__name__ == "Home" and home.view["in_game"]
    app2.key("ok")
    menu = app2.stack[-1]
    assert type(menu).__name__ == "PhaseMenu"
    assert menu.rows[menu.cur][2] is not None and menu.rows[0][1] == "need 4"
    app2.key("back")
    app2.key("undo")  # the long BACK press
    assert app2.view() == replayed(lines[:half - 1])
    app2.key("ok")  # close the note
    for a in lines[half - 1:]:
        keyplan_yu.action(app2, a, keys)
    assert app2.view() == replayed(lines)


def test_a_refused_row_says_why_and_changes_nothing():
    app, _ = device.build("pico_oled", None, 1)
    keys = []
    keyplan_yu.setup(app, "yu", keys)
    for a in ("game-start", "next", "canal"):
        keyplan_yu.action(app, a, keys)
    keyplan_yu._dismiss(app, keys)
    before = app.view()
    scr = app.stack[-1]
    assert type(scr).__name__ == "PhaseMenu"
    canal = [i for i, r in enumerate(scr.rows) if r[2] == "canal"][0]
    assert "already built this round" in scr.rows[canal][3]
    scr.select(canal)
    app.key("ok")
    assert app.stack[-1].title == "Not allowed"
    assert app.view() == before


def test_the_flood_warning_and_the_leds():
    app, _ = device.build("pico_oled", None, 1)
    keys = []
    keyplan_yu.setup(app, "yu", keys)
    keyplan_yu.action(app, "game-start", keys)
    assert app.ui.leds(app.view()) == ([], None)
    for a in ("round", "round"):
        keyplan_yu.action(app, a, keys)
    # round 3: this harvest runs the deck out and the flood marker's step loses
    scr = app.stack[-1]
    assert scr.title == "Results"
    text = " ".join(r[0] for r in scr.rows)
    assert "this harvest moves the flood marker" in text and "lose the game" in text
    keyplan_yu._dismiss(app, keys)
    home = app.stack[-1]
    flood = home.lines[3]
    assert flood[1] == "this rnd!" and flood[2] is True
    assert app.ui.leds(app.view()) == (["blue"], "blue")
