# Two faults: a repair that resume found due, cut by a second power cut; a
# journal begun again from a snapshot, whose snapshots are lost later; an
# action and its undo replayed on a state the rules refuse it on.
#
# - the word that actions were lost survives a cut at every operation of the
#   repair (and inside its writes) until the players have seen it, and is
#   told once, with the journal as it was kept whole;
# - a journal begun again stays a full record: with both snapshots lost, the
#   game replays from the state its second record names (base.json), never
#   from its first turn; if that state cannot be used, nothing is replayed
#   and the game is not resumed (the device keeps it aside and tells);
# - an action followed by its undo is checked by the rules in a replay;
# - a replay from the setup line of a journal that had snapshots (both
#   damaged) leaves the game, its undo checkpoint and redo as played, and
#   stops where the rules refuse an action, as a replay record by record.
#
# Portable: run by pytest on CPython and by tests/mpy/run.py under the
# MicroPython unix port.
from test_journal_cut import cut_points
from test_journal_fs import MemFs, Reference, demo_lines, play, resume, same, with_undo
from util import edition

from firmware.core import store
from firmware.core.gamefiles import BASE, TOLD
from firmware.core.journal import JOURNAL, SNAP, SNAP_OLD, Journal, NoGame, record

from firmware.core.resume import base_of, parse
from firmware.core.saving import head
from firmware.games import inca

LINES = with_undo(demo_lines())


def _records(data):
    """The texts of a journal's good records."""
    out = []
    crc = 0
    for raw in data.split(b"\n")[:-1]:
        rec = parse(raw + b"\n", crc)
        if type(rec) is str:
            break
        out.append(rec[0])
        crc = rec[1]
    return out


def _deferred(fs):
    """Resume as the device does: the repair left for its first idle."""
    j = Journal("g", inca, edition(), fs)
    j.defer = True
    j.resume()
    return j


def _check_told(disk, want_lost, want_kept, kept_bytes, ref, n, where):
    """A boot after a cut in the repair: the same game, and the players
    told of the same loss, once, with the journal as it was kept whole once
    the repair is done."""
    j = _deferred(disk)
    assert j.records == n and same(j.session, ref.at(n)), (where, j.records, j.notes)
    assert j.told is not None and j.told["lost"] == want_lost, (where, j.told, j.notes)
    assert j.told["kept"] == [want_kept], (where, j.told)
    j.idle()
    assert disk.files["g/" + want_kept] == kept_bytes, where
    assert TOLD in [p[2:] for p in disk.files], where
    # once seen, the note goes; a boot after that tells nothing
    j.seen()
    again = _deferred(disk.copy())
    assert again.told is None and again.records == n, (where, again.notes)


def test_the_word_of_actions_lost_survives_a_cut_anywhere_in_the_repair():
    live = MemFs()
    play(live, LINES[:150])
    data = live.files["g/journal.txt"]
    rows = data.split(b"\n")
    bad = bytearray(data)
    at = len(data) - len(rows[-2]) - len(rows[-3]) - len(rows[-4]) - 3 + 1   # inside the third record from the end
    bad[at] ^= 0x20
    disk = live.copy()
    disk.files["g/journal.txt"] = bytes(bad)
    ref = Reference(LINES)
    lost = 3
    n = 150 - lost
    j = _deferred(disk.copy())
    assert j.records == n and j.told == {"lost": lost, "kept": ["damaged-1.txt"], "at": j.told["at"]}, j.told
    rep = disk.copy()
    j = _deferred(rep)
    j.idle()
    ops = rep.log
    # the note first, then the journal kept aside, then cut back to its good records
    assert ops[0] == ("create", "g/" + TOLD + ".tmp") and ops[-1] == ("rename", "g/journal.tmp", "g/journal.txt")
    assert rep.files["g/journal.txt"] == b"".join(r + b"\n" for r in rows[:n])
    count = 0
    for d2, i, k in cut_points(ops, True, disk):
        _check_told(d2.copy(), lost, "damaged-1.txt", bytes(bad), ref, n, "cut before op %d (%r)" % (i, k))
        count += 1
    assert count > len(ops)
    print("fault paths: a second power cut in the repair of bad records: %r" % (
        {"the same game, the loss told once until seen, the journal kept whole": count},))


def _rebased(lines, keep):
    """A game of lines whose journal was cut short to its first `keep`
    records (a block of it lost), resumed from its newest snapshot and the
    journal begun again; then played on to the end of lines."""
    fs = MemFs()
    play(fs, lines[:100])
    data = fs.files["g/journal.txt"]
    ends = []
    for row in data.split(b"\n")[:-1]:
        ends.append((ends[-1] if ends else 0) + len(row) + 1)
    snap = store.decode(fs.files["g/" + SNAP])
    fs.files["g/journal.txt"] = data[:ends[keep - 1]]
    j = resume(fs)
    assert j.lost == -1 and j.records == snap["n"], (j.lost, j.records, j.notes)
    recs = _records(fs.files["g/journal.txt"])
    assert len(recs) == 2 and base_of(recs[1]) == (snap["n"], head("g/" + BASE, fs)), recs
    assert fs.files["g/" + j.kept] == data[:ends[keep - 1]]
    return fs, j, snap["n"]


