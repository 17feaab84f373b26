"""The CircuitPython board's hardware on CPython through Adafruit Blinka:
the canvases drawn by displayio's Bitmap and bitmaptools (the same pixels
as the framebuf Canvas; the SSD1306's, without displayio, on a model of
the panel), the keypad buttons and the NeoPixels of the pybadge
profile."""
import os
import shutil
import struct
import sys

import pytest

os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")   # Blinka without a real board

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FAKES = os.path.join(ROOT, "host_sim", "fakes")
# Blinka's board, displayio, keypad and neopixel, not the MicroPython
# stand-ins of host_sim/fakes (whose framebuf is used: Blinka has none)
_path = sys.path[:]
sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != FAKES]
for _name in ("neopixel", "machine"):
    if getattr(sys.modules.get(_name), "__file__", "").startswith(FAKES):
        del sys.modules[_name]
import bitmaptools  # noqa: E402
import board  # noqa: E402
import displayio  # noqa: E402
import keypad  # noqa: E402
import neopixel  # noqa: E402
sys.path[:] = _path + [FAKES]
assert "site-packages" in neopixel.__file__, neopixel.__file__

from firmware.core.font import Font  # noqa: E402
from firmware.hal import cp_board  # noqa: E402
from firmware.hal.canvas import Canvas  # noqa: E402
from firmware.hal.displayio_canvas import DisplayioCanvas, Ssd1306Canvas  # noqa: E402
from firmware.screenkit.layout import Layout  # noqa: E402

FONT = Font(os.path.join(ROOT, "assets", "fonts", "small.fnt"))


class Profile:
    def __init__(self, name):
        d = {}
        with open(os.path.join(ROOT, "boards", name + ".py")) as f:
            exec(f.read(), d)
        self.__dict__.update(d)


PYBADGE = Profile("pybadge")


LAY = Layout(160, 128, FONT, True)


def draw(cv):
    lay = LAY
    cv.fill(lay.bg)
    cv.rect(0, 0, cv.width, lay.lh, lay.title_bg, True)
    cv.text(1, 0, "Sapa Inca «Ёлка» ñ", lay.title_fg)
    cv.rect(3, 20, 50, 30, lay.player["green"])
    cv.line(0, 127, 159, 60, lay.player["orange"])
    cv.hline(5, 100, 100, lay.player["blue"])
    cv.rect(60, 40, 30, 12, lay.sel_bg, True)
    cv.text(61, 41, "ok", lay.sel_fg)
    cv.icon(150, 110, (0x81, 0x42, 0x3C, 0xFF), lay.fg)


def same_pixels(cv, ref):
    """cv's Bitmap holds, pixel for pixel, the indices of the framebuf Canvas ref."""
    bm = cv.bitmap
    for y in range(ref.height):
        for x in range(ref.width):
            assert bm[x, y] == ref.fb.pixel(x, y), (x, y)


def ref_canvas():
    ref = Canvas(160, 128, True, FONT, palette=LAY.palette)
    draw(ref)
    return ref


def rgb888(c):
    r, g, b = (c >> 11) & 31, (c >> 5) & 63, c & 31
    return ((r << 3 | r >> 2) << 16) | ((g << 2 | g >> 4) << 8) | (b << 3 | b >> 2)


class Words:
    """The bytes of a Blinka Bitmap as CircuitPython 10 lends them: each row
    a whole number of 32-bit words, its pixels in bytes, the first in the
    top bit (Blinka holds a row's words as ints, the first pixel in the top
    bit of the first)."""

    def __init__(self, bm):
        self.bm = bm

    def __len__(self):
        return len(self.bm._data) * 4

    def __getitem__(self, i):
        return struct.pack(">%dI" % len(self.bm._data), *self.bm._data)[i]


ARGS = {0x81: 1, 0x20: 1, 0x21: 2, 0x22: 2, 0xA8: 1, 0xD3: 1, 0xDA: 1, 0xD5: 1, 0xD9: 1, 0xDB: 1, 0x8D: 1}


