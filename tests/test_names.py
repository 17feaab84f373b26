"""Players' names (firmware/screenkit/names.py): the roster of the group's
regular players, entered once and kept in the settings; the seats' names
picked from it, or typed with the two-level letter picker in Latin (with
the Spanish letters) or Cyrillic, on four buttons and on two; kept, shown
where the game names the seat's colour and written in the play's BG Stats
link; spelt one way every evening; a damaged entry in the settings told and
not used; the press budgets of a seat and of a new name; the roster given
from a computer (the simulator's --players, flash.sh --players)."""
import json
import os
import subprocess
from urllib.parse import unquote

import pytest

from bench import names as bn
from firmware.core import store
from firmware.core.text import t
from firmware.screenkit import names, seatnames
from host_sim import device, keyplan, players
from host_sim.keyplan import dismiss, go_to_row
from test_micropython import ROOT


def _to(app, *rows):
    keys = []
    for k in rows:
        assert go_to_row(app, lambda r: r[0] == t(k), keys), k


def _settings(data):
    ok, got = store.read_json(os.path.join(data, "settings.json"))
    assert ok, got
    return got


def _labels(app):
    return [r[0] for r in app.screens.stack[-1].rows]


# ------------------------------------------------------------ spelling

def test_a_name_is_letters_of_one_alphabet_spelt_one_way():
    for abc in (names.LATIN, names.CYRILLIC):
        for ch in abc:
            assert names.valid(ch) and names.tidy(ch.lower()) == ch, ch
    assert len(names.LATIN) == 26 + 7 and len(names.CYRILLIC) == 33
    # every letter of the picker's groups is a letter of its alphabet, once
    assert sorted("".join(seatnames.GROUPS[0])) == sorted(names.LATIN)
    assert sorted("".join(seatnames.GROUPS[1])) == sorted(names.CYRILLIC)
    for good in ("Аня", "Ёж", "Ñandú", "José", "Ana M", "Анна-Мария"[:8], "Bob"):
        assert names.valid(good), good
    # what a player may type or a file may hold, spelt as the device keeps it
    assert names.tidy("  аНЯ ") == "Аня" and names.tidy("ana  m") == "Ana M" and names.tidy("жан-поль") == "Жан-Поль"
    assert names.tidy("Е\u0308ж") == "Ёж" and names.tidy("N\u0303andu\u0301") == "Ñandú"
    for bad in ("", "аня", "Abcdefghi", "Bob9", "Aня", "Ana--M", "-Ana", "Ana ", "Straße", "Zoë", "Łukasz", 7, None,
                "Е\u0308ж"):
        assert not names.valid(bad), bad
    assert names.roster_of(["аня", "Борис"]) == ["Аня", "Борис"]
    for bad in (["Аня", "аня"], ["Bob9"], "Аня", ["Аня"] * 13, [1]):
        assert names.roster_of(bad) is None, bad
    assert names.seat_names({"red": "ёж"}) == {"red": "Ёж"}
    assert names.seat_names({"red": "Аня", "blue": "аня"}) is None and names.seat_names({}) is None


def test_the_font_of_every_language_draws_every_letter_of_a_name():
    import sys
    sys.path.insert(0, os.path.join(ROOT, "tools"))
    import fontsubset
    letters = names.LATIN + names.LATIN_SMALL + names.CYRILLIC + names.CYRILLIC_SMALL + names.MARKS
    for lang in fontsubset.languages():
        chars = fontsubset.characters(lang)
        assert not [c for c in letters if c not in chars], lang
    for font in ("small", "medium", "large"):
        from firmware.core.font import Font
        f = Font(os.path.join(ROOT, "assets", "fonts", font + ".fnt"))
        assert not [c for c in letters if not f.has(c)], font


# ------------------------------------------------------------ the picker

