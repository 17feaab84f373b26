# The journal's whole-file writes (firmware/core/journal.py says what the
# files hold and why this order of writes survives a power cut): a new
# game's files, a snapshot, the game's edition table, the journal cut back
# to its good records or kept aside.  Imported for one of them and forgotten
# after, with firmware/core/store.py (Journal._saving): appending a record,
# what every action does, needs none of this code.
from firmware.core import osfs, store
from firmware.core.store import ident  # noqa: F401  (where recover and the replay tool look for it)
from firmware.core.gamefiles import (BASE, BASE_MARK, EDITION, JOURNAL, JOURNAL_TMP, NEW, OLD, SNAP, SNAP_OLD,
                                     SNAP_TMP, TABLE_MARK, TOLD, VERSION, record)
from firmware.core.session import Session

_CHUNK = 512
_ENOTDIR = 20   # errno: not a folder


def setup_text(setup, ident):
    """The text of a setup line's record: the line, and the checksum of
    the game's edition table where it is known."""
    return setup if ident is None else "%s%s%08x" % (setup, TABLE_MARK, ident)


def base_text(n, crc):
    return "%s %d %08x" % (BASE_MARK, n, crc)


def start(j, words, edition_later=None, aside=False, session=None):
    """Journal.start: a new game from the words of its setup line.

    The new game is written whole in a folder of its own (game.new) while
    the game played stays as it is; then two renames swap the folders: the
    game played goes aside (game.old), the new one takes its name, and
    that is the moment the start is made.  A write the storage refuses
    (full, an I/O error) before then raises: the game played is put back
    where it was, or, if the storage refuses that too, left whole in
    game.old, which the next boot, start or repair of the journal puts
    back (settle).  A power cut anywhere leaves the game played whole or
    the new game.  Only then are the old game's files removed (what is
    left of them goes at the next boot or start).  aside: the game's folder
    holds no game played (a save the boot could not resume): it is kept
    aside (game.damaged-N), never removed, or the start is not made.
    session: the game made from the words already (on the device,
    Journal.start), whose files are written now."""
    if session is None:
        session = Session(j.engine(words), j.edition, words)
    fs = j.fs
    new, old = j.dir + NEW, j.dir + OLD
    settle(j.dir, fs)       # what an earlier start left (the boot does this first)
    store.makedirs(parent(j.dir), fs)
    # The edition table goes with the game (edits made later are for new
    # games).  On the device (defer) it is written once the game's first
    # frame is drawn (idle): a write that Start game would otherwise wait
    # for (BENCHMARKS.md, *Measured apart*).  A power cut before then leaves the game without it, and
    # resume finds the table it was started with by its checksum (the
    # setup line's record names it), and writes it.
    later = j.defer if edition_later is None else edition_later
    try:
        fs.mkdir(new)
        written = None
        if not later:
            src = j.tables[0] if j.tables else None
            written = copy_table(j, new + "/" + EDITION, store.ident(src, fs) if src else None)
            if written is None:
                written = store.write_json(new + "/" + EDITION, j.edition, fs)
        ident = table_ident(j, written)
        data, crc = record(setup_text(session.setup, ident), 0)
        store.write(new + "/" + JOURNAL, data, fs)
        try:
            fs.listdir(j.dir)
            odd = aside
        except OSError as e:
            odd = e.args and e.args[0] == _ENOTDIR
        if odd:
            # a file where the game's folder goes (the boot keeps it aside
            # and tells), or a save the boot could not resume (aside, where
            # the storage refused the rename then): kept, not removed with
            # the game replaced
            fs.rename(j.dir, _free(j.dir, ".damaged-", fs))
        try:
            fs.rename(j.dir, old)
        except OSError as e:
            if not store.missing(e):
                raise
        try:
            fs.rename(new, j.dir)
        except OSError:
            _put_back(j.dir, fs)
            raise
    except OSError:
        _remove(new, fs)
        raise
    _remove(old, fs)
    if later:
        j.edition_due = j.edition
        j.edition_tried = -1
    j.session = session
    j.records = 1
    j.notes = []
    j.lost = 0
    j.kept = j.told = None
    j.told_due = j.told_on_flash = j.rebase = False
    j.source = None
    j.end = len(data)
    j.crc = crc
    j.cut_due = False
    j.keep_first = False
    j.snap_n = 1
    j.snap_base_n = 0
    j.rotate = False
    j.ident = ident
    return session


