"""host_sim/fakes/framebuf.py against the real framebuf of the MicroPython
unix port: random drawing sequences (hypothesis) run on both, and the
buffers must come out byte for byte the same.  One micropython process per
batch of sequences keeps it fast."""
import array
import json
import random
import subprocess

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from host_sim.fakes import framebuf as fake
from test_micropython import ROOT, micropython

# Runs unchanged on CPython (with the fake) and MicroPython (the real module).
RUNNER = r'''
import json
import binascii


def _make(fbm, spec, as_tuple):
    fmt, w, h, stride, hexbuf = spec
    buf = bytearray(binascii.unhexlify(hexbuf))
    if as_tuple:
        if stride is None:
            return (buf, w, h, fmt), buf
        return (buf, w, h, fmt, stride), buf
    if stride is None:
        return fbm.FrameBuffer(buf, w, h, fmt), buf
    return fbm.FrameBuffer(buf, w, h, fmt, stride), buf


def run_case(fbm, case):
    fb, buf = _make(fbm, case[0], False)
    gets = []
    for op in case[1]:
        name = op[0]
        a = op[1:]
        if name == "get":
            gets.append(fb.pixel(a[0], a[1]))
        elif name == "band":
            # fb (drawn so far) onto a new surface through a palette: the
            # colour frame to an RGB565 band of the panel
            band, bbuf = _make(fbm, a[0], False)
            band.blit(fb, 0, a[1], -1, _make(fbm, a[2], False)[0])
            gets.append(binascii.hexlify(bbuf).decode())
        elif name == "blit":
            src = fb if a[0] is None else _make(fbm, a[0], a[1])[0]
            pal = None if a[5] is None else _make(fbm, a[5], False)[0]
            if a[4] is None:
                fb.blit(src, a[2], a[3])
            elif pal is None:
                fb.blit(src, a[2], a[3], a[4])
            else:
                fb.blit(src, a[2], a[3], a[4], pal)
        else:
            getattr(fb, name)(*a)
    return binascii.hexlify(buf).decode() + " " + json.dumps(gets)


def run_all(fbm, lines):
    out = []
    for line in lines:
        if not line:
            continue
        try:
            out.append(run_case(fbm, json.loads(line)))
        except Exception as e:
            out.append("error " + type(e).__name__)
    return out


def construct(fbm, lines):
    out = []
    for line in lines:
        if not line:
            continue
        fmt, w, h, stride, n = json.loads(line)
        try:
            if stride is None:
                fbm.FrameBuffer(bytearray(n), w, h, fmt)
            else:
                fbm.FrameBuffer(bytearray(n), w, h, fmt, stride)
            out.append("ok")
        except Exception as e:
            out.append(type(e).__name__)
    return out
'''

MAIN = RUNNER + r'''
import sys
import framebuf
_lines = sys.stdin.read().split("\n")
for _r in %s(framebuf, _lines[1:]):
    print(_r)
'''

FORMATS = (fake.MONO_VLSB, fake.MONO_HLSB, fake.MONO_HMSB, fake.RGB565, fake.GS8, fake.GS4_HMSB)
# A blit through a palette reads the palette at x = the source's value,
# unchecked in C: palettes are 2-4 wide for mono sources, 16 for GS4 ones.
PALETTE_WIDTH = {fake.MONO_VLSB: (2, 4), fake.MONO_HLSB: (2, 4), fake.MONO_HMSB: (2, 4), fake.GS4_HMSB: (16, 16)}

_ns = {}
exec(RUNNER, _ns)  # noqa: S102 - the same runner code on both sides


