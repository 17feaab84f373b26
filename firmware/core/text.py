# Words on the screen come from one language table at a time
# (assets/lang/<code>.json), so only the active language is in RAM and a new
# language needs no new code.  A missing key shows the key itself.
import json

_table = {}


def load(path):
    global _table
    with open(path) as f:
        _table = json.load(f)


def use(table):
    global _table
    _table = table


def t(key):
    return _table.get(key, key)


def f(key, *args):
    return _table.get(key, key) % args