def test_a_journal_begun_again_replays_from_its_base_when_both_snapshots_are_lost():
    lines = LINES
    fs, j, n = _rebased(lines, 40)
    played = lines[:n]      # the game as it went on: the snapshot's records, then these
    for a in lines[n:n + 40]:
        j.apply(a)
        played.append(a)
    ref = Reference(played)
    live = j.session
    same_game = 0
    for gone in ((SNAP, SNAP_OLD), (SNAP,), ()):
        disk = fs.copy()
        for name in gone:
            disk.files.pop("g/" + name, None)
        r = resume(disk)
        assert r.records == len(played) and same(r.session, live), (gone, r.records, r.notes)
        assert same(r.session, ref.at(len(played))) and r.lost == 0, gone
        same_game += 1
    # without its journal too, the base is the newest state the device holds
    disk = fs.copy()
    for name in (SNAP, SNAP_OLD, JOURNAL):
        disk.files.pop("g/" + name, None)
    r = resume(disk)
    assert r.records == n and r.lost == -1, (r.records, r.notes)
    print("fault paths: a journal begun again, its snapshots lost later: %r" % (
        {"replayed from the state it names, the same game": same_game, "no journal either: that state, told": 1},))


def test_a_base_that_cannot_be_used_is_never_replaced_by_the_first_turn():
    fs, j, n = _rebased(LINES, 40)
    for a in LINES[n:n + 5]:
        j.apply(a)
    refused = 0
    for damage in ("flip", "delete"):
        disk = fs.copy()
        for name in (SNAP, SNAP_OLD):
            disk.files.pop("g/" + name, None)
        if damage == "flip":
            b = bytearray(disk.files["g/" + BASE])
            b[len(b) // 2] ^= 1
            disk.files["g/" + BASE] = bytes(b)
        else:
            del disk.files["g/" + BASE]
        before = dict(disk.files)
        try:
            r = resume(disk)
        except NoGame as e:
            assert BASE in str(e), e
        else:
            raise AssertionError("%s: resumed %d records from a base that cannot be used" % (damage, r.records))
        assert disk.files == before, damage     # nothing written: the device keeps it all aside
        refused += 1
    print("fault paths: a journal begun again, its snapshots and its base lost: %r" % (
        {"not replayed from the first turn: kept aside and told": refused},))


def test_an_action_taken_back_is_checked_by_the_rules_in_a_replay():
    # a journal whose records are all good (their checksums) but one action
    # the rules refuse, with its undo after it (a replay on a state it was
    # not taken on): the replay stops there, as for an action that stays
    fs = MemFs()
    lines = demo_lines()[:30]
    j, _ = play(fs, lines)
    data = fs.files["g/journal.txt"]
    crc = j.crc
    extra = b""
    for text in ("city nobody", "undo", "next"):
        rec, crc = record(text, crc)
        extra += rec
    fs.files["g/journal.txt"] = data + extra
    r = resume(fs)
    assert r.records == 30 and same(r.session, j.session), (r.records, r.notes)
    assert r.lost == 3 and any("refused by the rules" in x for x in r.notes), r.notes
    assert fs.files["g/" + r.kept] == data + extra and fs.files["g/journal.txt"] == data


def test_the_word_of_a_journal_begun_again_survives_a_cut_anywhere_in_its_repair():
    live = MemFs()
    play(live, LINES[:100])
    data = live.files["g/journal.txt"]
    short = data[:len(data) // 3]       # cut short, far before the newest snapshot's records
    short = short[:short.rfind(b"\n") + 1]
    disk = live.copy()
    disk.files["g/journal.txt"] = short
    n = store.decode(live.files["g/" + SNAP])["n"]
    ref = Reference(LINES)
    rep = disk.copy()
    j = _deferred(rep)
    assert j.records == n and j.told["lost"] == -1 and j.told["kept"] == ["damaged-1.txt"], (j.records, j.told)
    j.idle()
    ops = rep.log
    assert ops[0] == ("create", "g/" + TOLD + ".tmp") and ops[-1] == ("rename", "g/journal.tmp", "g/journal.txt")
    count = 0
    for d2, i, k in cut_points(ops, True, disk):
        where = "cut before op %d (%r)" % (i, k)
        _check_told(d2.copy(), -1, "damaged-1.txt", short, ref, n, where)
        count += 1
    assert count > len(ops)
    print("fault paths: a second power cut in beginning a journal again: %r" % (
        {"the same game, the loss told once until seen, the journal kept whole": count},))


def _damaged_both(fs):
    for name in (SNAP, SNAP_OLD):
        if "g/" + name not in fs.files:
            continue
        b = bytearray(fs.files["g/" + name])
        b[len(b) // 2] ^= 1
        fs.files["g/" + name] = bytes(b)


def test_a_replay_from_the_setup_line_leaves_the_game_as_played_and_undo_goes_on():
    # both snapshots damaged: the journal replayed from its setup line
    # (actions, each third taken back by the undo after it: the records
    # read twice, each action that stays applied once), at points where
    # the undo checkpoint has moved 0 to 4 times; the game, its checkpoint,
    # what redo gives back, and the first undo after the boot as in play
    lines = [demo_lines()[0]]
    for i, a in enumerate(demo_lines()[1:]):
        lines.append(a)
        if i % 3 == 2:
            lines += ["undo", a]
    for n in (70, 71, 150, 199, 240):
        fs = MemFs()
        j, _ = play(fs, lines[:n])
        _damaged_both(fs)
        r = resume(fs)
        assert r.records == n and same(r.session, j.session), (n, r.records, r.notes)
        assert r.session.base_n == j.session.base_n and (n < 150 or r.session.base_n > 0), n
        r.session.undo()
        j.session.undo()
        assert same(r.session, j.session), n


def test_a_long_replay_from_the_setup_line_stops_where_the_rules_refuse_an_action():
    # as test_an_action_taken_back_is_checked_by_the_rules_in_a_replay, in a
    # journal long enough to have had snapshots (both damaged)
    lines = demo_lines()[:100]
    for extra in (("city nobody", "undo", "next"), ("city nobody",)):
        fs = MemFs()
        j, _ = play(fs, lines)
        _damaged_both(fs)
        data = fs.files["g/journal.txt"]
        crc = j.crc
        more = b""
        for text in extra:
            rec, crc = record(text, crc)
            more += rec
        fs.files["g/journal.txt"] = data + more
        r = resume(fs)
        assert r.records == 100 and r.lost == len(extra) and same(r.session, j.session), (extra, r.records, r.lost)
        assert any("refused by the rules" in x for x in r.notes), r.notes


def _taken_back_lines(n):
    """The demo game's setup and actions, each third taken back by the
    undo after it and entered again: its first n records."""
    lines = [demo_lines()[0]]
    for i, a in enumerate(demo_lines()[1:]):
        lines.append(a)
        if i % 3 == 2:
            lines += ["undo", a]
    return lines[:n]


def test_a_replay_from_the_setup_line_stops_at_a_damaged_record_wherever_it_lies():
    # both snapshots damaged and one record after them damaged (a bit
    # flipped in its text, its checksum, its " #" or its end of line),
    # records on either side of every place where the replay reads the
    # journal on: the game of the records before it, the rest counted as lost
    lines = _taken_back_lines(200)
    live = MemFs()
    j, _ = play(live, lines)
    data = live.files["g/journal.txt"]
    ends = []
    for row in data.split(b"\n")[:-1]:
        ends.append((ends[-1] if ends else 0) + len(row) + 1)
    ref = Reference(lines)
    for r in range(1, len(lines), 5):
        start, end = ends[r - 1], ends[r]
        for at in (start, end - 11, end - 9, end - 1):
            fs = live.copy()
            _damaged_both(fs)
            b = bytearray(data)
            b[at] ^= 1
            fs.files["g/journal.txt"] = bytes(b)
            got = resume(fs)
            assert got.records == r and same(got.session, ref.at(r)), (r, at - start, got.records, got.notes)
            assert got.lost == bytes(b)[start:].count(b"\n"), (r, at - start, got.lost)


def test_a_replay_from_the_setup_line_reads_records_as_their_rules_do():
    # the same journal with its actions' words spaced otherwise (two spaces,
    # a tab, a comment: as the rules read them), or one record longer than
    # the replay reads at once: the same game as played, its tail and redo
    # as the journal writes them
    lines = _taken_back_lines(160)
    live = MemFs()
    j, _ = play(live, lines)
    data = live.files["g/journal.txt"]
    first = data[:data.index(b"\n") + 1]
    for long in (False, True):
        crc = parse(first, 0)[1]
        out = first
        for i, text in enumerate(lines[1:]):
            if long:
                text += " " * 150 if i == 101 else ""
            elif text != "undo" and i % 4 == 1:
                text = text.replace(" ", "  ", 1) if i % 8 == 1 else text + "\t#x"
            rec, crc = record(text, crc)
            out += rec
        fs = live.copy()
        fs.files["g/journal.txt"] = out
        _damaged_both(fs)
        got = resume(fs)
        assert got.records == len(lines) and same(got.session, j.session), (long, got.records, got.notes)
