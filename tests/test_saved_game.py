"""A saved game is never lost to a damaged file or a failing flash, and never
crashes the device: the device (the firmware on CPython, as the simulator
runs it) boots on a data folder with the game's files damaged, the settings
or edition tables of the wrong shape, storage that refuses writes, and
after backing out of New game.  Each case as a player meets it."""
import binascii
import json
import os
import shutil

import pytest

from firmware.core import jsonout, store
from firmware.core.text import t
from host_sim import device, games, keyplan, replay

ROOT = device.ROOT
SETUP = "inca players=blue,orange,green,brown seed=77 pizarro"


def transcript(n):
    with open(os.path.join(ROOT, "tests", "scenarios", "pizarro_four.txt")) as f:
        lines = [ln for ln in f.read().splitlines() if ln and not ln.startswith("#")]
    return lines[:n]


@pytest.fixture
def saved(tmp_path):
    """A data folder with a game 75 actions in (a snapshot among its files),
    as `replay --journal` writes it; and the view it resumes to."""
    src = tmp_path / "mid.txt"
    src.write_text("\n".join(transcript(75)) + "\n")
    data = tmp_path / "data"
    out = []
    status, session = replay.run(str(src), journal=str(data / "game"), out=out.append)
    assert status == 0 and os.path.exists(data / "game" / "snap.json")
    return data, out[-1]


def boot(data, lang=None):
    notes = []
    app, _ = device.build("pico_oled", str(data), 1, report=notes.append, lang=lang)
    return app, notes


def resumed(app):
    return jsonout.dumps(app.play.view()) if app.play.session is not None else None


def game_edition(data):
    """The edition table the game in data/ was started with, as its journal keeps it."""
    return store.load_json(str(data / "game" / "edition.json"), None)


def resume_cli(data):
    out = []
    status, _ = replay.resume(str(data / "game"), out=out.append)
    return status, out[-1] if out else None


def screen_text(app):
    return " ".join(r[0] for r in app.screens.stack[-1].rows)


# ------------------------------------------------------------ damaged game files

def test_a_damaged_first_journal_line_still_resumes_the_game(saved):
    data, want = saved
    p = data / "game" / "journal.txt"
    raw = p.read_bytes()
    for damaged in (b"y" + raw[1:], raw[:20] + raw[raw.index(b"\n"):]):    # a letter changed; the line cut short
        p.write_bytes(damaged)
        app, notes = boot(data)
        assert resumed(app) == want, notes
        assert resume_cli(data) == (0, want)
    p.write_bytes(raw)


def test_a_game_that_cannot_be_recovered_is_kept_aside_and_the_players_told(saved):
    data, _ = saved
    game = data / "game"
    (game / "journal.txt").write_bytes(b"\xffgarbage \x00\n")
    for n in ("snap.json", "snap.old"):
        if (game / n).exists():
            (game / n).write_bytes(b"nonsense")
    kept = sorted(os.listdir(game))
    app, notes = boot(data, lang="ru")
    assert app.play.session is None
    # the files are all there, under a new name; the players are told where
    assert not game.exists() and sorted(os.listdir(data / "game.damaged-1")) == kept
    assert "game.damaged-1" in screen_text(app) and app.screens.stack[-1].title == "Сохранённая игра"
    assert resume_cli(data)[0] == 1         # resume agrees: nothing to recover
    # a new game started now leaves them alone; a second damaged game gets the next name
    app.key("ok")
    keyplan.setup(app, "inca players=blue,orange,green", [])
    assert app.play.session is not None and sorted(os.listdir(data / "game.damaged-1")) == kept
    (data / "game" / "journal.txt").write_bytes(b"nothing\n")
    app, _ = boot(data)
    assert os.path.isdir(data / "game.damaged-2") and "game.damaged-2" in screen_text(app)


