# Inca Empire events and actions in the players' words (from the language
# table), for the event, history and undo screens.
from firmware.core.text import t, f


def name(c):
    return t("c." + c)


def ini(c):
    return t("i." + c)


def sector(sec):
    a, b = sec.split("-")
    return ini(a) + "-" + ini(b)


def card(c, lay=None, width=0):
    """A Sun Event card's name as printed on the players' cards; without a
    layout, or where that does not fit `width` pixels, its short form (key
    cs.NAME, where the language has one)."""
    full = t("card." + c)
    if lay is None or lay.font.width(full) > width:
        short = t("cs." + c)
        if short != "cs." + c:
            return short
    return full


def era_name(e):
    return t("era." + str(e))


def where(v):
    return "%s %s%d %s" % (era_name(v["era"]), t("r.round"), v["round"], t("ph." + v["phase"]))


def event(e):
    """Lines (0, 1 or 2) describing one engine event for the players."""
    k = e[0]
    if k == "income":
        return [f("e.income", name(e[1]), e[2])]
    if k == "give":
        return [f("e.give", name(e[1]), e[3], name(e[2]))]
    if k == "support":
        return [f("e.support", name(e[1]), e[2])]
    if k == "score":
        return [f("e.score", name(e[1]), e[2])]
    if k == "return":
        return [f("e.return", name(e[1]), e[2])]
    if k == "order":
        return [f("e.order", " ".join(ini(c) for c in e[1:]))]
    if k == "pizarro":
        return [f("e.pizarro_yes" if e[2] else "e.pizarro_no", e[1])]
    if k == "over":
        return [f("e.over", name(e[1]))]
    if k == "recount":
        return [f("e.recount", name(e[1]), e[2])]
    if k == "roads":
        return [f("e.roads", name(e[1]), e[2])]
    if k == "remind":
        what = e[1]
        if what == "rural-unrest":
            return [f("e.rural", sector(e[2])), t("e.rural2")]
        if what == "wilderness-road":
            return [f("e.wild", name(e[2]))]
        if what == "solar-eclipse":
            return [f("e.eclipse", name(e[2]))]
        if what == "pilgrimage":
            return [f("e.pilgrimage", name(e[2]))]
        if what == "three-players":
            return [t("e.three"), t("e.three2")]
        if what == "gods":
            return [t("e.gods"), t("e.gods2")]
        if what == "early-fall":
            return [t("e.early"), t("e.early2")]
    if k == "phase":
        return [f("e.phase", t("phf." + e[3]))]
    return []


# Events worth a screen of their own after the action that caused them.
NOTABLE = ("income", "give", "support", "score", "return", "pizarro", "over", "remind", "order", "roads",
           "recount")


def notable(events, phases=True):
    """The lines worth showing for these events; with phases, a line naming
    each phase entered, between the results of the one left and the next."""
    lines = []
    for e in events:
        if e[0] in NOTABLE or (phases and e[0] == "phase" and lines):
            lines.extend(event(e))
    return lines


def action(line):
    """An action line in words, for the history and undo."""
    w = line.split()
    k = w[0]
    if k == "next":
        return t("m.next")
    if k in ("city", "temple", "garrison", "terrace", "road", "outpost", "zeal"):
        return ini(w[1]) + " " + t("b." + k)
    if k == "conquer":
        return ini(w[1]) + " " + t("b.conquer") + " " + f("m.res", int(w[2]), int(w[3]), int(w[4]))
    if k == "pilgrimage":
        return ini(w[1]) + " " + t("pil." + w[2])
    if k == "sun":
        return sector(w[1]) + " " + card(w[2])
    if k == "connected":
        return ini(w[1]) + " " + f("m.con", int(w[2]), int(w[3]), int(w[4]))
    if k == "adjust":
        return ini(w[1]) + " " + t("f." + w[2]) + " " + w[3]
    return line
