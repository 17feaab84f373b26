"""Golden screenshots of every screen in both layouts, and the same frames
byte for byte under MicroPython (real framebuf) and CPython (stand-in).

The screens are reached from a game journaled from a committed transcript,
then by pressing keys.  To accept new screenshots after a deliberate change:
    UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/test_ui_screens.py
and look at tests/golden/ before committing."""
import os
import subprocess
import sys

import pytest

import goldens

from firmware.core.journal import Journal
from firmware.games import inca
from host_sim import device
from test_micropython import ROOT, run_mpy

GOLDEN = os.path.join(ROOT, "tests", "golden")
UPDATE = os.environ.get("UPDATE_GOLDEN") == "1"


def transcript(name, upto=None):
    with open(os.path.join(ROOT, "tests", "scenarios", name + ".txt")) as f:
        lines = [ln.split("#")[0].strip() for ln in f.read().splitlines()]
    lines = [ln for ln in lines if ln]
    return lines if upto is None else lines[:upto]


def journaled(tmp, lines):
    """A device data directory holding this game in its journal."""
    import json
    with open(os.path.join(ROOT, "assets", "inca", "edition.json")) as f:
        ed = json.load(f)
    data = os.path.join(str(tmp), "dev")
    j = Journal(os.path.join(data, "game"), inca, ed)
    j.start(lines[0])
    for a in lines[1:]:
        j.apply(a)
    return data


def until(lines, pred):
    """Length of the shortest prefix of the transcript whose state meets pred."""
    import json
    from firmware.core.session import Session
    with open(os.path.join(ROOT, "assets", "inca", "edition.json")) as f:
        ed = json.load(f)
    ss = Session(inca, ed, lines[0])
    if pred(ss.state):
        return 1
    for i, a in enumerate(lines[1:], 2):
        ss.apply(a)
        if pred(ss.state):
            return i
    raise AssertionError("no such state")


def ph(s):
    return s["track"][s["ci"]][2][s["pi"]]


def people_with(labor):
    return lambda s: ph(s) == "people" and s["p"][s["order"][s["turn"]]]["labor"] >= labor


W = transcript("worked_example")
P = transcript("pizarro_four")
ERA2_INCA = (W, lambda s: ph(s) == "inca" and s["ci"] == 1)
SUN_EMPTY = (W, lambda s: ph(s) == "sun" and not s["placed"])
SUN_HALF = (W, lambda s: ph(s) == "sun" and len(s["placed"]) == 2)
SUN_FULL = (W, lambda s: ph(s) == "sun" and len(s["placed"]) == 4)
PEOPLE = (P, lambda s: s["ci"] >= 2 and people_with(7)(s))
POOR = (P, lambda s: s["ci"] >= 1 and ph(s) == "people" and s["p"][s["order"][s["turn"]]]["labor"] < 4)
SAPA = (W, lambda s: ph(s) == "sapa")
SAPA_DONE = (W, lambda s: ph(s) == "sapa" and all(s["p"][c]["con"] is not None for c in s["seating"]))
BEFORE_PIZARRO = (P, lambda s: s["piz"]["flipped"] == s["piz"]["pos"] - 1 and ph(s) == "people"
                  and s["turn"] == len(s["order"]) - 1 and s["track"][s["ci"]][0] == 4)
END = (P, lambda s: s["over"])
FRESH = (None, None)

# name: (where, steps); a step is a key, "row:KEY" (go to the row whose label
# is that text of the language table and press OK), or "do:ACTION" (enter an
# action line with the buttons, as a person would)
SCREENS = {
    "picker": (FRESH, []),
    "setup": (FRESH, ["row:g.inca"]),
    "setup_three": (FRESH, ["row:g.inca", "ok", "down"]),
    "board_check": (FRESH, ["row:g.inca", "row:m.check_board"]),
    "marker_kinds": (FRESH, ["row:g.inca", "row:m.check_board", "row:s.kinds"]),
    "settings": (FRESH, ["row:g.inca", "row:m.settings"]),
    "turn_order": (FRESH, ["row:g.inca", "row:m.start"]),
    "home_inca": (ERA2_INCA, []),
    "inca_menu": (ERA2_INCA, ["ok"]),
    "sun_menu": (SUN_HALF, ["ok"]),
    "card_picker": (SUN_EMPTY, ["ok", "ok"]),
    "effects": (SUN_FULL, ["ok", "row:m.effects"]),
    "people_menu": (PEOPLE, ["ok"]),
    "home_people": (PEOPLE, []),
    "conquest": (PEOPLE, ["ok", "row:b.conquer"]),
    "by_numbers": (PEOPLE, ["ok", "row:b.conquer", "row:m.by_numbers"]),
    "temple_site": (PEOPLE, ["ok", "row:b.site"]),
    "refused": (POOR, ["ok", "row:b.city"]),
    "sapa_menu": (SAPA, ["ok"]),
    "connected": (SAPA, ["ok", "down", "ok"]),
    "sapa_confirmed": (SAPA, ["ok", "ok"]),
    "scoring": (SAPA_DONE, ["do:next"]),
    # the results of a scoring on a screen of their own, then all of them in History
    "scoring_history": (SAPA_DONE, ["do:next", "ok", "back"]),
    "history": (PEOPLE, ["back"]),
    "corrections": (PEOPLE, ["ok", "row:m.adjust"]),
    "confirm_new": (PEOPLE, ["ok", "row:m.new_game"]),
    "pizarro": (BEFORE_PIZARRO, ["do:next"]),
    "final": (END, []),
}
BOARDS = {"pico_oled": (128, 64, False), "pico_display": (240, 135, True)}


