# Power-on: board.json names the profile (boards/NAME.py, data only); the
# profile names its family, whose setup module in firmware/hal/ builds the
# display, buttons and LEDs; the app is built on them.  Imported by
# firmware/main.py at each start and forgotten once the app runs (with the
# profile and, on a board, the family's setup module): none of it is needed
# again until the next start, and its code would stay in the heap (its size:
# BENCHMARKS.md, *Measured apart*).
#
# board.json: {"board": "pico_oled"}; an optional "seed" deals every new game
# from that seed on (tests, demos) instead of a random one; "probe": true
# prints the heap after every press (the benchmark on the virtual Pico).
import sys

FAMILIES = {"machine": "firmware.hal.board", "circuitpython": "firmware.hal.cp_board",
            "unix": "firmware.hal.virtual", "web": "firmware.hal.web"}


# The built-in modules the firmware imports that a file may extend
# (MicroPython's "extensible" modules).  MicroPython looks on sys.path for
# a file of that name at every import of one, since the built-in module is
# not kept in sys.modules: on a Pico's littlefs each such import costs six
# file lookups, at every import in a boot and in functions that import one
# when called (the time: BENCHMARKS.md, *Measured apart*).  Their "u" names reach the
# built-in at once; keep_builtins() keeps each in sys.modules under its
# own name, so that every import of it is a dictionary lookup.  Here, not
# in firmware/core/modules.py with the rest of the import table's use: run
# once a start, its code leaves the heap with this module.
BUILTINS = ("json", "os", "io", "binascii", "time", "machine", "array", "select", "hashlib")


def keep_builtins():
    if sys.implementation.name != "micropython":
        return      # CPython keeps what it imports; "ujson" there is another library
    for name in BUILTINS:
        if name not in sys.modules:
            try:
                sys.modules[name] = __import__("u" + name)
            except ImportError:
                pass    # not in this build: imported as usual where used


def config(path):
    """board.json; without one, the only profile in boards/ if there is
    just one (a board set up with mip gets every profile)."""
    import json
    import os
    try:
        with open(path) as f:
            return json.load(f)
    except OSError:
        pass
    names = []
    for n in os.listdir("boards"):
        name = n.rsplit(".", 1)[0]
        if name != "__init__" and n.endswith((".py", ".mpy")) and name not in names:
            names.append(name)
    if len(names) == 1:
        return {"board": names[0]}
    raise OSError("no %s: write {\"board\": \"NAME\"} there (boards: %s)" % (path, " ".join(sorted(names))))


def module(name):
    mod = __import__(name)
    for part in name.split(".")[1:]:
        mod = getattr(mod, part)
    return mod


def profile(name):
    """The board profile module boards/NAME.py."""
    return module("boards." + name)


def family(p):
    """The setup module that builds profile p's hardware."""
    return module(FAMILIES[p.FAMILY])


def build(cfg, p, hw, report=None, probe=None, seed=None):
    """(app, buttons) for the board: not booted yet (App.run boots it).
    report(line), probe() and seed() are the caller's (firmware/main.py):
    a function made here would keep this module in the heap."""
    from firmware.app import App
    from firmware.core.font import Font
    from firmware.screenkit.layout import Layout
    d = p.DISPLAY
    # its glyphs are read when the language is known (Board.font_for): only that language's part
    font = Font("%s/fonts/%s.fnt" % (hw.ASSETS, d.get("font", "large" if d.get("colour") else "small")), lazy=True)
    lay = Layout(d["width"], d["height"], font, d.get("colour", False))
    cv = hw.canvas(p, font)
    cv.set_palette(lay.palette)        # colour: what the frame's indices show
    app = App(lay, cv, hw.pixels(p), hw.DATA, assets=hw.ASSETS, seed=seed, report=report or print,
              probe=probe if cfg.get("probe") else None)   # the benchmark's: the heap after every press
    app.board.has_up = p.PROFILE != "two"
    hw.attach(app)
    # which press means which intent is the UI's table (firmware/screenkit/nav.py):
    # the board's part is handed to its buttons, the rest let go of
    from firmware.core.modules import use_once
    intents = use_once("firmware.screenkit.nav", "PROFILES")[p.PROFILE]
    return app, hw.buttons(p, intents)


def start(cfg, made, probe=None, seed=None):
    """Build the board's app and buttons (made[0] is the app once built,
    for the crash screen), then forget this module, the profile and the
    family's setup module where it says so (FORGET)."""
    from firmware.core.modules import done_with
    p = profile(cfg["board"])
    hw = family(p)
    app, buttons = build(cfg, p, hw, probe=probe, seed=seed)
    made[0] = app
    if getattr(hw, "FORGET", False):
        done_with(FAMILIES[p.FAMILY])
    done_with("boards." + cfg["board"])
    done_with("firmware.bringup")
    return app, buttons
