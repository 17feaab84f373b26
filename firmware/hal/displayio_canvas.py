# The Canvas of a CircuitPython board: the screens draw into a framebuf
# exactly as on the MicroPython boards (firmware.hal.canvas.Canvas: fill,
# rect, line, hline, text, text_width, icon, show; width, height, colour,
# buf, palette), and show() hands the frame to displayio: a Bitmap of
# 16-bit values shown by a TileGrid through a displayio.Palette.  The
# values are the screens' colours, indices into the layout's palette
# (set_palette: RGB565 colours, given to displayio as RGB888).  A mono
# screen (the SSD1306) draws with 0 and 1 in the same Bitmap, shown black
# and white: displayio turns them into the panel's bits.
#
# Where the Bitmap lends its own memory (CircuitPython: a Bitmap is a
# writable buffer, 16-bit values little-endian like framebuf's RGB565, rows
# word-aligned), the framebuf draws straight into it (an RGB565 framebuf
# used as 16-bit values) and show() only marks it dirty: one frame in RAM.
# Elsewhere (Blinka on CPython, or an odd width) the Canvas keeps its own
# frame, an array of 16-bit values, and show() copies it in with
# bitmaptools.arrayblit.
#
# CircuitPython has no built-in framebuf: flash.sh puts a pure-Python one in
# lib/ (firmware/hal/framebuf_py.py, pixel-exact with MicroPython's).
import array

import framebuf

from firmware.hal.canvas import Canvas


class DisplayioCanvas(Canvas):
    def __init__(self, width, height, font, display=None, bitmap=None, palette=None, colour=True):
        """display: a displayio display (board.DISPLAY) or None; bitmap: the
        Bitmap to draw into (a new one of width x height 16-bit values);
        palette: as set_palette; colour False: a mono screen (colours 0
        and 1)."""
        import displayio
        self.width = width
        self.height = height
        self.colour = colour
        self.font = font
        self.display = display
        self.bitmap = bitmap if bitmap is not None else displayio.Bitmap(width, height, 65536)
        self.shader = displayio.Palette(16)
        self.palette = None
        self.lo = 0             # the rows drawn on (Canvas keeps them; displayio
        self.hi = height        # refreshes what changed by itself)
        self.sent = []
        self.set_palette(palette)
        self.tilegrid = displayio.TileGrid(self.bitmap, pixel_shader=self.shader)
        self.group = displayio.Group()
        self.group.append(self.tilegrid)
        self.direct = False
        fb = None
        try:
            n = len(memoryview(self.bitmap))   # bytes, or 16-bit items on CircuitPython
            if n == width * height * 2 or n == width * height:
                fb = framebuf.FrameBuffer(self.bitmap, width, height, framebuf.RGB565)
                self.buf = self.bitmap
                self.direct = True
        except (TypeError, ValueError):
            fb = None
        if fb is None:
            self.buf = array.array("H", bytes(width * height * 2))
            fb = framebuf.FrameBuffer(self.buf, width, height, framebuf.RGB565)
        self.fb = fb
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
        Canvas.set_palette(self, palette)
        if palette is None and not self.colour:
            palette = (0x0000, 0xFFFF)
        shader = self.shader
        for i in range(16):
            c = palette[i] if palette is not None and i < len(palette) else 0
            r = (c >> 11) & 31
            g = (c >> 5) & 63
            b = c & 31
            shader[i] = (((r << 3) | (r >> 2)) << 16) | (((g << 2) | (g >> 4)) << 8) | (b << 3) | (b >> 2)

    def show(self):
        if self.direct:
            self.bitmap.dirty()
        else:
            import bitmaptools
            bitmaptools.arrayblit(self.bitmap, self.buf)
        if self.display is not None:
            self.display.refresh()