def head(path, fs=None):
    """The checksum on the first line of a file written here (not checked
    against the text: read_json does that), or None."""
    try:
        f = (fs or osfs.FS).open(path, "rb")
    except OSError:
        return None
    try:
        return store.head_crc(f.read(10))
    except OSError:
        return None
    finally:
        f.close()


def table_ident(j, written=None):
    """The checksum of the game's table (j.edition): that of the file it
    was read from as it is (a few ms of a Pico's clock), by which a resume
    finds it again; where there is none (an edit the storage did not take),
    of its JSON text as written (given), or as it would be (slower: the
    table made into text; BENCHMARKS.md, *Measured apart*)."""
    src = j.tables[0] if j.tables else None
    crc = ident(src, j.fs) if src else None
    if crc is None:
        crc = store.crc_of(j.edition) if written is None else written
    return crc


def copy_table(j, path, crc):
    """The game's table written to path as the bytes of the table file on
    the device whose checksum (ident) is crc, the one the game's setup
    line names, under a checksum line (a plain file's bytes whole): a
    resume knows it for that file's by its checksum alone, and takes the
    table read from that file rather than reading it again (resume._same).
    crc, or None where no such file is (nothing written)."""
    fs = j.fs
    if crc is None:
        return None
    for src in j.tables:
        if src and store.ident(src, fs) == crc:
            break
    else:
        return None
    f = fs.open(src, "rb")
    try:
        out = fs.open(path, "wb")
        try:
            piece = f.read(10)
            if store.head_crc(piece) is None:
                out.write(("#%08x\n" % crc).encode())
            while piece:
                out.write(piece)
                piece = f.read(_CHUNK)
            out.flush()
        finally:
            out.close()
    finally:
        f.close()
    return crc


def write_edition(j):
    """The game's edition table into its folder (start() or resume left
    it due): a copy of its file where the device has it (copy_table); a
    failed write is noted once and tried again at the first idle after
    the next action saved."""
    try:
        if copy_table(j, j.path(EDITION) + store.TMP, j.ident) is None:
            store.write_json(j.path(EDITION) + store.TMP, j.edition_due, j.fs)
        j.fs.rename(j.path(EDITION) + store.TMP, j.path(EDITION))
    except (OSError, MemoryError) as e:
        # the game goes on: a resume without it takes the same table
        # (start()); tried again once an action was saved, not at every
        # idle (a try takes as long as the write above)
        j.note("could not write the game's edition table (%s)" % (e,))
        j.edition_tried = j.records
        return
    j.edition_due = None


def snapshot(j):
    """Write a snapshot of the session now (temp file, then rename)."""
    s = j.session
    # the checkpoint's JSON text is copied as it is kept; so is the
    # state before the last action where there is one (resume replays
    # that action): only the small fields go through jsonout
    snap = {"v": VERSION, "n": j.records, "end": j.end, "crc": "%08x" % j.crc,
            "setup": s.setup, "base": s.base, "base_n": s.base_n,
            "tail": s.tail, "redo": s.redo_stack}
    if s.has_prev and s.tail:
        snap["prev"] = s.prev
    else:
        snap["state"] = s.state
    if s.fixed:
        snap["fixed"] = s.fixed     # base and prev are kept without it
    if j.ident is not None:
        snap["ed"] = "%08x" % j.ident   # the game's edition table, by its checksum
    fs = j.fs
    store.write_json(j.path(SNAP_TMP), snap, fs)
    if j.rotate:
        j.rotate = False
        fs.rename(j.path(SNAP), j.path(SNAP_OLD))
    fs.rename(j.path(SNAP_TMP), j.path(SNAP))
    j.rotate = True
    j.snap_n = j.records
    j.snap_base_n = s.base_n

def repair(j):
    """Journal.repair: what resume found, done in this order, each step
    safe from a power cut: the note to the players on flash (until they
    have seen it: a cut after the repair must not take it away with the
    bad records); the journal as it was kept aside (damaged-N.txt); the bad
    records cut away, or the journal begun again from the session (resumed
    from a snapshot it did not hold) and a snapshot written over it."""
    fs = j.fs
    settle(j.dir, fs)   # the game's folder left aside by a start refused halfway: back first
    if j.told_due:
        store.save_json(j.path(TOLD), j.told, fs)
        j.told_due = False
        j.told_on_flash = True
    if j.rebase:
        rebase(j)
        return
    if j.keep_first:
        j.kept = keep(j, j.kept)
        j.keep_first = False
        j.note("kept the journal as it was in %s" % j.kept)
    if j.cut_due:
        cut(j, j.end)


