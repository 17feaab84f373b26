# A scripted game on the device, measured.  Runs under the MicroPython unix
# port in a directory staged by `flash.sh --board NAME --stage` (the .mpy
# files, the assets and the board profile, as they go to the board).
#
#   micropython [-X heapsize=N] device_game.py BOARD DATA KEYS [AGAIN LIMIT]
#   micropython device_game.py --check [--whole] BOARD DATA KEYS   (see check())
#
# BOARD: the profile in boards/ (its display size, colour and font).
# DATA: the journal directory (created; a saved game there is resumed).
# KEYS: a file of button intents, one letter each (o ok, u up, d down,
# b back, z undo, h home, e end; a held button's repeats U up+, D down+,
# L less+): from the game picker to the final standings.  AGAIN: the intents
# from the final standings through New game to the next final standings,
# played over and over until LIMIT presses in all, then on to the point
# where round 1 of a game has ended (so that "end" is at the same point of a
# game as the first "phase" of column 1).
# Every new game is dealt from seed 77, as the key scripts expect.
#
# Prints lines (bench/run.py reads them):
#   boot BYTES                 heap in use after booting
#   phase N COLUMN PHASE BYTES heap in use at the N-th change of era-track
#                              column or phase (COLUMN 0 is round 1)
#   column COLUMN PRESSES US   the presses handled in that column, their time
#   end BYTES                  heap in use after the last press (with AGAIN: at
#                              the end of round 1, once LIMIT presses are made)
#   presses N US               all presses (a held press's steps each one) and their time
#   ref N US                   the reference loop: N iterations of x += 1
#   over 1                     the game reached its end
# Heap in use is gc.mem_alloc() after gc.collect(), less what it was before
# the firmware was imported.  The time of one press is App.key (rules,
# journal, LEDs) plus App.render (the screen drawn into the frame buffer);
# the canvas has no display behind it, so no bus transfer is counted, and
# the gc.collect() of a sample is not timed.  As on the device, the journal's
# idle work (a snapshot due, the edition table) follows the frame and is
# not in a press's time either; the heap is taken after it.
#
#   micropython device_game.py --rom IMAGE ...   (any of the above)
#
# --rom IMAGE: the code and assets run from a ROMFS image (what
# `flash.sh --romfs` puts on a board), mounted at /rom, as a board with a ROM
# partition does: its .mpy bytecode runs in place instead of being copied
# into the heap.  The unix port has no flash, so the image is read into one
# block, the first thing in the heap, and stays there; run with a heapsize
# of N + bench/run.py's rom_share(image size) to give the firmware N.  DATA
# must then be an absolute path (the cwd is /rom, read-only).
import gc
import sys
import time


def _mount_rom(path):
    import os
    import vfs
    img = bytearray(os.stat(path)[6])
    with open(path, "rb") as f:
        f.readinto(img)
    vfs.mount(vfs.VfsRom(img), "/rom")
    os.chdir("/rom")
    sys.path.insert(0, "/rom")
    return img


ROM = None
if sys.argv[1:2] == ["--rom"]:
    ROM = _mount_rom(sys.argv[2])
    del sys.argv[1:3]
gc.collect()
BASE = gc.mem_alloc()
SEED = 77


def ref_loop(n):
    x = 0
    t0 = time.ticks_us()
    for i in range(n):
        x += 1
    return time.ticks_diff(time.ticks_us(), t0)


class Strip:
    """A NeoPixel strip with nothing behind it (neopixel's interface)."""

    def __init__(self, n):
        self.n = n
        self.buf = bytearray(3 * n)

    def __len__(self):
        return self.n

    def __setitem__(self, i, rgb):
        self.buf[3 * i] = rgb[0]
        self.buf[3 * i + 1] = rgb[1]
        self.buf[3 * i + 2] = rgb[2]

    def write(self):
        pass


def heap():
    gc.collect()
    return gc.mem_alloc() - BASE


INTENTS = {"o": "ok", "u": "up", "d": "down", "b": "back", "z": "undo", "h": "home", "e": "end",
           "U": "up+", "D": "down+", "L": "less+"}


def read_keys(path):
    """The presses as bytes, one letter each: a list of strings would cost
    more heap than the game itself."""
    with open(path, "rb") as f:
        return f.read().strip()


class Panel:
    """A colour panel's memory, as the frame's 4-bit indices: the rows a
    canvas drawn in bands sends (firmware/hal/bands.py), kept where `keep`
    (--check), else taken and dropped."""

    def __init__(self, width, height, keep):
        self.stride = (width + 1) >> 1
        self.mem = bytearray(self.stride * height) if keep else None

    def show_rows(self, buf, palette, lo, hi, top=0, end=0, more=False):
        if self.mem is not None:
            s = self.stride
            self.mem[lo * s:hi * s] = buf[(lo - top) * s:(hi - top) * s]


