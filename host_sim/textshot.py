"""The screen as text: what the canvas holds, read back as lines of text.

A Screen draws text with Canvas.text and paints over it with Canvas.fill
and Canvas.rect; a cursor move redraws two rows only, a scroll moves rows
(Canvas.move_rows).  TextShot follows those calls on one canvas and keeps
the text the frame shows, so that after any press `lines()` gives the
screen's text as drawn: one line per text row, top to bottom, the row the
cursor is on (painted in the selection colour, the whole width) prefixed
by "> ".  Pixels (bars, icons, a QR code) are not text and are not read.
"""


class TextShot:
    def __init__(self, cv, lay):
        self.cv = cv
        self.lay = lay
        self.pieces = []    # [x, y, text]
        self.sel = {}       # y -> height of a row painted in the selection colour
        self.boxes = []     # [x, y, w, h] painted in the selection colour, less than a row
        self._wrap()

    def _wrap(self):
        cv = self.cv
        fill, rect, text, move = cv.fill, cv.rect, cv.text, cv.move_rows
        shot = self

        def fill_(c):
            shot.pieces = []
            shot.sel = {}
            shot.boxes = []
            fill(c)

        def rect_(x, y, w, h, c, fill=False):
            if fill:
                shot._paint(x, y, w, h, c)
            rect(x, y, w, h, c, fill)

        def text_(x, y, s, c):
            if s:
                shot.pieces.append([x, y, s])
            text(x, y, s, c)

        def move_(y, n, h, d):
            done = move(y, n, h, d)
            if done:
                shot._move(y, n, h, d)
            return done

        cv.fill, cv.rect, cv.text, cv.move_rows = fill_, rect_, text_, move_

    def _paint(self, x, y, w, h, c):
        lay = self.lay
        fh = lay.font.height
        keep = []
        for p in self.pieces:
            # text under the painted rectangle is gone
            px, py = p[0], p[1]
            pw = self.cv.text_width(p[2])
            if py < y + h and py + fh > y and px < x + w and px + pw > x:
                continue
            keep.append(p)
        self.pieces = keep
        for sy in list(self.sel):
            if sy < y + h and sy + self.sel[sy] > y and w >= lay.w // 2:
                del self.sel[sy]
        self.boxes = [b for b in self.boxes
                      if not (b[1] < y + h and b[1] + b[3] > y and b[0] < x + w and b[0] + b[2] > x)]
        if c == lay.sel_bg and w == lay.w and y > 0 and h <= lay.lh:
            self.sel[y] = h
        elif c == lay.sel_bg and w < lay.w // 2 and h <= lay.lh:
            self.boxes.append([x, y, w, h])

    def _move(self, y, n, h, d):
        top, bottom = y, y + n * h
        keep = []
        for p in self.pieces:
            if top <= p[1] < bottom:
                p[1] += d * h
                if not top <= p[1] < bottom:
                    continue
            keep.append(p)
        self.pieces = keep
        sel = {}
        for sy, sh in self.sel.items():
            if top <= sy < bottom:
                sy += d * h
                if not top <= sy < bottom:
                    continue
            sel[sy] = sh
        self.sel = sel

    def lines(self):
        """The text of the frame, a line per row of text (by the y it is
        drawn at), top to bottom; pieces of a row left to right, two spaces
        apart; the cursor's row prefixed by "> "."""
        rows = {}
        for x, y, s in self.pieces:
            for b in self.boxes:
                if b[0] <= x < b[0] + b[2] and b[1] <= y < b[1] + b[3]:
                    s = "[" + s + "]"
            rows.setdefault(y, []).append((x, s))
        out = []
        for y in sorted(rows):
            parts = [s for _, s in sorted(rows[y])]
            cur = any(sy <= y < sy + sh for sy, sh in self.sel.items())
            out.append(("> " if cur else "") + "  ".join(parts))
        return out
