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
import sys

TMP = ".tmp"
# (MicroPython alone: CircuitPython's game's end sits at the edge of a new
# pool of names, which one more call there tipped over: docs/circuitpython.md)
_LOOK_FIRST = sys.implementation.name == "micropython"


class OsFs:
    """The real file system (MicroPython's os module or CPython's)."""

    def open(self, path, mode):
        if _LOOK_FIRST and mode[0] == "r":
            # a file that is not there is told by its name alone: MicroPython's
            # littlefs makes the file's object, a block with its cache, before
            # it looks the name up
            os.stat(path)
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
        """The names in the folder path that are folders."""
        return self.scan(path)[1]

    def scan(self, path):
        """(the names in the folder path, those of them that are folders):
        one pass over it (MicroPython's ilistdir gives each entry's type;
        CircuitPython has neither it nor scandir: each name is stat'ed)."""
        names = []
        folders = []
        walk = getattr(os, "ilistdir", None)
        if walk is None and not hasattr(os, "scandir"):
            for name in os.listdir(path):
                names.append(name)
                if os.stat(path + "/" + name)[0] & 0x4000:
                    folders.append(name)
            return names, folders
        for e in walk(path) if walk is not None else os.scandir(path):
            if walk is not None:
                name, folder = e[0], e[1] == 0x4000
            else:
                name, folder = e.name, e.is_dir()   # CPython
            names.append(name)
            if folder:
                folders.append(name)
        return names, folders


FS = OsFs()


def crc32(data, prev=0):
    return binascii.crc32(data, prev) & 0xFFFFFFFF
