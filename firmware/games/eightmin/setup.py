# Setting up Eight-Minute Empire: how many players, the colour of each seat
# (in seating order), the variants and who is youngest; Start shows the
# setup steps for this many players.
from firmware.core.text import t, f
from firmware.games.eightmin import words as w
from firmware.screenkit.widgets import Screen, row


class Setup(Screen):
    hint = "h.pick"

    def __init__(self, edition=None):
        Screen.__init__(self)
        self.title = t("s.setup")
        names = list(w.PALETTE)
        try:
            for c in reversed(edition["suggested_players"]["names"]):
                if c in names:
                    names.remove(c)
                names.insert(0, c)
        except (TypeError, KeyError):
            pass
        self.palette = names
        self.n = 3
        self.seats = names[:5]
        # the first seat is the youngest until the players say otherwise
        # (the bids' tie goes to the youngest: never left unset)
        self.youngest = self.seats[0]
        self.dice = False
        self.tokens = False
        self.full = False

    def players(self):
        return self.seats[:self.n]

    def line(self):
        ps = self.players()
        words = ["eightmin", "players=" + ",".join(ps)]
        if self.youngest in ps:
            words.append("youngest=" + self.youngest)
        if self.full:
            words.append("full")
        if self.tokens:
            words.append("goods-tokens")
        if self.dice:
            words.append("dice")
        return " ".join(words)

    def refresh(self, app):
        self.title = t("s.setup")
        lay = app.board.lay
        on = lambda b: t("s.on") if b else t("s.off")  # noqa: E731
        rows = [row(t("s.players"), str(self.n), self._toggle("n"))]
        for i in range(self.n):
            c = self.seats[i]
            rows.append(row(f("8.s.seat", i + 1), w.name(c), self._seat(i), None,
                            c if c in lay.player else None))
        if self.youngest != "?" and self.youngest not in self.players():
            self.youngest = self.seats[0]       # a seat given another colour, or a player fewer
        y = self.youngest if self.youngest != "?" else None
        rows.append(row(t("8.s.youngest"), w.name(y) if y else "?", self._toggle("youngest")))
        rows.append(row(t("8.s.dice"), on(self.dice), self._toggle("dice")))
        rows.append(row(t("8.s.tokens"), on(self.tokens), self._toggle("tokens")))
        rows.append(row(t("8.s.full"), on(self.full), self._toggle("full")))
        rows.append(row(t("m.settings"), ">", lambda app: app.screens.open_settings()))
        rows.append(row(t("m.start"), ">", lambda app: app.play.start_game(self.line())))
        self.rows = rows

    def _toggle(self, what):
        def go(app):
            if what == "n":
                self.n = self.n + 1 if self.n < 5 else 2
            elif what == "youngest":
                ps = self.players()
                # each player in turn, then "?" (asked at a tie), then the first again
                y = self.youngest if self.youngest in ps else None
                self.youngest = ps[0] if y is None else (ps[ps.index(y) + 1] if ps.index(y) + 1 < len(ps) else "?")
            else:
                setattr(self, what, not getattr(self, what))
            self.refresh(app)
        return go

    def _seat(self, i):
        def go(app):
            taken = [c for j, c in enumerate(self.players()) if j != i]
            k = self.palette.index(self.seats[i]) if self.seats[i] in self.palette else -1
            for _ in range(len(self.palette)):
                k = (k + 1) % len(self.palette)
                if self.palette[k] not in taken:
                    break
            old = self.seats[i]
            new = self.palette[k]
            # a seat beyond the players keeps the colour given away
            for j in range(self.n, len(self.seats)):
                if self.seats[j] == new:
                    self.seats[j] = old
            self.seats[i] = new
            self.refresh(app)
        return go

    def key(self, app, k):
        if k == "back":
            app.screens.pop()  # back to the game picker
            return
        Screen.key(self, app, k)
