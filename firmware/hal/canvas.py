# The Canvas the screens draw on: a MicroPython framebuf.FrameBuffer plus
# the project's bitmap font (not framebuf.text, so Cyrillic and Spanish draw
# with the same code) and a display whose show() sends the buffer out.
import framebuf


class Canvas:
    def __init__(self, width, height, colour, font, display=None):
        self.width = width
        self.height = height
        self.colour = colour
        self.font = font
        if colour:
            self.buf = bytearray(width * height * 2)
            fmt = framebuf.RGB565
        else:
            self.buf = bytearray(width * ((height + 7) // 8))
            fmt = framebuf.MONO_VLSB
        self.fb = framebuf.FrameBuffer(self.buf, width, height, fmt)
        self.display = display

    def fill(self, c):
        self.fb.fill(c)

    def rect(self, x, y, w, h, c, fill=False):
        if fill:
            self.fb.fill_rect(x, y, w, h, c)
        else:
            self.fb.rect(x, y, w, h, c)

    def line(self, x0, y0, x1, y1, c):
        self.fb.line(x0, y0, x1, y1, c)

    def hline(self, x, y, w, c):
        self.fb.hline(x, y, w, c)

    def text(self, x, y, s, c):
        self.font.draw(self.fb, s, x, y, c)

    def text_width(self, s):
        return self.font.width(s)

    def icon(self, x, y, rows, c):
        """A small bitmap given as ints, one per row, bit 7 leftmost."""
        fb = self.fb
        for j in range(len(rows)):
            bits = rows[j]
            for i in range(8):
                if bits & (0x80 >> i):
                    fb.pixel(x + i, y + j, c)

    def show(self):
        if self.display is not None:
            self.display.show(self.buf)
