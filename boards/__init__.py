# Hardware profiles: one data module per board (pins, display, buttons,
# LEDs), no logic.  firmware/main.py imports the one named in board.json;
# host_sim/device.py reads them too.  Every profile has the same keys:
#
#   NAME      the profile's name (its module name)
#   FAMILY    which setup module in firmware/hal/ builds it:
#             "machine" (MicroPython on a microcontroller: firmware.hal.board),
#             "circuitpython" (displayio, keypad: firmware.hal.cp_board),
#             "unix" (the MicroPython unix port as a virtual board:
#             firmware.hal.virtual)
#   DISPLAY   driver, width, height, colour (bool), font ("small" 6x10,
#             "medium" 6x12 or "large" 8x16) and the bus and its pins
#   BUTTONS   {button name: pin}; PROFILE "four" (up, down, ok, back) or
#             "two" (a, b; see firmware/ui/nav.py)
#   PIXELS    the player LEDs: {"pin", "count"} for NeoPixels, or
#             {"rgb_led": (r, g, b), "count": 1}, or None
#   DRIVERS   micropython-lib packages flash.sh installs with mpremote mip
