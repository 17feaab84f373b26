# The device's entry point (on the board, /main.py runs main() from here).
#
#   1. board.json (written by flash.sh) names the profile: {"board":
#      "pico_oled"}; an optional "seed" deals every new game from that seed
#      on (tests, demos) instead of a random one; "probe": true prints the
#      heap after every press (the benchmark on the virtual Pico).
#   2. The profile (boards/NAME.py, data only) names its family; the family's
#      setup module in firmware/hal/ builds the display, buttons and LEDs.
#   3. firmware.app.App is built on them; App.run boots it (the saved game is
#      resumed from the data directory) and runs the asyncio loop.
#   4. A crash is caught: a short code (E and 4 hex digits) is shown on the
#      screen, the error is logged to DATA/crash.log, and the device starts
#      again into the resumed game (machine.reset on a board, the loop run
#      again on the unix port).
import sys

BOARD_JSON = "board.json"
FAMILIES = {"machine": "firmware.hal.board", "circuitpython": "firmware.hal.cp_board",
            "unix": "firmware.hal.virtual"}
LOG = "crash.log"
LOG_MAX = 8192
CRASH_PAUSE_MS = 4000


# The built-in modules the firmware imports that a file may extend
# (MicroPython's "extensible" modules).  MicroPython looks on sys.path for
# a file of that name at every import of one, since the built-in module is
# not kept in sys.modules: on a Pico's littlefs each such import costs about
# 4 ms of the chip's clock (six lookups), about 100 ms of a boot, and more
# in functions that import one when called.  Their "u" names reach the
# built-in at once; keep_builtins() keeps each in sys.modules under its
# own name, so that every import of it is a dictionary lookup.
BUILTINS = ("json", "os", "io", "binascii", "time", "machine", "array", "select", "hashlib")


def keep_builtins():
    if sys.implementation.name != "micropython":
        return      # CPython keeps what it imports; "ujson" there is another library
    for name in BUILTINS:
        if name not in sys.modules:
            try:
                sys.modules[name] = __import__("u" + name)
            except ImportError:
                pass    # not in this build: imported as usual where used


def config(path=BOARD_JSON):
    """board.json; without one, the only profile in boards/ if there is
    just one (a board set up with mip gets every profile)."""
    import json
    import os
    try:
        with open(path) as f:
            return json.load(f)
    except OSError:
        pass
    names = []
    for n in os.listdir("boards"):
        name = n.rsplit(".", 1)[0]
        if name != "__init__" and n.endswith((".py", ".mpy")) and name not in names:
            names.append(name)
    if len(names) == 1:
        return {"board": names[0]}
    raise OSError("no %s: write {\"board\": \"NAME\"} there (boards: %s)" % (path, " ".join(sorted(names))))


def _module(name):
    mod = __import__(name)
    for part in name.split(".")[1:]:
        mod = getattr(mod, part)
    return mod


def profile(name):
    """The board profile module boards/NAME.py."""
    return _module("boards." + name)


def family(p):
    """The setup module that builds profile p's hardware."""
    return _module(FAMILIES[p.FAMILY])


def _seeds(first):
    box = [first]

    def seed():
        s = box[0]
        box[0] = s + 1
        return s
    return seed


def build(cfg, p, hw, report=None):
    """(app, buttons) for the board: not booted yet (App.run boots it)."""
    from firmware.app import App
    from firmware.core.font import Font
    from firmware.ui.layout import Layout
    d = p.DISPLAY
    font = Font("%s/fonts/%s.fnt" % (hw.ASSETS, d.get("font", "large" if d.get("colour") else "small")))
    lay = Layout(d["width"], d["height"], font, d.get("colour", False))
    cv = hw.canvas(p, font)
    cv.set_palette(lay.palette)        # colour: what the frame's indices show
    seed = cfg.get("seed")
    app = App(lay, cv, hw.pixels(p), hw.DATA, assets=hw.ASSETS,
              seed=None if seed is None else _seeds(seed), report=report or _say,
              probe=_heap if cfg.get("probe") else None)   # the benchmark's: the heap after every press
    app.has_up = p.PROFILE != "two"
    hw.attach(app)
    return app, hw.buttons(p)


def _say(line):
    print(line)


def _heap():
    """One line on the serial port: the heap in use and free after a
    collection (board.json "probe": true; the benchmark reads it)."""
    import gc
    gc.collect()
    print("heap %d %d" % (gc.mem_alloc(), gc.mem_free()))


