"""The end of a game's QR code on the virtual Pico: the heap its code takes
while it is made (the link's module, the encoder and its native loops, the
screen's), the heap a code of the largest versions the screens show takes
while it is encoded and once it is made, and the time the encoding takes
on the chip's clock.  Prints a section for BENCHMARKS.md.  With --versions,
on the simulator: the code the scripted Inca game's end screen shows on
every board in every language, with the colours' names and with the
names of NAMES (its version, the link's form and leanness, its bytes).

    .venv/bin/python -m bench.qrcode [--versions]
"""
import os
import re
import shutil
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from host_sim import device, vpico  # noqa: E402

LANGS = ("en", "ru", "es")
# four 8-letter names given to the seats, best first: in Cyrillic, and with
# Spanish letters
NAMES = {"cyrillic": ("Владимир", "Светлана", "Анатолий", "Алёнушка"),
         "spanish": ("Begoñita", "Asunción", "Angélica", "Ángelito")}


def finished(folder):
    """The scripted Inca game played with the buttons to its end on
    pico_oled, saved in the data folder."""
    from bench import scripts
    from host_sim import keyplan
    app, _ = device.build("pico_oled", folder, scripts.SEED)
    app.board.seed = lambda: scripts.SEED      # the scripted game is dealt from it
    keyplan.play(app, scripts.transcript())
    assert app.play.view()["over"], "the scripted game did not end"


def end_codes(board, lang, folder, png=None):
    """The finished game of the data folder (finished()) resumed on the
    board in the language, and its end's code opened from the final
    standings' menu with the seats' colours, then with each set of NAMES
    given to the seats.  Yields (names: None or a key of NAMES, the end
    screen with its code made, the final view), each screen drawn first as
    the simulator's PNG png % names (or "colours") if png."""
    from host_sim import render
    from firmware.screenkit import common
    app, _ = device.build(board, folder, 1, lang=lang)
    view = app.play.view()
    assert view["over"]
    for names in [None] + sorted(NAMES):
        app.play.names = dict(zip(view["standings"], NAMES[names])) if names else None
        common.open_code(app)
        app.render()
        screen = app.screens.stack[-1]
        assert type(screen).__name__ == "PlayCode"
        if png:
            render.png(app.board.cv, png % (names or "colours"))
        yield names, screen, view
        app.screens.pop()


def versions():
    """The table of the end screen's codes (--versions)."""
    from firmware.screenkit import bgstats
    forms = {bgstats.PERCENT: "percent-encoded", bgstats.UTF8: "UTF-8", bgstats.JSON: "UTF-8, JSON raw"}
    lines = ["| board | screen | names | en | ru | es |", "| --- | --- | --- | --- | --- | --- |"]
    folder = tempfile.mkdtemp(prefix="bench-qr-")
    finished(folder)
    for board in device.BOARDS:
        prof = device.board(board)
        rows = {}
        for lang in LANGS:
            for names, screen, view in end_codes(board, lang, folder):
                if screen.code is None:
                    cell = "no code"
                else:
                    cell = "v%d, %s, lean %d, %d B" % (screen.code.version, forms[screen.form], screen.lean,
                                                       len(screen.link))
                rows.setdefault(names or "colours", []).append(cell)
        for names in ["colours"] + sorted(NAMES):
            lines.append("| %s | %dx%d | %s | %s |" % (board, prof["width"], prof["height"], names,
                                                        " | ".join(rows[names])))
    shutil.rmtree(folder, ignore_errors=True)
    print("\n".join(lines))

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
for n, eci in ((315, 0), (359, 0), (320, qr.UTF8), (366, qr.UTF8)):
    data = b"%" * n
    gc.collect()
    b0 = gc.mem_alloc()
    t = time.ticks_us()
    c = qr.encode(data, qr.L, 1, 12, eci)
    dt = time.ticks_diff(time.ticks_us(), t)
    b1 = gc.mem_alloc()
    gc.collect()
    print("code", n, eci, c.version, dt, b1 - b0, gc.mem_alloc() - b0)
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
    codes = [tuple(int(x) for x in row) for row in re.findall(r"code (\d+) (\d+) (\d+) (\d+) (\d+) (\d+)", text)]
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
        for n, eci, version, us, during, kept in codes:
            lines.append("| %s | %.1f KB | %.1f KB | %.1f KB%s | %d bytes%s, version %d | %d ms | %.1f KB | %d B |" % (
                board, modules["firmware.screenkit.bgstats"] / 1024, modules["firmware.screenkit.playcode"] / 1024,
                modules["firmware.core.qr"] / 1024, "" if native else " (no native loops)", n,
                " and the UTF-8 ECI" if eci else "", version, us // 1000, during / 1024, kept))
    print("\n".join(lines))


if __name__ == "__main__":
    if sys.argv[1:] == ["--versions"]:
        versions()
    else:
        main()
