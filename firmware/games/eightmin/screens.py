# Eight-Minute Empire's screens after setup: home (whose turn, coins and
# cards of every player), the menu of the phase (secret bids, the tie, the
# card row with its prices, the score sheet), results, history, corrections.
from firmware.core.text import t, f, fn, fit
from firmware.games.eightmin import words as w
from firmware.screenkit.widgets import Menu, Numbers, Screen, row
from firmware.screenkit import common


def _col(app, c):
    return c if c in app.board.lay.player else None


def _names(v):
    return ", ".join(w.name(c) for c in v["winners"])


def _status(v):
    return "%d/%d" % (v["game_no"], v["games"]) if v["games"] > 1 else ""


# ------------------------------------------------------------------ home

class Home(Screen):
    hint = "h.menu"

    def refresh(self, app):
        v = app.play.view()
        lay = app.board.lay
        ph = v["phase"]
        rows = []
        self.plain = True
        self.cur = 0
        self.top = 0
        if ph == "scoring" and (v["over"] or v.get("standings")):
            self.title, rows = results(app)
        else:
            ps = v["seating"]
            if ph == "bid":
                n = len([c for c in ps if v["players"][c]["bid_in"]])
                self.title = f("8.h.bids", n, len(ps))
            elif ph == "tie":
                self.title = t("8.h.tie")
            elif ph == "play":
                c = v["turn"]
                status = _status(v)
                room = lay.w - 2 - (lay.font.width(status) + 2 if status else 0)
                self.title = fit("8.h.last" if v["last_round"] else "8.h.turn", room, lay.font.width, (w.who(c, lay),))
                # from whose turn it is, in turn order
                i = v["order"].index(c)
                ps = v["order"][i:] + v["order"][:i]
                self.plain = False
            else:
                self.title = t("8.h.scoring")
            for c in ps:
                p = v["players"][c]
                if ph == "bid":
                    right = t("8.h.bid_in") if p["bid_in"] else "?"
                elif ph == "tie":
                    right = f("8.h.bid", p["bid"])
                elif ph == "play":
                    # coins in words where they fit beside the name, else "14c"
                    room = lay.w - 4 - lay.font.width(w.name(c) + " ")
                    right = fit("8.h.coins_cards", room, lay.font.width, (p["coins"], p["cards"], v["cards_to_end"]),
                                p["coins"])
                else:
                    pts = p["score"]["points"]
                    right = "?" if pts is None else fn("8.m.vp", pts)
                rows.append(row(w.name(c), right, None, None, _col(app, c)))
        self.rows = rows

    def status(self, app):
        return _status(app.play.view())

    def key(self, app, k):
        if k in ("ok", "up", "down"):
            app.screens.open_menu()
        elif k == "back":
            app.screens.open_history()


# ------------------------------------------------------------------ results

def results(app):
    """(title, rows): the scoring of the game per player, best first, with
    its breakdown; in a full game the standings of the games summed."""
    v = app.play.view()
    lay = app.board.lay
    if v["over"]:
        title = f("h.winner", _names(v))
    else:
        title = f("8.m.game_results", v["game_no"])
    rows = []
    for c in v["standings"] or v["seating"]:
        sc = v["players"][c]["score"]
        pts = sc["points"]
        rank = sc["rank"]
        label = ("%d %s" % (rank, w.who(c, lay))) if rank else w.who(c, lay)
        rows.append(row(label, "?" if pts is None else fn("8.m.vp", pts), None, None, _col(app, c)))
        if pts is not None:
            width = lay.font.width
            rows.append(row(fit("8.m.break", lay.w - 4, width, (sc["regions"], sc["continent_points"],
                                                                  sc["goods_points"]))))
            # the coins and armies left (they break a tie), in words where they fit
            left = ""
            for k in ("8.m.coins_left", "8.m.coins_left~"):
                left = fn(k, sc["coins"]) + (fn(k.replace("coins_left", "armies_n"), sc["armies"])
                                             if sc["armies"] is not None else "")
                if width(left) <= lay.w - 4 or t(k + "~") == k + "~":
                    break
            rows.append(row(left))
    if v.get("total_standings") or (v["games"] > 1 and v.get("standings")):
        rows.append(row(t("8.m.totals")))
        order = v.get("total_standings") or v["seating"]
        for c in order:
            sc = v["players"][c]["score"]
            rows.append(row(w.who(c, lay), fn("8.m.vp", sc.get("total", 0)), None, None, _col(app, c)))
    return title, rows


