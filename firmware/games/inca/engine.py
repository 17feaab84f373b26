# Inca Empire rules engine: state = apply(state, action) (a new game's state: start.py).
# Pure Python for CPython and MicroPython: no I/O, no clock, no hardware.
#
# Every handler first checks everything that could refuse the action and only
# then changes the state, so a refused action leaves the state exactly as it
# was.  The state is a dict of plain values (JSON-able) so that a snapshot is
# just its JSON text.

from firmware.core import rules
from firmware.games.inca import cards

COLOURS = ("blue", "orange", "green", "brown")
VARIANTS = ("early-fall", "pizarro", "gods")
MARKERS = 4  # invasion markers of the Pizarro's Arrival variant
MAX_NUMBER = 99


def _refuse(msg, *args):
    rules.refuse(msg, *args)


def _int(word, what, lo=0, hi=rules.MAX_NUMBER):
    return rules.whole(word, what, lo, hi)


# ---------------------------------------------------------------- helpers

def era(s):
    return s["track"][s["ci"]][0]


def phase(s):
    return s["track"][s["ci"]][2][s["pi"]]


def ranking(s):
    """Colours by score-track standing, leader first.  On equal VP the
    figure that reached the value first stands inside and ranks higher."""
    p = s["p"]
    return sorted(s["seating"], key=lambda c: (-p[c]["vp"], p[c]["at"]))


def _move(s, c, delta):
    # One move of a figure on the score track.  Arriving on a value makes the
    # figure the outermost one there: it gets the newest arrival stamp.
    if delta == 0:
        return
    s["at"] += 1
    p = s["p"][c]
    p["vp"] += delta
    p["at"] = s["at"]


def effects(s, c):
    """The player's active Sun Event cards as {card: copies}: every card in
    the sectors on either side of their colour line."""
    fx = {}
    n = len(c)
    for sec in s["sectors"]:
        # c is one side of the "a-b" sector (no split: a list and two
        # strings a sector, for every turn and building action)
        if sec.startswith(c) and sec.startswith("-", n) or sec.endswith(c) and sec.startswith("-", len(sec) - n - 1):
            for card in s["board"][sec]:
                fx[card] = fx.get(card, 0) + 1
    return fx


def current(s):
    if s["turn"] is None:
        return None
    return s["order"][s["turn"]]


def _new_turn(s):
    a = s["act"]
    if a is None:
        s["act"] = {"slot": None, "ter2": 0, "gar2": 0, "conq2": 0, "pilg": False}
    else:
        # the turn before's, written over (not a new dict a turn)
        a["slot"] = None
        a["ter2"] = a["gar2"] = a["conq2"] = 0
        a["pilg"] = False
    c = current(s)
    s["ev"].append(["turn", c])
    # What the device cannot settle itself, it reminds the player of.
    fx = effects(s, c)
    for card in cards.BOARD_ONLY:
        if fx.get(card) and card != "rural-unrest":
            s["ev"].append(["remind", card, c])


# ---------------------------------------------------------------- the era track

def enter(s):
    """Enter the phase the era track is on (also at a game's start)."""
    mark = len(s["ev"])
    _enter_phase(s)
    # What happened on entering this phase (income, gifts, turn order...),
    # kept until the next phase so screens can show it at any time.
    s["entry"] = [list(e) for e in s["ev"][mark:]]


def _enter_phase(s):
    ph = phase(s)
    s["ev"].append(["phase", era(s), s["track"][s["ci"]][1], ph])
    if ph == "inca":
        _income(s)
    elif ph == "sun":
        # the orders replaced, the last ten (as many as the undo's reach
        # can hold), each as the players' seats, "2031": the history names
        # the player of each turn ended before (words.next_names)
        seats = s["seating"]
        was = s.get("was", "") + "".join([str(seats.index(c)) for c in s["order"]])
        s["was"] = was[-10 * len(seats):]
        s["order"] = list(reversed(ranking(s)))
        s["placed"] = []
        s["ev"].append(["order"] + s["order"])
    elif ph == "people":
        s["turn"] = 0
        _new_turn(s)
    elif ph == "sapa":
        # Step 1 of the Sapa Inca phase: all Sun Event cards leave the board.
        for sec in s["sectors"]:
            s["board"][sec] = []
        s["ev"].append(["clear"])
        for c in s["seating"]:
            s["p"][c]["con"] = None


