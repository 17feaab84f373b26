# Eight-Minute Empire: new(setup, edition), apply(state, action), check(state, action), view(state).
from firmware.games.eightmin.engine import new, apply, check, refusal  # noqa: F401
from firmware.games.eightmin.view import view  # noqa: F401
EDITION = "eightmin/edition.json"  # the edition table, under assets/ (editable data)
