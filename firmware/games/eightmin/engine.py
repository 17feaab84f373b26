# Eight-Minute Empire bookkeeping: state = new(setup, edition); apply(state, action).
# Pure Python for CPython and MicroPython: no I/O, no clock, no hardware.
#
# The device never sees the map.  It keeps the coins and the cards taken,
# runs the secret bidding for the first player, prices the card row, counts
# down to the end, and scores what the players tell it they control and hold.
#
# Every handler checks everything first and only then changes the state, so
# a refused action leaves the state exactly as it was.  The state holds only
# dicts, lists, ints, strs, bools and None: a snapshot is its JSON text.
# MicroPython's dicts have no order: everything that is shown or decided in
# order walks a list (seating, kinds), never a dict.

from firmware.core import rng
from firmware.core import rules
from firmware.core.actions import as_tokens

GAME = "eightmin"
VARIANTS = ("dice", "goods-tokens", "full")
MAX_NUMBER = 99
DIE = 6


def _refuse(msg, *args):
    rules.refuse(msg, *args)


def _int(word, what, lo=0, hi=rules.MAX_NUMBER):
    return rules.whole(word, what, lo, hi)


def _signed(word, what):
    return rules.signed(word, what)


_names = rules.names


# ---------------------------------------------------------------- setup

def _options(t):
    if not t or t[0] != GAME:
        _refuse("a game starts with a setup line: eightmin players=red,blue,green")
    o = rules.options(t, {"players": None, "ages": None, "youngest": None, "seed": "1"}, VARIANTS)
    if not o["players"]:
        _refuse("the setup line needs players= in seating order, e.g. players=red,blue,green")
    ps = _names(o["players"], "players")
    if len(ps) < 2 or len(ps) > 5:
        _refuse("Eight-Minute Empire is for 2 to 5 players, not %d", len(ps))
    o["players"] = ps
    # What the device knows of the players' ages, as [younger, older] pairs:
    # a tie for the highest bid goes to the youngest of the tied players.
    younger = []
    if o["ages"] is not None:
        ages = _names(o["ages"], "ages")
        if sorted(ages) != sorted(ps):
            _refuse("ages= must name every player once, youngest first")
        for i in range(len(ages)):
            for j in range(i + 1, len(ages)):
                younger.append([ages[i], ages[j]])
    if o["youngest"] is not None:
        if o["ages"] is not None:
            _refuse("give ages= or youngest=, not both")
        y = o["youngest"]
        if y not in ps:
            _refuse("youngest=%s is not one of the players", y)
        for c in ps:
            if c != y:
                younger.append([y, c])
    o["younger"] = younger
    o["seed"] = _int(o["seed"], "seed", 0, 0xFFFFFFFF)
    return o


def new(setup, edition):
    o = _options(as_tokens(setup))
    ps = o["players"]
    n = len(ps)
    cfg = edition["players"].get(str(n))
    if cfg is None:
        _refuse("the edition table has no row for %d players", n)
    kinds = []
    tables = {}
    for k in edition["goods"]["kinds"]:
        kinds.append(k["kind"])
        tables[k["kind"]] = [list(x) for x in k["table"]]
    players = {}
    for c in ps:
        players[c] = {"coins": 0, "cards": 0, "bid": None, "sheet": None}
    s = {
        "game": GAME,
        "seating": list(ps),
        "coins0": cfg["coins"],
        "limit": cfg["cards"],
        "prices": list(edition["row_prices"]),
        "kinds": kinds,
        "tables": tables,
        "continents": edition["continents"],
        "setup": {"start_armies": edition["start_armies"], "neutral": edition["neutral_armies"],
                  "five": edition["five_player_cards"], "tokens": edition["goods_tokens"],
                  "armies": edition["armies"]},
        "variants": [v for v in VARIANTS if o.get(v)],
        "games": edition["full_games"] if o.get("full") else 1,
        "g": 0,
        "younger": o["younger"],
        "seed": o["seed"],
        "rng": rng.seed_state(o["seed"]),
        "phase": "bid",
        "tie": None,
        "rolls": [],
        "first": None,
        "how": None,
        "order": list(ps),
        "turn": None,
        "p": players,
        "result": None,
        "past": [],
        "over": False,
        "winners": [],
        "ev": [],
    }
    _start_game(s)
    return s


