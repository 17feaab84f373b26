# A game in progress: the game module's fold plus undo and redo.
#
# Undo never mutates history: the session keeps a checkpoint (the state as
# JSON text, `base`) and the actions applied since (`tail`); undo rebuilds the
# state from the checkpoint without the last action.  When the tail reaches
# 2 * DEPTH actions the checkpoint moves forward by DEPTH, so memory and the
# cost of one undo stay bounded however long the game runs, and at least
# DEPTH actions can always be undone.  The state before the last action is
# kept too (`prev`, JSON text), so taking back the last action, the usual
# undo, costs no replay.  Works for any game module that has
# new(setup, edition) and apply(state, action) over a JSON-able state.

import json

from firmware.core.actions import as_tokens, line as join
from firmware.core.errors import IllegalAction

DEPTH = 32


class Session:
    def __init__(self, game, edition, setup):
        self.game = game
        self.edition = edition
        self.setup = join(as_tokens(setup))
        self.state = game.new(self.setup, edition)
        self.base = json.dumps(self.state)
        self.base_n = 0       # actions applied before the checkpoint
        self.tail = []        # action lines applied since the checkpoint
        self.redo_stack = []  # undone lines, newest last
        self.prev = None      # the state before the last action, as JSON text

    @classmethod
    def restore(cls, game, edition, setup, base, base_n, tail, redo=(), state=None):
        """Rebuild a session from a saved checkpoint and its tail (and the
        redo stack, newest last).  state: the state after the tail, if it
        was saved with them (resume then replays nothing)."""
        self = object.__new__(cls)  # MicroPython classes have no __new__
        self.game = game
        self.edition = edition
        self.setup = setup
        self.base = base
        self.base_n = base_n
        self.tail = []
        self.redo_stack = []
        self.prev = None
        if state is not None:
            self.state = state
            self.tail = list(tail)
        else:
            self.state = json.loads(base)
            for a in tail:
                game.apply(self.state, a)
                self.tail.append(a)
        self.redo_stack = list(redo)
        return self

    @property
    def count(self):
        """How many actions the current state is made of (after setup)."""
        return self.base_n + len(self.tail)

    def view(self):
        return self.game.view(self.state)

    def apply(self, action):
        """Apply one action line; 'undo' and 'redo' are handled here.
        Returns the kind of change: 'action', 'undo' or 'redo'.
        Raises IllegalAction with the state unchanged."""
        t = as_tokens(action)
        if t == ["undo"]:
            self.undo()
            return "undo"
        if t == ["redo"]:
            self.redo()
            return "redo"
        self._do(join(t))
        self.redo_stack = []
        return "action"

    def _do(self, text):
        prev = json.dumps(self.state)
        self.game.apply(self.state, text)
        self.prev = prev
        self.tail.append(text)
        if len(self.tail) >= 2 * DEPTH:
            self._rebase()

    def _rebase(self):
        s = json.loads(self.base)
        for a in self.tail[:DEPTH]:
            self.game.apply(s, a)
        self.base = json.dumps(s)
        self.base_n += DEPTH
        self.tail = self.tail[DEPTH:]

    def undo(self):
        if not self.tail:
            if self.base_n:
                raise IllegalAction("undo reaches back %d actions at most", (DEPTH,))
            raise IllegalAction("nothing to undo")
        last = self.tail.pop()
        if self.prev is not None:
            # the last action taken back: the state kept before it
            s = json.loads(self.prev)
        else:
            s = json.loads(self.base)
            for a in self.tail:
                self.game.apply(s, a)
        self.prev = None
        self.state = s
        self.redo_stack.append(last)

    def redo(self):
        if not self.redo_stack:
            raise IllegalAction("nothing to redo")
        text = self.redo_stack[-1]
        self._do(text)
        self.redo_stack.pop()
