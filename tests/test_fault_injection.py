"""Every file the device writes, damaged in 200 ways or more, then a boot:
the journal, the snapshots, the game's edition table, the settings and the
edited edition table.  A damage is one byte flipped, a byte deleted, the file
cut at many lengths, emptied, deleted, a byte that is not UTF-8 put in, or
the file replaced by a valid-looking one of the wrong shape; and in the
journal, each record's last digit changed (an action the rules accept, that
only the record's checksum tells from the one confirmed: where resume reads
the record, the game comes back at the record before it).

After each boot (the firmware on CPython, as the simulator runs it): no
exception; the saved game is back at a prefix of its confirmed actions, at
most the last one lost, or else what could not be read is kept aside
(game/damaged-N.txt, or the whole folder as game.damaged-N) and the
players are told on the screen; never the game picker with the game silently
gone.  `resume` (the CLI) recovers the same game, or nothing, in every case.
The figures go to stdout (pytest -s) for BENCHMARKS.md."""
import json
import os
import random
import shutil

import pytest

from bench import scripts
from firmware.core import jsonout, store
from firmware.core.journal import record
from firmware.core.session import Session
from firmware.games import inca
from firmware.core.text import t
from host_sim import device, replay

ROOT = device.ROOT
ACTIONS = 100           # a game with two snapshots (at records 65 and 89)


@pytest.fixture(scope="module")
def saved(tmp_path_factory):
    """(data folder, views): a game of ACTIONS actions as the device saves
    it, with the settings and an edited edition table beside it; views[k]
    the game's view after its first k records."""
    lines = scripts.transcript()[:ACTIONS + 1]
    with open(os.path.join(ROOT, "assets", "inca", "edition.json")) as f:
        edition = json.load(f)
    base = tmp_path_factory.mktemp("saved")
    data = base / "data"
    src = base / "game.txt"
    src.write_text("\n".join(lines) + "\n")
    status, _ = replay.run(str(src), journal=str(data / "game"), out=lambda s: None)
    assert status == 0
    store.save_json(str(data / "settings.json"), {"brightness": 4, "lang": "en"})
    store.save_json(str(data / "inca-edition.json"), edition)
    assert sorted(os.listdir(data / "game")) == ["edition.json", "journal.txt", "snap.json", "snap.old"]
    ss = Session(inca, edition, lines[0])
    views = [None, jsonout.dumps(ss.view())]
    for a in lines[1:]:
        ss.apply(a)
        views.append(jsonout.dumps(ss.view()))
    return data, views


def damages(raw, rnd, shapes):
    """(what, bytes or None) for the damages of a file's bytes: None deletes it."""
    n = len(raw)
    out = []
    if raw.endswith(b"\n") and b" #" in raw:
        out += digit_changes(raw)
    for i in range(80):
        at = rnd.randrange(n)
        b = bytearray(raw)
        b[at] ^= 1 << (i % 8)
        out.append(("flip %d" % at, bytes(b)))
    for _ in range(40):
        at = rnd.randrange(n)
        out.append(("delete %d" % at, raw[:at] + raw[at + 1:]))
    for i in range(50):
        at = (n * i) // 50 + rnd.randrange(max(1, n // 50))
        out.append(("cut %d" % at, raw[:at]))
    for _ in range(20):
        at = rnd.randrange(n + 1)
        out.append(("0xff at %d" % at, raw[:at] + b"\xff" + raw[at:]))
    out.append(("emptied", b""))
    out.append(("deleted", None))
    for i, s in enumerate(shapes):
        out.append(("wrong shape %d" % i, s))
    return out


def digit_changes(raw):
    """A journal's records each with the last digit of its action changed
    (a count one more: "connected blue 2 0 2" -> "... 2 0 3"), the rest of
    the file as it was: an action the rules accept, which only the
    record's checksum tells from the one confirmed."""
    out = []
    start = 0
    for r, line in enumerate(raw.split(b"\n")[:-1], 1):
        text = line[:line.rindex(b" #")]
        digits = [i for i in range(len(text)) if text[i:i + 1].isdigit()]
        if r > 1 and digits:
            at = start + digits[-1]
            b = bytearray(raw)
            b[at] = ord("0") + (b[at] - ord("0") + 1) % 10
            out.append(("digit of record %d at %d" % (r, at), bytes(b)))
        start += len(line) + 1
    return out


def json_shapes():
    """Files with a good checksum and the wrong shape."""
    vals = [[], [1, 2], "x", 3, None, True, {}, {"brightness": "x"}, {"lang": 7}, {"eras": "x"},
            {"eras": [{"labor": "five"}]}, {"n": "x", "end": -1}, {"setup": 5}, {"base": [], "tail": 3},
            [{"a": 1}], {"v": 1, "n": 10 ** 9}, {"marker_kinds": {}}, "é" * 40, [[[]]], {"x": {"y": {"z": []}}}]
    return [store.encode(v) for v in vals]


