"""The benchmark on the virtual Pico: the official MicroPython v1.28.0 for the
Pico in an emulated RP2040 (vpico/), the files as flash.sh stages them, the
benchmark's scripted game pressed on the board's buttons.

    .venv/bin/python -m bench.vpico [--boards pico_oled,pico_display] [--presses N]

Per board, from two runs of the scripted game (presses 50 ms long, or 700 ms
for a long press, 40 ms after the board went quiet):
  time    from a button's release (a long press: the moment it counts,
          600 ms after it went down) to the last byte of the frame it
          caused on the display's bus, on the chip's clock: the SSD1306's
          I2C at the SCL rate the firmware set (400 kHz), the ST7789's SPI
          at its rate, each byte holding the bus as long as on a board;
          for a cursor move (up/down that moved a list's cursor) and an
          action (a press that added a record to the journal: an action,
          undo, redo, the end of a turn or phase), median and worst;
  flash   bytes programmed and erased per action (littlefs, as the
          firmware's writes reach the chip);
  heap    gc.mem_alloc() after gc.collect() after every press (a second
          run with board.json "probe": true: the collection after a press
          would change the first run's times), its peak and where;
  boot    power-on to the last byte of the home screen of a saved game of
          300 actions (resumed from its journal);
  budget  the scripted game, and the boot into that saved game, with the
          board's heap limited to the budget (96 KB mono, 110 KB colour:
          a ballast taken by main.py before the firmware starts leaves it
          that heap in all): whether it completes, or where it stops.
The emulator counts instructions at 125 MHz with no flash wait states and
no XIP cache misses, and flash writes take no time: a real board is slower,
so every time here is a lower bound.
"""
import argparse
import json
import os
import shutil
import statistics
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from bench import scripts  # noqa: E402
from host_sim import vpico  # noqa: E402
from host_sim.vpico import MS, Pico, Twin  # noqa: E402

FIRMWARE = "MicroPython v1.28.0 (official RPI_PICO build), rp2040js 1.4.1"
BOARDS = ("pico_oled", "pico_display")
RESUME_ACTIONS = 300
# the budgets (ms; KB of heap a game may need) and, in brackets, the targets beyond them
CURSOR = (40, 60, 20)          # median, worst; target median
ACTION = (100, 250, 50)
RESUME_MS = (1500, 500)
HEAP_KB = {"pico_oled": (96, 64), "pico_display": (110, 80)}


def _records(twin):
    j = twin.app.journal
    return j.records if j is not None else 0


