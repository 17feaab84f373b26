# Origin's turn menu (end the turn, a supply ran out), the score sheets
# with their value lists, the results with each player's breakdown, and the
# history.
from firmware.core.text import t, f
from firmware.games.origin import engine
from firmware.games.origin.words import KEYS, action, name, supply, vp
from firmware.screenkit.widgets import Menu, Numbers, Screen, row
from firmware.screenkit import common


def doing(line):
    """A row target that applies the action line through act()."""
    return lambda app: app.play.act(line)


class TurnMenu(Screen):
    def refresh(self, app):
        v = app.play.view()
        rows = []
        default = 0
        if v["phase"] != "scoring":
            c = v["turn"]
            self.title = name(c)
            rows.append(row(t("o.end_turn"), t("o.last") if v["trigger"] else "", doing("next"),
                            app.play.check("next")))
            if v["trigger"] is None:
                rows.append(row(t("o.ran_out"), ">", _supplies))
        else:
            self.title = t("m.standings") if v["over"] else t("o.scoring")
            if v["over"]:
                rows.append(row(t("m.results"), ">", open_results))
            default = -1
            for c in v["seating"]:
                p = v["players"][c]
                if p["total"] is None and default < 0:
                    default = len(rows)
                rows.append(row(name(c), "?" if p["total"] is None else vp(p["total"]), _sheet(c), colour=c))
            if not v["over"]:
                rows.append(row(t("m.results"), ">", open_results))
            default = max(default, 0)
        rows.extend(common_rows(app))
        self.rows = rows
        self.settle(app, default)

    def status(self, app):
        v = app.play.view()
        return "" if v["phase"] == "scoring" else f("o.r", v["round"])

    def key(self, app, k):
        if k == "back":
            app.screens.home()
        else:
            Screen.key(self, app, k)


def common_rows(app):
    return common.rows(app)


def history(app):
    return common.history(app, _entries)


def _entries(app, rows):
    for line in reversed(app.play.session.tail):
        common.lines(app, rows, action(line))


# ---------------------------------------------------------------- the end

class Supplies(Screen):
    """Which supply (or several at once) the current player emptied: OK
    marks one and moves to Confirm."""

    def __init__(self):
        Screen.__init__(self)
        self.got = []

    def refresh(self, app):
        self.title = t("o.what")
        rows = []
        for x in app.play.view()["supplies"]:
            rows.append(row(supply(x), "\u2713" if x in self.got else "", self._mark(x)))
        line = self.line(app)
        rows.append(row(t("o.confirm"), "", doing(line), None if self.got else t("o.pick_one")))
        self.rows = rows

    def line(self, app):
        return "trigger " + " ".join(x for x in app.play.view()["supplies"] if x in self.got)

    def _mark(self, x):
        def go(app):
            if x in self.got:
                self.got.remove(x)
            else:
                self.got.append(x)
            self.refresh(app)       # the cursor stays: the tick shows on the row
        return go


def _supplies(app):
    app.screens.push(Supplies())


# ---------------------------------------------------------------- scoring

def list_text(lay, values, room):
    """Values joined by commas, the last ones kept if all do not fit."""
    s = ",".join(str(x) for x in values)
    if lay.font.width(s) <= room:
        return s
    k = 0
    while k < len(values) and lay.font.width(".." + ",".join(str(x) for x in values[k:])) > room:
        k += 1
    return ".." + ",".join(str(x) for x in values[k:])


def _limits(s):
    L = s["limits"]
    return {"goals": (L["goal"][0], L["goal"][1], 20), "hunt": (L["hunt"][0], L["hunt"][1], L["hunt_n"]),
            "straits": (L["strait"][0], L["strait"][1], L["strait_n"])}


