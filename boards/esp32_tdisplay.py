# ESP32 TTGO T-Display: 240x135 ST7789, 2 buttons (GPIO 0 and 35).  Data only.
#
# The LCD and both buttons are on the board (SPI: SCK 18, MOSI 19, CS 5,
# DC 16, RST 23, backlight 4; button A GPIO0, button B GPIO35, which has
# the board's own pull-up: GPIO35 has none inside).  Add a strip of 4
# NeoPixels: DIN to GPIO13, 5V, GND.
NAME = "esp32_tdisplay"
FAMILY = "machine"
DISPLAY = {"driver": "st7789", "width": 240, "height": 135, "bus": "spi",
           "spi": 2, "sck": 18, "mosi": 19, "cs": 5, "dc": 16, "rst": 23, "backlight": 4, "colour": True,
           "baudrate": 40_000_000, "madctl": 0x60, "offset": (40, 53), "font": "large", "bands": 1}
BUTTONS = {"a": 0, "b": 35}
NO_PULL = ("b",)
PROFILE = "two"
PIXELS = {"pin": 13, "count": 4}
DRIVERS = ()
# the chip's architecture, for the native code of a colour panel (flash.sh)
ARCH = 'xtensawin'
