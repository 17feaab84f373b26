# The device's entry point (on the board, /main.py runs main() from here).
#
#   1. firmware/bringup.py reads board.json, builds the board's display,
#      buttons and LEDs from its profile (boards/NAME.py) and the app on
#      them, and is forgotten (its code is not needed until the next start).
#   2. App.run boots the app (the saved game is resumed from the data
#      directory) and runs the asyncio loop.
#   3. A crash is caught (firmware/crash.py, imported only then): a short
#      code (E and 4 hex digits) is shown on the screen, the error is logged
#      to DATA/crash.log, and the device starts again into the resumed game
#      (machine.reset on a board, the loop run again on the unix port).
# Only what the loop needs stays in the heap while a game is played: this
# module, and the few functions below that the app is given.
import sys

BOARD_JSON = "board.json"


def seeds(first):
    if first is None:
        return None
    box = [first]

    def seed():
        s = box[0]
        box[0] = s + 1
        return s
    return seed


def _heap():
    """One line on the serial port: the heap in use and free after a
    collection (board.json "probe": true; the benchmark reads it)."""
    import gc
    gc.collect()
    print("heap %d %d" % (gc.mem_alloc(), gc.mem_free()))


def run_once(cfg, made):
    """Build the app and run its loop until it raises; made[0] is the app
    once it is built (for the crash screen)."""
    import asyncio
    from firmware.core.modules import loading
    loading(True)       # again after a crash
    from firmware import bringup
    app, buttons = bringup.start(cfg, made, probe=_heap, seed=seeds(cfg.get("seed")))
    bringup = None
    import time
    # the board's date and time, for a finished play's date (only once a
    # host has set the clock: firmware/core/playclock.py)
    app.board.wall = time.localtime
    if sys.implementation.name != "cpython":
        asyncio.new_event_loop()   # drop the tasks of a previous run
    asyncio.run(app.run(buttons))


def main(path=BOARD_JSON, crashes=3):
    """Run the device.  On a board it never returns; on the virtual board
    the quit key returns, and so do `crashes` crashes in a row."""
    from firmware.core.modules import loading
    loading(True)       # collected as it loads (modules.LOADING_GC) until a game is on the screen
    from firmware import bringup
    bringup.keep_builtins()
    cfg = bringup.config(path)
    fam = bringup.FAMILIES[bringup.profile(cfg["board"]).FAMILY]
    bringup = None
    left = crashes
    while True:
        made = [None]
        try:
            run_once(cfg, made)
        except KeyboardInterrupt:
            raise
        except Exception as e:  # noqa: BLE001 - any error restarts the device
            app = made[0]
            made = None
            let_go(app)    # the crash's code must find room (it may be out of memory)
            try:
                hw = __import__(fam)
                for part in fam.split(".")[1:]:
                    hw = getattr(hw, part)
                quit_exc = getattr(hw, "Quit", None)
                if quit_exc is not None and isinstance(e, quit_exc):
                    return None
                from firmware import crash
                code = crash_code(e)
                crash.handle(e, code, app, hw)
            except MemoryError:
                # no room even for the crash screen: told on the serial
                # line, and start again all the same (the game is kept;
                # the boot resumes it)
                _reset(e)
                raise
            app = None
            left -= 1
            if left <= 0:
                return code
            crash.restart(hw, fam == "firmware.hal.virtual", CRASH_PAUSE_MS)


def let_go(app):
    """Drop what the app holds but the screen and its words, so that the
    crash screen's code can be loaded and drawn in a heap the crash may
    have left full."""
    if app is not None:
        play = app.play
        for j in (play.journal, play.playing[4] if play.playing else None):
            if j is not None:
                j.close()   # the journal file it keeps open: the app that starts again reads it
        play.session = play.journal = play.playing = play.kept_view = play.edition = None
        app.screens.notice = None
        app.screens.stack = []
    import gc
    gc.collect()


def crash_code(e):
    """A short code for an error: E and 4 hex digits of the CRC-32 of its
    type and message (the same error gives the same code)."""
    import binascii
    text = "%s: %s" % (type(e).__name__, e)
    return "E%04X" % (binascii.crc32(text.encode()) & 0xFFFF)


CRASH_PAUSE_MS = 4000   # the crash on the screen (and the serial line) before the board starts again


def _reset(e):
    try:
        import machine
        reset = machine.reset
    except (ImportError, AttributeError):   # the unix port: the error goes on up
        return
    try:
        print("crash %s %s: %s" % (crash_code(e), type(e).__name__, e))
    except MemoryError:
        pass
    import time
    pause = getattr(time, "sleep_ms", None)
    if pause is not None:
        pause(CRASH_PAUSE_MS)   # the line reaches the serial port; no start again at full speed
    reset()


if __name__ == "__main__":
    main()
