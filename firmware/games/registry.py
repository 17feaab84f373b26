# What the boot and New game ask of a game in the registry (GAMES, in
# firmware/games/__init__.py): its rules engine, its screens, its edition
# table and words, and letting its modules go.  Imported when needed and
# forgotten while a game is played (its code would stay in the heap).
from firmware.games import GAMES


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


def done_with(name):
    """Done with a game (it has ended): every module of it goes (on a
    board: out of the heap)."""
    from firmware.core.modules import done_with_package
    done_with_package(_entry(name)[2])
