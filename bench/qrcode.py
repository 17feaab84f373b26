"""The end of a game's QR code on the virtual Pico: the heap its code takes
while it is made (the link's module, the encoder and its native loops, the
screen's), the heap a code of the largest versions the screens show takes
while it is encoded and once it is made, and the time the encoding takes
on the chip's clock.  Prints a section for BENCHMARKS.md.

    .venv/bin/python -m bench.qrcode
"""
import os
import re
import shutil
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from host_sim import vpico  # noqa: E402

MAIN = """
import gc, sys, time
import array, firmware.core.text, firmware.core.modules, firmware.screenkit.widgets
gc.collect()
a = gc.mem_alloc()
for m in ("firmware.screenkit.playcode", "firmware.screenkit.bgstats", "firmware.core.qr"):
    __import__(m)
    gc.collect()
    b = gc.mem_alloc()
    print("module", m, b - a)
    a = b
from firmware.core import qr
print("native", "firmware.core.qrnative" in sys.modules)
for n in (315, 359):
    data = b"%" * n
    gc.collect()
    b0 = gc.mem_alloc()
    t = time.ticks_us()
    c = qr.encode(data, qr.L, 1, 12)
    dt = time.ticks_diff(time.ticks_us(), t)
    b1 = gc.mem_alloc()
    gc.collect()
    print("code", n, c.version, dt, b1 - b0, gc.mem_alloc() - b0)
    c = None
"""


def measure(board):
    tmp = tempfile.mkdtemp(prefix="bench-qr-")
    try:
        out = os.path.join(tmp, "staged")
        vpico.stage(board, out, seed=77)
        with open(os.path.join(out, "main.py"), "w") as f:
            f.write(MAIN)
        with vpico.Pico(board, fs=vpico.mkfs(out, os.path.join(tmp, "fs.img"))) as p:
            p.run(8000 * vpico.MS)
            text = p.read()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    modules = dict((m, int(n)) for m, n in re.findall(r"module (\S+) (\d+)", text))
    codes = [tuple(int(x) for x in row) for row in re.findall(r"code (\d+) (\d+) (\d+) (\d+) (\d+)", text)]
    native = "native True" in text
    if not modules or not codes:
        raise SystemExit("no figures from the board:\n" + text[-2000:])
    return modules, codes, native


def main():
    lines = ["## The end of a game's QR code", "",
             "bench/qrcode.py on the virtual Pico (the official firmware, the files as flash.sh",
             "stages them): the heap each module of the end's code takes once loaded (after a",
             "collection; each is let go of once the code is made, the link's before the encoder",
             "is loaded), and a code of the largest versions the screens show: its encoding's time",
             "on the chip's clock, the heap it allocates on the way and what the code keeps.", "",
             "| board | link (bgstats) | screen (playcode) | encoder (qr, native loops) | code | encoding | allocated | kept |",
             "| --- | --- | --- | --- | --- | --- | --- | --- |"]
    for board in ("pico_oled", "pico_display"):
        modules, codes, native = measure(board)
        for n, version, us, during, kept in codes:
            lines.append("| %s | %.1f KB | %.1f KB | %.1f KB%s | %d bytes, version %d | %d ms | %.1f KB | %d B |" % (
                board, modules["firmware.screenkit.bgstats"] / 1024, modules["firmware.screenkit.playcode"] / 1024,
                modules["firmware.core.qr"] / 1024, "" if native else " (no native loops)", n, version,
                us // 1000, during / 1024, kept))
    print("\n".join(lines))


if __name__ == "__main__":
    main()
