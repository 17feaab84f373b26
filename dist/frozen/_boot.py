# _boot.py of this MicroPython build, frozen in place of the port's
# (ports/rp2/modules/_boot.py): it mounts the filesystem at / as that one
# does, formatting it where there is none, and keeps the files a board had
# under the builds whose ROM partition was 288 KiB.  Their filesystem
# started 288 KiB into today's ROM partition and ran to the flash's end,
# over today's filesystem; a UF2 whose ROM image ends before that point
# leaves it whole, and the first boot moves its files to the filesystem's
# new place (after the larger ROM partition) in steps that a power cut may
# stop at any point:
#   1. the files are read into RAM, and written with their names into the
#      ROM partition's free blocks (past the ROM image, none that the old
#      filesystem uses), the list of those blocks and their checksum last,
#      in a block of its own; then read back and checked.  The old
#      filesystem is untouched until then: a cut starts the move again;
#   2. the new filesystem is made and the files written in it from that
#      copy, read a piece at a time, then read back and checked: a cut
#      starts this step again (the copy is found by its block while the
#      old superblock is there);
#   3. the old filesystem's superblock is erased, then the copy's block.
# Where the files do not fit in RAM or in the free blocks, or their copy
# reads back wrong, the old filesystem stays where it is and is mounted
# there (nothing is lost, and the serial console says so).
import gc
import vfs
import machine, rp2

_OLD = 288 * 1024 // 4096       # the old filesystem's first block, in the ROM partition's blocks
_TAG = b"fs move\n"             # the first bytes of the copy's block


class _Old:
    """The old filesystem as a block device: its first blocks lie in the
    ROM partition (past the ROM image), the rest where the new filesystem
    lies.  Notes which of its blocks in the ROM partition were read."""

    def __init__(self, rom, new):
        self.rom = rom
        self.new = new
        self.skip = _OLD
        self.split = rom.ioctl(4, 0) - _OLD
        self.count = self.split + new.ioctl(4, 0)
        self.read = bytearray(self.split)

    def at(self, n):
        if n < self.split:
            self.read[n] = 1
            return self.rom, n + self.skip
        return self.new, n - self.split

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


def _int(b):
    return int.from_bytes(b, "little")


class _Copy:
    """The copy of the old filesystem's files in the ROM partition, read in
    order: its n bytes in the blocks listed (each file: its name's length,
    2 bytes, its length, 4 bytes, 0xFFFFFFFF for a folder, its name, its
    bytes)."""

    def __init__(self, rom, blocks, n):
        self.rom = rom
        self.blocks = blocks
        self.n = n
        self.at = 0

    def read(self, k):
        k = min(k, self.n - self.at)
        out = bytearray(k)
        m = memoryview(out)
        i = 0
        while i < k:
            b, o = divmod(self.at, 4096)
            t = min(k - i, 4096 - o)
            self.rom.readblocks(self.blocks[b], m[i:i + t], o)
            i += t
            self.at += t
        return out


def _copy(rom, first):
    """The block of the copy of the old filesystem's files in the ROM
    partition, where it is whole, and the copy; else None."""
    from binascii import crc32
    h = bytearray(256)
    for b in range(first, rom.ioctl(4, 0)):
        rom.readblocks(b, h)
        k = h[16]
        if h[:8] != _TAG or k > 230 or crc32(h[:17 + k]) != _int(h[17 + k:21 + k]):
            continue
        c = _Copy(rom, bytes(h[17:17 + k]), _int(h[8:12]))
        n = 0
        while c.at < c.n:
            n = crc32(c.read(2048), n)
        if n == _int(h[12:16]):
            c.at = 0
            return b, c
    return None


