# What resume (firmware/core/resume.py) and its rare paths (firmware/core/
# recover.py) share: a snapshot checked and restored, the journal to be
# kept aside, the note of actions lost, and the repair.  A module of its own
# so that recover.py does not import resume.py, which imports it when
# something is wrong.  Loaded with resume at a boot into a saved game, and
# forgotten with it.
from firmware.core import session, store
from firmware.core.gamefiles import TOLD, VERSION
from firmware.core.session import Session


def hex8(v):
    """The number an 8-hex-digit string says (a CRC), or None."""
    if type(v) is not str or len(v) != 8:
        return None
    try:
        n = int(v, 16)
    except ValueError:
        return None
    return n if "%08x" % n == v else None


def _is_int(v, lo):
    return type(v) is int and v >= lo


def str_list(v):
    """Whether v is a list of strings."""
    if type(v) is not list:
        return False
    for x in v:
        if type(x) is not str:
            return False
    return True


def check_snapshot(s):
    """None if s looks like a snapshot, else what is wrong with it."""
    if type(s) is not dict or s.get("v") != VERSION:
        return "not a snapshot of this version"
    if not (_is_int(s.get("n"), 1) and _is_int(s.get("end"), 11)
            and _is_int(s.get("base_n"), 0) and hex8(s.get("crc")) is not None
            and type(s.get("setup")) is str and type(s.get("base")) is dict
            and str_list(s.get("tail")) and str_list(s.get("redo"))
            and type(s.get("state", {})) is dict and type(s.get("prev", {})) is dict
            and type(s.get("fixed", {})) is dict and hex8(s.get("ed", "00000000")) is not None):
        return "fields missing or of the wrong type"
    return None


def keep_as(j, names):
    """The journal is to be kept aside before it is cut or begun again:
    under the first free damaged-N.txt (the name the players are told)."""
    n = 1
    while "damaged-%d.txt" % n in names:
        n += 1
    j.keep_first = True
    j.kept = "damaged-%d.txt" % n


def told(j, names):
    """What the players are told of actions lost (Journal.told): this
    boot's, with a note an earlier boot left on flash that they have not
    seen yet (a power cut came first).  This boot's is written there before
    anything is cut away (Journal.repair), and taken away once they have
    seen it (Journal.seen).  A note of the same damage (a repair the power
    cut short, done again now) is told once, and the journal kept again
    under the same name."""
    told = None
    if j.lost:
        told = {"lost": j.lost, "kept": [j.kept] if j.kept else [], "at": j.lost_at}
        j.told_due = True
    if TOLD in names:
        j.told_on_flash = True      # taken away once the players have seen this boot's
        ok, old = store.read_json(j.path(TOLD), j.fs)
        if not ok or type(old) is not dict or type(old.get("lost")) is not int or not str_list(old.get("kept")):
            j.notes.append("the note of actions lost %s is damaged (%s); not used" % (TOLD, old))
        else:
            j.notes.append("the players have not seen the note of actions lost in %s yet" % TOLD)
            if told is None:
                told = old
            elif old.get("at") == j.lost_at:
                told = old
                if j.kept and old["kept"]:
                    j.kept = old["kept"][-1]
            else:
                lost = -1 if old["lost"] < 0 or j.lost < 0 else old["lost"] + j.lost
                told = {"lost": lost, "kept": old["kept"] + told["kept"], "at": j.lost_at}
    j.told = told


def repair_at_once(j):
    """Off the device (no defer: the host, its tools, the tests) the
    repair is done at once; the device does it at its first idle, once the
    boot's first frame is drawn and its code has left the heap."""
    if j.defer:
        return
    try:
        j.repair()
    except OSError as e:
        j.notes.append("could not repair the journal yet (%s): the next action repairs it first, "
                       "or is not saved" % (e,))


def restore(game, snap):
    """A Session rebuilt from a snapshot read (check_snapshot): its setup
    line, checkpoint (the state, not its text) and tail (and the redo
    stack, newest last); its "state", the state after the tail, if it was
    saved with them (resume then replays nothing), or its "prev": the
    state before the tail's last action (resume then replays that one);
    "fixed": the states' fixed part, if it was saved apart from them (it
    is put back into each).  The checkpoint and the state before are taken
    out of snap as they are kept as text, so that their objects are gone
    before the next are made: the boot into a saved game is one of a
    board's heaviest moments."""
    self = object.__new__(Session)  # MicroPython classes have no __new__
    self.game = game
    self.setup = snap["setup"]
    fixed = snap.get("fixed")
    base = snap.pop("base")
    state = snap.pop("state", None)
    prev = snap.pop("prev", None)
    if fixed:
        for s in (base, state, prev):
            if s is not None:
                for k in fixed:
                    s[k] = fixed[k]
    self.fixed = session.fixed_part(game, base)
    room, one, two = session.buffers(base, self.fixed)
    self.base = session.Kept(base, room, self.fixed, one)
    one = None
    tail = self.tail = list(snap["tail"])
    if state is not None or (prev is not None and tail):
        base = None     # kept as text; its objects are not needed
    self.base_n = snap["base_n"]
    self.redo_stack = list(snap["redo"])
    self.has_prev = False
    if state is None and prev is not None and tail:
        self.prev = session.Kept(prev, room, self.fixed, two)
        game.apply(prev, tail[-1])
        self.state = prev
        self.has_prev = True
        return self
    if state is None:
        state = base
        for a in tail:
            game.apply(state, a)
    self.state = state
    self.prev = session.Kept(state, room, self.fixed, two)
    return self

