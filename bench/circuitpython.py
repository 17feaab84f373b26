"""The benchmark's scripted Inca game on CircuitPython: CircuitPython 10.2.1
for the Pico on the virtual Pico (vpico/), the pico_oled_cp profile, the
files as flash.sh stages them (CircuitPython's own .mpy) in its FAT drive,
board.json "probe": true (a heap line after every press's frame).

    .venv/bin/python -m bench.circuitpython [--presses N] [--json FILE] [--flash typical|max|none]

Per press: the time from the button's release (a long press: the moment it
counts; a held one: its last step, as bench/chip.py) to the last byte of its frame on the SSD1306's I2C, on the chip's
clock; gc.mem_alloc() and gc.mem_free() after a collection; bytes erased
and programmed.  The run stops at the end of the script, at N presses, or
at a crash (which it reports: the heap ran out, most likely).  Times are
lower bounds of a board's, as on MicroPython (bench/chip.py).  Then the
boot to the picker twice: at the drive's first start and after it.
"""
import argparse
import json
import os
import statistics
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from bench import scripts  # noqa: E402
from host_sim import vpico  # noqa: E402
from host_sim.vpico import MS, Pico, Twin  # noqa: E402

BOARD = "pico_oled_cp"


def game(keys, work, seed=scripts.SEED):
    """Per-press records {key, latency (ns or None), heap, free, erased,
    programmed}; the last is {"crash": the serial line's end} if the
    board crashed."""
    staged = vpico.stage(BOARD, os.path.join(work, "staged"), seed=seed, extra={"probe": True})
    img = vpico.mkfat(staged, os.path.join(work, "fat.img"))
    twin = Twin(BOARD, seed, os.path.join(work, "twin"))
    rows = []
    with Pico(BOARD, fs=img) as p:     # the flash's times: VPICO_FLASH, typical by default
        p.boot(limit=60_000 * MS)
        stats = p.stats()
        rows.append({"key": "boot", "latency": p.frames()[-1][0], "heap": None, "free": None})
        for k in keys:
            sent = p.call("frames", since=1 << 30)["count"]
            seen = len(p.serial)
            try:
                up, _ = p.key(k, twin=twin)
            except vpico.PicoError:
                rows.append({"key": k, "crash": p.serial[-600:]})
                return rows
            button, hold = p.buttons_for(k)
            # as bench/chip.py: a held press from its last step (a cursor
            # held through N rows: the frame of the last)
            since = up if hold == vpico.HOLD else vpico.last_counted(up - hold, up, hold)
            last = [f[0] for f in p.frames(since=sent) if f[0] >= since]
            s2 = p.stats()
            probed = [ln.split() for ln in p.serial[seen:].splitlines() if ln.startswith("heap ")]
            row = {"key": k, "latency": (last[-1] - since) if last else None,
                   "erased": s2["erased"] - stats["erased"], "programmed": s2["programmed"] - stats["programmed"]}
            if probed:
                row["heap"], row["free"] = int(probed[-1][1]), int(probed[-1][2])
            stats = s2
            if "crash" in p.serial[seen:] or "Traceback" in p.serial[seen:]:
                row["crash"] = p.serial[seen:][-600:]
                rows.append(row)
                return rows
            rows.append(row)
            if p.picture() != twin.picture():
                row["crash"] = "the frame is not the simulator's"
                return rows
    return rows


def boots(work, seed=scripts.SEED):
    """(first, again): the boot to the game picker, in ns on the chip's
    clock, of a drive as flash.sh stages it, at its first start (when
    CircuitPython writes boot_out.txt, and waits a second before: main.c,
    run_boot_py) and at a start after it, as a board whose drive
    CircuitPython made and wrote before starts every time."""
    staged = vpico.stage(BOARD, os.path.join(work, "boots"), seed=seed)
    img = vpico.mkfat(staged, os.path.join(work, "boots.img"))
    with Pico(BOARD, fs=img) as p:
        p.boot(limit=60_000 * MS)
        first = p.frames()[0][0]
        p.save(os.path.join(work, "boots.bin"))
    with Pico(BOARD, flash=os.path.join(work, "boots.bin")) as p:
        p.boot(limit=60_000 * MS)
        return first, p.frames()[0][0]


def kinds(keys, seed=scripts.SEED):
    """Each press's kind as bench/chip.py counts them, on the simulator:
    "action" (a record added to the journal), "cursor" (up/down that moved
    a list's cursor on the same screen), else "other"."""
    with tempfile.TemporaryDirectory() as work:
        twin = Twin(BOARD, seed, work)
        out = []
        for i, k in enumerate(keys):
            j = twin.app.play.journal
            before = j.records if j is not None else 0
            scr = twin.app.screens.stack[-1] if twin.app.screens.stack else None
            cur = getattr(scr, "cur", None)
            # presses 5 s apart: none taken for the thumb's second OK
            twin.key(k, at=(i + 1) * 5000 * MS)
            j = twin.app.play.journal
            if (j.records if j is not None else 0) != before:
                out.append("action")
            elif k.split("*")[0] in ("up", "down") and twin.app.screens.stack and twin.app.screens.stack[-1] is scr and \
                    getattr(scr, "cur", None) != cur:
                out.append("cursor")
            else:
                out.append("other")
    return out