def test_a_game_that_cannot_be_recovered_nor_kept_aside_stays_told_at_every_boot_and_is_never_removed(
        saved, monkeypatch):
    """A save that cannot be recovered (its setup line damaged, no snapshot)
    while the storage refuses the rename that keeps it aside: its files stay
    where they are, and the players are told at every boot, the note kept
    on flash until they close it; Start game keeps them aside before it
    replaces the folder, or is refused and told, never removes them."""
    from firmware.core import osfs
    from firmware.core.gamefiles import KEPT
    data, _ = saved
    game = data / "game"
    (game / "journal.txt").write_bytes(b"\xffgarbage \x00\n")
    for n in ("snap.json", "snap.old"):
        if (game / n).exists():
            (game / n).unlink()
    files = dict((n, (game / n).read_bytes()) for n in os.listdir(game))

    class NoRename(osfs.OsFs):
        refuse = True

        def rename(self, old, new):
            if self.refuse and old.endswith("/game"):
                raise OSError(5, old)
            os.rename(old, new)
    fs = NoRename()
    monkeypatch.setattr(osfs, "FS", fs)
    for _ in range(2):
        app, notes = boot(data)
        assert app.play.session is None and any("stays in" in n for n in notes), notes
        assert app.screens.stack[-1].title == t("m.saved_game"), notes
        assert t("m.kept_aside").split(";")[0] in screen_text(app) and "game" in screen_text(app)
        assert store.load_json(str(data / KEPT), None) == {"kept": "game", "why": "m.kept_aside"}
        assert dict((n, (game / n).read_bytes()) for n in os.listdir(game)) == files
    # closed: the note leaves the flash; the files stay
    app.key("ok")
    assert not (data / KEPT).exists() and screen_text(app) != "" and app.screens.stack[-1].title != t("m.saved_game")
    # Start game while the storage still refuses the rename: told, nothing removed
    said = []
    push = app.screens.push
    app.screens.push = lambda scr: (said.extend(getattr(scr, "lines", ())), push(scr))
    keyplan.setup(app, "inca players=blue,orange,green", [])
    del app.screens.push
    assert app.play.session is None and t("m.storage") % 5 in said, said
    assert dict((n, (game / n).read_bytes()) for n in os.listdir(game)) == files
    assert not [n for n in os.listdir(data) if n.startswith("game.")]
    # and once it takes it: kept aside, the new game in its place
    fs.refuse = False
    app, _ = boot(data)
    monkeypatch.undo()
    assert app.play.session is None
    app.key("ok")
    keyplan.setup(app, "inca players=blue,orange,green", [])
    assert app.play.session is not None
    kept = [n for n in os.listdir(data) if n.startswith("game.")]
    assert kept == ["game.damaged-1"], kept
    assert dict((n, (data / kept[0] / n).read_bytes()) for n in os.listdir(data / kept[0])) == files


@pytest.mark.parametrize("short", [1, 2])
def test_a_resume_short_of_heap_once_reads_the_game_again_twice_keeps_it_aside(saved, monkeypatch, short):
    """The boot's heap cut up before the game is read (CircuitPython, on a
    Pico, ran out once 30 presses in): the game let go of, collected and
    read again; only a second MemoryError keeps it aside, told."""
    from firmware.core.journal import Journal
    data, want = saved
    real = Journal.resume
    left = [short]

    def resume(self):
        if left[0]:
            left[0] -= 1
            raise MemoryError("memory allocation failed, allocating 1626 bytes")
        return real(self)
    monkeypatch.setattr(Journal, "resume", resume)
    app, notes = boot(data)
    if short == 1:
        assert resumed(app) == want and os.path.isdir(data / "game"), notes
        assert any("resumed again" in n for n in notes), notes
    else:
        assert app.play.session is None and os.path.isdir(data / "game.damaged-1")
        assert t("m.no_room") in screen_text(app), notes


def test_a_non_utf8_byte_in_the_journal_is_dropped_not_a_crash(saved):
    data, want = saved
    p = data / "game" / "journal.txt"
    raw = bytearray(p.read_bytes())
    raw[raw.index(b"\n") + 2] = 0xFF           # in the second record (before the snapshot)
    p.write_bytes(bytes(raw))
    app, notes = boot(data)
    assert resumed(app) == want                # the snapshot covers it
    raw[-3] = 0xFE                             # in the last record (after it): that record is dropped
    p.write_bytes(bytes(raw))
    app, notes = boot(data)
    assert app.play.session is not None and any("record" in n for n in notes), notes
    assert resume_cli(data)[1] == resumed(app)


# ------------------------------------------------------------ the edition belongs to the game

def test_an_edition_edit_during_a_game_applies_to_new_games_only(saved):
    data, want = saved
    app, _ = boot(data)
    assert resumed(app) == want
    # New game, Check your board: era I's labor 5 -> 9, then back out without starting
    _edit_era_one_labor(app)
    assert store.decode((data / "inca-edition.json").read_bytes())["eras"][0]["labor"] == 9
    app.key("back")
    app.key("back")
    app.key("back")
    assert resumed(app) == want                # the game goes on as it was
    journal = (data / "game" / "journal.txt").read_bytes()
    app, notes = boot(data)
    assert resumed(app) == want and (data / "game" / "journal.txt").read_bytes() == journal, notes
    # a new game gets the edited table
    app.key("ok")
    keyplan.go_to_row(app, lambda r: r[0] == t("m.new_game"), [])
    keyplan.go_to_row(app, lambda r: r[0] == t("m.yes"), [])
    keyplan.setup(app, "inca players=blue,orange,green", [])
    assert app.play.session.state["labor"][0] == 9
    assert game_edition(data)["eras"][0]["labor"] == 9


def _edit_era_one_labor(app):
    """New game, Check your board: era I's labor 5 -> 9 (saved for new games)."""
    app.key("ok")
    assert keyplan.go_to_row(app, lambda r: r[0] == t("m.new_game"), [])
    assert keyplan.go_to_row(app, lambda r: r[0] == t("m.yes"), [])
    assert keyplan.go_to_row(app, lambda r: r[0] == t("g.inca"), [])
    assert keyplan.go_to_row(app, lambda r: r[0] == t("s.board"), [])
    app.key("ok")
    for _ in range(4):
        app.key("up")
    app.key("ok")


