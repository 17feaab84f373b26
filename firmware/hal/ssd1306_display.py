# The SSD1306 128x64 OLED through micropython-lib's driver (installed on
# the board by flash.sh: mpremote mip install ssd1306).  The driver is a
# FrameBuffer with its own 1 kB buffer in the same MONO_VLSB layout as the
# Canvas: the Canvas draws on that buffer (`buffer`), so there is one frame
# in RAM; show(buf) lets the driver send it (a Canvas with a frame of its
# own has it copied in first); show_rows(buf, lo, hi) sends only the pages
# that hold the rows drawn on (a cursor move: two or three of the eight).


class SSD1306Display:
    def __init__(self, dev):
        """dev: an ssd1306.SSD1306_I2C (or _SPI)."""
        self.dev = dev
        self.buffer = dev.buffer    # the frame the Canvas draws on
        self.buf = None
        self.mv = None

    def show(self, buf):
        if buf is not self.dev.buffer:
            self.dev.buffer[:] = buf
        self.dev.show()

    def show_rows(self, buf, lo, hi):
        """Send only the pages (8 rows each) holding rows lo..hi-1: the
        driver's own window commands, then those pages straight from the
        Canvas's frame (at 400 kHz the whole frame is 23 ms on the bus)."""
        dev = self.dev
        w = dev.width
        if buf is not self.buf:
            self.buf = buf
            self.mv = memoryview(buf)
        p0 = lo >> 3
        p1 = (hi - 1) >> 3
        for c in (0x21, 0, w - 1, 0x22, p0, p1):   # column and page address windows
            dev.write_cmd(c)
        dev.write_data(self.mv[p0 * w:(p1 + 1) * w])


def i2c(d):
    """The display of a profile's DISPLAY dict, on its I2C bus."""
    from machine import I2C, Pin
    import ssd1306  # pyright: ignore[reportMissingImports]  (micropython-lib, put on the board by flash.sh)
    bus = I2C(d["i2c"], sda=Pin(d["sda"]), scl=Pin(d["scl"]), freq=d.get("freq", 400_000))
    return SSD1306Display(ssd1306.SSD1306_I2C(d["width"], d["height"], bus, addr=d.get("addr", 0x3C)))
