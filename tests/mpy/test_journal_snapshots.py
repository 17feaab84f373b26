# Which snapshot a resume starts from, and how many journal records it
# replays after it: the newest intact snapshot, and only the records it does
# not hold.  With an intact journal any snapshot (or none) gives the same
# game, so these count the actions the rules are given during the resume.
# Portable: run by pytest on CPython and by tests/mpy/run.py under the
# MicroPython unix port.
from test_journal_fs import MemFs, Reference, demo_lines, same
from util import edition

from firmware.core import store
from firmware.core.journal import JOURNAL, SNAP, SNAP_OLD, SNAP_TMP, SNAPSHOT_EVERY, Journal
from firmware.games import inca


class Counted:
    """Inca Empire's rules, with every action they are given written down
    with the state it was applied to."""

    FIXED = inca.FIXED

    def __init__(self):
        self.applied = []

    def new(self, setup, edition):
        return inca.new(setup, edition)

    def apply(self, state, action):
        self.applied.append((state, action))
        return inca.apply(state, action)

    def view(self, state):
        return inca.view(state)


_played = None


def played():
    """(the disk after the demo game, [(n, snap.json's bytes)] for every
    snapshot the game wrote, oldest first, lines)."""
    global _played
    if _played is None:
        lines = demo_lines()
        fs = MemFs()
        j = Journal("g", inca, edition(), fs)
        j.start(lines[0])
        snaps = []
        for a in lines[1:]:
            j.apply(a)
            data = fs.files.get("g/" + SNAP)
            if data is not None and (not snaps or snaps[-1][1] != data):
                snaps.append((store.decode(data)["n"], data))
        _played = (fs, snaps, lines)
    return _played


def resume(disk):
    """(the journal resumed from disk, the actions applied to the state it
    resumed: the records replayed; the checkpoint kept for undo, moved on
    during the replay, is rebuilt on a copy of its own)."""
    game = Counted()
    j = Journal("g", game, edition(), disk)
    j.resume()
    return j, [a for s, a in game.applied if s is j.session.state]


def test_the_demo_game_writes_snapshots_as_the_policy_says():
    fs, snaps, lines = played()
    ns = [n for n, _ in snaps]
    assert len(ns) >= 4, ns
    for a, b in zip([1] + ns, ns):
        assert 0 < b - a <= SNAPSHOT_EVERY, ns
    assert store.decode(fs.files["g/" + SNAP])["n"] == ns[-1]
    assert store.decode(fs.files["g/" + SNAP_OLD])["n"] == ns[-2]


def test_resume_loads_the_newest_snapshot_and_replays_only_the_records_after_it():
    fs, snaps, lines = played()
    n = snaps[-1][0]
    assert len(lines) - n > 5, (len(lines), n)     # records after it to replay
    j, applied = resume(fs.copy())
    assert j.source == SNAP and j.notes == [], (j.source, j.notes)
    assert j.records == len(lines)
    # the snapshot holds the state before its last action, which is applied
    # again (the undo of it costs no replay), then every record after it
    assert applied == lines[n - 1:], (n, len(applied))
    assert same(j.session, Reference(lines).at(len(lines)))


def test_a_snapshot_not_yet_renamed_in_is_the_newest_and_is_loaded():
    # the power went after snap.json.tmp was written, before it was renamed
    # over snap.json: three intact snapshots, the temporary one the newest
    fs, snaps, lines = played()
    for k in (1, len(snaps) - 1):
        disk = fs.copy()
        disk.files["g/" + SNAP_OLD] = snaps[k - 1][1]
        disk.files["g/" + SNAP] = snaps[k][1] if k < len(snaps) - 1 else snaps[k - 1][1]
        disk.files["g/" + SNAP_TMP] = snaps[k + 1][1] if k < len(snaps) - 1 else snaps[k][1]
        newest = store.decode(disk.files["g/" + SNAP_TMP])["n"]
        j, applied = resume(disk)
        assert j.source == SNAP and "finished moving the newest snapshot into place" in j.notes, (k, j.notes)
        assert applied == lines[newest - 1:], (k, newest, len(applied))
        assert j.records == len(lines) and same(j.session, Reference(lines).at(len(lines)))
        assert SNAP_TMP not in disk.listdir("g")


def test_a_damaged_newest_snapshot_falls_back_to_the_one_before_and_replays_from_there():
    fs, snaps, lines = played()
    disk = fs.copy()
    bad = bytearray(disk.files["g/" + SNAP])
    bad[len(bad) // 2] ^= 1
    disk.files["g/" + SNAP] = bytes(bad)
    old = snaps[-2][0]
    j, applied = resume(disk)
    assert j.source == SNAP_OLD, (j.source, j.notes)
    assert applied == lines[old - 1:], (old, len(applied))
    assert same(j.session, Reference(lines).at(len(lines)))
    # and with neither: the whole journal from its setup line
    disk.files["g/" + SNAP_OLD] = b"garbage"
    j, applied = resume(disk)
    assert j.source is None and applied == lines[1:], len(applied)
    assert same(j.session, Reference(lines).at(len(lines)))


def test_without_the_journal_the_newest_intact_snapshot_is_the_game():
    fs, snaps, lines = played()
    disk = fs.copy()
    del disk.files["g/" + JOURNAL]
    n = snaps[-1][0]
    j, applied = resume(disk)
    assert j.source == SNAP and j.records == n and j.lost == -1, (j.source, j.records, j.notes)
    assert applied == [lines[n - 1]]
    assert same(j.session, Reference(lines).at(n))
    # the same when the newest is the one not yet renamed in
    disk = fs.copy()
    del disk.files["g/" + JOURNAL]
    disk.files["g/" + SNAP] = snaps[-2][1]
    disk.files["g/" + SNAP_OLD] = snaps[-3][1]
    disk.files["g/" + SNAP_TMP] = snaps[-1][1]
    j, applied = resume(disk)
    assert j.source == SNAP_TMP and j.records == n, (j.source, j.records, j.notes)
    assert same(j.session, Reference(lines).at(n))
