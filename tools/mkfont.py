#!/usr/bin/env python3
"""Build the device's bitmap fonts (assets/fonts/*.fnt) from X11 PCF fonts.

Sources (Debian 12 packages xfonts-base 1:1.0.5+nmu1 and xfonts-terminus
4.48-3.1, installed with `apt-get install xfonts-base xfonts-terminus`):
  small.fnt  misc-fixed 6x10, /usr/share/fonts/X11/misc/6x10.pcf.gz (xfonts-base),
             public domain.  6 px advance: 21 characters on a 128 px line,
             6 lines on 64 px.  The few wanted symbols 6x10 lacks (check
             mark, ballot x, left/right triangles) come from its sibling
             misc-fixed 6x12 (6x12.pcf.gz, same package and licence) when
             their ink fits the 6x10 cell on the same baseline.
  medium.fnt Terminus Font 6x12, /usr/share/fonts/X11/misc/ter-u12n_unicode.pcf.gz
             (xfonts-terminus), SIL Open Font License 1.1 (as large.fnt): 26
             characters and 9 lines on the PyBadge's 160x128, taller than
             6x10 (every text that fits the 128x64 screen's 21 fits it).
  large.fnt  Terminus Font 8x16, /usr/share/fonts/X11/misc/ter-u16n_unicode.pcf.gz
             (xfonts-terminus), SIL Open Font License 1.1: 30 characters,
             8 lines on 240x135.  A subset in another format is a Modified
             Version under the OFL, so the file does not carry the Reserved
             Font Name; the licence travels with it (LICENSE-terminus.txt).

Commands (from the repository root, plain CPython 3, no other package):
    python3 tools/mkfont.py            # (re)write assets/fonts/*.fnt
    python3 tools/mkfont.py --check    # rebuild in memory, compare byte for byte
    python3 tools/mkfont.py --src DIR  # read the .pcf.gz files from DIR instead

PCF is parsed here directly (no converter such as pcf2bdf is needed).  The
output is deterministic: the same package version gives the same bytes.
--check exits 0 when the committed files are reproduced, 1 when they differ,
and 3 (naming the package to install) when a source font is missing, so a
missing package is never mistaken for a pass.

The .fnt format (all integers little-endian):
  0   4  magic b"MFNT"
  4   1  format version (1)
  5   1  advance = cell width in pixels (every glyph has it: monospaced)
  6   1  cell height in pixels (line height)
  7   1  baseline: rows from the cell top to the baseline
  8   2  N, number of glyphs
  10  2  index of the replacement glyph (drawn for a missing character)
  12  2  R: entries 0..R-1 of the code table are consecutive code points
         (code[i] == code[0] + i), a direct lookup for ASCII
  14  2  bytes per glyph, B = cell height * ceil(advance / 8)
  16  2N code points, sorted ascending, uint16
  16+2N  N*B glyph bitmaps in the same order: framebuf MONO_HLSB rows, top
         to bottom, bit 7 of each byte leftmost.  Stacked, they form one
         MONO_HLSB image `advance` wide and N*height tall, so the device
         wraps the whole table in a single FrameBuffer once and clips a
         glyph out of it with blit (all in C, no per-character allocation).
"""
import argparse
import gzip
import os
import struct
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT_DIR = os.path.join(ROOT, "assets", "fonts")
SRC_DIR = "/usr/share/fonts/X11/misc"

MAGIC = b"MFNT"
VERSION = 1
HEADER = 16

# name -> (source files: the first sets the cell, the others only fill in
# missing WANTED characters; Debian package; licence file)
FONTS = {
    "small": (("6x10.pcf.gz", "6x12.pcf.gz"), "xfonts-base", "LICENSE-misc-fixed.txt"),
    "medium": (("ter-u12n_unicode.pcf.gz",), "xfonts-terminus", "LICENSE-terminus.txt"),
    "large": (("ter-u16n_unicode.pcf.gz",), "xfonts-terminus", "LICENSE-terminus.txt"),
}

REPLACEMENT = 0xFFFD


def _r(a, b):
    return list(range(a, b + 1))


# Every font must have these (the game's three languages).
REQUIRED = (_r(0x20, 0x7E)
            + _r(0x410, 0x44F) + [0x401, 0x451]
            + [ord(c) for c in "áéíóúüñÁÉÍÓÚÜÑ¿¡"])
