# Builds the hardware of a CircuitPython board (boards/pybadge.py,
# boards/pico_oled_cp.py) from its profile: the display (the board's own
# through displayio, or an SSD1306 on busio's I2C),
# the buttons through keypad, the NeoPixels through the neopixel library.
# Only builds and returns objects; the same functions as
# firmware/hal/board.py.
DATA = "/data"
ASSETS = "/assets"


def canvas(p, font, board=None):
    board = board or _board()
    d = p.DISPLAY
    if d["driver"] == "ssd1306":
        # an SSD1306 on I2C: driven without displayio's refresh
        # (displayio_canvas.Ssd1306Canvas)
        import busio
        import displayio
        from firmware.hal.displayio_canvas import Ssd1306Canvas
        displayio.release_displays()    # a display left from before a soft reload holds the bus
        i2c = busio.I2C(getattr(board, d["scl"]), getattr(board, d["sda"]), frequency=d.get("freq", 400_000))
        return Ssd1306Canvas(d["width"], d["height"], font, i2c, d.get("addr", 0x3C))
    from firmware.hal.displayio_canvas import DisplayioCanvas
    return DisplayioCanvas(d["width"], d["height"], font, getattr(board, "DISPLAY", None),
                           colour=d.get("colour", True))


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


def held(p, name, board=None):
    """Whether the profile's button `name` is held now.  A button on a pin
    of its own is read at once (digitalio, with the pull the keypad would
    give it); a shift register's through keypad, once its scanner has seen
    the buttons."""
    k = p.KEYPAD
    board = board or _board()
    if k["kind"] == "keys":
        import digitalio
        pin = digitalio.DigitalInOut(getattr(board, k["pins"][p.BUTTONS[name]]))
        pressed = k["value_when_pressed"]
        pin.switch_to_input(pull=digitalio.Pull.DOWN if pressed else digitalio.Pull.UP)
        now = pin.value == pressed
        pin.deinit()
        return now
    import time
    scan = keys(p, board)
    time.sleep(0.1)                 # let the scanner see the buttons
    now = False
    ev = scan.events.get()
    while ev is not None:
        if ev.pressed and ev.key_number == p.BUTTONS[name]:
            now = True
        ev = scan.events.get()
    scan.deinit()
    return now


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
    """The saved games' volume mounted on the data folder (firmware/hal/
    cp_saves.py), before the app boots from it.  Between the loop's tasks
    the chip sleeps.  asyncio waits for its next
    task in select's poll, which CircuitPython runs by spinning through its
    background work; with no stream to watch (none here) the wait is
    time.sleep, which idles the core until an interrupt (the keypad's
    scan, USB) and runs the background work then."""
    from firmware.core.modules import done_with
    from firmware.hal.cp_saves import mount
    if mount(DATA, app.board.report) is None:
        app.board.dir = None    # (the volume lost: nothing is saved)
    mount = None
    done_with("firmware.hal.cp_saves")
    import time
    from asyncio import core
    poll = core.IOQueue.wait_io_event

    def wait_io_event(q, dt):
        if q.map or dt < 0:
            poll(q, dt)
        elif dt:
            time.sleep(dt / 1000)
    core.IOQueue.wait_io_event = wait_io_event


def restart():
    import microcontroller
    microcontroller.reset()


def _board():
    import board
    return board