def test_a_new_name_on_four_buttons_is_shown_kept_and_in_the_roster(tmp_path):
    data = str(tmp_path / "dev")
    app, _ = device.build("pico_oled", data, 1)
    _to(app, "g.origin", "m.settings", "n.title")
    assert _labels(app) == ["Red", "Blue", "Green", "Yellow"]
    app.key("down")             # Blue
    app.key("ok")               # its list: no roster yet, the cursor on New name
    assert _labels(app) == [t("n.new"), t("n.no_name")] and app.screens.stack[-1].cur == 0
    app.key("ok")
    scr = app.screens.stack[-1]
    assert scr.title == "Blue: _" and _labels(app)[0] == "A B C Á"       # English: Latin first
    # B: its group, one down; o: MNÑOÓ four down, then three down; b: four up, one down
    for k in ["ok", "down", "ok", "down", "down", "down", "down", "ok", "down", "down", "down", "ok",
              "up", "up", "up", "up", "ok", "down", "ok"]:
        app.key(k)
    assert scr.title == "Blue: Bob_" and scr.cur == 0       # back on the group of b
    assert _labels(app)[0] == "a b c á"                     # the next letter a small one
    app.key("up")               # from the first group up to Done (the list wraps)
    app.key("ok")
    assert [r[:2] for r in app.screens.stack[-1].rows][:2] == [["Red", "-"], ["Blue", "Bob"]]
    assert app.screens.stack[-1].cur == 2                   # on to the next seat
    assert {k: v for k, v in _settings(data).items() if k in ("names", "roster")} == \
        {"names": {"blue": "Bob"}, "roster": ["Bob"]}
    # the game started, its screens say Bob for blue, and so does its link
    app.key("back")             # to Settings
    app.key("back")             # to the set-up screen
    keys = []
    assert go_to_row(app, lambda r: r[0] == t("m.start"), keys)
    dismiss(app, keys)
    app.render()
    assert "Bob" in _labels(app)
    # a boot on the same data folder has the name and the roster too
    app2, _ = device.build("pico_oled", data, 1)
    assert app2.play.names == {"blue": "Bob"} and "Bob" in _labels(app2) and app2.board.settings["roster"] == ["Bob"]


def test_letters_on_two_buttons_delete_back_the_length_limit_and_marks(tmp_path):
    app, _ = device.build("esp32_tdisplay", str(tmp_path / "dev"), 1, lang="ru")
    _to(app, "g.origin", "m.settings", "n.title")
    app.key("ok")               # Red (B: OK), then New name (no roster yet: the cursor on it)
    app.key("ok")
    scr = app.screens.stack[-1]
    assert _labels(app)[0] == "А Б В Г" and _labels(app)[-4:] == \
        [t("n.marks"), t("n.delete"), t("n.latin"), t("n.done")]      # Russian: Cyrillic first

    def refused(label, why):
        assert go_to_row(app, lambda r: r[0] == label, [])
        assert app.screens.stack[-1].lines == [t(why)]
        app.key("ok")
        assert app.screens.stack[-1] is scr

    refused(t("n.marks"), "n.after_letter")         # a hyphen or a space comes after a letter
    while scr.cur != 0:         # A: down, round to the first group
        app.key("down")
    for _ in range(10):         # А ten times: eight are kept, the cursor then on Done
        if scr.cur != 0:
            break
        app.key("ok")
        app.key("ok")
    assert scr.title == "Красный: Аааааааа_" and scr.cur == len(scr.rows) - 1
    refused("а б в г", "n.long")
    app.key("back")             # BACK (A+B): the last letter goes
    assert scr.title == "Красный: Ааааааа_"
    for _ in range(2):
        assert go_to_row(app, lambda r: r[0] == t("n.delete"), [])
    assert scr.title == "Красный: Ааааа_"
    refused(t("n.latin"), "n.one_alphabet")         # the other alphabet only before the first letter
    # a space, then a capital
    bn.letter(app, " ", [])
    assert _labels(app)[2] == "И Й К Л"
    bn.letter(app, "К", [])
    assert scr.title == "Красный: Ааааа К_" and scr.cur == 2
    # BACK on a group's letters goes back to the groups, no letter lost
    app.key("ok")
    assert _labels(app) == ["и", "й", "к", "л"]
    app.key("back")
    assert scr.group == -1 and scr.title == "Красный: Ааааа К_" and scr.cur == 2
    # every letter off with BACK, then BACK leaves: nothing changed
    for _ in range(7):
        app.key("back")
    assert scr.title == "Красный: _" and app.screens.stack[-1] is scr
    app.key("back")
    assert "names" not in app.board.settings and "roster" not in app.board.settings
    assert _labels(app)[:1] == [t("n.new")]
    # a mark at the end is dropped at Done
    app.key("ok")
    for ch in "Аня-":
        bn.letter(app, ch, [])
    bn.done(app, [])
    assert app.board.settings["names"] == {"red": "Аня"} and app.board.settings["roster"] == ["Аня"]


