# Buttons from CircuitPython's keypad module (keypad.Keys, KeyMatrix or
# ShiftRegisterKeys, which scan and debounce in the background): the key
# events keep a pressed state per key, read through pin-like objects by
# firmware.hal.buttons.Buttons, which gives short and long presses.
from firmware.hal.buttons import LONG_MS, Buttons


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

    def poll(self, now=None):
        ev = self.keys.events.get()
        while ev is not None:
            self.state[ev.key_number] = ev.pressed
            ev = self.keys.events.get()
        Buttons.poll(self, now)