def game(board, keys, work, probe=False, seed=scripts.SEED, heap=None):
    """Press the keys on the board; returns a list of per-press records
    {key, kind, latency (ns or None), heap, free, programmed, erased}.
    heap: the board's heap limited to that many bytes in all (a ballast,
    host_sim.vpico.BALLAST); a crash then ends the run, and the records
    end with {"crash": the serial output's last lines}."""
    folder = os.path.join(work, "%s-%s" % (board, "probe" if probe else "limit" if heap else "time"))
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    out = vpico.stage(board, os.path.join(folder, "staged"), seed=seed, extra={"probe": True} if probe else None)
    if heap:
        vpico.limit_heap(out, heap)
    img = vpico.mkfs(out, os.path.join(folder, "fs.img"))
    twin = Twin(board, seed, os.path.join(folder, "twin"))
    rows = []
    with Pico(board, fs=img) as p:
        crash = _boot(p, heap)
        if crash:
            return [{"crash": crash}]
        seen = len(p.serial)
        stats = p.stats()
        for k in keys:
            before = _records(twin)
            scr = twin.app.stack[-1] if twin.app.stack else None
            cur = getattr(scr, "cur", None)
            button, hold = p.buttons_for(k)
            at = p.t + vpico.GAP
            if k == "ok":
                at = max(at, twin.due())    # not the thumb's second OK after the turn passed
            sent = p.call("frames", since=1 << 30)["count"]
            down, up = p.press(button, hold, at=at)
            p.run(up - p.t)
            p.settle()
            # the frames since the press: a long press acts while it is
            # still held (held 700 ms, it counts at 600 ms)
            frames = p.frames(since=sent)
            twin.key(k, at=vpico.counted(down, up, hold))
            since = up if hold == vpico.HOLD else vpico.last_counted(down, up, hold)
            last = [f[0] for f in frames if f[0] >= since]
            if _records(twin) != before:
                kind = "action"
            elif k.split("*")[0] in ("up", "down") and twin.app.stack and twin.app.stack[-1] is scr and \
                    getattr(scr, "cur", None) != cur:
                kind = "cursor"
            else:
                kind = "other"
            s2 = p.stats()
            row = {"key": k, "kind": kind, "latency": (last[-1] - since) if last else None,
                   "programmed": s2["programmed"] - stats["programmed"], "erased": s2["erased"] - stats["erased"]}
            stats = s2
            p.read()
            probed = [ln.split() for ln in p.serial[seen:].splitlines() if ln.startswith("heap ")]
            seen = len(p.serial)
            if probed:
                row["heap"], row["free"] = int(probed[-1][1]), int(probed[-1][2])
            if _crashed(p.serial):
                if heap:
                    rows.append({"crash": _tail(p.serial)})
                    return rows
                raise SystemExit("bench: the board crashed at press %d: %s" % (len(rows) + 1, p.serial[-1500:]))
            rows.append(row)
        if p.picture() != twin.picture():
            raise SystemExit("bench: the board's last frame is not the simulator's")
    return rows


def _boot(p, heap):
    """Power the board on to its first screen; in a limited heap (heap),
    the crash's error if it crashed there, else None."""
    try:
        p.boot()
    except vpico.PicoError:
        if not heap:
            raise
    p.read()
    return _tail(p.serial) if heap and _crashed(p.serial) else None


def _crashed(serial):
    return "crash" in serial or "Traceback" in serial


def _tail(serial):
    """The error of a crash: its last line that names one."""
    lines = [ln for ln in serial.splitlines() if "Error" in ln]
    return lines[-1].strip() if lines else serial[-300:]


def boot_time(board, work, actions=RESUME_ACTIONS, heap=None):
    """ns from power-on to the last byte of the home screen, for a board
    that boots on a saved game of `actions` actions; with heap (the
    board's heap limited to that many bytes), the crash's error instead
    if it does not boot into the game."""
    from firmware.core.journal import Journal
    from firmware.games.registry import module
    lines = scripts.transcript(undo_every=3)[:actions + 1]
    folder = os.path.join(work, board + ("-bootlimit" if heap else "-boot"))
    shutil.rmtree(folder, ignore_errors=True)
    data = os.path.join(folder, "data")
    with open(os.path.join(ROOT, "assets", "inca", "edition.json")) as f:
        edition = json.load(f)
    j = Journal(os.path.join(data, "game"), module("inca"), edition)
    j.start(lines[0])
    for a in lines[1:]:
        j.apply(a)
    out = vpico.stage(board, os.path.join(folder, "staged"), seed=scripts.SEED)
    shutil.copytree(data, os.path.join(out, "data"))
    if heap:
        vpico.limit_heap(out, heap)
    img = vpico.mkfs(out, os.path.join(folder, "fs.img"))
    with Pico(board, fs=img) as p:
        crash = _boot(p, heap)
        if crash:
            return crash
        frames = p.frames()
        twin = os.path.join(folder, "data")
        if p.picture() != vpico.boot_picture(board, twin, scripts.SEED):
            raise SystemExit("bench: the board did not boot into the saved game")
        return frames[-1][0]


