"""Players' names for the seats (firmware/screenkit/names.py): picked a letter at a
time on four buttons and on two, kept in the settings, shown where the game
names the seat's colour and written in the play's BG Stats link; a damaged
entry in the settings is told and not used; setting up a game costs no
press more than before."""
import json
import os
from urllib.parse import unquote

from firmware.core.text import t
from host_sim import device, keyplan
from host_sim.keyplan import dismiss, go_to_row


def _to_names(app):
    keys = []
    assert go_to_row(app, lambda r: r[0] == t("g.origin"), keys)
    assert go_to_row(app, lambda r: r[0] == t("m.settings"), keys)
    assert go_to_row(app, lambda r: r[0] == t("n.title"), keys)


def test_a_name_is_picked_on_four_buttons_and_shown_and_kept(tmp_path):
    data = str(tmp_path / "dev")
    app, _ = device.build("pico_oled", data, 1)
    _to_names(app)
    assert [r[0] for r in app.screens.stack[-1].rows] == ["Red", "Blue", "Green", "Yellow"]
    app.key("down")             # Blue
    app.key("ok")
    # B, then o (14 rows on), then b (13 back): the first a capital
    for k in ["down", "ok"] + ["down"] * 13 + ["ok"] + ["up"] * 13 + ["ok"]:
        app.key(k)
    assert app.screens.stack[-1].title == "Blue: Bob_"
    app.key("up")               # from B up to A, then up to Done (the list wraps)
    app.key("up")
    app.key("ok")
    assert [r[:2] for r in app.screens.stack[-1].rows][:2] == [["Red", "-"], ["Blue", "Bob"]]
    with open(os.path.join(data, "settings.json")) as f:
        assert json.loads(f.read().split("\n", 1)[1])["names"] == {"blue": "Bob"}
    # the game started, its screens say Bob for blue, and so does its link
    app.key("back")             # to Settings
    app.key("back")             # to the set-up screen
    keys = []
    assert go_to_row(app, lambda r: r[0] == t("m.start"), keys)
    dismiss(app, keys)
    app.render()
    assert "Bob" in [r[0] for r in app.screens.stack[-1].rows]
    # a boot on the same data folder has the name too
    app2, _ = device.build("pico_oled", data, 1)
    assert app2.play.names == {"blue": "Bob"} and "Bob" in [r[0] for r in app2.screens.stack[-1].rows]


def test_letters_on_two_buttons_delete_and_the_length_limit(tmp_path):
    app, _ = device.build("esp32_tdisplay", str(tmp_path / "dev"), 1)
    _to_names(app)
    app.key("ok")               # Red (B: OK)
    for _ in range(10):         # ten As: only eight are kept
        app.key("ok")
    assert app.screens.stack[-1].title == "Red: Aaaaaaaa_"
    for _ in range(26):         # A on to "Delete a letter" (A: next row)
        app.key("down")
    app.key("ok")
    app.key("ok")
    assert app.screens.stack[-1].title == "Red: Aaaaaa_"
    app.key("back")             # held A: the name as it is
    assert app.board.settings["names"] == {"red": "Aaaaaa"}
    # a name deleted to nothing gives the seat its colour back
    app.key("ok")
    for _ in range(26):
        app.key("down")
    for _ in range(6):
        app.key("ok")
    app.key("back")
    assert "names" not in app.board.settings and app.play.names is None


def test_a_damaged_names_entry_is_told_and_not_used(tmp_path):
    data = tmp_path / "dev"
    data.mkdir()
    from firmware.core import store
    store.save_json(str(data / "settings.json"), {"brightness": 3, "lang": "en", "names": {"blue": "Bob9"}})
    notes = []
    app, _ = device.build("pico_oled", str(data), 1, report=notes.append)
    assert "names" not in app.board.settings and app.play.names is None
    assert any("names" in n for n in notes), notes


def test_names_cost_no_press_in_setting_up_a_game():
    # the scripted games set up with the same presses as ever: the names
    # are in Settings, off the path to Start game
    from bench import scripts
    for board in ("pico_oled", "esp32_tdisplay"):
        app, _ = device.build(board, None, 1)
        keys = []
        keyplan.setup(app, scripts.SETUP, keys)
        want = {"pico_oled": 1, "esp32_tdisplay": 7}[board]     # the cursor to Start game, and OK
        assert len(keys) - keys.count("ok") <= want, keys


def test_the_link_carries_the_given_names(tmp_path):
    from firmware.screenkit import bgstats
    from firmware.games.origin import host as kp
    with open(os.path.join(os.path.dirname(__file__), "scenarios", "origin_four.txt")) as f:
        lines = [ln.split("#")[0].strip() for ln in f.read().splitlines()]
    lines = [ln for ln in lines if ln]
    app, _ = device.build("pico_display", None, 1)
    app.board.settings["names"] = {"red": "Ann", "green": "Zoe"}
    kp.play(app, lines)
    link = bgstats.link(app, 0)
    play = json.loads(unquote(link.split("data=", 1)[1]))
    assert [p["name"] for p in play["players"]] == ["Ann", "Yellow", "Blue", "Zoe"]


def test_the_time_played_is_counted_from_the_presses_times_and_kept(tmp_path):
    # the count the link's minutes come from (firmware/core/playclock.py):
    # the time between presses, over the game's power cycles, until its end
    from firmware.core.playclock import Clock
    folder = str(tmp_path)
    c = Clock(folder, "origin players=red,blue", fresh=True)
    for at in (1000, 61000, 121000.5):      # two minutes, a float time as a simulator may give
        c.press(at)
    assert c.minutes() == 2 and isinstance(c.ms, int)
    c.end(True)                             # written at the end
    c.press(999999)
    assert c.minutes() == 2                 # no more once the game is over
    again = Clock(folder, "origin players=red,blue")
    assert again.minutes() == 2 and again.over
    # another game (or one started anew) does not take it over
    assert Clock(folder, "origin players=red,green").minutes() == 0
    assert Clock(folder, "origin players=red,blue", fresh=True).minutes() == 0
    # no date without a clock a host set (a Pico starts at 2021)
    assert Clock(None, "x", wall=lambda: (2021, 1, 1, 0, 5, 0, 4, 1)).date() is None
    assert Clock(None, "x", wall=lambda: (2026, 5, 1, 20, 15, 0, 4, 121)).date() == "2026-05-01 20:15:00"
