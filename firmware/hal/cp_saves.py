# The saved games on CircuitPython, kept apart from the firmware's files.
#
# CircuitPython writes its drive a flash sector (the flash's erase unit) at
# a time, erased and then programmed, and a sector holds several clusters of
# whatever files lie there: a file of the game written beside a file of the firmware, or the
# drive's FAT made to grow, and a power cut in that erase damages the
# firmware (docs/circuitpython.md).  So the data folder is a FAT volume of
# its own inside one file, saves/games.img, that flash.sh makes at its full
# size on the drive, after the firmware's files: the game's writes are
# writes inside that file, which never grows, so the drive's FAT is not
# written during a game, and the file's first and last GUARD blocks are
# never written, so no sector the game writes holds another file's
# cluster.  (saves/'s own cluster, whose entry for the file is written at
# each flush, comes after saves.pad, which fills the rest of its sector.)
# A cut can then damage the saved games' volume alone: where it cannot be
# read, it is made new (the game is lost, the firmware is not).
#
# The volume is mounted over the drive's data/ folder (CircuitPython mounts
# on a folder that is there); what the drive's data/ holds (the games of a
# drive flashed before this layout, flash.sh's players) is moved into the
# volume first.
import os

import storage  # pyright: ignore[reportMissingImports] - CircuitPython's

IMAGE = "/saves/games.img"
PAD = "/saves.pad"
GUARD = 8       # blocks of 512 bytes at each end of the file, never written


class Volume:
    """The block device of the volume: the file's blocks between its guards."""

    def __init__(self, f, count):
        self.f = f
        self.count = count
        self.probe = bytearray(512)

    def readblocks(self, n, buf):
        if n + len(buf) // 512 > self.count:
            return 5        # EIO: past the volume (a damaged boot sector's size)
        self.f.seek((n + GUARD) * 512)
        self.f.readinto(buf)

    def writeblocks(self, n, buf):
        if n + len(buf) // 512 > self.count:
            return 5        # (the file would grow, through the drive's FAT)
        self.f.seek((n + GUARD) * 512)
        self.f.write(buf)

    def ioctl(self, op, arg):
        if op == 4:         # the count of blocks
            return self.count
        if op == 5:         # a block's size
            return 512
        if op == 3:
            # sync: the sector last written is kept in the drive's cache
            # until the drive is next read (CircuitPython's internal_flash.c),
            # so a guard block is read; the file's flush would write
            # saves/'s entry of the file (its time) again at every sync
            self.f.seek(0)
            self.f.readinto(self.probe)
        return 0


def mount(at, report=print):
    """Mount the saved games' volume at `at` (the data folder): True; False
    where the drive has none (a drive flashed before it: data/ is the
    drive's own folder), or has one not made yet and is read only; None
    where the volume cannot be used (saves.pad there but not the volume: a
    cut in the erase of saves/'s own sector lost its entry; a file of
    another size; a folder that cannot be mounted on): the board then saves
    nothing, rather than write the drive's data/ beside the firmware,
    until it is flashed again.  The drive's data/ files (a drive flashed
    before the volume, or flash.sh's players) are moved into the volume."""
    ro = False
    try:
        f = open(IMAGE, "r+b")
    except OSError:
        try:
            f = open(IMAGE, "rb")   # the drive left to the computer (boot.py): read only
            ro = True
        except OSError:
            try:
                os.stat(PAD)
            except OSError:
                return False
            report("the saved games' volume %s cannot be opened: the game is not saved" % IMAGE)
            return None
    try:
        size = f.seek(0, 2)
        if size % 4096 or size < 4096 * (2 + 16):
            raise OSError("%s is %d bytes" % (IMAGE, size))
        dev = Volume(f, size // 512 - 2 * GUARD)
        vfs = storage.VfsFat(dev)
        try:
            vfs.statvfs("/")
        except OSError as e:
            if e.errno != 19:   # ENODEV: no volume there (a new drive, or a cut damaged it)
                raise
            if ro:
                return False    # (not made yet, and cannot be: data/, read only)
            report("the saved games' volume is made new (%s)" % (e,))
            storage.VfsFat.mkfs(dev)
            vfs = storage.VfsFat(dev)
        if not ro:
            try:
                os.stat(at)
            except OSError:
                os.mkdir(at)        # (the folder it is mounted on)
            _move(at, vfs, "")
        storage.mount(vfs, at, readonly=ro)
        return True
    except (OSError, RuntimeError) as e:
        report("the saved games' volume cannot be used (%s): the game is not saved" % (e,))
        return None


def _move(outer, vfs, rel):
    """The files of the drive's folder outer + rel moved into the volume
    (not left there for a volume made new after a cut to take again)."""
    try:
        names = os.listdir(outer + rel)
    except OSError:
        return
    for name in names:
        path = rel + "/" + name
        if os.stat(outer + path)[0] & 0x4000:
            try:
                vfs.mkdir(path)
            except OSError:
                pass        # (there: a move cut short before)
            _move(outer, vfs, path)
            os.rmdir(outer + path)
            continue
        with open(outer + path, "rb") as src, vfs.open(path, "wb") as dst:
            buf = bytearray(512)
            n = src.readinto(buf)
            while n:
                dst.write(memoryview(buf)[:n])
                n = src.readinto(buf)
        os.remove(outer + path)
