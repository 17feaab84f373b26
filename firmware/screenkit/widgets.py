# Generic screens: a list menu, number fields, and a message.  A screen
# keeps its rows (computed in refresh(), when the game changes, not when it
# is drawn) and turns button intents ("up", "down", "ok", "back") into
# changes: an action line for the game, another screen, or a note.
#
# A row is a list [label, right, target, why, colour]:
#   label, right  text on the left and right of the line
#   target        an action line (str) for the game, a callable f(app), or None
#   why           None when allowed, else the reason it is not (shown on OK)
#   colour        a player colour name for the TFT, or None

from firmware.core.text import t, fit


# A held press on a screen that takes it otherwise (Screen.held; App.key
# reads it): the intents it gives there, four buttons then two.  A number
# field's: a held DOWN (on two buttons B) steps the value down as DOWN does
# (no end of turn), a held UP (on two buttons A) up, and on they go while
# held.
HELD = ({"end": "down", "up+": "up", "down+": "down"}, {"undo": "less", "less+": "less", "down+": "down"})


def row(label, right="", target=None, why=None, colour=None):
    return [label, right, target, why, colour]


# the target of a row that goes on with the row above it (a name too long
# for its row): the cursor passes over it, so a list takes the same
# presses in every language, however its words wrap
MORE = ("more",)


class Rows:
    """The rows of a long list, each made when it is read (drawn, or picked)
    rather than all when the list opens.  The Sun Event card list has 21
    rows, each checked against the rules: made at once they cost the
    opening's time and heap for all 21, where the screen shows five to
    eight (BENCHMARKS.md, *Measured apart*).  make(i) gives row i.  The
    rows made last are kept (up to KEEP: more than a screen shows; the one
    farthest from the row asked for goes first), so that a cursor move,
    which draws two rows again, makes none, and a scroll (a held DOWN, row
    after row) makes the row that comes into view only."""
    KEEP = 12

    def __init__(self, n, make):
        self.n = n
        self.make = make
        self.made = {}

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        if i < 0:
            i += self.n
        if not 0 <= i < self.n:
            raise IndexError(i)
        made = self.made
        r = made.get(i)
        if r is None:
            if len(made) >= self.KEEP:
                far = fd = -1
                for k in made:
                    d = k - i if k > i else i - k
                    if self.n - d < d:
                        d = self.n - d      # the list wraps round
                    if d > fd:
                        far, fd = k, d
                del made[far]
            r = made[i] = self.make(i)
        return r


def selected(cv, lay, y, colour=None):
    """The cursor's row at y: a lit band on the mono screen; on the TFT a
    dark band, and for a player's row a frame in their colour, their name
    still in it; on another row, while a player has the turn, a frame in
    that player's colour (the title's).  Returns the colour to write on it."""
    col = lay.player.get(colour) if colour and lay.colour else None
    cv.rect(0, y, lay.w, lay.lh, lay.sel_bg, True)
    if col is None:
        turn = lay.player.get(lay.turn) if lay.turn and lay.colour else None
        if turn is not None:
            cv.rect(0, y, lay.w, lay.lh, turn)
        return lay.sel_fg
    cv.rect(0, y, lay.w, lay.lh, col)
    return col


def title(cv, lay, text, right=""):
    """The title line: a coloured band on the TFT, in the colour of the
    player whose turn it is (lay.turn), else brown; underlined text on the
    mono screen (an inverted band there would look like the selected row)."""
    w = lay.w
    lh = lay.lh
    if lay.colour:
        band = lay.player.get(lay.turn, lay.title_bg) if lay.turn else lay.title_bg
        cv.rect(0, 0, w, lh, band, True)
        col = lay.on_player.get(band, lay.title_fg)
    else:
        cv.hline(0, lh - 1, w, lay.fg)
        col = lay.fg
    rw = cv.text_width(right) + 2 if right else 0
    cv.text(1, 0, lay.fit(text, w - rw - 2), col)
    if right:
        cv.text(w - rw, 0, right, col)


def under(app, s):
    """The rows an action's results take over the top of the home screen
    s (Screens.tell), after its title's: its rows start under them."""
    n = app.screens.notice
    return len(n) - 1 if n and app.screens.stack[0] is s else 0


