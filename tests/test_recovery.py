"""Recovery that cannot itself lose or change a game: the device (the
firmware on CPython, as the simulator runs it) on saves that a single fault
left in a state the ordinary fault injection does not reach.

- the edition table a game was started with is the only one its records are
  replayed under: a damaged or missing game/edition.json is found again on
  the device by its checksum (the journal's setup line carries it), or the
  game is kept aside and the players told; never a game replayed under
  another table without a word."""
import json
import os

import pytest

from bench import scripts
from firmware.core import jsonout, osfs, store
from firmware.core.text import fn, t
from host_sim import device, keyplan

ROOT = device.ROOT


def transcript(n):
    """The first n lines of the benchmark's scripted game (its setup first),
    played from the game picker by a device dealing from bench.scripts.SEED."""
    return _LINES[:n]


_LINES = scripts.transcript()


def bundled():
    with open(os.path.join(ROOT, "assets", "inca", "edition.json")) as f:
        return json.load(f)


def boot(data, lang=None):
    notes = []
    app, _ = device.build("pico_oled", str(data), scripts.SEED, report=notes.append, lang=lang)
    return app, notes


def view(app):
    return jsonout.dumps(app.play.view()) if app.play.session is not None else None


def on_screen(app):
    return " ".join(r[0] if isinstance(r, (tuple, list)) else str(r) for r in getattr(app.screens.stack[-1], "rows", []))


def edited_table(labor):
    ed = bundled()
    ed["eras"][0]["labor"] = labor
    return ed


def young_game(tmp_path, actions=12, labor=7, notes=True):
    """A data folder whose game (by default under its first snapshot) was
    started on the device with a table edited for new games (era I's labor
    5 -> labor; without the bundled table's notes where notes is False);
    and the view the device shows of it."""
    data = tmp_path / "data"
    data.mkdir()
    ed = edited_table(labor)
    if not notes:
        store.drop_notes(ed)
    store.save_json(str(data / "inca-edition.json"), ed)
    app, _ = boot(data)
    keyplan.play(app, transcript(actions + 1))
    assert app.play.session.state["labor"][0] == labor
    assert (data / "game" / "snap.json").exists() == (actions >= 64)
    return data, view(app)


def flip(path, at=None, bit=1):
    raw = bytearray(path.read_bytes())
    at = len(raw) // 2 if at is None else at
    raw[at] ^= bit
    path.write_bytes(bytes(raw))


# ------------------------------------------------------------ the game's edition table

def test_a_young_games_damaged_table_is_found_again_by_its_checksum(tmp_path):
    """The table for new games is still the one the game was started with:
    a flipped bit in game/edition.json, or the file gone, and the device
    finds that table again (the journal's setup line names its checksum),
    resumes the same game and writes the file again."""
    data, want = young_game(tmp_path)
    ed = data / "game" / "edition.json"
    good = ed.read_bytes()
    found = 0
    for damage in ("flip", "delete"):
        if damage == "flip":
            flip(ed)
        else:
            ed.unlink()
        app, notes = boot(data)
        assert view(app) == want, (damage, notes)
        app.play.journal.idle()
        assert store.decode(ed.read_bytes()) == store.decode(good), damage
        found += 1
    print("fault paths: a young game's table damaged (flipped, deleted): %r" % (
        {"found again by its checksum, the same game": found},))


def test_a_young_games_table_is_never_replaced_by_the_table_for_new_games(tmp_path):
    """Started with an edited table, and the table for new games edited again
    since: with game/edition.json damaged no table on the device is the
    game's, so the game is not replayed (its era I labor would be another):
    it is kept aside whole and the players are told why."""
    print("fault paths: a young game's table damaged, the table for new games edited since: %r" % (
        {"kept aside and told, never replayed under another table": _never_another(tmp_path)},))


def _never_another(tmp_path):
    """The cases (flipped, deleted, cut short); how many were told."""
    told = 0
    for damage in ("flip", "delete", "cut"):
        base = tmp_path / damage
        base.mkdir()
        data, want = young_game(base)
        store.save_json(str(data / "inca-edition.json"), edited_table(5))   # the table for new games changed
        ed = data / "game" / "edition.json"
        files = sorted(os.listdir(data / "game"))
        if damage == "flip":
            flip(ed)
        elif damage == "delete":
            ed.unlink()
            files.remove("edition.json")
        else:
            ed.write_bytes(ed.read_bytes()[:40])
        app, notes = boot(data)
        assert app.play.session is None, (damage, notes)
        assert not (data / "game").exists() and sorted(os.listdir(data / "game.damaged-1")) == files
        said = on_screen(app)
        assert app.screens.stack[-1].title == t("m.saved_game") and t("m.table_gone") in said and "game.damaged-1" in said
        told += 1
    return told