def on_micropython(func, lines):
    r = subprocess.run([micropython(), "-X", "heapsize=32M", "-c", MAIN % func], input="\n" + "\n".join(lines) + "\n",
                       cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    return r.stdout.splitlines()


def on_fake(func, lines):
    return _ns[func](fake, lines)


def buffer_size(fmt, w, h, stride):
    """The smallest buffer MicroPython accepts."""
    stride = w if stride is None else stride
    bpp, hreq, wreq, sreq = 1, h, w, h - 1
    if fmt == fake.MONO_VLSB:
        hreq = (h + 7) & ~7
        sreq = hreq - 8
    elif fmt in (fake.MONO_HLSB, fake.MONO_HMSB):
        stride = (stride + 7) & ~7
        wreq = (w + 7) & ~7
    elif fmt == fake.GS4_HMSB:
        stride = (stride + 1) & ~1
        wreq = (w + 1) & ~1
        bpp = 4
    elif fmt == fake.GS8:
        bpp = 8
    elif fmt == fake.RGB565:
        bpp = 16
    return (sreq * stride + (hreq - sreq) * wreq) * bpp // 8


@st.composite
def surfaces(draw, fmts=FORMATS, max_side=20):
    fmt = draw(st.sampled_from(fmts))
    w = draw(st.integers(1, max_side))
    h = draw(st.integers(1, max_side))
    stride = draw(st.one_of(st.none(), st.integers(w, w + 9)))
    n = buffer_size(fmt, w, h, stride) + draw(st.integers(0, 2))
    content = draw(st.one_of(st.binary(min_size=n, max_size=n), st.just(bytes(n))))
    return [fmt, w, h, stride, content.hex()]


COORD = st.integers(-25, 45)
SIZE = st.integers(-5, 45)
COLOR = st.one_of(st.sampled_from([0, 1, 2, 0xFF, 0x100, 0xFFFF, 0x10000, -1, -2, 1 << 32, (1 << 32) + 1]),
                  st.integers(0, 0xFFFF))


@st.composite
def blits(draw):
    if draw(st.integers(0, 5)) == 0:
        src, as_tuple = None, False          # blit a FrameBuffer onto itself
    else:
        src = draw(surfaces(max_side=12))
        as_tuple = draw(st.booleans())
    key = draw(st.one_of(st.none(), st.sampled_from([-1, 0, 1]), st.integers(0, 0xFFFF)))
    pal = None
    if key is not None and src is not None and src[0] in PALETTE_WIDTH and draw(st.booleans()):
        pfmt = draw(st.sampled_from(FORMATS))
        pw = draw(st.integers(*PALETTE_WIDTH[src[0]]))
        n = buffer_size(pfmt, pw, 1, None)
        pal = [pfmt, pw, 1, None, draw(st.binary(min_size=n, max_size=n)).hex()]
    return ["blit", src, as_tuple, draw(COORD), draw(COORD), key, pal]


OPS = st.one_of(
    st.tuples(st.just("fill"), COLOR),
    st.tuples(st.just("fill_rect"), COORD, COORD, SIZE, SIZE, COLOR),
    st.tuples(st.just("pixel"), COORD, COORD, COLOR),
    st.tuples(st.just("get"), COORD, COORD),
    st.tuples(st.just("hline"), COORD, COORD, SIZE, COLOR),
    st.tuples(st.just("vline"), COORD, COORD, SIZE, COLOR),
    st.tuples(st.just("line"), COORD, COORD, COORD, COORD, COLOR),
    st.tuples(st.just("rect"), COORD, COORD, SIZE, SIZE, COLOR),
    st.tuples(st.just("rect"), COORD, COORD, SIZE, SIZE, COLOR, st.booleans()),
    st.tuples(st.just("scroll"), st.integers(-22, 22), st.integers(-22, 22)),
    blits(),
).map(list)

CASES = st.lists(st.tuples(surfaces(), st.lists(OPS, min_size=2, max_size=12)).map(list),
                 min_size=40, max_size=60)


def check_batch(cases):
    lines = [json.dumps(c) for c in cases]
    want = on_micropython("run_all", lines)
    got = on_fake("run_all", lines)
    assert len(want) == len(cases)
    for case, w, g in zip(cases, want, got):
        assert g == w, "case %s" % json.dumps(case)
    # The sequences must draw, not only fail.
    assert sum(not w.startswith("error") for w in want) >= len(want) // 2


# No shrinking: every step of it would start micropython again; the failure
# names the first differing sequence, which is short enough to read.
def fast(n):
    return settings(max_examples=n, deadline=None, derandomize=True, phases=(Phase.explicit, Phase.generate),
                    suppress_health_check=list(HealthCheck))


@fast(6)
@given(CASES)
def test_random_drawing_matches_micropython_byte_for_byte(cases):
    check_batch(cases)


def random_case(rnd):
    """The same kind of sequence as CASES, drawn from a plain Random: far
    cheaper than hypothesis' own drawing, so a batch can be large."""
    def surface(max_side=20):
        fmt = rnd.choice(FORMATS)
        w = rnd.randint(1, max_side)
        h = rnd.randint(1, max_side)
        stride = None if rnd.random() < 0.5 else rnd.randint(w, w + 9)
        n = buffer_size(fmt, w, h, stride) + rnd.randint(0, 2)
        content = bytes(n) if rnd.random() < 0.3 else bytes(rnd.getrandbits(8) for _ in range(n))
        return [fmt, w, h, stride, content.hex()]

    def coord():
        return rnd.randint(-25, 45)

    def size():
        return rnd.randint(-5, 45)

    def color():
        if rnd.random() < 0.5:
            return rnd.choice([0, 1, 2, 0xFF, 0x100, 0xFFFF, 0x10000, -1, -2, 1 << 32, (1 << 32) + 1])
        return rnd.randint(0, 0xFFFF)

    frame = surface()

    def op():
        k = rnd.randrange(11)
        if k == 0:
            return ["fill", color()]
        if k == 1:
            return ["fill_rect", coord(), coord(), size(), size(), color()]
        if k == 2:
            return ["pixel", coord(), coord(), color()]
        if k == 3:
            return ["get", coord(), coord()]
        if k == 4:
            return ["hline", coord(), coord(), size(), color()]
        if k == 5:
            return ["vline", coord(), coord(), size(), color()]
        if k == 6:
            return ["line", coord(), coord(), coord(), coord(), color()]
        if k == 7:
            return ["rect", coord(), coord(), size(), size(), color()] + ([rnd.random() < 0.5] if rnd.random() < 0.5 else [])
        if k == 8:
            return ["scroll", rnd.randint(-22, 22), rnd.randint(-22, 22)]
        src = None if rnd.random() < 0.15 else surface(12)
        key = rnd.choice([None, -1, 0, 1, rnd.randint(0, 0xFFFF)])
        if rnd.random() < 0.2:
            # whole rows of the frame's own format and width, from x 0 (a
            # glyph taken out of a font's table)
            h = rnd.randint(1, 12)
            n = buffer_size(frame[0], frame[1], h, frame[3]) + rnd.randint(0, 2)
            src = [frame[0], frame[1], h, frame[3], bytes(rnd.getrandbits(8) for _ in range(n)).hex()]
            return ["blit", src, rnd.random() < 0.5, 0, rnd.randint(-4, 20), rnd.choice([None, -1, 2]), None]
        pal = None
        if key is not None and src is not None and src[0] in PALETTE_WIDTH and rnd.random() < 0.5:
            pfmt = rnd.choice(FORMATS)
            pw = rnd.randint(*PALETTE_WIDTH[src[0]])
            n = buffer_size(pfmt, pw, 1, None)
            pal = [pfmt, pw, 1, None, bytes(rnd.getrandbits(8) for _ in range(n)).hex()]
        return ["blit", src, rnd.random() < 0.5, coord(), coord(), key, pal]

    return [frame, [op() for _ in range(rnd.randint(2, 12))]]


@fast(10)
@given(st.integers(0, 2**32 - 1))
def test_many_random_drawings_match_micropython_byte_for_byte(seed):
    rnd = random.Random(seed)
    check_batch([random_case(rnd) for _ in range(800)])


def random_colour_frame_case(rnd):
    """What the colour boards do: shapes in palette indices and text
    (MONO_HLSB glyphs through a 2-entry RGB565 palette, with a key) on a
    GS4_HMSB frame, then the frame onto RGB565 bands through a 16-entry
    palette."""
    def hexbytes(n):
        return bytes(rnd.getrandbits(8) for _ in range(n)).hex()

    def index():
        return rnd.choice([rnd.randint(0, 15), rnd.randint(0, 15), rnd.randint(0, 0xFFFF), -1])

    w, h = rnd.randint(1, 24), rnd.randint(1, 12)
    stride = None if rnd.random() < 0.6 else rnd.randint(w, w + 5)
    n = buffer_size(fake.GS4_HMSB, w, h, stride)
    frame = [fake.GS4_HMSB, w, h, stride, bytes(n).hex() if rnd.random() < 0.3 else hexbytes(n)]
    ops = []
    for _ in range(rnd.randint(2, 12)):
        k = rnd.randrange(6)
        if k == 0:
            ops.append(["fill", index()])
        elif k == 1:
            ops.append(["fill_rect", rnd.randint(-4, w), rnd.randint(-4, h), rnd.randint(-1, w + 4),
                        rnd.randint(-1, h + 4), index()])
        elif k == 2:
            ops.append(["hline", rnd.randint(-4, w), rnd.randint(-4, h), rnd.randint(-1, w + 4), index()])
        elif k == 3:
            ops.append(["get", rnd.randint(-1, w), rnd.randint(-1, h)])
        else:
            gw, gh = rnd.randint(1, 12), rnd.randint(1, 14)
            glyph = [fake.MONO_HLSB, gw, gh, None, hexbytes(buffer_size(fake.MONO_HLSB, gw, gh, None))]
            col = index() & 0xFFFF          # as firmware.core.font.Font.draw
            key = col ^ 1
            pal = [fake.RGB565, 2, 1, None, bytes((key & 255, key >> 8, col & 255, col >> 8)).hex()]
            ops.append(["blit", glyph, rnd.random() < 0.5, rnd.randint(-6, w), rnd.randint(-6, h), key, pal])
    for _ in range(rnd.randint(1, 3)):
        bw, rows = max(1, w + rnd.randint(-2, 3)), rnd.randint(1, h + 2)
        band = [fake.RGB565, bw, rows, None, hexbytes(buffer_size(fake.RGB565, bw, rows, None))]
        ops.append(["band", band, -rnd.randint(-2, h), [fake.RGB565, 16, 1, None, hexbytes(32)]])
    return [frame, ops]


def test_colour_frames_text_and_bands_match_micropython_byte_for_byte():
    rnd = random.Random(4565)
    check_batch([random_colour_frame_case(rnd) for _ in range(600)])


def test_constructor_accepts_and_refuses_the_same_sizes():
    lines = []
    for fmt in FORMATS + (9,):
        for w in range(0, 11):
            for h in range(0, 11):
                for stride in (None, w, w + 3, w - 1):
                    need = buffer_size(fmt, max(w, 1), max(h, 1), stride)
                    for n in (need - 1, need):
                        lines.append(json.dumps([fmt, w, h, stride, max(n, 0)]))
    want = on_micropython("construct", lines)
    got = on_fake("construct", lines)
    assert want == got
    assert want.count("ok") > 1000 and want.count("ValueError") > 1000


def test_text_and_gs2_say_they_are_not_emulated():
    fb = fake.FrameBuffer(bytearray(8), 8, 8, fake.MONO_VLSB)
    with pytest.raises(NotImplementedError, match="firmware.core.font"):
        fb.text("hola", 0, 0, 1)
    with pytest.raises(NotImplementedError, match="GS2_HMSB"):
        fake.FrameBuffer(bytearray(16), 8, 8, fake.GS2_HMSB)


def test_draws_into_the_callers_buffer():
    big = bytearray(20)
    fb = fake.FrameBuffer(memoryview(big)[4:12], 8, 8, fake.MONO_VLSB)
    fb.pixel(0, 0, 1)
    fb.hline(0, 7, 8, 1)
    assert big[4] == 0x81 and big[5] == 0x80 and big[11] == 0x80 and big[3] == big[12] == 0
    words = array.array("H", [0] * 4)
    fake.FrameBuffer(words, 2, 2, fake.RGB565).pixel(1, 1, 0xF800)
    assert list(words) == [0, 0, 0, 0xF800]
    with pytest.raises(TypeError):
        fake.FrameBuffer(bytes(8), 8, 8, fake.MONO_VLSB)


def test_subclass_like_a_display_driver():
    class Oled(fake.FrameBuffer):
        def __init__(self):
            self.buffer = bytearray(128 * 64 // 8)
            super().__init__(self.buffer, 128, 64, fake.MONO_VLSB)

    d = Oled()
    d.fill_rect(0, 8, 128, 8, 1)
    assert d.buffer[128:256] == b"\xff" * 128 and d.pixel(5, 9) == 1 and d.pixel(5, 16) == 0
    assert d.pixel(128, 0) is None


def test_blit_with_palette_and_key_keeps_the_background():
    # A 2-colour glyph onto RGB565 through a palette: 0 -> key (skipped), 1 -> red.
    glyph = bytearray([0b10100000])
    src = fake.FrameBuffer(glyph, 3, 1, fake.MONO_HLSB)
    pal = fake.FrameBuffer(bytearray(4), 2, 1, fake.RGB565)
    pal.pixel(0, 0, 0xF801)
    pal.pixel(1, 0, 0xF800)
    dst = fake.FrameBuffer(bytearray(8), 4, 1, fake.RGB565)
    dst.fill(0x001F)
    dst.blit(src, 1, 0, 0xF801, pal)
    assert [dst.pixel(x, 0) for x in range(4)] == [0x001F, 0xF800, 0x001F, 0xF800]
