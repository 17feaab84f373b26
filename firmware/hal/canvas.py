# The Canvas the screens draw on: a MicroPython framebuf.FrameBuffer plus
# the project's bitmap font (not framebuf.text, so Cyrillic and Spanish draw
# with the same code) and a display whose show() sends the buffer out.
#
# Mono (128x64 OLED): a MONO_VLSB frame of 1024 bytes, colours 0 and 1,
# handed to the display as it is.
#
# show() sends only what changed since the last show, where the display can
# take a part of the frame (show_rows): of the rows drawn on, the bands of 8
# rows whose pixels differ (a cursor move: two rows of text; a home screen
# drawn again after an action: the lines whose numbers changed).
#
# Colour (240x135 TFT): a GS4_HMSB frame, 4 bits per pixel (16,200 bytes
# instead of 64,800 for RGB565).  A pixel is an index into the palette, a
# tuple of at most 16 RGB565 colours (firmware.screenkit.layout.Layout.palette):
# the screens draw with indices, and the display turns them into RGB565
# band by band as it sends the frame, show(buf, palette).
import framebuf
from binascii import crc32


def native_text():
    """glyphs.text (text drawn into the frame in native code), or None
    where it cannot be loaded: CPython (no viper), a build without it, a
    .mpy of another architecture, a port with no native emitter (its
    decorator is a SyntaxError there)."""
    try:
        from firmware.hal.glyphs import text
        return text
    except (ImportError, NameError, ValueError, SyntaxError):
        return None