# Taken when the source has them: the rest of Latin-1 and basic Cyrillic,
# typographic punctuation and the symbols the screens use.
WANTED = (_r(0xA0, 0xFF) + _r(0x400, 0x45F)
          + [0x2013, 0x2014, 0x2018, 0x2019, 0x201C, 0x201D, 0x201E,  # – — ‘ ’ “ ” „
             0x2022, 0x2026, 0x20AC, 0x2116,                          # • … € №
             0x2190, 0x2191, 0x2192, 0x2193,                          # ← ↑ → ↓
             0x2713, 0x2717, 0x25B2, 0x25BC, 0x25B6, 0x25C0])         # ✓ ✗ ▲ ▼ ▶ ◀
# Named here so the tests can check them: the symbols of the brief.
SYMBOLS = [ord(c) for c in "«»—·×→←↑↓•✓"]


# ---------------------------------------------------------------- PCF reader

PCF_PROPERTIES = 1 << 0
PCF_ACCELERATORS = 1 << 1
PCF_METRICS = 1 << 2
PCF_BITMAPS = 1 << 3
PCF_BDF_ENCODINGS = 1 << 5
PCF_BDF_ACCELERATORS = 1 << 8

PCF_GLYPH_PAD_MASK = 3
PCF_BYTE_MASK = 1 << 2      # set: integers and bitmap bytes MSB first
PCF_BIT_MASK = 1 << 3       # set: bit 7 is the leftmost pixel
PCF_SCAN_UNIT_MASK = 3 << 4
PCF_COMPRESSED_METRICS = 0x100


class PcfError(ValueError):
    pass


def _table(data, tables, kind):
    if kind not in tables:
        raise PcfError("PCF table %d missing" % kind)
    off = tables[kind]
    (fmt,) = struct.unpack_from("<i", data, off)
    endian = ">" if fmt & PCF_BYTE_MASK else "<"
    return fmt, endian, off + 4


def read_pcf(data):
    """Parse a PCF font (bytes, gzip'ed or not).  Returns a dict with
    `ascent`, `descent`, `props` (name -> value) and `glyphs`
    {code point: (advance, left, right, ascent, descent, rows)} where rows
    are ints, one per bitmap row, bit (right-left-1) the leftmost pixel."""
    if data[:2] == b"\x1f\x8b":
        data = gzip.decompress(data)
    if data[:4] != b"\x01fcp":
        raise PcfError("not a PCF font")
    (count,) = struct.unpack_from("<i", data, 4)
    tables = {}
    for i in range(count):
        kind, _fmt, _size, off = struct.unpack_from("<iiii", data, 8 + 16 * i)
        tables[kind] = off

    props = {}
    if PCF_PROPERTIES in tables:
        fmt, e, p = _table(data, tables, PCF_PROPERTIES)
        (n,) = struct.unpack_from(e + "i", data, p)
        p += 4
        entries = []
        for _ in range(n):
            name, is_str, value = struct.unpack_from(e + "ibi", data, p)
            entries.append((name, is_str, value))
            p += 9
        p += (4 - (n & 3)) & 3
        (slen,) = struct.unpack_from(e + "i", data, p)
        p += 4
        strings = data[p:p + slen]

        def cstr(o):
            return strings[o:strings.index(b"\0", o)].decode("latin-1")
        for name, is_str, value in entries:
            props[cstr(name)] = cstr(value) if is_str else value

    kind = PCF_BDF_ACCELERATORS if PCF_BDF_ACCELERATORS in tables else PCF_ACCELERATORS
    fmt, e, p = _table(data, tables, kind)
    ascent, descent = struct.unpack_from(e + "ii", data, p + 8)
    if not (0 <= ascent < 256 and 0 <= descent < 256 and ascent + descent > 0):
        raise PcfError("implausible font ascent %d / descent %d" % (ascent, descent))

    fmt, e, p = _table(data, tables, PCF_METRICS)
    metrics = []
    if fmt & PCF_COMPRESSED_METRICS:
        (n,) = struct.unpack_from(e + "h", data, p)
        p += 2
        for i in range(n):
            lb, rb, w, a, d = (b - 0x80 for b in data[p + 5 * i:p + 5 * i + 5])
            metrics.append((w, lb, rb, a, d))
    else:
        (n,) = struct.unpack_from(e + "i", data, p)
        p += 4
        for i in range(n):
            lb, rb, w, a, d, _attr = struct.unpack_from(e + "hhhhhH", data, p + 12 * i)
            metrics.append((w, lb, rb, a, d))

    fmt, e, p = _table(data, tables, PCF_BITMAPS)
    (n,) = struct.unpack_from(e + "i", data, p)
    if n != len(metrics):
        raise PcfError("PCF bitmaps and metrics disagree")
    p += 4
    offsets = struct.unpack_from(e + "%di" % n, data, p)
    p += 4 * n
    sizes = struct.unpack_from(e + "4i", data, p)
    p += 16
    pad = 1 << (fmt & PCF_GLYPH_PAD_MASK)
    unit = 1 << ((fmt & PCF_SCAN_UNIT_MASK) >> 4)
    bits = bytearray(data[p:p + sizes[fmt & PCF_GLYPH_PAD_MASK]])
    if not fmt & PCF_BIT_MASK:
        bits = bytearray(int("{:08b}".format(b)[::-1], 2) for b in bits)
    if bool(fmt & PCF_BYTE_MASK) != bool(fmt & PCF_BIT_MASK) and unit > 1:
        for i in range(0, len(bits) - unit + 1, unit):
            bits[i:i + unit] = bits[i:i + unit][::-1]

    fmt, e, p = _table(data, tables, PCF_BDF_ENCODINGS)
    min2, max2, min1, max1, _default = struct.unpack_from(e + "5h", data, p)
    p += 10
    cols = max2 - min2 + 1
    glyphs = {}
    for b1 in range(min1, max1 + 1):
        for b2 in range(min2, max2 + 1):
            (idx,) = struct.unpack_from(e + "H", data, p + 2 * ((b1 - min1) * cols + b2 - min2))
            if idx == 0xFFFF:
                continue
            w, lb, rb, a, d = metrics[idx]
            gw = rb - lb
            row_bytes = (gw + 7) // 8
            stride = (row_bytes + pad - 1) // pad * pad
            rows = []
            o = offsets[idx]
            for r in range(a + d):
                v = int.from_bytes(bits[o + r * stride:o + r * stride + row_bytes], "big")
                rows.append(v >> (row_bytes * 8 - gw) if gw else 0)
            glyphs[(b1 << 8) | b2] = (w, lb, rb, a, d, rows)
    return {"ascent": ascent, "descent": descent, "props": props, "glyphs": glyphs}


