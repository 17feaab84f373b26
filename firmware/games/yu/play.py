# Legacy of Yu's play for BG Stats (firmware/screenkit/bgstats.py): loaded only when a
# game has ended and its code is made, and let go of with it.

# The game as BoardGameGeek lists it, and its id
# there (docs/bgstats.md)
BGG = ("Legacy of Yu", 354934)


def play(app, v):
    """[(name, score, rank, winner, started, role)] of the campaign's last
    game, once it is over (between games): a solo play, won or lost, with
    no score; its role is its place in the campaign (Game 5).  None
    while a game is played, or before the first."""
    from firmware.core.text import f, t
    rec = v.get("last_result")
    if v.get("in_game") or rec is None:
        return None
    from firmware.screenkit.bgstats import given
    return [(given(app, "") or t("y.me"), None, None, rec["result"] == "win", None, f("y.c.game", rec["game"]))]
