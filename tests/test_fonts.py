"""The committed fonts (assets/fonts/*.fnt) and their converter
(tools/mkfont.py), on CPython, without the Debian font packages: the
byte-for-byte rebuild from the packages is `python3 tools/mkfont.py --check`
(exit 3, naming the package, when one is missing: never a silent pass).
Here the PCF reader and the packer run on small PCF fonts written by the
test itself."""
import os
import random
import struct
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import mkfont  # noqa: E402

FONT_DIR = os.path.join(ROOT, "assets", "fonts")
SPANISH = "áéíóúüñÁÉÍÓÚÜÑ¿¡"
CYRILLIC = "".join(chr(c) for c in range(0x410, 0x450)) + "Ёё"
ASCII = "".join(chr(c) for c in range(0x20, 0x7F))


def committed(name):
    with open(os.path.join(FONT_DIR, name + ".fnt"), "rb") as f:
        return f.read()


@pytest.mark.parametrize("name", ["small", "medium", "large"])
def test_the_committed_font_parses_and_has_every_required_character(name):
    font = mkfont.unpack(committed(name))
    codes = font["codes"]
    assert codes == sorted(set(codes))
    for text in (ASCII, CYRILLIC, SPANISH, "«»—·×→←↑↓•✓"):
        missing = [c for c in text if ord(c) not in font["glyphs"]]
        assert not missing, "%s.fnt lacks %r" % (name, "".join(missing))
    # every printable character has ink; the space has none
    for c in (ASCII + CYRILLIC + SPANISH)[1:]:
        assert any(font["glyphs"][ord(c)]), "%r is blank in %s.fnt" % (c, name)
    assert not any(font["glyphs"][0x20])
    assert font["replacement"] == 0xFFFD and any(font["glyphs"][0xFFFD])
    assert codes[:font["run"]] == list(range(0x20, 0x20 + font["run"]))
    assert font["run"] >= 95                      # all of ASCII is a direct lookup
    assert len(codes) * font["height"] <= 0xFFFF  # one FrameBuffer holds the table


def test_the_small_font_fits_21_characters_on_128_pixels_and_the_large_one_fills_240x135():
    small = mkfont.unpack(committed("small"))
    large = mkfont.unpack(committed("large"))
    assert small["width"] <= 6 and 21 * small["width"] <= 128
    assert 64 // small["height"] >= 6
    assert large["width"] == 8 and large["height"] == 16
    assert 240 // large["width"] == 30 and 135 // large["height"] == 8
    # the PyBadge's 160x128: filled, and a line holds what the 128 px one does
    medium = mkfont.unpack(committed("medium"))
    assert 160 // medium["width"] >= 22 and 128 // (medium["height"] + 1) >= 9 and medium["height"] > small["height"]


@pytest.mark.parametrize("name", ["small", "medium", "large"])
def test_packing_what_the_file_holds_gives_the_same_bytes(name):
    blob = committed(name)
    font = mkfont.unpack(blob)
    assert mkfont.pack(font["width"], font["height"], font["ascent"], font["glyphs"]) == blob


def test_licences_travel_with_the_fonts():
    for name in ("LICENSE-misc-fixed.txt", "LICENSE-terminus.txt"):
        with open(os.path.join(FONT_DIR, name)) as f:
            text = f.read()
        assert "mkfont.py" in text
    with open(os.path.join(FONT_DIR, "LICENSE-terminus.txt")) as f:
        assert "SIL OPEN FONT LICENSE Version 1.1" in f.read()
    for _files, _package, lic in mkfont.FONTS.values():
        assert os.path.exists(os.path.join(FONT_DIR, lic))


# ------------------------------------------------------- synthetic PCF fonts