class Results(Screen):
    plain = True
    hint = "h.ok"

    def refresh(self, app):
        self.title, self.rows = results(app)

    def key(self, app, k):
        visible = app.board.lay.rows - 1 - app.board.lay.footer
        if k == "down" and self.top + visible < len(self.rows):
            self.top += 1
        elif k == "up" and self.top:
            self.top -= 1
        elif k in ("ok", "back"):
            app.screens.pop()
        self.cur = self.top


# ------------------------------------------------------------------ the phase menu

SHEET = ("regions", "goods", "tokens", "armies")


class TurnMenu(Screen):
    def refresh(self, app):
        v = app.play.view()
        lay = app.board.lay
        ph = v["phase"]
        check = app.play.check
        rows = []
        default = -1
        if ph == "bid":
            self.title = t("8.m.bids")
            for c in v["seating"]:
                p = v["players"][c]
                if not p["bid_in"] and default < 0:
                    default = len(rows)
                rows.append(row(w.name(c), t("8.h.bid_in") if p["bid_in"] else "?", _bid(c), None, _col(app, c)))
        elif ph == "tie":
            self.title = t("8.m.youngest")
            for c in v["tie"]:
                a = "youngest " + c
                rows.append(row(w.name(c), "", a, check(a), _col(app, c)))
        elif ph == "play":
            c = v["turn"]
            p = v["players"][c]
            self.title = fn("8.m.turn", p["coins"], w.who(c, lay), p["coins"])
            for i in range(len(v["row_prices"])):
                a = "take %s %d" % (c, i + 1)
                why = check(a)
                if why is None and default < 0:
                    default = len(rows)
                rows.append(row(f("8.m.card", i + 1), f("8.m.price", v["row_prices"][i]), a, why))
        else:
            self.title = t("8.h.scoring") if not v["over"] else f("h.winner", _names(v))
            s = app.play.session.state
            ask = v["ask"]
            for c in v["seating"]:
                sh = s["p"][c]["sheet"] or {}
                for k in SHEET:
                    if k == "tokens" and "goods-tokens" not in v["variants"]:
                        continue
                    asked = c in ask.get(k, ())
                    # armies break a tie: asked for then, or corrected after the end
                    if k == "armies" and sh.get(k) is None and not asked and not v["over"]:
                        continue
                    val = sh.get(k)
                    if val is None:
                        right = "?"
                    elif k == "regions":
                        right = str(sum(val))
                    elif k == "armies":
                        right = str(val)
                    else:
                        right = str(sum(val.values()) + (sh.get("wild", 0) if k == "goods" else 0))
                    if (asked or val is None) and default < 0:
                        default = len(rows)
                    rows.append(row("%s %s" % (w.who(c, lay), t("8.m." + k)), right, _sheet(c, k), None,
                                    _col(app, c)))
            ready = v.get("standings") is not None or v["over"]
            if default < 0 and not ask.get("next-game"):
                default = len(rows)
            rows.append(row(t("8.m.results"), "", lambda app: app.screens.push(Results()), None if ready else t("8.m.not_yet")))
            if ask.get("next-game"):
                if default < 0:
                    default = len(rows)
                rows.append(row(t("8.m.next_game"), "", "next-game", check("next-game")))
        rows.extend(common_rows(app))
        self.rows = rows
        self.settle(app, max(default, 0))

    def status(self, app):
        v = app.play.view()
        if v["phase"] == "play":
            p = v["players"][v["turn"]]
            return "%d/%d" % (p["cards"], v["cards_to_end"])
        return _status(v)

    def key(self, app, k):
        if k == "back":
            app.screens.home()
        else:
            Screen.key(self, app, k)


