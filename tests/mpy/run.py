# Runs the portable tests (tests/mpy/test_*.py) under the MicroPython unix
# port, which has no unittest or pytest: every function named test_* in those
# modules is called; an exception is a failure.  The same files are collected
# by pytest on CPython.
#   micropython tests/mpy/run.py [MODULE ...]     (from the repository root;
#   MPY_COMPILED=DIR: the firmware's .mpy files in DIR/firmware)
import sys

sys.path.insert(0, ".")
sys.path.insert(0, "tests/mpy")

import os  # noqa: E402

# the firmware compiled to .mpy (tests/test_micropython.py makes it), found
# before its sources
if os.getenv("MPY_COMPILED"):
    sys.path.insert(0, os.getenv("MPY_COMPILED"))


def modules():
    names = []
    for name in os.listdir("tests/mpy"):
        if name.startswith("test_") and name.endswith(".py"):
            names.append(name[:-3])
    names.sort()
    return names


def main(argv):
    passed = 0
    failed = 0
    for modname in argv or modules():
        mod = __import__(modname)
        for name in sorted(dir(mod)):
            if not name.startswith("test_"):
                continue
            f = getattr(mod, name)
            try:
                f()
            except Exception as e:  # noqa: BLE001 - report every failure
                failed += 1
                print("FAIL %s.%s: %s: %s" % (modname, name, type(e).__name__, e))
                sys.print_exception(e)
            else:
                passed += 1
                print("ok   %s.%s" % (modname, name))
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed or not passed else 0


sys.exit(main(sys.argv[1:]))
