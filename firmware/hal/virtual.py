# Builds the virtual board (boards/virtual.py) on the MicroPython unix port
# (it also runs on CPython): the screen is a frame buffer written to a file
# at every redraw, with one line "frame N VIEW" on stdout; the buttons are
# keys read from stdin without waiting (a letter: short press, its capital:
# long press).  The same functions as firmware/hal/board.py.
import sys

DATA = "data"
ASSETS = "assets"


class Quit(Exception):
    """The quit key: leave the device loop (back to the REPL)."""


class Crash(Exception):
    """The crash key: what an unexpected error in the loop does."""


class FileDisplay:
    """show(buf): the frame buffer to path (written whole, then renamed
    over it, so a reader never sees half a frame), and a line on out.  A
    colour canvas also passes its palette: the file keeps the raw frame
    (4-bit indices) only."""

    def __init__(self, path, out=None):
        self.path = path
        self.out = out
        self.frames = 0
        self.app = None

    def show(self, buf, palette=None):
        import os
        with open(self.path + ".tmp", "wb") as f:
            f.write(buf)
        os.rename(self.path + ".tmp", self.path)
        self.frames += 1
        out = self.out or sys.stdout
        view = "null"
        app = self.app
        if app is not None and app.play.session is not None:
            from firmware.core import jsonout
            view = jsonout.dumps(app.play.view())
        out.write("frame %d %s\n" % (self.frames, view))


class KeyButtons:
    """Buttons from key presses: keys {button name: letter}; the letter is
    a short press, its capital a long press; profile {(name, kind): intent}
    as in firmware/screenkit/nav.py.  read() gives the next character or ''."""

    def __init__(self, keys, profile, read=None, quit_key=None, crash_key=None):
        self.press = {}
        for name in keys:
            k = keys[name]
            self.press[k] = (name, "short")
            self.press[k.upper()] = (name, "long")
        self.profile = profile
        self.read = read or _stdin_reader()
        self.quit_key = quit_key
        self.crash_key = crash_key
        self.queue = []
        # keys typed or piped come with no time of their own: every OK is
        # taken (App.key's pause after a turn passed needs the press's time)
        self.at = None

    def poll(self):
        while True:
            c = self.read()
            if not c:
                return
            if c == self.quit_key:
                self.queue.append(Quit)
            elif c == self.crash_key:
                self.queue.append(Crash)
            else:
                intent = self.profile.get(self.press.get(c))
                if intent is not None:
                    self.queue.append(intent)

    def get(self):
        if not self.queue:
            return None
        k = self.queue.pop(0)
        if k is Quit:
            raise Quit("quit key")
        if k is Crash:
            raise Crash("crash key pressed")
        return k

    async def wait(self):
        """Until a key may have come: stdin is read every 10 ms."""
        import asyncio
        await asyncio.sleep_ms(10)
        self.poll()


def _stdin_reader():
    import select
    p = select.poll()
    p.register(sys.stdin, select.POLLIN)

    def read():
        if p.poll(0):
            return sys.stdin.read(1)
        return ""
    return read


def canvas(p, font):
    from firmware.hal.canvas import Canvas
    d = p.DISPLAY
    return Canvas(d["width"], d["height"], d.get("colour", False), font, FileDisplay(d["path"]))


def buttons(p, intents):
    return KeyButtons(p.BUTTONS, intents, quit_key=getattr(p, "QUIT", None),
                      crash_key=getattr(p, "CRASH", None))


def pixels(p):
    return None


def attach(app):
    """Let the display print the game's view with every frame."""
    disp = app.board.cv.display
    if isinstance(disp, FileDisplay):
        disp.app = app


def restart():
    """After a crash: main.py runs the loop again (the unix port has no
    reset that keeps the REPL)."""
    return True
