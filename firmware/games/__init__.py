# The games the device serves: one line each, (name, title, package).
#   name     the first word of the game's setup line (and of its journal)
#   title    the key of its name on the screen (the word tables)
#   package  its folder, firmware/games/<name>/: the rules engine (the
#            package itself: new, apply, check, refusal, view; pure, it
#            imports only firmware/core), the screens (ui.py and what it
#            imports), the words (words.py, and lang/<language>.json), and
#            where its edition table lives (EDITION, under assets/) and
#            which parts of it the screens read during play (PLAYED)
# A game's package is imported only when that game is set up, resumed or
# played, and forgotten (its modules leave the heap on a board) when
# another game takes its place (firmware/games/registry.py: what the boot and
# New game ask of a game; imported then, and forgotten while one is played).
# Adding a game: its folder, and a line here.
GAMES = (
    ("inca", "g.inca", "firmware.games.inca"),
    ("eightmin", "g.eightmin", "firmware.games.eightmin"),
    ("origin", "g.origin", "firmware.games.origin"),
    ("yu", "g.yu", "firmware.games.yu"),
)
NAMES = tuple(g[0] for g in GAMES)
