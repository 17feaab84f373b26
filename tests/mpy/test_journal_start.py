# A new game started over a saved game keeps its promise: each single power
# cut or refused write during the start leaves exactly one of the game played,
# whole (every record, its snapshots, its edition table), or the new game.
# The start is logged on the in-memory file system (test_journal_fs.MemFs);
# the disk is rebuilt as it was before every operation of it (and in the
# middle of every write) and booted (saved_game, then resume); and the start
# is made again with each of its operations refused (full storage, an I/O
# error), after which the game played must go on from the same journal and
# resume with its next action.  On the device's defer path (the edition table
# written after the first frame) and the other.
#
# Portable: run by pytest on CPython and by tests/mpy/run.py under the
# MicroPython unix port.
from test_journal_cut import cut_points
from test_journal_fs import MemFs, demo_lines, play, same
from util import edition

from firmware.core.journal import Journal
from firmware.core.resume import saved_game
from firmware.games import inca

OLD_RECORDS = 100       # a game with both snapshots (at 65 and 97)
NEW = "inca players=blue,green,brown seed=7 pizarro"


def _saved():
    """(disk, the journal that played the old game on it, its lines)."""
    fs = MemFs()
    lines = demo_lines()[:OLD_RECORDS]
    j, _ = play(fs, lines)
    assert "g/snap.json" in fs.files and "g/snap.old" in fs.files
    fs.log = []
    return fs, j, lines


def _boot(disk):
    """What the device finds on the disk: (the journal resumed, or None)."""
    name, damaged = saved_game("g", ("inca",), disk)
    assert not damaged, disk.files.keys()
    if name is None:
        return None
    j = Journal("g", inca, edition(), disk)
    j.resume()
    return j


def _old_or_new(disk, old, where):
    """The game the device boots into after a start was cut or refused on
    disk: 'old' (the game played, whole) or 'new' (the new game)."""
    j = _boot(disk)
    assert j is not None, "%s: no game after the start was cut" % where
    if j.records == 1 and j.session.setup == NEW:
        got = "new"
    else:
        assert j.records == OLD_RECORDS and same(j.session, old.session), \
            "%s: neither the new game nor the game played, whole (%d records, %r)" % (where, j.records, j.notes)
        assert j.lost == 0 and j.source == "snap.json", (where, j.notes, j.source)
        got = "old"
    # nothing left of the start beside the game's folder; a second boot
    # finds nothing more to do
    assert not [d for d in disk.dirs if d != "g"], (where, sorted(disk.dirs))
    again = disk.copy()
    j2 = _boot(again)
    assert j2.records == j.records and again.log == [], (where, again.log)
    return got


def _start(fs, defer):
    j = Journal("g", inca, edition(), fs)
    j.defer = defer
    j.start(NEW)
    if defer:
        # the device writes the new game's files once its first frame is
        # shown (before then nothing of the start is on the storage)
        assert fs.log == [] and j.session is not None
        j.flush()
    return j


def check_cuts(defer):
    fs, old, lines = _saved()
    base = fs.copy()
    _start(fs, defer)
    ops = fs.log
    n = 0
    seen = []
    for disk, i, k in cut_points(ops, False, base):
        where = "defer=%s, cut before op %d %r%s" % (defer, i, ops[i] if i < len(ops) else None,
                                                     "" if k is None else " after %d bytes" % k)
        got = _old_or_new(disk.copy(), old, where)
        # the game played until one moment of the start, the new game after it
        assert not seen or got == seen[-1] or got == "new", where + ": the game played again after the new one"
        seen.append(got)
        n += 1
    assert n > len(ops), (n, len(ops))     # before and after every operation, and inside the writes
    assert seen[0] == "old" and seen[-1] == "new", seen
    return seen


def test_a_power_cut_anywhere_in_a_start_leaves_the_game_played_whole_or_the_new_game():
    seen = []
    for defer in (True, False):
        seen += check_cuts(defer)
    print("fault paths: power cuts in a start: %r" % (
        {"the game played, whole": seen.count("old"), "the new game": seen.count("new")},))


class Refusing(MemFs):
    """MemFs that refuses its k-th change (creating or emptying a file, a
    write, a rename, a remove, a folder made or removed) with OSError
    `errno`, changing nothing; and the run - 1 changes after it (run None:
    every one after it, until run is set to 0: the storage takes writes
    again)."""

    def __init__(self, files, dirs, k, errno, run=1):
        MemFs.__init__(self, files, dirs)
        self.k = k
        self.errno = errno
        self.run = run
        self.refused = None

    def do(self, op, log=True):
        if log:
            self.k -= 1
            if self.k <= 0 and (self.run is None or self.k > -self.run):
                if self.refused is None:
                    self.refused = op
                raise OSError(self.errno, op[1])
        MemFs.do(self, op, log)

    def copy(self):
        return MemFs(self.files, self.dirs)