def test_a_game_past_its_snapshot_goes_on_with_its_rules_and_tells_whose_lists_it_shows(tmp_path):
    """Past its first snapshot (the state holds what the rules took from the
    table), a game whose own table is damaged and not on the device goes on
    as it was; the conquest list then comes from the table for new games,
    and the players are told so on the screen."""
    data, _ = young_game(tmp_path, actions=70)
    assert (data / "game" / "snap.json").exists()
    app, _ = boot(data)
    want = view(app)
    store.save_json(str(data / "inca-edition.json"), edited_table(5))
    flip(data / "game" / "edition.json")
    app, notes = boot(data, lang="ru")
    assert view(app) == want and app.play.session.state["labor"][0] == 7, notes
    assert app.screens.stack[-1].title == t("m.saved_game") and t("m.table_other") in on_screen(app)
    # the damaged file is not written over with another table
    app.play.journal.idle()
    assert store.read_json(str(data / "game" / "edition.json"))[0] is False


@pytest.mark.parametrize("actions", [20, 100])
@pytest.mark.parametrize("newer", ["a key in marker_kinds", "notes"])
def test_a_newer_table_for_new_games_keeps_a_saved_game_playing_under_its_own(tmp_path, monkeypatch, actions, newer):
    """A game saved under an edited table (era I's labor 7), booted by a
    firmware whose table for new games differs: its bundled table with one
    more key in marker_kinds, or the table for new games carrying its notes
    (`about`).  The game's own table, its checksum good, is its own: the game
    goes on under it, with no "damaged" note, nothing kept aside."""
    import shutil
    data, want = young_game(tmp_path, actions=actions, notes=False)
    if newer == "notes":
        ed = store.load_json(str(data / "inca-edition.json"), None)
        ed["about"] = "An edition table, edited."
        ed["marker_kinds"]["about"] = "Edited from our markers."
        store.save_json(str(data / "inca-edition.json"), ed)
    else:
        root = tmp_path / "newer"
        shutil.copytree(os.path.join(ROOT, "assets"), str(root / "assets"))
        ed = bundled()
        ed["marker_kinds"]["colours"] = ["red", "blue", "green", "white", "black", "grey"]
        with open(str(root / "assets" / "inca" / "edition.json"), "w") as f:
            json.dump(ed, f, indent=1)
        for d in os.listdir(ROOT):
            if d != "assets":
                os.symlink(os.path.join(ROOT, d), str(root / d))
        monkeypatch.setattr(device, "ROOT", str(root))
    app, notes = boot(data)
    assert view(app) == want and app.play.session.state["labor"][0] == 7, notes
    assert not [n for n in notes if "damaged" in n or "edition table" in n and "game's" in n], notes
    assert not app.play.journal.other_table and app.screens.stack[-1].title != t("m.saved_game"), notes
    assert not [n for n in os.listdir(data) if n.startswith("game.")]
    keyplan.action(app, transcript(actions + 2)[-1], [])
    assert app.play.journal.records == actions + 2


# ------------------------------------------------------------ a new game's start

class Refusing(osfs.OsFs):
    """The real file system, refusing its k-th change (a file opened for
    writing, a write, a rename, a remove, a folder made or removed) with
    OSError errno; counting them where k is None."""

    def __init__(self, k, errno, run=1):
        self.k = k
        self.errno = errno
        self.count = 0
        self.run = run      # refused from the k-th on: this many (None: every one after it)

    def _change(self, what):
        self.count += 1
        if self.k is not None and self.k <= self.count and (self.run is None or self.count < self.k + self.run):
            raise OSError(self.errno, what)

    def open(self, path, mode):
        if "r" not in mode:
            self._change(path)
            return _Writes(self, open(path, mode))
        return open(path, mode)

    def rename(self, old, new):
        self._change(old)
        os.rename(old, new)

    def remove(self, path):
        self._change(path)
        os.remove(path)

    def mkdir(self, path):
        if os.path.exists(path):
            raise FileExistsError(17, path)     # no change: not refused
        self._change(path)
        os.mkdir(path)

    def rmdir(self, path):
        self._change(path)
        os.rmdir(path)


