# The Canvas of a CircuitPython board, drawn by CircuitPython's C code: the
# same methods and pixels as firmware.hal.canvas.Canvas (fill, rect, line,
# hline, text, text_width, icon, bits, show; width, height, colour,
# palette), drawn into a displayio Bitmap.  A pixel is one of the screens'
# colours, an index into the layout's palette (set_palette: RGB565 colours,
# given to displayio as RGB888): a Bitmap of 16 values (4 bits a pixel)
# on a colour screen; of 2 on a mono one, colours 0
# (dark) and 1 (lit).
#
# Rectangles are Bitmap.fill and bitmaptools.fill_region; a line the
# framebuf's pixels, a run of them a fill_region; text is blitted glyph by
# glyph (bitmaptools.blit, the background skipped) out of an atlas, the
# font's glyphs in a Bitmap, made when first needed and again when the
# font's part changes (Font.use).  blit copies the atlas's values, so there
# is one atlas per colour text is drawn in: colour 1 is the font's bits
# (glyph 1, background 0, skipped); colour 0 their inverse (glyph 0,
# background 1, skipped: dark text on a lit bar); any other colour c the
# glyphs in c on a background of 0.  An atlas holds the glyphs in 16
# columns of R = ceil(N / 16): for the 6x10 font's English part (183
# glyphs) 96 x 120 pixels, 1,440 bytes in 1 bit, 5,760 in 4 bits.
#
# DisplayioCanvas: a display of displayio's (the PyBadge's own), shown
# through a TileGrid and a displayio.Palette; the font's glyphs read into
# the atlas by bitmaptools.readinto.  displayio refreshes the area that
# changed: show() copies the bands of 8 rows that differ into the Bitmap
# shown.  Ssd1306Canvas (below): an SSD1306 on I2C, sent its frame without
# displayio.
import bitmaptools
import displayio
import io
from binascii import crc32

COLUMNS = 16


