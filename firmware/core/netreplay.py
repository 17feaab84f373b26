# A boot's replay of the records after a snapshot by their net effect
# (net), the count of a journal's good records against an intact
# snapshot's (fewer), and the replay of a journal from its setup line where
# its snapshots cannot be used (whole): loaded by firmware.core.resume only
# where a snapshot is there (the code of a boot of a young game, on a board
# whose code is in its heap, stays as small as it was).

from binascii import crc32

from firmware.core.actions import as_tokens, line as join
from firmware.core.errors import IllegalAction
from firmware.core.resume import base_of, ident_in, parse
from firmware.core.session import DEPTH


def plan(session, f, pos, prev, upto):
    """The records after the snapshot (at most upto of them) read as moves
    of the tail and the redo stack, nothing applied: (the tail and redo
    stack they leave, the record each action of that tail was placed by,
    pos, prev, records, dropped, the record dropped or the last read, the
    one after it, an undo or redo refused); None where they move the
    undo checkpoint (the replay record by record does it)."""
    full = list(session.tail)
    redo = list(session.redo_stack)
    at = [-1] * len(full)
    f.seek(pos)
    k = 0
    dropped = refused = text = None
    raw = f.readline()
    while raw and k < upto:
        rec = parse(raw, prev)
        if type(rec) is str:
            dropped = rec
            break
        text, crc = rec
        if text == "undo" or text == "redo":
            if not (full if text == "undo" else redo):
                refused = text
                break
            if text == "undo":
                redo.append(full.pop())
                at.pop()
            else:
                full.append(redo.pop())
                at.append(k)
        else:
            full.append(text)
            at.append(k)
            redo = []
        if len(full) >= 2 * DEPTH:
            return None
        pos += len(raw)
        prev = crc
        k += 1
        raw = f.readline()
    return full, redo, at, pos, prev, k, dropped, raw, refused, text == "undo"


def net(session, f, pos, prev):
    """The records after a snapshot that matches the journal, replayed by
    their net effect (plan): only the actions of the tail they leave that
    the snapshot's states do not hold are applied, from the nearest of
    them (the state, the one before the tail's last action, the
    checkpoint), however many undo, redo and actions taken back come
    between; the session ends as the records one by one leave it.  (The
    state is the one they were taken on: the journal's chained checksum
    at the snapshot's end.)  (pos, prev, records, dropped, raw), or None
    (plan)."""
    got = plan(session, f, pos, prev, 1 << 30)
    if got is None:
        return None
    full, redo, at, p, c, k, dropped, raw, refused, undo = got
    tail = session.tail
    i = 0
    n = min(len(tail), len(full))
    while i < n and tail[i] == full[i]:
        i += 1
    if i < len(tail):
        session.has_prev = session.has_prev and i == len(tail) - 1
        session.state = session.prev.get() if session.has_prev else session.base.get()
        if not session.has_prev:
            i = 0
        session.has_prev = False
    s = session.state
    while i < len(full):
        if i == len(full) - 1:
            session.prev.put(s)
            session.has_prev = True
        try:
            session.game.apply(s, full[i])
        except IllegalAction as e:
            # a rule that refuses what it took when the action was
            # confirmed: the records from the one that placed it are
            # dropped, the session as those before it left it
            session.has_prev = False
            # (one of the snapshot's own: its tail up to it, and no more)
            again = plan(session, f, pos, prev, max(at[i], 0))
            if again is None:   # (not so: these are the records planned once already)
                raise ValueError("the records before a refused action moved the undo checkpoint")
            full, redo, at, p, c, k, dropped, raw, refused, undo = again
            if at[i] < 0:
                full = full[:i]
                redo = []
            dropped = "refused by the rules: %s" % e
            refused = None
            break
        i += 1
    if undo:
        session.has_prev = False    # as an undo leaves it (prev given back)
    session.tail = full
    session.redo_stack = redo
    if refused:
        try:
            session.undo() if refused == "undo" else session.redo()
        except IllegalAction as e:
            dropped = "refused by the rules: %s" % e
    return p, c, k, dropped, raw


def fewer(j, f, most):
    """True where the journal open in f holds fewer good records than most
    (an intact snapshot's) and goes on from no base: a replay from its
    setup line would be let go of for that snapshot (resume's _go_on),
    and is not made.  The records are only read and checked, a small part
    of a replay's time on a Pico (BENCHMARKS.md, *Saved games under
    faults*)."""
    f.seek(0)
    prev = k = 0
    raw = f.readline()
    while raw:
        rec = parse(raw, prev)
        if type(rec) is str:
            break
        if k == 0:
            j.ident = ident_in(rec[0])
        elif k == 1 and base_of(rec[0]) is not None:
            return False
        prev = rec[1]
        k += 1
        if k >= most:
            return False
        raw = f.readline()
    return True


# whole() reads the journal in chunks of this many bytes (not a line at a
# time: on a Pico a readline takes a call into the file system per byte,
# and each line, its slices and the checksum's text were blocks of the heap
# whose collections were a third of the replay's time); a record longer than
# half of it is replayed record by record
_CHUNK = 256