class _Writes:
    def __init__(self, fs, f):
        self.fs, self.f = fs, f

    def write(self, b):
        self.fs._change("a write")
        return self.f.write(b)

    def __getattr__(self, name):
        return getattr(self.f, name)


def _new_game(app, setup):
    app.key("home")
    app.key("ok")
    assert keyplan.go_to_row(app, lambda r: r[0] == t("m.new_game"), [])
    assert keyplan.go_to_row(app, lambda r: r[0] == t("m.yes"), [])
    keyplan.setup(app, setup, [])
    if app.running:
        # the device's loop: the new game's first frame, then its files
        assert app.play.journal.due is not None
        app.render()
        app.play.saved()


@pytest.mark.parametrize("running", [False, True])
def test_a_start_refused_at_any_write_leaves_the_game_played_to_go_on_with(tmp_path, monkeypatch, running):
    """New game over a saved game, with the storage refusing one of the
    start's writes in turn: told, the game played goes on from the same
    journal (its next action saved there), and a boot finds it with that
    action; once the new game has taken the game's place, a refused removal
    of the old game's files is no matter (they go at the next boot)."""
    import shutil
    data, _ = young_game(tmp_path, actions=70)
    setup = "inca players=blue,orange,green"
    nxt = transcript(72)[-1]
    counting = Refusing(None, 28)
    probe = tmp_path / "probe"
    shutil.copytree(data, probe)
    app, _ = boot(probe)
    app.running = running       # the device's loop: the table is written after the first frame
    monkeypatch.setattr(osfs, "FS", counting)
    _new_game(app, setup)
    monkeypatch.undo()
    assert app.play.session.count == 0 and counting.count > 5
    started = False
    for k in range(1, counting.count + 1):
        dev = tmp_path / ("k%d" % k)
        shutil.copytree(data, dev)
        app, _ = boot(dev)
        app.running = running
        want = view(app)
        fs = Refusing(k, 28 if k % 2 else 5)
        monkeypatch.setattr(osfs, "FS", fs)
        said = []
        push = app.screens.push
        app.screens.push = lambda scr: (said.extend(getattr(scr, "lines", ())), push(scr))
        _new_game(app, setup)
        del app.screens.push
        monkeypatch.undo()
        if app.play.session.count == 0 and app.play.playing is None:
            started = True      # refused after the new game took the game's place
            app, _ = boot(dev)
            assert app.play.session.count == 0 and not (tmp_path / ("k%d" % k) / "game.old").exists(), k
            continue
        assert not started, "k=%d: a start refused after one that went through" % k
        assert (t("m.storage_full") if k % 2 else t("m.storage") % 5) in said, (k, said)
        app.key("home")
        assert view(app) == want, k
        keyplan.action(app, nxt, [])
        app.play.saved()        # its record, after its frame where the device's loop runs
        after = view(app)
        app, notes = boot(dev)
        assert view(app) == after and app.play.journal.records == 72 and not app.play.journal.lost, (k, notes)
    assert started


