"""The benchmark on the virtual Pico: MicroPython v1.28.0 in an emulated
RP2040 (vpico/), on two firmwares: ours (dist/: the UF2 of `flash.sh --uf2`,
the code in the ROM partition, dropped on an erased flash) and the official
RPI_PICO build (the files as flash.sh stages them on its littlefs).

    .venv/bin/python -m bench.chip [--boards pico_oled,pico_display]
        [--firmwares ours,official] [--kinds time,probe,...] [--presses N]

Per board and firmware (KINDS):
  time      the benchmark's scripted game pressed on the board's buttons
            (presses 50 ms long, or 700 ms for a long press, 40 ms after the
            board went quiet): the time from a button's release (a long
            press: the moment it counts) to the last byte of the frame it
            caused on the display's bus, on the chip's clock, for cursor
            moves and actions (a press that added a journal record), median
            and worst; their drift (the median of the last 100 actions less
            that of the first 100); flash bytes per action;
  probe     the same game with board.json "probe": gc.mem_alloc() after
            gc.collect() after every press (apart: the collection would
            change the first run's times), its peak and where;
  boot      power-on to the last byte of the home screen of a saved game of
            300 actions (an undo every third), in the full heap;
  bootlimit the same boot with the heap limited (a ballast taken by main.py
            first leaves the firmware that heap in all): ours in the budget
            and in the target heap, the official firmware in 160 KB;
  session   every game's scripted session (sessions: Inca Empire, the
            benchmark's game; the others their transcripts) pressed faster
            than a thumb (held 35 ms, 5 ms apart; an OK or a held DOWN
            after a press that made an action waits PAUSE_MS), in the limited heaps of
            bootlimit: whether it ends on the simulator's screen (no press
            lost), or where it stopped;
  need      the smallest heap (4 KB steps, by bisection) in which a session
            completes: ours, every game on both boards; the official firmware on
            the colour screen, every game (the T-Display's screen, whose
            ESP32 has about 112 KB of heap on the official firmware);
  parts     (ours) where the heap goes at its peak (bench/heap_parts.py);
  cuts      (ours) the boot after a power cut anywhere in the long evening:
            the journal of its first N records (N every CUT_EVERY from
            CUT_FIRST), as the device journals it, booted in the budget heap:
            the time to the home screen (it depends on the records the boot
            replays after the snapshot), median, 90th percentile and worst;
  evening   (ours) a long evening: 3,000 journal records of Inca Empire
            (random legal play with undo and redo, scripts.evening) pressed
            fast to the game's end in the budget heap, then the power cut
            and the board booted again in the same heap: the boot's time.
--flash typical|max|none: how long the flash takes to erase and program
(vpico/chip.js, the W25Q16JV's datasheet: a 4 KB sector 45 ms typical,
400 ms at most; a 256-byte page 0.4 ms, 3 ms at most), the chip waiting
meanwhile; typical by default (VPICO_FLASH).  The emulator counts
instructions at the clock the firmware sets (a Pico's profile: 200 MHz,
boards/pico_oled.py CLOCK) with no flash wait states and no XIP cache misses:
a real board is otherwise slower, so a time here is a lower bound but for
the flash's writes.
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

FIRMWARES = {
    "ours": "our MicroPython v1.28.0 for the Pico with a ROM partition (dist/), the UF2 of `flash.sh --uf2` "
            "dropped on an erased flash: the code, assets and board.json in the ROM partition",
    "official": "the official MicroPython v1.28.0 RPI_PICO build, the files as `flash.sh --stage` makes them "
                "on its littlefs"}
BOARDS = ("pico_oled", "pico_display")
RESUME_ACTIONS = 300
EVENING = 3000                 # journal records of the long evening
# its heaps (KB): the budget, and on pico_oled, where the budget is not held,
# the heap tests/test_vpico.py gives the firmware there
CUT_FIRST, CUT_EVERY = 101, 53     # where the long evening is cut (cuts)
EVENING_KB = {"pico_oled": (96, 104), "pico_display": (110,)}
# the budgets (ms) and, in brackets, the targets beyond them
CURSOR = (40, 60, 20)          # median, worst; target median
ACTION = (100, 250, 50)
DRIFT_MS = 10                  # the action median of the last 100 actions over the first 100's
RESUME_MS = {"ours": (1000, 500), "official": (1500, 500)}
# the heap a board's firmware is given (KB): ours, its budget and target; the official firmware one heap
HEAP_KB = {"ours": {"pico_oled": (96, 64), "pico_display": (110, 80)},
           "official": {"pico_oled": (160,), "pico_display": (160,)}}


def board_setup(board, folder, firmware, seed=scripts.SEED, extra=None, heap=None, data=None, files=None,
                main=None):
    """The arguments of Pico() for a board set up as a user sets it up,
    on `firmware`: ours, the UF2 of flash.sh --uf2 dropped on an erased
    flash; official, the files flash.sh stages on its littlefs.  board.json
    given the seed of new games and the extra settings; main.py the text
    `main` (then, with heap, a ballast first that leaves the firmware a heap
    of that many bytes: host_sim.vpico.BALLAST); the folder `data` as /data
    and `files` ({name: path}) on the filesystem."""
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    if firmware == "official":
        fs = vpico.stage(board, os.path.join(folder, "staged"), seed=seed, extra=extra)
        if main is not None:
            with open(os.path.join(fs, "main.py"), "w") as f:
                f.write(main)
        if heap:
            vpico.limit_heap(fs, heap)
    else:
        uf2 = vpico.stage_uf2(board, os.path.join(folder, "uf2"), seed=seed, extra=extra, heap=heap, main=main)
        fs = os.path.join(folder, "fs")
        os.makedirs(fs)
    if data:
        shutil.copytree(data, os.path.join(fs, "data"))
    for name, path in (files or {}).items():
        shutil.copy(path, os.path.join(fs, name))
    img = vpico.mkfs(fs, os.path.join(folder, "fs.img")) if os.listdir(fs) else None
    if firmware == "official":
        return {"fs": img}
    return {"flash": vpico.flash_of(os.path.join(folder, "flash.bin"), uf2, fs=img)}


def _records(twin):
    j = twin.app.play.journal
    return j.records if j is not None else 0


def game(board, keys, work, firmware, probe=False, seed=scripts.SEED):
    """Press the keys on the board, each after the board went quiet;
    returns a list of per-press records {key, kind, latency (ns or None),
    heap, free, programmed, erased}."""
    folder = os.path.join(work, "%s-%s-%s" % (firmware, board, "probe" if probe else "time"))
    kw = board_setup(board, folder, firmware, seed=seed, extra={"probe": True} if probe else None)
    twin = Twin(board, seed, os.path.join(folder, "twin"))
    rows = []
    with Pico(board, **kw) as p:
        p.boot()
        seen = len(p.serial)
        stats = p.stats()
        for k in keys:
            before = _records(twin)
            was_over = twin.app.play.session is not None and twin.app.play.ended()
            scr = twin.app.screens.stack[-1] if twin.app.screens.stack else None
            cur = getattr(scr, "cur", None)
            button, hold = p.buttons_for(k)
            at = p.t + vpico.GAP
            if k in ("ok", "end"):
                at = max(at, twin.due())    # not the thumb's second OK after an action
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
            elif k.split("*")[0] in ("up", "down") and twin.app.screens.stack and twin.app.screens.stack[-1] is scr and \
                    getattr(scr, "cur", None) != cur:
                kind = "cursor"
            else:
                kind = "other"
            s2 = p.stats()
            row = {"key": k, "kind": kind, "latency": (last[-1] - since) if last else None,
                   "programmed": s2["programmed"] - stats["programmed"], "erased": s2["erased"] - stats["erased"],
                   "flash_ns": s2["flash_ns"] - stats["flash_ns"]}
            if kind == "action" and not was_over and twin.app.play.ended() and len(last) > 1:
                # the press that ends the game: its answer is the first frame
                # (the winner, the standings); the BG Stats code is made after
                # it and drawn over it with no press (firmware/screenkit/playcode.py)
                row["latency"], row["code"] = last[0] - since, last[-1] - since
            stats = s2
            p.read()
            probed = [ln.split() for ln in p.serial[seen:].splitlines() if ln.startswith("heap ")]
            seen = len(p.serial)
            if probed:
                row["heap"], row["free"] = int(probed[-1][1]), int(probed[-1][2])
            if _crashed(p.serial):
                raise SystemExit("bench: the board crashed at press %d: %s" % (len(rows) + 1, p.serial[-1500:]))
            rows.append(row)
        if p.picture() != twin.picture():
            raise SystemExit("bench: the board's last frame is not the simulator's")
    return rows


def power_on(p, heap):
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


def saved_game(folder, lines):
    """A data folder with the game of `lines` journaled as the device
    journals it."""
    from firmware.core.journal import Journal
    from firmware.games.registry import module
    from firmware.core.store import drop_notes
    data = os.path.join(folder, "data")
    bundled = os.path.join(ROOT, "assets", "inca", "edition.json")
    with open(bundled) as f:
        edition = json.load(f)
    drop_notes(edition)
    j = Journal(os.path.join(data, "game"), module("inca"), edition)
    j.tables = (bundled, bundled)    # as the device reads it (firmware/chooser.py choose)
    j.start(lines[0])
    for a in lines[1:]:
        j.apply(a)
    j.close()
    return data


def boot_time(board, work, firmware, actions=RESUME_ACTIONS, heap=None):
    """ns from power-on to the last byte of the home screen, for a board
    that boots on a saved game of `actions` actions; with heap (the
    board's heap limited to that many bytes), the crash's error instead
    if it does not boot into the game."""
    folder = os.path.join(work, "%s-%s-boot%s" % (firmware, board, heap or ""))
    data = saved_game(folder + "-data", scripts.transcript(undo_every=3)[:actions + 1])
    kw = board_setup(board, folder, firmware, heap=heap, data=data)
    with Pico(board, **kw) as p:
        crash = power_on(p, heap)
        if crash:
            return crash
        frames = p.frames()
        if p.picture() != vpico.boot_picture(board, data, scripts.SEED):
            if heap:
                return "booted to another screen than the saved game's"
            raise SystemExit("bench: the board did not boot into the saved game")
        return frames[-1][0]


def fast(p, twin, keys, at, limit=120_000 * MS, ahead=64):
    """Press the keys faster than a thumb (held 35 ms, 5 ms apart; a long
    or held press as long as it takes; an OK or a held DOWN after a press
    that made an action PAUSE_MS after it, as a player's), the simulator `twin` given
    the same presses at the same times; then run until the board is quiet.
    At most `ahead` presses are waiting on the emulator's clock at a time
    (each is two alarms, and a long list of alarms slows every tick).
    Returns (the press the board was at when it crashed, or None; the
    error; the chip time the presses took)."""
    start = p.t
    t = at
    downs = []

    def run_to(until):
        """Run to `until`; (press, error) if the board crashed or stopped."""
        until = int(until)
        while until - p.t >= MS:
            running = p.run(min(2000 * MS, until - p.t))["running"]
            p.read()
            if _crashed(p.serial) or not running:
                why = _tail(p.serial) if _crashed(p.serial) else "the chip stopped: %s" % p.stats()["halted"]
                return sum(1 for d in downs if d <= p.t), why
        return None
    for i, k in enumerate(keys):
        button, hold = p.buttons_for(k)
        if hold == vpico.HOLD:
            hold = 35 * MS
        if k in ("ok", "end"):
            t = max(t, twin.due())
        if i >= ahead:
            stop = run_to(downs[i - ahead])
            if stop:
                return stop + (p.t - start,)
        p.press(button, hold, at=t)
        twin.key(k, at=vpico.counted(t, t + hold, hold))
        downs.append(t)
        t += hold + 5 * MS
    stop = run_to(t)
    if stop:
        return stop + (p.t - start,)
    try:
        p.settle(limit=limit)
    except vpico.PicoError as e:
        return len(keys), str(e), p.t - start
    if _crashed(p.serial):
        return len(keys), _tail(p.serial), p.t - start
    return None, None, p.t - start


def session(board, game_name, work, firmware, heap):
    """A game's scripted session pressed fast (fast()) in a heap of `heap`
    bytes: {"completed", "presses", "press" (where it stopped), "error"}."""
    keys = scripts.session(game_name, board)
    folder = os.path.join(work, "%s-%s-%s-%d" % (firmware, board, game_name, heap))
    kw = board_setup(board, folder, firmware, heap=heap)
    twin = Twin(board, scripts.SEED, os.path.join(folder, "twin"))
    with Pico(board, **kw) as p:
        crash = power_on(p, heap)
        if crash:
            return {"completed": False, "presses": len(keys), "press": 0, "error": crash}
        stopped, error, _ = fast(p, twin, keys, p.t + vpico.GAP)
        if stopped is None and p.picture() != twin.picture():
            stopped, error = len(keys), "its last screen is not the simulator's (a press lost or doubled)"
    return {"completed": stopped is None, "presses": len(keys), "press": stopped, "error": error}


def need(board, game_name, work, firmware, lo=48, hi=176, step=4):
    """The smallest heap (KB, in steps of `step`) in which the game's session
    completes, by bisection between lo and hi (the heap does not compact:
    a heap a little larger than one that completes can still fail, so this
    is where it first completes, not a guarantee above it): {"kb": N or
    None (not even in hi), "tried": {kb: completed}}."""
    tried = {}

    def ok(kb):
        if kb not in tried:
            tried[kb] = session(board, game_name, work, firmware, kb * 1024)["completed"]
        return tried[kb]
    if not ok(hi):
        return {"kb": None, "tried": tried}
    while hi - lo > step:
        mid = (lo + hi) // 2 // step * step
        if ok(mid):
            hi = mid
        else:
            lo = mid
    return {"kb": hi, "tried": tried}


def cuts(board, work, heap_kb, records=EVENING):
    """The boot after a cut at each of the long evening's points (cuts), in
    a heap of heap_kb: {"boots": [[records, ns or the error]], "heap": heap_kb}."""
    lines = scripts.evening(records)
    out = []
    points = list(range(CUT_FIRST, len(lines), CUT_EVERY)) + [len(lines)]    # and at its end
    for n in points:
        folder = os.path.join(work, "ours-%s-cut-%d" % (board, n))
        data = saved_game(folder + "-data", lines[:n])
        kw = board_setup(board, folder, "ours", heap=heap_kb * 1024, data=data)
        with Pico(board, **kw) as p:
            crash = power_on(p, heap_kb * 1024)
            if crash:
                got = crash
            elif p.picture() != vpico.boot_picture(board, data, scripts.SEED):
                got = "booted to another screen than the game's"
            else:
                got = p.frames()[-1][0]
        out.append([n, got])
        shutil.rmtree(folder, ignore_errors=True)
        shutil.rmtree(folder + "-data", ignore_errors=True)
    return {"boots": out, "heap": heap_kb}


def evening(board, work, heap_kb, records=EVENING):
    """The long evening on our firmware in a heap of heap_kb: {"records",
    "presses", "completed", "error", "ms" (the chip time it took), "boot"
    (ns to the home screen after a power cut at its end, or the error)}."""
    heap = heap_kb * 1024
    lines = scripts.evening(records)
    from host_sim import device, keyplan
    app, _ = device.build(board, None, scripts.SEED)
    keys = keyplan.play(app, lines)
    folder = os.path.join(work, "ours-%s-evening-%d" % (board, heap_kb))
    kw = board_setup(board, folder, "ours", heap=heap)
    twin = Twin(board, scripts.SEED, os.path.join(folder, "twin"))
    out = {"records": len(lines) - 1, "presses": len(keys)}
    with Pico(board, **kw) as p:
        crash = power_on(p, heap)
        if crash:
            return dict(out, completed=False, error=crash)
        stopped, error, took = fast(p, twin, keys, p.t + vpico.GAP, limit=600_000 * MS)
        if stopped is None and p.picture() != twin.picture():
            stopped, error = len(keys), "its last screen is not the simulator's"
        out.update(completed=stopped is None, error=error, press=stopped, ms=took / MS)
        cut = os.path.join(folder, "cut.bin")
        p.save(cut)
    if not out["completed"]:
        return out
    with Pico(board, flash=cut) as p:
        crash = power_on(p, heap)
        if crash:
            out["boot"] = crash
        elif p.picture() != vpico.boot_picture(board, twin.data, scripts.SEED):
            out["boot"] = "booted to another screen than the game's"
        else:
            out["boot"] = p.frames()[-1][0]
    return out


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


def heap_parts(board, work, firmware="ours", limit=3_600_000 * MS):
    """Where the heap goes at its peak on the board: {"peak": bytes, "at":
    press, part: bytes for each of PARTS} (bench/heap_parts.py, run as
    main.py: the scripted game played twice, to its peak, then taken apart)."""
    folder = os.path.join(work, "%s-%s-parts" % (firmware, board))
    shutil.rmtree(folder + "-keys", ignore_errors=True)
    os.makedirs(folder + "-keys")
    keys, _ = scripts.write_keys(board, folder + "-keys")
    cfg = os.path.join(folder + "-keys", "board.json")
    with open(cfg, "w") as f:
        json.dump({"board": board, "seed": scripts.SEED}, f)
    files = {"keys.txt": keys, "heap_parts.py": os.path.join(ROOT, "bench", "heap_parts.py")}
    main = PARTS_MAIN
    if firmware == "ours":
        # the firmware from the ROM partition, board.json on the filesystem as heap_parts reads it
        files["board.json"] = cfg
        main = "import sys\nsys.path.insert(0, '/rom')\n" + PARTS_MAIN
    kw = board_setup(board, folder, firmware, files=files, main=main)
    got = {}
    with Pico(board, **kw) as p:
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
            total = int(ln.rsplit("n_total_bytes=", 1)[1])
            text = int(ln.split("n_str_data_bytes=", 1)[1].split(",")[0])
            # on ours the names of the code in the ROM image are read in
            # place (their text is not in the heap): only the pools count
            got["names"] = total - text if firmware == "ours" else total
    got["board"] -= got["frame"]
    got["left"] -= got["names"]     # the names stay in what is left (never freed)
    return got


def summary(rows):
    def stats(kind):
        v = sorted(r["latency"] for r in rows if r["kind"] == kind and r["latency"] is not None)
        return {"n": len(v), "median": statistics.median(v) if v else None, "worst": v[-1] if v else None}
    acts = [r["latency"] for r in rows if r["kind"] == "action" and r["latency"] is not None]
    drift = statistics.median(acts[-100:]) - statistics.median(acts[:100]) if len(acts) >= 200 else None
    actions = sum(1 for r in rows if r["kind"] == "action")
    code = [r["code"] for r in rows if r.get("code") is not None]
    return {"cursor": stats("cursor"), "action": stats("action"), "actions": actions, "presses": len(rows),
            "drift": drift, "code": code[-1] if code else None,
            "programmed": sum(r["programmed"] for r in rows), "erased": sum(r["erased"] for r in rows),
            "flash_ns": sum(r.get("flash_ns", 0) for r in rows), "flash": vpico.chosen_flash_times()}


def heap_summary(rows):
    heap = [(r["heap"], i) for i, r in enumerate(rows) if "heap" in r]
    if not heap:
        return None
    peak, at = max(heap)
    return {"peak": peak, "at": at + 1, "key": rows[at]["key"], "free_min": min(r["free"] for r in rows if "free" in r),
            "samples": len(heap)}


def _task(args):
    what, board, firmware, work, arg = args
    if what == "boot":
        return boot_time(board, work, firmware)
    if what == "bootlimit":
        got = boot_time(board, work, firmware, heap=arg * 1024)
        return {"completed": not isinstance(got, str), "error": got if isinstance(got, str) else None,
                "boot": None if isinstance(got, str) else got}
    if what == "session":
        game_name, heap = arg
        return session(board, game_name, work, firmware, heap * 1024)
    if what == "parts":
        return heap_parts(board, work, firmware)
    if what == "need":
        # ours completes every game in its budget heaps (96 and 110 KB)
        return need(board, arg, work, firmware, hi=112 if firmware == "ours" else 176)
    if what == "evening":
        return evening(board, work, arg)
    if what == "cuts":
        return cuts(board, work, arg)
    keys, _ = scripts.keys(board)
    if arg:
        keys = keys[:arg]
    rows = game(board, keys, work, firmware, probe=what == "probe")
    return heap_summary(rows) if what == "probe" else summary(rows)


KINDS = ("time", "probe", "boot", "bootlimit", "session", "need", "parts", "evening", "cuts")


def tasks(boards, firmwares, kinds, work, presses=None):
    out = []
    for fw in firmwares:
        for b in boards:
            heaps = HEAP_KB[fw][b]
            for what in kinds:
                if what in ("parts", "evening", "cuts") and fw != "ours":
                    continue
                if what == "need":
                    # ours: every game; the official firmware on the colour screen, every game
                    # (the T-Display's screen: its heap on the official ESP32 firmware is about 112 KB)
                    if fw == "ours" or b == "pico_display":
                        out += [(what, b, fw, work, g) for g in scripts.GAMES]
                    continue
                if what == "bootlimit":
                    out += [(what, b, fw, work, h) for h in heaps]
                elif what == "evening":
                    out += [(what, b, fw, work, h) for h in EVENING_KB[b]]
                elif what == "cuts":
                    out.append((what, b, fw, work, heaps[0]))
                elif what == "session":
                    out += [(what, b, fw, work, (g, h)) for g in scripts.GAMES for h in heaps]
                else:
                    out.append((what, b, fw, work, presses))
    # the longest first, so that they run side by side
    order = {"evening": 0, "time": 1, "probe": 2, "parts": 3, "need": 4, "cuts": 5}
    return sorted(out, key=lambda t: order.get(t[0], 9))


def _run(t):
    """A task's figures, or {"failed": why} (one run's failure does not
    lose the others')."""
    try:
        return _task(t)
    except (Exception, SystemExit) as e:  # noqa: BLE001 - reported with the figures
        return {"failed": "%s: %s" % (type(e).__name__, e)}


def measure(work, boards=BOARDS, firmwares=tuple(FIRMWARES), kinds=KINDS, presses=None, jobs=None, log=None):
    """{firmware: {board: {kind: figures}}}, kind "bootlimit" and "session"
    by heap (KB) (and game); the runs side by side, one a core.  log: a
    file that gets a line of JSON as each run ends."""
    from concurrent.futures import ProcessPoolExecutor, as_completed
    todo = tasks(boards, firmwares, kinds, work, presses)
    got = []
    with ProcessPoolExecutor(max_workers=jobs or os.cpu_count() or 1) as pool:
        running = {pool.submit(_run, t): t for t in todo}
        for done in as_completed(running):
            what, b, fw, _, arg = running[done]
            row = [what, b, fw, arg, done.result()]
            got.append(row)
            if log:
                with open(log, "a") as f:
                    f.write(json.dumps(row) + "\n")
    return collect(got)


def collect(rows):
    """{firmware: {board: {kind: figures}}} of runs [kind, board, firmware,
    arg, figures] (a log's lines), in the order of FIRMWARES and BOARDS."""
    res = {}
    for what, b, fw, arg, r in rows:
        into = res.setdefault(fw, {}).setdefault(b, {})
        key = "heap" if what == "probe" else what
        if what == "session":
            into.setdefault(key, {}).setdefault(arg[0], {})[arg[1]] = r
        elif what in ("bootlimit", "need", "evening"):
            into.setdefault(key, {})[arg] = r
        else:
            into[key] = r
    return {fw: {b: res[fw][b] for b in BOARDS if b in res.get(fw, {})} for fw in FIRMWARES if fw in res}


def ms(ns):
    return "%.1f ms" % (ns / MS) if ns is not None else "-"


def held(ok):
    return "yes" if ok else "**no**"


def game_name(g):
    """A game's name in the tables: its title in English (the registry's
    g.GAME), the benchmark's scripted game's said to be that."""
    from host_sim import device
    name = device.words("en")["g." + g]
    return name + " (the scripted game)" if g == scripts.SETUP.split()[0] else name


def _ran(r):
    return "completes" if r["completed"] else "stops at press %s of %d: %s" % (
        r["press"] + 1 if r.get("press") is not None else "?", r["presses"], r["error"])


def _failed(x):
    return isinstance(x, dict) and "failed" in x


def budget_rows(fw, board, r):
    """The rows of a firmware's table of budgets for one board (a run that
    failed is a row that says so)."""
    out = []
    for kind in ("time", "boot", "heap"):
        if _failed(r.get(kind)):
            out.append((board, "(%s run)" % kind, "", "failed: %s" % r[kind]["failed"], False))
            r = dict(r, **{kind: None})
    t = r.get("time")
    if t:
        c, a = t["cursor"], t["action"]
        out.append((board, "cursor move: median, worst", "%d ms, %d ms (%d ms)" % CURSOR,
                    "%s, %s" % (ms(c["median"]), ms(c["worst"])),
                    c["median"] is not None and c["median"] <= CURSOR[0] * MS and c["worst"] <= CURSOR[1] * MS))
        out.append((board, "action: median, worst", "%d ms, %d ms (%d ms)" % ACTION,
                    "%s, %s" % (ms(a["median"]), ms(a["worst"])),
                    a["median"] is not None and a["median"] <= ACTION[0] * MS and a["worst"] <= ACTION[1] * MS))
        if t.get("drift") is not None:
            out.append((board, "drift: action median, last 100 actions less the first 100", "%d ms" % DRIFT_MS,
                        ms(t["drift"]), t["drift"] <= DRIFT_MS * MS))
        if t.get("code") is not None:
            # (the press that ends the game is timed to its first frame, the
            # standings; the code is drawn over them after it, with no press)
            out.append((board, "the end's BG Stats code on the screen, after the press that ends the game",
                        "none (shown)", ms(t["code"]), True))
    budget = RESUME_MS[fw]
    if r.get("boot") is not None:
        out.append((board, "boot to the home screen of a %d-action game" % RESUME_ACTIONS,
                    "%d ms (%d ms)" % budget, ms(r["boot"]), r["boot"] <= budget[0] * MS))
    heaps = HEAP_KB[fw][board]
    for i, h in enumerate(heaps):
        what = "budget" if i == 0 else "target"
        bl = (r.get("bootlimit") or {}).get(h)
        if _failed(bl):
            bl = {"completed": False, "error": "the run failed: %s" % bl["failed"]}
        if bl:
            ok = bl["completed"] and bl["boot"] <= budget[0] * MS
            out.append((board, "boot into the %d-action game in a heap of %d KB" % (RESUME_ACTIONS, h),
                        "boots, %d ms (%s)" % (budget[0], what) if i == 0 else "boots (target)",
                        "boots, %s" % ms(bl["boot"]) if bl["completed"] else "does not: %s" % bl["error"],
                        ok if i == 0 else bl["completed"]))
        for g in scripts.GAMES:
            sr = ((r.get("session") or {}).get(g) or {}).get(h)
            if _failed(sr):
                sr = {"completed": False, "press": None, "presses": 0, "error": "the run failed: %s" % sr["failed"]}
            if sr:
                out.append((board, "%s in a heap of %d KB, pressed fast" % (game_name(g), h),
                            "completes (%s)" % what, _ran(sr), sr["completed"]))
    hp = r.get("heap")
    if hp:
        out.append((board, "heap in use after a press, at its peak (the heap a game needs is more)",
                    "under %d KB" % heaps[0], "%.1f KB" % (hp["peak"] / 1024), hp["peak"] < heaps[0] * 1024))
    return out


FLASH_WORDS = {
    "typical": "here the W25Q16JV datasheet's typical times (a 4 KB sector erased in 45 ms, a 256-byte page "
               "programmed in 0.4 ms)",
    "max": "here the W25Q16JV datasheet's maximum times (a 4 KB sector erased in 400 ms, a 256-byte page "
           "programmed in 3 ms)",
    "none": "none here (the flash written in no time)"}


def flash_of(res):
    """The flash times the timed runs of these figures had."""
    for boards in res.values():
        for r in boards.values():
            t = r.get("time") or {}
            if t.get("flash"):
                return t["flash"]
    return vpico.chosen_flash_times()


def section(res):
    """The BENCHMARKS.md section of these figures."""
    L = []
    add = L.append
    add("## On the virtual Pico")
    add("")
    add("MicroPython v1.28.0 on an emulated RP2040 (rp2040js 1.4.1, vpico/), on two firmwares: %s;" % FIRMWARES["ours"])
    add("and %s (bench/chip.py). The benchmark's scripted game (above) and the other games'" % FIRMWARES["official"])
    add("scripted sessions are pressed on the board's buttons. Times are the chip's own clock, from a button's")
    add("release (a long press: the moment it counts) to the last byte of the resulting frame on the display's")
    add("bus; the bus is modelled at its rate (the SSD1306's I2C at the 400 kHz the firmware sets, 9 clocks a")
    add("byte; the ST7789's SPI at 50 MHz, its peripheral clock moved to the system clock:")
    add("boards/pico_display.py). A flash erase or program keeps the chip waiting the flash's own time:")
    add(FLASH_WORDS[flash_of(res)])
    add("(vpico/chip.js; bench/chip.py --flash typical|max|none). The emulator runs the chip at the clock the")
    add("firmware sets: 200 MHz, the RP2040's fastest specified, at a core voltage of 1.15 V (a Pico's profile,")
    add("CLOCK; before it, MicroPython's 125 MHz), with no flash wait states or XIP cache misses, so a board is")
    add("otherwise slower: these are lower bounds. Heap:")
    add("gc.mem_alloc() after gc.collect() after every press (a run of its own, board.json \"probe\"), on the")
    add("32-bit chip's own heap; and the sessions and a boot into a saved game with the heap limited: main.py")
    add("first takes a ballast, one block at the bottom of the heap, that leaves the firmware a heap of that")
    add("size in all (host_sim/vpico.py BALLAST), as on a board whose heap is that big.")
    add("A session pressed fast (held 35 ms, 5 ms apart) completes when the board crashes nowhere and ends on")
    add("the simulator's screen: no press lost or doubled.")
    add("")
    for fw, title in (("ours", "Our firmware (the UF2)"), ("official", "The official firmware")):
        if fw not in res:
            continue
        add("### %s" % title)
        add("")
        add("| board | what | budget (target) | measured | held |")
        add("| --- | --- | --- | --- | --- |")
        for board, r in res[fw].items():
            for row in budget_rows(fw, board, r):
                add("| %s | %s | %s | %s | %s |" % (row[:4] + (held(row[4]),)))
        add("")
    add("| firmware | board | cursor move, median / worst | action, median / worst | heap peak (after press) | "
        "least free | boot to home, %d-action game | flash per action |" % RESUME_ACTIONS)
    add("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for fw, boards in res.items():
        for board, r in boards.items():
            t = r.get("time")
            if not t or _failed(t):
                continue
            h = r.get("heap") or {}
            if _failed(h):
                h = {}
            per = t["programmed"] / max(1, t["actions"])
            add("| %s | %s | %s / %s (%d) | %s / %s (%d) | %s (press %s, %s) | %s | %s | %.0f B programmed, "
                "%.0f B erased, %.1f ms of the flash's |" % (
                    fw, board, ms(t["cursor"]["median"]), ms(t["cursor"]["worst"]), t["cursor"]["n"],
                    ms(t["action"]["median"]), ms(t["action"]["worst"]), t["action"]["n"],
                    "%.1f KB" % (h["peak"] / 1024) if h else "-", h.get("at", "-"), h.get("key", "-"),
                    "%.1f KB" % (h["free_min"] / 1024) if h else "-",
                    ms(r.get("boot")) if not _failed(r.get("boot")) else "-", per,
                    t["erased"] / max(1, t["actions"]), t.get("flash_ns", 0) / MS / max(1, t["actions"])))
    add("")
    needs = [(fw, b, g, n) for fw, boards in res.items() for b, r in boards.items()
             for g, n in sorted((r.get("need") or {}).items())]
    if needs:
        add("### The smallest heap a session needs")
        add("")
        add("Found by bisection in steps of 4 KB between 48 and 112 KB (ours) or 176 KB (the official firmware),")
        add("each heap tried as above (a session")
        add("pressed fast, the heap limited by a ballast). The heap does not compact: a heap a little larger")
        add("than one that completes may still fail, so this is where it first completed, not a guarantee")
        add("above it. On the official firmware the colour screen stands for the T-Display's (the same layout")
        add("and font), whose ESP32 has about 112 KB of heap on the official firmware.")
        add("")
        add("| firmware | board | session | smallest heap | heaps tried |")
        add("| --- | --- | --- | --- | --- |")
        for fw, b, g, n in needs:
            if _failed(n):
                add("| %s | %s | %s | failed: %s | |" % (fw, b, game_name(g), n["failed"]))
                continue
            tried = ", ".join("%s %s" % (kb, "yes" if okay else "no")
                              for kb, okay in sorted((int(k), v) for k, v in n["tried"].items()))
            add("| %s | %s | %s | %s | %s |" % (fw, b, game_name(g), "%d KB" % n["kb"] if n["kb"] else
                                                "over the heaps tried", tried))
        add("")
    ours = res.get("ours", {})
    ev = [(b, kb, e) for b, r in ours.items() for kb, e in sorted((r.get("evening") or {}).items())]
    if ev:
        add("### A long evening")
        add("")
        add("Our firmware: Inca Empire's scripted setup played at random among the legal actions to the game's")
        add("end, with undo and redo (bench/scripts.py evening: after an action, now and then one or two taken")
        add("back and given again, or one taken back and another chosen), pressed fast, in the budget heap and,")
        add("where the budget is not held, in the heap tests/test_vpico.py gives the firmware; then the power")
        add("cut at its end and the board started again in the same heap (held: the evening ends on the")
        add("simulator's screen, and the boot after it reaches the game's home screen within %d ms)."
            % RESUME_MS["ours"][0])
        add("")
        add("| board | heap | journal records | presses | the evening | chip time | boot after the cut | held |")
        add("| --- | --- | --- | --- | --- | --- | --- | --- |")
        for b, kb, e in ev:
            if "failed" in e:
                add("| %s | %d KB | | | failed: %s | | | **no** |" % (b, kb, e["failed"]))
                continue
            boot = e.get("boot")
            ok = e["completed"] and isinstance(boot, (int, float)) and boot <= RESUME_MS["ours"][0] * MS
            add("| %s | %d KB | %d | %d | %s | %s | %s | %s |" % (
                b, kb, e["records"], e["presses"],
                "ends" if e["completed"] else "stops at press %s: %s" % (e.get("press"), e.get("error")),
                "%.0f s" % (e["ms"] / 1000) if e.get("ms") else "-",
                ms(boot) if isinstance(boot, (int, float)) else (boot or "-"), held(ok)))
        add("")
    from firmware.core.journal import SNAPSHOT_EVERY
    cut = [(b, r["cuts"]) for b, r in ours.items() if r.get("cuts")]
    if cut:
        add("### The boot after a cut anywhere in a long evening")
        add("")
        add("Our firmware: the long evening's journal cut after its first N records, the setup line among them")
        add("(N = %d, %d, ... and at its end, %d: the records as the device journals them, its snapshots too),"
            % (CUT_FIRST, CUT_FIRST + CUT_EVERY, EVENING + 1))
        add("the board started in the budget heap:")
        add("the time from power-on to the last byte of the game's home screen. A boot replays the records")
        add("after the newest snapshot (at most %d): the time depends on how many, and on what they are (an"
            % (SNAPSHOT_EVERY - 1))
        add("undo taken back by a redo costs nothing; an undo whose state before was not kept replays the game")
        add("from its undo checkpoint). Held: the boot within %d ms." % RESUME_MS["ours"][0])
        add("")
        add("| board | heap | cuts | booted | median | 90th percentile | worst (at) | over %d ms |"
            % RESUME_MS["ours"][0])
        add("| --- | --- | --- | --- | --- | --- | --- | --- |")
        for b, c in cut:
            if "failed" in c:
                add("| %s | | | failed: %s | | | | |" % (b, c["failed"]))
                continue
            times = sorted((t, n) for n, t in c["boots"] if isinstance(t, (int, float)))
            bad = [n for n, t in c["boots"] if not isinstance(t, (int, float))]
            if not times:
                add("| %s | %d KB | %d | none | | | | |" % (b, c["heap"], len(c["boots"])))
                continue
            over = sum(1 for t, _ in times if t > RESUME_MS["ours"][0] * MS)
            add("| %s | %d KB | %d | %d%s | %s | %s | %s (%d records) | %d |" % (
                b, c["heap"], len(c["boots"]), len(times),
                "" if not bad else " (not: at %s)" % ", ".join(str(n) for n in bad),
                ms(times[len(times) // 2][0]), ms(times[(len(times) * 9) // 10][0]),
                ms(times[-1][0]), times[-1][1], over))
        add("")
    parted = [("%s, %s" % (b, fw), r["parts"]) for fw, boards in res.items() for b, r in boards.items()
              if r.get("parts") and not _failed(r["parts"])]
    if parted:
        add("### Where the heap goes at its peak")
        add("")
        add("bench/heap_parts.py, run as main.py on our firmware (the code in the ROM partition): the board's")
        add("own objects made as at power-on, the scripted game's presses given to the app (the device's loop")
        add("and its tasks left out), the heap in use after each; the game played again to the press where it")
        add("peaked, then each part let go of in turn and the heap it gave back measured (after a collection);")
        add("objects two parts share count with the later one. The interned names are never freed: their")
        add("figure is MicroPython's qstr pools (micropython.qstr_info()), less their text, which a module")
        add("loaded from the ROM image leaves there (the names that are made as the firmware runs keep their")
        add("text in the heap, among the rest).")
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
    ap = argparse.ArgumentParser(description="The benchmark on the virtual Pico (prints JSON and the section).")
    ap.add_argument("--boards", default=",".join(BOARDS))
    ap.add_argument("--firmwares", default=",".join(FIRMWARES))
    ap.add_argument("--kinds", default=",".join(KINDS))
    ap.add_argument("--presses", type=int, default=None, help="only the first N presses of the timed game")
    ap.add_argument("--jobs", type=int, default=None)
    ap.add_argument("--log", default=None, help="a file that gets each run's figures as it ends (JSON lines)")
    ap.add_argument("--from-log", default=None, help="write the section of the runs in these logs (comma-separated)")
    ap.add_argument("--flash", default=None, choices=vpico.FLASH_TIMES,
                    help="the flash's erase and program times: the datasheet's typical ones (the default), "
                         "its maximum ones, or none")
    args = ap.parse_args(argv)
    if args.flash:
        os.environ["VPICO_FLASH"] = args.flash      # every board of these runs, in every worker
    if args.from_log:
        rows = []
        for name in args.from_log.split(","):
            with open(name) as f:
                rows += [json.loads(line) for line in f if line.strip()]
        print("\n".join(section(collect(rows))))
        return
    why = vpico.ready()
    if why:
        raise SystemExit("bench: the virtual Pico cannot run: " + why)
    work = tempfile.mkdtemp(prefix="vpico-bench-")
    try:
        res = measure(work, args.boards.split(","), args.firmwares.split(","), args.kinds.split(","), args.presses,
                      args.jobs, args.log)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(json.dumps(res, indent=1))
    print("\n".join(section(res)))


if __name__ == "__main__":
    main()
