# On a board the bytecode of every imported module lives in the heap.  A
# module that is done with (the resume code once the game is resumed, a
# game's setup wizard once the game has started) can be forgotten: its code
# is collected once nothing refers to it, and imported again if it is ever
# needed again.  How that is done (the import table, the package's
# attribute, the collector) is this module's alone: a call site says what
# it loads and how long it needs it (use, use_once, done_with,
# done_with_package).
import sys


def done_with(name):
    """The code of the module `name` (dotted) is not needed until it is
    imported again (a stage of the boot over, a write made): it leaves the
    import table and its package, and the heap once nothing refers to it.
    Said once the module's work is done, after the call that used it
    (use_once lets go before the call: on a heap a long game has cut up,
    which comes first may decide whether the game completes).  Only under
    MicroPython and CircuitPython: on CPython (the simulator and its tests)
    a module imported again is a second copy with classes of its own, which
    `except` and isinstance would not recognise."""
    if sys.implementation.name == "cpython":
        return
    if sys.modules.pop(name, None) is None:
        return
    i = name.rfind(".")
    if i > 0:
        pkg = sys.modules.get(name[:i])
        if pkg is not None and hasattr(pkg, name[i + 1:]):
            delattr(pkg, name[i + 1:])


def done_with_package(pkg):
    """The package `pkg` and every module under it (a game that has ended:
    its engine, its screens and the rest)."""
    if pkg in sys.modules:
        # none of its modules can be there without the package: walking the
        # import table took a Pico's clock a game for nothing (BENCHMARKS.md,
        # *Measured apart*)
        prefix = pkg + "."
        for m in list(sys.modules):
            if m.startswith(prefix):
                done_with(m)
        done_with(pkg)


# use and use_once give the function (or class, or table) and the caller
# calls it with its own arguments, not through them: a call with *args puts
# its arguments in a block of the heap that is freed when it returns, a
# hole among what the call made.

def use(name, fn):
    """The function `fn` of the module `name` (dotted), imported if it is
    not yet; the module stays until done_with(name)."""
    return getattr(__import__(name, None, None, (fn,)), fn)


def use_once(name, fn):
    """The function `fn` of the module `name`, imported for this use and
    forgotten before the call: its code leaves the heap once nothing refers
    to the function (or to what the call made with it: a screen keeps its
    code while it is shown).  To let go after the call instead:
    use(name, fn), the call, then done_with(name)."""
    m = __import__(name, None, None, (fn,))
    done_with(name)
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
