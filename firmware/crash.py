# What the device does when the loop raises: a short code (E and 4 hex
# digits) on the screen, the error and its traceback in DATA/crash.log, then
# a start again into the resumed game (firmware/main.py).  Imported only
# then: its code is not in the heap while the game is played.
import sys

LOG = "crash.log"
LOG_MAX = 8192


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
            print_exception(e, f)
    except OSError:
        pass


def print_exception(e, f):
    try:
        sys.print_exception(e, f)   # MicroPython
    except AttributeError:
        if sys.implementation.name == "circuitpython":
            import traceback  # pyright: ignore[reportMissingImports] - CircuitPython has it, MicroPython not
            traceback.print_exception(e, file=f)
        else:                       # CPython: no traceback here
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
        cv = app.board.cv
        lay = app.board.lay
        app.screens.drawn = None   # the frame no longer shows a screen
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


def handle(e, code, app, hw):
    """The crash of e, its code (firmware/main.py crash_code; app: the app
    if it was built; hw: the family's setup module): shown, printed and
    logged."""
    print("crash %s %s: %s" % (code, type(e).__name__, e))
    print_exception(e, sys.stdout)
    log_crash(e, code, hw.DATA)
    show_crash(app, code, e)


def restart(hw, unix, pause_ms):
    """Start again: after a pause to read the screen, the board's reset
    (on the unix port, at once and in the same process)."""
    if not unix:
        import time
        try:
            time.sleep_ms(pause_ms)
        except AttributeError:      # CircuitPython
            time.sleep(pause_ms / 1000)
    hw.restart()