def summary(rows):
    presses = [r for r in rows[1:] if "crash" not in r]
    lat = [r["latency"] / MS for r in presses if r.get("latency") is not None]
    heap = [(r["heap"], i) for i, r in enumerate(presses, 1) if r.get("heap") is not None]
    out = {"presses": len(presses), "boot_ms": round(rows[0]["latency"] / MS),
           "frame_ms_median": round(statistics.median(lat)) if lat else None,
           "frame_ms_worst": round(max(lat)) if lat else None}
    kind = kinds([r["key"] for r in presses])
    for name in ("cursor", "action"):
        v = sorted(r["latency"] / MS for r, k in zip(presses, kind) if k == name and r.get("latency") is not None)
        out[name] = {"n": len(v), "median": statistics.median(v) if v else None, "worst": v[-1] if v else None}
    out["actions"] = kind.count("action")
    out["programmed"] = sum(r.get("programmed", 0) for r in presses)
    out["erased"] = sum(r.get("erased", 0) for r in presses)
    if heap:
        peak = max(heap)
        out["heap_peak"] = peak[0]
        out["heap_peak_at"] = peak[1]
        out["free_at_peak"] = presses[peak[1] - 1]["free"]
        out["free_least"] = min(r["free"] for r in presses if r.get("free") is not None)
    if rows[-1].get("crash"):
        out["stopped"] = {"press": len(rows) - 1, "key": rows[-1]["key"], "why": rows[-1]["crash"][-300:]}
    return out


def section(res, micropython=None):
    """The BENCHMARKS.md section of these figures; micropython: bench/chip.py's
    results for pico_oled, shown beside them."""
    L = []
    add = L.append
    add("## On CircuitPython")
    add("")
    add("CircuitPython 10.2.1 (built from its tag, vpico/firmware/build-circuitpython.sh) on the same virtual Pico,")
    add("the pico_oled_cp profile (pico_oled's SSD1306, buttons and NeoPixels through displayio, keypad and")
    add("neopixel), the files as `flash.sh` stages them (CircuitPython's own .mpy) in its FAT drive: the")
    add("benchmark's scripted game pressed on the board's buttons (bench/circuitpython.py). Times as above (the")
    add("chip's clock, lower bounds of a board's); heap: gc.mem_alloc() after a collection after every press's")
    add("frame, on CircuitPython's own heap (171 KB free at the start where MicroPython leaves 243 KB). The")
    f = vpico.chosen_flash_times()
    add("flash's times: %s (bench/circuitpython.py --flash)." % (
        "none, writes in no time" if f == "none" else "the W25Q16JV datasheet's %s ones" % f))
    add("")
    add("| firmware | presses | cursor move, median / worst | action, median / worst | heap peak (after press) "
        "| least free | boot to the picker | flash per action |")
    add("| --- | --- | --- | --- | --- | --- | --- | --- |")

    def ms(v):
        return "%.1f ms" % v if v is not None else "-"
    done = res["presses"]
    add("| CircuitPython 10.2.1, pico_oled_cp | %d%s | %s / %s (%d) | %s / %s (%d) | %s | %s | %d ms | "
        "%d B programmed, %d B erased |" % (
            done, "" if "stopped" not in res else " (stopped: %s)" % res["stopped"]["why"].strip().splitlines()[-1],
            ms(res["cursor"]["median"]), ms(res["cursor"]["worst"]), res["cursor"]["n"],
            ms(res["action"]["median"]), ms(res["action"]["worst"]), res["action"]["n"],
            "%.1f KB (press %d)" % (res["heap_peak"] / 1024, res["heap_peak_at"]) if "heap_peak" in res else "-",
            "%.1f KB" % (res["free_least"] / 1024) if "free_least" in res else "-", res["boot_ms"],
            res["programmed"] / max(1, res["actions"]), res["erased"] / max(1, res["actions"])))
    if micropython:
        t, h = micropython["time"], micropython["heap"] or {}
        add("| MicroPython v1.28.0, pico_oled | %d | %.1f ms / %.1f ms (%d) | %.1f ms / %.1f ms (%d) | %s | %s | - "
            "| %d B programmed, %d B erased |" % (
                t["presses"], t["cursor"]["median"] / MS, t["cursor"]["worst"] / MS, t["cursor"]["n"],
                t["action"]["median"] / MS, t["action"]["worst"] / MS, t["action"]["n"],
                "%.1f KB (press %d)" % (h["peak"] / 1024, h["at"]) if h else "-",
                "%.1f KB" % (h["free_min"] / 1024) if h else "-",
                t["programmed"] / max(1, t["actions"]), t["erased"] / max(1, t["actions"])))
    add("")
    return L


def measure(work, presses=0):
    """The scripted game (its first `presses`, 0: all) on CircuitPython:
    summary() of its records."""
    from host_sim import device, keyplan
    app, _ = device.build(BOARD, None, seed=scripts.SEED)
    keys = keyplan.play(app, scripts.transcript())
    if presses:
        keys = keys[:presses]
    return summary(game(keys, work))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--presses", type=int, default=0, help="stop after N presses (0: the whole script)")
    ap.add_argument("--json", help="write the per-press records there")
    ap.add_argument("--flash", default=None, choices=vpico.FLASH_TIMES,
                    help="the flash's erase and program times (as bench/chip.py): typical (the default), max, none")
    a = ap.parse_args(argv)
    if a.flash:
        os.environ["VPICO_FLASH"] = a.flash
    why = vpico.ready()
    if why:
        sys.exit("the virtual Pico cannot run: %s" % why)
    from host_sim import device, keyplan
    app, _ = device.build(BOARD, None, seed=scripts.SEED)
    keys = keyplan.play(app, scripts.transcript())
    if a.presses:
        keys = keys[:a.presses]
    with tempfile.TemporaryDirectory() as work:
        rows = game(keys, work)
        first, again = boots(work)
    print("the boot to the picker: %.1f ms at the drive's first start, %.1f ms after it" % (first / MS, again / MS))
    if a.json:
        with open(a.json, "w") as f:
            json.dump(rows, f)
    res = summary(rows)
    print(json.dumps(res, indent=1))
    print("\n".join(section(res)))


if __name__ == "__main__":
    main()
