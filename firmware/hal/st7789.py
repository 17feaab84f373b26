# A small ST7789 driver for the colour boards (240x135 panels): it keeps no
# frame of its own.  The Canvas already holds the whole screen as a
# GS4_HMSB framebuf (4 bits per pixel, 16,200 bytes), each pixel an index
# into a palette of at most 16 RGB565 colours; show(buf, palette) sends it
# in horizontal bands through one RGB565 band buffer (band_rows rows).
#
# Why our own driver: micropython-lib has none for the ST7789, the common
# C driver needs a custom firmware build, and the pure-Python ones either
# keep a second full frame or draw pixel by pixel.  This one only needs
# what the Canvas hands it.
#
# Each band is made with no allocation.  Where the firmware has it,
# firmware/hal/gs4 (native code: viper) turns the frame's bytes into the
# band through a table of 256 words, two pixels a byte.  Else one blit per
# band does it, in C: the band (an RGB565 FrameBuffer) gets the frame's
# rows through a 16x1 RGB565 palette FrameBuffer, which maps each index to
# its colour, pixel by pixel (five times slower).  framebuf keeps RGB565
# little-endian and the panel wants each pixel's high byte first, so both
# hold the colours already byte-swapped: the band comes out in the panel's
# byte order.
import framebuf
import time

try:
    from firmware.hal import gs4
except (ImportError, NameError, ValueError, SyntaxError):
    # CPython (no viper: its annotations name no type there), a build
    # without the module, a .mpy compiled for another architecture, or a
    # port with no native emitter (the viper decorator is a SyntaxError)
    gs4 = None

_SWRESET = b"\x01"
_SLPOUT = b"\x11"
_NORON = b"\x13"
_INVON = b"\x21"
_DISPON = b"\x29"
_CASET = b"\x2a"
_RASET = b"\x2b"
_RAMWR = b"\x2c"
_MADCTL = b"\x36"
_COLMOD = b"\x3a"


RESET_MS = 150     # after SWRESET, before SLPOUT (the datasheet's 120 ms, and a margin)


def _sleep_ms(ms):
    try:
        time.sleep_ms(ms)
    except AttributeError:  # CPython
        time.sleep(ms / 1000)


try:
    from time import ticks_ms as _ticks, ticks_diff  # pyright: ignore[reportAssignmentType]
except ImportError:  # CPython (the tests: a panel whose waits are the delay given)
    def _ticks():
        return 0

    def ticks_diff(a, b):
        return a - b


def _since(t):
    return ticks_diff(_ticks(), t)


