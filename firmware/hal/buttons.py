# Debounced buttons with long press.  Pins read 0 when pressed (pull-up
# wiring).  A press counts once the pin has read pressed for debounce_ms
# (contact bounce and glitches are shorter); its release counts at once
# (the release's own bounce is too short to be a press).  A press released
# before long_ms gives a short press, at the release; holding for long_ms
# gives one long press (and nothing on release); where the profile gives
# the button a (name, "more") intent, a hold goes on giving it every
# REPEAT_MS after its long press until it is released (a held UP or DOWN
# moves on a row at a time: App.key decides whether the screen on top
# takes these repeats).  Where the profile has a
# ("both", "short") intent, a button pressed while another is held (and
# before that one's long press) is a chord, for a board with two buttons:
# neither gives a press of its own, and no button gives anything more
# until all are released.  The chord gives ("both", "short") at once, or,
# where the profile also has ("both", "long"), at the first release, and
# ("both", "long") if both are still held long_ms after the chord began.
#
# On a board the pins' interrupts (hard IRQs) note every edge with its time
# in a ring the moment it happens, even while the screen is being drawn or
# the game is working out an action; the edges are turned into presses
# afterwards, by their times, so a press is never lost or doubled however
# long the device was busy (listen(); App.run waits in wait()).  Without
# interrupts (CircuitPython's keypad, tests) poll(now) samples the pins.
try:
    from time import ticks_ms, ticks_diff  # pyright: ignore[reportAssignmentType]
except ImportError:  # CPython (the simulator)
    import time

    def ticks_ms():
        return int(time.monotonic() * 1000)  # pyright: ignore[reportAttributeAccessIssue]

    def ticks_diff(a, b):
        return a - b

QUEUE = 32    # intents not yet taken
LONG_MS = 600     # held this long: a long press
# then, held on, a repeat this often (a list's row, a number's step): a
# steady rate, not one that speeds up, so that a thumb can let go on the
# row it wants (the longest list, the 21 Sun Event cards, wraps round:
# no card is more than 10 rows, 2 s, away)
REPEAT_MS = 150
EDGES = 64    # edges noted by the interrupts, not yet turned into presses