@pytest.mark.parametrize("saves", [True, False])
def test_on_the_device_a_new_games_table_is_written_after_its_first_frame_unless_it_is_unsaved(
        saved, saves, monkeypatch):
    """The device (its loop running) writes a new game's edition table at
    idle, after the frame; but a table edited for new games that the storage
    did not take is written before the game's journal, as a resume without
    it would not find the edit."""
    data, _ = saved
    app, _ = boot(data)
    app.running = True
    if not saves:
        real = store.save_json

        def full(path, obj, fs=None):
            if path.endswith("inca-edition.json"):
                raise OSError(28, path)
            real(path, obj, fs)
        monkeypatch.setattr(store, "save_json", full)
    _edit_era_one_labor(app)
    keyplan.dismiss(app, [])        # a note that the storage did not take it
    from firmware.games.inca.setup import Setup
    while not isinstance(app.screens.stack[-1], Setup):
        app.key("back")
    assert app.play.edition["eras"][0]["labor"] == 9 and app.play.edition_saved == saves
    played = (data / "game" / "journal.txt").read_bytes()
    keyplan.setup(app, "inca players=blue,orange,green", [])
    assert app.play.session.state["labor"][0] == 9
    # the new game's first frame, then its files (App.run): none before
    assert app.play.journal.due is not None and (data / "game" / "journal.txt").read_bytes() == played
    app.render()
    app.play.saved()
    assert app.play.journal.records == 1 and (data / "game" / "journal.txt").read_bytes().count(b"\n") == 1
    if saves:
        assert not (data / "game" / "edition.json").exists()
        app.play.journal.idle()
    assert game_edition(data)["eras"][0]["labor"] == 9


def test_a_resumed_game_lists_the_marker_kinds_it_was_started_with(saved):
    """The table edited for new games (its kinds' resistances changed) does
    not change the conquest picker of the game resumed: that game's own
    table does."""
    data, want = saved
    with open(os.path.join(ROOT, "assets", "inca", "edition.json")) as f:
        edited = json.load(f)
    old = [kind[1] for kind in edited["marker_kinds"]["kinds"]]
    for kind in edited["marker_kinds"]["kinds"]:
        kind[1] += 5
    store.save_json(str(data / "inca-edition.json"), edited)
    app, notes = boot(data)
    assert resumed(app) == want, notes
    app.key("ok")
    assert keyplan.go_to_row(app, lambda r: r[0] == t("b.conquer"), [])
    # the rows conquer a marker of the numbers the game was started with
    kinds = [int(r[2].split()[2]) for r in app.screens.stack[-1].rows[:-1]]
    assert kinds == old, kinds
    # and New game sets up with the edited table
    app.screens.home()
    app.key("ok")
    keyplan.go_to_row(app, lambda r: r[0] == t("m.new_game"), [])
    keyplan.go_to_row(app, lambda r: r[0] == t("m.yes"), [])
    keyplan.setup(app, "inca players=blue,orange,green", [])
    assert game_edition(data)["marker_kinds"]["kinds"][0][1] == old[0] + 5
    assert app.play.edition["marker_kinds"]["kinds"][0][1] == old[0] + 5     # what the conquest picker reads


def test_a_game_played_keeps_only_the_parts_of_its_edition_its_screens_read(saved):
    """The rules copied what they need into the state at setup: through a
    game the device keeps in RAM only what the pickers list (Inca Empire:
    the marker kinds and temple sites), for a new game and a resumed one."""
    data, want = saved
    app, _ = boot(data)
    assert resumed(app) == want
    assert sorted(app.play.edition) == ["marker_kinds", "temple_sites"]
    assert app.play.journal.edition is None and not hasattr(app.play.session, "edition")
    app.key("ok")
    keyplan.go_to_row(app, lambda r: r[0] == t("m.new_game"), [])
    keyplan.go_to_row(app, lambda r: r[0] == t("m.yes"), [])
    keyplan.go_to_row(app, lambda r: r[0] == t("g.inca"), [])
    assert "eras" in app.play.edition and "catch_up" in app.play.edition   # set-up reads the whole table
    app.key("back")
    app.key("back")
    assert resumed(app) == want and sorted(app.play.edition) == ["marker_kinds", "temple_sites"]
    app.key("ok")
    keyplan.go_to_row(app, lambda r: r[0] == t("m.new_game"), [])
    keyplan.go_to_row(app, lambda r: r[0] == t("m.yes"), [])
    keyplan.setup(app, "inca players=blue,orange,green", [])
    assert app.play.session.state["seating"] == ["blue", "orange", "green"]
    assert sorted(app.play.edition) == ["marker_kinds", "temple_sites"]
    assert app.play.journal.edition is None and not hasattr(app.play.session, "edition")


