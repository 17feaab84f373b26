# Runs our MicroPython build's frozen _boot.py (dist/frozen/_boot.py) under
# the MicroPython unix port, on a Pico's flash in RAM: rp2.Flash and the ROM
# partition (vfs.rom_ioctl) are stand-ins over a bytearray with the build's
# layout (a ROM partition of 640 KiB from 0x58000 on a Pico, 0xB8000 on a
# Pico 2, the filesystem after it), and MicroPython's own littlefs.  Prints
# one JSON line per boot: what is mounted at / (its files and their bytes'
# CRC), what was printed, and whether the old filesystem's superblock is
# still there.  Run by tests/test_boot_move.py:
#
#   micropython -X heapsize=N tests/boot_move.py CASE [pico2]
#
# CASE: move (a filesystem of the builds before, files of a few KB), large
# (files that do not fit in RAM), full (files that fit in RAM but not in
# the ROM partition's free blocks), big-image (a ROM image past 288 KiB),
# erased (a new board), flip (a byte of the copy the move makes written
# wrong at the first boot): each booted, a file written, booted again.
# cuts: the move with the power cut at each of the flash's erases and
# programs in turn (none done, or half of it; or half, and the next boot
# cut there too), then booted again, and again; prints one JSON line per
# cut.
import binascii
import gc
import json
import os
import sys
import vfs as _vfs

BLOCK = 4096
PICO2 = sys.argv[2:] == ["pico2"]
ROM = 0xB8000 if PICO2 else 0x58000
ROM_SIZE = 640 * 1024
OLD = ROM + 288 * 1024  # the filesystem of the builds before (and of the official firmware)
END = (4 if PICO2 else 2) * 1024 * 1024
BASE = ROM              # the flash modelled: from the ROM partition to the end
flash = bytearray(END - BASE)
for _i in range(0, len(flash), BLOCK):
    flash[_i:_i + BLOCK] = b"\xff" * BLOCK


class Cut(Exception):
    pass


ops = 0                 # the flash's erases and programs so far
cut = None              # (operation, part of it done): the power fails there
flip = False            # the first boot's first program into the ROM partition has a byte wrong
life = 0                # the boots so far: the block devices of a boot the power left do nothing


def op(dev):
    """The part of the next operation done: 1; where the power is cut, the
    part the cut leaves (then the caller raises Cut); None once it is cut
    (the files the cut boot left open closed or not)."""
    global ops
    if dev.life != life or cut is not None and ops >= cut[0]:
        return None
    ops += 1
    return cut[1] if cut is not None and ops == cut[0] else 1


