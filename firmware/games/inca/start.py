# Inca Empire's set-up: the state of a new game from its setup line and the
# edition table.  Run once a game (and by a resume that replays from the
# setup line): the package's new() imports this module for the call and
# forgets it after, so that its code is not in a board's heap through the
# game.  Pure, like the engine.

from firmware.core import rng
from firmware.core import rules
from firmware.core.actions import as_tokens
from firmware.games.inca import cards
from firmware.games.inca.engine import COLOURS, MARKERS, VARIANTS, enter


PHASES = ("inca", "sun", "people", "sapa")


def _track(edition, early_fall):
    """The era track, built from the edition table: a list of columns
    (rounds), each [era, column number on the board, [phases top to
    bottom]]."""
    skip = ()
    if early_fall:
        skip = [tuple(x) for x in edition.get("early_fall_skip", ())]
    cols = []
    number = 0
    for era in edition["eras"]:
        k = 0
        for phases in era["columns"]:
            number += 1
            k += 1
            if (era["era"], k) in skip:
                continue
            for p in phases:
                if p not in PHASES:
                    raise ValueError("edition: unknown phase %r in era %d" % (p, era["era"]))
            cols.append([era["era"], number, list(phases)])
    if not cols:
        raise ValueError("edition: the era track is empty")
    return cols


def _era_labor(edition):
    return [e["labor"] for e in edition["eras"]]


def _options(t):
    if not t or t[0] != "inca":
        rules.refuse("a game starts with a setup line: inca players=blue,orange,green,brown")
    o = rules.options(t, {"players": None, "order": None, "seed": 1, "labor": None}, VARIANTS)
    if not o["players"]:
        rules.refuse("the setup line needs players=, e.g. players=blue,orange,green")
    ps = o["players"].split(",")
    for c in ps:
        if c not in COLOURS:
            rules.refuse("unknown colour %r (colours: %s)", c, " ".join(COLOURS))
    if len(set(ps)) != len(ps):
        rules.refuse("a colour is named twice in players=")
    if len(ps) < 3 or len(ps) > 4:
        rules.refuse("Inca Empire is for 3 or 4 players, not %d", len(ps))
    o["players"] = ps
    if o["order"] is not None:
        order = o["order"].split(",")
        if sorted(order) != sorted(ps):
            rules.refuse("order= must name each player once, by turn-order tile 1..%d", len(ps))
        o["order"] = order
    o["seed"] = rules.whole(o["seed"], "seed", 0, 0xFFFFFFFF)
    if o["labor"] is not None:
        ls = o["labor"].split(",")
        if len(ls) != 4:
            rules.refuse("labor= needs four numbers, one per era: labor=5,3,2,1")
        o["labor"] = [rules.whole(x, "era labor", 0, 20) for x in ls]
    if o.get("early-fall") and len(ps) != 4:
        rules.refuse("Early Fall is a variant for 4 players")
    return o


def _sectors(players):
    cyc = [c for c in COLOURS if c in players]
    return [cyc[i] + "-" + cyc[(i + 1) % len(cyc)] for i in range(len(cyc))]


def _copies(edition, n, early_fall):
    out = {}
    for name in cards.NAMES:
        k = edition["cards"].get(name, (0, 0))
        out[name] = k[0] if n == 4 else k[1]
    if early_fall:
        for name in edition.get("early_fall_remove", ()):
            out[name] = 0
    return out


def _commit(pos, salt):
    import hashlib
    import binascii
    data = ("pizarro %d %d" % (pos, salt)).encode()
    try:
        h = hashlib.sha256(data)
    except AttributeError:      # CircuitPython: hashlib.new only
        h = hashlib.new("sha256", data)  # pyright: ignore[reportAttributeAccessIssue]
    return binascii.hexlify(h.digest()).decode()