def _chunk(f, at, b):
    """The journal's bytes from at read into b (the one chunk a replay
    reads into, not a new one each time): how many."""
    f.seek(at)
    try:
        return f.readinto(b) or 0
    except AttributeError:  # a file without readinto
        d = f.read(len(b))
        b[:len(d)] = d
        return len(d)


def _rec(b, m, a, e, prev):
    """(text, crc) of the record b[a:e + 1] (e: its end of line) where parse
    finds it good, else None; checked where it lies in the chunk (m: its
    view), not copied out of it."""
    if e - a < 10 or b[e - 10] != 32 or b[e - 9] != 35:     # " #"
        return None
    crc = crc32(b"\n", crc32(m[a:e - 10], prev))
    if b.find(b"%08x" % crc, e - 8, e) != e - 8:
        return None
    try:
        return str(m[a:e - 10], "utf-8"), crc
    except UnicodeError:
        return None


def _plain(text, size):
    """True where the text of a record of size bytes is an action's line as
    join(as_tokens()) gives it (as the journal writes it): kept as it is.
    (ASCII, none of the spaces that split() takes; a few scans in C, where
    a split and a join are blocks of the heap.)"""
    if len(text) != size or not text or text[0] == " " or text[-1] == " " or "  " in text:
        return False
    for w in "#\t\r\x0b\x0c\x1c\x1d\x1e\x1f":
        if w in text:
            return False
    return True


def whole(session, f, pos, prev):
    """The records after the setup line replayed by what they leave, where
    they are actions, each perhaps taken back by the undo right after it
    (no other undo, no redo): read twice, once only to tell actions from
    undos and find where the undo checkpoint ends up, then to check each
    and apply the actions that stay, each once, the checkpoint's state
    kept as the replay passes it, and the rules asked about each action
    taken back on the state it was taken on (as taken_back does).  The
    replay record by record applied again the DEPTH actions of each move
    of the checkpoint and read back the states it kept (BENCHMARKS.md,
    *Saved games under faults*).  (pos, prev, records, dropped, raw) as
    net gives them; None where the records are not so; False where one is
    damaged or the rules refuse one (the session is spent: the replay
    record by record, from a new one, says where)."""
    n = base = k = 0    # the tail's length, the checkpoint's actions, the records
    act = False         # the record before was an action
    at = pos            # where the chunk b begins in the file
    b = bytearray(_CHUNK)
    m = memoryview(b)
    z = _chunk(f, at, b)    # the bytes of the file in b
    a = 0               # where the next record begins in b
    while True:
        e = b.find(b"\n", a, z)
        if e < 0:
            if z < _CHUNK:
                break       # the file's end: b[a:z], a record cut short, or nothing
            if z - a >= _CHUNK // 2:
                return None
            at += a
            z = _chunk(f, at, b)
            a = 0
            continue
        if e - a >= _CHUNK // 2:
            return None
        if e - a == 14 and b.startswith(b"undo #", a):
            if not act:
                return None
            n -= 1
            act = False
        elif e - a == 14 and b.startswith(b"redo #", a):
            return None
        else:
            n += 1
            if n >= 2 * DEPTH:
                n -= DEPTH
                base += DEPTH
            act = True
        a = e + 1
        k += 1
    p = at + a
    raw = bytes(m[a:z])
    got = k
    game = session.game
    ask = getattr(game, "refusal", None)
    if ask is None:
        return None
    s = session.state
    tail = []
    redo = None
    # the state before the last action is kept where an undo may follow
    # it (as the replay record by record keeps it): nothing after it, or
    # a damaged undo
    keep = not raw or raw.startswith(b"undo #")
    i = 0       # the actions that stay, applied
    c = prev
    at = pos
    z = _chunk(f, at, b)
    a = 0
    while k > 0:
        e = b.find(b"\n", a, z)
        # the record and the next, both whole in the chunk (pass one found
        # each shorter than half of it)
        if e < 0 or k > 1 and b.find(b"\n", e + 1, z) < 0:
            at += a
            z = _chunk(f, at, b)
            a = 0
            continue
        rec = _rec(b, m, a, e, c)
        if rec is None:
            return False
        text, c = rec
        size = e - 10 - a
        a = e + 1
        k -= 1
        if k and b.startswith(b"undo #", a):
            # taken back by the next record: the rules look at it on the
            # state it was taken on, and it is not applied
            e = b.find(b"\n", a, z)
            back = _rec(b, m, a, e, c)
            if back is None or ask(s, text) is not None:
                return False
            c = back[1]
            redo = text
            a = e + 1
            k -= 1
            continue
        redo = None
        if i == base and base:
            session.base.put(s)
        if not k and keep:
            session.prev.put(s)     # the last action: the state before it, for the first undo
        try:
            game.apply(s, text)
        except IllegalAction:
            return False
        if i >= base:
            tail.append(text if _plain(text, size) else join(as_tokens(text)))
        i += 1
    if i == base and base:
        session.base.put(s)
    session.base_n = base
    session.tail = tail
    session.redo_stack = [join(as_tokens(redo))] if redo else []
    session.has_prev = keep and bool(tail) and not redo
    f.seek(p + len(raw))
    return p, c, got, None if not raw else parse(raw, c), raw