@pytest.mark.parametrize("run", [2, None])
def test_a_start_with_a_run_of_refused_changes_leaves_the_game_played_or_the_new_one_as_told(tmp_path, monkeypatch,
                                                                                             run):
    """New game over a saved game, the storage refusing a run of the
    start's changes (the k-th and the next: both renames, say; or the k-th
    and every one after it: a refused rename, then refused removes), then
    taking writes again.  Told it was not saved: the game played is what the
    next boot shows, whole, and it goes on (its next action saved, even where
    the start left its folder aside); not told: the new game."""
    import shutil
    data, _ = young_game(tmp_path, actions=70)
    setup = "inca players=blue,orange,green"
    nxt = transcript(72)[-1]
    counting = Refusing(None, 28)
    probe = tmp_path / "probe"
    shutil.copytree(data, probe)
    app, _ = boot(probe)
    monkeypatch.setattr(osfs, "FS", counting)
    _new_game(app, setup)
    monkeypatch.undo()
    aside = 0
    for k in range(1, counting.count + 1):
        dev = tmp_path / ("k%d" % k)
        shutil.copytree(data, dev)
        app, _ = boot(dev)
        want = view(app)
        monkeypatch.setattr(osfs, "FS", Refusing(k, 28, run))
        said = []
        push = app.screens.push
        app.screens.push = lambda scr: (said.extend(getattr(scr, "lines", ())), push(scr))
        _new_game(app, setup)
        del app.screens.push
        monkeypatch.undo()      # the storage takes writes again
        if app.play.session.count == 0 and app.play.playing is None:
            app, _ = boot(dev)
            assert app.play.session.count == 0 and app.play.journal.records == 1, k
            continue
        assert t("m.storage_full") in said, (k, said)
        aside += not (dev / "game").exists()
        again = tmp_path / ("k%d-boot" % k)
        shutil.copytree(dev, again)
        booted, notes = boot(again)
        assert view(booted) == want and booted.play.journal.records == 71, (k, notes)
        app.key("home")
        assert view(app) == want, k
        keyplan.action(app, nxt, [])
        assert app.play.journal.records == 72, k
        after = view(app)
        app, notes = boot(dev)
        assert view(app) == after and app.play.journal.records == 72 and not app.play.journal.lost, (k, notes)
        assert not [n for n in os.listdir(dev) if n.startswith("game.")], (k, os.listdir(dev))
    assert aside or run == 2, "no start left the game played aside"


# ------------------------------------------------------------ recovery in the heap it is given

def _damaged_last(data):
    """A flipped bit in the journal's last record: confirmed actions lost,
    the journal to be kept aside and cut (the repair resume finds due)."""
    p = data / "game" / "journal.txt"
    raw = bytearray(p.read_bytes())
    raw[len(raw) - 14] ^= 4
    p.write_bytes(bytes(raw))
    return bytes(raw)


class _NoRoom(osfs.OsFs):
    """The file system, with the heap gone whenever the journal is copied
    aside (what a board with too small a heap meets in the repair)."""

    def open(self, path, mode):
        if "damaged-" in path and "w" in mode:
            raise MemoryError("memory allocation failed, allocating 1148 bytes")
        return open(path, mode)


def test_a_recovery_with_no_room_keeps_the_game_aside_and_tells_once(tmp_path, monkeypatch):
    """No room in the heap for the repair: the game's files are kept aside
    (game.damaged-N) and the players told, the device goes on to the game
    picker; the next boot does not try again (no start after start), and
    tells again only until the players have closed the note."""
    data, _ = young_game(tmp_path, actions=70)
    files = sorted(os.listdir(data / "game"))
    journal = _damaged_last(data)
    monkeypatch.setattr(osfs, "FS", _NoRoom())
    app, notes = boot(data)
    assert app.play.session is None and any("no room" in n for n in notes), notes
    # (with the note of what was lost, the repair's first write)
    assert not (data / "game").exists() and set(files) <= set(os.listdir(data / "game.damaged-1"))
    assert (data / "game.damaged-1" / "journal.txt").read_bytes() == journal
    said = on_screen(app)
    assert app.screens.stack[-1].title == t("m.saved_game") and t("m.no_room") in said and "game.damaged-1" in said
    monkeypatch.undo()
    app, _ = boot(data)         # the power went before the players read it: told again
    assert app.play.session is None and t("m.no_room") in on_screen(app)
    app.key("ok")
    assert app.screens.stack[-1].title == t("g.title")
    app, _ = boot(data)
    assert app.play.session is None and app.screens.stack[-1].title == t("g.title") and len(app.screens.stack) == 1


def test_a_recovery_that_fails_keeps_the_game_aside_and_tells_not_a_crash_at_every_start(tmp_path, monkeypatch):
    """Any error of the recovery itself (not the storage's): the boot
    would meet it again after a crash, so the game's files are kept aside
    as they are and the players told, and games can be started."""
    from firmware.core import journal
    data, _ = young_game(tmp_path, actions=70)
    files = {n: (data / "game" / n).read_bytes() for n in os.listdir(data / "game")}
    _damaged_last(data)
    files["journal.txt"] = (data / "game" / "journal.txt").read_bytes()

    def fails(self):
        raise KeyError("the recovery's own error")
    monkeypatch.setattr(journal.Journal, "resume", fails)
    app, notes = boot(data)
    assert app.play.session is None and any("KeyError" in n for n in notes), notes
    assert not (data / "game").exists()
    assert {n: (data / "game.damaged-1" / n).read_bytes() for n in files} == files
    said = on_screen(app)
    assert app.screens.stack[-1].title == t("m.saved_game") and t("m.kept_aside") in said and "game.damaged-1" in said
    monkeypatch.undo()
    app.key("ok")
    assert app.screens.stack[-1].title == t("g.title")
    app, _ = boot(data)
    assert app.play.session is None and app.screens.stack[-1].title == t("g.title") and len(app.screens.stack) == 1


