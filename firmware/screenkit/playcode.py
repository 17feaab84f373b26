# The end of a game: a QR code of the play's BG Stats link
# (firmware/screenkit/bgstats.py) beside the winner, shown with no press when a
# game ends; any button goes to the final standings under it.  Its code
# (this module, the link's and the encoder's) is loaded when a game ends and
# leaves the heap with the screen; only the code's bit plane (under 700
# bytes) stays while it is shown.
#
# The code is as large as the screen allows, and its link as full as that
# code holds.  A phone reads a code from the screen when its modules are
# big enough for the camera at a hand's distance: a pixel on the 128x64
# OLED (0.17 mm on its 22 mm) and two pixels on the 240x135 screens (0.2
# mm) are the smallest allowed (MIN_PX).  The level of error correction is
# L: a screen's code has no stains or tears to recover from, only its
# modules' size and focus, and at L a given screen holds the largest
# modules (the smallest version) for a given link.  So the screen's height
# fixes the largest version: on 64 rows version 11 (61 modules and a light
# module round it), on 135 rows at two pixels version 12.  The quiet zone
# is the standard's 4 modules where the height leaves room for them, else
# as many as it does (at least one; the dark glass beyond it keeps the
# code apart), and the link is written in the first form that fits, with
# as much as that form holds (bgstats.fit: percent-encoded, else with its
# letters beyond ASCII as UTF-8 under the code's UTF-8 ECI, else with the
# JSON's punctuation as it is too).
import sys

from firmware.core.text import fn, t
from firmware.screenkit.widgets import Screen

CIRCUITPYTHON = sys.implementation.name == "circuitpython"

MIN_PX = (1, 2)      # the smallest module, in pixels: mono, colour
QUIET = 4            # the quiet zone the standard asks for, in modules
# the bytes a code of versions 1 to 14 holds at level L in byte mode
# (firmware/core/qr.py capacity(); tests/test_qr.py holds them equal): so
# that the link is made before the encoder is loaded
CAPACITY = (17, 32, 53, 78, 106, 134, 154, 192, 230, 271, 321, 367, 425, 458)