def check_refusals(defer, errno):
    fs, played, lines = _saved()
    probe = fs.copy()
    _start(probe, defer)
    nxt = demo_lines()[OLD_RECORDS]
    started = False
    tally = [0, 0]
    for k in range(1, len(probe.log) + 1):
        disk = Refusing(fs.files, fs.dirs, k, errno)
        where = "defer=%s, errno %d, op %d %r refused" % (defer, errno, k - 1, probe.log[k - 1])
        old = Journal("g", inca, edition(), disk)     # the game played, as the device resumed it
        old.resume()
        assert disk.log == [] and same(old.session, played.session), where
        old.close()     # as the device lets go of its file for New game
        try:
            _start(disk, defer)
        except OSError:
            # told, and nothing of the game played changed: it goes on from
            # the same journal (the device goes back to it), and a boot finds it
            assert not started, where + ": refused after a refusal earlier in it let it start"
            assert disk.refused is not None and disk.files == fs.files and disk.dirs == fs.dirs, where
            old.apply(nxt)
            j = _boot(disk.copy())
            assert j.records == OLD_RECORDS + 1 and same(j.session, old.session), (where, j.notes)
            tally[0] += 1
            continue
        # refused once the new game was in place (removing the old game's
        # files): the new game is started, what is left of the old goes later
        started = True
        assert _old_or_new(disk.copy(), played, where) == "new", where
        tally[1] += 1
    return tally


def test_a_start_that_storage_refuses_anywhere_changes_nothing_of_the_game_played():
    tally = [0, 0]
    for defer in (True, False):
        for errno in (28, 5):
            t = check_refusals(defer, errno)
            tally[0] += t[0]
            tally[1] += t[1]
    print("fault paths: refused writes in a start: %r" % (
        {"refused, the game played goes on, whole": tally[0],
         "refused once the new game was in place (the old one's files removed later)": tally[1]},))


def check_refused_runs(defer, errno):
    """A start over the game played with a run of its changes refused: the
    k-th and the one after it (say both renames, the new game's into place
    and the game played's back), or the k-th and every one after it (a
    refused rename followed by refused removes), the storage taking writes
    again once the start has raised or returned.  Raised: a boot finds the
    game played, whole, and it goes on into its own journal (as the device
    has it: chooser.start_game marks it to be put back first); returned:
    a boot finds the new game.  Never neither."""
    fs, played, lines = _saved()
    probe = fs.copy()
    _start(probe, defer)
    nxt = demo_lines()[OLD_RECORDS]
    tally = [0, 0, 0]
    for k in range(1, len(probe.log) + 1):
        for run in (2, None):
            disk = Refusing(fs.files, fs.dirs, k, errno, run)
            where = "defer=%s, errno %d, op %d %r refused, run %s" % (defer, errno, k - 1, probe.log[k - 1], run)
            old = Journal("g", inca, edition(), disk)
            old.resume()
            old.close()
            try:
                _start(disk, defer)
            except OSError:
                raised = True
            else:
                raised = False
            disk.run = 0
            if not raised:
                assert _old_or_new(disk.copy(), played, where) == "new", where
                tally[2] += 1
                continue
            # told that the start was not saved: the next boot shows the
            # game played, whole, with nothing of the start left beside it
            assert _old_or_new(disk.copy(), played, where) == "old", where
            if "g" not in disk.dirs:
                old.cut_due = True
                tally[1] += 1
            else:
                tally[0] += 1
            old.apply(nxt)
            # in its place (a new game's leftovers go at the next boot)
            assert "g" in disk.dirs and "g.old" not in disk.dirs, (where, sorted(disk.dirs))
            j = _boot(disk.copy())
            assert j.records == OLD_RECORDS + 1 and same(j.session, old.session) and j.lost == 0, (where, j.notes)
    return tally


def test_a_start_with_a_run_of_refused_changes_leaves_the_game_played_or_the_new_game_never_neither():
    tally = [0, 0, 0]
    for defer in (True, False):
        for errno in (28, 5):
            t = check_refused_runs(defer, errno)
            for i in range(3):
                tally[i] += t[i]
    assert tally[1] > 0, tally      # the game played left aside, put back by its next action
    print("fault paths: runs of refused changes in a start: %r" % (
        {"refused, the game played in its place": tally[0],
         "refused, the game played left aside (put back before its next action)": tally[1],
         "the new game in place (the old one's files removed later)": tally[2]},))
