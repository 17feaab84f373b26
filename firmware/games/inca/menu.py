# The phase menu: what can be done now, with live costs after the Sun
# Event cards, greyed with the reason when the rules do not allow it; and
# the pickers it opens (Sun card, conquest, temple site, connected counts,
# corrections, history).
from firmware.core.text import t, f
from firmware.games.inca import cards, engine
from firmware.games.inca import words as w
from firmware.ui.widgets import Menu, Numbers, Rows, Screen, row
from firmware.ui import common

BUILD = ("city", "temple", "garrison", "terrace", "road")


def _cost(lv):
    return f("m.labor_vp", lv[0], lv[1])


class PhaseMenu(Screen):
    def refresh(self, app):
        s = app.session.state
        v = app.view()
        ph = v["phase"]
        check = app.check
        rows = []
        default = 0
        if v["over"]:
            self.title = t("m.standings")
            for c in v["standings"]:
                p = v["players"][c]
                rows.append(row("%d %s" % (p["rank"], w.name(c)), f("m.vp", p["vp"]), colour=c))
        elif ph == "inca":
            self.title = t("ph.inca")
            rows.append(row(t("m.continue"), "", "next", check("next")))
            for line in w.notable(v["entry"], False):
                for part in app.lay.wrap(line, app.lay.w - 4):
                    rows.append(row(part))
        elif ph == "sun":
            self.title = t("ph.sun")
            default = -1
            lay = app.lay
            for sec in s["sectors"]:
                placed = sec in s["placed"]
                label = w.sector(sec)
                room = lay.w - 6 - lay.font.width(label + " ")
                right = w.card(s["board"][sec][-1], lay, room) if placed else "?"
                if not placed and default < 0:
                    default = len(rows)
                rows.append(row(label, right, _card_picker(sec)))
            if default < 0:
                default = len(rows)
            rows.append(row(t("m.reveal"), "", "next", check("next")))
            rows.append(row(t("m.effects"), "", _effects))
        elif ph == "people":
            c = v["turn"]
            p = v["players"][c]
            self.title = f("m.player_labor", w.name(c), p["labor"])
            taken = v["action"]["taken"]
            costs = v["action"]["costs"]
            for k in BUILD:
                a = "%s %s" % (k, c)
                rows.append(row(t("b." + k), _cost(costs[k]), a, check(a)))
            rows.append(row(t("b.conquer"), "", _conquest(c)))
            rows.append(row(t("b.site"), "", _sites(c)))
            for k in ("outpost", "zeal"):
                if k in costs:
                    a = "%s %s" % (k, c)
                    rows.append(row(t("b." + k), _cost(costs[k]), a, check(a)))
            for kind in ("great", "annual", "local"):
                if kind + "-pilgrimage" in p["effects"]:
                    a = "pilgrimage %s %s" % (c, kind)
                    rows.append(row(t("pil." + kind), f("m.vp", s["pilg"][kind]), a, check(a)))
            end = len(rows)
            rows.append(row(t("m.end_turn"), f("m.free_roads", p["free_roads"]), "next", check("next")))
            # the cursor starts on the first action allowed now, or on End
            # turn; once the building action is taken, on what is still
            # allowed (a pilgrimage, a second garrison...), not on a picker
            # (Conquer, Temple at site) that would refuse it
            default = end
            for i in range(end):
                if rows[i][3] is None and (taken is None or isinstance(rows[i][2], str)):
                    default = i
                    break
        elif ph == "sapa":
            self.title = t("ph.sapa")
            default = -1
            for c in s["seating"]:
                p = v["players"][c]
                con = p["connected"]
                vals = con if con is not None else p["last_connected"]
                mark = f("m.con", vals[0], vals[1], vals[2])
                name = w.name(c) if app.lay.colour else w.ini(c)
                if con is not None:
                    # confirmed: OK corrects them
                    rows.append(row(name, mark, _connected(c, vals), None, c))
                    continue
                # one press: last round's counts, unchanged
                rows.append(row(name, "? " + mark, "connected %s %d %d %d" % (c, vals[0], vals[1], vals[2]),
                                None, c))
                if default < 0:
                    # the player the cursor is on: other counts one row down
                    default = len(rows) - 1
                    rows.append(row("  " + t("m.change_con"), "", _connected(c, vals), None, c))
            if default < 0:
                default = len(rows)
            rows.append(row(t("m.score"), "", "next", check("next")))
        rows.extend(common_rows(app))
        self.rows = rows
        self.select(default)

    def status(self, app):
        v = app.view()
        return "%s.%d" % (w.era_name(v["era"]), v["round"])

    def key(self, app, k):
        if k == "back":
            app.home()
        else:
            Screen.key(self, app, k)


def common_rows(app):
    return common.rows(app, _corrections)