def test_backing_out_of_new_game_goes_on_with_the_game(saved):
    data, want = saved
    app, _ = boot(data)
    for other in ("g.eightmin", "g.origin", "g.yu"):
        app.key("ok")
        assert keyplan.go_to_row(app, lambda r: r[0] == t("m.new_game"), [])
        assert keyplan.go_to_row(app, lambda r: r[0] == t("m.yes"), [])
        assert keyplan.go_to_row(app, lambda r: r[0] == t(other), [])
        app.key("back")                        # the setup screen
        app.key("back")                        # the picker
        assert app.play.name == "inca" and resumed(app) == want
        app.key("home")
        assert type(app.screens.stack[-1]).__name__ == "Home" and t("c.blue") == "Blue"
    # the game takes its next action, and the device resumes it after
    keys = []
    keyplan.action(app, transcript(76)[-1], keys)
    assert app.play.session.tail[-1] == transcript(76)[-1]
    after = resumed(app)
    app, _ = boot(data)
    assert resumed(app) == after
    # home from the setup screen of another game (a long press of OK) too
    app.key("ok")
    keyplan.go_to_row(app, lambda r: r[0] == t("m.new_game"), [])
    keyplan.go_to_row(app, lambda r: r[0] == t("m.yes"), [])
    keyplan.go_to_row(app, lambda r: r[0] == t("g.eightmin"), [])
    app.key("home")
    assert app.play.name == "inca" and resumed(app) == after and t("c.blue") == "Blue"


def test_the_collections_of_new_game_end_whichever_way_it_is_left(saved, monkeypatch):
    # while a game is chosen and set up the heap is collected as it loads
    # (modules.loading); once the game played is back on the screens, or
    # the new one has started, no more (a collection inside a press costs
    # a Pico 20 ms)
    from firmware import app as app_module
    from firmware.core import modules
    calls = []
    monkeypatch.setattr(modules, "loading", calls.append)
    monkeypatch.setattr(app_module, "loading", calls.append)
    data, want = saved
    app, _ = boot(data)

    def new_game():
        app.key("home")
        app.key("ok")
        assert keyplan.go_to_row(app, lambda r: r[0] == t("m.new_game"), [])
        assert keyplan.go_to_row(app, lambda r: r[0] == t("m.yes"), [])
    for leave in (["back"], ["home"], ["down", "ok", "back", "back"], ["down", "ok", "home"]):
        del calls[:]
        new_game()
        assert calls[-1] is True      # the picker: collected as it loads
        for k in leave:
            app.key(k)
        assert calls[-1] is False and app.play.name == "inca" and resumed(app) == want, leave
    del calls[:]
    new_game()
    keyplan.setup(app, "inca players=blue,orange,green", [])     # a new game started
    assert True in calls and calls[-1] is False and app.play.session.count == 0


def test_undo_and_the_leds_while_new_game_sets_up_another_game(saved):
    # found by the menu walker (tests/mpy/test_walker.py): UNDO on the
    # setup screen of another game raised NoGame (the new game's journal has
    # no game yet), and the view and the LEDs read the played game's state
    # with the other game's engine (KeyError)
    data, want = saved
    app, _ = boot(data)
    records = app.play.journal.records
    app.key("ok")
    keyplan.go_to_row(app, lambda r: r[0] == t("m.new_game"), [])
    keyplan.go_to_row(app, lambda r: r[0] == t("m.yes"), [])
    keyplan.go_to_row(app, lambda r: r[0] == t("g.eightmin"), [])
    assert app.play.name == "eightmin" and app.play.playing is not None
    app.key("undo")                        # nothing to undo on a setup screen
    app.render()
    assert resumed(app) == want            # the view of the game played, by its own engine
    app.play.leds()
    assert sorted(app.board.px.colours) == ["blue", "brown", "green", "orange"]
    app.key("home")
    assert app.play.name == "inca" and resumed(app) == want and app.play.journal.records == records
    app, _ = boot(data)
    assert resumed(app) == want


# ------------------------------------------------------------ files of the wrong shape

@pytest.mark.parametrize("settings", [[1, 2], "x", {"brightness": "x"}, {"brightness": 9, "lang": 3},
                                      {"lang": "xx"}, None])
def test_settings_of_the_wrong_shape_give_the_defaults(saved, settings):
    data, want = saved
    store.save_json(str(data / "settings.json"), settings)   # a good checksum, the wrong shape
    app, notes = boot(data)
    assert resumed(app) == want and app.board.settings == {"brightness": 3, "lang": "en"}
    if settings is not None:
        assert notes