def reminders(s):
    """The setup steps of a game of this many players, as short tokens."""
    n = len(s["seating"])
    st = s["setup"]
    out = []
    if n < 5:
        out.append(["remove-five-player-cards", st["five"]])
    out.append(["card-row", len(s["prices"])])
    out.append(["start-armies", st["start_armies"]])
    if n == 2:
        out.append(["neutral-armies", st["neutral"]])
    if "goods-tokens" in s["variants"]:
        out.append(["goods-tokens", st["tokens"]])
    out.append(["coins", s["coins0"]])
    return out


def _start_game(s):
    s["g"] += 1
    s["phase"] = "bid"
    s["tie"] = None
    s["rolls"] = []
    s["first"] = None
    s["how"] = None
    s["order"] = list(s["seating"])
    s["turn"] = None
    s["result"] = None
    for c in s["seating"]:
        p = s["p"][c]
        p["coins"] = s["coins0"]
        p["cards"] = 0
        p["bid"] = None
        p["sheet"] = None
    s["ev"].append(["game", s["g"], s["games"]])
    for r in reminders(s):
        s["ev"].append(["remind"] + r)


# ---------------------------------------------------------------- helpers

def current(s):
    if s["turn"] is None:
        return None
    return s["order"][s["turn"]]


def _player(s, word):
    if word not in s["p"]:
        _refuse("%r is not a player in this game (players: %s)", word, " ".join(s["seating"]))
    return word


def _phase(s, want, verb):
    if s["phase"] != want:
        what = {"bid": "while the players bid for the first turn",
                "tie": "while a tie for the first turn waits to be settled",
                "play": "while the players take cards",
                "scoring": "at the final scoring"}
        # one fixed English format per phase, so that screens can translate it
        _refuse("%s is done " + what[want] + "; now: %s", verb, s["phase"])


def younger_than_all(s, c, others):
    for d in others:
        if d != c and [c, d] not in s["younger"]:
            return False
    return True


# ---------------------------------------------------------------- bidding

def _bid(s, t, dry):
    if len(t) != 3:
        _refuse("bid needs a player and a number of coins: bid red 3")
    c = _player(s, t[1])
    _phase(s, "bid", "bidding")
    n = _int(t[2], "a bid", 0, s["p"][c]["coins"])
    if dry:
        return
    s["p"][c]["bid"] = n
    # The amount stays out of the events and the view until every bid is in.
    s["ev"].append(["bid-in", c])
    for d in s["seating"]:
        if s["p"][d]["bid"] is None:
            return
    _reveal(s)


def _reveal(s):
    bids = [[c, s["p"][c]["bid"]] for c in s["seating"]]
    s["ev"].append(["bids", bids])
    top = max(b for c, b in bids)
    tied = [c for c, b in bids if b == top]
    if len(tied) == 1:
        _first(s, tied[0], "bid")
    elif "dice" in s["variants"]:
        r = s["rng"]
        for _ in range(200):
            rolls = []
            for c in tied:
                r, v = rng.below(r, DIE)
                rolls.append([c, v + 1])
            s["ev"].append(["rolls", rolls])
            s["rolls"].append(rolls)
            hi = max(v for c, v in rolls)
            tied = [c for c, v in rolls if v == hi]
            if len(tied) == 1:
                break
        s["rng"] = r
        _first(s, tied[0], "die")
    else:
        for c in tied:
            if younger_than_all(s, c, tied):
                _first(s, c, "youngest")
                return
        s["phase"] = "tie"
        s["tie"] = tied
        s["ev"].append(["tie", list(tied)])


def _youngest(s, t, dry):
    if len(t) != 2:
        _refuse("youngest needs the youngest of the tied players: youngest red")
    c = _player(s, t[1])
    _phase(s, "tie", "youngest")
    if c not in s["tie"]:
        _refuse("%s did not bid the most; tied: %s", c, " ".join(s["tie"]))
    if dry:
        return
    for d in s["tie"]:
        if d != c and [c, d] not in s["younger"]:
            s["younger"].append([c, d])
    s["tie"] = None
    _first(s, c, "youngest")


