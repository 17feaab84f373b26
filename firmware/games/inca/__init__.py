# Inca Empire: new(setup, edition), apply(state, action), view(state).
from firmware.games.inca.engine import apply, check, refusal  # noqa: F401
from firmware.games.inca.view import view  # noqa: F401
EDITION = "inca/edition.json"  # the edition table, under assets/ (editable data)
# what the screens read of it while a game is played (the conquest and temple pickers)
PLAYED = ("marker_kinds", "temple_sites")
# the keys of a state that never change once the game is set up (what start.py
# copies from the edition and the setup line): the session keeps them once,
# not in each kept copy of the state (firmware/core/session.py)
FIXED = ("game", "seating", "sectors", "track", "labor", "bld", "sapa_pts", "catch", "free", "rx", "pilg",
         "copies", "variants", "seed")


def new(setup, edition):
    """The state of a new game (start.py).  Its code (with the era track's
    builder) is needed once a game: it leaves the heap after the call."""
    from firmware.core.modules import done_with, use
    try:
        return use("firmware.games.inca.start", "new")(setup, edition)
    finally:
        done_with("firmware.games.inca.start")
