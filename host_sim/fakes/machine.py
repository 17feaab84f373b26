"""A CPython stand-in for the parts of MicroPython's `machine` module the
board setup uses (firmware/hal/board.py): Pin, SPI, I2C, PWM and reset.
Every object records what was done to it, so tests can check the wiring
and press buttons (Pin.press / Pin.release)."""


class Pin:
    IN = 0
    OUT = 1
    OPEN_DRAIN = 2
    PULL_UP = 1
    PULL_DOWN = 2
    IRQ_FALLING = 4
    IRQ_RISING = 8
    made = {}   # pin number -> the last Pin made on it

    def __init__(self, id, mode=-1, pull=-1, *, value=None):
        self.id = id
        self.mode = mode
        self.pull = pull
        self.writes = []
        self.v = 1 if pull == Pin.PULL_UP else 0
        if value is not None:
            self.v = int(bool(value))
            self.writes.append(self.v)
        Pin.made[id] = self

    def value(self, v=None):
        if v is None:
            return self.v
        self.v = int(bool(v))
        self.writes.append(self.v)
        return None

    def irq(self, handler=None, trigger=IRQ_FALLING | IRQ_RISING, hard=False):
        """The handler is kept (self.handler); nothing calls it by itself."""
        self.handler = handler
        self.trigger = trigger
        self.hard = hard

    def __call__(self, v=None):
        return self.value(v)

    def on(self):
        self.value(1)

    def off(self):
        self.value(0)

    def press(self):
        """A button to GND pressed (the pin reads 0)."""
        self.v = 0

    def release(self):
        self.v = 1


class SPI:
    def __init__(self, id, baudrate=1_000_000, *, polarity=0, phase=0, bits=8, firstbit=0, sck=None, mosi=None,
                 miso=None):
        self.id = id
        self.baudrate = baudrate
        self.polarity = polarity
        self.phase = phase
        self.sck = sck
        self.mosi = mosi
        self.written = bytearray()
        self.writes = 0

    def write(self, buf):
        self.written += bytes(buf)
        self.writes += 1


class I2C:
    def __init__(self, id, *, scl=None, sda=None, freq=400_000):
        self.id = id
        self.scl = scl
        self.sda = sda
        self.freq = freq
        self.sent = []   # (address, bytes)

    def writeto(self, addr, buf, stop=True):
        self.sent.append((addr, bytes(buf)))
        return len(buf)

    def writevto(self, addr, vector, stop=True):
        self.sent.append((addr, b"".join(bytes(b) for b in vector)))
        return 1

    def scan(self):
        return [0x3C]


class PWM:
    def __init__(self, pin, *, freq=None, duty_u16=None):
        self.pin = pin
        self.f = freq
        self.d = duty_u16

    def freq(self, f=None):
        if f is None:
            return self.f
        self.f = f
        return None

    def duty_u16(self, d=None):
        if d is None:
            return self.d
        self.d = d
        return None

    def deinit(self):
        pass


class ResetCalled(Exception):
    """machine.reset() on the stand-in: the board would restart here."""


def reset():
    raise ResetCalled()


def unique_id():
    return b"\x00\x01\x02\x03\x04\x05\x06\x07"
