# Adafruit PyBadge (or PyBadge LC / EdgeBadge) running CircuitPython:
# its 160x128 colour TFT through displayio, its 8 buttons through keypad
# (a shift register), its 5 NeoPixels (the first 4 are the players).
# Data only: firmware.hal.cp_board builds it.
#
# Nothing to wire.  Buttons: the d-pad up/down, A = OK, B = back (SELECT
# and START are not used); key numbers are the shift register's bits.
NAME = "pybadge"
FAMILY = "circuitpython"
DISPLAY = {"driver": "displayio", "width": 160, "height": 128, "colour": True, "font": "medium"}
KEYPAD = {"kind": "shift_register", "clock": "BUTTON_CLOCK", "data": "BUTTON_OUT",
          "latch": "BUTTON_LATCH", "count": 8, "value_when_pressed": True}
BUTTONS = {"up": 6, "down": 5, "ok": 1, "back": 0}
PROFILE = "four"
PIXELS = {"pin": "NEOPIXEL", "count": 5}
DRIVERS = ()
# CircuitPython libraries (circup names) the firmware needs on the board
LIBS = ("asyncio", "neopixel")
