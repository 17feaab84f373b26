# Origin bookkeeping: state = new(setup, edition); apply(state, action).
# Pure Python for CPython and MicroPython: no I/O, no clock, no hardware.
#
# The device keeps the turn, is told which supply ran out (the player whose
# turn it is took its last item), gives every other player one more turn,
# and then scores what each player tells it they hold.
#
# Every handler checks everything first and only then changes the state, so
# a refused action leaves the state exactly as it was.  The state holds only
# dicts, lists, ints, strs, bools and None.  MicroPython's dicts have no
# order: whatever is shown or decided in order walks a list.

from firmware.core import rules
from firmware.core.actions import as_tokens

GAME = "origin"
MAX_NUMBER = 99
SHEET_KEYS = ("goals", "hand", "hunt", "straits", "tiles", "trophies", "treasure")


def _refuse(msg, *args):
    rules.refuse(msg, *args)


def _int(word, what, lo=0, hi=rules.MAX_NUMBER):
    return rules.whole(word, what, lo, hi)


_names = rules.names


# ---------------------------------------------------------------- setup

def new(setup, edition):
    t = as_tokens(setup)
    if not t or t[0] != GAME:
        _refuse("a game starts with a setup line: origin players=red,blue,green (youngest first)")
    ps = None
    for w in t[1:]:
        if w.startswith("players="):
            ps = _names(w[8:])
        elif "=" in w:
            _refuse("unknown setup option %r", w.split("=", 1)[0])
        else:
            _refuse("unknown setup word %r", w)
    if not ps:
        _refuse("the setup line needs players=, youngest first, then clockwise: players=red,blue,green")
    lo, hi = edition["players"]
    if len(ps) < lo or len(ps) > hi:
        _refuse("Origin is for %d to %d players, not %d", lo, hi, len(ps))
    players = {}
    for c in ps:
        players[c] = {"sheet": None}
    s = {
        "game": GAME,
        "seating": list(ps),
        "supplies": [x[0] for x in edition["supplies"]],
        "vp": dict(edition["vp"]),
        "limits": {"hunt": list(edition["hunt"]["values"]), "hunt_n": edition["hunt"]["in_play"],
                   "strait": list(edition["strait"]["values"]), "strait_n": edition["strait"]["tokens"],
                   "tiles": edition["tiles"], "levels": edition["levels"],
                   "goal": list(edition["goal_vp"]["values"]), "cards": edition["cards"],
                   "pawns": edition["pawns"]},
        "setup": {"settlements": edition["settlements"], "pawns": edition["pawns"],
                  "medium": edition["medium_set"]["pawns"]},
        "phase": "play",
        "round": 1,
        "turn": 0,
        "trigger": None,
        "last": [],
        "p": players,
        "over": False,
        "winners": [],
        "ev": [],
    }
    for r in reminders(s):
        s["ev"].append(["remind"] + r)
    s["ev"].append(["turn", ps[0]])
    return s


def reminders(s):
    st = s["setup"]
    out = [["settlements", st["settlements"]]]
    if len(s["seating"]) < 4:
        out.append(["remove-medium-set", st["medium"], st["pawns"] - st["medium"]])
    out.append(["goal-cards", 3, 1])
    out.append(["level-one-tiles", 3])
    out.append(["first", s["seating"][0]])
    return out


# ---------------------------------------------------------------- turns

def current(s):
    if s["phase"] == "scoring":
        return None
    return s["seating"][s["turn"]]


def _next(s, t, dry):
    if len(t) != 1:
        _refuse("next takes no words")
    if s["phase"] == "scoring":
        _refuse("every turn is over: enter the scores")
    if dry:
        return
    c = current(s)
    n = len(s["seating"])
    s["ev"].append(["done", c])
    if s["phase"] == "play" and s["trigger"] is None:
        s["turn"] = (s["turn"] + 1) % n
        if s["turn"] == 0:
            s["round"] += 1
            s["ev"].append(["round", s["round"]])
        s["ev"].append(["turn", current(s)])
        return
    if s["phase"] == "play":
        # The turn in which the last item was taken ends: every other
        # player, in turn order, takes one more turn.
        i = s["turn"]
        s["last"] = [s["seating"][(i + k) % n] for k in range(1, n)]
        s["phase"] = "last"
    else:
        s["last"].pop(0)
    if not s["last"]:
        s["phase"] = "scoring"
        s["ev"].append(["scoring"])
        for d in s["seating"]:
            s["p"][d]["sheet"] = None
        return
    s["turn"] = s["seating"].index(s["last"][0])
    s["ev"].append(["last-turn", s["last"][0], len(s["last"])])


def _trigger(s, t, dry):
    if len(t) < 2:
        _refuse("trigger needs the supply that ran out: trigger %s", " | ".join(s["supplies"]))
    if s["phase"] == "scoring":
        _refuse("the game is already being scored")
    if s["trigger"] is not None:
        _refuse("the end was already triggered by %s (%s)", s["trigger"]["by"],
                " ".join(s["trigger"]["supplies"]))
    got = []
    for w in t[1:]:
        if w not in s["supplies"]:
            _refuse("%r is not a supply that ends the game (%s)", w, " ".join(s["supplies"]))
        if w in got:
            _refuse("%s is named twice", w)
        got.append(w)
    if dry:
        return
    c = current(s)
    s["trigger"] = {"by": c, "supplies": got, "round": s["round"]}
    s["ev"].append(["trigger", c] + got)
    s["ev"].append(["remind", "last-round-goals"])