def _save(rom, files, free):
    """Writes the files' copy into the free blocks (the list of them in the
    first, last); False where they do not fit."""
    from binascii import crc32
    n = 0
    for p, d in files:
        n += 6 + len(p) + (0 if d is None else len(d))
    k = (n + 4095) // 4096
    if k + 1 > len(free) or k > 230:
        return False
    buf = bytearray(4096)
    at = 0
    c = 0
    w = 1
    for p, d in files:
        p = p.encode()
        for x in ((len(p).to_bytes(2, "little") + (0xFFFFFFFF if d is None else len(d)).to_bytes(4, "little")), p, d or b""):
            c = crc32(x, c)
            x = memoryview(x)
            j = 0
            while j < len(x):
                t = min(4096 - at, len(x) - j)
                buf[at:at + t] = x[j:j + t]
                at += t
                j += t
                if at == 4096:
                    rom.writeblocks(free[w], buf)
                    w += 1
                    at = 0
    if at:
        rom.writeblocks(free[w], buf)
    h = bytearray(b"\xff" * 4096)
    h[:8] = _TAG
    h[8:12] = n.to_bytes(4, "little")
    h[12:16] = c.to_bytes(4, "little")
    h[16] = k
    h[17:17 + k] = bytes(free[1:1 + k])
    h[17 + k:21 + k] = crc32(h[:17 + k]).to_bytes(4, "little")
    rom.writeblocks(free[0], h)
    return True


def _move(rom, bdev, b, c):
    """Steps 2 and 3 from the copy c (at block b)."""
    from binascii import crc32
    vfs.VfsLfs2.mkfs(bdev, progsize=256)
    fs = vfs.VfsLfs2(bdev, progsize=256)
    made = []
    while c.at < c.n:
        x = c.read(6)
        p = str(c.read(_int(x[:2])), "utf-8")
        n = _int(x[2:])
        if n == 0xFFFFFFFF:
            fs.mkdir(p)
            continue
        k = 0
        with fs.open(p, "wb") as f:
            while n:
                x = c.read(min(n, 2048))
                f.write(x)
                k = crc32(x, k)
                n -= len(x)
        made.append((p, k))
    for p, k in made:
        n = 0
        with fs.open(p, "rb") as f:
            while True:
                x = f.read(2048)
                if not x:
                    break
                n = crc32(x, n)
        if n != k:
            print("The files moved to the filesystem's new place read back wrong: the move starts again at the next boot.")
            return
    rom.ioctl(6, _OLD)
    rom.ioctl(6, _OLD + 1)
    rom.ioctl(6, b)
    print("Moved %d files to the filesystem's new place." % len(made))


def _old(bdev):
    """Where the old filesystem is still there (its superblock), its files
    moved to the new filesystem's place (None then), or the old filesystem
    where it is; None where there is none."""
    try:
        rom = vfs.rom_ioctl(2, 0)
        end = _image_end(rom)
        if end > _OLD * 4096 or rom.ioctl(4, 0) <= _OLD + 1:
            return None
        m = bytearray(16)
        for b in (_OLD, _OLD + 1):
            rom.readblocks(b, m)
            if m[8:] == b"littlefs":
                break
        else:
            return None
        first = (end + 4095) // 4096
        c = _copy(rom, first)
        if c is None:
            dev = _Old(rom, bdev)
            old = vfs.VfsLfs2(dev, progsize=256)
    except Exception:
        return None
    if c is None:
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
        free = [b for b in range(first, rom.ioctl(4, 0)) if b < _OLD or not dev.read[b - _OLD]]
        if not _save(rom, files, free):
            print("The files stay where the earlier firmware had them: the flash has no free room to move them safely.")
            return old
        files = None
        gc.collect()
        c = _copy(rom, first)
        if c is None:
            print("The files stay where the earlier firmware had them: their copy read back wrong.")
            return old
    _move(rom, bdev, c[0], c[1])
    return None


# Try to mount the filesystem, and format the flash if it doesn't exist.
# Note: the flash requires the programming size to be aligned to 256 bytes.
bdev = rp2.Flash()
fs = _old(bdev)
if fs is None:
    try:
        fs = vfs.VfsLfs2(bdev, progsize=256)
    except:
        vfs.VfsLfs2.mkfs(bdev, progsize=256)
        fs = vfs.VfsLfs2(bdev, progsize=256)
vfs.mount(fs, "/")

del gc, vfs, bdev, fs, _Old, _image_end, _read, _int, _Copy, _copy, _save, _move, _old, _OLD, _TAG
