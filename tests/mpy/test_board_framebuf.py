# firmware/hal/framebuf_py.py (the framebuf flash.sh puts on a CircuitPython
# board) against MicroPython's framebuf: the same random drawings give the
# same bytes.  Portable: on the unix port against the real module, on
# CPython against host_sim/fakes/framebuf.py (itself checked against it).
import os

try:
    import framebuf
except ImportError:  # CPython: the stand-in
    import sys
    sys.path.insert(0, os.getcwd() + "/host_sim/fakes")
    import framebuf

from firmware.hal import framebuf_py

SIZES = ((13, 9), (16, 16), (7, 20))


class Lcg:
    def __init__(self, seed):
        self.s = seed

    def next(self, n):
        self.s = (self.s * 1103515245 + 12345) & 0x7FFFFFFF
        return (self.s >> 8) % n


def pair(fmt, w, h, fill=0):
    if fmt == framebuf.RGB565:
        n = w * h * 2
    elif fmt == framebuf.MONO_HLSB:
        n = ((w + 7) // 8) * h
    else:
        n = w * ((h + 7) // 8)
    a = bytearray(bytes((fill,)) * n)
    b = bytearray(bytes((fill,)) * n)
    return a, framebuf.FrameBuffer(a, w, h, fmt), b, framebuf_py.FrameBuffer(b, w, h, fmt)


def colour(fmt, r):
    if fmt == framebuf.RGB565:
        return r.next(0x10000)
    return r.next(3) and 1


def draw(fb, op, fmt, r, w, h):
    x = r.next(w + 10) - 5
    y = r.next(h + 10) - 5
    a = r.next(w + 6) - 2
    b = r.next(h + 6) - 2
    c = colour(fmt, r)
    if op == 0:
        fb.fill(c)
    elif op == 1:
        fb.fill_rect(x, y, a, b, c)
    elif op == 2:
        fb.rect(x, y, a, b, c)
    elif op == 3:
        fb.rect(x, y, a, b, c, True)
    elif op == 4:
        fb.hline(x, y, a, c)
    elif op == 5:
        fb.vline(x, y, b, c)
    elif op == 6:
        fb.line(x, y, a, b, c)
    else:
        fb.pixel(x, y, c)


def test_shapes_are_pixel_exact():
    for fmt in (framebuf.RGB565, framebuf.MONO_HLSB, framebuf.MONO_VLSB):
        for w, h in SIZES:
            r1 = Lcg(w * 31 + h + fmt)
            r2 = Lcg(w * 31 + h + fmt)
            ba, fa, bb, fb = pair(fmt, w, h)
            for k in range(150):
                op = k % 8
                draw(fa, op, fmt, r1, w, h)
                draw(fb, op, fmt, r2, w, h)
                assert ba == bb, (fmt, w, h, k, op)
            for y in range(-1, h + 1):
                for x in range(-1, w + 1):
                    assert fa.pixel(x, y) == fb.pixel(x, y)


def test_blit_with_key_and_palette_as_the_font_does():
    r = Lcg(7)
    for _ in range(30):
        gw = 1 + r.next(9)
        gh = 1 + r.next(12)
        ga, gfa, gb, gfb = pair(framebuf.MONO_HLSB, gw, gh * 5)
        for _ in range(gw * gh):
            x = r.next(gw)
            y = r.next(gh * 5)
            gfa.pixel(x, y, 1)
            gfb.pixel(x, y, 1)
        # a glyph out of the table (clipped blit at a negative y) ...
        oa, ofa, ob, ofb = pair(framebuf.MONO_HLSB, gw, gh)
        idx = r.next(5)
        ofa.blit(gfa, 0, -idx * gh)
        ofb.blit(gfb, 0, -idx * gh)
        assert oa == ob
        # ... onto the screen through a 2-colour palette, 0 transparent
        col = r.next(0x10000)
        key = 0 if col else 1
        pa, pfa, pb, pfb = pair(framebuf.RGB565, 2, 1)
        pfa.pixel(0, 0, key)
        pfa.pixel(1, 0, col)
        pfb.pixel(0, 0, key)
        pfb.pixel(1, 0, col)
        sa, sfa, sb, sfb = pair(framebuf.RGB565, 16, 12, 0x5A)
        x = r.next(24) - 6
        y = r.next(20) - 6
        sfa.blit(ofa, x, y, key, pfa)
        sfb.blit(ofb, x, y, key, pfb)
        assert sa == sb, (gw, gh, x, y)
        sfa.blit(ofa, x + 1, y, -1)
        sfb.blit(ofb, x + 1, y, -1)
        assert sa == sb


def test_too_small_a_buffer_is_refused():
    try:
        framebuf_py.FrameBuffer(bytearray(10), 4, 4, framebuf_py.RGB565)
    except ValueError:
        pass
    else:
        raise AssertionError("no ValueError")


def test_an_rgb565_frame_of_16_bit_items():
    import array
    for w, h in SIZES:
        r1 = Lcg(w + h)
        r2 = Lcg(w + h)
        ba, fa, _, _ = pair(framebuf.RGB565, w, h)
        words = array.array("H", bytes(w * h * 2))
        fw = framebuf_py.FrameBuffer(words, w, h, framebuf_py.RGB565)
        assert fw.words
        for k in range(100):
            draw(fa, k % 8, framebuf.RGB565, r1, w, h)
            draw(fw, k % 8, framebuf.RGB565, r2, w, h)
        assert bytes(ba) == bytes(words)