def _state(tmp, name, board="pico_oled", lang=None):
    """(data dir, keys): a journaled game and the keys that show the screen
    on that board in that language (the rows under a long Undo name, which
    a held UP goes round through, are as many as the name's lines)."""
    (lines, pred), steps = SCREENS[name]
    data = os.path.join(str(tmp), "fresh")
    if lines is not None:
        data = journaled(tmp, lines[:until(lines, pred)])
    # find the keys on a scratch copy of the device
    import shutil
    from firmware.core.text import t
    from host_sim import keyplan
    scratch = os.path.join(str(tmp), "scratch")
    if os.path.exists(data):
        shutil.copytree(data, scratch)
    app, _ = device.build(board, scratch, 1, lang=lang)
    keys = []
    for step in steps:
        if step.startswith("row:"):
            # the row of the words at KEY, whole or in a short form (KEY~)
            from firmware.games.inca.host import called
            label = t(step[4:])
            assert keyplan.go_to_row(app, lambda r: called(r, step[4:]), keys), (name, label)
        elif step.startswith("do:"):
            keyplan.action(app, step[3:], keys)
        else:
            app.key(step)
            keys.append(step)
    shutil.rmtree(scratch, ignore_errors=True)
    # the intents the app is given (a held press: its long press and repeats)
    return (data if os.path.exists(data) else None), keyplan.given(keyplan.profile(app), keys)


LANGS = ("en", "ru", "es")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("board", sorted(BOARDS))
@pytest.mark.parametrize("name", sorted(SCREENS))
def test_golden_screen(board, name, lang, tmp_path):
    data, keys = _state(tmp_path, name, board, lang)
    app, prof = device.build(board, data or str(tmp_path / "fresh"), 1, lang=lang)
    cut = goldens.watch_cuts(app)
    app.screens.dirty = True
    app.render()
    for k in keys:
        app.key(k)
        app.render()
    goldens.check(app, lang, board, name, cut, tmp_path)


@pytest.mark.parametrize("board", sorted(BOARDS))
def test_frame_buffers_identical_under_micropython(board, tmp_path):
    w, h, colour = BOARDS[board]
    for name in ("setup", "people_menu", "card_picker", "scoring", "final"):
        data, keys = _state(tmp_path / name, name)
        data = data or str(tmp_path / name / "fresh")
        # copies, so both runs start from the same files
        import shutil
        a, b = str(tmp_path / name / "py"), str(tmp_path / name / "mp")
        if os.path.exists(data):
            shutil.copytree(data, a)
            shutil.copytree(data, b)
        args = ["tests/screens_script.py", str(w), str(h), "1" if colour else "0"]
        py = subprocess.run([sys.executable] + args + [a] + keys, cwd=ROOT, capture_output=True, text=True)
        mp = run_mpy(args + [b] + keys)
        assert py.returncode == 0, py.stderr
        assert mp.returncode == 0, mp.stderr + mp.stdout
        assert len(py.stdout.split()) == len(keys) + 1
        assert mp.stdout == py.stdout, name


def test_a_sapa_inca_phase_with_no_changes_takes_six_presses(tmp_path):
    """From the home screen: OK opens the phase's menu, OK on each player's
    row confirms last round's counts (the cursor goes on to the next
    player, in standings order: the rules score the figure furthest ahead
    first), and OK on Score now: 6 presses for 4 players."""
    lines, pred = SAPA
    data = journaled(tmp_path, lines[:until(lines, pred)])
    app, _ = device.build("pico_oled", data, 1)
    s = app.play.session.state
    assert len(s["seating"]) == 4 and ph(s) == "sapa"
    last = dict((c, app.play.view()["players"][c]["last_connected"]) for c in s["seating"])
    ahead = app.play.view()["standings"]
    assert ahead != s["seating"]      # the two orders differ in this game
    for _ in range(6):
        app.key("ok")
    s = app.play.session.state
    assert ph(s) != "sapa"
    tail = app.play.session.tail[-5:]
    assert tail == ["connected %s %d %d %d" % ((c,) + tuple(last[c])) for c in ahead] + ["next"]


def test_other_counts_are_one_record_through_change_counts(tmp_path):
    """A player whose counts changed: Change counts, one row under the
    player the cursor is on, then the three numbers; one action in the
    journal."""
    from firmware.core.text import t
    from host_sim import keyplan
    lines, pred = SAPA
    data = journaled(tmp_path, lines[:until(lines, pred)])
    app, _ = device.build("pico_oled", data, 1)
    c = app.play.view()["standings"][0]      # the figure furthest ahead first
    before = len(app.play.session.tail)
    keys = []
    keyplan.press_key(app, "ok", keys)
    scr = app.screens.stack[-1]
    assert scr.rows[scr.cur][4] == c and scr.rows[scr.cur + 1][0].strip() == t("m.change_con")
    keyplan.press_key(app, "down", keys)
    keyplan.press_key(app, "ok", keys)
    keyplan.set_numbers(app, [3, 1, 2], keys)
    assert keys[:3] == ["ok", "down", "ok"] and keys.count("ok") == 5    # menu, Change counts, 3 fields
    assert app.play.session.tail[before:] == ["connected %s 3 1 2" % c]
    assert app.play.view()["players"][c]["connected"] == [3, 1, 2]
    # the cursor is on the next player, with Change counts under them
    scr = app.screens.stack[-1]
    assert scr.rows[scr.cur][4] == app.play.view()["standings"][1]
    assert scr.rows[scr.cur + 1][0].strip() == t("m.change_con")
