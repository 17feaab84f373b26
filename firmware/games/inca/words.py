# Inca Empire events and actions in the players' words (from the language
# table), for the event, history and undo screens.
from firmware.core import text
from firmware.core.text import t, f, fn


def name(c):
    return t("c." + c)


def ini(c):
    return t("i." + c)


def who(c):
    """A player where the screen has room for names: the colour's name on
    the wide screens, its initials on the narrow one."""
    return name(c) if text.wide else ini(c)


def sector(sec, lay=None, width=0):
    """A Sun sector by its two colours: their names where they fit `width`
    pixels (on the wide screens), else their initials."""
    a, b = sec.split("-")
    if text.wide:
        s = name(a) + "-" + name(b)
        if lay is None or lay.font.width(s) <= width:
            return s
    return ini(a) + "-" + ini(b)


def short(key):
    """The words at key for a line that names an action (history, undo):
    on the narrow screen their shortest form (key + "~", "~~"...), where
    the language has one."""
    v = t(key)
    while not text.wide:
        key += "~"
        s = text.get(key)
        if s is None:
            break
        v = s
    return v


def card(c, lay=None, width=0):
    """A Sun Event card's name as printed on the players' cards; where that
    does not fit `width` pixels its short form (key card.NAME~, where the
    language has one); without a layout, as short() chooses."""
    if lay is None:
        return short("card." + c)
    return text.fit("card." + c, width, lay.font.width)


def era_name(e):
    return t("era." + str(e))


def where(v):
    return "%s %s%d %s" % (era_name(v["era"]), t("r.round"), v["round"], t("ph." + v["phase"]))


def event(e):
    """Lines (0, 1 or 2) describing one engine event for the players."""
    k = e[0]
    if k == "income":
        return [fn("e.income", e[2], name(e[1]), e[2])]
    if k == "give":
        to = e[2]
        if text.over is not None and ("c." + to) in text.over:
            # a name given to the seat: no case of it to put it in
            return [fn("e.give_to", e[3], name(e[1]), name(to), e[3])]
        # the receiver in the dative, where the language has one (d.*)
        return [fn("e.give", e[3], name(e[1]), e[3], text.get("d." + to) or name(to))]
    if k == "support":
        return [f("e.support", name(e[1]), e[2])]
    if k == "score":
        return [fn("e.score", e[2], name(e[1]), e[2])]
    if k == "return":
        return [fn("e.return", e[2], name(e[1]), e[2])]
    if k == "order":
        return [f("e.order", " ".join(who(c) for c in e[1:]))]
    if k == "pizarro":
        return [f("e.pizarro_yes" if e[2] else "e.pizarro_no", e[1])]
    if k == "over":
        return [f("e.over", name(e[1]))]
    if k == "recount":
        return [fn("e.recount", e[2], name(e[1]), e[2])]
    if k == "roads":
        return [fn("e.roads", e[2], name(e[1]), e[2])]
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


# what a "next" ends, by the phase it is taken in
_ENDS = {"inca": "m.continue", "sun": "m.reveal", "sapa": "m.score"}


def _ended(ph, c):
    """The name of a "next" taken in phase ph (c: the player whose turn
    it ended, in the People phase, if known)."""
    if ph == "people":
        return who(c) + " " + t("m.end_turn") if c else t("m.end_turn")
    return t(_ENDS[ph])


def next_from(s):
    """The name of a "next" taken in state s (a redo, an undone one)."""
    ph = s["track"][s["ci"]][2][s["pi"]]
    return _ended(ph, s["order"][s["turn"]] if ph == "people" and s["turn"] is not None else None)


def _pizarro_jump(s):
    """((column, phase) of the People phase where Pizarro arrived, (column,
    phase) of the Sapa Inca phase the game went on to), or ((-1, -1),
    (-1, -1)): his arrival skips the phases in between
    (engine._end_people)."""
    none = (-1, -1)
    piz = s.get("piz")
    if not piz or not piz.get("arrived"):
        return none, none
    track = s["track"]
    last = track[-1][0]
    n = 0
    for ci in range(len(track)):
        if track[ci][0] != last:
            continue
        phases = track[ci][2]
        for pi in range(len(phases)):
            if phases[pi] == "people":
                n += 1
                if n == piz["pos"]:
                    k = len(phases) - 1
                    while k > pi and phases[k] != "sapa":
                        k -= 1
                    return (ci, pi), ((ci, k) if k > pi + 1 else none)
    return none, none


def next_names(s, tail):
    """{index: name} of the tail's "next" lines, s the state after the
    tail: worked out backwards along the era track (a "next" in the People
    phase ends one player's turn, in another phase the phase itself).  A
    player is named by the turn order of the People phase it was taken in
    (s's, or one the Sun phases after it replaced: s["was"]); the last
    one's player by the events it left in s (["done", player])."""
    track = s["track"]
    ci = s["ci"]
    pi = s["pi"]
    turn = s["turn"]
    order = s["order"]
    seats = s["seating"]
    n = len(seats)
    was = s.get("was", "")    # the orders before, newest last, by seat (engine)
    back = len(was) // n
    names = {}
    over = s["over"]
    jump = _pizarro_jump(s)
    for i in range(len(tail) - 1, -1, -1):
        if tail[i] != "next":
            continue
        ph = track[ci][2][pi]
        if over:
            # the game's last "next" left the track's last phase as it was
            over = False
        elif ph == "people" and turn:
            turn -= 1
            names[i] = _ended(ph, order[turn] if order else None)
            continue
        else:
            if ph == "sun":
                # the People phase before had the order this one replaced
                back -= 1
                order = [seats[int(x)] for x in was[back * n:back * n + n]] if back >= 0 else None
            if (ci, pi) == jump[1]:
                ci, pi = jump[0]    # Pizarro arrived there: on to the Sapa Inca phase
            elif pi:
                pi -= 1
            elif ci:
                ci -= 1
                pi = len(track[ci][2]) - 1
            else:
                break               # nothing before the track's start
            ph = track[ci][2][pi]
        if ph == "people":
            turn = n - 1
            names[i] = _ended(ph, order[turn] if order else None)
        else:
            names[i] = _ended(ph, None)
    last = len(tail) - 1
    if last in names:
        for e in s["ev"]:
            if e[0] == "done":
                names[last] = _ended("people", e[1])
    return names


def action(line):
    """An action line in words, for the history and undo."""
    w = line.split()
    k = w[0]
    if k == "next":
        return t("m.next")
    if k in ("city", "temple", "garrison", "terrace", "road", "outpost", "zeal"):
        return who(w[1]) + " " + short("b." + k)
    if k == "conquer":
        return who(w[1]) + " " + t("b.conquer") + " " + f("m.res", int(w[2]), int(w[3]), int(w[4]))
    if k == "pilgrimage":
        return who(w[1]) + " " + card(w[2] + "-pilgrimage")
    if k == "sun":
        return sector(w[1]) + " " + card(w[2])
    if k == "connected":
        return who(w[1]) + " " + f("m.con", int(w[2]), int(w[3]), int(w[4]))
    if k == "adjust":
        return who(w[1]) + " " + t("f." + w[2]) + " " + w[3]
    return line
