# Raspberry Pi Pico with a 240x135 ST7789 (Pico Display Pack pin-out),
# 4 buttons (A, B, X, Y), an RGB LED.  Data only.
NAME = "pico_display"
DISPLAY = {"driver": "st7789", "width": 240, "height": 135, "bus": "spi",
           "spi": 0, "sck": 18, "mosi": 19, "cs": 17, "dc": 16, "backlight": 20, "colour": True}
BUTTONS = {"up": 14, "down": 15, "ok": 12, "back": 13}
PROFILE = "four"
PIXELS = {"rgb_led": (6, 7, 8), "count": 1}
