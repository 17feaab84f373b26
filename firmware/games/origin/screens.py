# Origin's setup and home screens.
from firmware.core.text import t, f
from firmware.games.origin.words import name, vp
from firmware.screenkit.widgets import Screen, row

DEFAULT_NAMES = ("red", "blue", "green", "yellow")


class Setup(Screen):
    """How many play, and who sits where: seat 1 is the youngest (who
    starts), then clockwise.  OK on a seat gives it the next colour not
    taken by an earlier seat (swapping with a later seat that has it)."""
    hint = "h.pick"

    def __init__(self, app):
        Screen.__init__(self)
        names = app.play.edition.get("suggested_players", {}).get("names") or DEFAULT_NAMES
        self.names = list(names)
        lo, hi = app.play.edition["players"]
        self.lo = lo
        self.hi = min(hi, len(self.names))
        self.n = self.hi
        self.seats = list(self.names)

    def players(self):
        return self.seats[:self.n]

    def line(self):
        return "origin players=" + ",".join(self.players())

    def refresh(self, app):
        self.title = t("s.setup")
        rows = [row(t("s.players"), str(self.n), self._count)]
        for i in range(self.n):
            label = t("o.youngest") if i == 0 else f("o.seat", i + 1)
            rows.append(row(label, name(self.seats[i]), self._seat(i)))
        rows.append(row(t("m.settings"), ">", lambda app: app.screens.open_settings()))
        rows.append(row(t("m.start"), ">", lambda app: app.play.start_game(self.line())))
        self.rows = rows

    def _count(self, app):
        self.n = self.n + 1 if self.n < self.hi else self.lo
        self.refresh(app)

    def _seat(self, i):
        def go(app):
            seats = self.seats
            k = self.names.index(seats[i])
            while True:
                k = (k + 1) % len(self.names)
                c = self.names[k]
                if c not in seats[:i]:
                    break
            j = seats.index(c)
            seats[i], seats[j] = c, seats[i]
            self.refresh(app)
        return go

    def key(self, app, k):
        if k == "back":
            app.screens.pop()  # back to the game picker
            return
        Screen.key(self, app, k)


def status_of(v, c):
    """What a player's row on the home screen says on its right."""
    p = v["players"][c]
    if v["phase"] == "scoring":
        return "?" if p["total"] is None else vp(p["total"])
    tr = v["trigger"]
    if tr is None:
        return t("o.turn") if c == v["turn"] else ""
    if v["phase"] == "play" and c == tr["by"]:
        return t("o.triggered")
    if p["last_turn_done"]:
        return t("o.done")
    if c == v["turn"]:
        return t("o.turn")
    return t("o.one_more")


class Home(Screen):
    """Where the game stands: the round (or last turns, or scoring) and a
    line per player, the one whose turn it is highlighted.  OK opens the
    turn menu, BACK the history."""
    hint = "h.menu"

    def refresh(self, app):
        v = app.play.view()
        rows = []
        cur = -1
        if v["over"]:
            if v["winner"]:
                self.title = t("h.winner") % name(v["winner"])
            else:
                self.title = t("o.shared")
            for c in v["standings"]:
                p = v["players"][c]
                rows.append(row("%d %s" % (p["rank"], name(c)), vp(p["total"]), colour=c))
        else:
            if v["phase"] == "scoring":
                self.title = t("o.scoring")
            elif v["trigger"] is not None:
                self.title = t("o.last_turns")
            else:
                self.title = f("o.round", v["round"])
            for c in v["seating"]:
                if c == v["turn"]:
                    cur = len(rows)
                rows.append(row(name(c), status_of(v, c), colour=c))
        self.rows = rows
        self.plain = cur < 0
        self.cur = max(cur, 0)
        self.top = 0

    def key(self, app, k):
        if k in ("ok", "down", "up"):
            app.screens.open_menu()
        elif k == "back":
            app.screens.open_history()
