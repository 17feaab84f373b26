# The home screen: where are we (era, round, phase, whose turn, the era
# track as a bar) and every player in turn order (numbered 1, 2, ... as
# they play) with VP and labor; at the end, the final standings by rank.
# OK opens the phase's menu.
from firmware.core.text import t, f
from firmware.games.inca import words as w
from firmware.screenkit.widgets import Screen, selected, title, under


class Home(Screen):
    hint = "h.menu"

    def refresh(self, app):
        self.view = app.play.view()
        s = app.play.session.state
        # progress through the era track, in phases
        total = 0
        done = 0
        self.ticks = []
        for i in range(len(s["track"])):
            n = len(s["track"][i][2])
            if i < s["ci"]:
                done += n
            elif i == s["ci"]:
                done += s["pi"]
            self.ticks.append(total)
            total += n
        self.total = total
        self.done = total if s["over"] else done

    def key(self, app, k):
        if k == "ok" or k == "down" or k == "up":
            app.screens.open_menu()
        elif k == "back":
            app.screens.open_history()

    def draw(self, cv, lay, app):
        v = self.view
        fg = lay.fg
        lh = lay.lh
        W = lay.w
        cv.fill(lay.bg)
        if v["over"]:
            title(cv, lay, t("h.winner") % w.name(v["winner"]))
        else:
            title(cv, lay, w.where(v))
        # the era track: a bar with a tick where each round begins
        y = lh + 1
        cv.rect(0, y, W, 3, fg)
        cv.rect(0, y, 1 + (W - 1) * self.done // self.total, 3, fg, True)
        for x in self.ticks[1:]:
            cv.line(x * (W - 1) // self.total, y - 1, x * (W - 1) // self.total, y + 3, fg)
        # the players right under an action's results of more than a row
        top = max(y + 4, (under(app, self) + 1) * lh)
        rows = (lay.h - top) // lh
        turn = v["turn"]
        # who plays next: the turn order; at the end the standings
        stand = v["standings"] if v["over"] else v["order"]
        n = len(stand)
        first = 0
        if turn in stand and stand.index(turn) >= rows:
            first = stand.index(turn) - rows + 1    # the player whose turn it is shown
        for i in range(first, min(first + rows, n)):
            c = stand[i]
            p = v["players"][c]
            yy = top + (i - first) * lh
            col = lay.player[c] if lay.colour else fg
            if c == turn:
                col = selected(cv, lay, yy, c)
            name = w.name(c) if lay.colour else w.ini(c)
            cv.text(1, yy, "%d %s" % (p["rank"] if v["over"] else i + 1, name), col)
            right = f("m.home", p["vp"], p["labor"])
            cv.text(W - cv.text_width(right) - 1, yy, right, col)
        if rows > n and lay.footer:
            self.footer(cv, lay, app)