class PlayCode(Screen):
    plain = True
    hint = "h.ok"

    def __init__(self):
        Screen.__init__(self)
        self.code = None
        self.px = 0
        self.quiet = 0
        self.made = False
        self.link = None
        self.form = self.lean = -1      # the link's form and leanness (bgstats.write)
        self.eci = False        # its code says UTF-8 in an ECI: it holds bytes beyond ASCII
        self.notice = None      # the reminder of the game's last action, for the standings

    def refresh(self, app):
        self.title = t("q.title")
        from firmware.screenkit.bgstats import of_play
        play = of_play(app, "play")(app, app.play.view()) or []
        if len(play) == 1:       # a solo game: won or lost
            self.lines = [t("q.won" if play[0][3] else "q.lost")]
        else:
            self.lines = [t("q.winner")] + [p[0] for p in play if p[3]]
            if play and play[0][1] is not None:
                self.lines.append(fn("q.score", play[0][1]))

    def key(self, app, k):
        if k in ("ok", "back", "up", "down"):
            app.screens.pop()
            if self.notice:
                # the reminder of the action that ended the game, on the
                # standings' title line (it would have covered the code)
                app.screens.notice = self.notice

    def later(self, app):
        """Make the code (after the first frame, which shows the winner:
        it takes a Pico a few hundred ms); None once made."""
        if self.made:
            return None
        return self._make

    def _make(self, app):
        from firmware.core.modules import collect, done_with
        lay = app.board.lay
        m0 = MIN_PX[1 if lay.colour else 0]
        side = lay.h // m0      # modules the screen's height holds at the smallest size
        top = 0
        while top < len(CAPACITY) and 21 + 4 * top + 2 <= side:
            top += 1            # version top + 1 (17 + 4v modules, and one light round it)
        self.made = True
        for tries in (0, 1):
            try:
                # the link first, then the code: the two modules are not in
                # the heap at once (at the end of a long game it holds the most)
                from firmware.screenkit import bgstats
                ps = bgstats.players(app)
                found = bgstats.fit(app, ps, CAPACITY[top - 1]) if ps is not None and top else None
                ps = bgstats = None
                done_with("firmware.screenkit.bgstats")
                if found is None:
                    return
                data, self.form, self.lean, self.eci = found
                found = None
                # the finished game's view (several kB, on the screens under
                # this one and in the app) is made again when the standings
                # are shown: at the end of a long game the encoder needs the room
                for s in app.screens.stack:
                    if getattr(s, "view", None) is not None:
                        s.view = None
                app.play.kept_view = None
                collect()
                from firmware.core import qr
                self.code = qr.encode(data, qr.L, 1, top, qr.UTF8 if self.eci else 0)
                self.link = data
                qr = None
                for m in ("firmware.core.qr", "firmware.core.qrnative", "firmware.core.qrcalc"):
                    done_with(m)
                break
            except MemoryError as e:
                # no room: once more with the undo's two kept copies on
                # flash meanwhile (Journal.aside; an undo reads them back)
                found = data = qr = bgstats = ps = None
                j = app.play.journal
                no_room = e
                try:
                    put = not tries and j is not None and j.aside()
                except MemoryError as again_e:      # (its code, loaded then)
                    no_room, put = again_e, False
                if not put:
                    if CIRCUITPYTHON and not getattr(self, "reloaded", False):
                        # a fresh heap (firmware/screenkit/endreload.py):
                        # here, with no module to load, where no names fit
                        if j is not None:
                            j.close()
                        import supervisor  # pyright: ignore[reportMissingImports] - CircuitPython's
                        supervisor.reload()
                        while True:
                            pass    # the reload comes as an exception at the loop's next turn
                    raise no_room
                j = None
                collect()
        n = self.code.size
        px = m0
        while (n + 2 * QUIET) * (px + 1) <= lay.h:
            px += 1
        self.px = px
        self.quiet = min(QUIET, (lay.h // px - n) // 2)

    def draw(self, cv, lay, app):
        cv.fill(lay.bg)
        code = self.code
        x0 = 0
        if code is not None:
            px = self.px
            n = code.size
            box = (n + 2 * self.quiet) * px
            y0 = (lay.h - box) // 2
            light = lay.sel_fg if lay.colour else lay.fg
            dark = lay.bg
            cv.rect(0, y0, box, box, light, True)
            ox = oy = self.quiet * px
            oy += y0
            bits = getattr(cv, "bits", None)
            if bits is not None:
                bits(ox, oy, code.bits, n, code.stride, px, dark)
            else:
                # a canvas with no bit planes (CircuitPython's displayio): a
                # rectangle a run of dark modules
                for y in range(n):
                    x = 0
                    while x < n:
                        if code.dark(x, y):
                            s = x
                            while x < n and code.dark(x, y):
                                x += 1
                            cv.rect(ox + s * px, oy + y * px, (x - s) * px, px, dark, True)
                        else:
                            x += 1
            x0 = box + 2
        # beside it: the winner, the score, and how to read the code; with
        # no code (none the screen can show holds this play: docs/bgstats.md)
        # the winner alone, and that there is no code
        w = lay.w - x0 - 2
        width = lay.font.width
        y = 0
        for text in self.lines + [t("q.scan" if code is not None or not self.made else "q.too_long")]:
            for word in text.split(" "):
                if width(word) > w:
                    text = None     # a screen too narrow beside the code (160x128): the line is left out
                    break
            if text is None:
                continue
            for part in lay.wrap(text, w):
                if y + lay.lh <= lay.h:
                    cv.text(x0 + 1, y, part, lay.title_fg if lay.colour and y == 0 else lay.fg)
                y += lay.lh