@pytest.mark.parametrize("edition", [[1], {"eras": "x"}, {"eras": [{"labor": "five"}]}])
def test_an_edited_edition_of_the_wrong_shape_is_not_used(tmp_path, edition):
    data = tmp_path / "data"
    data.mkdir()
    store.save_json(str(data / "inca-edition.json"), edition)
    app, notes = boot(data)
    keyplan.setup(app, "inca players=blue,orange,green", [])
    assert app.play.session is not None and any("not an edition table" in n for n in notes), notes
    app.play.journal.idle()
    # the game's table is the bundled one: a copy of its file under the
    # checksum the setup line names
    with open(os.path.join(ROOT, "assets", "inca", "edition.json"), "rb") as f:
        bundled = f.read()
    crc = b"%08x" % binascii.crc32(bundled)
    assert (data / "game" / "edition.json").read_bytes() == b"#" + crc + b"\n" + bundled
    assert (data / "game" / "journal.txt").read_bytes().split(b"\n")[0].find(b"edition " + crc) > 0


def test_a_resume_takes_the_table_it_read_where_the_games_table_is_a_copy_of_its_file(tmp_path, monkeypatch):
    """A game started with the bundled table keeps a copy of that file: its
    resume does not read and check the game's table again (the table for
    new games is that file, read already); once the bundled table is
    another (a newer firmware), the game's own copy is read, without the
    notes for readers."""
    data = tmp_path / "data"
    from bench import scripts
    app, _ = device.build("pico_oled", str(data), scripts.SEED)
    keyplan.play(app, scripts.transcript()[:75])     # a snapshot among its files
    assert (data / "game" / "snap.json").exists()
    reads = []
    real = store.read_json

    def read_json(path, fs=None):
        reads.append(os.path.basename(path))
        return real(path, fs)
    monkeypatch.setattr(store, "read_json", read_json)
    app, notes = boot(data)
    assert app.play.session is not None and "edition.json" not in reads, (reads, notes)
    with open(os.path.join(ROOT, "assets", "inca", "edition.json")) as f:
        bundled = json.load(f)
    assert app.play.edition["marker_kinds"]["kinds"] == bundled["marker_kinds"]["kinds"]
    # a newer firmware: its bundled table's kinds are others
    newer = json.loads(json.dumps(bundled))
    for kind in newer["marker_kinds"]["kinds"]:
        kind[1] += 5
    (tmp_path / "newer.json").write_text(json.dumps(newer, indent=1))
    from firmware.games import registry
    where = os.path.relpath(str(tmp_path / "newer.json"), app.board.assets)
    monkeypatch.setattr(registry, "edition", lambda name: where)
    del reads[:]
    app, notes = boot(data)
    assert app.play.session is not None and "edition.json" in reads, (reads, notes)
    assert app.play.edition["marker_kinds"]["kinds"] == bundled["marker_kinds"]["kinds"]
    assert "about" not in app.play.edition["marker_kinds"] and not app.play.journal.other_table, notes


def test_a_damaged_bundled_edition_is_told_not_a_crash(saved, tmp_path, monkeypatch):
    data, _ = saved
    assets = tmp_path / "assets"
    shutil.copytree(os.path.join(ROOT, "assets"), assets)
    p = assets / "inca" / "edition.json"
    p.write_text(p.read_text()[:100])          # cut short
    from firmware.app import App
    real = App.__init__

    def init(self, *a, **kw):
        kw["assets"] = str(assets)
        real(self, *a, **kw)
    monkeypatch.setattr(App, "__init__", init)
    app, notes = boot(data)
    assert app.play.session is None and t("g.inca") in screen_text(app)
    assert os.path.exists(data / "game" / "journal.txt")     # the saved game is left as it is
    app.key("ok")
    keyplan.go_to_row(app, lambda r: r[0] == t("g.inca"), [])  # picking it again: told again
    assert app.play.session is None and "edition" in screen_text(app)


# ------------------------------------------------------------ storage that refuses writes

@pytest.mark.parametrize("setting", ["m.brightness", "m.language"])
@pytest.mark.parametrize("errno", [28, 30])
def test_a_setting_changed_on_full_or_read_only_storage_is_told_and_the_game_goes_on(saved, errno, setting,
                                                                                   monkeypatch):
    # the note stays over the settings, which show the change (the
    # language's note in the language chosen), until the players close it;
    # and the setting is what it said: gone after a restart
    data, want = saved
    store.save_json(str(data / "settings.json"), {"brightness": 4, "lang": "es"})
    app, _ = boot(data)

    def refuse(*a, **kw):
        raise OSError(errno, "refused")
    monkeypatch.setattr(store, "save_json", refuse)
    app.key("ok")
    assert keyplan.go_to_row(app, lambda r: r[0] == t("m.settings"), [])
    assert keyplan.go_to_row(app, lambda r: r[0] == t(setting), [])
    assert app.board.settings == ({"brightness": 5, "lang": "es"} if setting == "m.brightness"
                            else {"brightness": 4, "lang": "en"}) and resumed(app) == want
    app.render()
    said = " ".join(app.screens.stack[-1].lines)
    assert app.screens.stack[-1].title == t("m.settings") and t("m.until_off") in said
    assert (t("m.storage_full") in said) if errno == 28 else ((t("m.storage") % errno) in said)
    app.key("ok")
    top = app.screens.stack[-1]
    assert top.title == t("m.settings") and top.rows[0][1] == str(app.board.settings["brightness"])
    app.key("home")
    keyplan.action(app, transcript(76)[-1], [])   # the game goes on
    assert app.play.session.tail[-1] == transcript(76)[-1]
    monkeypatch.undo()
    app, _ = boot(data)
    assert app.board.settings == {"brightness": 4, "lang": "es"}


