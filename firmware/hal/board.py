# Builds the hardware of a MicroPython board (Pico, ESP32) from its profile
# in boards/: the display behind a Canvas, the buttons, the player LEDs.
# Only builds and returns objects; firmware/main.py puts them together.
# Every family module (this one, cp_board, virtual) has the same functions.
DATA = "/data"
# built once, then forgotten (firmware/bringup.py): a crash imports it again
FORGET = True
# the assets lie beside the code: in the ROM partition when flash.sh --romfs
# put them there (mounted at /rom), else on the filesystem
ASSETS = "/rom/assets" if globals().get("__file__", "").startswith("/rom/") else "/assets"


def canvas(p, font):
    """A firmware.hal.canvas.Canvas whose show() goes to the board's display."""
    from firmware.hal.canvas import Canvas
    d = p.DISPLAY
    drv = d["driver"]
    if drv == "ssd1306":
        from firmware.hal import ssd1306_display
        disp = ssd1306_display.i2c(d)
    elif drv == "st7789":
        disp = st7789(d)
    else:
        raise ValueError("unknown display driver %r" % drv)
    if d.get("bands"):
        # no whole frame in RAM: the screen drawn and sent in bands of that many text lines
        from firmware.hal.bands import BandCanvas
        return BandCanvas(d["width"], d["height"], font, disp, lines=d["bands"])
    return Canvas(d["width"], d["height"], d.get("colour", False), font, disp)


def st7789(d):
    from machine import SPI, Pin
    from firmware.hal.st7789 import ST7789
    spi = SPI(d["spi"], baudrate=d.get("baudrate", 31_250_000), polarity=d.get("polarity", 1),
              phase=d.get("phase", 1), sck=Pin(d["sck"]), mosi=Pin(d["mosi"]))
    return ST7789(spi, d["width"], d["height"], dc=_out(d["dc"]), cs=_out(d.get("cs")),
                  rst=_out(d.get("rst")), backlight=_out(d.get("backlight")),
                  madctl=d.get("madctl", 0x60), offset=d.get("offset", (0, 0)))


def _out(n):
    if n is None:
        return None
    from machine import Pin
    return Pin(n, Pin.OUT, value=1)


def buttons(p, intents):
    """Debounced buttons with long press (firmware.hal.buttons.Buttons) on
    the profile's pins, pressed = low (pull-ups); intents: {(button,
    press): intent}, the board's button profile."""
    from machine import Pin
    from firmware.hal.buttons import Buttons
    no_pull = getattr(p, "NO_PULL", ())
    pins = {}
    for name in p.BUTTONS:
        if name in no_pull:
            pins[name] = Pin(p.BUTTONS[name], Pin.IN)
        else:
            pins[name] = Pin(p.BUTTONS[name], Pin.IN, Pin.PULL_UP)
    b = Buttons(pins, intents)
    b.listen(Pin.IRQ_FALLING | Pin.IRQ_RISING)
    return b


def pixels(p):
    """The player LEDs (firmware.hal.pixels.PlayerPixels), or None."""
    px = p.PIXELS
    if not px:
        return None
    if "rgb_led" in px:
        from machine import PWM, Pin
        from firmware.hal.rgbled import RgbLed, TurnPixels
        pwms = []
        for n in px["rgb_led"]:
            pwm = PWM(Pin(n))
            pwm.freq(1000)
            pwms.append(pwm)
        return TurnPixels(RgbLed(pwms, px.get("active_low", True)))
    from machine import Pin
    from neopixel import NeoPixel
    from firmware.hal.pixels import PlayerPixels
    return PlayerPixels(NeoPixel(Pin(px["pin"], Pin.OUT), px["count"]))


def attach(app):
    """Nothing to hook on a real board."""


def restart():
    """After a crash: start again from scratch (main.py resumes the game)."""
    import machine
    machine.reset()
