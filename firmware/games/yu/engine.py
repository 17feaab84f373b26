# Legacy of Yu campaign bookkeeping: state = new(setup, edition); apply(state, action).
# Pure Python for CPython and MicroPython: no I/O, no clock, no hardware.
#
# One state (and so one journal) holds a whole campaign: the `yu` setup line
# starts it, `game-start` begins each game, and a game ends in a win (six
# canal sections built and the round finished) or a loss (flood, barbarians,
# damage).  The campaign ends when a win or a loss turns up the gold card of
# its deck (the 7th of either).
#
# Inside a game the device walks the five round phases, counts the canal
# sections, the barbarian cards on display and the active settler deck, and
# moves the flood marker when that deck runs out.  Players report what
# happened on the table; the device never sees the cards.
#
# Every handler checks everything first and only then changes the state, so
# a refused action leaves the state exactly as it was.

from firmware.core import rules
from firmware.core.actions import as_tokens

GAME = "yu"
PHASES = ("harvest", "actions", "barge", "barbarians", "refresh")
CAUSES = ("flood", "barbarians", "damage")
MAX_CARDS = 30  # settler cards in the box


def _refuse(msg, *args):
    rules.refuse(msg, *args)


def _int(word, what, lo=0, hi=rules.MAX_NUMBER):
    return rules.whole(word, what, lo, hi)


# ---------------------------------------------------------------- setup

def new(setup, edition):
    t = as_tokens(setup)
    if not t or t[0] != GAME:
        _refuse("a campaign starts with a setup line: yu [wins=N] [losses=N]")
    goal_w = edition["campaign"]["wins"]
    goal_l = edition["campaign"]["losses"]
    o = {"wins": "0", "losses": "0"}
    for w in t[1:]:
        if "=" not in w:
            _refuse("unknown setup word %r", w)
        k, v = w.split("=", 1)
        if k not in o:
            _refuse("unknown setup option %r (options: wins= losses=)", k)
        o[k] = v
    # A campaign already under way on paper can be carried over.
    wins = _int(o["wins"], "wins so far", 0, goal_w - 1)
    losses = _int(o["losses"], "losses so far", 0, goal_l - 1)
    st = edition["settlers"]
    s = {
        "game": GAME,
        "goal": [goal_w, goal_l],
        "wins": wins,
        "losses": losses,
        "carried": [wins, losses],
        "cfg": {"canals": edition["canals"], "river": edition["river"]["spaces"],
                "flood_start": edition["river"]["flood_start"],
                "lose_at": edition["barbarians"]["lose_at"],
                "barbarians": edition["barbarians"]["start"],
                "active": st["active_start"], "draw": st["harvest_draw"]},
        "history": [],
        "g": None,
        "over": False,
        "final": None,
        "ev": [["campaign", wins, losses]],
    }
    return s


# ---------------------------------------------------------------- helpers

def phase(s):
    g = s["g"]
    return None if g is None else PHASES[g["phase"]]


def _game(s, verb):
    if s["over"]:
        _refuse("the campaign is over")
    if s["g"] is None:
        _refuse("%s needs a game in progress: start one with game-start", verb)
    return s["g"]


def _free(s, verb):
    """A game in progress that is not waiting for a reshuffle."""
    g = _game(s, verb)
    if g["pending"] is not None:
        _refuse("the active settler deck ran out (%d more card%s needed): "
                "first count the inactive settlers and enter reshuffle N",
                g["pending"]["need"], "" if g["pending"]["need"] == 1 else "s")
    return g


def _in_phase(s, g, names, verb):
    if PHASES[g["phase"]] not in names:
        _refuse("%s belongs to the %s phase; this is the %s phase",
                verb, " or ".join(names), PHASES[g["phase"]])


def _count(t, verb, hi=MAX_CARDS):
    if len(t) > 2:
        _refuse("%s takes at most one number", verb)
    if len(t) == 1:
        return 1
    return _int(t[1], "how many", 1, hi)


def flood_forecast(s):
    """When the harvest next runs the active settler deck out, and whether
    the flood marker's step would then lose the game."""
    g = s["g"]
    if g is None:
        return None
    cfg = s["cfg"]
    out = {"at": g["flood"], "spaces": cfg["river"],
           "safe_steps": max(0, min(g["canals"], cfg["river"]) - g["flood"]),
           "next_loses": g["flood"] + 1 > g["canals"],
           "round": None, "rounds_left": None, "empty": g["active"] == 0}
    if g["draw"] > 0:
        base = g["round"] if g["phase"] == 0 else g["round"] + 1
        r = base + g["active"] // g["draw"]
        out["round"] = r
        out["rounds_left"] = r - g["round"]
    return out


# ---------------------------------------------------------------- games

