"""A CPython stand-in for MicroPython's `framebuf` module.

It has every format and method the host's tests meet, with MicroPython's
errors, and is compared with the unix port's framebuf.

Pixel-exact with MicroPython's C implementation (extmod/modframebuf.c, as
in the MicroPython unix port the tests run) for what the firmware uses:

  formats    MONO_VLSB (alias MVLSB), MONO_HLSB, MONO_HMSB, RGB565, GS8,
             GS4_HMSB (GS2_HMSB exists as a constant; a FrameBuffer of that
             format raises NotImplementedError)
  FrameBuffer(buffer, width, height, format[, stride])
             the same size checks (ValueError) and stride rounding; draws
             straight into the caller's buffer (bytearray, memoryview,
             array), byte for byte as MicroPython does (RGB565 is stored
             little-endian, as on every MicroPython port the project uses)
  methods    fill, fill_rect, pixel (get and set), hline, vline, line,
             rect (with the fill argument), blit (FrameBuffer or
             (buffer, width, height, format[, stride]) source, key,
             palette), scroll
  not here   text (the built-in 8x8 font), ellipse, poly: they raise
             NotImplementedError; the firmware draws text with
             firmware.core.font.

Colours are taken as MicroPython does: truncated to 32 bits, then to the
format (any non-zero value is 1 in a mono format).  Coordinates are
expected to stay well inside +-2**31.

tests/test_framebuf_fake.py checks it against the real module under the
MicroPython unix port on random drawing sequences.

Put host_sim/fakes on sys.path (or import host_sim.fakes.framebuf as
framebuf) on CPython only; MicroPython has the real module.
"""

MVLSB = 0
MONO_VLSB = 0
RGB565 = 1
GS4_HMSB = 2
MONO_HLSB = 3
MONO_HMSB = 4
GS2_HMSB = 5
GS8 = 6

_M32 = 0xFFFFFFFF
# the pixels a row of a 1-bit blit source sets (FrameBuffer.blit)
_HITS = {}
# what a small 1-bit source (a glyph) writes into a frame: the bytes and
# their masks (FrameBuffer.blit)
_GLYPHS = {}
_LIMIT = 1 << 63


def _int(v):
    """mp_obj_get_int: an int (or bool) that fits a machine word."""
    try:
        v = v.__index__()
    except AttributeError:
        raise TypeError("can't convert %s to int" % type(v).__name__) from None
    if not -_LIMIT <= v < _LIMIT:
        raise OverflowError("overflow converting long int to machine word")
    return v


def _bytes_view(buf, writable):
    mv = memoryview(buf)
    if writable and mv.readonly:
        raise TypeError("object with buffer protocol required")
    if mv.format != "B" or mv.ndim != 1:
        mv = mv.cast("B")
    return mv


