# A QR code (ISO/IEC 18004:2015) of a byte string: byte mode, Reed-Solomon
# error correction at a chosen level, the smallest version that holds the
# bytes, and the mask the standard's penalty rules pick among the eight.
#
# Written here rather than taken from a library: the MicroPython ports of
# QR encoders do not fit this device.  uQR (a port of python-qrcode) builds
# the matrix as lists of lists and keeps a copy of it for each of the eight
# masks it tries; Adafruit's miniQR tries no mask at all (the caller names
# one: the standard's choice of mask is not made), stops at version 9 (the
# links of three or four players need 11 to 14), and picks a version that
# its own header bytes do not fit.  Here the matrix is two bit planes, a
# bit a module (a heap cut up by a long game has no block of a byte a
# module), and the loops over its modules (the data's zigzag, the eight
# masks' penalties, Reed-Solomon) run in native code where the board has
# it (firmware/core/qrnative.py; else firmware/core/qrcalc.py).
#
# Only what the device needs: byte mode, one segment, versions 1 to 40,
# and the ECI that says its bytes' character set (UTF-8: a link with
# letters beyond ASCII in it, docs/bgstats.md).
from array import array

try:
    from firmware.core.qrnative import apply, penalty, place, remainder
except (ImportError, NameError, ValueError, SyntaxError, MemoryError):
    # (MemoryError: native code is loaded into one block of the heap, which
    # the end of a long game may not have; the bytecode's is read in place)
    from firmware.core.qrcalc import apply, penalty, place, remainder

# the levels of error correction (public: callers name them; plain ints, not
# micropython.const, so that the module imports where CPython runs it)
L = 0
M = 1
Q = 2
H = 3
UTF8 = 26       # the ECI designator of UTF-8 (ISO/IEC 18004 7.4.2; AIM ECI)
_FORMAT = b"\x01\x00\x03\x02"      # the level's two format bits (L 01, M 00, Q 11, H 10)

# Per level (L, M, Q, H), per version 1..40: the error correction codewords
# of a block, and the number of blocks (ISO/IEC 18004 Table 9).
_EC = (b"\x07\x0a\x0f\x14\x1a\x12\x14\x18\x1e\x12\x14\x18\x1a\x1e\x16\x18\x1c\x1e\x1c\x1c"
       b"\x1c\x1c\x1e\x1e\x1a\x1c\x1e\x1e\x1e\x1e\x1e\x1e\x1e\x1e\x1e\x1e\x1e\x1e\x1e\x1e",
       b"\x0a\x10\x1a\x12\x18\x10\x12\x16\x16\x1a\x1e\x16\x16\x18\x18\x1c\x1c\x1a\x1a\x1a"
       b"\x1a\x1c\x1c\x1c\x1c\x1c\x1c\x1c\x1c\x1c\x1c\x1c\x1c\x1c\x1c\x1c\x1c\x1c\x1c\x1c",
       b"\x0d\x16\x12\x1a\x12\x18\x12\x16\x14\x18\x1c\x1a\x18\x14\x1e\x18\x1c\x1c\x1a\x1e"
       b"\x1c\x1e\x1e\x1e\x1e\x1c\x1e\x1e\x1e\x1e\x1e\x1e\x1e\x1e\x1e\x1e\x1e\x1e\x1e\x1e",
       b"\x11\x1c\x16\x10\x16\x1c\x1a\x1a\x18\x1c\x18\x1c\x16\x18\x18\x1e\x1c\x1c\x1a\x1c"
       b"\x1e\x18\x1e\x1e\x1e\x1e\x1e\x1e\x1e\x1e\x1e\x1e\x1e\x1e\x1e\x1e\x1e\x1e\x1e\x1e")