class Buttons:
    def __init__(self, pins, profile, long_ms=LONG_MS, debounce_ms=30, repeat_ms=REPEAT_MS):
        """pins: {button name: object with value()}; profile: {(name,
        'short'|'long'|'more'): intent}."""
        self.pins = pins
        self.profile = profile
        self.long_ms = long_ms
        self.debounce_ms = debounce_ms
        self.names = list(pins)
        n = len(self.names)
        self.stable = [False] * n     # debounced state: pressed?
        self.changed = [0] * n        # when the raw state last changed
        self.raw = [False] * n
        self.down_at = [0] * n
        self.fired = [False] * n      # the long press of this hold was given
        self.reps = [0] * n           # the repeats given since
        self.repeat_ms = repeat_ms
        self.more = [(name, "more") in profile for name in self.names]   # the button repeats
        self.queue = []
        self.times = []               # when each intent in the queue was given (ms)
        self.at = None                # when the intent get() returned was given
        self.flag = None              # set by the interrupts (listen())
        self._ring = None
        self.chord = ("both", "short") in profile
        self.chord_long = ("both", "long") in profile
        self.chorded = False          # a chord was made: nothing more until every button is up
        self.chord_at = None          # when a chord with a long press to come began (None: given)

    def _emit(self, name, kind, t):
        intent = self.profile.get((name, kind))
        if intent is not None and len(self.queue) < QUEUE:
            self.queue.append(intent)
            self.times.append(t)

    # ------------------------------------------------------------ the levels over time

    def _due(self, i):
        """When button i's next change of state falls due, or None (the
        first button's also the long press of a chord)."""
        if i == 0 and self.chord_at is not None:
            return self.chord_at + self.long_ms
        if self.raw[i] and not self.stable[i]:
            return self.changed[i] + self.debounce_ms      # the press counts
        if self.stable[i]:
            if not self.fired[i]:
                return self.down_at[i] + self.long_ms      # the long press
            if self.more[i] and not self.chorded:
                return self.down_at[i] + self.long_ms + (self.reps[i] + 1) * self.repeat_ms   # a repeat
        return None

    def _advance(self, now):
        """Let time pass up to `now` with no new edge: the changes that fall
        due meanwhile happen, earliest first."""
        while True:
            first = -1
            when = 0
            for i in range(len(self.names)):
                d = self._due(i)
                if d is not None and ticks_diff(now, d) >= 0 and (first < 0 or ticks_diff(d, when) < 0):
                    first = i
                    when = d
            if first < 0:
                return
            i = first
            if i == 0 and self.chord_at is not None:
                self.chord_at = None            # both held on: the chord's long press
                self._emit("both", "long", when)
                continue
            if not self.stable[i]:
                self.stable[i] = True
                self.down_at[i] = self.changed[i]
                self.fired[i] = False
                self.reps[i] = 0
                if self.chorded:
                    self.fired[i] = True      # pressed again within the chord: nothing
                elif self.chord:
                    self._pair(i, when)
            elif not self.fired[i]:
                self.fired[i] = True
                self._emit(self.names[i], "long", when)
            else:
                self.reps[i] += 1
                self._emit(self.names[i], "more", when)

    def _pair(self, i, when):
        """Button i has just counted as pressed: with another button held
        whose long press has not come, the two are a chord."""
        for j in range(len(self.names)):
            if j != i and self.stable[j] and not self.fired[j]:
                # both taken: no short or long press of their own
                self.fired[i] = True
                self.fired[j] = True
                self.chorded = True
                if self.chord_long:
                    self.chord_at = when        # short at a release, long if held on
                else:
                    self._emit("both", "short", when)
                return

    def _sample(self, i, pressed, t):
        """Button i reads `pressed` at time t."""
        self._advance(t)
        if pressed == self.raw[i]:
            return
        self.raw[i] = pressed
        self.changed[i] = t
        if not pressed and self.stable[i]:
            self.stable[i] = False
            if not self.fired[i]:
                self._emit(self.names[i], "short", t)
            if self.chord_at is not None:
                self.chord_at = None            # let go before the chord's long press
                self._emit("both", "short", t)
            if self.chorded and True not in self.stable:
                self.chorded = False

    def poll(self, now=None):
        """Sample every pin now (where there are no interrupts)."""
        if now is None:
            now = ticks_ms()
        for i in range(len(self.names)):
            self._sample(i, not self.pins[self.names[i]].value(), now)
        self._advance(now)

    # ------------------------------------------------------------ interrupts

    def listen(self, trigger):
        """Note every edge of every pin from its interrupt: pins need
        irq(handler, trigger, hard=True) (machine.Pin); trigger is
        Pin.IRQ_FALLING | Pin.IRQ_RISING.  Where asyncio cannot be woken
        from an interrupt (CPython), the pins stay polled."""
        from array import array
        import asyncio
        make = getattr(asyncio, "ThreadSafeFlag", None)
        if make is None:
            return
        self.flag = make()
        # the ring: times, levels (button << 1 | pressed), and
        # [next to write, next to read, overflowed]
        self._ring = (array("i", [0] * EDGES), bytearray(EDGES), array("i", [0, 0, 0]))
        for i in range(len(self.names)):
            self.pins[self.names[i]].irq(self._handler(i), trigger, hard=True)

    def _handler(self, i):
        return _Edge(self._ring, self.flag, self.pins[self.names[i]], i).edge

    def _drain(self):
        """Turn the edges the interrupts noted into presses."""
        ring = self._ring
        if ring is None:
            return
        times, levels, at = ring
        while at[1] != at[0]:
            k = at[1]
            self._sample(levels[k] >> 1, bool(levels[k] & 1), times[k])
            at[1] = k + 1 if k + 1 < EDGES else 0
        if at[2]:
            # the ring was full: the levels now are all that is known
            at[2] = 0
            self.poll()
        self._advance(ticks_ms())

    async def wait(self):
        """Until a button may have given an intent: an edge, or the time a
        held button's state falls due (polled buttons: 10 ms)."""
        import asyncio
        if self.flag is None:
            await asyncio.sleep_ms(10)
            self.poll()
            return
        due = None
        for i in range(len(self.names)):
            d = self._due(i)
            if d is not None and (due is None or ticks_diff(d, due) < 0):
                due = d
        if due is None:
            await self.flag.wait()
        else:
            ms = ticks_diff(due, ticks_ms())
            if ms > 0:
                try:
                    await asyncio.wait_for_ms(self.flag.wait(), ms)
                except asyncio.TimeoutError:
                    pass
        self._drain()

    def get(self):
        """The oldest intent not yet taken, or None; self.at: when it was
        given (ticks_ms: a short press's release, the moment a long one
        counts)."""
        if self._ring is not None:
            self._drain()
        if self.queue:
            self.at = self.times.pop(0)
            return self.queue.pop(0)
        self.at = None
        return None


class _Edge:
    """One pin's interrupt handler, a bound method: a hard interrupt may not
    allocate, and calling a bound method does not (a closure over more than
    a few names would)."""

    def __init__(self, ring, flag, pin, i):
        self.times, self.levels, self.at = ring
        self.flag = flag
        self.pin = pin
        self.me = i << 1

    def edge(self, _):
        at = self.at
        k = at[0]
        nxt = k + 1 if k + 1 < EDGES else 0
        if nxt == at[1]:
            at[2] = 1
        else:
            self.times[k] = ticks_ms()
            self.levels[k] = self.me | (0 if self.pin.value() else 1)
            at[0] = nxt
        self.flag.set()
