# MicroPython's framebuf in plain Python, for CircuitPython, which has none:
# flash.sh installs it as lib/framebuf.py on a CircuitPython board.  Only
# what the Canvas and the Font use: RGB565 (little-endian, as MicroPython
# stores it), MONO_HLSB and MONO_VLSB; fill, fill_rect, rect, hline, vline,
# line, pixel, and blit with a key and a palette.  Pixel for pixel the same
# as MicroPython's (tests/mpy/test_board_framebuf.py compares them).
# Runs on MicroPython, CircuitPython and CPython.
#
# An RGB565 frame may also be a buffer of 16-bit items (an array('H'), or a
# CircuitPython displayio.Bitmap of 16-bit values, whose memoryview indexes
# items, not bytes): then each item is a pixel.
MONO_VLSB = 0
MVLSB = 0
RGB565 = 1
MONO_HLSB = 3


def _wide(mv):
    """True if the view's items hold more than a byte."""
    old = mv[0]
    try:
        mv[0] = 0x1234
    except (ValueError, OverflowError, TypeError):
        return False
    ok = mv[0] == 0x1234
    mv[0] = old
    return ok


class FrameBuffer:
    def __init__(self, buffer, width, height, format, stride=None):
        if stride is None:
            stride = width
        if format == MONO_HLSB:
            stride = (stride + 7) & ~7
        if format == RGB565:
            need = stride * height * 2
        elif format == MONO_HLSB:
            need = stride * height // 8
        elif format == MONO_VLSB:
            need = stride * ((height + 7) // 8)
        else:
            raise ValueError("format not supported here")
        self.buf = memoryview(buffer)
        self.words = False
        if len(self.buf) < need:
            # a view of 16-bit items (an RGB565 frame only)
            if format != RGB565 or len(self.buf) < need // 2 or not _wide(self.buf):
                raise ValueError("buffer too small")
            self.words = True
        self.width = width
        self.height = height
        self.stride = stride
        self.format = format

    # ------------------------------------------------------------ pixels

    def _get(self, x, y):
        b = self.buf
        f = self.format
        if f == RGB565:
            if self.words:
                return b[x + y * self.stride]
            i = (x + y * self.stride) * 2
            return b[i] | (b[i + 1] << 8)
        if f == MONO_HLSB:
            i = x + y * self.stride
            return (b[i >> 3] >> (7 - (i & 7))) & 1
        return (b[(y >> 3) * self.stride + x] >> (y & 7)) & 1

    def _set(self, x, y, c):
        b = self.buf
        f = self.format
        if f == RGB565:
            if self.words:
                b[x + y * self.stride] = c & 0xFFFF
                return
            i = (x + y * self.stride) * 2
            b[i] = c & 0xFF
            b[i + 1] = (c >> 8) & 0xFF
        elif f == MONO_HLSB:
            i = x + y * self.stride
            m = 0x80 >> (i & 7)
            if c:
                b[i >> 3] |= m
            else:
                b[i >> 3] &= ~m & 0xFF
        else:
            i = (y >> 3) * self.stride + x
            m = 1 << (y & 7)
            if c:
                b[i] |= m
            else:
                b[i] &= ~m & 0xFF

    def pixel(self, x, y, c=None):
        if not (0 <= x < self.width and 0 <= y < self.height):
            return None
        if c is None:
            return self._get(x, y)
        self._set(x, y, c)
        return None

    # ------------------------------------------------------------ shapes

    def fill_rect(self, x, y, w, h, c):
        if h < 1 or w < 1 or x + w <= 0 or y + h <= 0 or y >= self.height or x >= self.width:
            return
        xend = min(self.width, x + w)
        yend = min(self.height, y + h)
        x = max(x, 0)
        y = max(y, 0)
        if self.format == RGB565:
            b = self.buf
            if self.words:
                for yy in range(y, yend):
                    o = yy * self.stride
                    for xx in range(o + x, o + xend):
                        b[xx] = c & 0xFFFF
                return
            row = bytes((c & 0xFF, (c >> 8) & 0xFF)) * (xend - x)
            s2 = self.stride * 2
            for yy in range(y, yend):
                o = yy * s2 + x * 2
                b[o:o + len(row)] = row
            return
        for yy in range(y, yend):
            for xx in range(x, xend):
                self._set(xx, yy, c)

    def fill(self, c):
        self.fill_rect(0, 0, self.width, self.height, c)

    def hline(self, x, y, w, c):
        self.fill_rect(x, y, w, 1, c)

    def vline(self, x, y, h, c):
        self.fill_rect(x, y, 1, h, c)

    def rect(self, x, y, w, h, c, f=False):
        if f:
            self.fill_rect(x, y, w, h, c)
            return
        self.fill_rect(x, y, w, 1, c)
        self.fill_rect(x, y + h - 1, w, 1, c)
        self.fill_rect(x, y, 1, h, c)
        self.fill_rect(x + w - 1, y, 1, h, c)

    def line(self, x1, y1, x2, y2, c):
        # Bresenham, walking along the longer axis, as MicroPython does
        dx = x2 - x1
        sx = 1
        if dx <= 0:
            dx = -dx
            sx = -1
        dy = y2 - y1
        sy = 1
        if dy <= 0:
            dy = -dy
            sy = -1
        steep = dy > dx
        if steep:
            x1, y1 = y1, x1
            dx, dy = dy, dx
            sx, sy = sy, sx
        e = 2 * dy - dx
        w = self.width
        h = self.height
        for _ in range(dx):
            if steep:
                if 0 <= y1 < w and 0 <= x1 < h:
                    self._set(y1, x1, c)
            elif 0 <= x1 < w and 0 <= y1 < h:
                self._set(x1, y1, c)
            while e >= 0:
                y1 += sy
                e -= 2 * dx
            x1 += sx
            e += 2 * dy
        if 0 <= x2 < w and 0 <= y2 < h:
            self._set(x2, y2, c)

    def blit(self, fbuf, x, y, key=-1, palette=None):
        if x >= self.width or y >= self.height or -x >= fbuf.width or -y >= fbuf.height:
            return
        x0 = max(0, x)
        y0 = max(0, y)
        x1 = max(0, -x)
        y1 = max(0, -y)
        x0end = min(self.width, x + fbuf.width)
        y0end = min(self.height, y + fbuf.height)
        get = fbuf._get
        setp = self._set
        pget = palette._get if palette is not None else None
        while y0 < y0end:
            cx1 = x1
            for cx0 in range(x0, x0end):
                col = get(cx1, y1)
                if pget is not None:
                    col = pget(col, 0)
                if col != key:
                    setp(cx0, y0, col)
                cx1 += 1
            y1 += 1
            y0 += 1