def new(setup, edition):
    o = _options(as_tokens(setup))
    ps = o["players"]
    n = len(ps)
    cols = _track(edition, o.get("early-fall"))
    labor = o["labor"] or _era_labor(edition)
    if len(labor) < 4:
        rules.refuse("the edition must give a labor number for each of the 4 eras")
    r = rng.seed_state(o["seed"])
    order = o["order"]
    if order is None:
        order = list(ps)
        r = rng.shuffle(r, order)
    piz = None
    if o.get("pizarro"):
        r, pos = rng.below(r, MARKERS)
        r = rng.step(r)
        salt = r
        piz = {"pos": pos + 1, "salt": salt, "commit": _commit(pos + 1, salt),
               "flipped": 0, "arrived": False}
    players = {}
    for i, c in enumerate(order):
        # At setup the figures stand on the start space with tile 1
        # outermost: while all are level the last in the standings holds
        # tile 1, so a Sun phase with everyone still level keeps the dealt
        # order.
        players[c] = {"labor": 0, "vp": 0, "at": n - i, "m": [], "ter": 0,
                      "built": {"city": 0, "temple": 0, "garrison": 0, "road": 0,
                                "conquer": 0, "pilgrimage": 0},
                      "con": None, "last": [0, 0, 0]}
    catch = {}
    for era in ("1", "2", "3", "4"):
        catch[era] = [list(x) for x in edition["catch_up"].get(era, ())]
    bld = {}
    for k in ("city", "temple", "garrison", "terrace", "road", "outpost", "zeal"):
        bld[k] = list(edition["buildings"][k])
    # The state's keys.  The game as set up: seating (the players, in
    # seating order), sectors (each "a-b" between two neighbours' colour
    # lines), track (the era track's columns [era, round, [phase, ...]]),
    # labor (each era's labor number), bld (each building's [labor, VP]),
    # sapa_pts (VP a connected terrace, garrison, city, temple scores),
    # catch (each era's catch-up table), free (free roads a turn), rx
    # (Rapid Expansion's labor), pilg (each pilgrimage's VP), copies (each
    # Sun Event card's copies in the deck), variants, seed.
    # Where the game stands: ci, pi (the era track's column and the phase
    # in it), turn (the index in order of the player whose turn it is in the
    # People phase, else None), order (the turn order, set each Sun phase),
    # act (this turn's actions taken: slot, the building action's kind;
    # ter2, gar2, conq2, the second terraces, garrisons and conquests the
    # cards allow; pilg, a pilgrimage made), board (each sector's Sun Event
    # cards since the last Sapa Inca), placed (the sectors with this Sun
    # phase's card), over, winner.
    # Each player, p[colour]: labor, vp, at (when they reached their space
    # on the score track: the tie order), m (the markers conquered, [resist,
    # labor, VP] each), ter (terraces), built (what was built, counted), con
    # (this Sapa Inca's connected counts, None until entered), last (the
    # last counts entered).  at (the score track's arrivals so far), rng
    # (the seeded generator's state), piz (Pizarro: pos, the hidden marker;
    # salt and commit, its sealed value; flipped, arrived), ev (the events
    # of the last action), entry (those of entering the current phase).
    s = {
        "game": "inca",
        "seating": list(ps),
        "order": order,
        "sectors": _sectors(ps),
        "track": cols,
        "labor": labor,
        "bld": bld,
        "sapa_pts": dict((k, edition["sapa"][k]) for k in ("terrace", "garrison", "city", "temple")),
        "catch": catch,
        "free": edition["free_roads"],
        "rx": edition["rapid_expansion_labor"],
        "pilg": dict(edition["pilgrimages"]),
        "copies": _copies(edition, n, o.get("early-fall")),
        "variants": [v for v in VARIANTS if o.get(v)],
        "ci": 0, "pi": 0,
        "p": players,
        "at": n,
        "rng": r,
        "seed": o["seed"],
        "board": dict((sec, []) for sec in _sectors(ps)),
        "placed": [],
        "turn": None,
        "act": None,
        "piz": piz,
        "over": False,
        "winner": None,
        "ev": [],
        "entry": [],
    }
    s["ev"].append(["order"] + order)
    if n == 3:
        s["ev"].append(["remind", "three-players"])
    if o.get("gods"):
        s["ev"].append(["remind", "gods"])
    if o.get("early-fall"):
        s["ev"].append(["remind", "early-fall"])
    enter(s)
    return s
