# The SSD1306 128x64 OLED through micropython-lib's driver (installed on
# the board by flash.sh: mpremote mip install ssd1306).  The driver sets
# the panel up and takes the window commands; the frame goes out from a
# buffer of our own, one byte longer than the frame: the data prefix (0x40)
# first, then the frame in the Canvas's MONO_VLSB layout (`buffer`: the
# Canvas draws on it).  The driver's write_data would send the prefix and
# the frame as two pieces, which machine.I2C.writevto joins in a new block
# of the frame's size plus one on every draw: a block that a
# heap cut up by a long game does not always have.  show_rows(buf, lo, hi)
# sends only the pages that hold the rows drawn on (a cursor move: two or
# three of the eight), the prefix put in the byte before the first of them
# for the transfer and put back after it.


class SSD1306Display:
    def __init__(self, dev):
        """dev: an ssd1306.SSD1306_I2C (with an SSD1306_SPI, the driver's
        own buffer and write_data)."""
        self.dev = dev
        self.bus = getattr(dev, "i2c", None)
        if self.bus is not None:
            # the window's commands in one transfer (a control byte of 0:
            # commands follow), where the driver's write_cmd makes one each
            self.cmd = bytearray(b"\x00\x21\x00\x7f\x22\x00\x07")
            self.out = bytearray(1 + len(dev.buffer))
            self.out[0] = 0x40
            self.omv = memoryview(self.out)
            self.buffer = self.omv[1:]      # the frame the Canvas draws on
        else:
            self.out = None
            self.buffer = dev.buffer

    def show(self, buf):
        self.show_rows(buf, 0, self.dev.height)

    def show_rows(self, buf, lo, hi):
        """Send only the pages (8 rows each) holding rows lo..hi-1: the
        driver's own window commands, then those pages in one transfer (at
        400 kHz, 9 clocks a byte, the whole frame is most of a press's
        time on the bus)."""
        dev = self.dev
        w = dev.width
        p0 = lo >> 3
        p1 = (hi - 1) >> 3
        a, b = p0 * w, (p1 + 1) * w
        if buf is not self.buffer:
            self.buffer[a:b] = buf[a:b]
        out = self.out
        if out is None:
            for c in (0x21, 0, w - 1, 0x22, p0, p1):   # column and page address windows
                dev.write_cmd(c)
            dev.write_data(memoryview(self.buffer)[a:b])
            return
        cmd = self.cmd
        cmd[3] = w - 1
        cmd[5] = p0
        cmd[6] = p1
        self.bus.writeto(dev.addr, cmd)
        keep = out[a]           # (the frame's byte before page p0's; out[0] is the prefix)
        out[a] = 0x40
        try:
            self.bus.writeto(dev.addr, self.omv[a:b + 1])
        finally:
            out[a] = keep
        if getattr(dev, "dark", False):
            dev.dark = False
            dev.write_cmd(0xAF)     # the display on, now that it holds a frame of ours


def i2c(d):
    """The display of a profile's DISPLAY dict, on its I2C bus."""
    from machine import I2C, Pin
    import ssd1306  # pyright: ignore[reportMissingImports]  (micropython-lib, put on the board by flash.sh)
    bus = I2C(d["i2c"], sda=Pin(d["sda"]), scl=Pin(d["scl"]), freq=d.get("freq", 400_000))

    class Dark(ssd1306.SSD1306_I2C):
        """The driver's set-up ends with the display switched on and a
        blank frame sent, a whole frame on the bus (BENCHMARKS.md, *Saved
        games under faults*: the boot) just before the first screen's own: here the display stays
        off through it, and is switched on once it holds that first screen
        (show_rows), so what its RAM held at power-on is never shown."""

        def __init__(self, *a, **kw):
            self.dark = True
            super().__init__(*a, **kw)

        def write_cmd(self, cmd):
            if cmd != 0xAF or not self.dark:    # SET_DISP | 1, the set-up's last command
                super().write_cmd(cmd)

        def show(self):
            if not self.dark:
                super().show()

    return SSD1306Display(Dark(d["width"], d["height"], bus, addr=d.get("addr", 0x3C)))