class _Surface:
    """A buffer seen as pixels: geometry plus get/set/fill_rect of one format
    (the C module's mp_framebuf_p_t table)."""

    __slots__ = ("buf", "width", "height", "stride", "format", "get", "set", "fill_rect")

    def __init__(self, buf, width, height, fmt, stride, writable):
        width = _int(width)
        height = _int(height)
        fmt = _int(fmt)
        stride = width if stride is None else _int(stride)
        if width < 1 or height < 1 or width > 0xFFFF or height > 0xFFFF or stride > 0xFFFF or stride < width:
            raise ValueError()
        bpp = 1
        height_required = height
        width_required = width
        strides_required = height - 1
        if fmt == MONO_VLSB:
            height_required = (height + 7) & ~7
            strides_required = height_required - 8
        elif fmt in (MONO_HLSB, MONO_HMSB):
            stride = (stride + 7) & ~7
            width_required = (width + 7) & ~7
        elif fmt == GS2_HMSB:
            stride = (stride + 3) & ~3
            width_required = (width + 3) & ~3
            bpp = 2
        elif fmt == GS4_HMSB:
            stride = (stride + 1) & ~1
            width_required = (width + 1) & ~1
            bpp = 4
        elif fmt == GS8:
            bpp = 8
        elif fmt == RGB565:
            bpp = 16
        else:
            raise ValueError("invalid format")
        mv = _bytes_view(buf, writable)
        if (strides_required * stride + (height_required - strides_required) * width_required) * bpp // 8 > len(mv):
            raise ValueError()
        if fmt == GS2_HMSB:
            raise NotImplementedError("framebuf stand-in: GS2_HMSB is not supported")
        self.buf = mv
        self.width = width
        self.height = height
        self.stride = stride
        self.format = fmt
        if fmt == MONO_VLSB:
            self.get, self.set, self.fill_rect = self._get_vlsb, self._set_vlsb, self._fill_vlsb
        elif fmt == MONO_HLSB:
            self.get, self.set, self.fill_rect = self._get_hlsb, self._set_hlsb, self._fill_any
        elif fmt == MONO_HMSB:
            self.get, self.set, self.fill_rect = self._get_hmsb, self._set_hmsb, self._fill_any
        elif fmt == RGB565:
            self.get, self.set, self.fill_rect = self._get_565, self._set_565, self._fill_565
        elif fmt == GS4_HMSB:
            self.get, self.set, self.fill_rect = self._get_gs4, self._set_gs4, self._fill_gs4
        else:
            self.get, self.set, self.fill_rect = self._get_gs8, self._set_gs8, self._fill_gs8

    # MONO_VLSB: a byte is 8 pixels of a column, bit 0 on top.
    def _get_vlsb(self, x, y):
        return (self.buf[(y >> 3) * self.stride + x] >> (y & 7)) & 1

    def _set_vlsb(self, x, y, col):
        i = (y >> 3) * self.stride + x
        bit = 1 << (y & 7)
        if col & _M32:
            self.buf[i] |= bit
        else:
            self.buf[i] &= ~bit & 0xFF

    def _fill_vlsb(self, x, y, w, h, col):
        buf = self.buf
        on = bool(col & _M32)
        yend = y + h
        while y < yend:
            page_end = min(yend, (y | 7) + 1)
            mask = ((1 << (page_end - y)) - 1) << (y & 7)
            base = (y >> 3) * self.stride
            if on:
                for i in range(base + x, base + x + w):
                    buf[i] |= mask
            else:
                keep = ~mask & 0xFF
                for i in range(base + x, base + x + w):
                    buf[i] &= keep
            y = page_end

    # MONO_HLSB: a byte is 8 pixels of a row, bit 7 leftmost.
    def _get_hlsb(self, x, y):
        return (self.buf[(x + y * self.stride) >> 3] >> (7 - (x & 7))) & 1

    def _set_hlsb(self, x, y, col):
        i = (x + y * self.stride) >> 3
        bit = 0x80 >> (x & 7)
        if col & _M32:
            self.buf[i] |= bit
        else:
            self.buf[i] &= ~bit & 0xFF

    # MONO_HMSB: a byte is 8 pixels of a row, bit 0 leftmost.
    def _get_hmsb(self, x, y):
        return (self.buf[(x + y * self.stride) >> 3] >> (x & 7)) & 1

    def _set_hmsb(self, x, y, col):
        i = (x + y * self.stride) >> 3
        bit = 1 << (x & 7)
        if col & _M32:
            self.buf[i] |= bit
        else:
            self.buf[i] &= ~bit & 0xFF

    def _fill_any(self, x, y, w, h, col):
        s = self.set
        for yy in range(y, y + h):
            for xx in range(x, x + w):
                s(xx, yy, col)

    # RGB565: a little-endian 16-bit word per pixel.
    def _get_565(self, x, y):
        i = 2 * (x + y * self.stride)
        return self.buf[i] | (self.buf[i + 1] << 8)

    def _set_565(self, x, y, col):
        i = 2 * (x + y * self.stride)
        self.buf[i] = col & 0xFF
        self.buf[i + 1] = (col >> 8) & 0xFF

    def _fill_565(self, x, y, w, h, col):
        row = bytes((col & 0xFF, (col >> 8) & 0xFF)) * w
        for yy in range(y, y + h):
            i = 2 * (x + yy * self.stride)
            self.buf[i:i + 2 * w] = row

    # GS4_HMSB: two pixels a byte, the even x in the high nibble; the
    # stride is even, so a row starts on a byte.
    def _get_gs4(self, x, y):
        v = self.buf[(x + y * self.stride) >> 1]
        return v & 0x0F if x & 1 else v >> 4

    def _set_gs4(self, x, y, col):
        i = (x + y * self.stride) >> 1
        if x & 1:
            self.buf[i] = (self.buf[i] & 0xF0) | (col & 0x0F)
        else:
            self.buf[i] = ((col & 0x0F) << 4) | (self.buf[i] & 0x0F)

    def _fill_gs4(self, x, y, w, h, col):
        buf = self.buf
        col &= 0x0F
        pair = col | (col << 4)
        half = self.stride >> 1
        if x == 0 and w == self.stride:          # whole rows: one slice
            buf[y * half:(y + h) * half] = bytes((pair,)) * (h * half)
            return
        odd = x & 1
        n = (w - odd) >> 1                       # whole bytes of a row
        tail = (w - odd) & 1                     # a last pixel in a high nibble
        row = bytes((pair,)) * n
        for yy in range(y, y + h):
            i = (x + yy * self.stride) >> 1
            if odd:
                buf[i] = (buf[i] & 0xF0) | col
                i += 1
            buf[i:i + n] = row
            if tail:
                buf[i + n] = (col << 4) | (buf[i + n] & 0x0F)

    # GS8: a byte per pixel.
    def _get_gs8(self, x, y):
        return self.buf[x + y * self.stride]

    def _set_gs8(self, x, y, col):
        self.buf[x + y * self.stride] = col & 0xFF

    def _fill_gs8(self, x, y, w, h, col):
        row = bytes((col & 0xFF,)) * w
        for yy in range(y, y + h):
            i = x + yy * self.stride
            self.buf[i:i + w] = row


