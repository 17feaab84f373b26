# On a board the bytecode of every imported module lives in the heap.  A
# module that is done with (the resume code once the game is resumed, a
# game's setup wizard once the game has started) can be forgotten: its code
# is collected once nothing refers to it, and imported again if it is ever
# needed again.
import sys


def forget(name):
    """Drop the module `name` (dotted) from the import table and from its
    package.  Only under MicroPython and CircuitPython: on CPython (the
    simulator and its tests) a module imported again is a second copy with
    classes of its own, which `except` and isinstance would not recognise."""
    if sys.implementation.name == "cpython":
        return
    if sys.modules.pop(name, None) is None:
        return
    i = name.rfind(".")
    if i > 0:
        pkg = sys.modules.get(name[:i])
        if pkg is not None and hasattr(pkg, name[i + 1:]):
            delattr(pkg, name[i + 1:])


# use and use_once give the function (or class) and the caller calls it
# with its own arguments, not through them: a call with *args puts its
# arguments in a block of the heap that is freed when it returns, a hole
# among what the call made.

def use(name, fn):
    """The function `fn` of the module `name` (dotted), imported if it is
    not yet; the module stays until forget(name)."""
    return getattr(__import__(name, None, None, (fn,)), fn)


def use_once(name, fn):
    """The function `fn` of the module `name`, imported for this use and
    forgotten: its code leaves the heap once nothing refers to the function
    (or to what the call made with it)."""
    m = __import__(name, None, None, (fn,))
    forget(name)
    return getattr(m, fn)


# While a game is chosen and set up (the boot, New game), the heap is
# collected every LOADING_GC bytes allocated (gc.threshold), not only when
# it runs out: a module loaded from littlefs leaves garbage (the file's
# cache, the loader's buffers) among what it keeps, and collected only when
# the heap ran out it left holes all over the heap, in which what came after
# found no block (on the virtual Pico the game picker needed a much bigger
# heap without them: BENCHMARKS.md).  They cost the boot a little time.
# While a game is played they are off: a collection with a long game in the
# heap is long, and a press would wait for it (the app collects once a frame
# is shown instead: App.run).
LOADING_GC = 65536


def collect():
    """Collect the heap now, under MicroPython and CircuitPython, so that
    what is loaded next goes where garbage was.  On CPython nothing: its
    objects go with their last reference, and a full collection of a large
    process (the simulator's tests) would cost more than the code it serves."""
    if sys.implementation.name != "cpython":
        import gc
        gc.collect()


def loading(on):
    """Collect every LOADING_GC bytes allocated (on), or only when the
    heap runs out (off)."""
    import gc
    try:
        gc.threshold(LOADING_GC if on else -1)
    except AttributeError:  # CPython
        pass