class Oled:
    """An SSD1306 on I2C as its datasheet has it (as vpico/ssd1306.js):
    commands and data from the writes, its RAM, and the picture it shows,
    the screen's row y driven by COM (63 - y)."""

    def __init__(self):
        self.ram = bytearray(1024)
        self.locked = False
        self.mode = 2
        self.col = self.page = self.start = self.offset = 0
        self.cols, self.pages = (0, 127), (0, 7)
        self.remap = self.reverse = self.on = False
        self.mux = 64

    def try_lock(self):
        self.locked = True
        return True

    def writeto(self, addr, buf, *, start=0, end=None):
        assert self.locked and addr == 0x3C
        b = bytes(buf[start:end])
        if b[0] == 0x40:
            for v in b[1:]:
                self.data(v)
            return
        assert b[0] == 0x00, b
        k = 1
        while k < len(b):
            op = b[k]
            a = b[k + 1:k + 1 + ARGS.get(op, 0)]
            k += 1 + len(a)
            if op in (0xAE, 0xAF):
                self.on = op == 0xAF
            elif 0x40 <= op <= 0x7F:
                self.start = op & 63
            elif op in (0xA0, 0xA1):
                self.remap = op == 0xA1
            elif op in (0xC0, 0xC8):
                self.reverse = op == 0xC8
            elif op == 0xD3:
                self.offset = a[0] & 63
            elif op == 0xA8:
                self.mux = (a[0] & 63) + 1
            elif op == 0x20:
                self.mode = a[0] & 3
            elif op == 0x21:
                self.cols = (a[0], a[1])
                self.col = a[0]
            elif op == 0x22:
                self.pages = (a[0], a[1])
                self.page = a[0]

    def data(self, v):
        assert self.mode == 0       # horizontal addressing
        self.ram[self.page * 128 + self.col] = v
        if self.col >= self.cols[1]:
            self.col = self.cols[0]
            self.page = self.pages[0] if self.page >= self.pages[1] else self.page + 1
        else:
            self.col += 1

    def pixel(self, x, y):
        assert self.on
        com = 63 - y
        k = self.mux - 1 - com if self.reverse else com
        row = (k + self.start + self.offset) & 63
        col = x if self.remap else 127 - x
        return (self.ram[(row >> 3) * 128 + col] >> (row & 7)) & 1


class Display:
    def __init__(self):
        self.root_group = None
        self.auto_refresh = True
        self.refreshes = 0

    def refresh(self):
        self.refreshes += 1


@pytest.fixture(autouse=True)
def as_circuitpython_checks(monkeypatch):
    """bitmaptools as CircuitPython's C checks it (Blinka's does not):
    blit's corner inside the target, its source region inside the source,
    a source of no more bits a value than the target.  Each call counted."""
    calls = {"blit": 0, "fill_region": 0, "readinto": 0}
    blit, fill_region, readinto = bitmaptools.blit, bitmaptools.fill_region, bitmaptools.readinto

    def checked_blit(dest, source, x, y, *, x1=0, y1=0, x2=None, y2=None, skip_source_index=None):
        x2 = source.width if x2 is None else x2
        y2 = source.height if y2 is None else y2
        assert 0 <= x <= dest.width and 0 <= y <= dest.height, "out of range of target"
        assert 0 <= x1 <= x2 <= source.width and 0 <= y1 <= y2 <= source.height, "out of range of source"
        assert dest._bits_per_value >= source._bits_per_value, "source palette too large"
        calls["blit"] += 1
        blit(dest, source, x, y, x1=x1, y1=y1, x2=x2, y2=y2, skip_source_index=skip_source_index)

    def checked_fill(dest, x1, y1, x2, y2, value):
        calls["fill_region"] += 1
        fill_region(dest, x1, y1, x2, y2, value)

    def counted_readinto(*a, **k):
        calls["readinto"] += 1
        readinto(*a, **k)
    monkeypatch.setattr(bitmaptools, "blit", checked_blit)
    monkeypatch.setattr(bitmaptools, "fill_region", checked_fill)
    monkeypatch.setattr(bitmaptools, "readinto", counted_readinto)
    return calls