def _first(s, c, how):
    paid = s["p"][c]["bid"]
    s["p"][c]["coins"] -= paid
    s["first"] = c
    s["how"] = how
    i = s["seating"].index(c)
    s["order"] = s["seating"][i:] + s["seating"][:i]
    s["phase"] = "play"
    s["turn"] = 0
    s["ev"].append(["first", c, paid, how])
    _turn_start(s)


# ---------------------------------------------------------------- taking cards

def _turn_start(s):
    c = current(s)
    if s["p"][c]["cards"] == s["limit"] - 1:
        if s["turn"] == 0:
            s["ev"].append(["last-round"])
        s["ev"].append(["last-turn", c])
    s["ev"].append(["turn", c])


def last_round(s):
    if s["phase"] != "play":
        return False
    return s["p"][s["order"][0]]["cards"] >= s["limit"] - 1


def _take(s, t, dry):
    if len(t) != 3:
        _refuse("take needs the player and the card's position in the row: take red 3")
    c = _player(s, t[1])
    _phase(s, "play", "taking a card")
    if current(s) != c:
        _refuse("it is %s's turn, not %s's", current(s), c)
    pos = _int(t[2], "the card's position", 1, len(s["prices"]))
    price = s["prices"][pos - 1]
    p = s["p"][c]
    if price > p["coins"]:
        _refuse("%s has %d coins; the card at position %d costs %d", c, p["coins"], pos, price)
    if dry:
        return
    p["coins"] -= price
    p["cards"] += 1
    s["ev"].append(["take", c, pos, price])
    if p["cards"] == s["limit"]:
        s["ev"].append(["cards-done", c])
    s["turn"] = (s["turn"] + 1) % len(s["order"])
    for d in s["seating"]:
        if s["p"][d]["cards"] < s["limit"]:
            _turn_start(s)
            return
    s["turn"] = None
    s["phase"] = "scoring"
    for d in s["seating"]:
        s["p"][d]["sheet"] = {"regions": None, "goods": None, "wild": 0, "tokens": None, "armies": None}
    s["ev"].append(["end", s["g"]])


# ---------------------------------------------------------------- scoring

def goods_value(table, n):
    """VP of n goods of a kind: the VP of the largest step reached, never
    more than the table's last step."""
    vp = 0
    for need, v in table:
        if n >= need and v > vp:
            vp = v
    return vp


def goods_score(s, counts, wilds):
    """Best VP for goods counts {kind: n} and `wilds` wild cards.  A wild
    adds 1 to a kind the player already has (never to a kind they do not
    hold).  Returns (total, {kind: vp}, {kind: wilds given})."""
    kinds = s["kinds"]
    # dp[w] = (value, allocation list) using exactly w wilds
    dp = [None] * (wilds + 1)
    dp[0] = (0, [])
    for k in kinds:
        n = counts.get(k, 0)
        table = s["tables"][k]
        nd = [None] * (wilds + 1)
        for w in range(wilds + 1):
            if dp[w] is None:
                continue
            top = wilds - w if n > 0 else 0
            for e in range(top + 1):
                v = dp[w][0] + goods_value(table, n + e)
                cur = nd[w + e]
                if cur is None or v > cur[0]:
                    nd[w + e] = (v, dp[w][1] + [e])
        dp = nd
    best = None
    for w in range(wilds + 1):
        if dp[w] is not None and (best is None or dp[w][0] > best[0]):
            best = dp[w]
    vps = {}
    given = {}
    for i in range(len(kinds)):
        k = kinds[i]
        e = best[1][i]
        vps[k] = goods_value(s["tables"][k], counts.get(k, 0) + e)
        if e:
            given[k] = e
    return best[0], vps, given


def _counts(s, sh):
    out = {}
    for k in s["kinds"]:
        n = 0
        if sh["goods"] is not None:
            n += sh["goods"].get(k, 0)
        if sh["tokens"] is not None:
            n += sh["tokens"].get(k, 0)
        out[k] = n
    return out


def continents(s):
    """For each continent (1-based) its controller or None: the player with
    the most regions controlled on it; a tie, or no region, is nobody.
    None when some player's regions are not entered yet."""
    out = []
    for c in s["seating"]:
        sh = s["p"][c]["sheet"]
        if sh is None or sh["regions"] is None:
            return None
    for k in range(s["continents"]):
        best = 0
        who = []
        for c in s["seating"]:
            r = s["p"][c]["sheet"]["regions"][k]
            if r > best:
                best = r
                who = [c]
            elif r == best and r > 0:
                who.append(c)
        out.append(who[0] if len(who) == 1 else None)
    return out