# ------------------------------------------------------------- cell bitmaps

def cell(glyph, width, height, ascent):
    """The glyph in a width x height cell whose baseline is `ascent` rows
    down: a list of `height` ints, bit (width-1) the leftmost pixel.
    Raises PcfError if ink falls outside the cell."""
    _w, lb, rb, a, _d, rows = glyph
    gw = rb - lb
    out = [0] * height
    for r, v in enumerate(rows):
        if not v:
            continue
        y = ascent - a + r
        if not 0 <= y < height:
            raise PcfError("ink outside the cell (row %d)" % y)
        for c in range(gw):
            if v >> (gw - 1 - c) & 1:
                x = lb + c
                if not 0 <= x < width:
                    raise PcfError("ink outside the cell (column %d)" % x)
                out[y] |= 1 << (width - 1 - x)
    return out


def box(width, height, ascent):
    """A hollow box, the replacement glyph when the source has no U+FFFD."""
    top = max(0, ascent - (height * 3) // 4)
    bottom = min(height - 1, ascent - 1)
    left, right = 0, width - 2
    out = [0] * height
    for y in range(top, bottom + 1):
        for x in range(left, right + 1):
            if y in (top, bottom) or x in (left, right):
                out[y] |= 1 << (width - 1 - x)
    return out


def pack(width, height, ascent, glyphs):
    """glyphs: {code point: cell rows} -> .fnt bytes."""
    if not 0 < width < 256 or not 0 < height < 256:
        raise ValueError("cell size out of range")
    if REPLACEMENT not in glyphs:
        glyphs = dict(glyphs)
        glyphs[REPLACEMENT] = box(width, height, ascent)
    codes = sorted(glyphs)
    if codes[-1] > 0xFFFF:
        raise ValueError("code points above U+FFFF are not supported")
    n = len(codes)
    if n * height > 0xFFFF:
        raise ValueError("glyph table taller than a FrameBuffer can be")
    bpr = (width + 7) // 8
    run = 1
    while run < n and codes[run] == codes[0] + run:
        run += 1
    out = bytearray(MAGIC)
    out += struct.pack("<BBBBHHHH", VERSION, width, height, ascent, n,
                       codes.index(REPLACEMENT), run, height * bpr)
    out += struct.pack("<%dH" % n, *codes)
    for c in codes:
        rows = glyphs[c]
        if len(rows) != height:
            raise ValueError("glyph U+%04X has %d rows, not %d" % (c, len(rows), height))
        for v in rows:
            if v >> width:
                raise ValueError("glyph U+%04X is wider than the cell" % c)
            out += (v << (bpr * 8 - width)).to_bytes(bpr, "big")
    return bytes(out)


def unpack(blob):
    """.fnt bytes -> dict(width, height, ascent, replacement, run, glyphs
    {code point: cell rows}).  The inverse of pack()."""
    if blob[:4] != MAGIC:
        raise ValueError("not a font file")
    ver, width, height, ascent, n, repl, run, gsize = struct.unpack_from("<BBBBHHHH", blob, 4)
    if ver != VERSION:
        raise ValueError("font format version %d" % ver)
    bpr = (width + 7) // 8
    if gsize != height * bpr or len(blob) != HEADER + 2 * n + n * gsize:
        raise ValueError("font file size does not match its header")
    codes = struct.unpack_from("<%dH" % n, blob, HEADER)
    base = HEADER + 2 * n
    glyphs = {}
    for i, c in enumerate(codes):
        o = base + i * gsize
        glyphs[c] = [int.from_bytes(blob[o + r * bpr:o + (r + 1) * bpr], "big") >> (bpr * 8 - width)
                     for r in range(height)]
    return {"width": width, "height": height, "ascent": ascent, "codes": list(codes),
            "replacement": codes[repl], "run": run, "glyphs": glyphs}


def build(pcf_list, name="font"):
    """PCF bytes (one, or a list: the first sets the cell and must have
    every REQUIRED character; the others only fill in WANTED characters
    the first lacks, when they have the same advance and their ink fits
    the cell on the same baseline) -> .fnt bytes."""
    if isinstance(pcf_list, (bytes, bytearray)):
        pcf_list = [pcf_list]
    fonts = [read_pcf(b) for b in pcf_list]
    ascent, descent = fonts[0]["ascent"], fonts[0]["descent"]
    height = ascent + descent
    src = fonts[0]["glyphs"]
    missing = [c for c in REQUIRED if c not in src]
    if missing:
        raise PcfError("%s lacks %s" % (name, " ".join("U+%04X" % c for c in missing)))
    width = src[0x20][0]
    picked = {}
    for c in sorted(set(REQUIRED + WANTED + [REPLACEMENT])):
        for font in fonts:
            g = font["glyphs"].get(c)
            if g is None:
                continue
            if g[0] != width:
                if c in REQUIRED:
                    raise PcfError("%s: U+%04X is %d px wide, not %d" % (name, c, g[0], width))
                continue
            try:
                picked[c] = cell(g, width, height, ascent)
            except PcfError:
                if c in REQUIRED:
                    raise
                continue
            break
    return pack(width, height, ascent, picked)


# -------------------------------------------------------------------- main

def outputs(src_dir):
    """{file name: bytes} for every font; raises FileNotFoundError naming
    the Debian package when a source is missing."""
    out = {}
    for name in sorted(FONTS):
        files, package, _lic = FONTS[name]
        blobs = []
        for pcf in files:
            path = os.path.join(src_dir, pcf)
            if not os.path.exists(path):
                raise FileNotFoundError("%s not found: apt-get install %s" % (path, package))
            with open(path, "rb") as f:
                blobs.append(f.read())
        out[name + ".fnt"] = build(blobs, files[0])
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description="Build assets/fonts/*.fnt from X11 PCF fonts.")
    ap.add_argument("--check", action="store_true", help="compare with the committed files, write nothing")
    ap.add_argument("--src", default=SRC_DIR, help="directory of the .pcf.gz files (default %(default)s)")
    ap.add_argument("--out", default=OUT_DIR, help="output directory (default assets/fonts)")
    args = ap.parse_args(argv)
    try:
        built = outputs(args.src)
    except FileNotFoundError as e:
        print("mkfont: %s" % e, file=sys.stderr)
        return 3
    status = 0
    for fname in sorted(built):
        path = os.path.join(args.out, fname)
        data = built[fname]
        info = unpack(data)
        desc = "%s: %d glyphs, %dx%d, %d bytes" % (fname, len(info["codes"]), info["width"],
                                                   info["height"], len(data))
        if args.check:
            try:
                with open(path, "rb") as f:
                    same = f.read() == data
            except OSError:
                same = False
            print("%s %s" % ("same" if same else "DIFFERS", desc))
            if not same:
                status = 1
        else:
            os.makedirs(args.out, exist_ok=True)
            with open(path, "wb") as f:
                f.write(data)
            print("wrote " + desc)
    return status


if __name__ == "__main__":
    sys.exit(main())
