# Raspberry Pi Pico, SSD1306 128x64 over I2C, 4 buttons, 4 NeoPixels.
# A hardware profile is data only: the app builds the display, buttons and
# pixels from it.  The default profile of the simulator.
#
# Wiring (Pico GP numbers): OLED SDA GP4, SCL GP5, VCC 3V3, GND;
# buttons from GP2 (up), GP3 (down), GP6 (OK), GP7 (back) to GND (internal
# pull-ups); NeoPixel strip DIN GP16, 5V from VBUS, GND.
NAME = "pico_oled"
FAMILY = "machine"
DISPLAY = {"driver": "ssd1306", "width": 128, "height": 64, "bus": "i2c",
           "i2c": 0, "sda": 4, "scl": 5, "freq": 400_000, "addr": 0x3C, "colour": False,
           "font": "small"}
BUTTONS = {"up": 2, "down": 3, "ok": 6, "back": 7}
PROFILE = "four"
PIXELS = {"pin": 16, "count": 4}
DRIVERS = ("ssd1306",)
# the chip's architecture, for the native code of a colour panel (flash.sh)
ARCH = 'armv6m'
# the MicroPython build for the board's chip: its UF2 in dist/ (flash.sh --uf2)
MICROPYTHON = "RPI_PICO"
# the system clock: the RP2040's fastest specified, 200 MHz (firmware/hal/board.py, clock)
CLOCK = 200_000_000