class DisplayioCanvas:
    gs4 = False
    t = False       # transposed: a row of the Bitmap is a column of the screen (Ssd1306Canvas)

    def __init__(self, width, height, font, display=None, bitmap=None, palette=None, colour=True):
        """display: a displayio display (board.DISPLAY) or None; bitmap: the
        Bitmap to draw into (a new one of width x height: 16 values on a
        colour screen, 2 on a mono one); palette: as set_palette; colour
        False: a mono screen (colours 0 and 1)."""
        n = 16 if colour else 2
        self.width = width
        self.height = height
        self.colour = colour
        self.font = font
        self.display = display
        self.bitmap = bitmap if bitmap is not None else displayio.Bitmap(width, height, n)
        self.shader = displayio.Palette(n)
        self.palette = None
        self.atlas = {}         # colour -> the glyphs' Bitmap in that colour
        self.src = None         # the font's bytes the atlases were read from
        self.set_palette(palette)
        shown = self.bitmap
        try:
            # CircuitPython: the Bitmap lends its words; the screens draw
            # into it, the panel shows a second one, into which show()
            # copies the bands of 8 rows that changed
            self.mv = memoryview(self.bitmap)
            shown = displayio.Bitmap(width, height, n)
            self.smv = memoryview(shown)
        except TypeError:       # (Blinka) the panel shows the one drawn into
            self.mv = None
        self.shown = shown
        self.sent = [None] * ((height + 7) >> 3)
        self.tilegrid = displayio.TileGrid(shown, pixel_shader=self.shader)
        self.group = displayio.Group()
        self.group.append(self.tilegrid)
        if display is not None:
            try:
                display.auto_refresh = False
            except AttributeError:
                pass
            try:
                display.root_group = self.group
            except AttributeError:  # CircuitPython before 9
                display.show(self.group)

    def set_palette(self, palette):
        """The colours of indices 0.. (at most 16 RGB565 values); on a mono
        screen (None) 0 is black and 1 white."""
        if palette is not None and len(palette) > 16:
            raise ValueError("a palette has at most 16 colours")
        self.palette = None if palette is None else tuple(palette)
        if palette is None and not self.colour:
            palette = (0x0000, 0xFFFF)
        shader = self.shader
        for i in range(len(shader)):
            c = palette[i] if palette is not None and i < len(palette) else 0
            r = (c >> 11) & 31
            g = (c >> 5) & 63
            b = c & 31
            shader[i] = (((r << 3) | (r >> 2)) << 16) | (((g << 2) | (g >> 4)) << 8) | (b << 3) | (b >> 2)

    # ------------------------------------------------------------ shapes

    def fill(self, c):
        self.bitmap.fill(c)

    def fill_rect(self, x, y, w, h, c):
        if w > 0 and h > 0 and x < self.width and y < self.height and x + w > 0 and y + h > 0:
            bitmaptools.fill_region(self.bitmap, x, y, x + w, y + h, c)

    def rect(self, x, y, w, h, c, fill=False):
        f = self.fill_rect
        if fill or w < 3 or h < 3:
            f(x, y, w, h, c)
        else:
            f(x, y, w, 1, c)
            f(x, y + h - 1, w, 1, c)
            f(x, y + 1, 1, h - 2, c)
            f(x + w - 1, y + 1, 1, h - 2, c)

    def hline(self, x, y, w, c):
        self.fill_rect(x, y, w, 1, c)

    def line(self, x0, y0, x1, y1, c):
        """MicroPython's framebuf line (Bresenham along the longer axis,
        both ends drawn), a straight one a single fill_region."""
        f = self.fill_rect
        if x0 == x1 or y0 == y1:
            f(min(x0, x1), min(y0, y1), abs(x1 - x0) + 1, abs(y1 - y0) + 1, c)
            return
        dx = x1 - x0
        sx = 1
        if dx < 0:
            dx = -dx
            sx = -1
        dy = y1 - y0
        sy = 1
        if dy < 0:
            dy = -dy
            sy = -1
        steep = dy > dx
        if steep:
            x0, y0 = y0, x0
            dx, dy = dy, dx
            sx, sy = sy, sx
        e = 2 * dy - dx
        for _ in range(dx):
            if steep:
                f(y0, x0, 1, 1, c)
            else:
                f(x0, y0, 1, 1, c)
            while e >= 0:
                y0 += sy
                e -= 2 * dx
            x0 += sx
            e += 2 * dy
        f(x1, y1, 1, 1, c)

    def move_rows(self, y, n, h, d):
        """No frame of bytes to move rows in: the screens draw them again."""
        return False

    def icon(self, x, y, rows, c):
        """A small bitmap given as ints, one per row, bit 7 leftmost."""
        self._runs(x, y, bytes(rows), len(rows), 8, 1, 1, c)

    def bits(self, x, y, plane, n, stride, px, c):
        """A square bit plane of n x n (a QR code's: row after row, stride
        bytes a row, bit 7 leftmost), each set bit a px x px square of
        colour c, its top-left corner at (x, y)."""
        self._runs(x, y, plane, n, n, stride, px, c)

    def _runs(self, x, y, plane, rows, n, stride, px, c):
        """The set bits of a plane's rows (n bits each), a fill_region a run."""
        f = self.fill_rect
        for r in range(rows):
            k = r * stride
            i = 0
            while i < n:
                if plane[k + (i >> 3)] & (0x80 >> (i & 7)):
                    s = i
                    i += 1
                    while i < n and plane[k + (i >> 3)] & (0x80 >> (i & 7)):
                        i += 1
                    f(x + s * px, y + r * px, (i - s) * px, px, c)
                else:
                    i += 1

    # ------------------------------------------------------------ text

    def _glyphs(self, c):
        """The atlas of colour c: made now if not yet (the font's part read
        again if it changed)."""
        font = self.font
        d = font.file or font.data()
        if d is not self.src:
            self.atlas = {}
            self.src = None
            adv = font.advance
            h = font.height
            n = font.count
            per = (n + COLUMNS - 1) // COLUMNS
            if self.t:
                # transposed, each glyph put in the first time it is drawn
                # (_turn: a glyph's pixels one by one, in Python)
                a = displayio.Bitmap(per * h, adv * COLUMNS, 2)
                inv = displayio.Bitmap(per * h, adv * COLUMNS, 2)
                inv.fill(1)
                self.ready = bytearray(n)
            else:
                a = displayio.Bitmap(adv * COLUMNS, per * h, 2)
                inv = displayio.Bitmap(adv * COLUMNS, per * h, 2)
                g = font.gsize
                at = font.at
                for k in range(0, n, per):
                    m = min(per, n - k)
                    part = d[at + k * g:at + (k + m) * g]
                    t = displayio.Bitmap(adv, m * h, 2)
                    bitmaptools.readinto(t, io.BytesIO(part), 1, element_size=1, reverse_pixels_in_element=True)
                    bitmaptools.blit(a, t, k // per * adv, 0)
                    bitmaptools.readinto(t, io.BytesIO(bytes(b ^ 255 for b in part)), 1, element_size=1,
                                         reverse_pixels_in_element=True)
                    bitmaptools.blit(inv, t, k // per * adv, 0)
                t = part = None
            self.atlas[1] = a
            self.atlas[0] = inv
            self.per = per
            self.src = d
        a = self.atlas.get(c)
        if a is None:
            # the glyphs in colour c on 0: the font's background (0) over c
            one = self.atlas[1]
            a = displayio.Bitmap(one.width, one.height, 16)
            a.fill(c)
            bitmaptools.blit(a, one, 0, 0, skip_source_index=1)
            self.atlas[c] = a
        return a

    def _turn(self, i):
        """Glyph i into the transposed atlases (1: its pixels 1; 0: its
        pixels 0 on 1), from the font's rows (bit 7 leftmost)."""
        font = self.font
        d = self.src
        adv = font.advance
        h = font.height
        g = font.gsize
        o = font.at + i * g
        n = g // h                          # a row's bytes
        a = self.atlas[1]
        u = self.atlas[0]
        w = a.width
        gx = i // self.per * adv
        gy = i % self.per * h
        for r in range(h):
            for j in range(n):
                b = d[o + r * n + j]
                k = (gx + 8 * j) * w + gy + r
                while b:                    # the set bits only
                    if b & 0x80:
                        a[k] = 1
                        u[k] = 0
                    b = (b << 1) & 0xFF
                    k += w
        self.ready[i] = 1

    def text(self, x, y, s, c):
        """s with its top-left corner at (x, y) in colour c; the pixels
        between the strokes as they were; clipped at the edges."""
        a = self._glyphs(c)
        font = self.font
        key = 1 if c == 0 else 0
        adv = font.advance
        h = font.height
        per = self.per
        first = font.first
        run = font.run
        bm = self.bitmap
        blit = bitmaptools.blit
        t = self.t
        top = 0
        if y < 0:
            top = -y
            y = 0
        if y >= self.height or top >= h or x >= self.width:
            return
        # the UTF-8 bytes, not the characters (as Font.draw: no character
        # interned)
        b = s.encode()
        k = 0
        n = len(b)
        while k < n:
            i = b[k]
            k += 1
            if i >= 0xC0:
                if i < 0xE0:
                    i = (i & 0x1F) << 6 | b[k] & 0x3F
                    k += 1
                elif i < 0xF0:
                    i = (i & 0x0F) << 12 | (b[k] & 0x3F) << 6 | b[k + 1] & 0x3F
                    k += 2
                else:
                    i = (i & 0x07) << 18 | (b[k] & 0x3F) << 12 | (b[k + 1] & 0x3F) << 6 | b[k + 2] & 0x3F
                    k += 3
            i -= first
            if i < 0 or i >= run:
                i = font.index(i + first)
            if t and not self.ready[i]:
                self._turn(i)
            gx = i // per * adv
            gy = i % per * h
            cut = 0
            if x < 0:
                cut = -x
            if cut >= adv:
                pass
            elif t:
                blit(bm, a, y, x + cut, x1=gy + top, y1=gx + cut, x2=gy + h, y2=gx + adv, skip_source_index=key)
            else:
                blit(bm, a, x + cut, y, x1=gx + cut, y1=gy + top, x2=gx + adv, y2=gy + h, skip_source_index=key)
            x += adv
            if x >= self.width:
                return

    def text_width(self, s):
        return self.font.width(s)

    def show(self):
        """Send what changed since the last show: of the bands of 8 rows,
        those whose pixels differ from what was sent (a CRC-32 of each),
        copied into the Bitmap shown as words (a copy in C, quicker than a
        blit pixel by pixel) and marked dirty for displayio to refresh;
        where the Bitmap lends no words, all that was drawn on (displayio
        keeps track)."""
        mv = self.mv
        if mv is not None:
            sent = self.sent
            n = len(mv) // self.height * 8      # a band's items
            first = last = -1
            for b in range(len(sent)):
                c = crc32(mv[b * n:(b + 1) * n])
                if c != sent[b]:
                    sent[b] = c
                    if first < 0:
                        first = b
                    last = b
            if first < 0:
                return                          # drawn over with the same pixels
            a = first * n
            b = min(len(mv), (last + 1) * n)
            self.smv[a:b] = mv[a:b]
            self.shown.dirty(0, first << 3, self.width, min(self.height, (last + 1) << 3))
        if self.display is not None:
            self.display.refresh()


# The SSD1306 set up as MicroPython's driver sets it up (horizontal
# addressing, the columns left to right, COM63 first: RAM page p holds the
# screen's rows 8p.., the first in the bottom bit).
INIT = bytes((0x00, 0xAE, 0x20, 0x00, 0x81, 0xCF, 0xA1, 0xA6, 0xC8, 0xA8, 0x3F, 0xD3, 0x00, 0x40, 0xD5, 0x80,
              0xD9, 0xF1, 0xDA, 0x12, 0xDB, 0x40, 0x8D, 0x14, 0xAF))
# a byte with its bits the other way round
REV = (b'\x00\x80@\xc0 \xa0`\xe0\x10\x90P\xd00\xb0p\xf0\x08\x88H\xc8(\xa8h\xe8\x18\x98X\xd88\xb8x\xf8'
       b'\x04\x84D\xc4$\xa4d\xe4\x14\x94T\xd44\xb4t\xf4\x0c\x8cL\xcc,\xacl\xec\x1c\x9c\\\xdc<\xbc|\xfc'
       b'\x02\x82B\xc2"\xa2b\xe2\x12\x92R\xd22\xb2r\xf2\n\x8aJ\xca*\xaaj\xea\x1a\x9aZ\xda:\xbaz\xfa'
       b'\x06\x86F\xc6&\xa6f\xe6\x16\x96V\xd66\xb6v\xf6\x0e\x8eN\xce.\xaen\xee\x1e\x9e^\xde>\xbe~\xfe'
       b'\x01\x81A\xc1!\xa1a\xe1\x11\x91Q\xd11\xb1q\xf1\t\x89I\xc9)\xa9i\xe9\x19\x99Y\xd99\xb9y\xf9'
       b'\x05\x85E\xc5%\xa5e\xe5\x15\x95U\xd55\xb5u\xf5\r\x8dM\xcd-\xadm\xed\x1d\x9d]\xdd=\xbd}\xfd'
       b'\x03\x83C\xc3#\xa3c\xe3\x13\x93S\xd33\xb3s\xf3\x0b\x8bK\xcb+\xabk\xeb\x1b\x9b[\xdb;\xbb{\xfb'
       b"\x07\x87G\xc7'\xa7g\xe7\x17\x97W\xd77\xb7w\xf7\x0f\x8fO\xcf/\xafo\xef\x1f\x9f_\xdf?\xbf\x7f\xff")


class Ssd1306Canvas(DisplayioCanvas):
    """A 128x64 SSD1306 on I2C without displayio's refresh, which converts
    every pixel of the changed area before it sends it (a frame took
    several times what the bus needs: docs/circuitpython.md).  The
    screens draw with the same C code into a 1-bit Bitmap held transposed
    (64 wide, 128 tall: a screen column is a row of 8 bytes, byte p its
    rows 8p.., the first in the top bit, as CircuitPython 10 packs a 1-bit
    Bitmap); show() makes each page that holds rows drawn on since the last
    show (a byte a column, its bits the other way round: REV) and sends
    those that differ from what the panel holds, in one transfer, at 9
    clocks of the bus a byte."""
    t = True

    def __init__(self, width, height, font, i2c, addr=0x3C):
        self.width = width
        self.height = height
        self.colour = False
        self.font = font
        self.display = None
        self.palette = None
        self.atlas = {}
        self.src = None
        self.bitmap = displayio.Bitmap(height, width, 2)
        self.mv = memoryview(self.bitmap)
        self.i2c = i2c
        self.addr = addr
        # the panel's RAM as sent, page after page, after a byte for the
        # data prefix of a transfer
        self.out = bytearray(1 + width * height // 8)
        self.page = bytearray(width)
        self.lo = 0             # the rows drawn on since the last show: [lo, hi)
        self.hi = height
        self.sent = False       # (the panel's RAM is unknown until a first frame)
        while not i2c.try_lock():
            pass
        i2c.writeto(addr, INIT)

    def set_palette(self, palette):
        """A mono screen: 0 dark, 1 lit."""

    def fill(self, c):
        self.bitmap.fill(c)
        self.lo = 0
        self.hi = self.height

    def fill_rect(self, x, y, w, h, c):
        if w > 0 and h > 0 and x < self.width and y < self.height and x + w > 0 and y + h > 0:
            if y < self.lo:
                self.lo = y
            if y + h > self.hi:
                self.hi = y + h
            bitmaptools.fill_region(self.bitmap, y, x, y + h, x + w, c)

    def text(self, x, y, s, c):
        if y < self.lo:
            self.lo = y
        if y + self.font.height > self.hi:
            self.hi = y + self.font.height
        DisplayioCanvas.text(self, x, y, s, c)

    def show(self):
        lo = max(0, self.lo)
        hi = min(self.height, self.hi)
        self.lo = self.height
        self.hi = 0
        if lo >= hi:
            return
        mv = self.mv
        out = self.out
        page = self.page
        rev = REV
        w = self.width
        k = len(mv) // w                    # a column's bytes
        first = last = -1
        for p in range(lo >> 3, ((hi - 1) >> 3) + 1):
            j = p
            for x in range(w):
                page[x] = rev[mv[j]]
                j += k
            o = 1 + p * w
            if out[o:o + w] != page or not self.sent:
                out[o:o + w] = page
                if first < 0:
                    first = p
                last = p
        if first < 0:
            return                          # drawn over with the same pixels
        i2c = self.i2c
        i2c.writeto(self.addr, bytes((0x00, 0x21, 0, w - 1, 0x22, first, last)))
        a = first * w
        keep = out[a]                       # (the byte before page first's; out[0] is the prefix)
        out[a] = 0x40
        try:
            i2c.writeto(self.addr, out, start=a, end=(last + 1) * w + 1)
        finally:
            out[a] = keep
        self.sent = True
