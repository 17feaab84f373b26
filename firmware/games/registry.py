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


def forget(name):
    """Let every module of a game go (on a board: out of the heap)."""
    import sys
    pkg = _entry(name)[2]
    if pkg not in sys.modules:
        # none of its modules can be there without the package: walking the
        # import table took a Pico's clock a game for nothing (BENCHMARKS.md,
        # *Measured apart*)
        return
    from firmware.core.modules import forget as drop
    prefix = pkg + "."
    for m in [m for m in sys.modules if m == pkg or m.startswith(prefix)]:
        drop(m)
