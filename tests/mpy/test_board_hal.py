# The board adapters with fake hardware: the ST7789 driver's bands, palette
# and byte order, the single RGB LED, the virtual board's keys and frame
# file, the crash code.  Portable: CPython and the MicroPython unix port.
import binascii
import os

try:
    import framebuf
except ImportError:  # CPython: the stand-in
    import sys
    sys.path.insert(0, os.getcwd() + "/host_sim/fakes")
    import framebuf

from firmware.core.font import Font
from firmware.hal.canvas import Canvas
from firmware.hal.rgbled import RgbLed, TurnPixels
from firmware.hal.st7789 import ST7789
from firmware.hal.virtual import Crash, FileDisplay, KeyButtons, Quit
from firmware.screenkit.nav import FOUR_BUTTONS


class Pin:
    def __init__(self, log, name):
        self.log = log
        self.name = name

    def value(self, v):
        self.log.append((self.name, v))


class Spi:
    def __init__(self, log):
        self.log = log

    def write(self, b):
        self.log.append(("spi", bytes(b)))


def panel(w, h, rows, offset=(40, 53), woken=True):
    """A panel on a logged bus; woken: as after its first frame."""
    log = []
    lcd = ST7789(Spi(log), w, h, dc=Pin(log, "dc"), cs=Pin(log, "cs"), rst=Pin(log, "rst"),
                 backlight=Pin(log, "bl"), madctl=0x60, offset=offset, band_rows=rows, delay=lambda ms: None)
    if woken:
        lcd.on()
    return lcd, log


def commands(log):
    """[(command byte, data bytes)] from the SPI log, split on dc."""
    out = []
    dc = None
    for e in log:
        if e[0] == "dc":
            dc = e[1]
        elif e[0] == "spi":
            if dc == 0:
                out.append([e[1][0], b""])
            else:
                out[-1][1] += e[1]
    return out


def test_st7789_init_turns_the_panel_on_in_rgb565():
    """The init resets the panel; the first frame wakes it (sleep out,
    RGB565, display and backlight on) before its pixels, once."""
    lcd, log = panel(240, 135, 15, woken=False)
    assert [c for c, _ in commands(log)] == [0x01]
    assert ("bl", 1) not in log
    buf = bytearray(120 * 135)
    lcd.show(buf, PALETTE)
    cmds = [c for c, _ in commands(log)]
    assert cmds[:2] == [0x01, 0x11]
    assert cmds.index(0x29) < cmds.index(0x2C)
    data = dict((c, d) for c, d in commands(log))
    assert data[0x3A] == b"\x55" and data[0x36] == b"\x60"
    assert ("bl", 1) in log
    del log[:]
    lcd.show(buf, PALETTE)
    assert [c for c, _ in commands(log)] == [0x2A, 0x2B, 0x2C]
    assert len(lcd.band) == 240 * 15 * 2 < 8 * 1024


PALETTE = (0x0000, 0xEF5D, 0x6B6D, 0x3A31, 0xFFFF, 0x7A20, 0xFF34, 0x2B7F, 0xFC60, 0x2E47, 0xCCCC,
           0x1234, 0xF81F, 0x07E0, 0x001F, 0xA5A5)