class ST7789:
    def __init__(self, spi, width, height, dc, cs=None, rst=None, backlight=None,
                 madctl=0x60, offset=(0, 0), band_rows=4, invert=True, delay=None):
        """spi: a machine.SPI; dc, cs, rst, backlight: machine.Pin outputs
        (cs, rst and backlight may be None); madctl: the panel's memory
        access control byte (rotation, colour order); offset: where the
        visible area starts in the controller's 240x320 memory; band_rows:
        the rows made and sent at a time (4: a band of 1,920 bytes of heap
        on a 240-pixel panel, for a frame sent hardly slower than in bands
        of 15 rows, 7,200 bytes: BENCHMARKS.md, *Measured apart*); delay: a
        function sleeping ms milliseconds (time.sleep_ms by default)."""
        sleep_ms = delay or _sleep_ms
        self.spi = spi
        self.width = width
        self.height = height
        self.dc = dc
        self.cs = cs
        self.rst = rst
        self.rows = max(1, min(band_rows, height))
        self.band = bytearray(width * self.rows * 2)
        self._band_mv = memoryview(self.band)
        self._src = None
        self._src_buf = None
        self._pal_src = None
        # the native path needs whole words of frame bytes a band: a width
        # of a multiple of 8 pixels (240 is)
        self.native = gs4 is not None and width % 8 == 0
        if self.native:
            self._colours = bytearray(32)  # the 16 colours, byte-swapped
            self._lut = bytearray(1024)   # a frame byte's two pixels, a word each
        else:
            self._pal = framebuf.FrameBuffer(bytearray(32), 16, 1, framebuf.RGB565)
            self._dst = framebuf.FrameBuffer(self.band, width, self.rows, framebuf.RGB565)
        x0, y0 = offset
        self._caset = bytes((x0 >> 8, x0 & 255, (x0 + width - 1) >> 8, (x0 + width - 1) & 255))
        self._y0 = y0
        self._rows_win = bytearray(4)   # RASET's window, set for each show
        if cs is not None:
            cs.value(1)
        if rst is not None:
            rst.value(1)
            sleep_ms(5)
            rst.value(0)
            sleep_ms(10)
            rst.value(1)
            sleep_ms(120)
        self._cmd(_SWRESET)
        # the rest of the start waits for the first frame (on()): the panel
        # takes SLPOUT only RESET_MS after SWRESET, a time the boot spends
        # loading the game rather than waiting (the boot into a saved game
        # was that much longer)
        self._sleep = sleep_ms
        self._reset_at = _ticks()
        self._start = (madctl, invert, backlight)     # None once on

    def on(self):
        """Wake the panel (sleep out, 16 bits a pixel, display and
        backlight on), RESET_MS after its reset at the earliest; once,
        before the first frame is sent."""
        s = self._start
        if s is None:
            return
        self._start = None
        madctl, invert, backlight = s
        left = RESET_MS - _since(self._reset_at)
        if left > 0:
            self._sleep(left)
        self._cmd(_SLPOUT)
        self._sleep(10)
        self._cmd(_COLMOD, b"\x55")          # 16 bits per pixel
        self._cmd(_MADCTL, bytes((madctl,)))
        if invert:
            self._cmd(_INVON)                 # IPS panels show true colours inverted
        self._cmd(_NORON)
        self._cmd(_DISPON)
        if backlight is not None:
            backlight.value(1)

    def _cmd(self, c, data=None):
        if self.cs is not None:
            self.cs.value(0)
        self.dc.value(0)
        self.spi.write(c)
        if data:
            self.dc.value(1)
            self.spi.write(data)
        if self.cs is not None:
            self.cs.value(1)

    def set_palette(self, palette):
        """The RGB565 colours of indices 0.. (at most 16), kept byte-swapped."""
        if self.native:
            colours = self._colours
            for i in range(16):
                c = palette[i] if i < len(palette) else 0
                colours[2 * i] = (c >> 8) & 0xFF
                colours[2 * i + 1] = c & 0xFF
            gs4.table(colours, self._lut)
        else:
            pal = self._pal
            pal.fill(0)
            for i in range(len(palette)):
                c = palette[i]
                pal.pixel(i, 0, ((c & 0xFF) << 8) | ((c >> 8) & 0xFF))
        self._pal_src = palette

    def show(self, buf, palette):
        """Send a whole GS4_HMSB frame (the Canvas's buf) to the panel, each
        pixel's index turned into its colour in palette (RGB565 values)."""
        self.show_rows(buf, palette, 0, self.height)

    def show_rows(self, buf, palette, lo, hi, top=0, end=0, more=False):
        """Send rows lo..hi-1 of the frame (a row window: RASET).  top: the
        row of the panel that buf's first row is (a band of the frame:
        firmware/hal/bands.py), 0 for a whole frame.  end: the window's end
        where rows beyond hi may follow (more=True: the rows go on where
        the last ended, in the same window)."""
        if self._start is not None:
            self.on()
        native = self.native
        src = self._src
        row_bytes = self.width // 2
        if not native and (src is None or buf is not self._src_buf):
            src = self._src = framebuf.FrameBuffer(buf, self.width, len(buf) // ((self.width + 1) >> 1),
                                                   framebuf.GS4_HMSB)
            self._src_buf = buf
        if palette is not self._pal_src:
            self.set_palette(palette)
        pal = None if native else self._pal
        dst = None if native else self._dst
        lut = self._lut if native else None
        band = self.band
        if not more:
            self._cmd(_CASET, self._caset)
            r = self._rows_win
            y0 = self._y0
            a = y0 + lo
            b = y0 + max(hi, end) - 1
            r[0] = a >> 8
            r[1] = a & 255
            r[2] = b >> 8
            r[3] = b & 255
            self._cmd(_RASET, r)
            self._cmd(_RAMWR)
        w = self.width
        if self.cs is not None:
            self.cs.value(0)
        self.dc.value(1)
        y = lo
        while y < hi:
            n = min(self.rows, hi - y) * w
            if native:
                gs4.expand(buf, (y - top) * row_bytes, n // 2, band, lut)
            else:
                dst.blit(src, 0, top - y, -1, pal)
            if n == w * self.rows:
                self.spi.write(band)
            else:
                self.spi.write(self._band_mv[:n * 2])
            y += self.rows
        if self.cs is not None:
            self.cs.value(1)