def test_a_language_picked_in_the_game_picker_on_full_storage_is_told(tmp_path, monkeypatch):
    from firmware.settings import NAMES
    data = tmp_path / "data"
    app, _ = boot(data)

    def refuse(*a, **kw):
        raise OSError(28, "full")
    monkeypatch.setattr(store, "save_json", refuse)
    assert keyplan.go_to_row(app, lambda r: r[0] == NAMES[2], [])
    assert app.board.settings["lang"] == "es"
    said = " ".join(app.screens.stack[-1].lines)
    assert app.screens.stack[-1].title == t("m.settings") and t("m.until_off") in said and t("m.storage_full") in said
    app.key("ok")
    assert app.screens.stack[-1].title == t("g.title")


def test_start_game_on_read_only_storage_is_told(tmp_path, monkeypatch):
    data = tmp_path / "data"
    app, _ = boot(data)

    def refuse(*a, **kw):
        raise OSError(30, "read-only")
    monkeypatch.setattr(store, "write", refuse)
    keys = []
    keyplan.go_to_row(app, lambda r: r[0] == t("g.inca"), keys)
    keyplan.go_to_row(app, lambda r: r[0] == t("m.start"), keys)
    assert app.play.session is None and (t("m.storage") % 30) in screen_text(app)
    # under the note, the set-up screen stays, with the players' choices,
    # for another try
    app.key("back")
    assert app.screens.stack[-1].title == t("s.setup")


def test_a_new_game_refused_by_full_storage_leaves_the_game_played(saved, monkeypatch):
    # the new game's files are written before the old game's go: a start
    # that finds the storage full deletes nothing, and the game played goes
    # on and is resumed after a reboot
    data, want = saved
    app, _ = boot(data)
    app.key("ok")
    keyplan.go_to_row(app, lambda r: r[0] == t("m.new_game"), [])
    keyplan.go_to_row(app, lambda r: r[0] == t("m.yes"), [])
    keyplan.go_to_row(app, lambda r: r[0] == t("g.inca"), [])
    before = sorted(os.listdir(data / "game"))

    def full(*a, **kw):
        raise OSError(28, "full")
    monkeypatch.setattr(store, "write", full)
    keyplan.go_to_row(app, lambda r: r[0] == t("m.start"), [])
    assert t("m.storage_full") in screen_text(app)
    monkeypatch.undo()
    assert [n for n in sorted(os.listdir(data / "game")) if not n.endswith(".tmp")] == before
    app.key("home")
    assert resumed(app) == want
    keyplan.action(app, transcript(76)[-1], [])
    after = resumed(app)
    app, _ = boot(data)
    assert resumed(app) == after


def test_bad_records_that_cannot_be_kept_aside_are_not_appended_after(saved, monkeypatch):
    # found by review: when the journal could not be kept aside at boot
    # (full storage), new actions were appended after the unreadable
    # record, and the next boot stopped there again: they were lost
    from firmware.core import osfs
    data, _ = saved
    path = data / "game" / "journal.txt"
    lines = path.read_bytes().split(b"\n")
    lines[70] = lines[70].replace(b" #", b"x #", 1)      # a record after the snapshot (65) is bad
    path.write_bytes(b"\n".join(lines))

    class Full(osfs.OsFs):
        full = True

        def open(self, path, mode):
            if self.full and "damaged-" in path and "w" in mode:
                raise OSError(28, "full")
            return open(path, mode)
    fs = Full()
    monkeypatch.setattr(osfs, "FS", fs)
    app, notes = boot(data)
    assert app.play.journal.records == 70 and any("could not repair" in n for n in notes), notes
    keyplan.action(app, transcript(71)[-1], [])          # still full: not saved, the game as it was
    assert app.play.journal.records == 70 and t("m.storage_full") in screen_text(app)
    fs.full = False
    app.key("home")
    keyplan.action(app, transcript(71)[-1], [])          # room again: kept aside, cut, saved
    assert app.play.journal.records == 71 and app.play.journal.kept == "damaged-1.txt"
    after = resumed(app)
    app, _ = boot(data)
    assert app.play.journal.records == 71 and resumed(app) == after
    assert (data / "game" / "damaged-1.txt").exists()


# ------------------------------------------------------------ the history after an undo

def _actions(rows):
    """A history's rows but the indented ones (results, names continued)."""
    labels = [r if isinstance(r, str) else r[0] for r in rows]
    return [x for x in labels if not x.startswith("  ") and x != t("m.results")]