def test_displayio_canvas_draws_like_the_canvas_and_shows_in_a_bitmap(as_circuitpython_checks):
    disp = Display()
    cv = DisplayioCanvas(160, 128, FONT, disp)
    cv.set_palette(LAY.palette)     # as firmware/main.py does
    assert (cv.width, cv.height, cv.colour) == (160, 128, True)
    assert disp.root_group is cv.group and disp.auto_refresh is False
    assert isinstance(cv.group[0], displayio.TileGrid) and cv.tilegrid.bitmap is cv.bitmap
    # 4 bits a pixel: the 16 colours a layout has
    assert cv.bitmap._bits_per_value == 4
    # the layout's palette, as displayio's RGB888: the same RGB565 on the panel
    assert cv.tilegrid.pixel_shader is cv.shader and isinstance(cv.shader, displayio.Palette)
    assert len(LAY.palette) <= 16 and cv.palette == LAY.palette
    for i in range(16):
        want = rgb888(LAY.palette[i]) if i < len(LAY.palette) else 0
        assert cv.shader[i] == want, i
    for i, c in enumerate(LAY.palette):   # an RGB565 panel truncates them back
        v = cv.shader[i]
        assert ((v >> 19) << 11) | (((v >> 10) & 63) << 5) | ((v & 255) >> 3) == c
    ref = ref_canvas()
    draw(cv)
    same_pixels(cv, ref)
    assert cv.text_width("Inca") == ref.text_width("Inca")
    cv.show()
    assert disp.refreshes == 1
    assert cv.bitmap[1, 1] == LAY.title_bg   # the title bar
    # a glyph a blit, the atlases read once (the font's glyphs and their
    # inverse, 16 columns of them, each by one readinto), one more atlas a
    # colour other than 0 and 1
    glyphs = len("Sapa Inca «Ёлка» ñ") + len("ok")
    assert as_circuitpython_checks["readinto"] == 2 * 16
    assert sorted(cv.atlas) == sorted({0, 1, LAY.title_fg, LAY.sel_fg}) and 1 < LAY.title_fg != LAY.sel_fg > 1
    assert as_circuitpython_checks["blit"] == 2 * 16 + 2 + glyphs
    draw(cv)
    same_pixels(cv, ref)
    assert as_circuitpython_checks["readinto"] == 2 * 16
    assert as_circuitpython_checks["blit"] == 2 * 16 + 2 + 2 * glyphs


def oled_canvas(monkeypatch):
    """The SSD1306 driven directly (Ssd1306Canvas) on a model of it."""
    from firmware.hal import displayio_canvas
    monkeypatch.setattr(displayio_canvas, "memoryview", Words, raising=False)
    oled = Oled()
    return Ssd1306Canvas(128, 64, FONT, oled, 0x3C), oled


@pytest.mark.parametrize("kind", ["displayio", "ssd1306"])
def test_a_mono_canvas_is_the_framebufs_pixel_for_pixel_at_its_edges_too(kind, monkeypatch):
    """The SSD1306's 128x64 in a Bitmap of 1 bit a pixel (held transposed
    where the SSD1306 is driven directly: what the panel shows): text in 1,
    and in 0 on a lit bar, clipped at every edge; lines of every slope; a QR
    code's bit plane; an icon."""
    from firmware.core import qr
    if kind == "displayio":
        cv = DisplayioCanvas(128, 64, FONT, Display(), colour=False)
        assert cv.shader[0] == 0 and cv.shader[1] == 0xFFFFFF
        pixel = cv.bitmap.__getitem__
    else:
        cv, oled = oled_canvas(monkeypatch)
        assert (cv.bitmap.width, cv.bitmap.height) == (64, 128)

        def pixel(xy):
            return oled.pixel(*xy)
    ref = Canvas(128, 64, False, FONT)
    assert cv.bitmap._bits_per_value == 1 and cv.palette is None
    code = qr.encode(b"https://example.org/inca?p=3", qr.L, 1, 10, 0)
    for c in (cv, ref):
        c.fill(0)
        c.rect(0, 0, 128, 11, 1, True)
        c.text(-4, 0, "«Ёлка» ñ x", 0)          # dark on the lit bar, its start cut off
        c.text(100, -3, "Sapa Inca", 1)           # the top cut off and the right
        c.text(3, 58, "gyp", 1)                   # the bottom cut off
        c.text(200, 20, "out", 1)
        c.text(3, -20, "out", 1)
        c.rect(5, 15, 2, 9, 1)
        c.rect(10, 15, 20, 9, 1)
        c.rect(-3, 30, 8, 40, 1)
        c.rect(12, 15, 0, 9, 1, True)
        for x1, y1 in ((40, 12), (90, 63), (127, 40), (60, 20), (45, 63), (0, 0), (-10, 70)):
            c.line(60, 40, x1, y1, 1)
        c.hline(-5, 26, 200, 1)
        c.icon(120, 56, (0x81, 0x42, 0x3C, 0xFF, 0x18, 0x24, 0x42, 0x81, 0xFF), 1)
        c.bits(66, 12, code.bits, code.size, code.stride, 1, 1)
        c.rect(70, 45, 20, 12, 1, True)
        c.text(71, 46, "ok", 0)
    cv.show()
    for y in range(64):
        for x in range(128):
            assert pixel((x, y)) == ref.fb.pixel(x, y), (x, y)
    assert cv.move_rows(11, 4, 11, 1) is False


