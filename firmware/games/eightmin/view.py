# What screens and the JSON output see of an Eight-Minute Empire game.
# The bids stay hidden (only who has bid) until every bid is in.

from firmware.games.eightmin import engine


def _ask(s, ev):
    ph = s["phase"]
    if ph == "bid":
        return {"bid": [c for c in s["seating"] if s["p"][c]["bid"] is None]}
    if ph == "tie":
        return {"youngest": list(s["tie"])}
    if ph == "play":
        c = engine.current(s)
        coins = s["p"][c]["coins"]
        afford = [i + 1 for i in range(len(s["prices"])) if s["prices"][i] <= coins]
        return {"take": c, "afford": afford}
    if s["over"]:
        return {}
    if ev["standings"] is not None:
        return {"next-game": True}
    return dict((k, list(v)) for k, v in ev["ask"].items())


def view(s):
    revealed = s["phase"] != "bid"
    ev = engine.evaluate(s) if s["phase"] == "scoring" else None
    players = {}
    for c in s["seating"]:
        p = s["p"][c]
        d = {
            "coins": p["coins"],
            "cards": p["cards"],
            "cards_left": s["limit"] - p["cards"],
            "last_turn": s["phase"] == "play" and p["cards"] == s["limit"] - 1,
            "bid_in": p["bid"] is not None,
            "bid": p["bid"] if revealed else None,
        }
        if s["games"] > 1:
            d["past"] = [g[c] for g in s["past"]]
        players[c] = d
    v = {
        "game": engine.GAME,
        "game_no": s["g"],
        "games": s["games"],
        "phase": s["phase"],
        "players": players,
        "seating": list(s["seating"]),
        "order": list(s["order"]),
        "first": s["first"],
        "first_by": s["how"],
        "turn": engine.current(s),
        "row_prices": list(s["prices"]),
        "cards_to_end": s["limit"],
        "start_coins": s["coins0"],
        "last_round": engine.last_round(s),
        "variants": list(s["variants"]),
        "reminders": engine.reminders(s),
        "kinds": list(s["kinds"]),
        "continents": s["continents"],
        "tie": list(s["tie"]) if s["tie"] else None,
        "rolls": [[list(r) for r in x] for x in s["rolls"]],
        "ask": _ask(s, ev),
        "events": [list(e) for e in s["ev"]],
        "over": s["over"],
        "winners": list(s["winners"]),
        "winner": s["winners"][0] if len(s["winners"]) == 1 else None,
    }
    if ev is not None:
        sc = ev["scores"]
        ranks = {}
        if ev["standings"] is not None:
            for c, r in ev["standings"]:
                ranks[c] = r
        for c in s["seating"]:
            x = sc[c]
            x["rank"] = ranks.get(c)
            if ev.get("totals") is not None:
                x["total"] = ev["totals"][c]
            players[c]["score"] = x
        v["standings"] = [c for c, r in ev["standings"]] if ev["standings"] else None
        v["owners"] = engine.continents(s)
        if ev["total_standings"] is not None:
            v["total_standings"] = [c for c, r in ev["total_standings"]]
    return v