_BITS_HLSB = [[(b >> (7 - i)) & 1 for i in range(8)] for b in range(256)]
_BITS_HMSB = [[(b >> i) & 1 for i in range(8)] for b in range(256)]


def _row(src, x, y, n):
    """The n pixel values of src's row y from x, as a new list."""
    fmt = src.format
    if fmt == MONO_HLSB or fmt == MONO_HMSB:
        bits = _BITS_HLSB if fmt == MONO_HLSB else _BITS_HMSB
        start = x + y * src.stride
        out = []
        for b in src.buf[start >> 3:(start + n + 7) >> 3]:
            out += bits[b]
        off = start & 7
        return out[off:off + n]
    if fmt == GS4_HMSB:
        start = x + y * src.stride
        out = []
        for b in src.buf[start >> 1:(start + n + 1) >> 1]:
            out.append(b >> 4)
            out.append(b & 0x0F)
        off = start & 1
        return out[off:off + n]
    get = src.get
    return [get(cx, y) for cx in range(x, x + n)]


def _source(obj):
    """A blit source or palette: a FrameBuffer, or a tuple/list
    (buffer, width, height, format[, stride]) whose buffer may be read-only."""
    if isinstance(obj, FrameBuffer):
        return obj._fb
    if not isinstance(obj, (tuple, list)):
        raise TypeError("object '%s' isn't a tuple or list" % type(obj).__name__)
    if not 4 <= len(obj) <= 5:
        raise ValueError()
    return _Surface(obj[0], obj[1], obj[2], obj[3], obj[4] if len(obj) == 5 else None, False)