@pytest.mark.parametrize("kind", ["displayio", "ssd1306"])
def test_the_atlases_follow_the_fonts_part(kind, tmp_path, monkeypatch):
    """Font.use(lang) reads another part of the font (other glyphs at other
    places): the atlases are read again from it."""
    sys.path.insert(0, os.path.join(ROOT, "tools"))
    import fontsubset
    shutil.copy(os.path.join(ROOT, "assets", "fonts", "small.fnt"), tmp_path / "small.fnt")
    with open(tmp_path / "small.fnt", "rb") as f:
        blob = f.read()
    for lang, more in (("en", ""), ("ru", "Ёлка, ИнкаСп")):
        with open(tmp_path / ("small.%s.fnt" % lang), "wb") as f:
            f.write(fontsubset.subset(blob, set(map(chr, fontsubset.ASCII)) | set(more)))
    font = Font(str(tmp_path / "small.fnt"), lazy=True)
    font.use("en")
    if kind == "displayio":
        cv = DisplayioCanvas(128, 64, font, None, colour=False)

        def same_pixels(cv, ref):
            assert all(cv.bitmap[x, y] == ref.fb.pixel(x, y) for x in range(128) for y in range(64))
    else:
        cv, oled = oled_canvas(monkeypatch)
        cv.font = font

        def same_pixels(cv, ref):
            cv.show()
            assert all(oled.pixel(x, y) == ref.fb.pixel(x, y) for x in range(128) for y in range(64))
    ref = Canvas(128, 64, False, FONT)
    for c in (cv, ref):
        c.fill(0)
        c.text(0, 0, "Inca: 12", 1)
    same_pixels(cv, ref)
    en = cv.src
    font.use("ru")
    assert font.loaded.endswith("small.ru.fnt") and font.index(ord("Ё")) != FONT.index(ord("Ё"))
    for c in (cv, ref):
        c.text(0, 20, "Ёлка, Инка", 1)
        c.rect(0, 40, 128, 11, 1, True)
        c.text(2, 41, "Сапа Инка", 0)
    assert cv.src is not en
    same_pixels(cv, ref)


def test_a_palette_of_more_than_16_colours_is_refused_and_changes_nothing():
    cv = DisplayioCanvas(160, 128, FONT, None, palette=LAY.palette)
    shown = [cv.shader[i] for i in range(16)]
    with pytest.raises(ValueError, match="at most 16"):
        cv.set_palette(tuple(range(17)))
    assert cv.palette == LAY.palette and [cv.shader[i] for i in range(16)] == shown


class Scanner:
    """A keypad scanner whose events come from Blinka's EventQueue."""

    def __init__(self):
        self.events = keypad.EventQueue(16)

    def key(self, n, pressed):
        self.events.keypad_eventqueue_record(n, pressed)


def test_keypad_buttons_give_short_and_long_presses():
    from firmware.hal.keypad_buttons import KeypadButtons
    from firmware.screenkit.nav import PROFILES
    sc = Scanner()
    b = KeypadButtons(sc, PYBADGE.BUTTONS, PROFILES["four"])
    t = 0
    for n, ms in ((PYBADGE.BUTTONS["down"], 50), (PYBADGE.BUTTONS["ok"], 700), (PYBADGE.BUTTONS["back"], 50),
                  (PYBADGE.BUTTONS["back"], 800), (3, 50)):
        sc.key(n, True)
        b.poll(t)
        t += ms
        b.poll(t)
        sc.key(n, False)
        t += 10
        b.poll(t)
        t += 100
    got = []
    k = b.get()
    while k is not None:
        got.append(k)
        k = b.get()
    assert got == ["down", "home", "back", "undo"]


