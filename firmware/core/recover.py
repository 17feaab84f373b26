# What resume does only where something is wrong (firmware/core/resume.py
# imports this module then, and forgets it with its own): a folder where a
# game's file goes, a journal to keep aside or to begin again from a
# snapshot, what the players are to be told of actions lost, a replay from
# the state a journal begun again goes on from, and the game's own edition
# table found again by its checksum.  Apart from resume so that a clean
# boot loads none of it (its bytecode and its share of a boot:
# BENCHMARKS.md, *Measured apart*).
import json

from firmware.core import osfs, store
from firmware.core.actions import as_tokens
from firmware.core.gamefiles import BASE, JOURNAL, SNAP, SNAP_OLD, SNAP_TMP, NoGame, TableGone
from firmware.core.restoring import hex8, repair_at_once, check_snapshot, keep_as, restore, told
from firmware.core.saving import head, ident

def folders_aside(j, names, odd):
    """A folder where one of the game's files should be (journal.txt,
    a snapshot, the edition table, a file written then renamed in): it is
    renamed damaged-N, kept for someone to look at, and the game goes on
    as if the file were missing (a journal gone: from its newest snapshot,
    and the players are told).  It is taken out of names."""
    for name in odd:
        n = 1
        while "damaged-%d" % n in names:
            n += 1
        kept = "damaged-%d" % n
        try:
            j.fs.rename(j.path(name), j.path(kept))
        except OSError as e:
            j.notes.append("%s is a folder, and could not be moved aside (%s)" % (name, e))
            continue
        j.notes.append("%s was a folder: kept as %s, and the game goes on without it" % (name, kept))
        names.remove(name)
        names.append(kept)
        if name == JOURNAL:
            j.kept = kept


def _newest(snapshots, seen):
    """(n, name, snapshot) of the intact snapshot that holds the most
    records (base.json too), or None: each read and let go of in turn (but
    those seen already: {name: records}), then the one that holds the most
    read again (two in a boot's heap at once were a recovery's peak)."""
    best = None
    for which in (SNAP, SNAP_TMP, SNAP_OLD, BASE):
        for c in [(seen[which], which)] if which in seen else snapshots(which, quiet=bool(seen)):
            if best is None or c[0] > best[0]:
                best = (c[0], c[1])
            c = None
    if best is None:
        return None
    got = snapshots(best[1], quiet=True)
    return got[0] if got else None


def rebase(j, snapshots, seen, notes, why):
    """Resume from the newest intact snapshot (_newest) when the
    journal does not hold its records (it was cut short, or is gone): the
    journal as it was is kept (damaged-N.txt), and begun again from that
    snapshot (Journal.repair, saving.rebase).  What was played after it is
    lost: j.lost is -1 (not known), and the players are told."""
    best = _newest(snapshots, seen)
    if best is None:
        raise NoGame(why or "no snapshot can be used")
    n, name, cand = best
    best = None
    try:
        session = restore(j.engine(as_tokens(cand["setup"])), cand)
    except MemoryError:
        raise
    except Exception as e:  # noqa: BLE001 - a bad snapshot must not stop the boot
        raise NoGame("snapshot %s cannot be restored (%s)" % (name, e))
    fs = j.fs
    if j.ident is None:
        j.ident = hex8(cand.get("ed"))
    if j.table_bad is not None:
        own_table(j, notes)
    names = fs.listdir(j.dir)
    if JOURNAL in names:
        keep_as(j, names)
    j.lost = -1
    j.lost_at = "base %d" % n
    j.session = session
    j.records = n
    # the journal is begun again (Journal.repair): its setup line, and a
    # record naming the snapshot it goes on from, renamed base.json (not
    # rotated away by the snapshots to come: a replay from the journal
    # starts from it)
    j.rebase = name
    j.cut_due = True
    j.rotate = SNAP in names and name != SNAP
    j.snap_n = n
    j.snap_base_n = session.base_n
    j.source = name
    notes.append("the journal does not hold snapshot %s's records: resumed from it (%d records)%s"
                 % (name, n, "; the journal as it was is to be kept in %s" % j.kept if j.kept else ""))
    told(j, names)
    repair_at_once(j)
    return session