def sheet_scores(s):
    """Per player: the scoring breakdown of the current game (what is known).
    goods counts cards and goods tokens together; tokens alone as entered."""
    ctl = continents(s)
    out = {}
    for c in s["seating"]:
        sh = s["p"][c]["sheet"]
        if sh is None:
            continue
        regions = None if sh["regions"] is None else sum(sh["regions"])
        cont = None
        if ctl is not None:
            cont = [i + 1 for i in range(len(ctl)) if ctl[i] == c]
        counts = _counts(s, sh)
        gp, vps, given = goods_score(s, counts, sh["wild"])
        done = sh["regions"] is not None and sh["goods"] is not None and ctl is not None
        if "goods-tokens" in s["variants"] and sh["tokens"] is None:
            done = False
        pts = None
        if done:
            pts = regions + len(cont) + gp
        out[c] = {"regions": regions,
                  "per_continent": None if sh["regions"] is None else list(sh["regions"]),
                  "continents": cont,
                  "continent_points": None if cont is None else len(cont),
                  "goods": counts, "wild": sh["wild"], "wild_to": given,
                  "tokens": None if sh["tokens"] is None else dict(sh["tokens"]),
                  "goods_vp": vps, "goods_points": gp,
                  "points": pts, "coins": s["p"][c]["coins"], "armies": sh["armies"],
                  "complete": done}
    return out


def _rank(s, points, sc):
    """Standings by points, then coins, armies on the board, regions.
    Returns (standings [[player, rank], ...], players whose armies are
    needed to break a tie)."""
    ps = s["seating"]
    need = []
    for c in ps:
        for d in ps:
            if c != d and points[c] == points[d] and sc[c]["coins"] == sc[d]["coins"]:
                if sc[c]["armies"] is None and c not in need:
                    need.append(c)
    if need:
        return None, need

    def key(c):
        a = sc[c]["armies"]
        return (-points[c], -sc[c]["coins"], -(a if a is not None else 0), -sc[c]["regions"], ps.index(c))

    order = sorted(ps, key=key)
    out = []
    for i in range(len(order)):
        c = order[i]
        if i and key(c)[:4] == key(order[i - 1])[:4]:
            rank = out[-1][1]
        else:
            rank = i + 1
        out.append([c, rank])
    return out, []


def evaluate(s):
    """The scoring of the current game and (full game) of all three so far:
    a dict with 'scores', 'ask' (what is missing), 'standings' and
    'winners' once complete."""
    sc = sheet_scores(s)
    ask = {}
    for what in ("regions", "goods", "tokens"):
        if what == "tokens" and "goods-tokens" not in s["variants"]:
            continue
        miss = [c for c in s["seating"] if c in sc and s["p"][c]["sheet"][what] is None]
        if miss:
            ask[what] = miss
    res = {"scores": sc, "ask": ask, "standings": None, "total_standings": None, "winners": []}
    if ask or len(sc) < len(s["seating"]):
        return res
    points = dict((c, sc[c]["points"]) for c in s["seating"])
    st, need = _rank(s, points, sc)
    totals = None
    tst = None
    if s["games"] > 1:
        totals = {}
        for c in s["seating"]:
            totals[c] = points[c]
            for g in s["past"]:
                totals[c] += g[c]
        if s["g"] == s["games"]:
            tst, need2 = _rank(s, totals, sc)
            for c in need2:
                if c not in need:
                    need.append(c)
    if need:
        res["ask"] = {"armies": [c for c in s["seating"] if c in need]}
        return res
    res["standings"] = st
    res["totals"] = totals
    res["total_standings"] = tst
    final = tst if tst is not None else st
    if s["g"] == s["games"]:
        res["winners"] = [c for c, r in final if r == 1]
    return res


def _sheet(s, c):
    sh = s["p"][c]["sheet"]
    if sh is None:
        _refuse("%s has no score sheet yet", c)
    return sh