def _game_start(s, t, dry):
    if len(t) != 1:
        _refuse("game-start takes no words")
    if s["over"]:
        _refuse("the campaign is over: set up a new one")
    if s["g"] is not None:
        _refuse("game %d is still in progress: finish it (a win or a loss) first", s["g"]["n"])
    if dry:
        return
    cfg = s["cfg"]
    n = s["wins"] + s["losses"] + 1
    s["g"] = {"n": n, "round": 1, "phase": 0, "canals": 0, "barge": "ready",
              "barge_step": None, "barbarians": cfg["barbarians"], "active": cfg["active"],
              "draw": cfg["draw"], "flood": cfg["flood_start"], "pending": None}
    s["ev"].append(["game", n])
    s["ev"].append(["round", 1])
    s["ev"].append(["phase", "harvest"])


def _end(s, result, cause):
    g = s["g"]
    if result == "win":
        s["wins"] += 1
        card = s["wins"]
        gold = card >= s["goal"][0]
        story = "victory"
    else:
        s["losses"] += 1
        card = s["losses"]
        gold = card >= s["goal"][1]
        # A defeat card names two stories: the upper one for a flood, the
        # lower one for barbarians or damage.
        story = "upper" if cause == "flood" else "lower"
    rec = {"game": g["n"], "result": result, "cause": cause, "round": g["round"],
           "phase": PHASES[g["phase"]], "canals": g["canals"], "barbarians": g["barbarians"],
           "flood": g["flood"], "card": card, "gold": gold, "story": story}
    s["history"].append(rec)
    s["g"] = None
    s["ev"].append([result, cause, card, gold, story])
    if gold:
        s["over"] = True
        s["final"] = result
        s["ev"].append(["campaign-over", result, s["wins"], s["losses"]])


def _flood(s):
    """The flood marker moves one space right; onto a canal card not yet
    built, or off the river, the game is lost."""
    g = s["g"]
    g["flood"] += 1
    s["ev"].append(["flood", g["flood"]])
    if g["flood"] > s["cfg"]["river"] or g["flood"] > g["canals"]:
        _end(s, "loss", "flood")
        return True
    return False


def _draw(s, n, why):
    """n cards leave the active settler deck (drawn or destroyed)."""
    g = s["g"]
    s["ev"].append([why, n])
    if g["active"] >= n:
        g["active"] -= n
        if g["active"] == 0:
            s["ev"].append(["deck-empty"])
        return
    need = n - g["active"]
    g["active"] = 0
    g["pending"] = {"need": need, "why": why}
    s["ev"].append(["ran-out", need])


def _next(s, t, dry):
    if len(t) != 1:
        _refuse("next takes no words")
    g = _free(s, "next")
    if dry:
        return
    ph = PHASES[g["phase"]]
    s["ev"].append(["done", ph])
    if ph == "harvest":
        g["phase"] = 1
        s["ev"].append(["phase", "actions"])
        _draw(s, g["draw"], "harvest")
    elif ph == "actions":
        if g["barge"] == "used":
            g["barge"] = "ready"
            if g["canals"] < s["cfg"]["canals"]:
                g["barge_step"] = "returned"
            else:
                g["barge_step"] = "none-left"
        else:
            g["barge_step"] = "skipped"
        s["ev"].append(["barge", g["barge_step"]])
        g["phase"] = 3
        s["ev"].append(["phase", "barbarians"])
    elif ph == "barbarians":
        g["phase"] = 4
        s["ev"].append(["phase", "refresh"])
    else:
        if g["canals"] >= s["cfg"]["canals"]:
            _end(s, "win", None)
            return
        g["round"] += 1
        g["phase"] = 0
        g["barge_step"] = None
        s["ev"].append(["round", g["round"]])
        s["ev"].append(["phase", "harvest"])
        f = flood_forecast(s)
        if f["rounds_left"] is not None and f["rounds_left"] <= 1:
            s["ev"].append(["flood-warning", f["rounds_left"], f["next_loses"]])


def _round(s, t, dry):
    # Finish the round: the remaining phases one after another, stopping
    # early if the settler deck runs out or the game ends.
    if len(t) != 1:
        _refuse("round takes no words")
    g = _free(s, "round")
    last = g["canals"] >= s["cfg"]["canals"]
    if last and PHASES[g["phase"]] == "refresh":
        _refuse("the round that completes the canal ends with the refresh: enter the barbarians "
                "on display after it, then next")
    if dry:
        return
    n = g["round"]
    while s["g"] is g and g["round"] == n and g["pending"] is None:
        if last and PHASES[g["phase"]] == "refresh":
            # The round that completes the canal is won only if fewer than 7
            # barbarian cards lie above the board after the refresh, which
            # only the player can count: the round stops here.
            s["ev"].append(["remind", "refresh-count"])
            return
        _next(s, ["next"], False)