# ---------------------------------------------------------------- scoring

def _list(word, what, lo, hi, most):
    if word in ("", "-", "none"):
        return []
    out = [_int(x, what, lo, hi) for x in word.split(",")]
    if len(out) > most:
        _refuse("at most %d %s", most, what)
    return out


def _score(s, t, dry):
    if len(t) < 2:
        _refuse("score needs a player: score red goals=6,5 hand=3 hunt=4 straits=4,5 "
                "tiles=2,2,1,1,1 trophies=0 treasure=no")
    c = t[1]
    if c not in s["p"]:
        _refuse("%r is not a player in this game (players: %s)", c, " ".join(s["seating"]))
    if s["phase"] != "scoring":
        _refuse("scores are entered after the last turns; now: %s", s["phase"])
    L = s["limits"]
    old = s["p"][c]["sheet"]
    sh = blank() if old is None else dict(old)
    seen = []
    for w in t[2:]:
        if "=" not in w:
            _refuse("score entries are KEY=VALUE (keys: %s)", " ".join(SHEET_KEYS))
        k, v = w.split("=", 1)
        if k not in SHEET_KEYS:
            _refuse("unknown score entry %r (keys: %s)", k, " ".join(SHEET_KEYS))
        if k in seen:
            _refuse("%s is given twice", k)
        seen.append(k)
        if k == "goals":
            sh[k] = _list(v, "VP of an achieved goal card", L["goal"][0], L["goal"][1], 20)
        elif k == "hunt":
            sh[k] = _list(v, "hunting tokens' VP", L["hunt"][0], L["hunt"][1], L["hunt_n"])
        elif k == "straits":
            sh[k] = _list(v, "strait tokens' VP", L["strait"][0], L["strait"][1], L["strait_n"])
        elif k == "tiles":
            lv = _list(v, "innovation tiles of a level", 0, L["tiles"], L["levels"])
            while len(lv) < L["levels"]:
                lv.append(0)
            if sum(lv) > L["tiles"]:
                _refuse("there are %d innovation tiles, not %d", L["tiles"], sum(lv))
            sh[k] = lv
        elif k == "hand":
            sh[k] = _int(v, "cards in hand", 0, L["cards"])
        elif k == "trophies":
            sh[k] = _int(v, "War Trophies pawns", 0, L["pawns"])
        else:
            if v not in ("yes", "no"):
                _refuse("treasure is yes or no (the Treasure card in play), not %r", v)
            sh[k] = v == "yes"
    if dry:
        return
    s["p"][c]["sheet"] = sh
    s["ev"].append(["score", c, points(s, sh)["total"]])
    _settle(s)


def blank():
    return {"goals": [], "hand": 0, "hunt": [], "straits": [], "tiles": [0, 0, 0, 0, 0],
            "trophies": 0, "treasure": False}


def points(s, sh):
    """The scoring breakdown of one player's sheet."""
    vp = s["vp"]
    tiles = sh["tiles"]
    tile_vp = 0
    for i in range(len(tiles)):
        tile_vp += tiles[i] * (vp["tile_level5"] if i == 4 else vp["tile"])
    b = {
        "goals": sum(sh["goals"]),
        "hand": sh["hand"] * vp["card_in_hand"],
        "treasure": sh["hand"] * vp["treasure_per_card"] if sh["treasure"] else 0,
        "hunt": sum(sh["hunt"]),
        "straits": sum(sh["straits"]),
        "tiles": tile_vp,
        "trophies": sh["trophies"] * vp["war_trophy"],
    }
    total = 0
    for k in ("goals", "hand", "treasure", "hunt", "straits", "tiles", "trophies"):
        total += b[k]
    b["total"] = total
    return b


def standings(s):
    """[[player, rank], ...] by VP, ties to most cards in hand; None until
    every player's sheet is in."""
    ps = s["seating"]
    tot = {}
    for c in ps:
        sh = s["p"][c]["sheet"]
        if sh is None:
            return None
        tot[c] = points(s, sh)["total"]

    def key(c):
        return (-tot[c], -s["p"][c]["sheet"]["hand"], ps.index(c))

    order = sorted(ps, key=key)
    out = []
    for i in range(len(order)):
        c = order[i]
        if i and key(c)[:2] == key(order[i - 1])[:2]:
            out.append([c, out[-1][1]])
        else:
            out.append([c, i + 1])
    return out


def _settle(s):
    st = standings(s)
    if st is None:
        return
    was = list(s["winners"])
    s["winners"] = [c for c, r in st if r == 1]
    s["over"] = True
    if was != s["winners"]:
        s["ev"].append(["over"] + s["winners"])


VERBS = {"next": _next, "trigger": _trigger, "score": _score}


def _parse(s, action):
    return rules.handler(VERBS, action)


# apply(state, action): in place, or IllegalAction with the state unchanged;
# refusal(state, action): that IllegalAction or None (for menus); check(): its text.
apply, refusal, check = rules.engine(_parse)