def rebase(j):
    """The journal begun again from the snapshot resume took the game from
    (j.rebase, its file): the journal as it was renamed aside (kept: it is
    replaced whole, so no copy is needed), the snapshot renamed base.json,
    then a journal of the setup line and a record naming base.json renamed
    in.  A power cut between any two of them leaves no journal, or the
    snapshot under its new name: the next boot begins it again the same
    way."""
    fs = j.fs
    names = fs.listdir(j.dir)
    if j.keep_first:
        if JOURNAL in names:
            fs.rename(j.path(JOURNAL), j.path(j.kept))
            j.note("kept the journal as it was in %s" % j.kept)
        j.keep_first = False
    if j.rebase != BASE:
        fs.rename(j.path(j.rebase), j.path(BASE))
        j.rebase = BASE
    crc = head(j.path(BASE), fs)
    if crc is None:
        raise OSError(5, "cannot read " + BASE)
    data, first = record(setup_text(j.session.setup, j.ident), 0)
    more, last = record(base_text(j.records, crc), first)
    store.write(j.path(JOURNAL_TMP), data + more, fs)
    fs.rename(j.path(JOURNAL_TMP), j.path(JOURNAL))
    j.end = len(data) + len(more)
    j.crc = last
    j.rebase = False
    j.cut_due = False


def cut(j, end):
    """Keep only the first `end` bytes of the journal: copy them to
    journal.tmp and rename it over (there is no truncate on MicroPython)."""
    copy(j, end, JOURNAL_TMP)
    j.fs.rename(j.path(JOURNAL_TMP), j.path(JOURNAL))
    j.cut_due = False

def keep(j, name=None):
    """Copy the whole journal to name, or damaged-N.txt (N the first
    free), before records that were confirmed are cut away: the players
    are told, and nothing is deleted without their say-so.  Returns the
    file's name."""
    if name is None:
        names = j.fs.listdir(j.dir)
        n = 1
        while "damaged-%d.txt" % n in names:
            n += 1
        name = "damaged-%d.txt" % n
    copy(j, None, name)
    return name

def copy(j, end, name):
    """Copy the first `end` bytes of the journal (all if None) to name."""
    fs = j.fs
    src = fs.open(j.path(JOURNAL), "rb")
    try:
        dst = fs.open(j.path(name), "wb")
        try:
            left = end
            while left is None or left > 0:
                chunk = src.read(_CHUNK if left is None else min(_CHUNK, left))
                if not chunk:
                    break
                dst.write(chunk)
                if left is not None:
                    left -= len(chunk)
            dst.flush()
        finally:
            dst.close()
    finally:
        src.close()



def settle(path, fs):
    """Finish what a start cut short or refused left beside the game's
    folder `path`: the game played moved aside (game.old) with the folder
    gone is put back (the start was not made: the new game had not taken
    the folder's place); a new game not moved in (game.new) is removed, and
    so is the game a new one replaced once the folder is there.  (resume
    calls it when it sees one of them; a repair of the journal first.)"""
    base = path[path.rfind("/") + 1:]
    try:
        names = fs.listdir(parent(path))
    except OSError:
        return
    if base + NEW not in names and base + OLD not in names:
        return
    if base not in names and base + OLD in names:
        _put_back(path, fs)
        names = fs.listdir(parent(path))
    if base + NEW in names:
        _remove(path + NEW, fs)     # a new game not moved in: it never started
    if base + OLD in names and base in names:
        _remove(path + OLD, fs)     # the game a new one replaced


def _free(path, infix, fs):
    """path + infix + N, N the first number no file or folder has."""
    try:
        names = fs.listdir(parent(path))
    except OSError:
        names = ()
    base = path[path.rfind("/") + 1:]
    n = 1
    while "%s%s%d" % (base, infix, n) in names:
        n += 1
    return "%s%s%d" % (path, infix, n)


def parent(path):
    """The folder that holds path."""
    i = path.rfind("/")
    return path[:i] if i > 0 else ("/" if i == 0 else ".")


def _put_back(path, fs):
    """The game the start had moved aside back in its place (left where it
    is if the storage refuses: settle tries again)."""
    try:
        fs.rename(path + OLD, path)
    except OSError:
        pass


def _remove(path, fs):
    """Remove a folder and what it holds (or a file); errors are left for
    the next try (a start's leftovers, removed at the next boot)."""
    try:
        names = fs.listdir(path)
    except OSError:
        try:
            fs.remove(path)
        except OSError:
            pass
        return
    for name in names:
        _remove(path + "/" + name, fs)
    try:
        fs.rmdir(path)
    except OSError:
        pass