def crash_code(e):
    """A short code for an error: E and 4 hex digits of the CRC-32 of its
    type and message (the same error gives the same code)."""
    import binascii
    text = "%s: %s" % (type(e).__name__, e)
    return "E%04X" % (binascii.crc32(text.encode()) & 0xFFFF)


def log_crash(e, code, data_dir):
    """Append the error and its traceback to DATA/crash.log (the previous
    log moved to crash.old once it passes LOG_MAX bytes)."""
    import os
    path = data_dir + "/" + LOG
    try:
        os.mkdir(data_dir)
    except OSError:
        pass
    try:
        if os.stat(path)[6] > LOG_MAX:
            os.rename(path, data_dir + "/crash.old")
    except OSError:
        pass
    try:
        import time
        with open(path, "a") as f:
            f.write("%s at %d: %s: %s\n" % (code, int(time.time()), type(e).__name__, e))
            _print_exception(e, f)
    except OSError:
        pass


def _print_exception(e, f):
    try:
        sys.print_exception(e, f)   # MicroPython
    except AttributeError:          # CPython: no traceback here
        f.write("%s: %s\n" % (type(e).__name__, e))


# The crash screen in English, where the word table cannot give it (it may
# be what failed): title, out of memory, storage, any other error, restart.
CRASH_WORDS = ("Crash %s", "Out of memory", "Storage error", "Program error", "Restarting;", "the game is kept.")


def crash_words(code, e):
    """The crash screen's title and lines, in the players' language."""
    kind = 1 if isinstance(e, MemoryError) else 2 if isinstance(e, OSError) else 3
    keys = ("x.crash", ("x.memory", "x.storage", "x.error")[kind - 1], "x.restart", "x.kept")
    words = [CRASH_WORDS[0], CRASH_WORDS[kind], CRASH_WORDS[4], CRASH_WORDS[5]]
    try:
        from firmware.core import text
        for i in range(4):
            words[i] = text.get(keys[i]) or words[i]
    except Exception:  # noqa: BLE001 - English, as above
        pass
    return [words[0] % code] + words[1:]


def show_crash(app, code, e):
    """The crash on the screen: its code, what went wrong, that it restarts."""
    if app is None:
        return
    try:
        cv = app.cv
        lay = app.lay
        app.drawn = None   # the frame no longer shows a screen
        words = crash_words(code, e)
        cv.fill(lay.bg)
        cv.rect(0, 0, cv.width, lay.lh, lay.title_bg, True)
        cv.text(1, 0, words[0], lay.title_fg)
        y = lay.lh + 2
        for w in words[1:]:
            for line in lay.wrap(w, cv.width - 2):
                cv.text(1, y, line, lay.fg)
                y += lay.lh
        cv.show()
    except Exception:  # noqa: BLE001 - the screen itself may be what failed
        pass


def run_once(cfg, p, hw, made):
    """Build the app and run its loop until it raises; made[0] is the app
    once it is built (for the crash screen)."""
    import asyncio
    app, buttons = build(cfg, p, hw)
    made[0] = app
    if sys.implementation.name != "cpython":
        asyncio.new_event_loop()   # drop the tasks of a previous run
    asyncio.run(app.run(buttons))


def main(path=BOARD_JSON, crashes=3):
    """Run the device.  On a board it never returns; on the virtual board
    the quit key returns, and so do `crashes` crashes in a row."""
    keep_builtins()
    cfg = config(path)
    p = profile(cfg["board"])
    hw = family(p)
    quit_exc = getattr(hw, "Quit", None)
    left = crashes
    while True:
        made = [None]
        try:
            run_once(cfg, p, hw, made)
        except KeyboardInterrupt:
            raise
        except Exception as e:  # noqa: BLE001 - any error restarts the device
            if quit_exc is not None and isinstance(e, quit_exc):
                return None
            code = crash_code(e)
            print("crash %s %s: %s" % (code, type(e).__name__, e))
            _print_exception(e, sys.stdout)
            log_crash(e, code, hw.DATA)
            show_crash(made[0], code, e)
            left -= 1
            if left <= 0:
                return code
            _pause(CRASH_PAUSE_MS if p.FAMILY != "unix" else 0)
            hw.restart()


def _pause(ms):
    import time
    try:
        time.sleep_ms(ms)
    except AttributeError:
        time.sleep(ms / 1000)


if __name__ == "__main__":
    main()
