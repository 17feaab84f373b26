# Raspberry Pi Pico, SSD1306 128x64 over I2C, 4 buttons, 4 NeoPixels.
# A hardware profile is data only: the app builds the display, buttons and
# pixels from it.  The default profile of the simulator.
NAME = "pico_oled"
DISPLAY = {"driver": "ssd1306", "width": 128, "height": 64, "bus": "i2c",
           "i2c": 0, "sda": 4, "scl": 5, "freq": 400_000, "addr": 0x3C, "colour": False}
BUTTONS = {"up": 2, "down": 3, "ok": 6, "back": 7}
PROFILE = "four"
PIXELS = {"pin": 16, "count": 4}
