# Raspberry Pi Pico with a Waveshare Pico-LCD-1.14: a 240x135 ST7789, a
# five-way joystick and two keys, no LEDs.  Data only.
#
# The module plugs onto the Pico: LCD on SPI1 (SCK GP10, MOSI GP11, CS GP9,
# DC GP8, RST GP12), backlight GP13; joystick up GP2, down GP18, left GP16,
# right GP20, press GP3; keys A GP15, B GP17; all to GND when pressed.
# Buttons as on the other four-button boards: joystick up and down move,
# key A is OK, key B is back (the joystick's left, right and press are not
# used).  No LEDs: the screen alone shows whose turn it is.
NAME = "pico_lcd_114"
FAMILY = "machine"
DISPLAY = {"driver": "st7789", "width": 240, "height": 135, "bus": "spi",
           "spi": 1, "sck": 10, "mosi": 11, "cs": 9, "dc": 8, "rst": 12, "backlight": 13, "colour": True,
           "baudrate": 62_500_000, "peri_clock": "sys", "madctl": 0x70, "offset": (40, 53), "font": "large",
           "bands": 1}
BUTTONS = {"up": 2, "down": 18, "ok": 15, "back": 17}
PROFILE = "four"
PIXELS = None
DRIVERS = ()
# the chip's architecture, for the native code of a colour panel (flash.sh)
ARCH = 'armv6m'
# the MicroPython build for the board's chip: its UF2 in dist/ (flash.sh --uf2)
MICROPYTHON = "RPI_PICO"
# the system clock: the RP2040's fastest specified, 200 MHz (firmware/hal/board.py, clock)
CLOCK = 200_000_000