def test_the_other_alphabet_and_a_spanish_name(tmp_path):
    app, _ = device.build("pico_display", None, 1, lang="es")
    app.board.settings["names"] = {"red": "Zoe"}
    _to(app, "g.origin", "m.settings", "n.title")
    app.key("down")
    app.key("ok")
    keys = []
    assert go_to_row(app, lambda r: r[0] == t("n.new"), keys)
    assert _labels(app)[0] == "A B C Á" and _labels(app)[-2] == t("n.cyrillic")
    bn.type_name(app, "Ñandú", keys)
    assert app.board.settings["names"] == {"red": "Zoe", "blue": "Ñandú"}
    app.key("ok")               # Green, New name, a Cyrillic one on a Spanish device
    keys = []
    assert go_to_row(app, lambda r: r[0] == t("n.new"), keys)
    bn.type_name(app, "Ёж", keys)
    assert app.board.settings["names"] == {"red": "Zoe", "blue": "Ñandú", "green": "Ёж"}
    assert app.board.settings["roster"] == ["Ñandú", "Ёж"]


# ------------------------------------------------------------ the roster

def test_seats_are_given_the_rosters_names_and_never_share_one():
    app, _ = bn.at_seats("pico_oled", roster=("Аня", "Борис", "Вика"), lang="en")
    app.board.settings["names"] = {"blue": "Аня"}
    app.key("ok")               # Red's list: the cursor on the first name no other seat has
    assert [r[:2] for r in app.screens.stack[-1].rows] == \
        [["Аня", "Blue"], ["Борис", ""], ["Вика", ""], [t("n.new"), ""], [t("n.no_name"), "Red"]]
    assert app.screens.stack[-1].cur == 1
    app.key("up")
    app.key("ok")               # Аня, taken off Blue
    assert app.board.settings["names"] == {"red": "Аня"} and app.screens.stack[-1].cur == 1
    app.key("ok")               # Blue: on Борис
    app.key("ok")
    assert app.board.settings["names"] == {"red": "Аня", "blue": "Борис"}
    app.key("up")               # Blue again: No name gives it its colour back
    app.key("ok")
    assert go_to_row(app, lambda r: r[0] == t("n.no_name"), [])
    assert app.board.settings["names"] == {"red": "Аня"}


