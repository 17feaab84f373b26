# A game in progress: the game module's fold plus undo and redo.
#
# Undo never mutates history: the session keeps a checkpoint (the state as
# JSON text, `base`) and the actions applied since (`tail`); undo rebuilds the
# state from the checkpoint without the last action.  When the tail reaches
# 2 * DEPTH actions the checkpoint moves forward by DEPTH, so memory and the
# cost of one undo stay bounded however long the game runs, and at least
# DEPTH actions can always be undone.  The state before the last action is
# kept too (`prev`), so taking back the last action, the usual undo, costs no
# replay.  Works for any game module that has new(setup, edition) and
# apply(state, action) over a JSON-able state.
#
# Both copies live in buffers made once per game and written over in place
# (Kept): an action allocates no block the size of the state's text.  The
# heap of MicroPython does not compact, and after a few hundred actions a
# block the size of a state's text is exactly what a fragmented heap can no
# longer find.
#
# What a game's state holds that never changes once the game is set up (the
# game module's FIXED keys: Inca Empire's era track, costs, deck...) is left
# out of the kept text and put back, the same objects, into every state the
# copies give: for Inca Empire nearly half the state's text (BENCHMARKS.md,
# *Measured apart*), so each buffer is that much smaller and each action
# writes that much less.  A snapshot holds the fixed part once, beside the
# copies.

import io
import json
import sys

from firmware.core.actions import as_tokens, line as join
from firmware.core.errors import IllegalAction
from firmware.core.modules import collect

DEPTH = 32
_PAD = "                                "
_SEP = (",", ":")   # no spaces: a tenth less text to keep and to write
# CPython's json.dump writes piece by piece, five times slower than one
# dumps; MicroPython's writes into the buffer with no text of its own
_WHOLE = sys.implementation.name != "micropython"


def _buffer(size):
    try:
        return io.BytesIO(size)    # MicroPython: empty, with room for size bytes
    except TypeError:
        return io.StringIO()       # CPython: json writes str; it grows on its own


if _WHOLE:
    def _length(value):
        return len(json.dumps(value, separators=_SEP))
else:
    class _Count(io.IOBase):
        """A stream that only counts the bytes written to it."""
        n = 0

        def write(self, b):
            self.n += len(b)
            return len(b)

    def _length(value):
        """The bytes of the value's JSON text, counted as json writes it:
        no buffer that grows to the text's size (256, 512, 1024, 2048
        bytes, each left behind in the heap at the start of a game)."""
        c = _Count()
        json.dump(value, c, separators=_SEP)
        return c.n


# Two buffers made at power-on for the first game's kept copies (Session,
# resume.restore), before the set-up screens and their code cut the heap into
# pieces: on a 32-bit heap a buffer for the state's text was the block
# the first game most often failed to find at its start (or its resume).
# The first also measures the state's text (json writes into it at full
# speed), and they serve where that text fits them without wasting a third
# of them (from two thirds of RESERVE to all of it: an Inca Empire game of
# four from its start to late in the game, when a resume needs them; its
# sizes: BENCHMARKS.md, *Measured apart*); otherwise they are let go of
# (for a text well under them, two of its size made in their room).
# Made only by the boot.
RESERVE = 2048
_reserve = None


def reserve():
    """Make the two buffers of RESERVE bytes (at power-on, before the heap
    is cut up); nothing where there is no room for them."""
    global _reserve
    if _reserve is None and not _WHOLE:
        try:
            _reserve = (_buffer(RESERVE), _buffer(RESERVE))
        except MemoryError:
            pass


def give_back(s):
    """A session let go of before it is played (resume found a snapshot
    that holds more of the game than the journal gave): its two buffers,
    the ones made at power-on, serve the session made next, which would
    otherwise need two blocks of their size in a heap the replay cut up."""
    global _reserve
    if _reserve is None and not _WHOLE and s.base.room == RESERVE and s.prev.room == RESERVE:
        s.base.buf.seek(0)  # pyright: ignore[reportAttributeAccessIssue]
        s.prev.buf.seek(0)  # pyright: ignore[reportAttributeAccessIssue]
        _reserve = (s.base.buf, s.prev.buf)
    s.base = s.prev = None


def buffers(value, fixed):
    """(room, buffer, buffer) for the two kept copies of value: the two
    made at power-on where they fit its text, two of its size made in the
    room they leave where it is well under them, else (room, None, None)
    and each copy makes its own."""
    global _reserve
    pair = _reserve
    _reserve = None
    changing = _changing(value, fixed)
    if pair is None:
        return _length(changing) * 5 // 4 + 64, None, None
    one = pair[0]
    try:
        json.dump(changing, one, separators=_SEP)
    except MemoryError:
        # a text longer than the buffer, which grew for it where the heap
        # had no room: counted instead (the two let go of)
        pair = one = None
        return _length(changing) * 5 // 4 + 64, None, None
    room = one.tell() * 5 // 4 + 64  # pyright: ignore[reportAttributeAccessIssue]  (the device stubs' io streams lack seek, tell, read and write)
    if RESERVE * 2 // 3 <= room <= RESERVE:
        return RESERVE, one, pair[1]
    pair = one = None
    if room > RESERVE:
        return room, None, None
    # well under them: the two let go of, and the text's own made at once,
    # before anything else takes the room they leave (Eight-Minute Empire's
    # found no room for its own elsewhere at its start on pico_oled)
    collect()
    return room, _buffer(room), _buffer(room)


