# Inca Empire's play for BG Stats (firmware/screenkit/bgstats.py): loaded only when a
# game has ended and its code is made, and let go of with it.
from firmware.games.inca import words

# The game as BoardGameGeek lists it, and its id
# there (0: no public source gives one; docs/bgstats.md)
BGG = ("Inca Empire", 0)


def play(app, v):
    """[(name, VP, rank, winner, started, role)] of the finished game, in
    the standings' order (ties by the score track); None before the end."""
    if not v["over"]:
        return None
    from firmware.screenkit.bgstats import given
    first = _first(app.play.session.setup)
    return [(given(app, c) or words.name(c), v["players"][c]["vp"], v["players"][c]["rank"],
             c == v["winner"], c == first, None) for c in v["standings"]]


def _first(setup):
    """Who held turn-order tile 1 in the first round: named by the setup
    line's order=, else dealt from its seed as the game dealt it
    (firmware/games/inca/start.py)."""
    from firmware.core import rng
    from firmware.core.actions import as_tokens
    ps = None
    seed = 1
    for w in as_tokens(setup)[1:]:
        if w.startswith("order="):
            return w[6:].split(",")[0]
        if w.startswith("players="):
            ps = w[8:].split(",")
        elif w.startswith("seed="):
            seed = int(w[5:])
    if not ps:
        return None
    rng.shuffle(rng.seed_state(seed), ps)
    return ps[0]
