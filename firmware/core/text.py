# Words on the screen come from one language table at a time
# (assets/lang/<code>.json), so only the active language is in use and a new
# language needs no new code.  A missing key shows the key itself.
#
# A table is read where it lies, in its file, which stays open: RAM holds
# only an index and a buffer the size of the table's longest line.  A dict
# of its str objects would cost many times the file's size, and the file's
# bytes in RAM the file's size.  The index is an open-addressing hash table of
# key offsets in the file (hash(key) picks the slot), 2 bytes a slot, with
# each key's length beside it (its last 8 bits; keys are ASCII), so that a
# lookup reads the file only at a key that is likely the one asked for
# (a seek and a read of one line); a lookup
# allocates only the str it returns.  The official rp2 build hashes a str
# to 8 bits, so there a key's first slot is one of 256, and the length is
# what tells most of the keys sharing it apart.  (A hash of the table's own
# would be a loop over the key in Python, several times a lookup's time
# (BENCHMARKS.md, *Measured apart*); a CRC-32 is a long int there, a block
# of heap a lookup.)
#
# The files are JSON written one pair a line, `"key": "value",`, keys in
# ASCII, no backslash escapes (tests/test_lang.py holds every table to it);
# anything else is refused with the line number.  They go to a board as
# they are (not packed: a packed file cannot be read in place).
from array import array

try:
    b"a".startswith("a")    # MicroPython compares a str with bytes as is

    def _key(k):
        return k
except TypeError:           # CPython needs bytes
    def _key(k):
        return k.encode()


def _lines(f):
    """The lines of the file f from where it is, each with its newline (the
    last one maybe without).  Read in pieces of 512 bytes into one buffer
    (a littlefs file's readline reads a byte at a time; and a new piece
    of 513 bytes for each read, and a line cut by
    the end of a piece joined to the next, were blocks a heap cut up by a
    resume could not find)."""
    buf = bytearray(512)
    mv = memoryview(buf)
    have = 0            # bytes in buf: the rest of a line, then what was read
    while True:
        got = f.readinto(mv[have:])  # pyright: ignore[reportAttributeAccessIssue]  (the device stubs' io streams lack them)
        if not got:
            if have:
                yield bytes(mv[:have])
            return
        have += got
        at = 0
        while True:
            e = buf.find(b"\n", at, have) + 1
            if not e:
                break
            yield bytes(mv[at:e])
            at = e
        if at:
            mv[:have - at] = mv[at:have]    # the rest of a line, to the front
            have -= at
        elif have == len(buf):
            # a line longer than the buffer: a larger one
            more = bytearray(2 * len(buf))
            more[:have] = buf
            buf = more
            mv = memoryview(buf)


class Table:
    """One language file: get(key, default) like a dict's.  f: the file,
    open for reading bytes (or the file's bytes themselves)."""

    def __init__(self, f, name="table"):
        if isinstance(f, (bytes, bytearray)):
            import io
            f = io.BytesIO(f)
        self.f = f
        # two passes over the file: the first checks its lines and counts
        # the keys, the second puts each in its slot; a list of the keys
        # kept between them would cost a str a key at the moment a game is
        # chosen, one of a board's heaviest
        n = 0
        keys = 0
        longest = 0
        at = 0
        for line in _lines(f):
            n += 1
            if n > 1:       # the first line is the opening brace
                if line[0] == 34:  # '"'
                    k = line.find(b'"', 1)
                    v = k + 4
                    if k < 0 or line[k:v] != b'": "' or line.find(b'"', v) < 0 or line.find(b"\\") >= 0:
                        raise ValueError("%s: line %d is not \"key\": \"value\"" % (name, n))
                    keys += 1
                elif line.strip() not in (b"}", b""):
                    raise ValueError("%s: line %d is not \"key\": \"value\"" % (name, n))
                if len(line) > longest:
                    longest = len(line)
            at += len(line)
        size = 4
        while size < keys * 3 // 2:
            size *= 2
        m = self.mask = size - 1
        slots = self.slots = array("H" if at < 65535 else "I", bytearray(size * (2 if at < 65535 else 4)))
        tags = self.tags = bytearray(size)
        f.seek(0)  # pyright: ignore[reportAttributeAccessIssue]  (the device stubs' io streams lack them)
        at = 0
        for line in _lines(f):
            if line[0] == 34 and at:
                k = line.find(b'"', 1)
                s = hash(line[1:k]) & m     # a key's bytes hash as its str does (ASCII keys)
                while slots[s]:
                    s = (s + 1) & m
                slots[s] = at + 2       # the key's offset (at + 1), plus 1: 0 is an empty slot
                tags[s] = (k - 1) & 255
            at += len(line)
        self.buf = bytearray(longest)
        self.mv = memoryview(self.buf)

    def get(self, key, default=None):
        m = self.mask
        slots = self.slots
        tags = self.tags
        kb = _key(key)
        n = len(kb)
        s = hash(key) & m
        tag = n & 255
        b = self.buf
        f = self.f
        while True:
            o = slots[s]
            if not o:
                return default
            if tags[s] == tag:
                f.seek(o - 1)  # pyright: ignore[reportAttributeAccessIssue]  (the device stubs' io streams lack them)
                got = f.readinto(b)  # pyright: ignore[reportAttributeAccessIssue]  (the device stubs' io streams lack them)
                if got > n and b[n] == 34 and b.startswith(kb):
                    v = n + 4
                    return str(self.mv[v:b.find(b'"', v)], "utf-8")
            s = (s + 1) & m

    def close(self):
        self.f.close()  # pyright: ignore[reportAttributeAccessIssue]  (the device stubs' io streams lack them)