def _canal(s, t, dry):
    if len(t) > 2 or (len(t) == 2 and t[1] != "+1"):
        _refuse("canal builds the next canal section: canal (or canal +1)")
    g = _free(s, "canal")
    _in_phase(s, g, ("actions",), "building a canal section")
    total = s["cfg"]["canals"]
    if g["canals"] >= total:
        _refuse("all %d canal sections are built", total)
    if g["barge"] != "ready":
        _refuse("a canal section was already built this round (the barge is off the river)")
    if dry:
        return
    g["canals"] += 1
    g["barge"] = "used"
    s["ev"].append(["canal", g["canals"]])
    if g["canals"] == total:
        s["ev"].append(["remind", "finish-round"])


def _attack(s, t, dry):
    if len(t) != 1:
        _refuse("attack takes no words")
    g = _free(s, "attack")
    _in_phase(s, g, ("actions",), "attacking a barbarian")
    if g["barbarians"] == 0:
        _refuse("no barbarian card is on display")
    if dry:
        return
    g["barbarians"] -= 1
    s["ev"].append(["attack", g["barbarians"]])


def _barbarians(s, t, dry):
    if len(t) != 2:
        _refuse("barbarians needs the number on display, or +N / -N: barbarians 3")
    g = _free(s, "barbarians")
    w = t[1]
    lim = s["cfg"]["lose_at"]
    if w and w[0] in "+-":
        d = _int(w[1:], "how many", 1, lim)
        n = g["barbarians"] + (d if w[0] == "+" else -d)
        if n < 0:
            _refuse("only %d barbarian cards are on display", g["barbarians"])
        if n > lim:
            _refuse("at most %d barbarian cards lie above the board", lim)
    else:
        n = _int(w, "barbarian cards on display", 0, lim)
    if dry:
        return
    g["barbarians"] = n
    s["ev"].append(["barbarians", n])
    if n >= lim:
        _end(s, "loss", "barbarians")


def _active(s, t, dry):
    if len(t) != 2:
        _refuse("active needs the number of cards in the active settler deck: active 6")
    g = _free(s, "active")
    n = _int(t[1], "active settlers", 0, MAX_CARDS)
    if dry:
        return
    g["active"] = n
    s["ev"].append(["active", n])


def _draw_count(s, t, dry):
    if len(t) != 2:
        _refuse("draw needs how many settler cards the harvest draws: draw 5")
    g = _free(s, "draw")
    n = _int(t[1], "settler cards drawn at the harvest", 0, MAX_CARDS)
    if dry:
        return
    g["draw"] = n
    s["ev"].append(["draw", n])


def _lose_cards(s, t, dry):
    verb = t[0]
    n = _count(t, verb)
    _free(s, verb)
    if dry:
        return
    _draw(s, n, verb)


def _reshuffle(s, t, dry):
    if len(t) != 2:
        _refuse("reshuffle needs the number of cards on the inactive settler space: reshuffle 7")
    g = _game(s, "reshuffle")
    if g["pending"] is None:
        _refuse("the active settler deck has not run out: to correct its size enter active N")
    n = _int(t[1], "inactive settlers", 0, MAX_CARDS)
    if dry:
        return
    need = g["pending"]["need"]
    g["pending"] = None
    s["ev"].append(["reshuffle", n])
    if n == 0:
        # Nothing on the inactive space either: the card cannot be taken.
        _end(s, "loss", "damage")
        return
    if _flood(s):
        return
    if n < need:
        # The new deck runs out too, and the inactive space is empty now.
        g["active"] = 0
        _end(s, "loss", "damage")
        return
    g["active"] = n - need
    if g["active"] == 0:
        s["ev"].append(["deck-empty"])


def _flood_step(s, t, dry):
    if len(t) > 2 or (len(t) == 2 and t[1] != "+1"):
        _refuse("flood moves the flood marker one space: flood (or flood +1)")
    _free(s, "flood")
    if dry:
        return
    _flood(s)


def _loss(s, t, dry):
    if len(t) != 2 or t[1] not in CAUSES:
        _refuse("loss needs its cause: loss %s", "|".join(CAUSES))
    _game(s, "loss")
    if dry:
        return
    _end(s, "loss", t[1])


VERBS = {
    "game-start": _game_start, "next": _next, "round": _round, "canal": _canal, "attack": _attack,
    "barbarians": _barbarians, "active": _active, "draw": _draw_count,
    "destroy": _lose_cards, "take": _lose_cards, "reshuffle": _reshuffle,
    "flood": _flood_step, "loss": _loss,
}


def _parse(s, action):
    return rules.handler(VERBS, action)


# apply(state, action): in place, or IllegalAction with the state unchanged;
# refusal(state, action): that IllegalAction or None (for menus); check(): its text.
apply, refusal, check = rules.engine(_parse)
