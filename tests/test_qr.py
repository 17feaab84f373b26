"""The QR encoder of the device (firmware/core/qr.py), read back by a real
decoder (zxing-cpp): byte mode at every level, versions sampled from 1 to
40, with and without the ECI that says UTF-8, each code as the screen would
draw it (dark modules on light, a quiet zone of 4 modules); and the native loops (firmware/core/qrnative.py, run
by the MicroPython unix port) make the same code, mask and all, as the
Python ones (firmware/core/qrcalc.py) on CPython."""
import json
import os
import random
import subprocess

import pytest
import zxingcpp
from PIL import Image

from firmware.core import qr
from test_micropython import micropython

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def picture(code, px=2, quiet=4):
    n = code.size
    side = (n + 2 * quiet) * px
    img = Image.new("L", (side, side), 255)
    for y in range(n):
        for x in range(n):
            if code.dark(x, y):
                img.paste(0, ((x + quiet) * px, (y + quiet) * px, (x + quiet + 1) * px, (y + quiet + 1) * px))
    return img


def read(img):
    return [r.bytes for r in zxingcpp.read_barcodes(img) if r.format == zxingcpp.BarcodeFormat.QRCode]


CASES = [(v, level) for v in (1, 2, 5, 7, 9, 10, 11, 12, 14, 17, 22) for level in (qr.L, qr.M, qr.Q, qr.H)] + [(40, qr.L)]


@pytest.mark.parametrize("version,level", CASES)
def test_a_code_full_to_its_capacity_reads_back(version, level):
    rnd = random.Random(version * 4 + level)
    n = qr.capacity(version, level)
    data = bytes(rnd.randrange(256) for _ in range(n))
    code = qr.encode(data, level)
    assert code.version == version       # the smallest that holds it: a byte more needs the next
    if version < 40:
        assert qr.encode(data + b"x", level).version == version + 1
    assert code.size == 17 + 4 * version
    got = read(picture(code))
    assert got and all(g == data for g in got), (version, level)
    # the level and mask are the ones written in the format information
    res = zxingcpp.read_barcodes(picture(code))[0]
    assert res.ec_level == "LMQH"[level]


UTF8 = "5D 51 32 5C 30 30 30 30 32 36"     # zxing's HexECI text of "]Q2\000026": the ECI designator 26


