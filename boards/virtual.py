# The MicroPython unix port as a board, for tests and demos: the 128x64
# mono screen of pico_oled, written to frame.bin (the raw MONO_VLSB frame
# buffer) at every redraw, with a line "frame N VIEW" on stdout (VIEW: the
# game's JSON view, or null during setup); buttons are keys read from
# stdin: the letter is a short press, the capital a long press (k up,
# j down, o OK, b back; O home, B undo); q leaves the loop.  No LEDs.
NAME = "virtual"
FAMILY = "unix"
DISPLAY = {"driver": "file", "width": 128, "height": 64, "colour": False, "font": "small",
           "path": "frame.bin"}
BUTTONS = {"up": "k", "down": "j", "ok": "o", "back": "b"}
PROFILE = "four"
PIXELS = None
DRIVERS = ()
QUIT = "q"
CRASH = "!"   # raises inside the loop: how tests check the crash path