_BLOCKS = (b"\x01\x01\x01\x01\x01\x02\x02\x02\x02\x04\x04\x04\x04\x04\x06\x06\x06\x06\x07\x08"
           b"\x08\x09\x09\x0a\x0c\x0c\x0c\x0d\x0e\x0f\x10\x11\x12\x13\x13\x14\x15\x16\x18\x19",
           b"\x01\x01\x01\x02\x02\x04\x04\x04\x05\x05\x05\x08\x09\x09\x0a\x0a\x0b\x0d\x0e\x10"
           b"\x11\x11\x12\x14\x15\x17\x19\x1a\x1c\x1d\x1f\x21\x23\x25\x26\x28\x2b\x2d\x2f\x31",
           b"\x01\x01\x02\x02\x04\x04\x06\x06\x08\x08\x08\x0a\x0c\x10\x0c\x11\x10\x12\x15\x14"
           b"\x17\x17\x19\x1b\x1d\x22\x22\x23\x26\x28\x2b\x2d\x30\x33\x35\x38\x3b\x3e\x41\x44",
           b"\x01\x01\x02\x04\x04\x04\x05\x06\x08\x08\x0b\x0b\x10\x10\x12\x10\x13\x15\x19\x19"
           b"\x19\x22\x1e\x20\x23\x25\x28\x2a\x2d\x30\x33\x36\x39\x3c\x3f\x42\x46\x4a\x4d\x51")

# GF(256) with the polynomial 0x11D: exp (twice over, so that a product
# needs no modulo) and log tables, made at import
_EXP = bytearray(512)
_LOG = bytearray(256)
_x = 1
for _i in range(255):
    _EXP[_i] = _EXP[_i + 255] = _x
    _LOG[_x] = _i
    _x <<= 1
    if _x & 0x100:
        _x ^= 0x11D
del _x, _i


def size(version):
    """Modules a side."""
    return 17 + 4 * version


def _raw_modules(v):
    """Data and error correction modules of version v (all but the function
    patterns and the format and version information)."""
    n = (16 * v + 128) * v + 64
    if v >= 2:
        a = v // 7 + 2
        n -= (25 * a - 10) * a - 55
        if v >= 7:
            n -= 36
    return n


def _data_codewords(v, level):
    return _raw_modules(v) // 8 - _EC[level][v - 1] * _BLOCKS[level][v - 1]


def capacity(version, level=L, eci=0):
    """The most bytes a code of this version and level holds (byte mode:
    a 4-bit mode and an 8- or 16-bit count before the bytes; with an ECI
    designator, its 4-bit mode and 8 bits before them)."""
    return (_data_codewords(version, level) * 8 - (12 if eci else 0) - 4 - (8 if version < 10 else 16)) // 8


def version_for(n, level=L, lo=1, hi=40, eci=0):
    """The smallest version from lo to hi that holds n bytes, or 0."""
    for v in range(lo, hi + 1):
        if capacity(v, level, eci) >= n:
            return v
    return 0


def _alignment(v):
    """Rows (and columns) of the alignment patterns' centres."""
    if v == 1:
        return ()
    a = v // 7 + 2
    step = 26 if v == 32 else (v * 4 + a * 2 + 1) // (a * 2 - 2) * 2
    out = [6]
    p = size(v) - 7
    for _ in range(a - 1):
        out.insert(1, p)
        p -= step
    return out


