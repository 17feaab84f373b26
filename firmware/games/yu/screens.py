# Legacy of Yu screens: the campaign set-up, the home screen (the campaign
# between games, the round checklist during one), the phase menu with its
# pickers, the result of a game and the history of the campaign.
from firmware.core.text import t, f, fit
from firmware.games.yu import words as w
from firmware.screenkit.widgets import Menu, Message, Numbers, Screen, row, title
from firmware.screenkit import common

PHASES = ("harvest", "actions", "barge", "barbarians", "refresh")


# ---------------------------------------------------------------- setup

class Setup(Screen):
    """A new campaign, or one kept on paper so far (its wins and losses)."""
    hint = "h.pick"

    def __init__(self):
        Screen.__init__(self)
        self.wins = 0
        self.losses = 0
        self.cur = 2  # on Start

    def line(self):
        words = ["yu"]
        if self.wins:
            words.append("wins=%d" % self.wins)
        if self.losses:
            words.append("losses=%d" % self.losses)
        return " ".join(words)

    def refresh(self, app):
        self.title = t("y.s.title")
        ed = app.play.edition["campaign"]
        self.rows = [row(t("y.s.wins"), str(self.wins), self._edit("wins", ed["wins"] - 1)),
                     row(t("y.s.losses"), str(self.losses), self._edit("losses", ed["losses"] - 1)),
                     row(t("y.s.start"), ">", lambda app: app.play.start_game(self.line())),
                     row(t("m.settings"), ">", lambda app: app.screens.open_settings())]

    def _edit(self, what, hi):
        def go(app):
            def done(app, v):
                setattr(self, what, v[0])
                self.refresh(app)
            app.screens.push(Numbers(t("y.s." + what), [["y.f.so_far", getattr(self, what), 0, hi]], done))
        return go

    def key(self, app, k):
        if k == "back":
            app.screens.pop()  # back to the game picker
            return
        Screen.key(self, app, k)


# ---------------------------------------------------------------- home

