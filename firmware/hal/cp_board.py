# Builds the hardware of a CircuitPython board (boards/pybadge.py,
# boards/pico_oled_cp.py) from its profile: the display through displayio
# (the board's own, or an SSD1306 on I2C through adafruit_displayio_ssd1306),
# the buttons through keypad, the NeoPixels through the neopixel library.
# Only builds and returns objects; the same functions as
# firmware/hal/board.py.
DATA = "/data"
ASSETS = "/assets"


def canvas(p, font, board=None):
    from firmware.hal.displayio_canvas import DisplayioCanvas
    board = board or _board()
    d = p.DISPLAY
    if d["driver"] == "ssd1306":
        display = ssd1306(d, board)
    else:
        display = getattr(board, "DISPLAY", None)
    return DisplayioCanvas(d["width"], d["height"], font, display, colour=d.get("colour", True))


def ssd1306(d, board):
    """An SSD1306 on I2C as a displayio display (adafruit_displayio_ssd1306)."""
    import busio
    import displayio
    from adafruit_displayio_ssd1306 import SSD1306  # pyright: ignore[reportMissingImports]
    try:
        from i2cdisplaybus import I2CDisplayBus  # pyright: ignore[reportMissingImports]  (CircuitPython 9+)
    except ImportError:
        I2CDisplayBus = displayio.I2CDisplay  # pyright: ignore[reportAttributeAccessIssue]
    displayio.release_displays()    # a display left from before a soft reload holds the bus
    i2c = busio.I2C(getattr(board, d["scl"]), getattr(board, d["sda"]), frequency=d.get("freq", 400_000))
    bus = I2CDisplayBus(i2c, device_address=d.get("addr", 0x3C))
    return SSD1306(bus, width=d["width"], height=d["height"], auto_refresh=False)


def keys(p, board=None):
    """The keypad scanner of the profile's KEYPAD."""
    import keypad
    board = board or _board()
    k = p.KEYPAD
    if k["kind"] == "shift_register":
        return keypad.ShiftRegisterKeys(clock=getattr(board, k["clock"]), data=getattr(board, k["data"]),
                                        latch=getattr(board, k["latch"]), key_count=k["count"],
                                        value_when_pressed=k["value_when_pressed"])
    pins = tuple(getattr(board, name) for name in k["pins"])
    return keypad.Keys(pins, value_when_pressed=k["value_when_pressed"], pull=True)


def buttons(p, intents, board=None):
    from firmware.hal.keypad_buttons import KeypadButtons
    return KeypadButtons(keys(p, board), p.BUTTONS, intents)


def pixels(p, board=None):
    px = p.PIXELS
    if not px:
        return None
    import neopixel
    from firmware.hal.pixels import PlayerPixels
    board = board or _board()
    return PlayerPixels(neopixel.NeoPixel(getattr(board, px["pin"]), px["count"], brightness=1.0,
                                          auto_write=False))


def attach(app):
    """Nothing to hook on a real board."""


def restart():
    import microcontroller
    microcontroller.reset()


def _board():
    import board
    return board
