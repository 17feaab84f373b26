# The phase menu: what can be done now, with live costs after the Sun
# Event cards, greyed with the reason when the rules do not allow it; and
# the pickers it opens (Sun card, conquest, temple site, connected counts,
# corrections, history).
from firmware.core.modules import use_once
from firmware.core.text import t, f, fn
from firmware.games.inca import words as w
from firmware.screenkit.widgets import Screen, row
from firmware.screenkit import common

BUILD = ("city", "temple", "garrison", "terrace", "road")


def _cost(lv):
    return f("m.labor_vp", lv[0], lv[1])


class PhaseMenu(Screen):
    def refresh(self, app):
        v = app.play.view()
        rows = []
        # one function a phase: a function's bytecode is one block of the
        # heap on a board, and the whole menu's was what a cut-up heap
        # could not find when the menu was loaded
        ph = v["phase"]
        self.title, default = (_over if v["over"] else _PHASE.get(ph, _other))(app, v, rows)
        rows.extend(common_rows(app))
        self.rows = rows
        self.settle(app, default)

    def status(self, app):
        v = app.play.view()
        return "%s.%d" % (w.era_name(v["era"]), v["round"])

    def key(self, app, k):
        if k == "back":
            app.screens.home()
        else:
            Screen.key(self, app, k)



def _over(app, v, rows):
    for c in v["standings"]:
        p = v["players"][c]
        rows.append(row("%d %s" % (p["rank"], w.name(c)), f("m.vp", p["vp"]), colour=c))
    return t("m.standings"), 0


def _inca(app, v, rows):
    rows.append(row(t("m.continue"), "", "next", app.play.check("next")))
    for line in w.notable(v["entry"], False):
        for part in app.board.lay.wrap(line, app.board.lay.w - 4):
            rows.append(row(part))
    return t("ph.inca"), 0


def _sun(app, v, rows):
    s = app.play.session.state
    default = -1
    for sec in s["sectors"]:
        placed = sec in s["placed"]
        if not placed and default < 0:
            default = len(rows)
        # the sector's card this phase ("?" until entered), then every card
        # still in effect there (since the last Sapa Inca), newest last
        rows.append(row(w.sector(sec, app.board.lay, app.board.lay.w - 4 - app.board.lay.font.width(" ?") - 2),
                        "" if placed else "?", _open("card_picker", (sec,), "sun")))
        in_effect(app, s["board"][sec], rows)
    if default < 0:
        default = len(rows)
    rows.append(row(t("m.reveal"), "", "next", app.play.check("next")))
    rows.append(row(t("m.effects"), "", _open("effects")))
    return t("ph.sun"), default


def in_effect(app, cards, rows, indent="  "):
    """A row for each card in effect (in a sector, on a player), indented,
    its copies at the right when more than one."""
    lay = app.board.lay
    seen = []
    for name in cards:
        if name not in seen:
            seen.append(name)
            n = cards.count(name)
            label = w.card(name, lay, lay.w - 6 - lay.font.width(indent + "  x4"))
            rows.append(row(indent + label, "x%d" % n if n > 1 else ""))


def _people(app, v, rows):
    s = app.play.session.state
    check = app.play.check
    c = v["turn"]
    p = v["players"][c]
    taken = v["action"]["taken"]
    costs = v["action"]["costs"]
    for k in BUILD:
        _build(app, rows, k, c, costs)
    rows.append(row(t("b.conquer"), "", _open("conquest", (c,))))
    # a temple at a site is a temple: once the building action is taken it
    # is struck through with the temple's reason, not refused after a site
    # is picked
    sites = app.play.edition["temple_sites"]["sites"]
    why = check("temple %s %d" % (c, sites[0][1])) if taken is not None and sites else None
    rows.append(row(common.label(app, "b.site", ""), "", _open("sites", (c,)), why))
    for k in ("outpost", "zeal"):
        if k in costs:
            _build(app, rows, k, c, costs)
    for kind in ("great", "annual", "local"):
        if kind + "-pilgrimage" in p["effects"]:
            a = "pilgrimage %s %s" % (c, kind)
            vp = f("m.vp", s["pilg"][kind])
            rows.append(row(common.label(app, "card.%s-pilgrimage" % kind, vp), vp, a, check(a)))
    end = len(rows)
    rows.append(row(t("m.end_turn"), fn("m.free_roads", p["free_roads"]), "next", check("next")))
    rows.append(row(t("m.effects"), "", _open("effects")))
    # the cursor starts on the first action allowed now, or on End
    # turn; once the building action is taken, on what is still
    # allowed (a pilgrimage, a second garrison...), not on a picker
    # (Conquer, Temple at site) that would refuse it
    default = end
    for i in range(end):
        if rows[i][3] is None and (taken is None or isinstance(rows[i][2], str)):
            default = i
            break
    return f("m.player_labor", w.name(c), p["labor"]), default


def _build(app, rows, k, c, costs):
    a = "%s %s" % (k, c)
    cost = _cost(costs[k])
    rows.append(row(common.label(app, "b." + k, cost), cost, a, app.play.check(a)))


def _sapa(app, v, rows):
    # in standings order: the rules score the figure furthest ahead first
    default = -1
    for c in v["standings"]:
        p = v["players"][c]
        con = p["connected"]
        vals = con if con is not None else p["last_connected"]
        mark = f("m.con", vals[0], vals[1], vals[2])
        name = w.who(c)
        if con is not None or default >= 0:
            # confirmed: OK corrects them; not yet, below the player the
            # cursor is on (ahead of them in the standings): OK opens them
            # to be entered
            rows.append(row(name, mark if con is not None else "? " + mark,
                            _open("connected", (c, vals), "counts"), None, c))
            continue
        # one press: last round's counts, unchanged
        rows.append(row(name, "? " + mark, "connected %s %d %d %d" % (c, vals[0], vals[1], vals[2]),
                        None, c))
        if default < 0:
            # the player the cursor is on: other counts one row down
            default = len(rows) - 1
            rows.append(row("  " + t("m.change_con"), "", _open("connected", (c, vals), "counts"), None, c))
    if default < 0:
        default = len(rows)
    rows.append(row(t("m.score"), "", "next", app.play.check("next")))
    return t("ph.sapa"), default


def _other(app, v, rows):
    # a phase an edited edition's era track may name: its name, nothing to do
    return t("ph." + v["phase"]), 0


_PHASE = {"inca": _inca, "sun": _sun, "people": _people, "sapa": _sapa}

def common_rows(app):
    return common.rows(app, _open("corrections"))


def _open(name, arg=None, where="pickers"):
    """A row's target: the picker `name` of firmware/games/inca/pickers.py
    (or sun.py), imported when the row is chosen and forgotten at once (on
    a board its code leaves the heap with the screen it opened)."""
    def open_(app):
        fn = use_once("firmware.games.inca." + where, name)
        if arg is None:
            fn(app)
        else:
            fn(app, *arg)
    return open_
