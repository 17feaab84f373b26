# Eight-Minute Empire's play for BG Stats (firmware/screenkit/bgstats.py): loaded only when a
# game has ended and its code is made, and let go of with it.
from firmware.games.eightmin import words as w

# The game as BoardGameGeek lists it, and its id
# there (docs/bgstats.md)
BGG = ("Eight-Minute Empire", 131366)


def play(app, v):
    """[(name, VP, rank, winner, started, role)] of the finished game (a
    full game: its three games summed), in the standings' order (ties by
    coins, armies, regions); the start player is the one the bids made
    first.  None before the end."""
    if not v["over"]:
        return None
    from firmware.screenkit.bgstats import given
    if v.get("total_standings"):
        from firmware.games.eightmin import engine
        ev = engine.evaluate(app.play.session.state)
        st = ev["total_standings"]
        score = ev["totals"]
    else:
        st = [(c, v["players"][c]["score"]["rank"]) for c in v["standings"]]
        score = dict((c, v["players"][c]["score"]["points"]) for c in v["standings"])
    return [(given(app, c) or w.name(c), score[c], r, c in v["winners"], c == v.get("first"), None) for c, r in st]