def test_the_roster_is_entered_once_in_settings_players_and_kept(tmp_path):
    data = str(tmp_path / "dev")
    app, _ = device.build("esp32_tdisplay", data, 1, lang="ru")
    _to(app, "g.inca", "m.settings", "n.players")
    assert _labels(app) == [t("n.add")]
    for name in ("Аня", "Борис", "Аня"):        # a name already there is not added again
        keys = []
        assert go_to_row(app, lambda r: r[0] == t("n.add"), keys)
        bn.type_name(app, name, keys)
    assert _labels(app) == ["Аня", "Борис", t("n.add")] and app.screens.stack[-1].cur == 0
    assert _settings(data)["roster"] == ["Аня", "Борис"]
    app.key("ok")               # Аня: take her off
    assert app.screens.stack[-1].title == "Аня" and _labels(app) == [t("n.remove")]
    app.key("ok")
    assert _labels(app) == ["Борис", t("n.add")] and _settings(data)["roster"] == ["Борис"]
    # twelve at most: Add then says why
    app.board.settings["roster"] = ["Б" + ch.lower() for ch in names.CYRILLIC[:12]]
    app.key("back")
    _to(app, "n.players")
    assert app.screens.stack[-1].rows[-1][3] == t("n.full")


def test_a_damaged_names_entry_or_roster_is_told_and_not_used(tmp_path):
    data = tmp_path / "dev"
    data.mkdir()
    for bad in ({"names": {"blue": "Bob9"}}, {"roster": ["Аня", "Bob9"]}, {"roster": "Аня"},
                {"names": {"blue": "Аня", "red": "аня"}}):
        store.save_json(str(data / "settings.json"), dict(bad, brightness=2, lang="ru"))
        notes = []
        app, _ = device.build("pico_oled", str(data), 1, report=notes.append)
        assert app.board.settings == {"brightness": 2, "lang": "ru"} and app.play.names is None, bad
        assert len(notes) == 1 and ("names" in notes[0] or "players" in notes[0]), (bad, notes)
    # one spelt otherwise is taken as the device spells it
    store.save_json(str(data / "settings.json"), {"names": {"blue": "аня"}, "roster": ["ана м"]})
    app, _ = device.build("pico_oled", str(data), 1)
    assert app.board.settings["names"] == {"blue": "Аня"} and app.board.settings["roster"] == ["Ана М"]


# ------------------------------------------------------------ presses

@pytest.mark.parametrize("board", bn.BOARDS)
def test_a_new_5_letter_russian_name_and_a_seat_from_the_roster_are_within_their_presses(board):
    """Counted as keyplan counts them (a held UP, DOWN or A through N rows
    is one press), from the seat's row through Done: the dearest of every
    5-letter string of the alphabet, found letter by letter, and that name
    typed for real takes as many; four seats from a 6-name roster, every
    way of giving them, at most 3 presses a seat."""
    most, name = bn.worst(board)
    assert most <= bn.NEW_NAME[board], (most, name)
    assert bn.new_name_presses(board, name) == most
    seat, four = bn.seats(board)
    assert seat <= bn.SEAT and four <= 4 * bn.SEAT, (seat, four)


def test_a_thumb_that_only_taps_is_planned_with_no_held_press():
    # the short presses' figures (bench/names.py, BENCHMARKS.md *Names*):
    # with hostkit.HOLD off the same name takes one tap a row, and more
    # of them; the held presses come back after
    import hostkit
    most, name = bn.worst("pico_oled")
    with bn.short_presses():
        short = bn.new_name_presses("pico_oled", name)
        assert not hostkit.HOLD
    assert short > most and hostkit.HOLD
    assert bn.new_name_presses("pico_oled", name) == most


def test_names_cost_no_press_in_setting_up_a_game():
    # the scripted games set up with the same presses as ever: the names
    # are in Settings, off the path to Start game
    from bench import scripts
    for board in ("pico_oled", "esp32_tdisplay"):
        app, _ = device.build(board, None, 1)
        app.board.settings["roster"] = list(bn.ROSTER)
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


# ------------------------------------------------------------ words

