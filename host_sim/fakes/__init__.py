"""CPython stand-ins for MicroPython-only modules (framebuf), pixel-exact
with the real ones for what the firmware uses.  On CPython, put this
directory on sys.path when `import framebuf` fails; MicroPython has the
real modules."""
import os

DIR = os.path.dirname(os.path.abspath(__file__))