@pytest.mark.parametrize("game", games.names())
def test_the_history_after_an_undo_shows_what_is_left(game, tmp_path):
    """The history open with the cursor on its last row, then undo (a long
    press of BACK): the list is built again without the action taken back,
    and the cursor stays on a row (it was past the end: IndexError)."""
    from host_sim.keyplan import planner
    lines = games.script(game)[:12]      # the start of its scripted session
    app, _ = device.build("pico_oled", str(tmp_path / "data"), 77)
    planner(game).setup(app, lines[0], [])
    for ln in lines[1:]:
        planner(game).action(app, ln, [])
    keyplan.dismiss(app, [])
    app.key("home")
    app.key("back")                            # BACK on the home screen: the history
    hist = app.screens.stack[-1]
    assert hist.title == t("m.history")
    rows = len(hist.rows)
    undone = app.play.session.tail[-1]
    shown = [r[0] for r in hist.rows]
    hist.select(rows - 1)                      # the last row (the oldest action)
    assert hist.cur == rows - 1
    app.render()
    app.key("undo")
    while app.screens.stack[-1] is not hist and len(app.screens.stack) > 1:
        app.key("ok")                          # the note saying what was undone
    if app.screens.stack[-1] is not hist:
        # the undo went back to another phase: the home screen, as after any
        # such change; the history opened again
        app.key("back")
        hist = app.screens.stack[-1]
    app.render()
    # (the rows of the last action's results, indented under Results, are
    # those of another action now)
    assert len(_actions(hist.rows)) < len(_actions(shown)) + 1 and hist.cur < len(hist.rows)
    # the undone action is no longer the newest in the list (the redo row names it)
    assert [r[0] for r in hist.rows] != shown
    assert app.play.session.redo_stack[-1] == undone
    for k in ("down", "up", "up", "ok"):
        app.key(k)
        app.render()


def test_a_language_that_finds_no_room_in_the_heap_is_the_one_after_the_restart(tmp_path, monkeypatch):
    # A long game on a colour Pico can leave no free block for a language
    # table: the MemoryError restarts the device, which must come back in
    # the language chosen (the setting kept before the table is read).
    from firmware import settings
    from firmware.core import text
    data = tmp_path / "data"
    app, _ = boot(data)
    assert app.board.settings["lang"] == "en"
    english = t("g.title")

    def no_room(path):
        raise MemoryError("memory allocation failed, allocating 8618 bytes")
    monkeypatch.setattr(text, "read", no_room)
    with pytest.raises(MemoryError):
        settings.cycle_language(app)
    monkeypatch.undo()
    app, _ = boot(data)     # the restart
    assert app.board.settings["lang"] == "ru"
    assert t("g.title") and t("g.title") != english


# ------------------------------------------------------------ the device's loop

def intents(planned):
    """The intents the buttons give for planned presses (a held press: its steps)."""
    from firmware.screenkit.nav import PROFILES
    prof = PROFILES[device.build("pico_oled", None, 1)[1]["profile"]]
    return [e for k in planned for e in keyplan.events(prof, k)]



class _Stop(Exception):
    pass


def _run_to_the_last_key(app, keys, taken=None, pace=None):
    """The device's loop (App.run, booted already) given the keys one at a
    time as its buttons, until they are all taken and it waits for more;
    taken() is called as each is taken.  pace: the ms between presses
    (the press's time, which the play's clock counts), else none."""
    class Buttons:
        at = 0 if pace else None
        todo = list(keys)

        def get(self):
            if not self.todo:
                return None
            if taken is not None:
                taken()
            if pace:
                self.at += pace
            return self.todo.pop(0)

        async def wait(self):
            raise _Stop()
    import asyncio
    app.boot = lambda: None
    with pytest.raises(_Stop):
        asyncio.run(app.run(Buttons()))