def test_a_repair_after_the_first_frame_with_no_room_keeps_the_game_aside(tmp_path, monkeypatch):
    """On the device the repair waits for the boot's first frame (its
    loop's first idle): with no room for it there, the same: kept aside,
    told, the game picker."""
    import asyncio
    import gc
    from firmware.app import App
    data, _ = young_game(tmp_path, actions=70)
    _damaged_last(data)
    monkeypatch.setattr(osfs, "FS", _NoRoom())
    monkeypatch.setattr(gc, "mem_free", lambda: 1 << 20, raising=False)   # MicroPython's, which the loop reads
    boot_ = App.boot

    def on_the_device(self):
        self.running = True     # as App.run sets it, before the boot
        boot_(self)
    monkeypatch.setattr(App, "boot", on_the_device)
    app, _ = boot(data)         # device.build boots, and the journal waits for its idle
    assert app.play.session is not None and app.play.journal.repair_failed is None
    assert (data / "game" / "journal.txt").exists() and not (data / "game" / "lost.json").exists()

    class Stop(Exception):
        pass

    class Buttons:
        at = None

        def get(self):
            return None

        async def wait(self):
            raise Stop()
    app.boot = lambda: None     # booted already
    try:
        asyncio.run(app.run(Buttons()))
    except Stop:
        pass
    assert app.play.session is None and app.play.journal is None
    assert not (data / "game").exists() and (data / "game.damaged-1" / "journal.txt").exists()
    assert app.screens.stack[-1].title == t("m.saved_game") and t("m.no_room") in on_screen(app)


# ------------------------------------------------------------ the word of actions lost

def test_the_word_of_actions_lost_is_told_until_the_players_close_it(tmp_path):
    data, _ = young_game(tmp_path, actions=70)
    _damaged_last(data)
    app, notes = boot(data)
    want = view(app)
    msg = on_screen(app)
    assert app.screens.stack[-1].title == t("m.saved_game") and fn("m.lost", 1) in msg and "game/damaged-1.txt" in msg
    assert (data / "game" / "lost.json").exists()
    # the power goes before the players read it (the journal was repaired):
    # the next boot tells them the same, and keeps nothing more aside
    app, notes = boot(data)
    assert view(app) == want and on_screen(app) == msg, notes
    assert sorted(f for f in os.listdir(data / "game") if f.startswith("damaged")) == ["damaged-1.txt"]
    app.key("ok")
    assert not (data / "game" / "lost.json").exists()
    app, _ = boot(data)
    assert view(app) == want and app.screens.stack[-1].title != t("m.saved_game")


# ------------------------------------------------------------ odd file-system states