def _advance(s):
    s["turn"] = None
    s["act"] = None
    if s["pi"] + 1 < len(s["track"][s["ci"]][2]):
        s["pi"] += 1
    elif s["ci"] + 1 < len(s["track"]):
        s["ci"] += 1
        s["pi"] = 0
    else:
        # The game ends right after the last phase of the track.
        _end(s)
        return
    enter(s)


def _end(s):
    s["over"] = True
    s["turn"] = None
    s["act"] = None
    s["winner"] = ranking(s)[0]
    s["ev"].append(["over", s["winner"]])


def _income(s):
    e = era(s)
    base = s["labor"][e - 1]
    for c in s["order"]:
        p = s["p"][c]
        got = base + p["ter"]
        for m in p["m"]:
            got += m[1]
        p["labor"] += got
        s["ev"].append(["income", c, got])
    rank = ranking(s)
    n = len(rank)
    for giver, taker, amount, fewest in s["catch"][str(e)]:
        if n < fewest:
            continue
        g = rank[giver - 1]
        t = rank[taker] if taker < 0 else rank[taker - 1]
        if g == t:
            continue
        # Labor never goes below zero: a giver with less gives what they have.
        a = min(amount, s["p"][g]["labor"])
        s["p"][g]["labor"] -= a
        s["p"][t]["labor"] += a
        s["ev"].append(["give", g, t, a])


def _end_sun(s):
    support = {}
    for sec in s["sectors"]:
        for card in s["board"][sec]:
            if card == "popular-support":
                for c in sec.split("-"):
                    ones = 0
                    for m in s["p"][c]["m"]:
                        if m[0] == 1:
                            ones += 1
                    support[c] = support.get(c, 0) + ones
            elif card == "rural-unrest":
                s["ev"].append(["remind", "rural-unrest", sec])
    for c in s["seating"]:
        if support.get(c):
            s["p"][c]["labor"] += support[c]
            s["ev"].append(["support", c, support[c]])


def _end_people(s):
    piz = s["piz"]
    last_era = s["track"][-1][0]
    if piz is None or era(s) != last_era or piz["flipped"] >= MARKERS:
        _advance(s)
        return
    piz["flipped"] += 1
    if piz["flipped"] == piz["pos"]:
        piz["arrived"] = True
        s["ev"].append(["pizarro", piz["flipped"], True])
        phases = s["track"][s["ci"]][2]
        k = len(phases) - 1
        while k > s["pi"] and phases[k] != "sapa":
            k -= 1
        if k == s["pi"]:
            _end(s)
            return
        s["turn"] = None
        s["act"] = None
        s["pi"] = k
        enter(s)
        return
    s["ev"].append(["pizarro", piz["flipped"], False])
    _advance(s)


def _end_sapa(s):
    pts = s["sapa_pts"]
    for c in ranking(s):
        p = s["p"][c]
        g, ci, t = p["con"]
        got = p["ter"] * pts["terrace"] + g * pts["garrison"] + ci * pts["city"] + t * pts["temple"]
        _move(s, c, got)
        p["last"] = p["con"]
        s["ev"].append(["score", c, got])
    keep = s["labor"][era(s) - 1]
    for c in s["seating"]:
        p = s["p"][c]
        if p["labor"] > keep:
            s["ev"].append(["return", c, p["labor"] - keep])
            p["labor"] = keep
    _advance(s)


# ---------------------------------------------------------------- actions

def _player(s, word):
    if word not in s["p"]:
        _refuse("%r is not a player in this game (players: %s)", word, " ".join(s["seating"]))
    return word


def _actor(s, t, verb, nargs):
    if len(t) < 2:
        _refuse("%s needs a player: %s PLAYER", verb, verb)
    c = _player(s, t[1])
    if len(t) - 2 not in nargs:
        _refuse("wrong number of words for %s", verb)
    ph = phase(s)
    if ph != "people":
        _refuse("%s is a People phase action; this is the %s phase", verb, ph)
    if current(s) != c:
        _refuse("it is %s's turn, not %s's", current(s), c)
    return c


def _pay(s, c, labor, fmt, kind=None):
    have = s["p"][c]["labor"]
    if labor > have:
        if kind is None:
            _refuse(fmt, c, have, labor)
        _refuse(fmt, c, have, kind, labor)


