# firmware.hal.bands.BandCanvas: a colour screen with no whole frame in RAM,
# drawn and sent in bands of text lines, shows what the whole-frame Canvas
# shows after the same drawing, pixel for pixel, and sends only the lines
# that changed.  Portable: run by pytest on CPython and by tests/mpy/run.py
# under the MicroPython unix port.
import os

try:
    import framebuf  # noqa: F401
except ImportError:
    import sys
    sys.path.insert(0, os.getcwd() + "/host_sim/fakes")

from firmware.core.font import Font  # noqa: E402
from firmware.hal.bands import BandCanvas  # noqa: E402
from firmware.hal.canvas import Canvas  # noqa: E402

W, H = 60, 45           # not a whole number of lines (17 rows): a part-band at the bottom
PALETTE = tuple(range(16))
FONT = Font("assets/fonts/large.fnt")


class Panel:
    """The panel's memory as 4-bit indices, and the lines it was sent."""

    def __init__(self):
        self.stride = (W + 1) >> 1
        self.mem = bytearray(self.stride * H)
        self.rows = []

    def show_rows(self, buf, palette, lo, hi, top=0, end=0, more=False):
        s = self.stride
        self.mem[lo * s:hi * s] = buf[(lo - top) * s:(hi - top) * s]
        self.rows.append((lo, hi, more))


def pair(lines=1):
    panel = Panel()
    return Canvas(W, H, True, FONT, palette=PALETTE), BandCanvas(W, H, FONT, panel, PALETTE, lines), panel


def draw(cvs, step):
    for cv in cvs:
        step(cv)
        cv.show()


def same(whole, bands, panel):
    assert bytes(panel.mem) == bytes(whole.buf)


def test_every_kind_of_step_shows_as_on_a_whole_frame():
    for lines in (1, 2, 3):
        whole, bands, panel = pair(lines)
        cvs = (whole, bands)
        draw(cvs, lambda cv: cv.fill(3))
        same(whole, bands, panel)
        # across band boundaries (a line is 17 rows): text, outlines, lines, icons
        draw(cvs, lambda cv: cv.text(-3, 9, "Inca ñ", 5))
        draw(cvs, lambda cv: cv.rect(2, 14, 30, 25, 7))
        draw(cvs, lambda cv: cv.line(0, 44, 59, 0, 9))
        draw(cvs, lambda cv: cv.hline(10, 33, 40, 1))
        draw(cvs, lambda cv: cv.icon(50, 12, (0x81, 0x42, 0x3C, 0xFF, 0x18), 12))
        same(whole, bands, panel)
        # a bit plane (a QR code's), 2 pixels a bit, across bands and off the edge
        plane = bytes((0xA5, 0x3C, 0xFF, 0x81, 0x00, 0xF0, 0x0F, 0x99, 0x66, 0xC3, 0xE7, 0x18,
                       0x80, 0x01, 0x7E, 0x42, 0x24, 0x18))      # 9 bits a row: 2 bytes, 9 rows
        draw(cvs, lambda cv: cv.bits(1, 8, plane, 9, 2, 2, 11))
        draw(cvs, lambda cv: cv.bits(50, 30, plane, 9, 2, 3, 13))
        same(whole, bands, panel)
        # a row drawn again over what was there: an opaque rectangle first
        draw(cvs, lambda cv: (cv.rect(0, 17, W, 17, 4, True), cv.text(1, 17, "Sapa", 6)))
        same(whole, bands, panel)
        # text in the part-band at the bottom, clipped at the panel's edge
        draw(cvs, lambda cv: cv.text(40, 40, "Yu", 2))
        same(whole, bands, panel)
        # outlines of no width or height, or less: framebuf draws their
        # sides at x and x+w-1, y and y+h-1, outside (x, y, w, h)
        draw(cvs, lambda cv: (cv.rect(20, 2, -5, 10, 7), cv.rect(5, 17, 10, 0, 8), cv.rect(30, 20, 1, -3, 9)))
        same(whole, bands, panel)
        # an opaque rectangle over one side of such an outline leaves the other
        draw(cvs, lambda cv: cv.rect(18, 0, 5, 14, 1, True))
        same(whole, bands, panel)


def test_the_scene_holds_what_the_screen_shows_not_all_ever_drawn():
    whole, bands, panel = pair()
    bands.fill(0)
    for i in range(200):
        y = (i % 2) * 17
        bands.rect(0, y, W, 17, i % 16, True)
        bands.text(1, y, "%d" % i, 1)
        bands.show()
    # two rows of a rectangle and a text each, and the fill beneath them
    assert len(bands.scene) == 5, bands.scene
    whole.fill(0)
    for i in (198, 199):
        y = (i % 2) * 17
        whole.rect(0, y, W, 17, i % 16, True)
        whole.text(1, y, "%d" % i, 1)
    same(whole, bands, panel)
    # a rectangle that does not hide a step all over keeps it
    bands.rect(0, 20, W, 5, 2, True)
    assert len(bands.scene) == 6


def test_only_the_lines_that_changed_are_sent_and_in_one_window_where_they_follow():
    whole, bands, panel = pair(lines=1)
    draw((whole, bands), lambda cv: cv.fill(0))
    assert panel.rows == [(0, 17, False), (17, 34, True), (34, 45, True)]
    del panel.rows[:]
    # a cursor move: the lines it left and entered
    draw((whole, bands), lambda cv: (cv.rect(0, 17, W, 17, 3, True), cv.rect(0, 34, W, 11, 3, True)))
    assert panel.rows == [(17, 34, False), (34, 45, True)]
    del panel.rows[:]
    # drawn over with the same pixels: nothing sent
    draw((whole, bands), lambda cv: cv.rect(0, 17, W, 17, 3, True))
    assert panel.rows == []
    # lines apart: a window each
    draw((whole, bands), lambda cv: (cv.text(0, 0, "a", 1), cv.text(0, 34, "b", 1)))
    assert panel.rows == [(0, 17, False), (34, 45, False)]
    same(whole, bands, panel)


def test_no_rows_move_in_a_band_canvas():
    whole, bands, panel = pair()
    assert not bands.move_rows(17, 2, 17, -1)
    assert len(bands.buf) == ((W + 1) >> 1) * 17 < len(whole.buf)