def test_st7789_sends_the_frame_in_bands_through_the_palette_high_byte_first():
    for w, h, rows in ((240, 135, 15), (24, 13, 4), (7, 5, 5), (5, 3, 8)):
        lcd, log = panel(w, h, rows)
        buf = bytearray(((w + 1) // 2) * h)
        fb = framebuf.FrameBuffer(buf, w, h, framebuf.GS4_HMSB)
        for y in range(h):
            for x in range(w):
                fb.pixel(x, y, (x * 7 + y * 3) & 15)
        fb.fill_rect(1, 1, 3, 2, 12)
        for pal in (PALETTE, PALETTE[:11]):
            del log[:]
            lcd.show(buf, pal)
            cmds = commands(log)
            assert [c for c, _ in cmds] == [0x2A, 0x2B, 0x2C]
            assert cmds[0][1] == bytes((0, 40, (40 + w - 1) >> 8, (40 + w - 1) & 255))
            assert cmds[1][1] == bytes((0, 53, 0, 53 + h - 1))
            sent = cmds[2][1]
            want = bytearray()
            for y in range(h):
                for x in range(w):
                    i = fb.pixel(x, y)
                    c = pal[i] if i < len(pal) else 0
                    want.append(c >> 8)
                    want.append(c & 255)
            assert sent == bytes(want), (w, h, rows)
            writes = [e for e in log if e[0] == "spi"][5:]   # after CASET, RASET (with data), RAMWR
            assert len(writes) == (h + rows - 1) // rows
        assert fb.pixel(2, 1) == 12 and fb.pixel(0, 0) == 0   # the canvas's frame is untouched


def test_st7789_turns_indices_into_colours_in_native_code_on_micropython():
    """On MicroPython (the unix port compiles the viper from source; a
    board loads it compiled for its chip) the bands are made by
    firmware/hal/gs4, whose bytes the test above checks; on CPython, or
    a width that is not whole words of frame bytes, by framebuf's blit."""
    import sys
    micropython = sys.implementation.name == "micropython"
    assert panel(240, 135, 15)[0].native == micropython
    assert panel(24, 13, 4)[0].native == micropython
    assert not panel(7, 5, 5)[0].native and not panel(20, 5, 5)[0].native
    if not micropython:
        return
    from firmware.hal import gs4
    pal = bytearray(32)
    for i in range(16):
        pal[2 * i] = PALETTE[i] >> 8
        pal[2 * i + 1] = PALETTE[i] & 255
    lut = bytearray(1024)
    gs4.table(pal, lut)
    frame = bytearray(range(256)) + bytearray(range(255, -1, -1))
    # any start and length: a word at a time where both are whole words
    for start in (0, 1, 2, 3, 4, 120, 301):
        for n in (1, 4, 7, 8, 120):
            band = bytearray(4 * n + 8)
            gs4.expand(frame, start, n, band, lut)
            want = bytearray()
            for b in frame[start:start + n]:
                for i in (b >> 4, b & 15):
                    want.append(PALETTE[i] >> 8)
                    want.append(PALETTE[i] & 255)
            assert band[:4 * n] == want, (start, n)
            assert band[4 * n:] == bytearray(8)      # nothing past the n bytes' pixels


def test_st7789_behind_a_colour_canvas():
    font = Font("assets/fonts/large.fnt")
    lcd, log = panel(240, 135, 15)
    cv = Canvas(240, 135, True, font, lcd, palette=(0x0000, 0xF800, 0x07E0))
    assert len(cv.buf) == 240 * 135 // 2
    cv.fill(0)
    cv.rect(0, 20, 240, 10, 2, True)
    cv.text(0, 0, "Inca", 1)
    del log[:]
    cv.show()
    sent = commands(log)[2][1]
    assert len(sent) == 240 * 135 * 2
    red = wrong = green = 0
    for i in range(0, len(sent), 2):
        if sent[i] == 0xF8 and sent[i + 1] == 0:
            red += 1
        elif sent[i] == 0 and sent[i + 1] == 0xF8:
            wrong += 1
        elif sent[i] == 0x07 and sent[i + 1] == 0xE0:
            green += 1
    assert red > 10 and wrong == 0 and green == 2400   # high byte first
    # a new palette (the same tuple object or another) is taken at once
    cv.set_palette((0x0000, 0x001F, 0x07E0))
    del log[:]
    cv.show()
    sent = commands(log)[2][1]
    assert sent.count(b"\x00\x1f") > 10 and sent.count(b"\xf8\x00") == 0


def test_a_colour_canvas_without_its_palette_says_so():
    lcd, log = panel(24, 13, 4)
    cv = Canvas(24, 13, True, Font("assets/fonts/large.fnt"), lcd)
    try:
        cv.show()
    except ValueError as e:
        assert "palette" in str(e)
    else:
        raise AssertionError("no error")


class Pwm:
    def __init__(self):
        self.d = None

    def duty_u16(self, d):
        self.d = d


def test_rgb_led_shows_the_player_whose_turn_it_is():
    pwms = [Pwm(), Pwm(), Pwm()]
    px = TurnPixels(RgbLed(pwms, active_low=True))
    px.brightness = 5
    px.players(["blue", "orange", "green"], "orange")
    r, g, b = [65535 - p.d for p in pwms]
    assert r > g > b == 0
    px.players(["blue", "orange", "green"], None)
    assert [p.d for p in pwms] == [65535, 65535, 65535]   # dark (active low)
    px.animate("pizarro")
    while px.step():
        pass
    assert [p.d for p in pwms] == [65535, 65535, 65535]
    lit = RgbLed([Pwm(), Pwm(), Pwm()], active_low=False)
    lit[0] = (255, 0, 0)
    lit.write()
    assert [p.d for p in lit.pwms] == [65535, 0, 0]


def test_virtual_keys_short_long_quit_and_crash():
    typed = list("kjoOBxq!")

    def read():
        return typed.pop(0) if typed else ""

    b = KeyButtons({"up": "k", "down": "j", "ok": "o", "back": "b"}, FOUR_BUTTONS, read=read,
                   quit_key="q", crash_key="!")
    b.poll()
    got = [b.get() for _ in range(5)]
    assert got == ["up", "down", "ok", "home", "undo"]
    for exc in (Quit, Crash):
        try:
            b.get()
        except exc:
            pass
        else:
            raise AssertionError("no %s" % exc.__name__)
    assert b.get() is None


class Out:
    def __init__(self):
        self.text = ""

    def write(self, s):
        self.text += s


def test_virtual_display_writes_the_frame_and_a_line():
    # a file of its own: runs of the suite side by side never share it
    for d in ("out", "out/tests"):
        try:
            os.mkdir(d)
        except OSError:
            pass
    path = "out/tests/board-hal-frame-%s.bin" % binascii.hexlify(os.urandom(4)).decode()
    out = Out()
    d = FileDisplay(path, out)
    try:
        d.show(bytearray(b"\x01\x02\x03"))
        d.show(bytearray(b"\x04\x05"))
        with open(path, "rb") as f:
            assert f.read() == b"\x04\x05"
        assert out.text == "frame 1 null\nframe 2 null\n"
    finally:
        os.remove(path)


def test_crash_code_is_short_and_stable():
    from firmware.main import crash_code
    a = crash_code(ValueError("bad"))
    assert len(a) == 5 and a[0] == "E"
    assert a == crash_code(ValueError("bad"))
    assert a != crash_code(KeyError("bad"))
