# firmware.core.font on both runtimes: with the real framebuf under the
# MicroPython unix port, with host_sim/fakes/framebuf.py on CPython.  The
# expected pixels are decoded here from the font file, independently of the
# code under test.
import gc

try:
    import framebuf
except ImportError:  # CPython: the stand-in
    import os
    import sys
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                                    "host_sim", "fakes"))
    import framebuf

from firmware.core.font import Font

SMALL = "assets/fonts/small.fnt"
LARGE = "assets/fonts/large.fnt"
REQUIRED = ("".join(chr(c) for c in range(0x20, 0x7F))
            + "".join(chr(c) for c in range(0x410, 0x450)) + "Ёё"
            + "áéíóúüñÁÉÍÓÚÜÑ¿¡")
SYMBOLS = "«»—·×→←↑↓•✓"
LONG = "¡Hola! Ёлка, ¿qué tal? Sapa Inca → 12 VP «Pizarro» × ñandú — Ж" * 3

_files = {}


def raw(path):
    if path not in _files:
        with open(path, "rb") as f:
            _files[path] = f.read()
    return _files[path]


def ref_glyph(path, ch):
    """The glyph of ch as rows of 0/1, read straight from the file (linear
    search; the replacement glyph if ch is missing)."""
    d = raw(path)
    adv, h = d[5], d[6]
    n = d[8] | (d[9] << 8)
    idx = d[10] | (d[11] << 8)
    for i in range(n):
        if d[16 + 2 * i] | (d[17 + 2 * i] << 8) == ord(ch):
            idx = i
            break
    bpr = (adv + 7) // 8
    o = 16 + 2 * n + idx * h * bpr
    rows = []
    for r in range(h):
        bits = 0
        for b in range(bpr):
            bits = (bits << 8) | d[o + r * bpr + b]
        rows.append([(bits >> (bpr * 8 - 1 - x)) & 1 for x in range(adv)])
    return rows


