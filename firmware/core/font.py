# Bitmap text for the device: draws the project's fonts (assets/fonts/*.fnt,
# made by tools/mkfont.py) onto a framebuf.FrameBuffer of any format the
# displays use (MONO_VLSB for the SSD1306; GS4_HMSB for the ST7789 and
# RGB565 on the CircuitPython board, both holding palette indices).  Latin,
# Spanish and Cyrillic are all just glyphs of the file: no per-script code.
#
# How a character is drawn, with no heap allocation per character:
#   - the file is read once into a bytes object; its glyph table is one tall
#     MONO_HLSB image (advance wide, N*height tall), each glyph's bytes
#     contiguous;
#   - the glyph index comes from the ASCII run (direct) or a binary search
#     in the sorted table of code points;
#   - the glyph's bytes are copied out of the table into a preallocated
#     one-glyph FrameBuffer's buffer by an io.BytesIO over the file's bytes
#     (seek + readinto: a copy in C; the BytesIO refers to the bytes, it
#     does not copy them).  On a Pico this is several times quicker than
#     a blit of the glyph out of a FrameBuffer over the table (pixel by
#     pixel; BENCHMARKS.md, *Measured apart*);
#   - a blit puts the glyph on the screen through a 2-entry palette
#     (0 -> key, 1 -> colour) with that key, so the background stays
#     transparent and the colour can be anything the format holds,
#     including 0 (dark text on a lit bar of the mono screen).  The palette
#     is RGB565 whatever the target: the key is compared with the 16-bit
#     entry, then the target keeps the bits its format has (4 on GS4_HMSB,
#     where colour and key, c and c ^ 1, are two different indices).
#
# RAM per font: the whole file (on a board, where flash.sh cut it down to
# one language's characters, that part: tools/fontsubset.py, Font.use; the
# sizes: BENCHMARKS.md, *Measured apart*; nothing when the file is in a ROM
# file system, used in place: then the glyph is blitted out of the table,
# which cannot be read by a BytesIO without a copy) plus a few hundred
# bytes of objects (two FrameBuffers, a BytesIO, the one-glyph buffer of
# height*ceil(advance/8) bytes, the 4-byte palette).
# Drawing allocates nothing per character (tests/mpy/test_font.py measures
# it); the only heap use is MicroPython interning a character the first
# time any string iteration meets it, once per distinct character.
# A missing character draws the file's replacement glyph (U+FFFD).
import io

try:
    import framebuf
except ImportError:     # CircuitPython: its canvas blits glyphs in C (firmware/hal/displayio_canvas.py)
    framebuf = None

_HEADER = 16


