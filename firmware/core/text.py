# Words on the screen come from one language table at a time
# (assets/lang/<code>.json), so only the active language is in RAM and a new
# language needs no new code.  A missing key shows the key itself.
#
# A table stays in RAM as its file's bytes plus an index, not as a dict: a
# dict of str objects costs about 150 bytes an entry on the 64-bit unix port
# (26 KB for the English table of 176 entries); the bytes and the index cost
# the file (5 KB) and 2 bytes a slot.  The index is an open-addressing hash
# table of key offsets (hash(key) picks the slot, the key is checked in the
# bytes); a lookup allocates only the str it returns.
#
# The files are JSON written one pair a line, `"key": "value",`, keys in
# ASCII, no backslash escapes (tests/test_lang.py holds every table to it);
# anything else is refused with the line number.
from array import array

try:
    b"a".startswith("a")    # MicroPython compares a str with bytes as is

    def _key(k):
        return k
except TypeError:           # CPython needs bytes
    def _key(k):
        return k.encode()


class Table:
    """One language file: get(key, default) like a dict's."""

    def __init__(self, data, name="table"):
        self.data = data
        self.mv = memoryview(data)
        lines = []
        i = data.find(b"\n") + 1
        n = 0
        end = len(data)
        while i < end:
            j = data.find(b"\n", i)
            if j < 0:
                j = end
            n += 1
            if data[i] == 34:  # '"'
                k = data.find(b'"', i + 1)
                v = k + 4
                e = data.find(b'"', v)
                if k < 0 or data[k:v] != b'": "' or e < 0 or e > j or data.find(b"\\", i, j) >= 0:
                    raise ValueError("%s: line %d is not \"key\": \"value\"" % (name, n + 1))
                lines.append(i + 1)
            elif data[i:j].strip() not in (b"}", b""):
                raise ValueError("%s: line %d is not \"key\": \"value\"" % (name, n + 1))
            i = j + 1
        size = 4
        while size < len(lines) * 3 // 2:
            size *= 2
        self.mask = size - 1
        self.slots = array("H" if end < 65535 else "I", bytearray(size * (2 if end < 65535 else 4)))
        for o in lines:
            k = str(self.mv[o:data.find(b'"', o)], "utf-8")
            s = hash(k) & self.mask
            while self.slots[s]:
                s = (s + 1) & self.mask
            self.slots[s] = o + 1

    def get(self, key, default=None):
        d = self.data
        m = self.mask
        slots = self.slots
        s = hash(key) & m
        kb = _key(key)
        n = len(kb)
        while True:
            o = slots[s]
            if not o:
                return default
            o -= 1
            if d.startswith(kb, o) and d[o + n] == 34:
                v = o + n + 4
                return str(self.mv[v:d.find(b'"', v)], "utf-8")
            s = (s + 1) & m


# On a board the tables are gzip files (PATH.gz, made by flash.sh with a
# window of 2**WBITS bytes): 40% of the flash, and unpacking needs only that
# window besides the table itself, whose size the gzip trailer gives.  In a
# ROM file system they are plain, and read in place.
WBITS = 10


def _unpack(f):
    try:
        import deflate
    except ImportError:     # CPython: the simulator and its tests
        import gzip  # pyright: ignore[reportMissingImports]
        return gzip.decompress(f.read())
    from binascii import crc32
    packed = f.seek(-8, 2) + 8
    tail = f.read(8)        # the gzip trailer: CRC-32 and size of the text
    n = int.from_bytes(tail[4:], "little")
    if n > 20 * packed:
        # words compress to a third or so: this trailer is not a size
        raise ValueError("the packed table is damaged")
    f.seek(0)
    data = deflate.DeflateIO(f, deflate.GZIP, WBITS).read(n)
    if len(data) != n or crc32(data) & 0xFFFFFFFF != int.from_bytes(tail[:4], "little"):
        raise ValueError("the packed table is damaged")
    return data


def _in_place(f):
    """The bytes of a file in a ROM file system (flash.sh --romfs) where
    they lie, as a bytearray over that memory (it has the find and
    startswith that Table uses; a memoryview has not), or None for any
    other file.  Table never writes to it."""
    try:
        mv = memoryview(f)
        import uctypes
    except (TypeError, ImportError):   # a build without uctypes reads a copy
        return None
    return uctypes.bytearray_at(uctypes.addressof(mv), len(mv))


def read(path):
    """The table in PATH.gz (as flash.sh puts it on a board), or if there
    is none, in the file at path (in place if the file is in a ROM file
    system: no copy in RAM)."""
    try:
        f = open(path + ".gz", "rb")
    except OSError:
        f = open(path, "rb")
        try:
            data = _in_place(f)
            return Table(f.read() if data is None else data, path)
        finally:
            f.close()
    try:
        return Table(_unpack(f), path + ".gz")
    finally:
        f.close()


# the tables looked in, first to last: the game's words, then the language's
_tables = []
_base = None     # the path of the language's table


def load(path):
    """Make the language table at path the only one (the one there is
    kept, not read again, when it is that table)."""
    global _tables, _base
    if path == _base and _tables:
        _tables = _tables[-1:]
        return
    _tables = []            # the old table goes before the new one is read
    _base = None
    _tables = [read(path)]
    _base = path


def add(path):
    """Put a game's own words (assets/lang/GAME.LANG.json) in front of the
    language table: only the game being played has its words in RAM.  A
    missing file adds nothing."""
    try:
        tb = read(path)
    except OSError:
        return
    _tables.insert(0, tb)


def use(table):
    """Look words up in table (a dict, or a Table) alone."""
    global _tables, _base
    _tables = [table]
    _base = None


def get(key, default=None):
    for tb in _tables:
        v = tb.get(key)
        if v is not None:
            return v
    return default


def t(key):
    return get(key, key)


def f(key, *args):
    return get(key, key) % args


def word(x):
    """A word of a refusal in the players' language: a colour, building,
    card or sector name, a list of them, or a number (unchanged)."""
    if not isinstance(x, str):
        return x
    if " " in x:
        return " ".join(word(p) for p in x.split(" "))
    v = get("w." + x)
    if v is None:
        v = get("card." + x)
    if v is None and "-" in x:
        a, b = x.split("-", 1)
        ia = get("i." + a)
        ib = get("i." + b)
        if ia is not None and ib is not None:
            v = ia + "-" + ib
    return x if v is None else v


def reason(e):
    """Why an action was refused (an IllegalAction), in the players' language."""
    fmt = getattr(e, "fmt", None)
    if fmt is None:
        return str(e)
    return get("r:" + fmt, fmt) % tuple(word(x) for x in e.words)
