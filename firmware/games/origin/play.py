# Origin's play for BG Stats (firmware/screenkit/bgstats.py): loaded only when a
# game has ended and its code is made, and let go of with it.
from firmware.games.origin import words

# The game as BoardGameGeek lists it, and its id
# there (0: no public source gives one; docs/bgstats.md)
BGG = ("Origin", 0)


def play(app, v):
    """[(name, points, rank, winner, started, role)] of the finished game,
    in the standings' order (ties by the cards in hand); the youngest, seat
    1, starts.  None before the end."""
    if not v["over"]:
        return None
    from firmware.screenkit.bgstats import given
    return [(given(app, c) or words.name(c), v["players"][c]["total"], v["players"][c]["rank"],
             c in v["winners"], c == v["seating"][0], None) for c in v["standings"]]