def write_pcf(glyphs, ascent, descent, fmt=0xE, compressed=True, extra_tables=True):
    """A PCF font: glyphs {code point: (advance, left, right, ascent,
    descent, rows)}; fmt sets byte order (4), bit order (8), glyph padding
    (fmt & 3) and scan unit (fmt >> 4 & 3) of the bitmaps."""
    codes = sorted(glyphs)
    e = ">" if fmt & 4 else "<"
    pad = 1 << (fmt & 3)
    unit = 1 << ((fmt >> 4) & 3)
    tables = []

    if extra_tables:
        names = b"FONT\0x\0"
        props = struct.pack("<i", fmt & 4) + struct.pack(e + "i", 1) + struct.pack(e + "ibi", 0, 1, 5)
        props += b"\0" * 3 + struct.pack(e + "i", len(names)) + names
        tables.append((mkfont.PCF_PROPERTIES, props))

    bounds = struct.pack(e + "6h", 0, 0, 0, 0, 0, 0)
    accel = struct.pack("<i", fmt & 4) + bytes(8) + struct.pack(e + "3i", ascent, descent, 0) + bounds * 2
    tables.append((mkfont.PCF_BDF_ACCELERATORS, accel))

    mfmt = mkfont.PCF_COMPRESSED_METRICS | (fmt & 4) if compressed else fmt & 4
    metrics = struct.pack("<i", mfmt)
    if compressed:
        metrics += struct.pack(e + "h", len(codes))
        for c in codes:
            w, lb, rb, a, d, _ = glyphs[c]
            metrics += bytes(v + 0x80 for v in (lb, rb, w, a, d))
    else:
        metrics += struct.pack(e + "i", len(codes))
        for c in codes:
            w, lb, rb, a, d, _ = glyphs[c]
            metrics += struct.pack(e + "hhhhhH", lb, rb, w, a, d, 0)
    tables.append((mkfont.PCF_METRICS, metrics))

    data = bytearray()
    offsets = []
    for c in codes:
        _w, lb, rb, _a, _d, rows = glyphs[c]
        gw = rb - lb
        row_bytes = (gw + 7) // 8
        stride = (row_bytes + pad - 1) // pad * pad
        offsets.append(len(data))
        for v in rows:
            row = bytearray((v << (row_bytes * 8 - gw)).to_bytes(row_bytes, "big") + bytes(stride - row_bytes))
            if not fmt & 8:                         # LSB-first bits
                row = bytearray(int("{:08b}".format(b)[::-1], 2) for b in row)
            data += row
    data += bytes(-len(data) % unit)
    if bool(fmt & 4) != bool(fmt & 8):              # as libXfont: bytes swapped per scan unit
        for i in range(0, len(data), unit):
            data[i:i + unit] = data[i:i + unit][::-1]
    sizes = [len(data)] * 4
    bitmaps = (struct.pack("<i", fmt) + struct.pack(e + "i", len(codes))
               + struct.pack(e + "%di" % len(codes), *offsets) + struct.pack(e + "4i", *sizes) + data)
    tables.append((mkfont.PCF_BITMAPS, bitmaps))

    min1, max1 = codes[0] >> 8, codes[-1] >> 8
    enc = struct.pack("<i", fmt & 4) + struct.pack(e + "5h", 0, 255, min1, max1, 0)
    index = {c: i for i, c in enumerate(codes)}
    cells = [index.get(c, 0xFFFF) for c in range(min1 << 8, (max1 + 1) << 8)]
    enc += struct.pack(e + "%dH" % len(cells), *cells)
    tables.append((mkfont.PCF_BDF_ENCODINGS, enc))

    out = bytearray(b"\x01fcp" + struct.pack("<i", len(tables)))
    off = 8 + 16 * len(tables)
    body = bytearray()
    for kind, t in tables:
        out += struct.pack("<4i", kind, struct.unpack_from("<i", t)[0], len(t), off + len(body))
        body += t + bytes((4 - len(t) % 4) % 4)
    return bytes(out + body)


def random_glyphs(rnd, codes, width=6, ascent=8, descent=2):
    glyphs = {}
    for c in codes:
        lb = rnd.randint(0, 2)
        rb = rnd.randint(lb + 1, width)
        a = rnd.randint(1, ascent)
        d = rnd.randint(0, descent)
        glyphs[c] = (width, lb, rb, a, d, [rnd.getrandbits(rb - lb) for _ in range(a + d)])
    glyphs[0x20] = (width, 0, 1, 1, 0, [0])
    return glyphs


def in_cell(glyph, width, ascent, height):
    """The cell rows a glyph should become, worked out pixel by pixel."""
    _w, lb, rb, a, _d, rows = glyph
    out = [0] * height
    for r, v in enumerate(rows):
        for c in range(rb - lb):
            if v >> (rb - lb - 1 - c) & 1:
                out[ascent - a + r] |= 1 << (width - 1 - (lb + c))
    return out


REQUIRED_CODES = sorted(set(mkfont.REQUIRED))


