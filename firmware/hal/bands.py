# A colour Canvas with no whole frame in RAM: what the screens draw is kept
# as a list of drawing steps (the scene), and show() draws the rows to send
# band by band into one small frame (GS4_HMSB, `rows` rows) and sends each
# band whose pixels changed.  The 240x135 panel's whole frame is 16,200
# bytes of heap; a band of 16 rows is 1,920, and the scene of a screen
# a few dozen steps (its rectangles, lines and texts).  For the boards
# whose heap is the tightest (the TTGO T-Display's ESP32).
#
# The pixels are those of the whole-frame Canvas exactly: every step is
# drawn in the order the screens drew it, clipped to the band.  A step that
# an opaque rectangle drawn later covers entirely (a row drawn again, the
# screen filled) leaves the scene, so that it holds what the screen shows,
# not everything ever drawn on it.  Written here because framebuf has no
# display list and the screens draw in place, over what is already there.
import framebuf
from binascii import crc32

from firmware.hal.canvas import Canvas, native_text, runs

_RECT = 0
_FILL = 1
_LINE = 2
_HLINE = 3
_TEXT = 4
_ICON = 5
_BITS = 6


class BandCanvas(Canvas):
    gs4 = False     # move_rows: no frame to move rows in (the screens draw them again)

    def __init__(self, width, height, font, display, palette=None, lines=2):
        """lines: the text lines (the layout's: the font's height and a
        pixel) of a band.  A band starts where a line does, so a line's
        text is drawn once, in one band; the parts compared with what was
        last sent are lines too."""
        self.width = width
        self.height = height
        self.colour = True
        self.font = font
        self.line_rows = font.height + 1
        self.lines = max(1, lines)
        self.rows = self.line_rows * self.lines
        self.stride = (width + 1) >> 1
        self.buf = bytearray(self.stride * self.rows)
        self.fb = framebuf.FrameBuffer(self.buf, width, self.rows, framebuf.GS4_HMSB)
        self.mv = memoryview(self.buf)
        self._text = native_text()
        self.display = display
        self.palette = None
        self.scene = []     # type: list[tuple]
        self.lo = 0
        self.hi = height
        self.sent = [None] * ((height + self.line_rows - 1) // self.line_rows)
        self.band_bytes = self.stride * self.line_rows
        self.set_palette(palette)

    # A step: (x0, y0, x1, y1, kind, colour[, what]): the rectangle it
    # draws in (for the bands it reaches and the rectangles that hide it),
    # then what to draw, in one tuple.

    def _cover(self, x, y, x1, y1):
        """Let go of the steps that an opaque rectangle (x, y)-(x1, y1) hides."""
        scene = self.scene
        i = len(scene) - 1
        while i >= 0:
            s = scene[i]
            if s[0] >= x and s[1] >= y and s[2] <= x1 and s[3] <= y1:
                del scene[i]
            i -= 1

    def fill(self, c):
        self.scene = [(0, 0, self.width, self.height, _FILL, c)]
        self.lo = 0
        self.hi = self.height

    def rect(self, x, y, w, h, c, fill=False):
        if fill:
            self._cover(x, y, x + w, y + h)
            self.scene.append((x, y, x + w, y + h, _FILL, c))
            self._rows(y, h)
            return
        # an outline's sides are at x and x+w-1, y and y+h-1: outside
        # (x, y)-(x+w, y+h) where w or h is below 1
        x1 = x + w - 1
        y1 = y + h - 1
        top = y if y < y1 else y1
        self.scene.append((x if x < x1 else x1, top, (x1 if x < x1 else x) + 1, (y1 if y < y1 else y) + 1,
                           _RECT, c, (w, h)))
        self._rows(top, abs(h - 1) + 1)

    def line(self, x0, y0, x1, y1, c):
        top = y0 if y0 < y1 else y1
        self.scene.append((x0 if x0 < x1 else x1, top, (x1 if x0 < x1 else x0) + 1, (y1 if y0 < y1 else y0) + 1,
                           _LINE, c, (x0, y0, x1, y1)))
        self._rows(top, abs(y1 - y0) + 1)

    def hline(self, x, y, w, c):
        self.scene.append((x, y, x + w, y + 1, _HLINE, c))
        self._rows(y, 1)

    def text(self, x, y, s, c):
        h = self.font.height
        self.scene.append((x, y, x + self.font.width(s), y + h, _TEXT, c, s))
        self._rows(y, h)

    def icon(self, x, y, rows, c):
        self.scene.append((x, y, x + 8, y + len(rows), _ICON, c, rows))
        self._rows(y, len(rows))

    def bits(self, x, y, plane, n, stride, px, c):
        # one step for the whole plane (a QR code: a rectangle a run of its
        # dark modules would be a thousand steps)
        self.scene.append((x, y, x + n * px, y + n * px, _BITS, c, (plane, n, stride, px)))
        self._rows(y, n * px)

    def _draw(self, top):
        """The band of rows top.. into the frame: every step that reaches it."""
        fb = self.fb
        scene = self.scene
        rows = self.rows
        s = scene[0] if scene else None
        if s is None or s[4] != _FILL or s[0] > 0 or s[1] > top or s[2] < self.width or s[3] < top + rows:
            fb.fill(0)      # else the first step fills it all
        bottom = top + rows
        text = self._text
        font = self.font
        glyphs = None if text is None else (font.file or font.data())
        buf = self.buf
        width = self.width
        for s in scene:
            if s[1] >= bottom or s[3] <= top:
                continue
            k = s[4]
            if k == _TEXT:
                txt = s[6]
                if text is not None:
                    text(buf, width, rows, glyphs, txt, len(txt), s[0], s[1] - top, s[5] & 15, 0)
                else:
                    font.draw(fb, txt, s[0], s[1] - top, s[5])
            elif k == _FILL:
                fb.fill_rect(s[0], s[1] - top, s[2] - s[0], s[3] - s[1], s[5])
            elif k == _RECT:
                e = s[6]
                x = s[0] if e[0] > 0 else s[2] - 1
                y = s[1] if e[1] > 0 else s[3] - 1
                fb.rect(x, y - top, e[0], e[1], s[5])
            elif k == _HLINE:
                fb.hline(s[0], s[1] - top, s[2] - s[0], s[5])
            elif k == _LINE:
                e = s[6]
                fb.line(e[0], e[1] - top, e[2], e[3] - top, s[5])
            elif k == _BITS:
                plane, n, stride, px = s[6]
                first = (top - s[1]) // px if top > s[1] else 0
                last = (bottom - s[1] + px - 1) // px
                runs(fb, s[0], s[1] - top, plane, n, stride, px, s[5], first, last if last < n else n)
            else:
                icon = s[6]
                for j in range(len(icon)):
                    bits = icon[j]
                    for i in range(8):
                        if bits & (0x80 >> i):
                            fb.pixel(s[0] + i, s[1] + j - top, s[5])

    def show(self):
        """Of the rows drawn on since the last show, each band drawn and,
        of its lines, those whose pixels changed sent."""
        # it starts as Canvas.show does, written again here: the two
        # sharing helpers put pico_display's worst action on the virtual
        # Pico at the edge of its budget (BENCHMARKS.md, *Measured apart*)
        d = self.display
        lo = max(0, self.lo)
        hi = min(self.height, self.hi)
        self.lo = self.height
        self.hi = 0
        if d is None or lo >= hi:
            return
        if self.palette is None:
            raise ValueError("a colour canvas needs its palette (set_palette)")
        sent = self.sent
        mv = self.mv
        n = self.band_bytes
        lr = self.line_rows
        first_line = lo // lr
        last_line = (hi - 1) // lr
        top = (first_line // self.lines) * self.rows
        end = min(self.height, (last_line + 1) * lr)
        at = -1         # where the rows sent in the open window end
        while top < hi:
            self._draw(top)
            first = -1
            last = -1
            b = top // lr
            for i in range(self.lines):
                if first_line <= b <= last_line:
                    c = crc32(mv[i * n:(i + 1) * n])
                    if c != sent[b]:
                        sent[b] = c
                        if first < 0:
                            first = i
                        last = i
                b += 1
            if first >= 0:
                a = top + first * lr
                b = min(self.height, top + (last + 1) * lr)
                # one window for the changed lines that follow one another,
                # band after band (a whole screen: one window)
                d.show_rows(self.buf, self.palette, a, b, top, end, a == at)
                at = b
            top += self.rows