def _boxes(cv, lay, x, y, phases, fg, bg):
    """The five phases as boxes: filled when done, a dash when skipped,
    a frame with a dot for the current one, an empty frame to come."""
    s = lay.lh - 3
    for name, st in phases:
        cv.rect(x, y + 1, s, s, fg, st == "done")
        if st == "skipped":
            cv.hline(x + 2, y + 1 + s // 2, s - 4, fg)
        elif st == "now":
            cv.rect(x + 2, y + 3, s - 4, s - 4, fg, True)
        x += s + 2
    return x


def box_width(lay):
    return 5 * (lay.lh - 1) + 1


def flood_right(fl, room, width):
    """When the flood marker moves next: in rounds, this/next round (in
    words where they fit room pixels)."""
    mark = "!" if fl["next_loses"] else ""
    room -= width(mark)
    if fl["empty"]:
        text = fit("y.h.flood_card", room, width)
    elif fl["rounds_left"] is None:
        text = "-"
    elif fl["rounds_left"] <= 1:
        text = fit("y.h.flood%d" % fl["rounds_left"], room, width)
    else:
        text = fit("y.h.flood_in", room, width, (fl["rounds_left"],), fl["rounds_left"])
    return text + mark


def _pair(lay, left, right):
    """A line of the checklist, [left, right]: each (key, args, n), the left
    in at most half the line, the right in what is left, each whole where
    it fits, else in its short form; right may be a function of the room."""
    width = lay.font.width
    a = fit(left[0], (lay.w - 4) // 2, width, left[1])
    room = lay.w - 6 - width(a + " ")
    b = right(room, width) if callable(right) else fit(right[0], room, width, right[1], right[2])
    return [a, b]


def warning(wn, room, width):
    """A warning in words: on one line of room pixels where one of its
    forms fits it (else the shortest, on the lines it needs)."""
    k = wn[0]
    args = None
    if k == "reshuffle":
        key = "y.w.reshuffle"
        args = (wn[1],)
    elif k == "deck-empty":
        key = "y.w.empty_loses" if wn[1] else "y.w.empty"
    elif k == "flood":
        key = "y.w.flood%d%s" % (min(1, max(0, wn[1])), "_loses" if wn[2] else "")
    elif k == "barbarians":
        key = "y.w.barbarians"
    elif k == "finish-round":
        key = "y.w.finish"
    elif k == "refresh-count":
        key = "y.w.refresh"
    else:
        return ""
    return fit(key, room, width, args)


class Home(Screen):
    """Between games: the campaign (wins and losses toward 7, the last
    result and its story, Start game); in a game: the round checklist."""
    hint = "h.menu"

    def refresh(self, app):
        v = self.view = app.play.view()
        c = v["campaign"]
        if v["in_game"]:
            self.hint = "h.menu"
            self.title = f("y.h.title", v["game_no"], v["round"])
            fl = v["flood"]
            warn = [x[0] for x in v["warnings"]]
            lay = app.board.lay
            self.lines = [
                [w.phase(v["phase"], lay.w - box_width(lay) - 6, lay.font.width), "", "phases"],
                _pair(lay, ("y.h.canals", (v["canals"], v["canals_to_win"])),
                      ("y.h.barbarians", (v["barbarians"], v["barbarians_lose_at"]), None)) + ["barbarians" in warn],
                [f("y.h.settlers", v["settlers"]["active"]), f("y.h.draw", v["settlers"]["draw"]),
                 "reshuffle" in warn or "deck-empty" in warn],
                _pair(lay, ("y.h.flood", (fl["at"], fl["spaces"])), lambda room, width: flood_right(fl, room, width))
                + ["flood" in warn or "deck-empty" in warn],
            ]
            # a warning on one line where one of its forms fits it
            self.warnings = [warning(x, lay.w - 4, lay.font.width) for x in v["warnings"]]
            self.rows = []
            return
        self.hint = "h.pick"
        rows = []
        if c["over"]:
            self.title = t("y.c.over_" + c["final"])
        else:
            self.title = t("g.yu")
            rows.append(row(f("y.c.start", c["games"] + 1), "", "game-start", app.play.check("game-start")))
        rows.append(row(*_pair(app.board.lay, ("y.c.wins", (c["wins"], c["wins_to_end"])),
                               ("y.c.losses", (c["losses"], c["losses_to_end"]), None))))
        last = v["last_result"]
        if last is not None:
            rows.append(row(f("y.c.game", last["game"]), w.result(last), _result(last)))
            rows.append(row(t("y.story.gold") if last["gold"] else w.story(last), "", _result(last)))
        rows.append(row(t("m.history"), ">", lambda app: app.screens.open_history()))
        rows.append(row(t("y.m.more"), ">", lambda app: app.screens.open_menu()))
        self.rows = rows

    def key(self, app, k):
        if self.view["in_game"]:
            if k in ("ok", "down", "up"):
                app.screens.open_menu()
            elif k == "back":
                app.screens.open_history()
            return
        if k == "back":
            app.screens.open_history()
        else:
            Screen.key(self, app, k)

    def draw(self, cv, lay, app):
        if not self.view["in_game"]:
            Screen.draw(self, cv, lay, app)
            return
        fg = lay.fg
        lh = lay.lh
        W = lay.w
        cv.fill(lay.bg)
        title(cv, lay, self.title)
        visible = lay.rows - 1 - lay.footer
        lines = list(self.lines)
        for x in self.warnings:
            # a warning too long for a line goes on the next ones
            for part in lay.wrap(x, W - 4):
                if len(lines) < visible:
                    lines.append([part, "", False])
        for i in range(min(visible, len(lines))):
            label, right, mark = lines[i]
            y = (i + 1) * lh
            col = fg
            if mark == "phases":
                bw = box_width(lay)
                cv.text(2, y, lay.fit(label, W - bw - 6), col)
                _boxes(cv, lay, W - bw - 2, y, self.view["phases"], fg, lay.bg)
                continue
            if mark is True:
                # a warning: inverted
                cv.rect(0, y, W, lh, lay.sel_bg, True)
                col = lay.sel_fg
            elif i >= len(self.lines) and lay.colour:
                col = lay.title_fg
            rw = cv.text_width(right) + 2 if right else 0
            cv.text(2, y, lay.fit(label, W - rw - 4), col)
            if right:
                cv.text(W - rw, y, right, col)
        if lay.footer:
            self.footer(cv, lay, app)


class Result(Message):
    """How a game ended: win or loss, its cause, the card to turn up and the
    story to read on it (the gold card ends the campaign)."""


def _result(rec):
    def open_(app):
        app.screens.push(Result(w.result_title(rec), w.result_lines(rec, app.play.view()["campaign"])))
    return open_


# ---------------------------------------------------------------- the phase menu

class PhaseMenu(Screen):
    def refresh(self, app):
        v = app.play.view()
        check = app.play.check
        rows = []
        default = 0
        if not v["in_game"]:
            self.title = t("g.yu")
            if not v["over"]:
                rows.append(row(f("y.c.start", v["campaign"]["games"] + 1), "", "game-start", check("game-start")))
        elif v["pending"] is not None:
            self.title = t("y.m.ran_out")
            need = v["pending"]["need"]
            rows.append(row(t("y.m.reshuffle"), f("y.m.need", need), _numbers("y.m.reshuffle", "reshuffle %d",
                                                                               "y.f.inactive", need, 0, 30)))
            rows.append(row(t("y.m.loss"), ">", _losses))
        else:
            ph = v["phase"]
            status = self.status(app)
            self.title = w.phase(ph, app.board.lay.w - 2 - (app.board.lay.font.width(status) + 2 if status else 0),
                                 app.board.lay.font.width)
            verbs = v["ask"]["verbs"]
            if ph == "actions":
                rows.append(row(t("y.m.canal"), "%d/%d" % (v["canals"], v["canals_to_win"]), "canal",
                                check("canal")))
                rows.append(row(t("y.m.attack"), str(v["barbarians"]), "attack", check("attack")))
                if rows[0][3] is not None:
                    default = 2
            rows.append(row(t("y.m.next"), "", "next", check("next")))
            rows.append(row(t("y.m.round"), "", "round", check("round")))
            if "barbarians" in verbs:
                rows.append(row(t("y.m.barbarians"), "%d/%d" % (v["barbarians"], v["barbarians_lose_at"]),
                                _barbarians))
            rows.append(row(t("y.m.settlers"), str(v["settlers"]["active"]), _settlers))
            if "flood" in verbs:
                rows.append(row(t("y.m.flood"), "%d/%d" % (v["flood"]["at"], v["flood"]["spaces"]), "flood",
                                check("flood")))
            rows.append(row(t("y.m.loss"), ">", _losses))
        rows.extend(common_rows(app))
        self.rows = rows
        self.settle(app, default)

    def status(self, app):
        v = app.play.view()
        return f("y.m.status", v["round"]) if v["in_game"] else ""

    def key(self, app, k):
        if k == "back":
            app.screens.home()
        else:
            Screen.key(self, app, k)


def common_rows(app):
    return common.rows(app)


def _numbers(title_key, fmt, field, value, lo, hi):
    def open_(app):
        def done(app, v):
            app.play.act(fmt % v[0])
        app.screens.push(Numbers(t(title_key), [[field, value, lo, hi]], done))
    return open_


def _barbarians(app):
    v = app.play.view()
    n = v["barbarians"]
    hi = v["barbarians_lose_at"]
    rows = []
    for line, key in (("barbarians +1", "y.m.plus"), ("barbarians -1", "y.m.minus")):
        rows.append(row(t(key), "", line, app.play.check(line)))
    rows.append(row(t("y.m.change"), "", _change))
    rows.append(row(t("y.m.on_display"), str(n), _numbers("y.m.barbarians", "barbarians %d", "y.f.on_display",
                                                          n, 0, hi)))
    app.screens.push(Menu(t("y.m.barbarians"), rows))


def _change(app):
    v = app.play.view()

    def done(app, vals):
        if vals[0]:
            app.play.act("barbarians %+d" % vals[0])
    hi = v["barbarians_lose_at"]
    app.screens.push(Numbers(t("y.m.barbarians"), [["y.f.change", 0, -hi, hi]], done))


def _settlers(app):
    v = app.play.view()
    st = v["settlers"]
    rows = []
    for verb in ("destroy", "take"):
        rows.append(row(t("y.m." + verb), "", verb, app.play.check(verb)))
        rows.append(row(common.label(app, "y.m.%s_n" % verb, ">"), ">",
                        _numbers("y.m." + verb, verb + " %d", "y.f.cards", 2, 1, 30)))
    rows.append(row(t("y.m.active"), str(st["active"]), _numbers("y.m.active", "active %d", "y.f.cards",
                                                                 st["active"], 0, 30)))
    rows.append(row(t("y.m.draw"), str(st["draw"]), _numbers("y.m.draw", "draw %d", "y.f.cards", st["draw"], 0, 30)))
    app.screens.push(Menu(t("y.m.settlers"), rows))


def _losses(app):
    rows = []
    for cause in ("flood", "barbarians", "damage"):
        line = "loss " + cause
        rows.append(row(t("y.l." + cause), "", line, app.play.check(line)))
    app.screens.push(Menu(t("y.m.loss"), rows))


# ---------------------------------------------------------------- history

def history(app):
    return common.history(app, _entries)


def _entries(app, rows):
    """Every game of the campaign (newest first: OK shows its result),
    then the actions entered (newest first)."""
    ss = app.play.session
    v = app.play.view()
    for rec in reversed(v["history"]):
        rows.append(row(f("y.c.game", rec["game"]), w.result(rec), _result(rec)))
    carried = v["campaign"]["carried"]
    if carried[0] or carried[1]:
        rows.append(row(t("y.c.carried"), "%d/%d" % (carried[0], carried[1])))
    for line in reversed(ss.tail):
        common.lines(app, rows, w.action(line))
