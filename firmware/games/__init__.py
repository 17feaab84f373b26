# The games the device serves, by the first word of their setup line.  A
# game is imported only when it is played.
GAMES = ("inca", "eightmin", "origin", "yu")


def module(name):
    """The rules engine of a game (new, apply, refusal, check, view)."""
    if name not in GAMES:
        raise ValueError("unknown game %r" % name)
    return __import__("firmware.games." + name, None, None, ("new",))


def ui(name):
    """The screens of a game (firmware/ui/<name>_ui.py)."""
    if name not in GAMES:
        raise ValueError("unknown game %r" % name)
    return __import__("firmware.ui." + name + "_ui", None, None, ("home",))