def _build(s, t, dry):
    kind = t[0]
    c = _actor(s, t, kind, (0, 1) if kind == "temple" else (0,))
    p = s["p"][c]
    a = s["act"]
    fx = effects(s, c)
    need = cards.NEEDS.get(kind)
    if need and not fx.get(need):
        _refuse("%s needs the %s card beside %s's colour line", kind, need, c)
    vp_given = None
    if len(t) == 3:
        vp_given = _int(t[2], "a temple's VP", 1, 20)
    second = None
    recount = 0
    if a["slot"] is not None:
        if kind == "terrace" and a["slot"] == "terrace" and a["ter2"] < fx.get("surveyors", 0):
            second = "ter2"
        elif kind == "garrison" and a["slot"] == "garrison" and a["gar2"] < fx.get("mass-construction", 0):
            second = "gar2"
        elif a["slot"] == "conquer" and a["conq2"] < fx.get("rapid-expansion", 0):
            # Rapid Expansion allows a conquest besides the building action,
            # in either order: the conquest already made becomes that extra
            # one and costs its 2 more labor now.
            recount = s["rx"]
        else:
            _refuse("%s has already taken this turn's building action (%s)", c, a["slot"])
    if kind == "terrace" and p["ter"] >= len(p["m"]):
        _refuse("%s has no conquered marker without a terrace", c)
    labor, vp = cards.building(s["bld"], kind, fx, vp_given)
    if recount:
        _pay(s, c, labor + recount, "%s has %d labor; a %s with 2 more for the Rapid Expansion conquest costs %d", kind)
    else:
        _pay(s, c, labor, "%s has %d labor; a %s costs %d", kind)
    if dry:
        return
    # -- checks done: now change the state
    if recount:
        p["labor"] -= recount
        a["conq2"] += 1
        a["slot"] = None
        s["ev"].append(["recount", c, recount])
    p["labor"] -= labor
    _move(s, c, vp)
    if kind == "terrace":
        p["ter"] += 1
    elif kind == "outpost":
        p["built"]["city"] += 1
    elif kind == "zeal":
        p["built"]["temple"] += 1
    else:
        p["built"][kind] += 1
    if second:
        a[second] += 1
    else:
        a["slot"] = kind
    s["ev"].append(["build", c, kind, labor, vp])
    if kind == "road":
        s["ev"].append(["roads", c, 1 + cards.extra_road_bonus(fx)])
    if kind in ("temple", "zeal") and fx.get("solar-eclipse"):
        s["ev"].append(["remind", "solar-eclipse", c])
    if a["pilg"] and not second:
        s["ev"].append(["remind", "pilgrimage", c])


def _conquer(s, t, dry):
    c = _actor(s, t, "conquer", (3,))
    r = _int(t[2], "resistance")
    lab = _int(t[3], "the marker's labor")
    vp = _int(t[4], "the marker's VP")
    p = s["p"][c]
    a = s["act"]
    fx = effects(s, c)
    extra = a["slot"] is not None
    if extra and a["conq2"] >= fx.get("rapid-expansion", 0):
        _refuse("%s has already taken this turn's building action (%s); "
                "another conquest needs Rapid Expansion", c, a["slot"])
    cost = cards.conquest(r, fx, extra, s["rx"])
    _pay(s, c, cost, "%s has %d labor; this conquest costs %d")
    if dry:
        return
    p["labor"] -= cost
    p["m"].append([r, lab, vp])
    p["built"]["conquer"] += 1
    _move(s, c, vp)
    if extra:
        a["conq2"] += 1
    else:
        a["slot"] = "conquer"
    s["ev"].append(["conquer", c, cost, vp])
    if a["pilg"] and not extra:
        s["ev"].append(["remind", "pilgrimage", c])


def _pilgrimage(s, t, dry):
    c = _actor(s, t, "pilgrimage", (1,))
    kind = t[2]
    if kind not in s["pilg"]:
        _refuse("a pilgrimage is great, annual or local, not %r", kind)
    fx = effects(s, c)
    if not fx.get(kind + "-pilgrimage"):
        _refuse("no %s-pilgrimage card lies beside %s's colour line", kind, c)
    if s["act"]["pilg"]:
        _refuse("%s has already made a pilgrimage this People phase", c)
    if dry:
        return
    vp = s["pilg"][kind]
    s["act"]["pilg"] = True
    s["p"][c]["built"]["pilgrimage"] += 1
    _move(s, c, vp)
    s["ev"].append(["pilgrimage", c, kind, vp])
    if s["act"]["slot"] is not None:
        # A pilgrimage skips road building or the building action: with the
        # building action taken, this turn has no road building.
        s["ev"].append(["remind", "pilgrimage", c])


