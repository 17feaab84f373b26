# How long a game has been played, by the device's own clock, for the
# play's BG Stats link (firmware/screenkit/bgstats.py): the time from each press
# to the next while the game is played, added up over every time the
# device was on (a Pico keeps no time while off, and knows no date unless
# a host set its clock), until the game's end.  The time from switching on
# to the first press is not counted, nor any while the device was off: the
# link says so in its comment.
#
# The presses' times are the buttons' own (App.key's at): the simulator
# given the same times counts the same (its presses without times count
# nothing).  The count is kept in the game's folder (time.json), written at
# most every SAVE_MS of counted time, once its frame is drawn (App.run),
# and at the game's end: a power cut loses at most that much of it.
try:
    from time import ticks_diff  # pyright: ignore[reportAssignmentType]
except ImportError:  # CPython (the simulator): its times are plain ms
    def ticks_diff(a, b):
        return a - b

from firmware.core.gamefiles import CLOCK as FILE  # noqa: E402  (the game folder's files are named there)
SAVE_MS = 5 * 60 * 1000
SET_YEAR = 2025     # a clock before this year was not set by a host (a Pico starts at 2021)


class Clock:
    """The time counted in the game of setup line setup, whose files are
    in folder (None: kept in memory only); fresh: the game has just been
    started (a file left by an earlier game of the same setup is not its)."""

    def __init__(self, folder, setup, fresh=False, wall=None):
        self.folder = folder
        self.setup = setup
        self.wall = wall        # time.localtime where the board has a clock, else None
        self.ms = 0
        self.last = None        # the last press's time, this time the device is on
        self.over = False
        self.session = None     # type: object  # the session it counts for (Play.press)
        if folder and not fresh:
            from firmware.core import store
            ok, got = store.read_json(folder + "/" + FILE)
            if ok and isinstance(got, dict) and got.get("setup") == setup and isinstance(got.get("ms"), int):
                self.ms = got["ms"]
                self.over = bool(got.get("over"))
        self.saved = self.ms

    def press(self, at):
        """A press at time at (ms, or None where not known)."""
        if at is None:
            return
        if self.last is not None and not self.over:
            d = int(ticks_diff(at, self.last))     # (a simulator's times may be floats)
            if d > 0:
                self.ms += d
        self.last = at

    def end(self, over, now=True):
        """The game has ended (over) or goes on (an undo of its end): the
        count stops, or starts again from this press; written when it stops
        (now, or else due: the device writes it once the standings are
        shown)."""
        if over == self.over:
            return
        self.over = over
        if over:
            self.saved = -SAVE_MS
            if now:
                self.save()

    def due(self):
        return self.folder is not None and self.ms - self.saved >= SAVE_MS

    def save(self):
        if not self.folder or self.ms == self.saved and not self.over:
            return
        from firmware.core import store
        from firmware.core.modules import done_with
        try:
            store.save_json(self.folder + "/" + FILE, {"setup": self.setup, "ms": self.ms, "over": self.over})
            self.saved = self.ms
        except OSError:
            # a full or read-only storage: the count stays in memory (the
            # end's write tried again when the next would be)
            if self.saved < 0:
                self.saved = self.ms
        except MemoryError:
            # no block for the file's cache in a heap cut up by play: the
            # count stays in memory, written again SAVE_MS later (or at the
            # game's end), and the game goes on
            self.saved = self.ms
        done_with("firmware.core.store")

    def minutes(self):
        return (self.ms + 30000) // 60000

    def date(self):
        """The date and time now ("2026-05-01 20:15:00", as BG Stats takes
        them; the board's clock as a host set it: flash.sh sets it to UTC),
        or None where the clock was never set."""
        if self.wall is None:
            return None
        t = self.wall()
        if t[0] < SET_YEAR:
            return None
        return "%04d-%02d-%02d %02d:%02d:%02d" % t[:6]