def test_the_names_screens_cut_no_word_in_any_language_on_any_board():
    import goldens
    for board in ("pico_oled", "pico_display", "pybadge"):
        for lang in ("en", "ru", "es"):
            longest = "Жжжжжжжж" if lang == "ru" else "Wwwwwwww"
            app, _ = bn.at_seats(board, roster=(longest, "Аня"), lang=lang)
            # the widest colour word of any game, where a picker's title names it
            words = device.words(lang)
            for g in ("inca", "eightmin", "origin"):
                words.update(device.words(lang, g))
            colour = max((v for k, v in words.items() if k.split(".")[-2:-1] == ["c"]), key=app.board.lay.font.width)
            cut = goldens.watch_cuts(app)

            def draw():
                app.screens.dirty = True
                app.render()
            app.board.settings["names"] = {"blue": longest}
            app.screens.stack[-1].refresh(app)
            draw()
            app.key("ok")       # Red's list: the long name at Blue
            draw()
            app.screens.push(seatnames.Letters(colour, lambda app, name: None, lang == "ru"))
            for ch in longest:
                bn.letter(app, ch, [])
            scr = app.screens.stack[-1]
            for i in range(len(scr.rows)):
                scr.cur = i
                draw()
            app.key("back")
            bn.letter(app, "-", [])
            app.key("ok")
            draw()
            del app.screens.stack[3:]
            _to(app, "n.players")
            draw()
            app.key("ok")
            draw()
            assert cut == [], (board, lang, cut)


# ------------------------------------------------------------ from a computer

def test_the_simulators_players_are_kept_in_its_settings_and_listed(tmp_path):
    from host_sim import sim
    data = str(tmp_path / "sim")
    os.makedirs(data)
    store.save_json(os.path.join(data, "settings.json"), {"brightness": 4, "lang": "ru"})
    assert sim.main(["--journal", data, "--players", "аня, Борис", "--keys", "down", "--text"]) == 0
    assert _settings(data) == {"brightness": 4, "lang": "ru", "roster": ["Аня", "Борис"]}
    app, _ = device.build("pico_oled", data, 1)
    _to(app, "g.origin", "m.settings", "n.title")
    app.key("ok")
    assert _labels(app)[:3] == ["Аня", "Борис", t("n.new")]
    # a bad name is named, and nothing is written
    assert sim.main(["--journal", data, "--players", "Аня,R2D2", "--keys", "down"]) == 1
    assert _settings(data)["roster"] == ["Аня", "Борис"]
    with pytest.raises(ValueError, match="Аня is given twice"):
        players.parse("Аня,аня")
    with pytest.raises(ValueError, match="at most"):
        players.parse(",".join("Б" + ch.lower() for ch in names.CYRILLIC[:13]))


def _fake_mpremote(tmp_path):
    """An mpremote whose board's files are the folder tmp_path/board."""
    board = tmp_path / "board"
    (board / "data").mkdir(parents=True)
    log = tmp_path / "calls"
    fake = tmp_path / "mpremote"
    fake.write_text("#!/bin/sh\n"
                    "echo \"$*\" >> %(log)s\n"
                    "shift; shift\n"
                    "case \"$1\" in\n"
                    "  exec) [ -f %(b)s/data/settings.json ] && echo 'has settings' ;;\n"
                    "  cp) src=$2; dst=$3\n"
                    "      case $src in :*) src=%(b)s${src#:} ;; esac\n"
                    "      case $dst in :*) dst=%(b)s${dst#:} ;; esac\n"
                    "      cp \"$src\" \"$dst\" ;;\n"
                    "esac\n" % {"log": log, "b": board})
    fake.chmod(0o755)
    return fake, board, log


