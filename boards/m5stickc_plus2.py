# M5Stack M5StickC Plus2: ESP32-PICO-V3-02 (2 MB PSRAM, 8 MB flash), a 1.14"
# 135x240 ST7789V2 IPS screen (used 240x135, on its side), buttons A (front)
# and B (side), a 200 mAh battery.  Data only.
#
# On the board, as M5Stack's own libraries (M5GFX, M5Unified) set it up: the
# LCD on SPI (SCK G13, MOSI G15, CS G5, DC G14, RST G12, backlight G27, the
# glass at (52, 40) of the controller's memory standing); button A G37,
# button B G39 (input-only pins with the board's own pull-ups, low when
# pressed); HOLD G4, which the firmware holds high, else the stick switches
# itself off on battery when the power button is let go.  Add a strip of 4
# NeoPixels on the Grove port: DIN to G32, 5V, GND.
# MicroPython: the official ESP32_GENERIC-SPIRAM build (its heap in the PSRAM).
NAME = "m5stickc_plus2"
FAMILY = "machine"
DISPLAY = {"driver": "st7789", "width": 240, "height": 135, "bus": "spi",
           "spi": 1, "sck": 13, "mosi": 15, "cs": 5, "dc": 14, "rst": 12, "backlight": 27, "colour": True,
           "baudrate": 40_000_000, "madctl": 0x60, "offset": (40, 53), "font": "large", "bands": 1}
BUTTONS = {"a": 37, "b": 39}
NO_PULL = ("a", "b")
PROFILE = "two"
PIXELS = {"pin": 32, "count": 4}
DRIVERS = ()
# pins held high from power-on (the board's power hold)
HOLD = (4,)
# the chip's architecture, for the native code of a colour panel (flash.sh)
ARCH = 'xtensawin'