PARTS = (("code", "code: the firmware's bytecode, functions, classes and module data"),
         ("names", "interned names (identifiers and short strings of the code: never freed)"),
         ("state", "game state: the state, its two kept copies for undo, the journal's own"),
         ("screens", "screens: the stack of screens, the view they draw from, the scene of a screen drawn in bands"),
         ("edition", "edition data the screens read"),
         ("words", "language tables: the game's and the language's index and buffer, their open files"),
         ("frame", "frame buffer (colour: one band of it)"),
         ("board", "the app object, the canvas and the board's drivers and pins, less the frame"),
         ("interpreter", "the interpreter's own, before the firmware"),
         ("left", "the rest (among it this measurement's own code, about 6 KB)"))


# the heap in use before the measuring script is loaded: the interpreter's own
PARTS_MAIN = """import gc
gc.collect()
base = gc.mem_alloc()
import heap_parts
heap_parts.run(base)
"""


def heap_parts(board, work, limit=3_600_000 * MS):
    """Where the heap goes at its peak on the board: {"peak": bytes, "at":
    press, part: bytes for each of PARTS} (bench/heap_parts.py, run as
    main.py: the scripted game played twice, to its peak, then taken apart)."""
    folder = os.path.join(work, board + "-parts")
    shutil.rmtree(folder, ignore_errors=True)
    out = vpico.stage(board, os.path.join(folder, "staged"), seed=scripts.SEED)
    scripts.write_keys(board, folder)
    shutil.copy(os.path.join(folder, board + ".keys"), os.path.join(out, "keys.txt"))
    shutil.copy(os.path.join(ROOT, "bench", "heap_parts.py"), out)
    with open(os.path.join(out, "main.py"), "w") as f:
        f.write(PARTS_MAIN)
    img = vpico.mkfs(out, os.path.join(folder, "fs.img"))
    got = {}
    with Pico(board, fs=img) as p:
        while "n_total_bytes" not in p.serial:
            if p.t > limit or not p.run(1000 * MS)["running"] or _crashed(p.serial):
                raise SystemExit("bench: the heap's parts on %s: %s" % (board, p.serial[-1500:]))
            p.read()
    for ln in p.serial.splitlines():
        w = ln.split()
        if w[:1] == ["peak"]:
            got["at"], got["peak"] = int(w[1]), int(w[2])
        elif w[:1] in (["part"], ["frame"]):
            got[w[-2]] = int(w[-1])
        elif ln.startswith("qstr pool"):
            got["names"] = int(ln.rsplit("n_total_bytes=", 1)[1])
    got["board"] -= got["frame"]
    got["left"] -= got["names"]     # the names stay in what is left (never freed)
    return got


def summary(rows):
    def stats(kind):
        v = sorted(r["latency"] for r in rows if r["kind"] == kind and r["latency"] is not None)
        return {"n": len(v), "median": statistics.median(v) if v else None, "worst": v[-1] if v else None}
    actions = sum(1 for r in rows if r["kind"] == "action")
    return {"cursor": stats("cursor"), "action": stats("action"), "actions": actions, "presses": len(rows),
            "programmed": sum(r["programmed"] for r in rows), "erased": sum(r["erased"] for r in rows)}


def heap_summary(rows):
    heap = [(r["heap"], i) for i, r in enumerate(rows) if "heap" in r]
    if not heap:
        return None
    peak, at = max(heap)
    return {"peak": peak, "at": at + 1, "key": rows[at]["key"], "free_min": min(r["free"] for r in rows if "free" in r),
            "samples": len(heap)}


def limited(rows, presses):
    """What a run in the budget heap came to: {"completed", "press" (the
    presses made before the crash), "error"}."""
    crash = rows[-1].get("crash") if rows else None
    return {"completed": crash is None and len(rows) == presses, "press": len(rows) - (crash is not None),
            "error": crash}