def from_base(j, words, mark, notes):
    """The session a journal begun again goes on from: base.json, if it is
    the state its base record names (its records and file checksum); else
    why not (the game is not replayed from its first turn instead)."""
    n, want = mark
    path = j.path(BASE)
    ok, cand = store.read_json(path, j.fs)
    why = cand if not ok else check_snapshot(cand)
    if why is None and (head(path, j.fs) != want or cand["n"] != n
                        or as_tokens(cand["setup"]) != words):
        why = "not the state the journal names"
    if why is not None:
        return "the journal goes on from %s, which cannot be used (%s)" % (BASE, why or "missing")
    try:
        session = restore(j.engine(words), cand)
    except MemoryError:
        raise
    except Exception as e:  # noqa: BLE001 - a bad snapshot must not stop the boot
        return "the journal goes on from %s, which cannot be restored (%s)" % (BASE, e)
    if j.ident is None:
        j.ident = hex8(cand.get("ed"))
    notes.append("replayed the journal from the state it goes on from (%s, %d records)" % (BASE, n))
    return session


def load_table(path, fs=None):
    """The table in a file: one written here (checked), or a plain JSON file
    (a bundled edition table, without what it says for its readers:
    drop_notes).  ValueError says why it cannot be read."""
    f = (fs or osfs.FS).open(path, "rb")
    try:
        plain = store.head_crc(f.read(10)) is None
    finally:
        f.close()
    if not plain:
        ok, got = store.read_json(path, fs)
        if not ok:
            raise ValueError(got or "missing")
        store.drop_notes(got)
        return got
    f = (fs or osfs.FS).open(path, "rb")
    try:
        try:
            got = json.load(f)
        except (TypeError, OSError):
            f.seek(0)
            got = store.loads(f.read())     # a stand-in for a file (tests)
    finally:
        f.close()
    store.drop_notes(got)
    return got


def replay_table(j):
    """The game's own table found again for a replay from its setup line,
    or TableGone: its records are replayed under no other table."""
    ed = found(j)
    if ed is None:
        raise TableGone("%s, and no table on the device is the one it was started with (%s): its records "
                        "are not replayed under another" % (j.table_bad, "checksum %08x" % j.ident
                                                            if j.ident is not None else "its checksum is not known"))
    return ed


def found(j):
    """The game's own edition table found again among the tables on the
    device (Journal.tables) by the checksum its journal or snapshot keeps,
    or None.  Found, it is the game's table again, written back to the
    game's folder at the next idle."""
    if j.ident is None:
        return None
    if not j.tables:
        # a journal told of no files (a test, a tool): the table it was
        # given, by the checksum of its text
        if j.edition is not None and store.crc_of(j.edition) == j.ident:
            return take(j, j.edition, "the table given")
        return None
    seen = []
    for path in j.tables:
        if not path or path in seen:
            continue
        seen.append(path)
        if ident(path, j.fs) != j.ident:
            continue
        if path == j.tables[0] and j.edition is not None and not j.partial:
            # the table for new games, read from that file as it is: the
            # one in the heap already (reading it again would take a second
            # block of its size)
            return take(j, j.edition, path)
        try:
            return take(j, load_table(path, j.fs), path)
        except (OSError, ValueError):
            continue
    return None


def take(j, ed, where):
    j.notes.append("%s: found it again (%s) by its checksum, to be written back" % (j.table_bad, where))
    j.edition = j.edition_due = ed
    j.edition_tried = -1
    j.partial = False
    j.table_bad = None
    return ed


def own_table(j, notes):
    """Resumed from a snapshot (whose state holds what the rules took from
    the game's table): the lists the screens read come from the game's own
    table, found again where it is damaged; else from the table for new
    games, and the players are told (Journal.other_table)."""
    if j.table_bad is None or found(j) is not None:
        return
    if j.played is not None and not j.played:
        notes.append("%s: the game goes on from its snapshot (its screens read none of it)" % j.table_bad)
        return
    notes.append("%s and no table on the device has its checksum: the game goes on from its snapshot, and "
                 "its screens list the markers and sites of the table for new games" % j.table_bad)
    j.other_table = True