def test_on_the_device_an_actions_record_goes_to_flash_after_its_frame_before_the_next_press(
        saved, tmp_path, monkeypatch):
    """The device's loop (App.run) with presses noted all at once: each
    action's frame goes out before its record is written (the flash's erase
    is not in the press's time), and the record is in the journal before the
    next press is taken; the undo checkpoint moves with the write, not in
    the press.  The journal ends as the simulator's, given the same presses."""
    import gc
    monkeypatch.setattr(gc, "mem_free", lambda: 1 << 20, raising=False)   # MicroPython's, which the loop reads
    data, _ = saved
    plan = tmp_path / "plan"
    shutil.copytree(data, plan)
    twin, _ = boot(plan)
    planned = []
    lines = transcript(100)[75:]
    for line in lines:
        keyplan.action(twin, line, planned)
    keys = intents(planned)
    app, _ = boot(data)
    journal = data / "game" / "journal.txt"
    j = app.play.journal
    j.defer = True      # as on the device (chooser: the loop running)
    seen = []           # ("key", actions so far, records on flash) / ("frame", ...)
    show = app.board.cv.show

    def frame():
        seen.append(("frame", app.play.acts, journal.read_bytes().count(b"\n"), app.play.session.base_n))
        show()
    app.board.cv.show = frame

    def taken():
        seen.append(("key", app.play.acts, journal.read_bytes().count(b"\n"), app.play.session.base_n))
    _run_to_the_last_key(app, keys, taken)
    records = twin.play.journal.records
    got, want = (data / "game" / "journal.txt").read_bytes(), (plan / "game" / "journal.txt").read_bytes()
    assert got == want, (got[-300:], want[-300:], keys)
    assert j.records == records and j.due is None
    acted = 0
    for i, (what, acts, on_flash, base_n) in enumerate(seen):
        if what == "key":
            # every action before this press is on flash
            assert on_flash == records - len(lines) + acts - seen[0][1], (i, seen[i])
        elif acts > acted:
            # the first frame of an action: its record not written yet
            assert on_flash == records - len(lines) + acts - seen[0][1] - 1, (i, seen[i])
            acted = acts
    assert acted == seen[0][1] + len(lines)
    # the checkpoint moved (64 actions after it, 32 on) after a frame
    moved = [i for i in range(1, len(seen)) if seen[i][3] != seen[i - 1][3]]
    assert len(moved) == 1 and seen[moved[0] - 1][0] == "frame", seen


def test_on_the_device_an_action_the_storage_refuses_after_its_frame_is_taken_back_and_told(saved, tmp_path,
                                                                                           monkeypatch):
    """The record written after the action's frame, the storage full: the
    action is taken back, the players told, the journal as it was; the
    next boot resumes the same game."""
    import gc
    from firmware.core import osfs
    monkeypatch.setattr(gc, "mem_free", lambda: 1 << 20, raising=False)
    data, want = saved

    class Full(osfs.OsFs):
        def open(self, path, mode):
            if "a" in mode:
                raise OSError(28, "full")
            return open(path, mode)
    plan = tmp_path / "plan"
    shutil.copytree(data, plan)
    planned = []
    keyplan.action(boot(plan)[0], transcript(76)[-1], planned)
    keys = intents(planned)
    monkeypatch.setattr(osfs, "FS", Full())
    app, _ = boot(data)         # (last: the words in use are its own)
    app.play.journal.defer = True
    before = (data / "game" / "journal.txt").read_bytes()

    _run_to_the_last_key(app, keys)
    assert resumed(app) == want and app.play.journal.due is None
    assert t("m.storage_full") in " ".join(app.screens.stack[-1].lines)
    assert (data / "game" / "journal.txt").read_bytes() == before
    monkeypatch.undo()
    app, _ = boot(data)
    assert resumed(app) == want


def test_on_the_device_the_press_that_ends_the_game_shows_the_standings_before_its_writes(tmp_path, monkeypatch):
    """The device's loop (App.run): the press that ends the game draws the
    standings first; its record and the play's clock (over) are written
    after that frame, before the loop waits for the next press; a boot
    then finds the game ended, and its time."""
    import gc
    monkeypatch.setattr(gc, "mem_free", lambda: 1 << 20, raising=False)   # MicroPython's, which the loop reads
    lines = transcript(None)
    src = tmp_path / "all-but-last.txt"
    src.write_text("\n".join(lines[:-1]) + "\n")
    data = tmp_path / "data"
    status, _ = replay.run(str(src), journal=str(data / "game"), out=lambda _: None)
    assert status == 0
    plan = tmp_path / "plan"
    shutil.copytree(data, plan)
    twin, _ = boot(plan)
    planned = []
    keyplan.action(twin, lines[-1], planned)
    assert twin.play.ended()
    keys = intents(planned)
    app, _ = boot(data)
    assert not app.play.ended()
    app.play.journal.defer = True       # as on the device (chooser: the loop running)
    journal = data / "game" / "journal.txt"
    clock = data / "game" / "time.json"
    seen = []

    def on_flash():
        over = clock.exists() and store.read_json(str(clock))[1].get("over")
        return journal.read_bytes().count(b"\n"), bool(over)
    show = app.board.cv.show

    def frame():
        seen.append((app.play.ended(),) + on_flash())
        show()
    app.board.cv.show = frame

    _run_to_the_last_key(app, keys, pace=1000)     # a thumb's pace: no press is taken as a second OK
    ended = [s for s in seen if s[0]]
    assert ended, seen
    # the standings' frame: nothing of the end on flash yet
    assert ended[0][1:] == (len(lines) - 1, False), seen
    # then both, before the next press would be taken; and the BG Stats
    # code, drawn over the standings, is made after them (their files'
    # blocks first, in a heap a long game has cut up)
    assert on_flash() == (len(lines), True) and app.play.journal.due is None
    assert len(ended) == 2 and ended[1][1:] == (len(lines), True), seen
    assert app.screens.stack[-1].code is not None
    booted, _ = boot(data)
    assert booted.play.ended() and booted.play.clock is None
