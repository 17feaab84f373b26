# Buttons from CircuitPython's keypad module (keypad.Keys, KeyMatrix or
# ShiftRegisterKeys, which scan and debounce in the background): each key
# event is a button's edge at its time, as the interrupts give them on a
# MicroPython board, and firmware.hal.buttons.Buttons turns them into
# short and long presses; a pressed state per key is kept too, read
# through pin-like objects.
import sys

from firmware.hal.buttons import LONG_MS, Buttons

# the events' timestamps are the buttons' clock (supervisor.ticks_ms) on
# CircuitPython; elsewhere (Blinka) the events are taken at the poll's time
_STAMPED = sys.implementation.name == "circuitpython"


class _KeyPin:
    def __init__(self, state, n):
        self.state = state
        self.n = n

    def value(self):
        return 0 if self.state.get(self.n) else 1   # like a pulled-up pin


class KeypadButtons(Buttons):
    def __init__(self, keys, numbers, profile, long_ms=LONG_MS):
        """keys: a keypad scanner (with .events); numbers: {button name:
        key number}; profile: {(name, 'short'|'long'): intent}."""
        self.keys = keys
        self.state = {}
        pins = {}
        for name in numbers:
            pins[name] = _KeyPin(self.state, numbers[name])
        Buttons.__init__(self, pins, profile, long_ms=long_ms, debounce_ms=0)
        self.index = {}         # key number: the button's index in self.names
        for i in range(len(self.names)):
            self.index[numbers[self.names[i]]] = i

    def poll(self, now=None):
        # each event at the time the scanner saw it (CircuitPython's
        # Event.timestamp, supervisor.ticks_ms as the buttons' clock): a
        # press made and let go while the device was busy drawing is a
        # press, not two states of a key that cancel out
        stamped = now is None and _STAMPED
        ev = self.keys.events.get()
        while ev is not None:
            n = ev.key_number
            self.state[n] = ev.pressed
            i = self.index.get(n)
            if stamped and i is not None:
                self._sample(i, ev.pressed, ev.timestamp)
            ev = self.keys.events.get()
        Buttons.poll(self, now)