class Font:
    """Font(path): one .fnt file.  Attributes: advance (pixels per
    character, the font is monospaced), height (line height in pixels),
    baseline (rows from the top of a line to the baseline), count (glyphs)."""

    def __init__(self, path, lazy=False):
        """lazy: read only the file's header now (the metrics), the glyphs
        when use() or the first drawing needs them: a board's bring-up
        makes its font before it knows the language, whose part it reads."""
        self.path = path        # the whole font; use(lang) may read a part of it
        self.advance = None
        self.loaded = None      # the file the glyphs are from
        self.file = self._data = None
        if lazy:
            with open(path, "rb") as f:
                head = f.read(_HEADER)
            self._head(head, path)
        else:
            self._read(path)
        if framebuf is not None:
            self._gbuf = bytearray(self.gsize)
            self._glyph = framebuf.FrameBuffer(self._gbuf, self.advance, self.height, framebuf.MONO_HLSB)
            self._pal = framebuf.FrameBuffer(bytearray(4), 2, 1, framebuf.RGB565)

    def use(self, lang):
        """Draw from the font's part for language lang (PATH.LANG.fnt, made
        by tools/fontsubset.py when flash.sh stages a board: the ASCII and
        the characters that language's words use), where there is one, else
        from the whole font.  The old glyphs are let go of before the new
        are read."""
        part = "%s.%s.fnt" % (self.path[:-4], lang)
        try:
            f = open(part, "rb")
        except OSError:             # no part for this language
            part = self.path
            f = None
        was = self.loaded
        if part == was:
            if f is not None:
                f.close()
            return
        self._data = self.file = self._src = self._table = self.loaded = None
        try:
            self._read(part, f)
        except BaseException as e:
            if was is not None:
                try:
                    self._read(was)     # a part that cannot be used: the font as it was
                except BaseException:   # (or none: the next drawing tries again)
                    pass
            raise e

    def data(self):
        """The bytes the glyphs are drawn from; read now if not yet: the
        English part (what the crash screen says before a language is
        loaded: a crash at boot may leave little room), else the whole."""
        if self._data is None:
            self.use("en")
        return self._data

    def _head(self, data, path):
        """The metrics of the header in data; checked against those read
        before (a part must have the whole font's)."""
        if len(data) < _HEADER or bytes(data[0:4]) != b"MFNT" or data[4] != 1:
            raise ValueError("not a version 1 font file: " + path)
        if self.advance is not None and (data[5], data[6], data[7]) != (self.advance, self.height, self.baseline):
            raise ValueError("font file %s is not a part of %s" % (path, self.path))
        self.advance = data[5]
        self.height = data[6]
        self.baseline = data[7]
        n = data[8] | (data[9] << 8)
        self.count = n
        self._repl = data[10] | (data[11] << 8)
        self.run = data[12] | (data[13] << 8)
        self.gsize = data[14] | (data[15] << 8)
        return n

    def _read(self, path, f=None):
        """The glyphs of the file at path (open in f, if given)."""
        with f or open(path, "rb") as f:
            try:
                # a file in a ROM file system (flash.sh --romfs) is used in
                # place, from flash: no heap for the file
                data = memoryview(f)
            except TypeError:
                f.seek(0, 2)
                size = f.tell()
                f.seek(0)
                data = f.read(size)    # bytes of exactly that size
        size = len(data)
        n = self._head(data, path)
        gsize = self.gsize
        bpr = (self.advance + 7) >> 3
        if gsize != self.height * bpr or size != _HEADER + 2 * n + n * gsize:
            raise ValueError("font file size does not match its header: " + path)
        self._data = data
        self.file = data    # the file's bytes (firmware/hal/glyphs draws from them)
        self.loaded = path
        self.first = data[_HEADER] | (data[_HEADER + 1] << 8)
        self.at = _HEADER + 2 * n        # where the glyph table starts
        if isinstance(data, bytes):
            self._src = io.BytesIO(data)
            self._table = None
        else:
            # in place in a ROM file system: blit takes (buffer, width,
            # height, format) as its source (a FrameBuffer needs a buffer
            # it could write)
            self._src = None
            self._table = (memoryview(data)[self.at:], self.advance, n * self.height, framebuf.MONO_HLSB)

    def index(self, cp):
        """The glyph index of code point cp, or the replacement glyph's."""
        d = self._data
        if d is None:
            d = self.data()
        i = cp - self.first
        if 0 <= i < self.run:
            return i
        lo = self.run
        hi = self.count - 1
        while lo <= hi:
            mid = (lo + hi) >> 1
            o = _HEADER + 2 * mid
            c = d[o] | (d[o + 1] << 8)
            if c < cp:
                lo = mid + 1
            elif c > cp:
                hi = mid - 1
            else:
                return mid
        return self._repl

    def has(self, ch):
        """True if the font has a glyph of its own for character ch."""
        cp = ord(ch)
        i = self.index(cp)
        o = _HEADER + 2 * i
        return (self._data[o] | (self._data[o + 1] << 8)) == cp

    def width(self, text):
        """Width of text in pixels."""
        return len(text) * self.advance

    def draw(self, fb, text, x, y, color):
        """Draw text with its top-left corner at (x, y) in colour `color`
        (a value of fb's format); pixels between the strokes are left as
        they were.  Clipped at the edges of fb.  Returns the x after the
        text."""
        if self._data is None:
            self.data()
        color &= 0xFFFF
        key = color ^ 1
        pal = self._pal
        if color == 1:
            # the glyph's own 1s are the colour: no palette (a third faster)
            pal = None
        else:
            pal.pixel(0, 0, key)
            pal.pixel(1, 0, color)
        glyph = self._glyph
        src = self._src
        gbuf = self._gbuf
        table = self._table
        at = self.at
        gsize = self.gsize
        h = self.height
        adv = self.advance
        first = self.first
        run = self.run
        # the text's UTF-8 bytes, not its characters: MicroPython interns
        # each character a loop over a str makes, for good
        b = text.encode()
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
                i = self.index(i + first)
            if src is not None:
                # (the device stubs' io streams lack seek and readinto)
                src.seek(at + i * gsize)  # pyright: ignore[reportAttributeAccessIssue]
                src.readinto(gbuf)  # pyright: ignore[reportAttributeAccessIssue]
            else:
                glyph.blit(table, 0, -i * h)
            if pal is None:
                fb.blit(glyph, x, y, 0)
            else:
                fb.blit(glyph, x, y, key, pal)
            x += adv
        return x
