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

from bench import scripts
from firmware.core import jsonout, store
from firmware.core.text import t
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
    return jsonout.dumps(app.view()) if app.session is not None else None


def on_screen(app):
    return " ".join(r[0] if isinstance(r, (tuple, list)) else str(r) for r in getattr(app.stack[-1], "rows", []))


def edited_table(labor):
    ed = bundled()
    ed["eras"][0]["labor"] = labor
    return ed


def young_game(tmp_path, actions=12, labor=7):
    """A data folder whose game (by default under its first snapshot) was
    started on the device with a table edited for new games (era I's labor
    5 -> labor); and the view the device shows of it."""
    data = tmp_path / "data"
    data.mkdir()
    store.save_json(str(data / "inca-edition.json"), edited_table(labor))
    app, _ = boot(data)
    keyplan.play(app, transcript(actions + 1))
    assert app.session.state["labor"][0] == labor
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
    for damage in ("flip", "delete"):
        if damage == "flip":
            flip(ed)
        else:
            ed.unlink()
        app, notes = boot(data)
        assert view(app) == want, (damage, notes)
        app.journal.idle()
        assert store.decode(ed.read_bytes()) == store.decode(good), damage


def test_a_young_games_table_is_never_replaced_by_the_table_for_new_games(tmp_path):
    """Started with an edited table, and the table for new games edited again
    since: with game/edition.json damaged no table on the device is the
    game's, so the game is not replayed (its era I labor would be another):
    it is kept aside whole and the players are told why."""
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
        assert app.session is None, (damage, notes)
        assert not (data / "game").exists() and sorted(os.listdir(data / "game.damaged-1")) == files
        said = on_screen(app)
        assert app.stack[-1].title == t("m.saved_game") and t("m.table_gone") in said and "game.damaged-1" in said


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
    assert view(app) == want and app.session.state["labor"][0] == 7, notes
    assert app.stack[-1].title == t("m.saved_game") and t("m.table_other") in on_screen(app)
    # the damaged file is not written over with another table
    app.journal.idle()
    assert store.read_json(str(data / "game" / "edition.json"))[0] is False