def _kinds(s, words, what, wild_ok):
    out = {}
    wild = 0
    for w in words:
        if "=" not in w:
            _refuse("%s are given as KIND=N, e.g. crystal=2 (kinds: %s)", what, " ".join(s["kinds"]))
        k, v = w.split("=", 1)
        if k == "wild" and wild_ok:
            wild = _int(v, "wild cards", 0, 42)
            continue
        if k not in s["tables"]:
            _refuse("unknown kind of goods %r (kinds: %s%s)", k, " ".join(s["kinds"]),
                    " wild" if wild_ok else "")
        if k in out:
            _refuse("%s is given twice", k)
        out[k] = _int(v, k, 0, 42)
    return out, wild


def _scoring_entry(s, t, dry):
    verb = t[0]
    if len(t) < 2:
        _refuse("%s needs a player first", verb)
    c = _player(s, t[1])
    _phase(s, "scoring", verb)
    sh = _sheet(s, c)
    if verb == "regions":
        k = s["continents"]
        if len(t) != 2 + k:
            _refuse("regions needs the regions %s controls on each of the %d continents: regions %s%s",
                    c, k, c, " 0" * k)
        val = [_int(w, "regions on a continent", 0, 40) for w in t[2:]]
    elif verb == "goods":
        val = _kinds(s, t[2:], "goods", True)
    elif verb == "tokens":
        if "goods-tokens" not in s["variants"]:
            _refuse("goods tokens are a variant not chosen at setup")
        val = _kinds(s, t[2:], "goods tokens", False)[0]
        n = 0
        for k in s["kinds"]:
            n += val.get(k, 0)
        if n > s["setup"]["tokens"]:
            _refuse("there are %d goods tokens, not %d", s["setup"]["tokens"], n)
    else:
        if len(t) != 3:
            _refuse("armies needs a player and a number: armies %s 5", c)
        val = _int(t[2], "armies on the board", 0, s["setup"]["armies"])
    if dry:
        return
    if verb == "goods":
        sh["goods"] = val[0]
        sh["wild"] = val[1]
    else:
        sh[verb] = val
    s["ev"].append([verb, c])
    _settle(s)


def _settle(s):
    res = evaluate(s)
    s["result"] = None
    if res["standings"] is None:
        s["over"] = False
        s["winners"] = []
        return
    s["result"] = [list(x) for x in res["standings"]]
    s["ev"].append(["result", s["g"]] + [c for c, r in res["standings"] if r == 1])
    if s["g"] == s["games"]:
        s["over"] = True
        s["winners"] = list(res["winners"])
        s["ev"].append(["over"] + s["winners"])


def _next_game(s, t, dry):
    if len(t) != 1:
        _refuse("next-game takes no words")
    _phase(s, "scoring", "next-game")
    if s["g"] >= s["games"]:
        _refuse("this was the last game")
    if s["result"] is None:
        _refuse("finish this game's scoring first")
    if dry:
        return
    sc = sheet_scores(s)
    s["past"].append(dict((c, sc[c]["points"]) for c in s["seating"]))
    _start_game(s)


def _adjust(s, t, dry):
    if len(t) != 4 or t[2] != "coins":
        _refuse("adjust needs a player, coins, and +N or -N: adjust red coins +1")
    c = _player(s, t[1])
    if s["phase"] not in ("play", "scoring"):
        _refuse("coins are corrected once the first player has paid (while cards are taken, or at the scoring)")
    d = _signed(t[3], "the amount")
    p = s["p"][c]
    if p["coins"] + d < 0:
        _refuse("%s has %d coins; coins never go below zero", c, p["coins"])
    if dry:
        return
    p["coins"] += d
    s["ev"].append(["adjust", c, "coins", d])
    if s["phase"] == "scoring":
        _settle(s)


VERBS = {
    "bid": _bid, "youngest": _youngest, "take": _take,
    "regions": _scoring_entry, "goods": _scoring_entry, "tokens": _scoring_entry,
    "armies": _scoring_entry, "next-game": _next_game, "adjust": _adjust,
}
# After the end only the score sheet can still be corrected.
AFTER_END = ("regions", "goods", "tokens", "armies", "adjust")


def _parse(s, action):
    return rules.handler(VERBS, action, s["over"], AFTER_END)


# apply(state, action): in place, or IllegalAction with the state unchanged;
# refusal(state, action): that IllegalAction or None (for menus); check(): its text.
apply, refusal, check = rules.engine(_parse)
