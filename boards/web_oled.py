# The web page's other screen (boards/web.py): the 128x64 mono OLED of
# pico_oled, drawn on the page's canvas as it lights.  Data only.
NAME = "web_oled"
FAMILY = "web"
DISPLAY = {"driver": "canvas", "width": 128, "height": 64, "colour": False, "font": "small"}
BUTTONS = {"up": 0, "down": 1, "ok": 2, "back": 3}
PROFILE = "four"
PIXELS = {"count": 4}
DRIVERS = ()
