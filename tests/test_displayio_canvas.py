"""The CircuitPython board's hardware on CPython through Adafruit Blinka:
the displayio canvas (the same drawing as the framebuf Canvas, handed to a
displayio Bitmap), the keypad buttons and the NeoPixels of the pybadge
profile."""
import os
import sys

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
import board  # noqa: E402
import displayio  # noqa: E402
import keypad  # noqa: E402
import neopixel  # noqa: E402
sys.path[:] = _path + [FAKES]
assert "site-packages" in neopixel.__file__, neopixel.__file__

from firmware.core.font import Font  # noqa: E402
from firmware.hal import cp_board  # noqa: E402
from firmware.hal.canvas import Canvas  # noqa: E402
from firmware.hal.displayio_canvas import DisplayioCanvas  # noqa: E402
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
    """cv holds, pixel for pixel, the indices of the framebuf Canvas ref."""
    for y in range(ref.height):
        for x in range(ref.width):
            assert cv.fb.pixel(x, y) == ref.fb.pixel(x, y), (x, y)


def ref_canvas():
    ref = Canvas(160, 128, True, FONT, palette=LAY.palette)
    draw(ref)
    return ref


def rgb888(c):
    r, g, b = (c >> 11) & 31, (c >> 5) & 63, c & 31
    return ((r << 3 | r >> 2) << 16) | ((g << 2 | g >> 4) << 8) | (b << 3 | b >> 2)


class Display:
    def __init__(self):
        self.root_group = None
        self.auto_refresh = True
        self.refreshes = 0

    def refresh(self):
        self.refreshes += 1


def test_displayio_canvas_draws_like_the_canvas_and_shows_in_a_bitmap():
    disp = Display()
    cv = DisplayioCanvas(160, 128, FONT, disp)
    cv.set_palette(LAY.palette)     # as firmware/main.py does
    assert (cv.width, cv.height, cv.colour) == (160, 128, True)
    assert not cv.direct            # Blinka's Bitmap lends no buffer: a copy
    assert disp.root_group is cv.group and disp.auto_refresh is False
    assert isinstance(cv.group[0], displayio.TileGrid) and cv.tilegrid.bitmap is cv.bitmap
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
    for y in range(128):
        for x in range(160):
            assert cv.bitmap[x, y] == ref.fb.pixel(x, y), (x, y)
    assert cv.bitmap[1, 1] == LAY.title_bg   # the title bar


class LendingBitmap(bytearray, displayio.Bitmap):
    """A Bitmap as CircuitPython's: its pixels are a writable buffer."""

    def __init__(self, w, h):
        bytearray.__init__(self, w * h * 2)
        self._bmp_width = w
        self._bmp_height = h
        self.dirt = 0

    def dirty(self):
        self.dirt += 1


def test_displayio_canvas_draws_into_a_lending_bitmap():
    bm = LendingBitmap(160, 128)
    cv = DisplayioCanvas(160, 128, FONT, None, bitmap=bm, palette=LAY.palette)
    assert cv.direct and cv.buf is bm and cv.shader[LAY.fg] == rgb888(LAY.palette[LAY.fg])
    draw(cv)
    same_pixels(cv, ref_canvas())
    cv.show()
    assert bm.dirt == 1


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


def test_as_on_circuitpython_pure_python_framebuf_into_a_bitmap_of_16_bit_items(monkeypatch):
    """CircuitPython: framebuf is firmware/hal/framebuf_py.py, and the
    Bitmap lends its pixels as 16-bit items: the same screen as the
    framebuf Canvas, drawn straight into the Bitmap."""
    import array

    from firmware.core import font as font_module
    from firmware.hal import displayio_canvas, framebuf_py

    class WordBitmap(array.array, displayio.Bitmap):
        def __new__(cls, w, h):
            return array.array.__new__(cls, "H", bytes(w * h * 2))

        def __init__(self, w, h):
            self._bmp_width = w
            self._bmp_height = h
            self.dirt = 0

        def dirty(self):
            self.dirt += 1

    monkeypatch.setattr(font_module, "framebuf", framebuf_py)
    monkeypatch.setattr(displayio_canvas, "framebuf", framebuf_py)
    font = Font(os.path.join(ROOT, "assets", "fonts", "small.fnt"))
    bm = WordBitmap(160, 128)
    cv = DisplayioCanvas(160, 128, font, None, bitmap=bm)
    assert cv.direct and cv.fb.words
    monkeypatch.undo()
    draw(cv)
    ref = ref_canvas()
    for y in range(128):
        for x in range(160):
            assert bm[y * 160 + x] == ref.fb.pixel(x, y), (x, y)
    cv.show()
    assert bm.dirt == 1
