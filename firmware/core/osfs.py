# What every file the device writes needs, kept in the heap while a game is
# played (the rest of firmware/core/store.py is imported when a whole file is
# written or read, and forgotten after): the file system the files go
# through, the name a file is written under before it is renamed over, and
# the checksum every saved file carries.
#
# FS is the real file system (MicroPython's os module or CPython's); tests
# put their own here (or pass it) to record every write and cut the power
# between any two bytes.
import binascii
import os

TMP = ".tmp"


class OsFs:
    """The real file system (MicroPython's os module or CPython's)."""

    def open(self, path, mode):
        return open(path, mode)

    def rename(self, old, new):
        os.rename(old, new)

    def remove(self, path):
        os.remove(path)

    def listdir(self, path):
        return os.listdir(path)

    def mkdir(self, path):
        os.mkdir(path)

    def rmdir(self, path):
        os.rmdir(path)

    def folders(self, path):
        """The names in the folder path that are folders (one pass over
        it: MicroPython's ilistdir gives each entry's type)."""
        scan = getattr(os, "ilistdir", None)
        if scan is not None:
            return [e[0] for e in scan(path) if e[1] == 0x4000]
        return [e.name for e in os.scandir(path) if e.is_dir()]  # CPython


FS = OsFs()


def crc32(data, prev=0):
    return binascii.crc32(data, prev) & 0xFFFFFFFF
