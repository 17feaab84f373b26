# What screens and the JSON output see of a Legacy of Yu campaign.

from firmware.games.yu import engine

VERBS = {
    "harvest": ["active", "draw", "next"],
    "actions": ["canal", "attack", "destroy", "take", "flood", "barbarians", "next"],
    "barbarians": ["destroy", "barbarians", "next"],
    "refresh": ["barbarians", "next"],
}


def _phases(g):
    out = []
    for i in range(len(engine.PHASES)):
        name = engine.PHASES[i]
        if i < g["phase"]:
            st = "done"
            if name == "barge" and g["barge_step"] in ("skipped", "none-left"):
                st = "skipped"
        elif i == g["phase"]:
            st = "now"
        else:
            st = "todo"
        out.append([name, st])
    return out


def _warnings(s, g, f):
    cfg = s["cfg"]
    out = []
    if g["pending"] is not None:
        out.append(["reshuffle", g["pending"]["need"]])
    elif f["empty"]:
        # The next card drawn or destroyed reshuffles the inactive settlers
        # and moves the flood marker.
        out.append(["deck-empty", f["next_loses"]])
    elif f["rounds_left"] is not None and f["rounds_left"] <= 1:
        out.append(["flood", f["rounds_left"], f["next_loses"]])
    if g["barbarians"] == cfg["lose_at"] - 1:
        out.append(["barbarians", g["barbarians"], cfg["lose_at"]])
    if g["canals"] >= cfg["canals"]:
        # in the refresh phase only the count of barbarians is left to enter
        out.append(["refresh-count" if engine.PHASES[g["phase"]] == "refresh" else "finish-round"])
    return out


def view(s):
    cfg = s["cfg"]
    g = s["g"]
    wins, losses = s["wins"], s["losses"]
    v = {
        "game": engine.GAME,
        "campaign": {"wins": wins, "losses": losses, "wins_to_end": s["goal"][0],
                     "losses_to_end": s["goal"][1],
                     "victory_cards_left": s["goal"][0] - wins,
                     "defeat_cards_left": s["goal"][1] - losses,
                     "carried": list(s["carried"]), "games": wins + losses,
                     "over": s["over"], "final": s["final"]},
        "history": [dict(h) for h in s["history"]],
        "last_result": dict(s["history"][-1]) if s["history"] else None,
        "in_game": g is not None,
        "events": [list(e) for e in s["ev"]],
        "over": s["over"],
    }
    if g is None:
        v["ask"] = {} if s["over"] else {"verbs": ["game-start"]}
        return v
    f = engine.flood_forecast(s)
    v.update({
        "game_no": g["n"],
        "round": g["round"],
        "phase": engine.PHASES[g["phase"]],
        "phases": _phases(g),
        "canals": g["canals"],
        "canals_to_win": cfg["canals"],
        "barge": g["barge"],
        "barbarians": g["barbarians"],
        "barbarians_lose_at": cfg["lose_at"],
        "settlers": {"active": g["active"], "draw": g["draw"]},
        "flood": f,
        "pending": None if g["pending"] is None else dict(g["pending"]),
        "warnings": _warnings(s, g, f),
    })
    if g["pending"] is not None:
        v["ask"] = {"reshuffle": g["pending"]["need"], "verbs": ["reshuffle", "loss"]}
    else:
        v["ask"] = {"verbs": VERBS[v["phase"]] + ["loss"]}
    return v