def read(path):
    """The table in the file at path, kept open for its lookups."""
    f = open(path, "rb")
    try:
        return Table(f, path)
    except BaseException:
        f.close()
        raise


def _close(tables):
    for tb in tables:
        close = getattr(tb, "close", None)      # a dict (text.use) has none
        if close is not None:
            close()


# the tables looked in, first to last: the game's words, then the language's
_tables = []
# words put before every table (a seat's colour as the name its player was
# given: firmware/screenkit/names.py), or None
over = None
# the screen has room for names (the wide, colour screens: players by their
# colour's name, no short forms in the lines that name an action); the
# narrow one, False, names players by their initials (App sets it)
wide = False
_base = None     # the path of the language's table


def load(path):
    """Make the language table at path the only one (the one there is
    kept, not read again, when it is that table)."""
    global _tables, _base
    if path == _base and _tables:
        _close(_tables[:-1])
        _tables = _tables[-1:]
        return
    _close(_tables)
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
    _close(_tables)
    _tables = [table]
    _base = None


def get(key, default=None):
    if over is not None:
        v = over.get(key)
        if v is not None:
            return v
    for tb in _tables:
        v = tb.get(key)
        if v is not None:
            return v
    return default


def t(key):
    return get(key, key)


def base(key):
    """The word of the tables, under any name put before them."""
    for tb in _tables:
        v = tb.get(key)
        if v is not None:
            return v
    return key


def f(key, *args):
    return get(key, key) % args


# A count meets a noun: the words that change with it are written as their
# forms in braces, apart by "|", in the order of the language's rule: two
# forms (English, Spanish: one, other: "%d {road|roads}"), or three
# (Russian: one, few, many: "%d {дорога|дороги|дорог}").  The number of
# forms tells the rule, so a table needs no word of its own for it.
# (tests/test_lang.py holds every table's counted words to their
# language's number of forms.)
def _which(n, forms):
    """The index of the form for the number n among `forms` forms."""
    if n < 0:
        n = -n
    if forms == 2:
        return 0 if n == 1 else 1
    if forms == 3:
        d = n % 10
        h = n % 100
        if d == 1 and h != 11:
            return 0
        if 2 <= d <= 4 and not 12 <= h <= 14:
            return 1
        return 2
    return 0


def form(key, n):
    """The words at key in their form for the number n: each {a|b|c} in
    them given as the form n takes."""
    v = get(key, key)
    a = v.find("{")
    while a >= 0:
        b = v.find("}", a)
        if b < 0:
            break
        i = _which(n, v.count("|", a, b) + 1)
        s = a + 1
        while i:
            s = v.find("|", s, b) + 1
            i -= 1
        e = v.find("|", s, b)
        v = v[:a] + v[s:e if e >= 0 else b] + v[b + 1:]
        a = v.find("{", a)
    return v


def fn(key, n, *args):
    """The words at key in their form for the number n, with args put in
    (n alone when no args are given)."""
    return form(key, n) % (args or (n,))


def fit(key, room, width, args=None, n=None):
    """The words at key, or where they are wider than room pixels (width: a
    font's measure) their shorter form (key + "~"), and so on (key + "~~")
    as far as the language has them: short forms only where the screen has
    no room for the full words.  With args, each form is measured with
    args put in; with n, in its form for the count n (form())."""
    v = _put(key, args, n)
    while width(v) > room:
        key += "~"
        if get(key) is None:
            break
        v = _put(key, args, n)
    return v


def _put(key, args, n):
    v = get(key, key) if n is None else form(key, n)
    return v if args is None else v % args


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
