# Inca Empire: new(setup, edition), apply(state, action), view(state).
from firmware.games.inca.engine import new, apply  # noqa: F401
from firmware.games.inca.view import view  # noqa: F401
from firmware.games.inca.engine import check, refusal  # noqa: F401,E402
EDITION = "inca/edition.json"  # the edition table, under assets/ (editable data)
# what the screens read of it while a game is played (the conquest and temple pickers)
PLAYED = ("marker_kinds", "temple_sites")
