"""The benchmark's scripted Inca game on CircuitPython: CircuitPython 10.2.1
for the Pico on the virtual Pico (vpico/), the pico_oled_cp profile, the
files as flash.sh stages them (CircuitPython's own .mpy) in its FAT drive,
board.json "probe": true (a heap line after every press's frame).

    .venv/bin/python -m bench.circuitpython [--presses N] [--json FILE]

Per press: the time from the button's release (a long press: the moment it
counts) to the last byte of its frame on the SSD1306's I2C, on the chip's
clock; gc.mem_alloc() and gc.mem_free() after a collection; bytes erased
and programmed.  The run stops at the end of the script, at N presses, or
at a crash (which it reports: the heap ran out, most likely).  Times are
lower bounds of a board's, as on MicroPython (bench/vpico.py).
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
    with Pico(BOARD, fs=img) as p:
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
            since = up if hold == vpico.HOLD else up - hold + 600 * MS
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


def summary(rows):
    presses = [r for r in rows[1:] if "crash" not in r]
    lat = [r["latency"] / MS for r in presses if r.get("latency") is not None]
    heap = [(r["heap"], i) for i, r in enumerate(presses, 1) if r.get("heap") is not None]
    out = {"presses": len(presses), "boot_ms": round(rows[0]["latency"] / MS),
           "frame_ms_median": round(statistics.median(lat)) if lat else None,
           "frame_ms_worst": round(max(lat)) if lat else None}
    if heap:
        peak = max(heap)
        out["heap_peak"] = peak[0]
        out["heap_peak_at"] = peak[1]
        out["free_at_peak"] = presses[peak[1] - 1]["free"]
        out["free_least"] = min(r["free"] for r in presses if r.get("free") is not None)
    if rows[-1].get("crash"):
        out["stopped"] = {"press": len(rows) - 1, "key": rows[-1]["key"], "why": rows[-1]["crash"][-300:]}
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--presses", type=int, default=0, help="stop after N presses (0: the whole script)")
    ap.add_argument("--json", help="write the per-press records there")
    a = ap.parse_args(argv)
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
    if a.json:
        with open(a.json, "w") as f:
            json.dump(rows, f)
    print(json.dumps(summary(rows), indent=1))


if __name__ == "__main__":
    main()