class CardList(Menu):
    """The Sun Event cards, to enter the one revealed in sector sec.  Once
    it is entered, the list of the next sector without a card this phase
    opens (if the phase menu is back on top: a reminder comes first), so
    that a phase's cards are entered one after the other."""

    def __init__(self, sec, rows):
        Menu.__init__(self, w.sector(sec), rows)
        self.sec = sec

    def activate(self, app, r):
        if r[3] or not isinstance(r[2], str):
            Screen.activate(self, app, r)
            return
        if not app.act(r[2]) or not isinstance(app.stack[-1], PhaseMenu):
            return
        s = app.session.state
        if engine.phase(s) == "sun":
            for sec in s["sectors"]:
                if sec not in s["placed"]:
                    _card_picker(sec)(app)
                    return


def _card_picker(sec):
    def open_(app):
        def card(i):
            # the card, the copies not yet revealed, greyed if not allowed now
            name = cards.NAMES[i]
            a = "sun %s %s" % (sec, name)
            s = app.session.state
            left = s["copies"][name]
            for x in s["board"].values():
                left -= x.count(name)
            lay = app.lay
            label = w.card(name, lay, lay.w - 6 - lay.font.width(" x4"))
            return row(label, "x%d" % left if left > 0 else "", a, app.check(a))
        app.push(CardList(sec, Rows(len(cards.NAMES), card)))
    return open_


def _effects(app):
    v = app.view()
    rows = []
    for c in v["order"]:
        rows.append(row(w.name(c), "", colour=c))
        seen = []
        for name in v["players"][c]["effects"]:
            if name not in seen:
                seen.append(name)
                n = v["players"][c]["effects"].count(name)
                lay = app.lay
                label = w.card(name, lay, lay.w - 6 - lay.font.width("  x4"))
                rows.append(row(" " + label, "x%d" % n if n > 1 else ""))
    app.push(Menu(t("m.effects"), rows))


def _conquest(c):
    def open_(app):
        s = app.session.state
        fx = engine.effects(s, c)
        extra = s["act"]["slot"] is not None
        rows = []
        for kind in app.edition["marker_kinds"]["kinds"]:
            a = "conquer %s %d %d %d" % (c, kind[1], kind[2], kind[3])
            cost = cards.conquest(kind[1], fx, extra, s["rx"])
            # the marker's own numbers (resistance, labor each Inca phase,
            # VP), as printed on it; at the right the labor it costs now
            rows.append(row(f("m.res", kind[1], kind[2], kind[3]), f("m.labor", cost), a,
                            app.check(a)))
        rows.append(row(t("m.by_numbers"), "", _conquest_numbers(c)))
        app.push(Menu(t("b.conquer"), rows))
    return open_


def _conquest_numbers(c):
    def open_(app):
        def done(app, vals):
            app.act("conquer %s %d %d %d" % (c, vals[0], vals[1], vals[2]))
        app.push(Numbers(t("b.conquer"), [["f.res", 2, 0, 9], ["f.labor", 1, 0, 9], ["f.vp", 2, 0, 9]], done))
    return open_


def _sites(c):
    def open_(app):
        rows = []
        for site in app.edition["temple_sites"]["sites"]:
            a = "temple %s %d" % (c, site[1])
            # a site's name as the players' rulebook prints it, if the
            # language table has it; else as the edition table gives it
            name = t("site." + site[0])
            if name == "site." + site[0]:
                name = site[0]
            rows.append(row(name, f("m.vp", site[1]), a, app.check(a)))
        rows.append(row(t("m.by_numbers"), "", _site_numbers(c)))
        app.push(Menu(t("b.site"), rows))
    return open_


def _site_numbers(c):
    def open_(app):
        def done(app, vals):
            app.act("temple %s %d" % (c, vals[0]))
        app.push(Numbers(t("b.site"), [["f.vp", 4, 1, 20]], done))
    return open_


def _connected(c, vals):
    def open_(app):
        def done(app, v):
            app.act("connected %s %d %d %d" % (c, v[0], v[1], v[2]))
        app.push(Numbers(w.name(c), [["f.garrisons", vals[0], 0, 20], ["f.cities", vals[1], 0, 20],
                                      ["f.temples", vals[2], 0, 20]], done))
    return open_


def _corrections(app):
    rows = []
    for c in app.session.state["seating"]:
        for what in ("labor", "vp"):
            rows.append(row("%s %s" % (w.name(c), t("f." + what)), "", _adjust(c, what), None, c))
    app.push(Menu(t("m.adjust"), rows))


def _adjust(c, what):
    def open_(app):
        def done(app, v):
            if v[0]:
                app.act("adjust %s %s %+d" % (c, what, v[0]))
        app.push(Numbers("%s %s" % (w.name(c), t("f." + what)), [["f.amount", 0, -20, 20]], done))
    return open_


def history(app):
    return Menu(t("m.history"), _history(app), build=_history)


def _history(app):
    """The rows of the history: undo and redo (naming the action), then
    the actions since the undo checkpoint, newest first."""
    ss = app.session
    rows = []
    common.undo_rows(app, rows)
    common.results(app, rows)
    ends = w.next_names(ss.state, ss.tail)
    for i in range(len(ss.tail) - 1, -1, -1):
        common.lines(app, rows, ends.get(i) or w.action(ss.tail[i]))
    return rows
