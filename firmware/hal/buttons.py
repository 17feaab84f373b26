# Debounced buttons with long press, polled from an asyncio task so that
# input is read while the screen is being drawn.  Pins read 0 when pressed
# (pull-up wiring).  Each release before long_ms gives a short press; holding
# for long_ms gives one long press (and nothing on release).
try:
    from time import ticks_ms, ticks_diff  # pyright: ignore[reportAssignmentType]
except ImportError:  # CPython (the simulator)
    import time

    def ticks_ms():
        return int(time.monotonic() * 1000)  # pyright: ignore[reportAttributeAccessIssue]

    def ticks_diff(a, b):
        return a - b

QUEUE = 8


class Buttons:
    def __init__(self, pins, profile, long_ms=600, debounce_ms=30):
        """pins: {button name: object with value()}; profile: {(name,
        'short'|'long'): intent}."""
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
        self.queue = []

    def _emit(self, name, kind):
        intent = self.profile.get((name, kind))
        if intent is not None and len(self.queue) < QUEUE:
            self.queue.append(intent)

    def poll(self, now=None):
        if now is None:
            now = ticks_ms()
        for i in range(len(self.names)):
            pressed = not self.pins[self.names[i]].value()
            if pressed != self.raw[i]:
                self.raw[i] = pressed
                self.changed[i] = now
            if pressed != self.stable[i] and ticks_diff(now, self.changed[i]) >= self.debounce_ms:
                self.stable[i] = pressed
                if pressed:
                    self.down_at[i] = now
                    self.fired[i] = False
                elif not self.fired[i]:
                    self._emit(self.names[i], "short")
            if self.stable[i] and not self.fired[i] and ticks_diff(now, self.down_at[i]) >= self.long_ms:
                self.fired[i] = True
                self._emit(self.names[i], "long")

    def get(self):
        """The oldest intent not yet taken, or None."""
        if self.queue:
            return self.queue.pop(0)
        return None

    async def run(self, every_ms=10):
        import asyncio
        while True:
            self.poll()
            await asyncio.sleep_ms(every_ms)
