# Raspberry Pi Pico with a 240x135 ST7789 (Pimoroni Pico Display Pack
# pin-out), 4 buttons (A, B, X, Y), an RGB LED.  Data only.
#
# The pack plugs onto the Pico: LCD on SPI0 (SCK GP18, MOSI GP19, CS GP17,
# DC GP16), backlight GP20; buttons A GP12 (OK), B GP13 (back), X GP14 (up),
# Y GP15 (down) to GND; the RGB LED's cathodes on GP6 (red), GP7 (green),
# GP8 (blue), lit low.  It shows the colour of the player whose turn it is.
NAME = "pico_display"
FAMILY = "machine"
DISPLAY = {"driver": "st7789", "width": 240, "height": 135, "bus": "spi",
           "spi": 0, "sck": 18, "mosi": 19, "cs": 17, "dc": 16, "backlight": 20, "colour": True,
           "baudrate": 62_500_000, "peri_clock": "sys", "madctl": 0x70, "offset": (40, 53), "font": "large", "bands": 1}
BUTTONS = {"up": 14, "down": 15, "ok": 12, "back": 13}
PROFILE = "four"
PIXELS = {"rgb_led": (6, 7, 8), "count": 1, "active_low": True}
DRIVERS = ()
# the chip's architecture, for the native code of a colour panel (flash.sh)
ARCH = 'armv6m'
# the MicroPython build for the board's chip: its UF2 in dist/ (flash.sh --uf2)
MICROPYTHON = "RPI_PICO"
# the system clock: the RP2040's fastest specified, 200 MHz (firmware/hal/board.py, clock)
CLOCK = 200_000_000
