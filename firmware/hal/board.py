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
    """A firmware.hal.canvas.Canvas whose show() goes to the board's display
    (the board's clock set first, which the buses take their rates from;
    the profile's HOLD pins driven high first: a power hold)."""
    from firmware.hal.canvas import Canvas
    clock(p)
    for n in getattr(p, "HOLD", ()):
        _out(n)
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
    baudrate = d.get("baudrate", 31_250_000)
    if d.get("peri_clock") == "sys":
        baudrate = _peri_clock_from_sys(baudrate)
    spi = SPI(d["spi"], baudrate=baudrate, polarity=d.get("polarity", 1),
              phase=d.get("phase", 1), sck=Pin(d["sck"]), mosi=Pin(d["mosi"]))
    return ST7789(spi, d["width"], d["height"], dc=_out(d["dc"]), cs=_out(d.get("cs")),
                  rst=_out(d.get("rst")), backlight=_out(d.get("backlight")),
                  madctl=d.get("madctl", 0x60), offset=d.get("offset", (0, 0)))


# The RP2040's peripheral clock, which its SPI divides by 2 at least:
# MicroPython's rp2 port runs it from the USB PLL's 48 MHz (so that the
# buses keep their rates when machine.freq() changes the system clock),
# and a panel's bus gets 24 MHz at most.  The ST7789 takes 62.5 MHz (its
# write cycle: 16 ns), the rate Pimoroni's own driver gives the Pico
# Display Pack at 125 MHz; the system clock's 200 MHz (CLOCK) divided by
# 4, the next even divisor, gives 50 MHz.  A profile's
# "peri_clock": "sys" runs the peripheral clock from the system clock, as
# the Pico SDK does by default.  Nothing on the board uses the UARTs,
# whose rates would change with it (the REPL is the USB's).
_PERI_CTRL = 0x40008048     # CLOCKS_BASE + CLK_PERI_CTRL (RP2040)
_ENABLE = 0x800
_AUXSRC = 0xE0              # 0: clk_sys, 2: the USB PLL
_USB_HZ = 48_000_000


def _peri_clock_from_sys(baudrate):
    """The baudrate to ask machine.SPI for so that the bus runs at
    baudrate at most once the RP2040's peripheral clock runs from the
    system clock; that clock moved there first.  Elsewhere (another chip,
    a peripheral clock from another source) baudrate as it is."""
    import sys
    import machine
    if "RP2040" not in getattr(sys.implementation, "_machine", ""):
        return baudrate
    m = machine.mem32
    ctrl = m[_PERI_CTRL]
    src = (ctrl & _AUXSRC) >> 5
    if src == 2:
        # as the SDK's clock_configure: stopped, its source changed, started
        m[_PERI_CTRL] = ctrl & ~_ENABLE
        m[_PERI_CTRL] = ctrl & ~(_ENABLE | _AUXSRC)
        m[_PERI_CTRL] = (ctrl & ~_AUXSRC) | _ENABLE
    elif src != 0:
        return baudrate
    # machine.SPI divides the 48 MHz the port set up (the SDK's own figure),
    # the bus the system clock: the same divisor gives this much more
    return baudrate * _USB_HZ // machine.freq()


def clock(p):
    """The profile's system clock (CLOCK, in Hz), on an RP2040 the core
    voltage raised for it first; elsewhere, or without CLOCK, the clock
    as it is."""
    hz = getattr(p, "CLOCK", None)
    import sys
    if hz is None or "RP2040" not in getattr(sys.implementation, "_machine", ""):
        return
    import machine
    m = machine.mem32
    # VREG_AND_CHIP_RESET's VREG: its VSEL field (bits 4-7), 1.10 V at
    # reset, 1.15 V (0xC0) for a system clock over 133 MHz up to 200 MHz,
    # the fastest the RP2040 is specified for (the Pico SDK's
    # PICO_USE_FASTEST_SUPPORTED_CLOCK sets both; machine.freq() the clock
    # alone)
    if hz > 133_000_000 and m[0x40064000] & 0xF0 < 0xC0:
        m[0x40064000] = m[0x40064000] & ~0xF0 | 0xC0
        import time
        time.sleep_us(1000)         # the regulator settles (as the SDK waits)
    machine.freq(hz)


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
