# What screens and the JSON output see of a game of Origin.

from firmware.games.origin import engine


def _ask(s):
    if s["phase"] == "play":
        return {"turn": engine.current(s), "trigger": list(s["supplies"])}
    if s["phase"] == "last":
        return {"last_turn": engine.current(s), "left": len(s["last"])}
    return {"score": [c for c in s["seating"] if s["p"][c]["sheet"] is None]}


def view(s):
    st = engine.standings(s) if s["phase"] == "scoring" else None
    ranks = {}
    if st:
        for c, r in st:
            ranks[c] = r
    players = {}
    for c in s["seating"]:
        sh = s["p"][c]["sheet"]
        d = {"sheet": None, "points": None, "total": None, "rank": ranks.get(c),
             "last_turn_done": s["trigger"] is not None and s["phase"] != "play"
             and c not in s["last"]}
        if sh is not None:
            b = engine.points(s, sh)
            d["sheet"] = {"goals": list(sh["goals"]), "hand": sh["hand"], "hunt": list(sh["hunt"]),
                          "straits": list(sh["straits"]), "tiles": list(sh["tiles"]),
                          "trophies": sh["trophies"], "treasure": sh["treasure"]}
            d["points"] = b
            d["total"] = b["total"]
        players[c] = d
    tr = s["trigger"]
    return {
        "game": engine.GAME,
        "phase": s["phase"],
        "round": s["round"],
        "turn": engine.current(s),
        "seating": list(s["seating"]),
        "players": players,
        "trigger": None if tr is None else {"by": tr["by"], "supplies": list(tr["supplies"]),
                                            "round": tr["round"]},
        "last_turns": list(s["last"]),
        "last_round": tr is not None,
        "supplies": list(s["supplies"]),
        "reminders": engine.reminders(s),
        "ask": _ask(s),
        "standings": [c for c, r in st] if st else None,
        "events": [list(e) for e in s["ev"]],
        "over": s["over"],
        "winners": list(s["winners"]),
        "winner": s["winners"][0] if len(s["winners"]) == 1 else None,
    }
