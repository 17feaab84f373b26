# ESP32 TTGO T-Display: 240x135 ST7789, 2 buttons (GPIO 0 and 35).  Data only.
NAME = "esp32_tdisplay"
DISPLAY = {"driver": "st7789", "width": 240, "height": 135, "bus": "spi",
           "spi": 2, "sck": 18, "mosi": 19, "cs": 5, "dc": 16, "rst": 23, "backlight": 4, "colour": True}
BUTTONS = {"a": 0, "b": 35}
PROFILE = "two"
PIXELS = {"pin": 13, "count": 4}