def _task(args):
    what, board, work, presses = args
    budget = HEAP_KB[board][0] * 1024
    if what == "boot":
        return boot_time(board, work)
    if what == "parts":
        return heap_parts(board, work)
    if what == "bootlimit":
        got = boot_time(board, work, heap=budget)
        return {"completed": not isinstance(got, str), "error": got if isinstance(got, str) else None}
    keys, _ = scripts.keys(board)
    if presses:
        keys = keys[:presses]
    if what == "limit":
        return limited(game(board, keys, work, heap=budget), len(keys))
    rows = game(board, keys, work, probe=what == "probe")
    return heap_summary(rows) if what == "probe" else summary(rows)


KINDS = ("time", "probe", "boot", "limit", "bootlimit", "parts")


def measure(work, boards=BOARDS, presses=None, jobs=None):
    """{board: {"time", "heap", "boot", "limit", "bootlimit", "parts"}}: the runs
    side by side, one a core."""
    from concurrent.futures import ProcessPoolExecutor
    tasks = [(what, b, work, presses) for b in boards for what in KINDS]
    with ProcessPoolExecutor(max_workers=jobs or os.cpu_count() or 1) as pool:
        got = list(pool.map(_task, tasks))
    res = {}
    for (what, b, _, _), r in zip(tasks, got):
        res.setdefault(b, {})["heap" if what == "probe" else what] = r
    for b in boards:
        print("vpico %s: %s" % (b, json.dumps(res[b])), file=sys.stderr)
    return res


def ms(ns):
    return "%.1f ms" % (ns / MS) if ns is not None else "-"


