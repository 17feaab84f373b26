# On a board the bytecode of every imported module lives in the heap.  A
# module that is done with (the resume code once the game is resumed, a
# game's setup wizard once the game has started) can be forgotten: its code
# is collected once nothing refers to it, and imported again if it is ever
# needed again.
import sys


def forget(name):
    """Drop the module `name` (dotted) from the import table and from its
    package.  Only under MicroPython: on CPython (the simulator and its
    tests) a module imported again is a second copy with classes of its
    own, which `except` and isinstance would not recognise."""
    if sys.implementation.name != "micropython":
        return
    if sys.modules.pop(name, None) is None:
        return
    i = name.rfind(".")
    if i > 0:
        pkg = sys.modules.get(name[:i])
        if pkg is not None and hasattr(pkg, name[i + 1:]):
            delattr(pkg, name[i + 1:])