def fixed_part(game, state):
    """{key: value} of the state's keys that the game says never change
    once it is set up (its FIXED), or None."""
    keys = getattr(game, "FIXED", ())
    out = {}
    for k in keys:
        if k in state:
            out[k] = state[k]
    return out or None


def _changing(value, fixed):
    """The value (a dict) without the fixed keys: a shallow copy."""
    if not fixed:
        return value
    out = {}
    for k in value:
        if k not in fixed:
            out[k] = value[k]
    return out


class Kept:
    """A JSON-able value kept as JSON text in a buffer that is written over
    in place.  room: the bytes to reserve (by default a quarter more than
    the value's text: an Inca Empire state's text varies by about a tenth
    through a game); a text that outgrows it gets a new buffer, a quarter
    larger than it, once.  fixed: {key: value} that a dict value always
    holds, left out of the text and put back (the same objects) by get()."""

    def __init__(self, value, room=0, fixed=None, buf=None):
        self.fixed = fixed
        if not room:
            room = _length(_changing(value, fixed)) * 5 // 4 + 64
        self.room = room
        self.buf = _buffer(room) if buf is None else buf   # buf: room bytes (buffers())
        self.high = 0   # bytes in the buffer: the text, then spaces
        if buf is not None:
            self.high = buf.seek(0, 2)  # pyright: ignore[reportAttributeAccessIssue]  (what the buffer holds already)
        self.n = 0      # bytes of the text
        self.put(value)

    def put(self, value):
        self._put(_changing(value, self.fixed))

    def _put(self, value, twice=False):
        b = self.buf
        b.seek(0)  # pyright: ignore[reportAttributeAccessIssue]
        try:
            if _WHOLE:
                b.write(json.dumps(value, separators=_SEP))  # pyright: ignore[reportAttributeAccessIssue]
            else:
                json.dump(value, b, separators=_SEP)
        except MemoryError:
            # no room for json to grow the buffer past its end (a text
            # that outgrew it where no larger one was found): the buffer,
            # whose text is being written over, let go of, and one of the
            # text's size and a quarter made in the room it leaves (where
            # there is none either, the action stops there, as it did)
            if twice:
                self.high = max(self.high, b.tell())  # pyright: ignore[reportAttributeAccessIssue]  (blanked by the next put)
                raise
            self.buf = b = None
            collect()
            n = _length(value)
            room = n + n // 4 + 64
            self.room = self.high = 0
            try:
                self.buf = _buffer(room)
            except MemoryError:
                self.buf = _buffer(0)   # (a buffer all the same: the next put looks for a larger one)
                raise
            self.room = room
            self._put(value, True)
            return
        except BaseException:
            # cut short: the next put blanks what it left
            self.high = max(self.high, b.tell())  # pyright: ignore[reportAttributeAccessIssue]
            raise
        n = b.tell()  # pyright: ignore[reportAttributeAccessIssue]
        if n > self.room - (self.room >> 3):
            # near its room's end, or past it: one new buffer with room to
            # spare, the text written again, made before a text outgrows
            # the buffer (json would grow it piece by piece as it writes, a
            # new block every few bytes, each beside the last: where a long
            # game's heap has none, the action stopped there).  Where the
            # heap has no block for it, the old one stays, and the next try
            # is when the text nears its end again.
            room = n + n // 4 + 64
            try:
                grown = _buffer(room)
            except MemoryError:
                grown = None
            if grown is not None:
                self.buf = grown
                b = None
                self.room = room
                self.high = 0
                self._put(value)
                return
            if n > self.room:
                self.room = n
            self.room += self.room >> 3
        self.n = n
        # a shorter text than the last: blank the rest (json.load skips spaces)
        while n < self.high:
            k = min(len(_PAD), self.high - n)
            b.write(_PAD if k == len(_PAD) else _PAD[:k])  # pyright: ignore[reportAttributeAccessIssue]
            n += k
        self.high = n

    def get(self, out=None):
        """A new copy of the value (its fixed part: the same objects).
        out: a dict the value is made over into instead, returned: its
        table is kept, its values let go of before the new ones are read.
        A state's own table (its changing keys and its fixed ones) is the
        largest block a state's parse would make, and the heap of a long
        game may have none free: a board stopped there, moving the undo
        checkpoint (BENCHMARKS.md, *The smallest heap a session needs*)."""
        if out is not None:
            for k in out:
                out[k] = None
        b = self.buf
        b.seek(0)  # pyright: ignore[reportAttributeAccessIssue]
        v = json.load(b)
        fixed = self.fixed
        if out is not None:
            gone = None
            for k in out:
                if k not in v and not (fixed and k in fixed):
                    gone = [k] if gone is None else gone + [k]
            for k in gone or ():
                del out[k]
            for k in v:
                out[k] = v[k]
            v = out
        if fixed:
            for k in fixed:
                v[k] = fixed[k]
        return v

    def write_json(self, out):
        """Pass the text to out(piece) in pieces of at most 128 bytes (for
        firmware.core.jsonout.dump: a snapshot copies the text as it is)."""
        b = self.buf
        b.seek(0)  # pyright: ignore[reportAttributeAccessIssue]
        left = self.n
        while left > 0:
            piece = b.read(128 if left > 128 else left)  # pyright: ignore[reportAttributeAccessIssue]
            if not piece:
                break
            out(piece)
            left -= len(piece)


