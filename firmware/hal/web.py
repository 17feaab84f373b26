# Builds the web board (boards/web.py, FAMILY "web"): the firmware in a web
# page, run by MicroPython's WebAssembly port.  The page (web/app.js) makes
# globalThis.companion, which draws what this module hands it: the frame
# (frame(buf, palette, lo, hi): the canvas's own bytes, GS4 indices and
# their RGB565 palette, or the mono frame; the rows lo..hi that changed),
# the LEDs (leds(list of (r, g, b))), and the BG Stats link of the end's QR
# code (link(text), or None when another screen is shown), and the
# device's language (lang(code): the page's few words in it).  The page calls
# edge(i, pressed) when on-screen button i goes down or up (the device's
# buttons: debounce, long press and repeats from their times), and intent(w)
# or hold(button, n) for a key of the keyboard (the terminal simulator's:
# an intent at once, no time of its own).
# The saved game goes to the browser's storage (firmware/hal/webfs.py); the
# page calls saved() when its writes are on the disk.
import asyncio

import js  # pyright: ignore[reportMissingImports]  (the WebAssembly port's bridge to the page)

from firmware.hal.buttons import Buttons

DATA = "/data"
ASSETS = "/rom/assets"


class Screen:
    """The display: the frame to the page's canvas."""

    def __init__(self):
        self.app = None
        self.lang = None

    def show(self, buf, palette=None):
        self.show_rows(buf, palette, 0, -1)

    def show_rows(self, buf, palette, lo, hi):
        js.companion.frame(buf, palette, lo, hi)
        app = self.app
        top = app.screens.stack[-1] if app is not None and app.screens.stack else None
        link = getattr(top, "link", None)
        js.companion.link(None if link is None else bytes(link).decode())
        lang = app.board.settings.get("lang") if app is not None else None
        if lang != self.lang:
            self.lang = lang        # the page's words under the buttons, in the device's language
            js.companion.lang(lang)


class Key:
    """An on-screen button as a pin: value() 0 while pressed; irq() takes
    the handler Buttons.listen gives, called at each edge."""

    def __init__(self):
        self.level = 1
        self.handler = None

    def value(self):
        return self.level

    def irq(self, handler, trigger, hard=False):
        self.handler = handler


class Flag:
    """asyncio.ThreadSafeFlag, which this port lacks: set() wakes wait(),
    which clears it."""

    def __init__(self):
        self.e = asyncio.Event()

    def set(self):
        self.e.set()

    async def wait(self):
        await self.e.wait()
        self.e.clear()


class PageButtons(Buttons):
    """The device's buttons, and the keyboard's intents; the page is told
    when every press given so far is handled and its frame drawn.  No press
    is taken while the storage's writes are not all on the disk (the
    browser's IndexedDB completes them a little later): presses made
    meanwhile wait, so a browser killed loses at most the action being
    written, as a power cut does on the device."""

    def get(self):
        if js.companion.store.pending:
            self.at = None
            return None
        return Buttons.get(self)

    async def wait(self):
        while js.companion.store.pending:
            await self.flag.wait()      # set by saved()
        self._drain()
        if self.queue:
            return
        js.companion.idle()
        await Buttons.wait(self)


class Dots:
    """The player LEDs as dots under the canvas (a NeoPixel's face)."""

    def __init__(self, n):
        self.n = n
        self.rgb = [(0, 0, 0)] * n

    def __len__(self):
        return self.n

    def __setitem__(self, i, c):
        self.rgb[i] = c

    def write(self):
        js.companion.leds(self.rgb)


_buttons = None


def canvas(p, font):
    from firmware.hal.canvas import Canvas
    d = p.DISPLAY
    js.companion.size(d["width"], d["height"])
    return Canvas(d["width"], d["height"], d["colour"], font, Screen())


def buttons(p, intents):
    global _buttons
    asyncio.ThreadSafeFlag = Flag
    pins = {}
    for name in p.BUTTONS:
        pins[name] = Key()
    b = PageButtons(pins, intents)
    b.listen(3)
    _buttons = b
    return b


def pixels(p):
    if not p.PIXELS:
        return None
    from firmware.hal.pixels import PlayerPixels
    return PlayerPixels(Dots(p.PIXELS["count"]))


def attach(app):
    app.board.cv.display.app = app


def restart():
    pass


def edge(name, pressed):
    """On-screen button `name` went down (pressed) or up."""
    b = _buttons
    if b is not None:
        pin = b.pins[name]
        pin.level = 0 if pressed else 1
        if pin.handler is not None:
            pin.handler(pin)


def saved():
    """The storage's writes are all on the disk: the presses waiting are taken."""
    b = _buttons
    if b is not None:
        b.flag.set()


def intent(word):
    """A key of the keyboard: its intent, taken as a press with no time of
    its own (as the terminal simulator's keys)."""
    b = _buttons
    if b is not None:
        b.queue.append(word)
        b.times.append(None)
        b.flag.set()


def hold(name, n):
    """A key held on through n steps (3j): the button's long press and
    its repeats after it, as the device's held button gives them."""
    b = _buttons
    if b is not None:
        p = b.profile
        intent(p[(name, "long")])
        for _ in range(n - 1):
            intent(p[(name, "more")])


def start(cfg):
    """Mount the storage at DATA and run the device in the page (as
    firmware/main.py does on a board, with asyncio's loop the page's)."""
    import vfs
    from firmware.hal.webfs import Files
    try:
        vfs.mount(Files(), DATA)
    except OSError:
        pass        # mounted already
    asyncio.create_task(_run(cfg))


async def _run(cfg):
    import time
    from firmware import main
    hw = __import__("firmware.hal.web").hal.web
    while True:
        made = [None]
        try:
            from firmware.core.modules import loading
            loading(True)
            from firmware import bringup
            app, b = bringup.start(cfg, made, seed=main.seeds(cfg.get("seed")))
            bringup = None
            app.board.wall = time.localtime
            await app.run(b)
        except Exception as e:  # noqa: BLE001 - as on a board: shown, logged, started again
            app = made[0]
            made = None
            main.let_go(app)
            from firmware import crash
            try:
                crash.handle(e, main.crash_code(e), app, hw)
            except Exception as e2:  # noqa: BLE001 - the page starts it again all the same
                print("crash", e2)
            app = None
            await asyncio.sleep_ms(main.CRASH_PAUSE_MS)