def journal_shapes(raw):
    """Journals that look right (every record's checksum good) and are not
    this game's: another game, refused actions, a setup line alone, text."""
    def chain(lines):
        out, crc = b"", 0
        for ln in lines:
            data, crc = record(ln, crc)
            out += data
        return out
    setup = raw.split(b" #")[0].decode()
    return [chain(["eightmin players=red,blue"]), chain([setup, "city nobody", "next"]), chain([setup]),
            chain(["inca players=blue"]), chain(["next", "next"]), chain([setup] + ["next"] * 400),
            b"hello\n" * 50, chain(["yu", "game-start"]), chain([setup.replace("seed=77", "seed=78")]),
            chain([setup, "sun nowhere epidemic"])] + [raw.replace(b"next", b"nexT", k) for k in (1, 5)]


FILES = ("game/journal.txt", "game/snap.json", "game/snap.old", "game/edition.json", "settings.json",
         "inca-edition.json")


def _on_screen(app):
    return " ".join(r[0] for s in app.screens.stack for r in getattr(s, "rows", []))


@pytest.mark.parametrize("name", FILES)
def test_every_damage_to_a_file_boots_into_the_game_or_keeps_it_and_tells(saved, name, tmp_path):
    data, views = saved
    n = len(views) - 1
    raw = (data / name).read_bytes()
    shapes = journal_shapes(raw) if name.endswith(".txt") else json_shapes()
    rnd = random.Random(name)
    cases = damages(raw, rnd, shapes)
    assert len(cases) >= 200
    tally = {"same game": 0, "last action lost": 0, "earlier lost, kept and told": 0, "kept aside and told": 0,
             "journal cut short: back to its end": 0}
    journal = (data / "game" / "journal.txt").read_bytes()
    ends = []
    for line in journal.split(b"\n")[:-1]:
        ends.append((ends[-1] if ends else 0) + len(line) + 1)
    snaps = [store.decode((data / "game" / f).read_bytes())["n"] for f in ("snap.json", "snap.old")]
    for i, (what, bad) in enumerate(cases):
        dev = tmp_path / ("d%d" % i)
        shutil.copytree(data, dev)
        if bad is None:
            os.remove(dev / name)
        else:
            (dev / name).write_bytes(bad)
        cli = tmp_path / ("c%d" % i)
        shutil.copytree(dev, cli)
        notes = []
        try:
            app, _ = device.build("pico_oled", str(dev), 1, report=notes.append)
            app.render()
        except Exception as e:  # noqa: BLE001 - the failure is the finding
            raise AssertionError("%s, %s: the device raised %r" % (name, what, e))
        out = []
        status, _ = replay.resume(str(cli / "game"), out=out.append)
        case = "%s, %s: %s" % (name, what, notes)
        if app.play.session is None:
            # nothing recovered: the folder kept, the players told, resume agrees
            kept = [k for k in os.listdir(dev) if k.startswith("game.damaged-")]
            assert kept and kept[0] in _on_screen(app), case
            assert name == "game/journal.txt" and what.startswith("wrong shape"), case
            assert status == 1, case
            tally["kept aside and told"] += 1
            continue
        view = jsonout.dumps(app.play.view())
        assert status == 0 and out[-1] == view, case
        assert view in views, case
        k = max(i for i in range(1, n + 1) if views[i] == view)
        # never less than what is still on the flash
        assert k >= _least(name, what, ends, snaps), (k, case)
        if what.startswith("digit of record"):
            # a record that resume reads (after the newest snapshot) is
            # found by its checksum alone: the game is back at the record
            # before it; one a snapshot covers is never read
            r = int(what.split()[3])
            assert k == (r - 1 if r > max(snaps) else n), (k, case)
        if k == n:
            tally["same game"] += 1
        elif k == n - 1:
            tally["last action lost"] += 1
        elif what.startswith("cut"):
            # the journal's end is gone: what it held cannot be known (a power
            # cut leaves the same); the game is back as far as the flash holds it
            tally["journal cut short: back to its end"] += 1
        else:
            kept = [f for f in os.listdir(dev / "game") if f.startswith("damaged-")]
            told = _on_screen(app)
            assert t("m.saved_game") == app.screens.stack[-1].title and (not kept or ("game/" + kept[-1]) in told), case
            tally["earlier lost, kept and told"] += 1
    print("\nfault injection: %s: %d damages, %s; games lost: 0" % (name, len(cases), tally))


def _least(name, what, ends, snaps):
    """The fewest records the device may come back with after a damage:
    the journal's records wholly before the damage, or an intact snapshot's,
    whichever is more; every record when the journal was not damaged."""
    if name != "game/journal.txt":
        return len(ends)
    if what.startswith("wrong shape") or what in ("emptied", "deleted"):
        return max(snaps)
    at = int(what.split()[-1])
    return max([sum(1 for e in ends if e <= at)] + snaps)


def test_a_journal_kept_aside_is_told_in_the_players_language(saved, tmp_path):
    data, views = saved
    dev = tmp_path / "d"
    shutil.copytree(data, dev)
    j = dev / "game" / "journal.txt"
    raw = bytearray(j.read_bytes())
    raw[len(raw) - 60] ^= 4                    # inside a record after the newest snapshot
    j.write_bytes(bytes(raw))
    app, _ = device.build("pico_oled", str(dev), 1, lang="es")
    assert app.play.session is not None and app.screens.stack[-1].title == t("m.saved_game") == "Partida guardada"
    assert "game/damaged-1.txt" in _on_screen(app)
    assert (dev / "game" / "damaged-1.txt").read_bytes() == bytes(raw)
