# Boots the app from a journal directory, presses keys, and prints the CRC-32
# of the frame buffer after each key: run under MicroPython (real framebuf)
# and CPython (host_sim's stand-in), the lines must be identical.
#   micropython tests/screens_script.py WIDTH HEIGHT COLOUR DATA_DIR KEY... (or @FILE)
import sys

sys.path.insert(0, ".")
try:
    import framebuf  # noqa: F401
except ImportError:
    sys.path.insert(0, "host_sim/fakes")

import binascii  # noqa: E402

from firmware.app import App  # noqa: E402
from firmware.core.font import Font  # noqa: E402
from firmware.hal.canvas import Canvas  # noqa: E402
from firmware.screenkit.layout import Layout  # noqa: E402


def main(argv):
    w, h, colour, data = int(argv[0]), int(argv[1]), argv[2] == "1", argv[3]
    font = Font("assets/fonts/" + ("large.fnt" if colour else "small.fnt"))
    lay = Layout(w, h, font, colour)
    cv = Canvas(w, h, colour, font, palette=lay.palette)
    app = App(lay, cv, None, data, "assets", seed=lambda: 1)
    app.boot()
    app.render()
    print("%08x" % (binascii.crc32(cv.buf) & 0xFFFFFFFF))
    keys = argv[4:]
    if keys and keys[0].startswith("@"):  # @FILE: the keys, read from a file
        with open(keys[0][1:]) as f:
            keys = f.read().split()
    for k in keys:
        app.key(k)
        app.render()
        print("%08x" % (binascii.crc32(cv.buf) & 0xFFFFFFFF))


main(sys.argv[1:])