def _bid(c):
    def open_(app):
        coins = app.play.session.state["p"][c]["coins"]

        def done(app, vals):
            app.play.act("bid %s %d" % (c, vals[0]))
        app.screens.push(Numbers(w.name(c), [["8.f.bid", 0, 0, coins]], done))
    return open_


# the ranges of the score sheet's number fields: small, so that a board
# with two buttons (values go down only, and wrap) needs few presses
CONTINENT_MAX = 12
GOODS_MAX = 15
WILD_MAX = 9


def _sheet(c, k):
    def open_(app):
        s = app.play.session.state
        sh = s["p"][c]["sheet"] or {}
        title = "%s %s" % (w.who(c, app.board.lay), t("8.m." + k))
        if k == "regions":
            old = sh.get("regions") or [0] * s["continents"]
            # the board numbers no continent: the one of the start region,
            # then the others clockwise round the board, the same order for
            # every player (past 4, by number)
            fields = [["8.f.cont%d" % (i + 1) if i < 4 else f("8.f.continent", i + 1), old[i], 0, CONTINENT_MAX]
                      for i in range(s["continents"])]

            def done(app, vals):
                app.play.act("regions %s %s" % (c, " ".join(str(x) for x in vals)))
        elif k == "armies":
            a = sh.get("armies")
            fields = [["8.f.armies", a if a is not None else 0, 0, s["setup"]["armies"]]]

            def done(app, vals):
                app.play.act("armies %s %d" % (c, vals[0]))
        else:
            old = sh.get(k) or {}
            top = GOODS_MAX if k == "goods" else s["setup"]["tokens"]
            fields = [["8.k." + x, old.get(x, 0), 0, top] for x in s["kinds"]]
            if k == "goods":
                fields.append(["8.k.wild", sh.get("wild", 0), 0, WILD_MAX])

            def done(app, vals):
                words = [k, c]
                for i in range(len(s["kinds"])):
                    if vals[i]:
                        words.append("%s=%d" % (s["kinds"][i], vals[i]))
                if k == "goods" and vals[-1]:
                    words.append("wild=%d" % vals[-1])
                app.play.act(" ".join(words))
        app.screens.push(Numbers(title, fields, done))
    return open_


# ------------------------------------------------------------------ common rows

def hidden(app):
    """Whether a bid line of the journal's tail keeps its amount secret:
    the bids of the game being bid for, until all are in."""
    ss = app.play.session
    if app.play.view()["phase"] != "bid":
        return [False] * len(ss.tail)
    out = []
    secret = True
    for line in reversed(ss.tail):
        out.append(secret)
        if line == "next-game":
            secret = False
    out.reverse()
    return out


def common_rows(app):
    return common.rows(app, corrections)


def corrections(app):
    v = app.play.view()
    rows = []
    for c in v["seating"]:
        a = "adjust %s coins +1" % c
        rows.append(row(w.name(c), fn("8.h.coins", v["players"][c]["coins"]), _adjust(c), app.play.check(a), _col(app, c)))
    app.screens.push(Menu(t("m.adjust"), rows))


def _adjust(c):
    def open_(app):
        def done(app, vals):
            if vals[0]:
                app.play.act("adjust %s coins %+d" % (c, vals[0]))
        app.screens.push(Numbers(w.name(c), [["8.f.coins", 0, -20, 20]], done))
    return open_


def history(app):
    return common.history(app, _entries, lambda line: w.action(line, app.play.view()["phase"] == "bid"))


def _entries(app, rows):
    ss = app.play.session
    secret = hidden(app)
    for i in range(len(ss.tail) - 1, -1, -1):
        common.lines(app, rows, w.action(ss.tail[i], secret[i]))