def section(res):
    """The BENCHMARKS.md section of these figures."""
    L = []
    add = L.append
    add("## On the virtual Pico")
    add("")
    add("%s; the benchmark's scripted game (above) pressed on the board's" % FIRMWARE)
    add("buttons, the files as `flash.sh --stage` makes them on the board's littlefs")
    add("(bench/vpico.py). Times are the chip's own clock, from a button's release (a")
    add("long press: the moment it counts) to the last byte of the resulting frame on")
    add("the display's bus; the bus is modelled at its rate (the SSD1306's I2C at the")
    add("400 kHz the firmware sets, 9 clocks a byte; the ST7789's SPI at 31.25 MHz).")
    add("The emulator runs the chip at 125 MHz with no flash wait states or XIP cache")
    add("misses and writes flash in no time, so a board is slower: these are lower")
    add("bounds. Heap: gc.mem_alloc() after gc.collect() after every press (a run of")
    add("its own, board.json \"probe\"), on the 32-bit chip's own heap; and the game")
    add("and a boot into a saved game with the heap limited to the budget: main.py")
    add("first takes a ballast, one block at the bottom of the heap, that leaves the")
    add("firmware a heap of that size in all (host_sim/vpico.py BALLAST), as on a board")
    add("whose heap is that big.")
    add("")
    add("| board | what | budget (target) | measured | held |")
    add("| --- | --- | --- | --- | --- |")
    for board, r in res.items():
        t = r["time"]
        h = r["heap"] or {}
        c, a = t["cursor"], t["action"]

        def held(ok):
            return "yes" if ok else "**no**"
        add("| %s | cursor move: median, worst | %d ms, %d ms (%d ms) | %s, %s | %s |" % (
            board, CURSOR[0], CURSOR[1], CURSOR[2], ms(c["median"]), ms(c["worst"]),
            held(c["median"] is not None and c["median"] <= CURSOR[0] * MS and c["worst"] <= CURSOR[1] * MS)))
        add("| %s | action: median, worst | %d ms, %d ms (%d ms) | %s, %s | %s |" % (
            board, ACTION[0], ACTION[1], ACTION[2], ms(a["median"]), ms(a["worst"]),
            held(a["median"] is not None and a["median"] <= ACTION[0] * MS and a["worst"] <= ACTION[1] * MS)))
        add("| %s | boot to the home screen of a %d-action game | %d ms (%d ms) | %s | %s |" % (
            board, RESUME_ACTIONS, RESUME_MS[0], RESUME_MS[1], ms(r["boot"]), held(r["boot"] <= RESUME_MS[0] * MS)))
        budget, target = HEAP_KB[board]
        lim = r.get("limit")
        if lim:
            add("| %s | the scripted game in a heap of %d KB in all | completes (%d KB) | %s | %s |" % (
                board, budget, target, "completes" if lim["completed"] else "stops at press %d: %s" % (
                    lim["press"] + 1, lim["error"]), held(lim["completed"])))
        bl = r.get("bootlimit")
        if bl:
            add("| %s | boot into the %d-action game in a heap of %d KB | boots | %s | %s |" % (
                board, RESUME_ACTIONS, budget, "boots" if bl["completed"] else "does not: %s" % bl["error"],
                held(bl["completed"])))
        if h:
            add("| %s | heap in use after a press, at its peak (the heap a game needs is more) | "
                "under %d KB (%d KB) | %.1f KB | %s |" % (board, budget, target, h["peak"] / 1024,
                                                         held(h["peak"] < budget * 1024)))
    add("")
    add("| board | cursor move, median / worst | action, median / worst | heap peak (after press) | "
        "least free | boot to home, %d-action game | flash per action |" % RESUME_ACTIONS)
    add("| --- | --- | --- | --- | --- | --- | --- |")
    for board, r in res.items():
        t = r["time"]
        h = r["heap"] or {}
        per = t["programmed"] / max(1, t["actions"])
        add("| %s | %s / %s (%d) | %s / %s (%d) | %s (press %s, %s) | %s | %s | %.0f B programmed, %.0f B erased |" % (
            board, ms(t["cursor"]["median"]), ms(t["cursor"]["worst"]), t["cursor"]["n"],
            ms(t["action"]["median"]), ms(t["action"]["worst"]), t["action"]["n"],
            "%.1f KB" % (h["peak"] / 1024) if h else "-", h.get("at", "-"), h.get("key", "-"),
            "%.1f KB" % (h["free_min"] / 1024) if h else "-", ms(r["boot"]), per, t["erased"] / max(1, t["actions"])))
    add("")
    parted = [(b, r["parts"]) for b, r in res.items() if r.get("parts")]
    if parted:
        add("### Where the heap goes at its peak")
        add("")
        add("bench/heap_parts.py, run as main.py: the board's own objects made as at")
        add("power-on, the scripted game's presses given to the app (the device's loop")
        add("and its tasks left out), the heap in use after each; the game played again")
        add("to the press where it peaked, then each part let go of in turn and the heap")
        add("it gave back measured (after a collection); objects two parts share count")
        add("with the later one. The interned names are never freed: their figure is")
        add("MicroPython's qstr pools (micropython.qstr_info()).")
        add("")
        add("| part | " + " | ".join("%s (press %d of %.1f KB)" % (b, g["at"], g["peak"] / 1024)
                                   for b, g in parted) + " |")
        add("| --- |" + " --- |" * len(parted))
        for key, what in PARTS:
            add("| %s | " % what + " | ".join("%.1f KB (%d%%)" % (g[key] / 1024, round(100 * g[key] / g["peak"]))
                                           for _, g in parted) + " |")
        add("")
    return L


def main(argv=None):
    ap = argparse.ArgumentParser(description="The benchmark on the virtual Pico (prints JSON).")
    ap.add_argument("--boards", default=",".join(BOARDS))
    ap.add_argument("--presses", type=int, default=None, help="only the first N presses of the game")
    args = ap.parse_args(argv)
    why = vpico.ready()
    if why:
        raise SystemExit("bench: the virtual Pico cannot run: " + why)
    work = tempfile.mkdtemp(prefix="vpico-bench-")
    try:
        res = measure(work, args.boards.split(","), args.presses)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(json.dumps(res, indent=1))
    print("\n".join(section(res)))


if __name__ == "__main__":
    main()
