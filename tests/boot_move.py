# Runs our MicroPython build's frozen _boot.py (dist/frozen/_boot.py) under
# the MicroPython unix port, on a Pico's flash in RAM: rp2.Flash and the ROM
# partition (vfs.rom_ioctl) are stand-ins over a bytearray with the build's
# layout (a ROM partition of 640 KiB from 0x58000, the filesystem after it),
# and MicroPython's own littlefs.  Prints one JSON line per boot: what is
# mounted at / (its files and their bytes' CRC), what was printed, and
# whether the old filesystem's superblock is still there.  Run by
# tests/test_boot_move.py:
#
#   micropython -X heapsize=N tests/boot_move.py CASE
#
# CASE: move (a filesystem of the builds before, files of a few KB), large
# (files that do not fit in RAM), big-image (a ROM image past 288 KiB),
# erased (a new board): each booted, a file written, booted again.
import binascii
import json
import os
import sys
import vfs as _vfs

BLOCK = 4096
ROM = 0x58000
ROM_SIZE = 640 * 1024
OLD = 0xA0000           # the filesystem of the builds before (and of the official firmware)
END = 2 * 1024 * 1024
BASE = ROM              # the flash modelled: from the ROM partition to the end
flash = bytearray(END - BASE)
for _i in range(0, len(flash), BLOCK):
    flash[_i:_i + BLOCK] = b"\xff" * BLOCK


class Flash:
    """rp2.Flash over [start, end): erase to 0xFF, program as NOR flash does."""

    def __init__(self, start, end):
        self.start = start - BASE
        self.count = (end - start) // BLOCK

    def readblocks(self, n, buf, off=0):
        a = self.start + n * BLOCK + off
        buf[:] = flash[a:a + len(buf)]

    def writeblocks(self, n, buf, off=None):
        if off is None:
            for i in range((len(buf) + BLOCK - 1) // BLOCK):
                self.ioctl(6, n + i)
            off = 0
        a = self.start + n * BLOCK + off
        for i in range(len(buf)):
            flash[a + i] &= buf[i]

    def ioctl(self, op, arg):
        if op == 4:
            return self.count
        if op == 5:
            return BLOCK
        if op == 6:
            a = self.start + arg * BLOCK
            flash[a:a + BLOCK] = b"\xff" * BLOCK
            return 0
        return 0


class Module:
    pass


rom = Flash(ROM, ROM + ROM_SIZE)
fake = Module()
fake.VfsLfs2 = _vfs.VfsLfs2
fake.mount = _vfs.mount
fake.umount = _vfs.umount
fake.rom_ioctl = lambda op, arg: rom
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


def old_fs(files, blocks=352):
    """The filesystem the builds before left: littlefs from OLD, formatted
    as their _boot.py formatted it, with `files` ({path: bytes, or None for
    a folder})."""
    dev = Flash(OLD, OLD + blocks * BLOCK)
    _vfs.VfsLfs2.mkfs(dev, progsize=256)
    fs = _vfs.VfsLfs2(dev, progsize=256)
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
    return walk(fs, "/", {})


def rom_image(size):
    """A ROM image's first bytes at the partition's start: a ROMFS record
    of `size` bytes in all."""
    n = size - 6
    head = b"\xd2\xcd\x31" + bytes([0x80 | (n >> 14) & 0x7F, 0x80 | (n >> 7) & 0x7F, n & 0x7F])
    flash[0:6] = head
    for i in range(6, size, BLOCK):
        flash[i:min(size, i + BLOCK)] = b"\x5a" * (min(size, i + BLOCK) - i)


with open("dist/frozen/_boot.py") as f:
    CODE = f.read()


def boot():
    """One boot: _boot.py run with the flash as it is, then what it left."""
    said = []
    g = {"print": lambda *a: said.append(" ".join(str(x) for x in a))}
    exec(CODE, g)
    left = sorted(k for k in g if not k.startswith("__") and k != "print")
    superblock = any(flash[OLD - BASE + b * BLOCK + 8:OLD - BASE + b * BLOCK + 16] == b"littlefs" for b in (0, 1))
    print(json.dumps({"files": walk(None, "/", {}), "said": said, "old_superblock": superblock, "left": left,
                      "image": flash[6:64] == b"\x5a" * 58}))


def main(case):
    if case in ("move", "large"):
        files = {"/data": None, "/data/game": None, "/data/empty": None,
                 "/data/game/journal.txt": b"".join(b"%d action\n" % i for i in range(900)),
                 "/data/settings.json": b'{"lang": "en"}', "/main.py": b"print('x')\n"}
        if case == "large":
            files["/firmware.bin"] = 1100 * 1024
        print(json.dumps({"before": old_fs(files)}))
        rom_image(200 * 1024)
    elif case == "big-image":
        print(json.dumps({"before": old_fs({"/data": None, "/data/x.txt": b"x" * 100})}))
        rom_image(300 * 1024)
    else:
        print(json.dumps({"before": {}}))
        rom_image(200 * 1024)
    _vfs.umount("/")            # the unix port's own filesystem: the board has none before its _boot.py
    boot()
    with open("/after.txt", "w") as f:
        f.write("written after the first boot")
    _vfs.umount("/")
    boot()


main(sys.argv[1])
