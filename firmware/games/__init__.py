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
# another game takes its place.  Adding a game: its folder, and a line here.
GAMES = (
    ("inca", "g.inca", "firmware.games.inca"),
    ("eightmin", "g.eightmin", "firmware.games.eightmin"),
    ("origin", "g.origin", "firmware.games.origin"),
    ("yu", "g.yu", "firmware.games.yu"),
)
NAMES = tuple(g[0] for g in GAMES)


def _entry(name):
    for g in GAMES:
        if g[0] == name:
            return g
    raise ValueError("unknown game %r" % name)


def module(name):
    """The rules engine of a game (new, apply, refusal, check, view)."""
    return __import__(_entry(name)[2], None, None, ("new",))


def ui(name):
    """The screens of a game (its package's ui module: home, menu, setup, ...)."""
    return __import__(_entry(name)[2] + ".ui", None, None, ("home",))


def edition(name):
    """Where the game's edition table lies, under the assets folder."""
    return getattr(module(name), "EDITION", name + "/edition.json")


def played(name):
    """The parts of the game's edition table its screens read while the game
    is played (its package's PLAYED; the rest is let go once it is set up)."""
    return getattr(module(name), "PLAYED", ())


def words(name, lang):
    """The path of the game's word table in a language, from the folder
    that holds firmware/ (the code's own folder on the board)."""
    return "%s/lang/%s.json" % (_entry(name)[2].replace(".", "/"), lang)


def forget(name):
    """Let every module of a game go (on a board: out of the heap)."""
    import sys
    pkg = _entry(name)[2]
    if pkg not in sys.modules:
        # none of its modules can be there without the package: walking the
        # import table (60 names) took 10 ms of a Pico's clock a game
        return
    from firmware.core.modules import forget as drop
    prefix = pkg + "."
    for m in [m for m in sys.modules if m == pkg or m.startswith(prefix)]:
        drop(m)