def test_a_file_where_the_games_folder_goes_is_kept_aside_and_told_and_games_start(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    (data / "game").write_bytes(b"not a folder\n")
    app, notes = boot(data)
    said = on_screen(app)
    assert app.play.session is None and t("m.not_folder") in said and "game.damaged-1" in said, notes
    assert (data / "game.damaged-1").read_bytes() == b"not a folder\n"
    app.key("ok")
    keyplan.setup(app, "inca players=blue,orange,green", [])
    assert app.play.session is not None and app.play.session.count == 0
    app, _ = boot(data)
    assert app.play.session is not None and (data / "game.damaged-1").read_bytes() == b"not a folder\n"
    print("fault paths: a file where the game's folder goes: %r" % ({"kept aside and told, games start": 1},))


def test_a_file_where_the_data_folder_goes_is_kept_aside_and_told(tmp_path):
    data = tmp_path / "data"
    data.write_bytes(b"a file\n")
    app, notes = boot(data)
    said = on_screen(app)
    assert t("m.not_folder") in said and "data.damaged-1" in said, notes
    assert (tmp_path / "data.damaged-1").read_bytes() == b"a file\n" and data.is_dir()
    app.key("ok")
    keyplan.setup(app, "inca players=blue,orange,green", [])
    app, _ = boot(data)
    assert app.play.session is not None
    print("fault paths: a file where the data folder goes: %r" % ({"kept aside and told, games saved": 1},))


def test_a_folder_where_the_journal_goes_leaves_the_game_on_its_snapshot_and_tells(tmp_path):
    """A folder named journal.txt (what it holds kept as game/damaged-1):
    the game goes on from its newest snapshot, as with a journal gone, and
    the players are told; it is no longer set aside whole."""
    data, _ = young_game(tmp_path, actions=70)
    game = data / "game"
    n = store.decode((game / "snap.json").read_bytes())["n"]
    (game / "journal.txt").unlink()
    (game / "journal.txt").mkdir()
    (game / "journal.txt" / "x").write_bytes(b"inside")
    app, notes = boot(data)
    assert app.play.session is not None and app.play.journal.records == n, notes
    said = on_screen(app)
    assert t("m.rebased") in said and "game/damaged-1" in said, said
    assert (game / "damaged-1" / "x").read_bytes() == b"inside" and (game / "journal.txt").is_file()
    keyplan.action(app, transcript(n + 1)[-1], [])
    after = view(app)
    app, _ = boot(data)
    assert view(app) == after
    print("fault paths: a folder where the journal goes: %r" % (
        {"kept aside, the game from its newest snapshot, told": 1},))


def test_a_folder_where_a_snapshot_or_a_temporary_file_goes_is_moved_aside(tmp_path):
    """A folder named snap.json (the game resumes from snap.old and its
    journal, nothing lost, and its next snapshot is written), or journal.tmp
    (a torn record is still cut away: its copy is written there)."""
    data, want = young_game(tmp_path, actions=70)
    game = data / "game"
    (game / "snap.json").unlink()
    (game / "snap.json").mkdir()
    raw = (game / "journal.txt").read_bytes()
    (game / "journal.txt").write_bytes(raw + b"next #12")     # a torn record
    (game / "journal.tmp").mkdir()
    app, notes = boot(data)
    assert view(app) == want, notes
    assert (game / "journal.txt").read_bytes() == raw and (game / "damaged-1").is_dir() and (game / "damaged-2").is_dir()
    app.play.journal.snapshot()
    assert store.read_json(str(game / "snap.json"))[0]
    print("fault paths: folders where a snapshot and journal.tmp go: %r" % (
        {"kept aside, the same game, its repair and snapshots written": 1},))


def test_a_journal_cut_short_goes_on_from_the_snapshot_without_replaying_what_it_lets_go_of(tmp_path, monkeypatch):
    """The journal's first half left (the records of both snapshots gone):
    the game goes on from the newest snapshot, as a replay of the half
    and then the snapshot did; the half is only counted, not replayed, and
    each snapshot is read once more at most (the one resumed from)."""
    from firmware.core import resume
    app, _ = boot(tmp_path)
    keyplan.play(app, transcript(101))
    whole = view(app)
    game = tmp_path / "game"
    assert sorted(os.listdir(game)) == ["edition.json", "journal.txt", "snap.json", "snap.old"]
    raw = (game / "journal.txt").read_bytes()
    (game / "journal.txt").write_bytes(raw[:len(raw) // 2])
    snap_n = store.decode((game / "snap.json").read_bytes())["n"]
    replays, reads = [], []
    real_setup, real_read = resume._from_setup, store.read_json
    monkeypatch.setattr(resume, "_from_setup", lambda j, words: replays.append(words) or real_setup(j, words))
    monkeypatch.setattr(store, "read_json", lambda path, fs=None: reads.append(os.path.basename(path))
                        or real_read(path, fs))
    app, notes = boot(tmp_path)
    assert replays == []
    assert reads.count("snap.json") == 2 and reads.count("snap.old") == 1, reads
    assert app.play.journal.records == snap_n
    assert any("does not hold snapshot snap.json's records" in n for n in notes), notes
    # the game as the snapshot holds it: the same as the whole game's at its records
    app2, _ = boot(tmp_path)
    assert view(app2) == view(app) and view(app) != whole
