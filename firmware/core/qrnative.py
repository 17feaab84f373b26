# The loops of a QR code's making (firmware/core/qr.py) in native code:
# the same functions as firmware/core/qrcalc.py, line for line, for Viper,
# MicroPython's emitter of machine code.  In Python a code took a Pico
# seconds, most of it trying the eight masks (the time here: BENCHMARKS.md,
# *The end of a game's QR code*).
# flash.sh compiles this file for the board's architecture (the profile's
# ARCH), as firmware/hal/glyphs.py; qr.py falls back to qrcalc.py where it
# cannot be imported (CPython, a .mpy of another architecture, a port with
# no native emitter).
import micropython


@micropython.viper
def place(dark: ptr8, func: ptr8, n: int, stride: int, cw: ptr8, nbits: int):
    """The codewords' bits (nbits of cw) into the data modules, in the
    zigzag of two-module columns from the bottom right (ISO/IEC 18004
    7.7.3); the remainder bits stay light."""
    i = 0
    right = n - 1
    while right >= 1:
        if right == 6:
            right = 5
        up = (right + 1) & 2
        vert = 0
        while vert < n:
            y = vert
            if up == 0:
                y = n - 1 - vert
            j = 0
            while j < 2:
                x = right - j
                k = y * stride + (x >> 3)
                b = 0x80 >> (x & 7)
                if (func[k] & b) == 0 and i < nbits:
                    if (cw[i >> 3] >> (7 - (i & 7))) & 1:
                        dark[k] = dark[k] | b
                    i += 1
                j += 1
            vert += 1
        right -= 2


@micropython.viper
def apply(dark: ptr8, func: ptr8, n: int, stride: int, pat: ptr8):
    """The mask (pat: its 72 bits, pat[(y % 12) * 6 + x % 6]) over the
    data modules."""
    y = 0
    y12 = 0
    while y < n:
        x = 0
        x6 = 0
        while x < n:
            k = y * stride + (x >> 3)
            b = 0x80 >> (x & 7)
            if (func[k] & b) == 0 and pat[y12 * 6 + x6]:
                dark[k] = dark[k] ^ b
            x += 1
            x6 += 1
            if x6 == 6:
                x6 = 0
        y += 1
        y12 += 1
        if y12 == 12:
            y12 = 0


@micropython.viper
def penalty(dark: ptr8, func: ptr8, n: int, stride: int, pat: ptr8, prev: ptr8, out: ptr32) -> int:
    """The penalty of the mask pat (as apply's) over the code (ISO/IEC
    18004 7.8.3, before the balance of dark and light): runs of five or
    more modules of a colour (3, and 1 a module past the fifth), 2x2
    blocks of a colour (3), the finder-like 1011101 with four light
    modules before or after it (40; beyond the code is the light quiet
    zone).  prev: room for a row (n bytes); out[0]: the dark modules."""
    score = 0
    ndark = 0
    # the rows, with the 2x2 blocks and the dark modules
    y = 0
    y12 = 0
    while y < n:
        run = 0
        col = 2
        w = 0
        last = 0
        pl = 0
        x = 0
        x6 = 0
        k = y * stride
        p = y12 * 6
        db = 0
        fb = 0
        b = 0
        while x < n:
            if b == 0:
                db = dark[k]
                fb = func[k]
                k += 1
                b = 0x80
            d = 0
            if db & b:
                d = 1
            if (fb & b) == 0:
                d = d ^ pat[p + x6]
            b = b >> 1
            ndark += d
            if d == col:
                run += 1
                if run == 5:
                    score += 3
                elif run > 5:
                    score += 1
            else:
                col = d
                run = 1
            w = ((w << 1) | d) & 0x7FF
            if w == 0x5D or w == 0x5D0:
                score += 40
            pc = prev[x]
            if y > 0 and x > 0 and d == last and d == pc and d == pl:
                score += 3
            pl = pc
            prev[x] = d
            last = d
            x += 1
            x6 += 1
            if x6 == 6:
                x6 = 0
        j = 0
        while j < 4:
            w = (w << 1) & 0x7FF
            if w == 0x5D0:
                score += 40
            j += 1
        y += 1
        y12 += 1
        if y12 == 12:
            y12 = 0
    # the columns
    x = 0
    x6 = 0
    while x < n:
        run = 0
        col = 2
        w = 0
        y = 0
        p = 0
        b = 0x80 >> (x & 7)
        k = x >> 3
        while y < n:
            d = 0
            if dark[k] & b:
                d = 1
            if (func[k] & b) == 0:
                d = d ^ pat[p + x6]
            if d == col:
                run += 1
                if run == 5:
                    score += 3
                elif run > 5:
                    score += 1
            else:
                col = d
                run = 1
            w = ((w << 1) | d) & 0x7FF
            if w == 0x5D or w == 0x5D0:
                score += 40
            k += stride
            y += 1
            p += 6
            if p == 72:
                p = 0
        j = 0
        while j < 4:
            w = (w << 1) & 0x7FF
            if w == 0x5D0:
                score += 40
            j += 1
        x += 1
        x6 += 1
        if x6 == 6:
            x6 = 0
    out[0] = ndark
    return score


@micropython.viper
def remainder(data: ptr8, start: int, count: int, gen: ptr8, deg: int, r: ptr8, exp: ptr8, log: ptr8):
    """The Reed-Solomon error correction codewords (deg of them, into r) of
    data[start:start + count]; gen: the generator polynomial without its
    leading 1, highest power first; exp, log: GF(256)'s tables (exp twice
    over)."""
    j = 0
    while j < deg:
        r[j] = 0
        j += 1
    i = start
    while i < start + count:
        f = data[i] ^ r[0]
        j = 0
        while j < deg - 1:
            r[j] = r[j + 1]
            j += 1
        r[deg - 1] = 0
        if f != 0:
            lf = log[f]
            j = 0
            while j < deg:
                g = gen[j]
                if g != 0:
                    r[j] = r[j] ^ exp[log[g] + lf]
                j += 1
        i += 1
