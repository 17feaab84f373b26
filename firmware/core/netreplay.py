# A boot's replay of the records after a snapshot by their net effect
# (net), and the count of a journal's good records against an intact
# snapshot's (fewer): loaded by firmware.core.resume only where a snapshot
# is there (the code of a boot of a young game, on a board whose code is in
# its heap, stays as small as it was).

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