def _sector(s, word):
    for sec in s["sectors"]:
        if sec == word:
            return sec
    parts = word.split("-")
    if len(parts) == 2:
        for sec in s["sectors"]:
            if sec == word or sec == parts[1] + "-" + parts[0]:
                return sec
    _refuse("%r is not a sector of this board (sectors: %s)", word, " ".join(s["sectors"]))


def _sun(s, t, dry):
    if len(t) != 3:
        _refuse("sun needs a sector and a card: sun blue-orange epidemic")
    if phase(s) != "sun":
        _refuse("Sun Event cards are revealed in the Sun phase; this is the %s phase", phase(s))
    sec = _sector(s, t[1])
    card = t[2]
    if card not in cards.NAMES:
        _refuse("unknown Sun Event card %r", card)
    if sec in s["placed"]:
        _refuse("sector %s already has its card for this Sun phase (%s)", sec, s["board"][sec][-1])
    copies = s["copies"][card]
    if copies == 0:
        _refuse("%s is not in this game's deck", card)
    on = 0
    for x in s["sectors"]:
        on += s["board"][x].count(card)
    if on >= copies:
        _refuse("the deck has %d %s and %d already lie on the board", copies, card, on)
    if dry:
        return
    s["board"][sec].append(card)
    s["placed"].append(sec)
    s["ev"].append(["sun", sec, card])


def _connected(s, t, dry):
    if len(t) != 5:
        _refuse("connected needs a player and three numbers: connected blue GARRISONS CITIES TEMPLES")
    c = _player(s, t[1])
    if phase(s) != "sapa":
        _refuse("connected buildings are counted in the Sapa Inca phase; this is the %s phase", phase(s))
    g = _int(t[2], "garrisons")
    ci = _int(t[3], "cities")
    te = _int(t[4], "temples")
    if dry:
        return
    s["p"][c]["con"] = [g, ci, te]
    s["ev"].append(["connected", c, g, ci, te])


def _adjust(s, t, dry):
    if len(t) != 4 or t[2] not in ("labor", "vp"):
        _refuse("adjust needs a player, labor or vp, and +N or -N: adjust blue labor +1")
    c = _player(s, t[1])
    w = t[3]
    if not w or w[0] not in "+-":
        _refuse("the amount must be signed: +N or -N, not %r", w)
    d = _int(w[1:], "the amount")
    if w[0] == "-":
        d = -d
    p = s["p"][c]
    if p[t[2]] + d < 0:
        _refuse("%s has %d %s; it cannot go below zero", c, p[t[2]], t[2])  # labor or vp
    if dry:
        return
    if t[2] == "labor":
        p["labor"] += d
    else:
        _move(s, c, d)
        if s["over"]:
            s["winner"] = ranking(s)[0]
    s["ev"].append(["adjust", c, t[2], d])


def _next(s, t, dry):
    if len(t) != 1:
        _refuse("next takes no words")
    ph = phase(s)
    if ph == "sun":
        missing = [x for x in s["sectors"] if x not in s["placed"]]
        if missing:
            _refuse("each sector gets one card this Sun phase; missing: %s", " ".join(missing))
    elif ph == "sapa":
        missing = [c for c in s["seating"] if s["p"][c]["con"] is None]
        if missing:
            _refuse("enter connected garrisons, cities and temples first for: %s", " ".join(missing))
    if dry:
        return
    if ph == "sun":
        _end_sun(s)
        _advance(s)
    elif ph == "people":
        s["ev"].append(["done", current(s)])
        if s["turn"] + 1 < len(s["order"]):
            s["turn"] += 1
            _new_turn(s)
        else:
            _end_people(s)
    elif ph == "sapa":
        _end_sapa(s)
    else:
        _advance(s)


VERBS = {
    "next": _next, "city": _build, "garrison": _build, "terrace": _build,
    "road": _build, "temple": _build, "outpost": _build, "zeal": _build,
    "conquer": _conquer, "pilgrimage": _pilgrimage, "sun": _sun,
    "connected": _connected, "adjust": _adjust,
}


def _parse(s, action):
    return rules.handler(VERBS, action, s["over"], ("adjust",))


# apply(state, action): in place, or IllegalAction with the state unchanged;
# refusal(state, action): that IllegalAction or None (for menus); check(): its text.
apply, refusal, check = rules.engine(_parse)