@pytest.mark.parametrize("version,level", [(1, qr.L), (7, qr.H), (9, qr.M), (10, qr.L), (12, qr.Q), (27, qr.L)])
def test_a_code_that_says_utf8_reads_back_as_its_letters(version, level):
    # the ECI header (mode 0111, designator 26 in 8 bits) before byte mode:
    # a byte of capacity at every version, the count 8 bits to version 9
    # and 16 from 10; a decoder reads the letters as UTF-8 (without it,
    # zbar takes these bytes for Shift JIS: tests/test_bgstats_qr.py)
    n = qr.capacity(version, level, qr.UTF8)
    assert n == qr.capacity(version, level) - 1
    word = "Владимир Begoñita ".encode()
    data = (word * (n // len(word) + 1))[:n]
    while True:
        try:
            data.decode()
            break
        except UnicodeError:
            data = data[:-1] + b"x"      # a whole letter at the end
    code = qr.encode(data, level, eci=qr.UTF8)
    assert code.version == version
    if version < 40:
        assert qr.encode(data + b"x", level, eci=qr.UTF8).version == version + 1
    img = picture(code)
    res = zxingcpp.read_barcodes(img)
    assert len(res) == 1 and res[0].bytes == data and res[0].text == data.decode()
    hexeci = zxingcpp.read_barcodes(img, text_mode=zxingcpp.TextMode.HexECI)[0].text
    assert hexeci.startswith(UTF8 + " "), hexeci[:40]
    # and no ECI where none is asked for
    plain = zxingcpp.read_barcodes(picture(qr.encode(b"plain ASCII", level)), text_mode=zxingcpp.TextMode.HexECI)
    assert plain[0].text.startswith("5D 51 31 "), plain[0].text[:20]   # ]Q1


def test_an_eci_the_encoder_cannot_write_is_refused():
    for eci in (-1, 128, 899):
        with pytest.raises(ValueError):
            qr.encode(b"x", qr.L, eci=eci)


def test_too_many_bytes_are_refused():
    with pytest.raises(ValueError):
        qr.encode(b"x" * (qr.capacity(40, qr.L) + 1))
    with pytest.raises(ValueError):
        qr.encode(b"x" * 300, qr.L, hi=9)


def test_the_mask_is_the_one_of_least_penalty():
    # every mask gives a code that reads; the encoder's is the least
    # penalised (the penalties are the standard's, counted on the code as
    # drawn), and different data make it pick different masks
    picked = set()
    for i in range(12):
        data = ("https://example.com/%d?" % i).encode() + bytes(range(i * 7, i * 7 + 40))
        code = qr.encode(data, qr.M)
        picked.add(code.mask)
        assert read(picture(code)) == [data]
    assert len(picked) >= 3, picked


def test_the_native_loops_make_the_same_code_as_the_python_ones(tmp_path):
    rnd = random.Random(5)
    datas = [bytes(rnd.randrange(256) for _ in range(n)) for n in (10, 200, 330, 600)]
    ecis = [0, qr.UTF8, 0, qr.UTF8]    # with the ECI below version 10 (9) and above (17)
    want = []
    for d, e in zip(datas, ecis):
        c = qr.encode(d, qr.L, eci=e)
        want.append([c.version, c.mask, bytes(c.bits).hex()])
    assert [w[0] for w in want] == [1, 9, 12, 17]
    script = tmp_path / "qr_native.py"
    script.write_text(
        "import sys, json\n"
        "sys.path.insert(0, %r)\n"
        "from firmware.core import qr, qrnative\n"
        "assert qr.penalty is qrnative.penalty, 'the native loops did not load'\n"
        "out = []\n"
        "for h, e in %r:\n"
        "    c = qr.encode(bytes.fromhex(h), qr.L, eci=e)\n"
        "    out.append([c.version, c.mask, bytes(c.bits).hex()])\n"
        "print(json.dumps(out))\n" % (ROOT, [[d.hex(), e] for d, e in zip(datas, ecis)]))
    r = subprocess.run([micropython(), str(script)], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout) == want


def test_no_room_for_the_native_loops_leaves_the_python_ones_to_make_the_code(tmp_path):
    # the native code is loaded into one block of the heap (about 2 KB on a
    # Pico), which the end of a long game may not have: the code is made all
    # the same, by the bytecode's loops
    data = bytes(range(200))
    c = qr.encode(data, qr.L)
    script = tmp_path / "qr_full.py"
    script.write_text(
        "import sys, json\n"
        "sys.path.insert(0, %r)\n"
        "import builtins\n"
        "real = builtins.__import__\n"
        "def imp(name, *a):\n"
        "    if name == 'firmware.core.qrnative': raise MemoryError('memory allocation failed, allocating 1948 bytes')\n"
        "    return real(name, *a)\n"
        "builtins.__import__ = imp\n"
        "from firmware.core import qr, qrcalc\n"
        "assert qr.penalty is qrcalc.penalty\n"
        "assert 'firmware.core.qrnative' not in sys.modules\n"
        "c = qr.encode(bytes(range(200)), qr.L)\n"
        "print(json.dumps([c.version, c.mask, bytes(c.bits).hex()]))\n" % (ROOT,))
    r = subprocess.run([micropython(), str(script)], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout) == [c.version, c.mask, bytes(c.bits).hex()]


def test_the_end_screen_knows_the_capacities_without_the_encoder():
    # firmware/screenkit/playcode.py makes the link before it loads the encoder
    # (and that an ECI takes a byte of each: bgstats.fit)
    from firmware.screenkit.playcode import CAPACITY
    assert CAPACITY == tuple(qr.capacity(v, qr.L) for v in range(1, len(CAPACITY) + 1))
    assert all(CAPACITY[v - 1] - 1 == qr.capacity(v, qr.L, qr.UTF8) for v in range(1, len(CAPACITY) + 1))


def test_the_native_loops_are_the_python_ones_line_for_line():
    # firmware/core/qrnative.py is firmware/core/qrcalc.py with Viper's
    # decorators and types: kept so, the Python loops (CPython, a board
    # without native code) are the ones the device runs
    import re

    def body(name):
        with open(os.path.join(ROOT, "firmware", "core", name)) as f:
            text = f.read()
        text = text[text.index("\ndef "):]
        text = text.replace("@micropython.viper\n", "")
        return re.sub(r": (ptr8|ptr32|int)\b", "", re.sub(r"\) -> int:", "):", text))
    assert body("qrnative.py") == body("qrcalc.py")
