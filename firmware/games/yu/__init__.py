# Legacy of Yu (a solo campaign): new(setup, edition), apply(state, action), check(state, action), view(state).
from firmware.games.yu.engine import new, apply, check, refusal  # noqa: F401
from firmware.games.yu.view import view  # noqa: F401
SEEDED = False  # no randomness: the setup line takes no seed=
EDITION = "yu/edition.json"  # the edition table, under assets/ (editable data)
