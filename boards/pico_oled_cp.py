# Raspberry Pi Pico running CircuitPython, wired as pico_oled: an SSD1306
# 128x64 OLED over I2C, 4 buttons, 4 NeoPixels, driven through busio
# (the OLED's frame drawn by displayio's bitmaptools: firmware/hal/displayio_canvas.py),
# keypad and the neopixel library.  Data only: firmware.hal.cp_board builds it.
#
# Wiring: the same as pico_oled (OLED SDA GP4, SCL GP5; buttons from GP2
# up, GP3 down, GP6 OK, GP7 back to GND, internal pull-ups; NeoPixel DIN
# GP16).  Pins are CircuitPython's board names; key numbers are the
# order of KEYPAD's pins.
NAME = "pico_oled_cp"
FAMILY = "circuitpython"
DISPLAY = {"driver": "ssd1306", "width": 128, "height": 64, "bus": "i2c", "sda": "GP4", "scl": "GP5",
           "freq": 400_000, "addr": 0x3C, "colour": False, "font": "small"}
KEYPAD = {"kind": "keys", "pins": ("GP2", "GP3", "GP6", "GP7"), "value_when_pressed": False}
BUTTONS = {"up": 0, "down": 1, "ok": 2, "back": 3}
PROFILE = "four"
PIXELS = {"pin": "GP16", "count": 4}
DRIVERS = ()
# CircuitPython libraries the firmware needs on the board (their circup
# names; flash.sh copies them from drivers/circuitpython)
LIBS = ("asyncio", "adafruit_ticks", "neopixel")