def test_flash_sh_players_merge_into_the_boards_settings_and_into_the_build(tmp_path):
    from test_flash import flash
    fake, board, log = _fake_mpremote(tmp_path)
    store.save_json(str(board / "data" / "settings.json"), {"brightness": 5, "lang": "es", "names": {"red": "Ana"}})
    r = flash("--players", "Аня,борис,Вика,Гоша", "--port", "ttyFAKE", MPREMOTE=str(fake))
    assert r.returncode == 0, r.stdout + r.stderr
    assert _settings(str(board / "data")) == {"brightness": 5, "lang": "es", "names": {"red": "Ana"},
                                              "roster": ["Аня", "Борис", "Вика", "Гоша"]}
    assert log.read_text().splitlines()[-1] == "connect ttyFAKE soft-reset"
    # a board with no settings yet gets the roster alone; a bad name is
    # named and nothing is done
    os.remove(str(board / "data" / "settings.json"))
    log.write_text("")
    r = flash("--players", "Аня,Борис", "--port", "ttyFAKE", MPREMOTE=str(fake))
    assert r.returncode == 0 and _settings(str(board / "data")) == {"roster": ["Аня", "Борис"]}, r.stderr
    log.write_text("")
    for bad, why in (("Аня,Борис9", "'Борис9' is not a name"), ("Аня,,Вика", "an empty name"),
                     ("Анастасия", "9 letters long")):
        r = flash("--players", bad, "--port", "ttyFAKE", MPREMOTE=str(fake))
        assert r.returncode == 2 and why in r.stderr and r.stderr.startswith("flash.sh:"), (bad, r.stderr)
    assert log.read_text() == "" and _settings(str(board / "data")) == {"roster": ["Аня", "Борис"]}
    # with --board: the build's default roster, and the board's settings,
    # before it is reset (dry run: the steps only)
    r = flash("--board", "pico_oled", "--dry-run", "--port", "/dev/ttyACM0", "--players", "Аня,Борис", MPREMOTE="/bin/true")
    assert r.returncode == 0, r.stderr
    out = r.stdout.splitlines()
    assert 'write out/flash/pico_oled/assets/players.json: ["Аня", "Борис"]' in out
    put = [i for i, ln in enumerate(out) if ln.endswith("settings.json :/data/settings.json")]
    assert put and put[0] > [i for i, ln in enumerate(out) if "cp -rf firmware boards assets lib :." in ln][0]
    assert out[put[0] + 1].endswith("connect /dev/ttyACM0 reset")


def test_a_default_roster_of_the_build_is_the_roster_of_a_device_with_none(tmp_path):
    from firmware.app import App
    from firmware.core.font import Font
    from firmware.hal.canvas import Canvas
    from firmware.screenkit.layout import Layout
    assets = tmp_path / "assets"
    assets.mkdir()
    for n in os.listdir(os.path.join(ROOT, "assets")):
        os.symlink(os.path.join(ROOT, "assets", n), str(assets / n))
    players.default(str(assets / "players.json"), players.parse("Аня,Борис"))

    def boot(data):
        font = Font(os.path.join(ROOT, "assets", "fonts", "small.fnt"))
        lay = Layout(128, 64, font, False)
        notes = []
        app = App(lay, Canvas(128, 64, False, font, palette=lay.palette), None, data, assets=str(assets), seed=lambda: 1,
                  report=notes.append, lang=None)
        app.boot()
        return app, notes
    app, notes = boot(str(tmp_path / "a"))
    assert app.board.settings["roster"] == ["Аня", "Борис"] and notes == []
    # settings that have a roster keep theirs (an empty one too)
    store.save_json(str(tmp_path / "a" / "settings.json"), {"roster": []})
    app, _ = boot(str(tmp_path / "a"))
    assert app.board.settings["roster"] == []
    (assets / "players.json").write_text('["Bob9"]')
    app, notes = boot(str(tmp_path / "b"))
    assert "roster" not in app.board.settings and any("players.json" in n for n in notes), notes


def test_flash_sh_stages_the_roster_a_board_reads(tmp_path):
    out = tmp_path / "staged"
    r = subprocess.run(["./flash.sh", "--board", "pico_oled", "--stage", "--source", "--out", str(out),
                        "--players", "Вика,Гоша"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    with open(str(out / "assets" / "players.json"), encoding="utf-8") as f:
        assert json.load(f) == ["Вика", "Гоша"]