@pytest.mark.parametrize("fmt,compressed", [(0xE, True), (0xE, False), (0x0, True), (0x4, True),
                                            (0x8, False), (0x1C, True), (0x25, True), (0x29, False),
                                            (0x3, True), (0x1F, True)])
def test_pcf_in_every_byte_order_bit_order_padding_and_scan_unit(fmt, compressed):
    rnd = random.Random(fmt * 2 + compressed)
    glyphs = random_glyphs(rnd, REQUIRED_CODES + [0x2192, 0xFFFD], width=12, ascent=11, descent=3)
    font = mkfont.unpack(mkfont.build(write_pcf(glyphs, 11, 3, fmt, compressed, extra_tables=fmt & 1)))
    assert (font["width"], font["height"], font["ascent"]) == (12, 14, 11)
    assert sorted(font["glyphs"]) == sorted(glyphs)
    for c, g in glyphs.items():
        assert font["glyphs"][c] == in_cell(g, 12, 11, 14), "U+%04X" % c
    assert font["replacement"] == 0xFFFD


def test_without_a_replacement_glyph_a_box_is_drawn():
    glyphs = random_glyphs(random.Random(1), REQUIRED_CODES)
    font = mkfont.unpack(mkfont.build(write_pcf(glyphs, 8, 2)))
    box = font["glyphs"][0xFFFD]
    assert font["replacement"] == 0xFFFD and sum(bin(v).count("1") for v in box) >= 12


def test_a_font_lacking_a_required_character_is_refused():
    glyphs = random_glyphs(random.Random(2), [c for c in REQUIRED_CODES if c != ord("ñ")])
    with pytest.raises(mkfont.PcfError, match="U\\+00F1"):
        mkfont.build(write_pcf(glyphs, 8, 2))


def test_a_second_source_fills_in_only_symbols_that_fit_the_cell():
    rnd = random.Random(3)
    main = random_glyphs(rnd, REQUIRED_CODES)
    fits = (6, 0, 6, 7, 0, [0b000001, 0b000010, 0b000100, 0b101000, 0b010000, 0, 0])
    too_tall = (6, 0, 6, 10, 0, [1] * 10)
    other = {0x20: main[0x20], 0x2713: fits, 0x2717: too_tall, ord("A"): fits}
    font = mkfont.unpack(mkfont.build([write_pcf(main, 8, 2), write_pcf(other, 10, 2)]))
    assert font["glyphs"][0x2713] == in_cell(fits, 6, 8, 10)
    assert 0x2717 not in font["glyphs"]
    assert font["glyphs"][ord("A")] == in_cell(main[ord("A")], 6, 8, 10)   # the first source wins


def fake_sources(tmp_path):
    """Synthetic PCF files under the names mkfont reads."""
    src = tmp_path / "src"
    src.mkdir()
    rnd = random.Random(4)
    for files, _package, _lic in mkfont.FONTS.values():
        for i, name in enumerate(files):
            glyphs = random_glyphs(rnd, REQUIRED_CODES if i == 0 else [0x20, 0x2713])
            (src / name).write_bytes(write_pcf(glyphs, 8, 2))
    return src


def test_check_passes_on_a_rebuild_and_fails_on_any_changed_byte(tmp_path, capsys):
    src = fake_sources(tmp_path)
    out = tmp_path / "out"
    assert mkfont.main(["--src", str(src), "--out", str(out)]) == 0
    assert sorted(os.listdir(out)) == ["large.fnt", "medium.fnt", "small.fnt"]
    first = (out / "small.fnt").read_bytes()
    assert mkfont.main(["--src", str(src), "--out", str(out)]) == 0
    assert (out / "small.fnt").read_bytes() == first          # rerunnable, deterministic
    assert mkfont.main(["--check", "--src", str(src), "--out", str(out)]) == 0
    blob = bytearray(first)
    blob[-1] ^= 1
    (out / "small.fnt").write_bytes(bytes(blob))
    assert mkfont.main(["--check", "--src", str(src), "--out", str(out)]) == 1
    assert "DIFFERS small.fnt" in capsys.readouterr().out


def test_check_without_the_font_package_fails_and_names_it(tmp_path):
    r = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "mkfont.py"), "--check",
                        "--src", str(tmp_path)], capture_output=True, text=True, timeout=60)
    assert r.returncode == 3
    assert "apt-get install xfonts-" in r.stderr
