# The companion in a web page: MicroPython's WebAssembly port runs the
# firmware in a browser (a phone on the table), the 240x135 colour screen
# drawn on a canvas, four buttons under it for a thumb (and the keyboard's
# keys), the four player LEDs as dots.  Data only: firmware.hal.web builds
# it; ./simulate web DIR writes the site (README, *In a web page*).
NAME = "web"
FAMILY = "web"
DISPLAY = {"driver": "canvas", "width": 240, "height": 135, "colour": True, "font": "large"}
BUTTONS = {"up": 0, "down": 1, "ok": 2, "back": 3}
PROFILE = "four"
PIXELS = {"count": 4}
DRIVERS = ()