class Session:
    def __init__(self, game, edition, setup):
        # the edition table is read once, by new(): the state holds what
        # the rules need of it, and the session does not keep it
        self.game = game
        self.setup = join(as_tokens(setup))
        self.state = game.new(self.setup, edition)
        self.fixed = fixed_part(game, self.state)   # what never changes: kept once
        room, one, two = buffers(self.state, self.fixed)
        self.base = Kept(self.state, room, self.fixed, one)
        self.base_n = 0       # actions applied before the checkpoint
        self.tail = []        # action lines applied since the checkpoint
        self.redo_stack = []  # undone lines, newest last
        self.prev = Kept(self.state, room, self.fixed, two)
        self.has_prev = False  # prev holds the state before the last action

    @property
    def count(self):
        """How many actions the current state is made of (after setup)."""
        return self.base_n + len(self.tail)

    def view(self):
        return self.game.view(self.state)

    def apply(self, action, settle=True, keep=True):
        """Apply one action line; 'undo' and 'redo' are handled here.
        Returns the kind of change: 'action', 'undo' or 'redo'.
        Raises IllegalAction with the state unchanged.  settle=False leaves
        the checkpoint where it is, so that take_back() can still reverse
        the change; call settle() once it is kept.  keep=False does not
        keep the state before the action (a replay that knows no undo
        follows: it saves writing the state out)."""
        t = as_tokens(action)
        if t == ["undo"]:
            self.undo()
            return "undo"
        if t == ["redo"]:
            self.redo(settle, keep)
            return "redo"
        self._do(join(t), settle, keep)
        self.redo_stack = []
        return "action"

    def take_back(self, kind, redo):
        """Reverse the last apply(..., settle=False), which returned kind;
        redo: the redo stack before it (the list object itself).  For a
        journal whose write failed: the session is as before that apply
        (only the kept copy of the previous state is gone, so the next
        undo replays from the checkpoint)."""
        if kind == "undo":
            self._do(self.redo_stack.pop(), False)
            return
        self.state = self.prev.get(self.state)
        self.has_prev = False
        last = self.tail.pop()
        if kind == "redo":
            redo.append(last)
        self.redo_stack = redo

    def settle(self):
        """Move the checkpoint forward by DEPTH if the tail has grown to
        2 * DEPTH actions."""
        if len(self.tail) >= 2 * DEPTH:
            # the state is made over into the checkpoint's, moved, and
            # made again from the one kept before the last action: a
            # board's heap need not hold two states at once (where it
            # cannot, the board starts again, into the game as its journal
            # has it: the action's record is written first)
            again = self.has_prev
            s = self.base.get(self.state if again else None)
            for a in self.tail[:DEPTH]:
                self.game.apply(s, a)
            self.base.put(s)
            self.base_n += DEPTH
            self.tail = self.tail[DEPTH:]
            if again:
                self.game.apply(self.prev.get(s), self.tail[-1])
            s = None

    def _do(self, text, settle=True, keep=True):
        # until the action is taken, prev holds no state before the last
        # action (a refusal leaves it so: the next undo replays instead)
        self.has_prev = False
        if keep:
            self.prev.put(self.state)
        self.game.apply(self.state, text)
        self.has_prev = keep
        self.tail.append(text)
        if settle:
            self.settle()

    def undo(self):
        if not self.tail:
            if self.base_n:
                raise IllegalAction("undo reaches back %d actions at most", (DEPTH,))
            raise IllegalAction("nothing to undo")
        last = self.tail.pop()
        # the state undone is made over into the one taken back: a board's
        # heap need not hold two (where it cannot make the new one, the
        # board starts again, into the game as its journal has it)
        if self.has_prev:
            # the last action taken back: the state kept before it
            s = self.prev.get(self.state)
        else:
            s = self.base.get(self.state)
            for a in self.tail:
                self.game.apply(s, a)
        self.has_prev = False
        self.state = s
        self.redo_stack.append(last)

    def redo(self, settle=True, keep=True):
        if not self.redo_stack:
            raise IllegalAction("nothing to redo")
        text = self.redo_stack[-1]
        self._do(text, settle, keep)
        self.redo_stack.pop()