class Canvas:
    gs4 = False     # the frame is GS4_HMSB (whole rows in its bytes): move_rows can
    _text = None    # text in native code (where glyphs.text loads)

    def __init__(self, width, height, colour, font, display=None, palette=None):
        self.width = width
        self.height = height
        self.colour = colour
        self.font = font
        if colour:
            self.buf = bytearray(((width + 1) >> 1) * height)
            fmt = framebuf.GS4_HMSB
            self.gs4 = True
        else:
            # a display with a frame of its own in this layout (the SSD1306
            # driver is a FrameBuffer) is drawn on directly: no second frame
            size = width * ((height + 7) // 8)
            own = getattr(display, "buffer", None)
            self.buf = own if own is not None and len(own) == size else bytearray(size)
            fmt = framebuf.MONO_VLSB
        self.fb = framebuf.FrameBuffer(self.buf, width, height, fmt)
        # text in native code, five times quicker
        self._text = native_text()
        self.display = display
        self.palette = None
        # the rows drawn on since the last show(): [lo, hi)
        self.lo = 0
        self.hi = height
        # the CRC of each band of 8 rows as last sent (None: never sent)
        self.sent = [None] * ((height + 7) >> 3)
        self.band_bytes = width if not colour else ((width + 1) >> 1) * 8
        self.mv = memoryview(self.buf)
        self.set_palette(palette)

    def set_palette(self, palette):
        """The colours of the indices the colour frame holds: a tuple of
        at most 16 RGB565 values (index -> colour); None on a mono canvas."""
        if palette is not None and len(palette) > 16:
            raise ValueError("a palette has at most 16 colours")
        self.palette = None if palette is None else tuple(palette)
        self.lo = 0             # every pixel may look different now
        self.hi = self.height
        self.sent = [None] * len(self.sent)

    def _rows(self, y, h):
        if y < self.lo:
            self.lo = y
        if y + h > self.hi:
            self.hi = y + h

    def fill(self, c):
        self.fb.fill(c)
        self.lo = 0
        self.hi = self.height

    def rect(self, x, y, w, h, c, fill=False):
        self._rows(y, h)
        if fill:
            self.fb.fill_rect(x, y, w, h, c)
        else:
            self.fb.rect(x, y, w, h, c)

    def line(self, x0, y0, x1, y1, c):
        self._rows(min(y0, y1), abs(y1 - y0) + 1)
        self.fb.line(x0, y0, x1, y1, c)

    def hline(self, x, y, w, c):
        self._rows(y, 1)
        self.fb.hline(x, y, w, c)

    def move_rows(self, y, n, h, d):
        """Move n slots of h rows each, the first at row y, one slot up
        (d = -1) or down (d = 1): a list scrolled by one row.  The slot
        left behind keeps its pixels (the caller draws the row that came
        into view).  The colour frame holds whole rows in its bytes, so
        each slot is copied as bytes, slot by slot so that no copy reads
        what another wrote; the mono frame (8 rows to a byte) cannot, nor
        a displayio bitmap: they return False."""
        if not self.gs4:
            return False
        size = h * ((self.width + 1) >> 1)
        base = y * ((self.width + 1) >> 1)
        mv = self.mv
        i = 0 if d < 0 else n - 2
        while 0 <= i < n - 1:
            src = base + (i + 1) * size if d < 0 else base + i * size
            dst = src - size if d < 0 else src + size
            mv[dst:dst + size] = mv[src:src + size]
            i += 1 if d < 0 else -1
        self._rows(y, n * h)
        return True

    def text(self, x, y, s, c):
        self._rows(y, self.font.height)
        if self._text is not None:
            self._text(self.buf, self.width, self.height, self.font.file or self.font.data(), s, len(s), x, y,
                       c & 15 if self.gs4 else c & 1, 0 if self.gs4 else 1)
        else:
            self.font.draw(self.fb, s, x, y, c)

    def text_width(self, s):
        return self.font.width(s)

    def icon(self, x, y, rows, c):
        """A small bitmap given as ints, one per row, bit 7 leftmost."""
        self._rows(y, len(rows))
        fb = self.fb
        for j in range(len(rows)):
            bits = rows[j]
            for i in range(8):
                if bits & (0x80 >> i):
                    fb.pixel(x + i, y + j, c)

    def bits(self, x, y, plane, n, stride, px, c):
        """A square bit plane of n x n (a QR code's: row after row, stride
        bytes a row, bit 7 leftmost), each set bit a px x px square of
        colour c, its top-left corner at (x, y)."""
        self._rows(y, n * px)
        runs(self.fb, x, y, plane, n, stride, px, c, 0, n)

    def show(self):
        """Send the frame to the display: of the rows drawn on since the
        last show, the bands of 8 rows that changed (a CRC-32 of each band
        as last sent), as one window where the display can take a part
        (show_rows), else all of it."""
        d = self.display
        lo = max(0, self.lo)
        hi = min(self.height, self.hi)
        self.lo = self.height
        self.hi = 0
        if d is None or lo >= hi:
            return
        sent = self.sent
        mv = self.mv
        n = self.band_bytes
        first = -1
        last = -1
        for b in range(lo >> 3, ((hi - 1) >> 3) + 1):
            c = crc32(mv[b * n:(b + 1) * n])
            if c != sent[b]:
                sent[b] = c
                if first < 0:
                    first = b
                last = b
        if first < 0:
            return                      # drawn over with the same pixels
        lo = first << 3
        hi = min(self.height, (last + 1) << 3)
        part = None
        if lo > 0 or hi < self.height:
            part = getattr(d, "show_rows", None)
        if self.colour:
            if self.palette is None:
                raise ValueError("a colour canvas needs its palette (set_palette)")
            if part is None:
                d.show(self.buf, self.palette)
            else:
                part(self.buf, self.palette, lo, hi)
        elif part is None:
            d.show(self.buf)
        else:
            part(self.buf, lo, hi)


def runs(fb, x0, y0, plane, n, stride, px, c, first, last):
    """The set bits of rows first..last-1 of a bit plane (Canvas.bits) into
    the frame buffer fb, a rectangle a run of them."""
    for r in range(first, last):
        k = r * stride
        y = y0 + r * px
        i = 0
        while i < n:
            if plane[k + (i >> 3)] & (0x80 >> (i & 7)):
                s = i
                i += 1
                while i < n and plane[k + (i >> 3)] & (0x80 >> (i & 7)):
                    i += 1
                fb.fill_rect(x0 + s * px, y, (i - s) * px, px, c)
            else:
                i += 1
