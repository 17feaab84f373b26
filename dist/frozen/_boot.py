# _boot.py of this MicroPython build, frozen in place of the port's
# (ports/rp2/modules/_boot.py): it mounts the filesystem at / as that one
# does, formatting it where there is none, and keeps the files a board had
# under the builds whose ROM partition was 288 KiB.  Their filesystem
# started 288 KiB into today's ROM partition; a UF2 whose ROM image ends
# before that point leaves it whole, and the first boot moves its files to
# the filesystem's new place (after the larger ROM partition), then erases
# the old one's first two blocks (its superblock), so that it is moved
# once.  The files are held in RAM meanwhile: where they do not fit, the old
# filesystem stays where it is and is mounted there (nothing is lost, and
# the serial console says so).
import gc
import vfs
import machine, rp2

_OLD = 288 * 1024 // 4096       # the old filesystem's first block, in the ROM partition's blocks


class _Old:
    """The old filesystem as a block device: its first blocks lie in the
    ROM partition (past the ROM image), the rest where the new filesystem
    lies."""

    def __init__(self, rom, new):
        self.rom = rom
        self.new = new
        self.skip = _OLD
        self.split = rom.ioctl(4, 0) - _OLD
        self.count = self.split + new.ioctl(4, 0)

    def at(self, n):
        return (self.rom, n + self.skip) if n < self.split else (self.new, n - self.split)

    def readblocks(self, n, buf, off=0):
        d, n = self.at(n)
        d.readblocks(n, buf, off)

    def writeblocks(self, n, buf, off=None):
        d, n = self.at(n)
        if off is None:
            d.writeblocks(n, buf)
        else:
            d.writeblocks(n, buf, off)

    def ioctl(self, op, arg):
        if op == 4:
            return self.count
        if op == 5:
            return 4096
        if op == 6:
            d, n = self.at(arg)
            return d.ioctl(6, n)
        return 0


def _image_end(rom):
    """The bytes the ROM image takes (a ROMFS record: its kind, 3 bytes,
    then its payload's length as a varuint), 0 where there is none."""
    m = bytearray(8)
    rom.readblocks(0, m)
    if m[:3] != b"\xd2\xcd\x31":
        return 0
    n = 0
    i = 3
    while i < 8:
        b = m[i]
        i += 1
        n = n << 7 | b & 0x7F
        if not b & 0x80:
            return i + n
    return 1 << 30


def _read(fs, path, out):
    for e in fs.ilistdir(path):
        p = path.rstrip("/") + "/" + e[0]
        if e[1] & 0x4000:
            out.append((p, None))
            _read(fs, p, out)
        else:
            with fs.open(p, "rb") as f:
                out.append((p, f.read()))


def _old(bdev):
    """The new filesystem's place holds none: the old one's files moved
    there (True), or the old filesystem where it is, or None."""
    try:
        rom = vfs.rom_ioctl(2, 0)
        if _image_end(rom) > _OLD * 4096 or rom.ioctl(4, 0) <= _OLD:
            return None
        old = vfs.VfsLfs2(_Old(rom, bdev), progsize=256)
    except Exception:
        return None
    files = []
    try:
        _read(old, "/", files)
        gc.collect()
        if gc.mem_free() < 16384:       # room left to write them
            raise MemoryError
    except MemoryError:
        files = None
        print("The files stay where the earlier firmware had them: they do not fit in RAM to be moved.")
        return old
    vfs.VfsLfs2.mkfs(bdev, progsize=256)
    fs = vfs.VfsLfs2(bdev, progsize=256)
    for p, data in files:
        if data is None:
            fs.mkdir(p)
        else:
            with fs.open(p, "wb") as f:
                f.write(data)
    rom.ioctl(6, _OLD)
    rom.ioctl(6, _OLD + 1)
    print("Moved %d files to the filesystem's new place." % sum(1 for e in files if e[1] is not None))
    return True


# Try to mount the filesystem, and format the flash if it doesn't exist.
# Note: the flash requires the programming size to be aligned to 256 bytes.
bdev = rp2.Flash()
try:
    fs = vfs.VfsLfs2(bdev, progsize=256)
except:
    fs = _old(bdev)
    if fs is None:
        vfs.VfsLfs2.mkfs(bdev, progsize=256)
    if fs is None or fs is True:
        fs = vfs.VfsLfs2(bdev, progsize=256)
vfs.mount(fs, "/")

del gc, vfs, bdev, fs, _Old, _image_end, _read, _old, _OLD