class Sheet(Screen):
    """One player's score sheet: each line gives its VP on the right; OK
    edits it; Save sends what changed."""

    def __init__(self, app, c):
        Screen.__init__(self)
        self.c = c
        s = app.play.session.state
        old = s["p"][c]["sheet"]
        self.old = engine.blank() if old is None else old
        d = {}
        for k in KEYS:
            x = self.old[k]
            d[k] = list(x) if isinstance(x, list) else x
        self.draft = d

    def points(self, app):
        return engine.points(app.play.session.state, self.draft)

    def refresh(self, app):
        b = self.points(app)
        self.title = name(self.c)
        rows = []
        for k in KEYS:
            right = (t("m.yes") if self.draft[k] else t("m.no")) if k == "treasure" else str(b[k])
            rows.append(row(t("o." + k), right, self._edit(k)))
        rows.append(row(t("o.save"), vp(b["total"]), doing(self.line()), app.play.check(self.line())))
        self.rows = rows

    def status(self, app):
        return str(self.points(app)["total"])

    def line(self):
        words = ["score", self.c]
        for k in engine.SHEET_KEYS:
            x = self.draft[k]
            if x == self.old[k]:
                continue
            if k == "treasure":
                v = "yes" if x else "no"
            elif k == "tiles":
                x = list(x)
                while len(x) > 1 and x[-1] == 0:
                    x.pop()
                v = ",".join(str(n) for n in x)
            elif isinstance(x, list):
                v = ",".join(str(n) for n in x) if x else "-"
            else:
                v = str(x)
            words.append("%s=%s" % (k, v))
        return " ".join(words)

    def _edit(self, k):
        def go(app):
            s = app.play.session.state
            L = s["limits"]
            d = self.draft

            def done(app, vals):
                if k == "tiles":
                    d[k] = list(vals)
                else:
                    d[k] = vals[0]
                self.refresh(app)
            if k == "treasure":
                d[k] = not d[k]
                self.refresh(app)
            elif k == "hand":
                app.screens.push(Numbers(t("o.hand"), [["o.hand", d[k], 0, L["cards"]]], done))
            elif k == "trophies":
                app.screens.push(Numbers(t("o.trophies"), [["o.trophies", d[k], 0, L["pawns"]]], done))
            elif k == "tiles":
                fields = [[f("o.level", i + 1), d[k][i], 0, L["tiles"]] for i in range(L["levels"])]
                app.screens.push(Numbers(t("o.tiles"), fields, done))
            else:
                lo, hi, most = _limits(s)[k]
                app.screens.push(ListEdit(self, k, lo, hi, most))
        return go


class ListEdit(Screen):
    """The values of a player's goal cards, hunting or strait tokens: OK on
    a value adds it, Remove last takes the last one off, Done (or BACK)
    returns to the sheet."""

    def __init__(self, sheet, k, lo, hi, most):
        Screen.__init__(self)
        self.sheet = sheet
        self.k = k
        self.lo = lo
        self.hi = hi
        self.most = most
        vals = sheet.draft[k]
        start = vals[-1] if vals else (lo + hi) // 2
        self.cur = 2 + start - lo

    def refresh(self, app):
        vals = self.sheet.draft[self.k]
        self.title = t("o." + self.k)
        lay = app.board.lay
        room = lay.w - 4 - lay.font.width(t("o.done") + " ") - 2
        rows = [row(t("o.done"), list_text(lay, vals, room), _back),
                row(t("o.remove"), "", self._remove, None if vals else t("m.nothing"))]
        full = t("o.full") if len(vals) >= self.most else None
        for v in range(self.lo, self.hi + 1):
            rows.append(row(f("o.add", v), "", self._add(v), full))
        self.rows = rows

    def status(self, app):
        return "= %d" % sum(self.sheet.draft[self.k])

    def _remove(self, app):
        self.sheet.draft[self.k].pop()
        self.refresh(app)

    def _add(self, v):
        def go(app):
            self.sheet.draft[self.k].append(v)
            self.refresh(app)
        return go


def _back(app):
    app.screens.pop()


def _sheet(c):
    def go(app):
        app.screens.push(Sheet(app, c))
    return go


def open_results(app):
    """Every player's total and breakdown, best first (the standings once
    every sheet is in), with the winner in the title."""
    v = app.play.view()
    order = v["standings"] or v["seating"]
    rows = []
    for c in order:
        p = v["players"][c]
        if p["total"] is None:
            rows.append(row(name(c), "?"))
            continue
        label = name(c) if p["rank"] is None else "%d %s" % (p["rank"], name(c))
        rows.append(row(label, vp(p["total"])))
        for k in KEYS:
            if p["points"][k]:
                rows.append(row(" " + t("o." + k), str(p["points"][k])))
    if v["over"]:
        title = t("h.winner") % name(v["winner"]) if v["winner"] else t("o.shared")
    else:
        title = t("m.results")
    app.screens.push(Menu(title, rows))