class FrameBuffer:
    """framebuf.FrameBuffer(buffer, width, height, format[, stride])."""

    def __init__(self, buffer, width, height, format, stride=None):  # noqa: A002 - MicroPython's name
        self._fb = _Surface(buffer, width, height, format, stride, True)

    def _rect(self, x, y, w, h, col):
        fb = self._fb
        if h < 1 or w < 1 or x + w <= 0 or y + h <= 0 or y >= fb.height or x >= fb.width:
            return
        xend = min(fb.width, x + w)
        yend = min(fb.height, y + h)
        x = max(x, 0)
        y = max(y, 0)
        fb.fill_rect(x, y, xend - x, yend - y, col & _M32)

    def fill(self, c):
        fb = self._fb
        fb.fill_rect(0, 0, fb.width, fb.height, _int(c) & _M32)

    def fill_rect(self, x, y, w, h, c):
        self._rect(_int(x), _int(y), _int(w), _int(h), _int(c))

    def pixel(self, x, y, *c):
        if len(c) > 1:
            raise TypeError("function takes at most 4 positional arguments")
        x = _int(x)
        y = _int(y)
        fb = self._fb
        if 0 <= x < fb.width and 0 <= y < fb.height:
            if not c:
                return fb.get(x, y)
            fb.set(x, y, _int(c[0]) & _M32)
        return None

    def hline(self, x, y, w, c):
        self._rect(_int(x), _int(y), _int(w), 1, _int(c))

    def vline(self, x, y, h, c):
        self._rect(_int(x), _int(y), 1, _int(h), _int(c))

    def rect(self, x, y, w, h, c, f=False):
        x, y, w, h, c = _int(x), _int(y), _int(w), _int(h), _int(c)
        if f:
            self._rect(x, y, w, h, c)
        else:
            self._rect(x, y, w, 1, c)
            self._rect(x, y + h - 1, w, 1, c)
            self._rect(x, y, 1, h, c)
            self._rect(x + w - 1, y, 1, h, c)

    def line(self, x1, y1, x2, y2, c):
        x1, y1, x2, y2 = _int(x1), _int(y1), _int(x2), _int(y2)
        col = _int(c) & _M32
        fb = self._fb
        width, height, setp = fb.width, fb.height, fb.set
        dx = x2 - x1
        if dx > 0:
            sx = 1
        else:
            dx = -dx
            sx = -1
        dy = y2 - y1
        if dy > 0:
            sy = 1
        else:
            dy = -dy
            sy = -1
        steep = dy > dx
        if steep:
            x1, y1 = y1, x1
            dx, dy = dy, dx
            sx, sy = sy, sx
        e = 2 * dy - dx
        for _ in range(dx):
            if steep:
                if 0 <= y1 < width and 0 <= x1 < height:
                    setp(y1, x1, col)
            elif 0 <= x1 < width and 0 <= y1 < height:
                setp(x1, y1, col)
            while e >= 0:
                y1 += sy
                e -= 2 * dx
            x1 += sx
            e += 2 * dy
        if 0 <= x2 < width and 0 <= y2 < height:
            setp(x2, y2, col)

    def blit(self, fbuf, x, y, key=-1, palette=None):
        fb = self._fb
        src = _source(fbuf)
        x = _int(x)
        y = _int(y)
        key = _int(key) & _M32
        pal = None if palette is None else _source(palette)
        if x >= fb.width or y >= fb.height or -x >= src.width or -y >= src.height:
            return
        x0 = max(0, x)
        y0 = max(0, y)
        x1 = max(0, -x)
        y1 = max(0, -y)
        x0end = min(fb.width, x + src.width)
        y0end = min(fb.height, y + src.height)
        # a row at a time, each format's pixels read and written in place
        # (the tests draw every screen through here: a call per pixel
        # would be most of their time); pixel for pixel as the loop of
        # modframebuf.c, which reads the palette at each source value
        pget = pal.get if pal is not None else None
        if src.buf.obj is fb.buf.obj or pal is not None and pal.buf.obj is fb.buf.obj:
            # the source is the frame itself (or the palette): a pixel read
            # after the ones written before it, as in C
            get, setp = src.get, fb.set
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
            return
        n = x0end - x0
        mapped = {}
        fmt = fb.format
        buf = fb.buf
        stride = fb.stride
        setp = fb.set
        mono = src.format == MONO_HLSB or src.format == MONO_HMSB
        if mono:
            # a 1-bit source (a font's glyph, an icon): its two values as
            # the palette maps them
            m = (pget(0, 0), pget(1, 0)) if pget is not None else (0, 1)
            if (src.format == fmt and pget is None and key > 1 and x0 == 0 and x1 == 0 and n == fb.width == src.width
                    and stride == n == src.stride and not n & 7):
                # whole rows of the same format, every pixel written: the
                # rows' bytes (a glyph taken out of a font's table)
                rb = n >> 3
                buf[y0 * rb:y0end * rb] = src.buf[y1 * rb:(y1 + y0end - y0) * rb]
                return
            if len(src.buf) <= 256 and (fmt == MONO_VLSB or fmt == GS4_HMSB or fmt == RGB565):
                # a glyph into a frame: each byte it changes, worked out
                # once for the glyph, its place in the frame's bytes and
                # its colours (a byte is written once: the same bytes)
                self._glyph(src, x0, y0, x1, y1, n, y0end - y0, m, key)
                return
        while y0 < y0end:
            if mono:
                # the pixels a row of the source sets: the same glyph rows
                # come again and again, so they are worked out once
                at = x1 + y1 * src.stride
                k = (src.format, bytes(src.buf[at >> 3:(at + n + 7) >> 3]), at & 7, n, m, key)
                hits = _HITS.get(k)
                if hits is None:
                    if len(_HITS) > 20000:
                        _HITS.clear()
                    hits = _HITS[k] = tuple((i, m[c]) for i, c in enumerate(_row(src, x1, y1, n)) if m[c] != key)
            else:
                row = _row(src, x1, y1, n)
                if pget is not None:
                    for c in set(row):
                        if c not in mapped:
                            mapped[c] = pget(c, 0)
                    row = [mapped[c] for c in row]
                hits = [(i, col) for i, col in enumerate(row) if col != key]
            if fmt == MONO_VLSB:
                base = (y0 >> 3) * stride + x0
                bit = 1 << (y0 & 7)
                clear = ~bit & 0xFF
                for i, col in hits:
                    if col & _M32:
                        buf[base + i] |= bit
                    else:
                        buf[base + i] &= clear
            elif fmt == GS4_HMSB:
                cx0 = x0 + y0 * stride
                for i, col in hits:
                    c = cx0 + i
                    j = c >> 1
                    if c & 1:
                        buf[j] = (buf[j] & 0xF0) | (col & 0x0F)
                    else:
                        buf[j] = ((col & 0x0F) << 4) | (buf[j] & 0x0F)
            elif fmt == MONO_HLSB or fmt == MONO_HMSB:
                cx0 = x0 + y0 * stride
                msb = fmt == MONO_HLSB
                for i, col in hits:
                    c = cx0 + i
                    j = c >> 3
                    bit = 0x80 >> (c & 7) if msb else 1 << (c & 7)
                    if col & _M32:
                        buf[j] |= bit
                    else:
                        buf[j] &= ~bit & 0xFF
            else:
                for i, col in hits:
                    setp(x0 + i, y0, col)
            y1 += 1
            y0 += 1

    def _glyph(self, src, x0, y0, x1, y1, n, rows, m, key):
        fb = self._fb
        fmt = fb.format
        stride = fb.stride
        if fmt == MONO_VLSB:
            phase = y0 & 7
            base = (y0 >> 3) * stride + x0
        elif fmt == GS4_HMSB:
            phase = x0 & 1
            base = (x0 + y0 * stride) >> 1
        else:
            phase = 0
            base = 2 * (x0 + y0 * stride)
        k = (src.format, bytes(src.buf), src.width, src.stride, x1, y1, n, rows, m, key, fmt, stride, phase)
        ops = _GLYPHS.get(k)
        if ops is None:
            keep = {}       # offset: (the bits kept, the bits set)
            for r in range(rows):
                for i, c in enumerate(_row(src, x1, y1 + r, n)):
                    col = m[c]
                    if col == key:
                        continue
                    if fmt == MONO_VLSB:
                        at = ((phase + r) >> 3) * stride + i
                        bit = 1 << ((phase + r) & 7)
                        cur = keep.get(at, (0xFF, 0))
                        keep[at] = (cur[0] & ~bit & 0xFF, cur[1] | (bit if col & _M32 else 0))
                    elif fmt == GS4_HMSB:
                        at = (phase + i + r * stride) >> 1
                        cur = keep.get(at, (0xFF, 0))
                        if (phase + i) & 1:
                            keep[at] = (cur[0] & 0xF0, (cur[1] & 0xF0) | (col & 0x0F))
                        else:
                            keep[at] = (cur[0] & 0x0F, (cur[1] & 0x0F) | ((col & 0x0F) << 4))
                    else:
                        at = 2 * (i + r * stride)
                        keep[at] = (0, col & 0xFF)
                        keep[at + 1] = (0, (col >> 8) & 0xFF)
            if len(_GLYPHS) > 20000:
                _GLYPHS.clear()
            ops = _GLYPHS[k] = tuple((at, kept, put) for at, (kept, put) in keep.items())
        buf = fb.buf
        for at, kept, put in ops:
            j = base + at
            buf[j] = (buf[j] & kept) | put

    def scroll(self, xstep, ystep):
        fb = self._fb
        xstep = _int(xstep)
        ystep = _int(ystep)
        if xstep < 0:
            if -xstep >= fb.width:
                return
            sx, xend, dx = 0, fb.width + xstep, 1
        else:
            if xstep >= fb.width:
                return
            sx, xend, dx = fb.width - 1, xstep - 1, -1
        if ystep < 0:
            if -ystep >= fb.height:
                return
            y, yend, dy = 0, fb.height + ystep, 1
        else:
            if ystep >= fb.height:
                return
            y, yend, dy = fb.height - 1, ystep - 1, -1
        get, setp = fb.get, fb.set
        while y != yend:
            for x in range(sx, xend, dx):
                setp(x, y, get(x - xstep, y - ystep))
            y += dy

    def text(self, s, x, y, c=1):
        raise NotImplementedError(
            "framebuf stand-in: FrameBuffer.text (the built-in 8x8 ASCII font) is not "
            "emulated; draw text with firmware.core.font.Font")

    def ellipse(self, *args):
        raise NotImplementedError("framebuf stand-in: FrameBuffer.ellipse is not emulated")

    def poly(self, *args):
        raise NotImplementedError("framebuf stand-in: FrameBuffer.poly is not emulated")


def FrameBuffer1(buffer, width, height, stride=None):  # noqa: N802 - MicroPython's name
    """The legacy constructor: a MONO_VLSB FrameBuffer."""
    return FrameBuffer(buffer, width, height, MONO_VLSB, stride)
