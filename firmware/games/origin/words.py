# Origin's events and actions in the players' words (from the language
# table), for the event, history and undo screens.
from firmware.core.text import t, f, fn

KEYS = ("goals", "hand", "treasure", "hunt", "straits", "tiles", "trophies")


def name(c):
    """A player's name: the seat colour in the players' language, or the
    name itself where the table has none (a game entered by hand)."""
    v = t("o.c." + c)
    return c if v == "o.c." + c else v


def supply(x):
    return t("o.s." + x)


def vp(n):
    return fn("o.vp", n)


def event(e):
    """Lines (0, 1 or 2) describing one engine event for the players."""
    k = e[0]
    if k == "remind":
        what = e[1]
        if what == "settlements":
            return [fn("o.e.settlements", e[2])]
        if what == "remove-medium-set":
            return [fn("o.e.medium", e[2], e[2], e[3])]
        if what == "goal-cards":
            return [fn("o.e.goals", e[2], e[2], e[3])]
        if what == "level-one-tiles":
            return [fn("o.e.tiles", e[2])]
        if what == "first":
            return [f("o.e.first", name(e[2]))]
        if what == "last-round-goals":
            return [t("o.e.last_goals")]
        return []
    if k == "trigger":
        return [f("o.e.trigger", name(e[1]), ", ".join(supply(x) for x in e[2:])), t("o.e.others")]
    if k == "scoring":
        return [t("o.e.scoring")]
    if k == "score":
        return [fn("o.e.score", e[2], name(e[1]), e[2])]
    if k == "over":
        if len(e) == 2:
            return [f("o.e.over", name(e[1]))]
        return [f("o.e.shared", ", ".join(name(c) for c in e[1:]))]
    return []


def notable(events):
    """The lines worth a screen after an action (turns passing are not:
    the home screen shows whose turn it is)."""
    lines = []
    for e in events:
        lines.extend(event(e))
    return lines


def action(line):
    """An action line in words, for the history and undo."""
    w = line.split()
    k = w[0]
    if k == "next":
        return t("o.a.next")
    if k == "trigger":
        return f("o.a.trigger", ", ".join(supply(x) for x in w[1:]))
    if k == "score" and len(w) > 1:
        return f("o.a.score", name(w[1]))
    return line