def test_pybadge_neopixels_build_with_blinka(monkeypatch):
    monkeypatch.setitem(sys.modules, "neopixel", neopixel)
    px = cp_board.pixels(PYBADGE, board)
    assert type(px.np).__module__ == "neopixel" and "site-packages" in sys.modules["neopixel"].__file__
    assert len(px.np) == 5 and px.n == 4
    px.brightness = 5
    px.players(["blue", "green", "brown"], "green")
    shown = [tuple(px.np[i]) for i in range(5)]
    assert shown[1] == (0, 0, 0) and shown[4] == (0, 0, 0)
    assert shown[2][1] > shown[0][2] > 0   # green bright, blue dim


def test_where_the_bitmap_lends_its_words_show_sends_the_bands_that_changed(monkeypatch):
    """CircuitPython's Bitmap is a buffer of words (Blinka's keeps them in
    _data): the screens draw into one Bitmap, the panel shows another, and
    show() copies into it the bands of 8 rows whose pixels changed, marked
    dirty for displayio; a frame drawn again the same sends nothing."""
    from firmware.hal import displayio_canvas
    monkeypatch.setattr(displayio_canvas, "memoryview", lambda b: memoryview(b._data), raising=False)
    disp = Display()
    cv = DisplayioCanvas(128, 64, FONT, disp, colour=False)
    assert cv.shown is not cv.bitmap and cv.tilegrid.bitmap is cv.shown
    ref = Canvas(128, 64, False, FONT)
    for c in (cv, ref):
        c.fill(0)
        c.rect(0, 0, 128, 11, 1, True)
        c.text(1, 0, "Inca", 0)
        c.text(1, 30, "Sapa Inca", 1)
    cv.show()
    assert disp.refreshes == 1
    for y in range(64):
        for x in range(128):
            assert cv.shown[x, y] == ref.fb.pixel(x, y), (x, y)
    cv.shown._finish_refresh()           # as displayio does after a refresh
    cv.fill(0)
    cv.rect(0, 0, 128, 11, 1, True)
    cv.text(1, 0, "Inca", 0)
    cv.text(1, 30, "Sapa Inca", 1)
    cv.show()
    assert disp.refreshes == 1          # the same pixels: nothing sent
    cv.text(1, 30, "Sapa Inca", 0)      # rows 30..39: bands 3 and 4
    cv.show()
    assert disp.refreshes == 2
    a = cv.shown._dirty_area
    assert (a.x1, a.y1, a.x2, a.y2) == (0, 24, 128, 40)
    assert all(cv.shown[x, y] == 0 for x in range(128) for y in range(11, 64))


def test_the_ssd1306_is_sent_the_pages_that_changed_in_one_transfer(monkeypatch):
    cv, oled = oled_canvas(monkeypatch)
    sent = []
    write = oled.writeto

    def writeto(addr, buf, *, start=0, end=None):
        sent.append(bytes(buf[start:end]))
        write(addr, buf, start=start, end=end)
    oled.writeto = writeto
    cv.fill(0)
    cv.text(0, 0, "Inca", 1)
    cv.show()
    # the window, then the whole frame
    assert sent == [bytes((0x00, 0x21, 0, 127, 0x22, 0, 7)), sent[1]] and len(sent[1]) == 1 + 1024
    assert sent[1][0] == 0x40
    sent.clear()
    cv.fill(0)
    cv.text(0, 0, "Inca", 1)
    cv.show()
    assert sent == []                                   # the same pixels: nothing
    cv.rect(40, 50, 4, 4, 1, True)                      # rows 50..53: page 6
    cv.text(100, 20, "ab", 1)                           # rows 20..29: pages 2, 3
    cv.show()
    assert sent[0] == bytes((0x00, 0x21, 0, 127, 0x22, 2, 6)) and len(sent[1]) == 1 + 5 * 128
    sent.clear()
    cv.show()
    assert sent == []                                   # nothing drawn since
    ref = Canvas(128, 64, False, FONT)
    ref.fill(0)
    ref.text(0, 0, "Inca", 1)
    ref.rect(40, 50, 4, 4, 1, True)
    ref.text(100, 20, "ab", 1)
    assert all(oled.pixel(x, y) == ref.fb.pixel(x, y) for x in range(128) for y in range(64))
    assert bytes(cv.out[1:]) == bytes(ref.buf) == bytes(oled.ram)   # the panel's RAM, MicroPython's frame