class Screen:
    title = ""
    hint = "h.back"
    plain = False  # no selected row (a message)
    picker = False  # the game picker of New game: leaving it goes back to the game played
    moved = None   # the row the cursor left on the last key, if it moved
    shown = -1     # the first visible row when last drawn
    held = None    # held presses taken otherwise here: (four buttons, two) {intent: what it is here} (HELD)

    def __init__(self):
        self.rows = []
        self.cur = 0
        self.top = 0

    def refresh(self, app):
        pass

    def cover(self):
        """Another screen goes over this one: let go of the rows, which
        refresh() makes again when it is uncovered (the heap of a small
        board holds the rows of the screen on top only)."""
        if type(self).refresh is not Screen.refresh:
            self.rows = []

    def status(self, app):
        """Text at the right of the title bar."""
        return ""

    def key(self, app, k):
        n = len(self.rows)
        if k == "up+" or k == "down+":
            k = k[:-1]      # a held UP (two buttons: A) goes on, a row each step
        if (k == "up" or k == "down") and n:
            self._visible(app.board.lay)      # the window a frame would show before the step
            self.moved = self.cur
            d = -1 if k == "up" else 1
            c = (self.cur + d) % n
            while self.rows[c][2] is MORE and c != self.cur:
                c = (c + d) % n
            self.cur = c
            self._visible(app.board.lay)      # the window follows each step, drawn or not
        elif k == "ok" and n:
            self.activate(app, self.rows[self.cur])
        elif k == "back":
            app.screens.pop()

    def activate(self, app, r):
        if r[3]:
            app.screens.note(r[3])
            return
        target = r[2]
        if target is None or target is MORE:
            return
        if isinstance(target, str):
            app.play.act(target)
        else:
            target(app)

    def keep_in_range(self):
        """The cursor on a row (the rows may be fewer than when it moved)."""
        n = len(self.rows)
        if self.cur >= n:
            self.cur = max(0, n - 1)
        if self.top > self.cur:
            self.top = self.cur

    def select(self, index):
        if 0 <= index < len(self.rows):
            self.cur = index

    def settle(self, app, default):
        """The cursor on the row `default` (the likeliest now) when the game
        changed since the rows were last made; else where it was (after
        BACK, a refusal closed, a setting changed: the same row again)."""
        if getattr(self, "seen", None) != app.play.acts:
            self.select(default)
        self.keep_in_range()
        self._visible(app.board.lay)      # the window follows, drawn or not
        self.seen = app.play.acts

    hint_row = False   # a hint line on every board, the 128x64 screen too (Numbers)

    def _visible(self, lay):
        """How many rows fit; scrolls so that the cursor's row is one."""
        visible = lay.rows - 2 if self.hint_row else lay.rows - 1 - lay.footer
        last = self.cur     # the cursor's row and the rows that go on with it
        rows = self.rows
        while type(rows) is list and last + 1 < len(rows) and rows[last + 1][2] is MORE:
            last += 1
        if self.cur < self.top:
            self.top = self.cur
        elif last >= self.top + visible:
            self.top = min(self.cur, last - visible + 1)
        return visible

    def draw(self, cv, lay, app):
        cv.fill(lay.bg)
        title(cv, lay, self.title, self.status(app))
        visible = self._visible(lay)
        d = under(app, self)
        first = self.top
        if d and not self.plain and self.cur >= first + visible - d:
            first = self.cur - (visible - d) + 1    # its cursor's row (whose turn it is) shown
        for i in range(visible - d):
            k = first + i
            if k >= len(self.rows):
                break
            self._row(cv, lay, i + d, k)
        self._bar(cv, lay, visible)
        if lay.footer:
            self.footer(cv, lay, app)
        self.shown = -1 if d else self.top      # drawn whole at the next press

    def redraw(self, cv, lay, app, moved):
        """Draw after a key.  moved: the key only moved the cursor, and
        the frame still shows this screen as it was before: then only the
        two rows the cursor left and entered are drawn again (and the
        scroll bar), unless the screen draws itself.  A list scrolled by
        one row moves its rows where the frame can (colour), and draws the
        one that came into view; else it is drawn whole."""
        if moved and self.moved is not None and type(self).draw is Screen.draw:
            visible = self._visible(lay)
            d = self.top - self.shown
            lh = lay.lh
            if d == 0:
                rows = (self.moved, self.cur)
            elif (d == 1 or d == -1) and cv.move_rows(lh, visible, lh, -d):
                self.shown = self.top
                # the rows' scroll bar moved with them
                cv.rect(lay.w - 1, lh, 1, visible * lh, lay.bg, True)
                rows = (self.moved, self.cur, self.top if d < 0 else self.top + visible - 1)
            else:
                rows = None
            if rows is not None:
                for j in range(len(rows)):
                    k = rows[j]
                    i = k - self.top
                    if 0 <= i < visible and k < len(self.rows) and k not in rows[:j]:
                        cv.rect(0, (i + 1) * lh, lay.w, lh, lay.bg, True)
                        self._row(cv, lay, i, k)
                self._bar(cv, lay, visible)
                return
        self.draw(cv, lay, app)

    def _row(self, cv, lay, i, k):
        """Row k of the list in the i-th place on the screen."""
        w = lay.w
        lh = lay.lh
        r = self.rows[k]
        y = (i + 1) * lh
        col = lay.fg
        if k == self.cur and not self.plain:
            col = selected(cv, lay, y, r[4])
        elif r[3] and lay.colour:
            col = lay.grey
        elif r[4] and lay.colour:
            # a player's colour, where the palette has it (players may be
            # named, or black or white): else the screen's own
            col = lay.player.get(r[4], col)
        # when both do not fit, the right text gives way first
        label = r[0]
        rtext = r[1]
        room = w - 4 - cv.text_width(label) - cv.text_width(" ")
        if rtext and cv.text_width(rtext) > room:
            rtext = lay.fit(rtext, max(room, (w - 4) // 2))
        rw = cv.text_width(rtext) + 2 if rtext else 0
        label = lay.fit(label, w - rw - 4)
        cv.text(2, y, label, col)
        if rtext:
            cv.text(w - rw, y, rtext, col)
        if r[3] and not lay.colour:
            # not allowed now: struck through on the mono screen
            cv.hline(2, y + lh // 2, cv.text_width(label), col)

    def _bar(self, cv, lay, visible):
        """The scroll bar, when the rows do not all fit."""
        n = len(self.rows)
        if n > visible:
            lh = lay.lh
            h = visible * lh
            bar = max(3, h * visible // n)
            y = lh + (h - bar) * self.top // max(1, n - visible)
            cv.rect(lay.w - 1, y, 1, bar, lay.fg, True)

    def footer(self, cv, lay, app):
        y = (lay.rows - 1) * lay.lh
        cv.hline(0, y, lay.w, lay.fg)
        cv.text(1, y + 1, lay.fit(app.screens.footer_text(self.hint), lay.w - 2), lay.fg)


class Menu(Screen):
    """A list built once from rows given by the caller; with build, a
    function build(app) -> rows, built again whenever the game changed
    (a history after an undo)."""

    def __init__(self, title, rows, cur=0, hint="h.back", build=None):
        Screen.__init__(self)
        self.title = title
        self.rows = rows
        self.cur = cur
        self.hint = hint
        self.build = build

    def refresh(self, app):
        if self.build is not None:
            self.rows = self.build(app)
            self.keep_in_range()
        elif isinstance(self.rows, Rows):
            self.rows.made.clear()   # made again from the game as it is now

    def cover(self):
        # rows given by the caller stay: they cannot be made again
        if self.build is not None:
            self.rows = []
        elif isinstance(self.rows, Rows):
            self.rows.made.clear()


class Message(Screen):
    """Lines of text; OK or BACK closes it (then calls done(app) if given)."""
    hint = "h.ok"
    plain = True

    def __init__(self, title, lines, done=None):
        Screen.__init__(self)
        self.title = title
        self.lines = lines
        self.done = done

    def refresh(self, app):
        width = app.board.lay.w - 4
        rows = []
        for line in self.lines:
            for part in app.board.lay.wrap(line, width):
                rows.append(row(part, target=self._close))
        self.rows = rows or [row(t("m.ok"), target=self._close)]

    def _close(self, app):
        app.screens.pop()
        if self.done:
            self.done(app)

    def key(self, app, k):
        # UP/DOWN scroll a long message; OK or BACK close it.
        if k == "down" and self.top + app.board.lay.rows - 1 - app.board.lay.footer < len(self.rows):
            self.top += 1
        elif k == "up" and self.top:
            self.top -= 1
        elif k in ("ok", "back"):
            self._close(app)
        self.cur = self.top


class Report(Message):
    """An action's results that did not fit the top two rows whole, or a
    big moment (banner: its title is the headline, a Pizarro flip, the end
    of the game): every line whole, drawn the moment it happens (Screens.tell).
    The headline stands out on the mono screen as a lit band."""

    def __init__(self, title, lines, banner=False):
        Message.__init__(self, title, lines)
        self.banner = banner

    def draw(self, cv, lay, app):
        Screen.draw(self, cv, lay, app)
        if self.banner and not lay.colour:
            cv.rect(0, 0, lay.w, lay.lh, lay.fg, True)
            cv.text(1, 0, lay.fit(self.title, lay.w - 2), lay.bg)


class Numbers(Screen):
    """Edit a few whole numbers, one field at a time, on a screen that does
    not look like a menu: the field being edited has its value in a lit
    box with the arrows it can still go (no selected row), and a hint line
    says what the buttons do, on every board.  Four buttons: UP and DOWN
    change the value and stop at its limits (0 never becomes the maximum).
    Two buttons: A steps up and after the maximum comes the minimum, as
    the hint says; a held B steps down and stops at the minimum.  OK goes
    to the next field and after the last calls done(app, values); BACK
    goes to the previous field, or leaves."""
    hint = "h.num"
    held = HELD
    plain = True
    hint_row = True     # a row kept for the hint on every board (the 128x64 screen has no footer)

    def __init__(self, title, fields, done):
        # fields: [[label key, value, lo, hi], ...]
        Screen.__init__(self)
        self.title = title
        self.fields = [list(x) for x in fields]
        self.done = done

    def refresh(self, app):
        self.rows = [row(t(f[0]), str(f[1])) for f in self.fields]

    def key(self, app, k):
        f = self.fields[self.cur]
        if k == "down" and not app.board.has_up:
            f[1] = f[1] + 1 if f[1] < f[3] else f[2]       # A: up, round to the minimum
        elif k == "up":
            if f[1] < f[3]:
                f[1] += 1
        elif k == "down" or k == "less":
            if f[1] > f[2]:
                f[1] -= 1
        elif k == "ok":
            if self.cur + 1 < len(self.fields):
                self.cur += 1
            else:
                app.screens.pop()
                self.done(app, [x[1] for x in self.fields])
                return
        elif k == "back":
            if self.cur:
                self.cur -= 1
            else:
                app.screens.pop()
                return
        self.refresh(app)

    def draw(self, cv, lay, app):
        cv.fill(lay.bg)
        title(cv, lay, self.title)
        visible = self._visible(lay)
        lh = lay.lh
        w = lay.w
        fg = lay.fg
        for i in range(visible):
            k = self.top + i
            if k >= len(self.fields):
                break
            f = self.fields[k]
            y = (i + 1) * lh
            value = str(f[1])
            if k != self.cur:
                room = w - 4 - cv.text_width(value + " ")
                cv.text(2, y, lay.fit(fit(f[0], room, cv.text_width), room), fg)
                cv.text(w - cv.text_width(value) - 2, y, value, fg)
                continue
            # the value being edited: in a lit box, the arrows it can go beside it
            up = "\u25b2" if f[1] < f[3] or not app.board.has_up else " "
            down = "\u25bc" if f[1] > f[2] else " "
            arrows = down + up
            bw = cv.text_width(value) + 4
            aw = cv.text_width(arrows)
            x = w - bw - 1
            cv.text(2, y, lay.fit(fit(f[0], x - aw - 6, cv.text_width), x - aw - 6), fg)
            cv.text(x - aw - 2, y, arrows, fg)
            cv.rect(x, y, bw, lh - 1, lay.sel_bg, True)
            cv.text(x + 2, y, value, lay.sel_fg)
        self._bar(cv, lay, visible)
        self.footer(cv, lay, app)

    def footer(self, cv, lay, app):
        f = self.fields[self.cur]
        last = self.cur + 1 == len(self.fields)
        if app.board.has_up:
            hint = t("h.num_done" if last else "h.num")
        else:
            hint = t("h2.num") % (f[3], f[2])
        y = (lay.rows - 1) * lay.lh
        cv.hline(0, y, lay.w, lay.fg)
        cv.text(1, y + 1, lay.fit(hint, lay.w - 2), lay.fg)