def _codewords(data, v, level, eci=0):
    """The data bytes in byte mode (after the ECI designator eci, if not
    0), padded, split into blocks, each with its error correction,
    interleaved (ISO/IEC 18004 7.4 to 7.6)."""
    nd = _data_codewords(v, level)
    bits = bytearray(nd)
    n = len(data)
    if eci:
        # ECI mode 0111 and the designator in 8 bits (0xxxxxxx: 0 to 127),
        # byte mode 0100, the count (8 bits up to version 9, else 16): 24
        # or 32 bits, so the bytes fall on codewords
        bits[0] = 0x70 | eci >> 4
        bits[1] = (eci & 15) << 4 | 4
        i = 2
        if v >= 10:
            bits[2] = n >> 8
            i = 3
        bits[i] = n & 255
        i += 1
        bits[i:i + n] = data
        i += n
        if i < nd:
            i += 1          # the terminator's 4 zero bits and 4 more to the codeword's end
    else:
        # mode 0100, the count (8 bits up to version 9, else 16), the bytes
        if v < 10:
            bits[0] = 0x40 | n >> 4
            i = 1
        else:
            bits[0] = 0x40 | n >> 12
            bits[1] = n >> 4 & 255
            i = 2
        carry = n & 15          # the count's low nibble; then each byte is split across two
        for b in data:
            bits[i] = carry << 4 | b >> 4
            carry = b & 15
            i += 1
        bits[i] = carry << 4       # the last nibble, then the terminator's 4 zero bits
        i += 1
    pad = 0xEC
    while i < nd:
        bits[i] = pad
        pad ^= 0xEC ^ 0x11
        i += 1
    ec = _EC[level][v - 1]
    nb = _BLOCKS[level][v - 1]
    total = _raw_modules(v) // 8
    short = total // nb          # a short block's codewords; the last (total % nb) blocks have one more
    nshort = nb - total % nb
    gen = _generator(ec)
    ecs = []
    starts = []
    k = 0
    for b in range(nb):
        dl = short - ec + (0 if b < nshort else 1)
        r = bytearray(ec)
        remainder(bits, k, dl, gen, ec, r, _EXP, _LOG)
        ecs.append(r)
        starts.append(k)
        k += dl
    out = bytearray(total)
    o = 0
    for i in range(short - ec + 1):
        for b in range(nb):
            dl = short - ec + (0 if b < nshort else 1)
            if i < dl:
                out[o] = bits[starts[b] + i]
                o += 1
    for i in range(ec):
        for b in range(nb):
            out[o] = ecs[b][i]
            o += 1
    return out


def _mul(a, b):
    if a == 0 or b == 0:
        return 0
    return _EXP[_LOG[a] + _LOG[b]]


def _generator(degree):
    """The Reed-Solomon generator polynomial of the degree, its leading 1
    left out, highest power first."""
    g = bytearray(degree)
    g[degree - 1] = 1
    root = 1
    for _ in range(degree):
        for j in range(degree):
            g[j] = _mul(g[j], root)
            if j + 1 < degree:
                g[j] ^= g[j + 1]
        root = _mul(root, 2)
    return g


