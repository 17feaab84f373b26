# The SSD1306 128x64 OLED through micropython-lib's driver (installed on
# the board by flash.sh: mpremote mip install ssd1306).  The driver is a
# FrameBuffer with its own 1 kB buffer in the same MONO_VLSB layout as the
# Canvas; show(buf) copies the Canvas's frame into it (a memcpy) and lets
# the driver send it.


class SSD1306Display:
    def __init__(self, dev):
        """dev: an ssd1306.SSD1306_I2C (or _SPI)."""
        self.dev = dev

    def show(self, buf):
        self.dev.buffer[:] = buf
        self.dev.show()

    def contrast(self, level):
        self.dev.contrast(level)


def i2c(d):
    """The display of a profile's DISPLAY dict, on its I2C bus."""
    from machine import I2C, Pin
    import ssd1306  # pyright: ignore[reportMissingImports]  (micropython-lib, put on the board by flash.sh)
    bus = I2C(d["i2c"], sda=Pin(d["sda"]), scl=Pin(d["scl"]), freq=d.get("freq", 400_000))
    return SSD1306Display(ssd1306.SSD1306_I2C(d["width"], d["height"], bus, addr=d.get("addr", 0x3C)))
