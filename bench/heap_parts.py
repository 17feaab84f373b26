# Where the heap goes at its peak, on the board (bench/chip.py "parts").
# Run by main.py on the virtual Pico (heap_parts.run(the heap in use
# before it was loaded)), beside the firmware as flash.sh stages it and the
# scripted game's presses in keys.txt (one letter an intent,
# bench/scripts.py LETTERS).  The board's own objects are made as
# at power-on (firmware/bringup.py); the presses go to App.key, then the
# frame is drawn and the journal's idle work done, as the device's loop does.
#
# First run: the whole game, the heap in use after every press (after a
# collection); the press where it peaks is written to parts_at.txt, the
# game's files are removed, and the board is reset.  Second run: the same
# presses up to that one, then the heap is taken apart, one part let go at
# a time and collected, and what each gave back printed:
#   peak PRESS BYTES            the heap in use there
#   part NAME BYTES             what letting go of NAME gave back
#   frame BYTES                 the frame buffer (among the board's objects)
#   parts end
# then micropython.qstr_info() (the interned names: never freed, they are
# in what is left).  A part's objects shared with one let go later are
# counted with the later one.
import gc
import os
import sys

BEFORE = set(sys.modules)
AT = "parts_at.txt"
LETTERS = {"o": "ok", "u": "up", "d": "down", "b": "back", "z": "undo", "h": "home", "e": "end",
           "U": "up+", "D": "down+", "L": "less+"}


def heap():
    gc.collect()
    return gc.mem_alloc()


def build(cfg):
    from firmware import bringup
    import firmware.main as fm
    app, buttons = bringup.start(cfg, [None], seed=fm.seeds(cfg.get("seed")))
    app.boot()
    app.render()
    return app, buttons


def press(app, k):
    app.key(LETTERS[chr(k)])
    app.render()
    if app.play.journal is not None:
        app.play.journal.idle()


def rmtree(p):
    for name in os.listdir(p):
        q = p + "/" + name
        if os.stat(q)[0] & 0x4000:
            rmtree(q)
        else:
            os.remove(q)
    os.rmdir(p)


def let_go(name, drop):
    h = heap()
    drop()
    print("part %s %d" % (name, h - heap()))


def parts(app):
    from firmware.core import text
    cv = app.board.cv

    def screens():
        app.screens.stack = []
        app.screens.drawn = app.play.kept_view = app.screens.notice = app.took = None
        if getattr(cv, "scene", None) is not None:
            cv.scene = []       # a screen drawn in bands: what it drew (firmware/hal/bands.py)

    def state():
        app.play.session = app.play.journal = app.play.playing = None

    def edition():
        app.play.edition = None

    def words():
        text._close(text._tables)
        text._tables = []
        text._base = None
    let_go("screens", screens)
    let_go("state", state)
    let_go("edition", edition)
    let_go("words", words)
    buf = getattr(cv, "buf", None)
    print("frame %d" % (len(buf) if buf is not None else 0))


def main():
    from firmware import bringup
    bringup.keep_builtins()
    cfg = bringup.config("board.json")
    bringup = None
    with open("keys.txt", "rb") as f:
        keys = f.read().strip()
    try:
        with open(AT) as f:
            at = int(f.read())
    except OSError:
        at = None
    app, buttons = build(cfg)
    if at is None:
        peak, at = 0, 0
        for i in range(len(keys)):
            press(app, keys[i])
            h = heap()
            if h > peak:
                peak, at = h, i
        del app, buttons
        rmtree("data")
        with open(AT, "w") as f:
            f.write(str(at))
        import machine
        machine.reset()
    for i in range(at + 1):
        press(app, keys[i])
    print("peak %d %d" % (at + 1, heap()))
    parts(app)
    return heap()       # the app, its canvas and the board's drivers go with main's frame


def code():
    """Every module the firmware loaded, let go of."""
    for name in list(sys.modules):
        if name not in BEFORE:
            del sys.modules[name]


def run(base):
    """base: the heap in use before this script was loaded (main.py's
    measure: the interpreter's own)."""
    h = main()
    print("part board %d" % (h - heap()))
    let_go("code", code)
    print("part left %d" % (heap() - base))
    print("part interpreter %d" % base)
    print("parts end")
    import micropython
    micropython.qstr_info()