def _mask(m, x, y):
    if m == 0:
        return (x + y) % 2 == 0
    if m == 1:
        return y % 2 == 0
    if m == 2:
        return x % 3 == 0
    if m == 3:
        return (x + y) % 3 == 0
    if m == 4:
        return (x // 3 + y // 2) % 2 == 0
    if m == 5:
        return x * y % 2 + x * y % 3 == 0
    if m == 6:
        return (x * y % 2 + x * y % 3) % 2 == 0
    return ((x + y) % 2 + x * y % 3) % 2 == 0


class Code:
    """A QR code of size x size modules: dark(x, y) is 1 for a dark one."""

    def __init__(self, version, level):
        self.version = version
        self.level = level
        self.size = n = size(version)
        self.stride = st = (n + 7) >> 3
        self.bits = bytearray(n * st)      # the dark modules
        self.func = bytearray(n * st)      # type: bytearray | None  # the function modules (while it is made)
        self.mask = -1

    def dark(self, x, y):
        return self.bits[y * self.stride + (x >> 3)] >> (7 - (x & 7)) & 1

    def _set(self, x, y, d):
        k = y * self.stride + (x >> 3)
        b = 0x80 >> (x & 7)
        self.func[k] |= b
        if d:
            self.bits[k] |= b
        else:
            self.bits[k] &= ~b

    def _functions(self):
        n = self.size
        for i in range(n):
            self._set(6, i, i % 2 == 0)
            self._set(i, 6, i % 2 == 0)
        for cx, cy in ((3, 3), (n - 4, 3), (3, n - 4)):
            for dy in range(-4, 5):
                for dx in range(-4, 5):
                    x = cx + dx
                    y = cy + dy
                    if 0 <= x < n and 0 <= y < n:
                        d = max(abs(dx), abs(dy))
                        self._set(x, y, d != 2 and d != 4)
        pos = _alignment(self.version)
        last = len(pos) - 1
        for i in range(len(pos)):
            for j in range(len(pos)):
                if (i == 0 and j == 0) or (i == 0 and j == last) or (i == last and j == 0):
                    continue
                for dy in range(-2, 3):
                    for dx in range(-2, 3):
                        self._set(pos[i] + dx, pos[j] + dy, max(abs(dx), abs(dy)) != 1)
        self._format(0)     # reserves its modules (written again with the mask)
        if self.version >= 7:
            r = self.version
            for _ in range(12):
                r = (r << 1) ^ ((r >> 11) * 0x1F25)
            bits = self.version << 12 | r
            for i in range(18):
                d = bits >> i & 1
                a = n - 11 + i % 3
                b = i // 3
                self._set(a, b, d)
                self._set(b, a, d)

    def _format(self, mask):
        """The format information, both copies, and the dark module beside
        the lower one (ISO/IEC 18004 7.9)."""
        n = self.size
        bits = _format_bits(self.level, mask)
        for i in range(6):
            self._set(8, i, bits >> i & 1)
        self._set(8, 7, bits >> 6 & 1)
        self._set(8, 8, bits >> 7 & 1)
        self._set(7, 8, bits >> 8 & 1)
        for i in range(9, 15):
            self._set(14 - i, 8, bits >> i & 1)
        for i in range(8):
            self._set(n - 1 - i, 8, bits >> i & 1)
        for i in range(8, 15):
            self._set(8, n - 15 + i, bits >> i & 1)
        self._set(8, n - 8, 1)


def _format_bits(level, mask):
    """The 15 bits of the format information: the level's two bits and the
    mask's three, BCH (15,5) coded, then masked (ISO/IEC 18004 7.9)."""
    data = _FORMAT[level] << 3 | mask
    r = data
    for _ in range(10):
        r = (r << 1) ^ ((r >> 9) * 0x537)
    return (data << 10 | r) ^ 0x5412


def _pattern(m):
    """Mask m as 72 bytes, [(y % 12) * 6 + x % 6]: 1 where it turns a
    module over (every mask repeats every 6 columns and every 12 rows)."""
    out = bytearray(72)
    for y in range(12):
        for x in range(6):
            if _mask(m, x, y):
                out[y * 6 + x] = 1
    return out


def encode(data, level=L, lo=1, hi=40, eci=0):
    """The QR code of data (bytes) at the level, of the smallest version
    from lo to hi that holds it, its bytes' character set named by the
    ECI designator eci (0: none, UTF8: UTF-8); ValueError if none does."""
    if not 0 <= eci <= 127:
        raise ValueError("ECI designator %d: only 0 to 127 are written here" % eci)
    v = version_for(len(data), level, lo, hi, eci)
    if not v:
        raise ValueError("%d bytes do not fit a QR code of version %d at this level" % (len(data), hi))
    code = Code(v, level)
    code._functions()
    cw = _codewords(data, v, level, eci)
    n = code.size
    place(code.bits, code.func, n, code.stride, cw, len(cw) * 8)
    prev = bytearray(n)
    count = array("I", (0,))
    total = n * n
    best = -1
    low = 0
    for m in range(8):
        code._format(m)
        pat = _pattern(m)
        p = penalty(code.bits, code.func, n, code.stride, pat, prev, count)
        k = (abs(count[0] * 20 - total * 10) + total - 1) // total - 1
        p += k * 10
        if best < 0 or p < low:
            best = m
            low = p
    code._format(best)
    apply(code.bits, code.func, n, code.stride, _pattern(best))
    code.mask = best
    code.func = None
    return code
