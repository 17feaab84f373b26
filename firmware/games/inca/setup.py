# Setting up a game: players and colours, variants, a "check your board"
# screen for the edition numbers the rule texts do not print (saved in the
# settings), then the dealt turn order.
from firmware.core.text import t, f
from firmware.games.inca import start  # noqa: F401  (a new game's state: loaded with these screens, so
#                                         that Start game, which the players wait for, does not load it)
from firmware.games.inca.engine import COLOURS
from firmware.games.inca import words as w
from firmware.screenkit.widgets import Menu, Numbers, Screen, row
from firmware.screenkit.common import label


class Setup(Screen):
    hint = "h.pick"

    def __init__(self):
        Screen.__init__(self)
        self.title = t("s.setup")
        self.n = 4
        self.without = "brown"
        self.early = False
        self.pizarro = True
        self.gods = False

    def players(self):
        if self.n == 4:
            return list(COLOURS)
        return [c for c in COLOURS if c != self.without]

    def line(self):
        words = ["inca", "players=" + ",".join(self.players())]
        if self.early and self.n == 4:
            words.append("early-fall")
        if self.pizarro:
            words.append("pizarro")
        if self.gods:
            words.append("gods")
        return " ".join(words)

    def refresh(self, app):
        self.title = t("s.setup")
        on = lambda b: t("s.on") if b else t("s.off")  # noqa: E731
        rows = [row(t("s.players"), str(self.n), self._toggle("n"))]
        if self.n == 3:
            rows.append(row(t("s.without"), w.name(self.without), self._toggle("without")))
        else:
            rows.append(row(t("s.early_fall"), on(self.early), self._toggle("early")))
        rows.append(row(label(app, "s.pizarro", on(self.pizarro)), on(self.pizarro), self._toggle("pizarro")))
        rows.append(row(t("s.gods"), on(self.gods), self._toggle("gods")))
        rows.append(row(t("m.check_board"), ">", board_check))
        rows.append(row(t("m.settings"), ">", lambda app: app.screens.open_settings()))
        rows.append(row(t("m.start"), ">", lambda app: app.play.start_game(self.line())))
        self.rows = rows

    def _toggle(self, what):
        def go(app):
            if what == "n":
                self.n = 3 if self.n == 4 else 4
            elif what == "without":
                i = COLOURS.index(self.without)
                self.without = COLOURS[(i + 1) % 4]
            else:
                setattr(self, what, not getattr(self, what))
            self.refresh(app)
        return go

    def key(self, app, k):
        if k == "back":
            app.screens.pop()  # back to the game picker
            return
        Screen.key(self, app, k)


def board_check(app):
    ed = app.play.edition
    rows = []
    for era in ed["eras"]:
        rows.append(row(f("s.era_labor", era["name"] if len(era["name"]) < 4 else t("era." + str(era["era"]))),
                        str(era["labor"]), _edit_labor(era["era"])))
    rows.append(row(t("s.rounds"), " ".join(str(len(e["columns"])) for e in ed["eras"])))
    rows.append(row(t("s.kinds"), ">", _kinds))
    app.screens.push(Menu(t("s.board"), rows))


def _edit_labor(era_no):
    def go(app):
        era = app.play.edition["eras"][era_no - 1]

        def done(app, v):
            era["labor"] = v[0]
            app.screens.pop()
            board_check(app)
            app.choosing.save_edition()      # a failed write is told over the list
        app.screens.push(Numbers(f("s.era_labor", t("era." + str(era_no))), [["f.labor", era["labor"], 0, 20]], done))
    return go


def _kinds(app):
    rows = []
    kinds = app.play.edition["marker_kinds"]["kinds"]
    for i in range(len(kinds)):
        k = kinds[i]
        right = f("m.res", k[1], k[2], k[3])
        # the kind's name, or its letter alone where that does not fit
        name = f("s.kind", k[0])
        width = app.board.lay.font.width
        if width(name) + width(right) + width(" ") + 6 > app.board.lay.w:
            name = k[0]
        rows.append(row(name, right, _edit_kind(i)))
    app.screens.push(Menu(t("s.kinds"), rows))


def _edit_kind(i):
    def go(app):
        k = app.play.edition["marker_kinds"]["kinds"][i]

        def done(app, v):
            k[1], k[2], k[3] = v
            app.screens.pop()
            _kinds(app)
            app.choosing.save_edition()
        app.screens.push(Numbers(f("s.kind", k[0]), [["f.res", k[1], 0, 9], ["f.labor", k[2], 0, 9], ["f.vp", k[3], 0, 9]], done))
    return go
