# Inca Empire's pickers, opened from the phase menu: the card effects, a
# conquest, a temple site, the corrections; and the history (the Sun Event
# card list is sun.py, the connected counts counts.py).  A module apart from the
# phase menu's so that its code is in the heap only while one of them is
# open: the menu imports it when a row opens one and forgets it at once
# (menu._open); the screen opened holds the functions it needs until it
# closes.
from firmware.core.text import t, f, fit
from firmware.games.inca import cards, engine
from firmware.games.inca import words as w
from firmware.screenkit.widgets import Menu, Numbers, row
from firmware.screenkit import common


def effects(app):
    v = app.play.view()
    rows = []
    from firmware.games.inca.menu import in_effect
    for c in v["order"]:
        rows.append(row(w.name(c), "", colour=c))
        in_effect(app, v["players"][c]["effects"], rows, " ")
    app.screens.push(Menu(t("m.effects"), rows))


def conquest(app, c):
    s = app.play.session.state
    fx = engine.effects(s, c)
    extra = s["act"]["slot"] is not None
    rows = []
    for kind in app.play.edition["marker_kinds"]["kinds"]:
        a = "conquer %s %d %d %d" % (c, kind[1], kind[2], kind[3])
        cost = cards.conquest(kind[1], fx, extra, s["rx"])
        # the marker's own numbers (resistance, labor each Inca phase,
        # VP), as printed on it; at the right the labor it costs now
        rows.append(row(f("m.res", kind[1], kind[2], kind[3]), f("m.labor", cost), a,
                        app.play.check(a)))
    rows.append(row(t("m.by_numbers"), "", _conquest_numbers(c)))
    app.screens.push(Menu(t("b.conquer"), rows))


def _conquest_numbers(c):
    def open_(app):
        def done(app, vals):
            app.play.act("conquer %s %d %d %d" % (c, vals[0], vals[1], vals[2]))
        app.screens.push(Numbers(t("b.conquer"), [["f.res", 2, 0, 9], ["f.labor", 1, 0, 9], ["f.vp", 2, 0, 9]], done))
    return open_


def sites(app, c):
    rows = []
    for site in app.play.edition["temple_sites"]["sites"]:
        a = "temple %s %d" % (c, site[1])
        # a site's name as the players' rulebook prints it, if the
        # language table has it; else as the edition table gives it
        vp = f("m.vp", site[1])
        name = common.label(app, "site." + site[0], vp)
        if name == "site." + site[0]:
            name = site[0]
        rows.append(row(name, vp, a, app.play.check(a)))
    rows.append(row(t("m.by_numbers"), "", _site_numbers(c)))
    app.screens.push(Menu(_site_title(app), rows))


def _site_title(app):
    # a title line without a status at its right
    return fit("b.site", app.board.lay.w - 2, app.board.lay.font.width)


def _site_numbers(c):
    def open_(app):
        def done(app, vals):
            app.play.act("temple %s %d" % (c, vals[0]))
        app.screens.push(Numbers(_site_title(app), [["f.vp", 4, 1, 20]], done))
    return open_


def corrections(app):
    rows = []
    for c in app.play.session.state["seating"]:
        for what in ("labor", "vp"):
            rows.append(row("%s %s" % (w.name(c), t("f." + what)), "", _adjust(c, what), None, c))
    app.screens.push(Menu(t("m.adjust"), rows))


def _adjust(c, what):
    def open_(app):
        def done(app, v):
            if v[0]:
                app.play.act("adjust %s %s %+d" % (c, what, v[0]))
        app.screens.push(Numbers("%s %s" % (w.name(c), t("f." + what)), [["f.amount", 0, -20, 20]], done))
    return open_


def history(app):
    return common.history(app, _entries)


def _entries(app, rows):
    """The actions since the undo checkpoint, newest first."""
    ss = app.play.session
    ends = w.next_names(ss.state, ss.tail)
    for i in range(len(ss.tail) - 1, -1, -1):
        common.lines(app, rows, ends.get(i) or w.action(ss.tail[i]))
