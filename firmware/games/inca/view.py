# What screens and the JSON output see of a game.  The Pizarro marker's
# place stays out of the view until it has been revealed or the game is over.

from firmware.games.inca import engine, cards


def _effects(fx):
    out = []
    for name in cards.NAMES:
        out.extend([name] * fx.get(name, 0))
    return out


def costs(s, c):
    """[labor, VP] of each building action for player c under their cards."""
    fx = engine.effects(s, c)
    out = {}
    for k in ("city", "temple", "garrison", "terrace", "road"):
        out[k] = cards.building(s["bld"], k, fx)
    for k in ("outpost", "zeal"):
        if fx.get(cards.NEEDS[k]):
            out[k] = cards.building(s["bld"], k, fx)
    return out


def view(s):
    rank = engine.ranking(s)
    free = s["free"]
    players = {}
    for c in s["seating"]:
        p = s["p"][c]
        fx = engine.effects(s, c)
        players[c] = {
            "vp": p["vp"],
            "labor": p["labor"],
            "terraces": p["ter"],
            "markers": len(p["m"]),
            "culture": [list(m) for m in p["m"]],
            "rank": rank.index(c) + 1,
            "effects": _effects(fx),
            "free_roads": cards.free_roads(free, fx),
            "built": dict(p["built"]),
            "connected": p["con"] if p["con"] is not None else None,
            "last_connected": list(p["last"]),
        }
    col = s["track"][s["ci"]]
    v = {
        "game": "inca",
        "era": col[0],
        "round": col[1],
        "phase": engine.phase(s),
        "step": s["pi"] + 1,
        "steps": len(col[2]),
        "turn": engine.current(s),
        "order": list(s["order"]),
        "standings": rank,
        "players": players,
        "sun": dict((sec, list(s["board"][sec])) for sec in s["sectors"]),
        "placed": list(s["placed"]),
        "keep": s["labor"][col[0] - 1],
        "variants": list(s["variants"]),
        "events": [list(e) for e in s["ev"]],
        "entry": [list(e) for e in s["entry"]],
        "over": s["over"],
        "winner": s["winner"],
    }
    cur = engine.current(s)
    if cur is not None:
        a = s["act"]
        v["action"] = {"taken": a["slot"], "pilgrimage": a["pilg"], "costs": costs(s, cur)}
    piz = s["piz"]
    if piz is not None:
        pv = {"flipped": piz["flipped"], "arrived": piz["arrived"], "commit": piz["commit"]}
        if piz["arrived"] or s["over"]:
            pv["at"] = piz["pos"]
            pv["salt"] = piz["salt"]
        v["pizarro"] = pv
    return v
