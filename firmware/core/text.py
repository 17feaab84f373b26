# Words on the screen come from one language table at a time
# (assets/lang/<code>.json), so only the active language is in RAM and a new
# language needs no new code.  A missing key shows the key itself.
import json

_table = {}


def load(path):
    global _table
    with open(path) as f:
        _table = json.load(f)


def add(path):
    """Merge a game's own words (assets/lang/GAME.LANG.json) over the table:
    only the game being played has its words in RAM.  A missing file adds
    nothing."""
    try:
        with open(path) as f:
            _table.update(json.load(f))
    except OSError:
        pass


def use(table):
    global _table
    _table = table


def t(key):
    return _table.get(key, key)


def f(key, *args):
    return _table.get(key, key) % args


def word(x):
    """A word of a refusal in the players' language: a colour, building,
    card or sector name, a list of them, or a number (unchanged)."""
    if not isinstance(x, str):
        return x
    if " " in x:
        return " ".join(word(p) for p in x.split(" "))
    v = _table.get("w." + x)
    if v is None:
        v = _table.get("card." + x)
    if v is None and "-" in x:
        a, b = x.split("-", 1)
        ia = _table.get("i." + a)
        ib = _table.get("i." + b)
        if ia is not None and ib is not None:
            v = ia + "-" + ib
    return x if v is None else v


def reason(e):
    """Why an action was refused (an IllegalAction), in the players' language."""
    fmt = getattr(e, "fmt", None)
    if fmt is None:
        return str(e)
    return _table.get("r:" + fmt, fmt) % tuple(word(x) for x in e.words)