class Flash:
    """rp2.Flash over [start, end): erase to 0xFF, program as NOR flash does."""

    def __init__(self, start, end):
        self.start = start - BASE
        self.count = (end - start) // BLOCK
        self.life = life
        self.seen = None        # a set: the blocks read are noted in it

    def readblocks(self, n, buf, off=0):
        if self.life != life:
            return
        if self.seen is not None:
            self.seen.add(n)
        a = self.start + n * BLOCK + off
        buf[:] = flash[a:a + len(buf)]

    def writeblocks(self, n, buf, off=None):
        if off is None:
            for i in range((len(buf) + BLOCK - 1) // BLOCK):
                self.ioctl(6, n + i)
            off = 0
        a = self.start + n * BLOCK + off
        part = op(self)
        if part is None:
            return
        global flip
        if flip and life == 1 and a < ROM_SIZE:
            flip = False
            buf = bytearray(buf)
            buf[100] ^= 0x10
        n = int(len(buf) * part)
        if flash[a:a + n] == b"\xff" * n:
            flash[a:a + n] = buf[:n]
        else:
            for i in range(n):
                flash[a + i] &= buf[i]
        if part < 1:
            raise Cut()

    def ioctl(self, kind, arg):
        if kind == 4:
            return self.count
        if kind == 5:
            return BLOCK
        if kind == 6:
            a = self.start + arg * BLOCK
            part = op(self)
            if part is None:
                return 0
            flash[a:a + int(BLOCK * part)] = b"\xff" * int(BLOCK * part)
            if part < 1:
                raise Cut()
            return 0
        return 0


class Module:
    pass


fake = Module()
fake.VfsLfs2 = _vfs.VfsLfs2
fake.mount = _vfs.mount
fake.umount = _vfs.umount
fake.rom_ioctl = lambda kind, arg: Flash(ROM, ROM + ROM_SIZE)
rp2 = Module()
rp2.Flash = lambda: Flash(ROM + ROM_SIZE, END)
sys.modules["vfs"] = fake
sys.modules["rp2"] = rp2
sys.modules["machine"] = Module()


def walk(fs, path, out):
    """{path: [size, CRC-32] or None for a folder} of the files under path
    (fs: a VfsLfs2, or None for the VFS)."""
    for e in (fs or os).ilistdir(path):
        p = path.rstrip("/") + "/" + e[0]
        if e[1] & 0x4000:
            out[p] = None
            walk(fs, p, out)
            continue
        n = c = 0
        with (fs.open(p, "rb") if fs else open(p, "rb")) as f:
            while True:
                d = f.read(4096)
                if not d:
                    break
                n += len(d)
                c = binascii.crc32(d, c)
        out[p] = [n, c]
    return out


def old_fs(files, fill=0):
    """The filesystem the builds before left: littlefs from OLD to the
    flash's end, formatted as their _boot.py formatted it, with `files`
    ({path: bytes, or None for a folder}), written after a file of `fill`
    blocks was written and removed (the files of a filesystem long in use
    lie anywhere).  Its files, and the blocks it uses in the ROM partition
    of today's build."""
    dev = Flash(OLD, END)
    _vfs.VfsLfs2.mkfs(dev, progsize=256)
    fs = _vfs.VfsLfs2(dev, progsize=256)
    if fill:
        with fs.open("/fill", "wb") as f:
            for i in range(fill):
                f.write(bytes(BLOCK))
        fs.remove("/fill")
    for p in sorted(files):
        d = files[p]
        if d is None:
            fs.mkdir(p)
            continue
        with fs.open(p, "wb") as f:
            if isinstance(d, int):      # d bytes of a repeated pattern, written 4 KB at a time
                chunk = bytes(range(256)) * 16
                for i in range(0, d, 4096):
                    f.write(chunk[:min(4096, d - i)])
            else:
                f.write(d)
    dev.seen = set()
    out = walk(_vfs.VfsLfs2(dev, progsize=256), "/", {})
    return out, sorted(b for b in dev.seen if b < (ROM + ROM_SIZE - OLD) // BLOCK)


IMAGE = 0              # the ROM image's size and the CRC of its bytes
# the ROM image of a move: it ends in the old filesystem's first block, so
# that the copy of its files goes into the old filesystem's free blocks
IMAGE_KB = 286
# and the old filesystem's files right after its superblock (blocks 2 to
# 10), where the copy would go if it did not keep off them
FILL = 348 if PICO2 else 70


def rom_image(size):
    """A ROM image's first bytes at the partition's start: a ROMFS record
    of `size` bytes in all."""
    global IMAGE
    n = size - 6
    head = b"\xd2\xcd\x31" + bytes([0x80 | (n >> 14) & 0x7F, 0x80 | (n >> 7) & 0x7F, n & 0x7F])
    flash[0:6] = head
    for i in range(6, size, BLOCK):
        flash[i:min(size, i + BLOCK)] = b"\x5a" * (min(size, i + BLOCK) - i)
    IMAGE = (size, binascii.crc32(memoryview(flash)[:size]))


with open("dist/frozen/_boot.py") as f:
    CODE = f.read()


def boot(after=False):
    """One boot: _boot.py run with the flash as it is, then what it left
    (or, where the power was cut, that it was), what is mounted let go
    (`after`: a file written there first)."""
    global life
    life += 1
    said = []
    g = {"print": lambda *a: said.append(" ".join(str(x) for x in a))}
    try:
        exec(CODE, g)
    except Exception:
        # the cut, or what the files left open met closing after it
        if cut is None or ops < cut[0]:
            raise
        return {"cut": True, "said": said}
    left = sorted(k for k in g if not k.startswith("__") and k != "print")
    superblock = any(flash[OLD - BASE + b * BLOCK + 8:OLD - BASE + b * BLOCK + 16] == b"littlefs" for b in (0, 1))
    out = {"files": walk(None, "/", {}), "said": said, "old_superblock": superblock, "left": left,
           "image": binascii.crc32(memoryview(flash)[:IMAGE[0]]) == IMAGE[1]}
    if after:
        with open("/after.txt", "w") as f:
            f.write("written after the first boot")
    _vfs.umount("/")
    return out


FILES = {"/data": None, "/data/game": None, "/data/empty": None,
         "/data/game/journal.txt": b"".join(b"%d action\n" % i for i in range(900)),
         "/data/settings.json": b'{"lang": "en"}', "/main.py": b"print('x')\n"}


def cuts():
    """The move cut at each of its operations, in turn: one line per cut,
    with the boots after it."""
    global ops, cut
    before, used = old_fs(FILES, FILL)
    rom_image(IMAGE_KB * 1024)
    _vfs.umount("/")
    gc.collect()
    start = bytes(flash)
    ops = 0
    clean = boot()
    n = ops
    print(json.dumps({"before": before, "used": used, "ops": n, "clean": clean}))
    for at in range(1, n + 1):
        # the power cut there, none or half of that operation done; or half
        # of it, and the next boot cut at the same operation too; then two
        # boots with the power on
        # (on a Pico 2 half of it only: the same steps at other addresses)
        for part, again in ((0.5, False),) if PICO2 else ((0.0, False), (0.5, False), (0.5, True)):
            flash[:] = start
            boots = []
            for c in [(at, part)] + [(at, 0.5)] * again + [None, None]:
                ops = 0
                cut = c
                b = boot()
                boots.append({"cut": "cut" in b, "said": b["said"], "ok": b.get("files") == before,
                              "old_superblock": b.get("old_superblock"), "image": b.get("image")})
            cut = None
            print(json.dumps({"at": at, "part": part, "again": again, "boots": boots}))


def main(case):
    if case == "cuts":
        return cuts()
    global flip
    flip = case == "flip"
    if case in ("move", "large", "full", "flip"):
        files = dict(FILES)
        if case == "large":
            files["/firmware.bin"] = 1100 * 1024
        if case == "full":
            files["/firmware.bin"] = 600 * 1024
        before, used = old_fs(files, FILL * (case == "move"))
        print(json.dumps({"before": before, "used": used}))
        rom_image(IMAGE_KB * 1024)
    elif case == "big-image":
        print(json.dumps({"before": old_fs({"/data": None, "/data/x.txt": b"x" * 100})[0]}))
        rom_image(300 * 1024)
    else:
        print(json.dumps({"before": {}}))
        rom_image(200 * 1024)
    _vfs.umount("/")            # the unix port's own filesystem: the board has none before its _boot.py
    print(json.dumps(boot(after=True)))
    print(json.dumps(boot()))


main(sys.argv[1])