def build(board, data, keep=False, whole=False):
    """The App of the board's profile, booted and drawn, over a strip with
    nothing behind it and a canvas with no display (a profile whose screen
    is drawn in bands: a Panel, the rows it is sent kept where `keep`;
    whole: a whole frame all the same)."""
    from firmware.app import App
    from firmware.core.font import Font
    from firmware.hal.canvas import Canvas
    from firmware.hal.pixels import PlayerPixels
    from firmware.screenkit.layout import Layout
    p = __import__("boards." + board).__dict__[board]
    d = p.DISPLAY
    colour = d.get("colour", False)
    font = Font("assets/fonts/%s.fnt" % d["font"], lazy=True)     # as firmware/bringup.py makes it
    lay = Layout(d["width"], d["height"], font, colour)
    if d.get("bands") and not whole:
        from firmware.hal.bands import BandCanvas
        cv = BandCanvas(d["width"], d["height"], font, Panel(d["width"], d["height"], keep), lay.palette,
                        d["bands"])
    else:
        cv = Canvas(d["width"], d["height"], colour, font, palette=lay.palette)
    app = App(lay, cv, PlayerPixels(Strip(4)), data, "assets", seed=lambda: SEED)
    if ROM is not None and not __import__("firmware.app").app.__file__.startswith("/rom/"):
        raise SystemExit("--rom: the firmware was not imported from the image")
    app.board.has_up = p.PROFILE != "two"
    # as in the device's loop (App.run): the journal's snapshots and the
    # edition table are written after a press's frame is drawn (idle), not
    # while the press is handled
    app.running = True
    app.boot()
    app.render()
    idle(app)
    return app


def idle(app):
    """What the device's loop does once a frame is drawn (App.run)."""
    if app.play.journal is not None:
        app.play.journal.idle()


def check(argv):
    """--check [--whole] BOARD DATA KEYS: after every press, the frame as
    drawn (a cursor move redraws two rows) against a full redraw; where the
    board's screen is drawn in bands, what its panel was sent, and against
    the same presses drawn on a whole frame (--whole: a whole frame all the
    same).  Prints "short N" (presses drawn the short way), "scrolled N" (of
    them, lists scrolled by moving the frame's rows), "presses N", and
    "differs N KEY SCREEN" for the first press whose frames differ."""
    whole = argv[0] == "--whole"
    if whole:
        argv = argv[1:]
    board, data, keys = argv[0], argv[1], read_keys(argv[2])
    app = build(board, data, keep=True, whole=whole)
    cv = app.board.cv
    # what the screen shows: the frame, or the panel's memory where the
    # frame is drawn and sent in bands
    shown = cv.buf if cv.display is None else cv.display.mem
    # in bands: a second app on a whole frame, given the same presses, must
    # show the same pixels after each
    ref = None if cv.display is None else build(board, data + "-whole", whole=True)
    short = 0
    scrolled = [0]
    move_rows = cv.move_rows

    def counted(y, n, h, d):
        done = move_rows(y, n, h, d)
        if done:
            scrolled[0] += 1
        return done
    cv.move_rows = counted
    for n in range(len(keys)):
        k = INTENTS[chr(keys[n])]
        app.key(k)
        full = app.screens.dirty is True
        app.render()
        idle(app)
        if not full:
            short += 1
        frame = bytes(shown)
        app.screens.dirty = True
        app.render()
        if bytes(shown) != frame:
            print("differs", n, k, type(app.screens.stack[-1]).__name__)
            break
        if ref is not None:
            ref.key(k)
            ref.render()
            idle(ref)
            if bytes(ref.board.cv.buf) != frame:
                print("differs", n, k, type(app.screens.stack[-1]).__name__, "from a whole frame")
                break
    print("short", short)
    print("scrolled", scrolled[0])
    print("presses", len(keys))


def main(argv):
    board, data, keys = argv[0], argv[1], read_keys(argv[2])
    again = read_keys(argv[3]) if len(argv) > 3 else []
    limit = int(argv[4]) if len(argv) > 4 else len(keys)
    app = build(board, data)
    print("boot", heap())
    ticks_us = time.ticks_us
    diff = time.ticks_diff
    total = 0
    count = 0
    at = None
    c_presses = 0
    c_us = 0
    n = 0
    script = keys
    i = 0
    end = None
    while count < limit or (again and end is None):
        if i == len(script):
            if not again:
                break
            script = again
            i = 0
        k = INTENTS[chr(script[i])]
        i += 1
        t0 = ticks_us()
        app.key(k)
        app.render(False)
        dt = diff(ticks_us(), t0)
        idle(app)
        # what the screen makes once its frame is shown (the end's QR
        # code), after the journal's idle work, as in the device's loop
        app.render()
        total += dt
        count += 1
        c_presses += 1
        c_us += dt
        s = app.play.session
        now = None
        if s is not None:
            st = s.state
            now = (st.get("ci"), st.get("pi"))
        if now != at:
            if at is not None:
                print("column", at[0], c_presses, c_us)
            c_presses = 0
            c_us = 0
            at = now
            n += 1
            if now is not None:
                h = heap()
                print("phase", n, now[0], now[1], h)
                if count >= limit and now[0] == 1 and again:
                    end = h     # the end of round 1, as after round 1 of the first game
    print("end", heap() if end is None else end)
    print("presses", count, total)
    n = 200000
    print("ref", n, min(ref_loop(n), ref_loop(n), ref_loop(n)))
    if app.play.session is not None and app.play.session.state.get("over"):
        print("over", 1)
    # the names interned (one line: "qstr pool: ... n_qstr=N, ...")
    __import__("micropython").qstr_info()


if __name__ == "__main__":
    if sys.argv[1:2] == ["--check"]:
        check(sys.argv[2:])
    else:
        main(sys.argv[1:])
