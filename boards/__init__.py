# Hardware profiles: one data module per board (pins, display, buttons,
# LEDs), no logic.  firmware/main.py imports the one named in board.json;
# host_sim/device.py reads them too.  Every profile has the same keys:
#
#   NAME      the profile's name (its module name)
#   FAMILY    which setup module in firmware/hal/ builds it:
#             "machine" (MicroPython on a microcontroller: firmware.hal.board),
#             "circuitpython" (displayio, keypad: firmware.hal.cp_board),
#             "unix" (the MicroPython unix port as a virtual board:
#             firmware.hal.virtual), "web" (MicroPython's WebAssembly port
#             in a web page: firmware.hal.web)
#   DISPLAY   driver, width, height, colour (bool), font ("small" 6x10,
#             "medium" 6x12 or "large" 8x16) and the bus and its pins
#   BUTTONS   {button name: pin}; PROFILE "four" (up, down, ok, back) or
#             "two" (a, b; see firmware/screenkit/nav.py)
#   PIXELS    the player LEDs: {"pin", "count"} for NeoPixels, or
#             {"rgb_led": (r, g, b), "count": 1}, or None
#   DRIVERS   micropython-lib packages flash.sh installs with mpremote mip
#   ARCH      the chip's architecture for mpy-cross -march (native code)
#   NO_PULL   buttons whose pins have the board's own pull-up (no internal one)
#   HOLD      pins driven high as the board starts (a power hold), if any
#   MICROPYTHON  a Pico's MicroPython build (RPI_PICO): the firmware of
#             dist/ that flash.sh --uf2 puts in one file with the code
#   CLOCK     the system clock to run, in Hz (an RP2040's core voltage
#             raised first where it needs it: firmware/hal/board.py), if any
