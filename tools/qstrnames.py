"""The names our code's .mpy files intern when a board loads them, as the
Q() lines of a MicroPython port's qstrdefsport.h (dist/build-micropython.sh
builds them into the firmware's own pool of names).

    python tools/qstrnames.py [OUT.h [DIR...]]

OUT.h: dist/frozen/names.h by default.  DIR: folders of .mpy files (flash.sh
--stage's or --uf2's output); by default every board a Pico runs (boards/*.py that
name a MICROPYTHON build) is staged for it.  A
name already in the firmware's pool is found there in flash: a board loads
it into no pool of its own in the heap, and every lookup of a name (each
import, and each new string: MicroPython looks for it among the names
first) searches the heap's pools, one entry after another, before it.
Names a Q() line cannot carry through the C preprocessor (quotes,
backslashes, characters outside printable ASCII) are left out."""
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _uint(d, i):
    v = 0
    while True:
        b = d[i]
        i += 1
        v = (v << 7) | (b & 0x7F)
        if not b & 0x80:
            return v, i


def names_of(path):
    """The names an .mpy file's table interns (not those it takes from the
    firmware's static names by number)."""
    with open(path, "rb") as f:
        d = f.read()
    if d[:1] != b"M":
        raise ValueError("%s is not an .mpy file" % path)
    i = 4
    n, i = _uint(d, i)
    _, i = _uint(d, i)      # the constants
    out = []
    for _ in range(n):
        ln, i = _uint(d, i)
        if ln & 1:
            continue        # a static name, by its number
        ln >>= 1
        out.append(d[i:i + ln].decode("utf-8"))
        i += ln + 1
    return out


def carried(name):
    return name and all(32 <= ord(c) < 127 for c in name) and '"' not in name and "\\" not in name


def collect(dirs):
    found = set()
    for top in dirs:
        for dp, _, files in os.walk(top):
            for f in files:
                if f.endswith(".mpy"):
                    found.update(n for n in names_of(os.path.join(dp, f)) if carried(n))
    return sorted(found)


def pico_boards():
    found = []
    for f in sorted(os.listdir(os.path.join(ROOT, "boards"))):
        with open(os.path.join(ROOT, "boards", f)) as src:
            if f.endswith(".py") and any(line.startswith("MICROPYTHON") for line in src):
                found.append(f[:-3])
    return found


def staged(work):
    """Each Pico board staged in work (flash.sh --uf2: its ROM image holds the profile compiled too); their folders."""
    out = []
    for b in pico_boards():
        d = os.path.join(work, b)
        subprocess.run([os.path.join(ROOT, "flash.sh"), "--board", b, "--uf2", "--out", d], check=True,
                       cwd=ROOT, stdout=subprocess.DEVNULL)
        out.append(d)
    return out


def main(argv):
    path = argv[0] if argv else os.path.join(ROOT, "dist", "frozen", "names.h")
    if len(argv) > 1:
        names = collect(argv[1:])
    else:
        with tempfile.TemporaryDirectory() as work:
            names = collect(staged(work))
    with open(path, "w") as f:
        f.write("// The names the companion's code interns (tools/qstrnames.py): %d\n" % len(names))
        for n in names:
            f.write("Q(%s)\n" % n)
    print("%d names, %d bytes of text" % (len(names), sum(len(n) + 1 for n in names)))


if __name__ == "__main__":
    main(sys.argv[1:])