def mono(w, h, fill=0):
    buf = bytearray(w * ((h + 7) // 8))
    fb = framebuf.FrameBuffer(buf, w, h, framebuf.MONO_VLSB)
    fb.fill(fill)
    return fb, buf


def colour(w, h, fill=0):
    buf = bytearray(2 * w * h)
    fb = framebuf.FrameBuffer(buf, w, h, framebuf.RGB565)
    fb.fill(fill)
    return fb, buf


def expect_text(path, fb, text, x0, y0, fg, bg, w, h):
    """Every pixel of fb (w x h) is fg where a glyph of text drawn at
    (x0, y0) has ink, else bg."""
    d = raw(path)
    adv, gh = d[5], d[6]
    want = {}
    for k in range(len(text)):
        rows = ref_glyph(path, text[k])
        for r in range(gh):
            for c in range(adv):
                if rows[r][c]:
                    want[(x0 + k * adv + c, y0 + r)] = 1
    for y in range(h):
        for x in range(w):
            got = fb.pixel(x, y)
            exp = fg if (x, y) in want else bg
            assert got == exp, "%r at (%d,%d): %r, expected %r" % (text, x, y, got, exp)
    return len(want)


def test_both_fonts_load_with_the_sizes_the_screens_need():
    small = Font(SMALL)
    large = Font(LARGE)
    assert small.advance <= 6 and 21 * small.advance <= 128
    assert 64 // small.height >= 5
    assert 240 // large.advance >= 26 and 135 // large.height >= 8
    assert large.height > small.height
    for f in (small, large):
        assert f.count > 300 and 0 < f.baseline < f.height


def test_every_required_character_has_its_own_glyph():
    for path in (SMALL, LARGE):
        f = Font(path)
        missing = [c for c in REQUIRED + SYMBOLS if not f.has(c)]
        assert not missing, "%s lacks %r" % (path, "".join(missing))
    assert not Font(SMALL).has("\u4e2d")


def test_width_is_characters_times_advance():
    f = Font(SMALL)
    assert f.width("") == 0
    assert f.width("Hola") == 4 * f.advance
    assert f.width("Ёжик ¿sí?") == 9 * f.advance


def test_ascii_on_the_mono_oled_matches_the_font_file():
    fb, _ = mono(40, 12)
    x = Font(SMALL).draw(fb, "Ag1~", 2, 1, 1)
    assert x == 2 + 4 * 6
    assert expect_text(SMALL, fb, "Ag1~", 2, 1, 1, 0, 40, 12) > 20


def test_cyrillic_and_spanish_on_the_colour_screen_keep_the_background():
    bg = 0x39E7
    fg = 0xFFE0
    text = "ЁжÑ¿¡«»→"
    fb, _ = colour(80, 20, bg)
    Font(LARGE).draw(fb, text, 3, 2, fg)
    assert expect_text(LARGE, fb, text, 3, 2, fg, bg, 80, 20) > 60


def gs4(w, h, fill=0):
    buf = bytearray(((w + 1) // 2) * h)
    fb = framebuf.FrameBuffer(buf, w, h, framebuf.GS4_HMSB)
    fb.fill(fill)
    return fb, buf


def test_text_on_the_colour_frame_in_palette_indices():
    """The colour boards' frame holds 4-bit palette indices: text in any
    index (0 and 1 too, the values the 2-entry palette's key flips between)
    on any other keeps the background."""
    f = Font(LARGE)
    text = "ЁжÑ¿¡«»→ Ag"
    for fg in range(16):
        bg = (fg * 7 + 3) % 16 if fg != 3 else 0
        for x0 in (0, 1, -2):       # even and odd pixels share a byte
            fb, _ = gs4(63, 17, bg)
            f.draw(fb, text, x0, 1, fg)
            assert expect_text(LARGE, fb, text, x0, 1, fg, bg, 63, 17) > 60


def test_the_colour_canvas_draws_text_in_native_code_on_micropython():
    """On MicroPython the Canvas draws text with firmware/hal/glyphs
    (viper: the unix port compiles it from source, a board loads it
    compiled for its chip): the file's glyphs, UTF-8 decoded, in any index
    on any other, clipped at every edge, a missing character as the
    replacement glyph.  CPython draws with the font's blits."""
    import sys
    from firmware.hal import canvas
    cv = canvas.Canvas(8, 8, True, Font(SMALL), palette=(0, 1))
    if sys.implementation.name != "micropython":
        assert cv._text is None
        return
    from firmware.hal.glyphs import text
    assert cv._text is text and canvas.Canvas(8, 8, False, Font(SMALL))._text is text
    cases = (("ЁжÑ¿¡«»→ Ag", 0, 1), ("ЁжÑ¿¡«»→ Ag", 1, 0), ("Жñ—x", -7, -4), ("Жñ", 57, 9),
             ("\u4e2d\U0001F600z", 5, 2), ("far", 70, 0), ("", 3, 3), ("up", -100, -100))
    for path in (SMALL, LARGE):
        f = Font(path)
        for k in range(len(cases)):
            s, x, y = cases[k]
            fg = (k * 5 + 1) % 16
            bg = (fg + 7) % 16
            fb, buf = gs4(63, 17, bg)
            assert text(buf, 63, 17, f.file, s, len(s), x, y, fg, 0) == x + len(s) * f.advance
            expect_text(path, fb, s, x, y, fg, bg, 63, 17)


def test_the_mono_canvas_draws_text_in_native_code_as_framebuf_does():
    """The mono frame (MONO_VLSB: a byte a column of 8 rows) gets the same
    text from firmware/hal/glyphs as from the font's blits: lit on dark and
    dark on lit (the selected row), at every row offset in a byte, clipped
    at every edge; and the Canvas draws with it."""
    import sys
    if sys.implementation.name != "micropython":
        return
    from firmware.hal import canvas
    from firmware.hal.glyphs import text
    cases = (("ЁжÑ¿¡«»→ Ag", 0, 1), ("Жñ—x", -7, -4), ("Жñ", 57, 9), ("\u4e2d\U0001F600z", 5, 2),
             ("far", 70, 0), ("", 3, 3), ("up", -100, -100), ("Brown +1 VP", 1, 7), ("G1 C0", 2, 5))
    for path in (SMALL, LARGE):
        f = Font(path)
        for s, x, y in cases:
            for fg in (1, 0):
                ref, ref_buf = mono(63, 21, 1 - fg)
                f.draw(ref, s, x, y, fg)
                fb, buf = mono(63, 21, 1 - fg)
                assert text(buf, 63, 21, f.file, s, len(s), x, y, fg, 1) == x + len(s) * f.advance
                assert buf == ref_buf, (path, s, x, y, fg)
    cv = canvas.Canvas(40, 16, False, Font(SMALL))
    cv.fill(0)
    cv.text(1, 3, "Undo", 1)
    ref, ref_buf = mono(40, 16)
    Font(SMALL).draw(ref, "Undo", 1, 3, 1)
    assert cv.buf == ref_buf


def test_native_text_leaves_out_the_bits_past_a_glyphs_width():
    """A font file whose glyph rows carry 1 bits past the character's
    width (padding) draws as framebuf does: those bits are not ink."""
    import sys
    if sys.implementation.name != "micropython":
        return
    from firmware.hal.glyphs import text
    d = bytearray(raw(SMALL))
    adv, h = d[5], d[6]
    n = d[8] | (d[9] << 8)
    bpr = (adv + 7) // 8
    assert adv % 8, "the small font has padding bits to set"
    pad = 0xFF >> (adv % 8)
    for g in range(n):
        for r in range(h):
            d[16 + 2 * n + (g * h + r) * bpr + bpr - 1] |= pad
    fb, buf = gs4(40, 12, 3)
    text(buf, 40, 12, bytes(d), "Aж", 2, 1, 0, 9, 0)
    expect_text(SMALL, fb, "Aж", 1, 0, 9, 3, 40, 12)
    fb, buf = mono(40, 12)
    text(buf, 40, 12, bytes(d), "Aж", 2, 1, 0, 1, 1)
    expect_text(SMALL, fb, "Aж", 1, 0, 1, 0, 40, 12)


def test_colour_text_through_the_palette_is_the_rgb565_text():
    """Drawn in indices and turned into RGB565 through the palette (as the
    ST7789 driver sends a frame) gives the bytes of drawing the colours
    themselves into an RGB565 frame."""
    palette = (0x0000, 0xEF5D, 0x6B6D, 0x3A31, 0xFFFF, 0x7A20, 0xFF34, 0x2B7F, 0xFC60, 0x2E47, 0xCCCC)
    pal = framebuf.FrameBuffer(bytearray(32), 16, 1, framebuf.RGB565)
    for i in range(len(palette)):
        pal.pixel(i, 0, palette[i])
    f = Font(LARGE)
    w, h = 61, 2 * f.height + 3
    frame, _ = gs4(w, h)
    ref, ref_buf = colour(w, h)
    for fb, col in ((frame, lambda i: i), (ref, lambda i: palette[i])):
        fb.fill(col(5))
        fb.fill_rect(3, f.height, 40, f.height + 2, col(3))
        f.draw(fb, "Sapa Inca «Ёлка»", -1, 0, col(6))
        f.draw(fb, "ñandú → 12", 4, f.height + 1, col(4))
        f.draw(fb, "01", 51, f.height + 1, col(0))
        f.draw(fb, "10", 50, 2, col(1))
    got, got_buf = colour(w, h, 0x1234)
    got.blit(frame, 0, 0, -1, pal)
    assert got_buf == ref_buf


def test_dark_text_on_a_lit_bar():
    fb, _ = mono(30, 10, 1)
    Font(SMALL).draw(fb, "Sí", 0, 0, 0)
    assert expect_text(SMALL, fb, "Sí", 0, 0, 0, 1, 30, 10) > 10


def test_a_missing_character_draws_the_visible_replacement_glyph():
    f = Font(SMALL)
    fb, _ = mono(12, 10)
    f.draw(fb, "\u4e2d\U0001F600", 0, 0, 1)
    assert expect_text(SMALL, fb, "\ufffd\ufffd", 0, 0, 1, 0, 12, 10) > 10
    assert f.index(0x4E2D) == f.index(0xFFFD)


def test_text_is_clipped_at_every_edge():
    f = Font(SMALL)
    fb, _ = mono(16, 8)
    for x, y in ((-7, 0), (-3, -4), (13, 5), (0, -9), (16, 0), (0, 8), (-100, -100)):
        fb.fill(0)
        f.draw(fb, "Жñ", x, y, 1)
        expect_text(SMALL, fb, "Жñ", x, y, 1, 0, 16, 8)


def test_the_small_font_fits_21_characters_on_the_oled_line():
    f = Font(SMALL)
    fb, _ = mono(128, 64)
    line = "Ёжик ¿sí? → 12 VP ñ!."
    assert len(line) == 21
    assert f.draw(fb, line, 0, 0, 1) <= 128
    expect_text(SMALL, fb, line, 0, 0, 1, 0, 128, 12)


def test_drawing_allocates_nothing_per_character():
    f = Font(SMALL)
    fb, _ = mono(128, 64)
    f.draw(fb, LONG, 0, 0, 1)       # a first draw (what the font reads once)
    if hasattr(gc, "mem_alloc"):    # MicroPython: the real measure
        gc.collect()
        gc.disable()
        try:
            a = gc.mem_alloc()
            for _ in range(40):
                f.draw(fb, LONG, -3, 5, 1)
            b = gc.mem_alloc()
        finally:
            gc.enable()
        # 40 draws x len(LONG) characters: an allocation per character
        # would show (at least 16 bytes each); one small object a draw is
        # all it may take (the text's bytes, which share the str's data: a
        # loop over the str itself would intern each character for good)
        assert len(LONG) * 40 > 7000
        assert b - a <= 40 * 32, "%d bytes allocated by 40 draws of %d characters" % (b - a, len(LONG))
    else:                           # CPython: nothing kept per draw
        # (what the font's own code kept: a test runner's threads allocate
        # meanwhile too)
        import tracemalloc
        import firmware.core.font as font
        mine = [tracemalloc.Filter(True, font.__file__)]
        tracemalloc.start()
        try:
            a = tracemalloc.take_snapshot().filter_traces(mine)
            for _ in range(4):
                f.draw(fb, LONG, -3, 5, 1)
            b = tracemalloc.take_snapshot().filter_traces(mine)
        finally:
            tracemalloc.stop()
        kept = sum(s.size_diff for s in b.compare_to(a, "lineno"))
        assert kept < 1024, "%d bytes kept by 4 draws" % kept
