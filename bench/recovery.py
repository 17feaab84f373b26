"""Recovery on the virtual Pico, for BENCHMARKS.md: the benchmark's saved game
(300 actions, an undo every third) damaged as each kind of fault leaves it,
booted with the board's heap limited by a ballast (host_sim/vpico.py
BALLAST), as tests/test_vpico.py does; per board and kind, the least heap (in
KB, to 1 KB) from which the boot recovers the game and makes its repair (no
crash, nothing kept aside for want of room), found by bisection.

    .venv/bin/python -m bench.recovery [--boards pico_oled,pico_display] [--kinds ...]

With --time: the same saves booted by our firmware (the UF2) in the budget
heap (bench/chip.py HEAP_KB), the time from power-on to the last byte of the
game's home screen (held: 1500 ms), or what went wrong.
"""
import argparse
import os
import shutil
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "tests"))

from bench import scripts  # noqa: E402
from bench.chip import BOARDS, RESUME_ACTIONS  # noqa: E402
from host_sim import vpico  # noqa: E402

KINDS = ("none (the clean boot)", "the last record torn", "a bit flipped in the last record",
         "the journal cut short", "no journal", "snap.json damaged", "both snapshots damaged",
         "the edition table damaged")
LO, HI = 120, 170       # KB: the bisection's bounds


def _data(work, board):
    import test_vpico
    from pathlib import Path
    lines = scripts.transcript(undo_every=3)
    saved = RESUME_ACTIONS + 1
    while lines[saved] == "undo":
        saved += 1
    return test_vpico.saved_game(Path(work), board, lines[:saved])


def _damage(game, kind):
    import test_vpico
    if kind != "none (the clean boot)":
        test_vpico._damage(game, kind)


def recovers(work, board, data, kind, kb):
    """True if the board boots on the damaged save in a heap of kb KB and
    recovers it (the game shown, the repair made, nothing kept aside)."""
    import test_vpico
    from pathlib import Path
    case = Path(work) / ("%s-%d" % (board, kb))
    shutil.rmtree(case, ignore_errors=True)
    os.makedirs(case)
    shutil.copytree(data, case / "data")
    _damage(str(case / "data" / "game"), kind)
    with vpico.Pico(board, fs=test_vpico.staged_fs(case, board, str(case / "data"), heap=kb * 1024)) as p:
        try:
            p.boot(limit=30_000 * vpico.MS)
        except vpico.PicoError:
            return False
        p.read()
        if "crash" in p.serial or "Traceback" in p.serial or "no room" in p.serial:
            return False
        return p.picture() == vpico.boot_picture(board, str(case / "data"), scripts.SEED)


def least(work, board, data, kind, lo=LO, hi=HI):
    """The least heap (KB) from which the recovery completes, or None if
    not even hi KB is enough (lo KB: not tried below it)."""
    if not recovers(work, board, data, kind, hi):
        return None
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if recovers(work, board, data, kind, mid):
            hi = mid
        else:
            lo = mid
    return hi


def _each(boards, kinds, one, show):
    """{(board, kind): one(work, board, data, kind)} over the saved game of
    each board, each printed as it comes (show)."""
    work = tempfile.mkdtemp(prefix="bench-recovery-")
    try:
        out = {}
        for board in boards:
            data = _data(os.path.join(work, board), board)
            for kind in kinds:
                got = out[(board, kind)] = one(work, board, data, kind)
                print("%s, %s: %s" % (board, kind, show(got)), flush=True)
        return out
    finally:
        shutil.rmtree(work, ignore_errors=True)


def measure(boards=BOARDS, kinds=KINDS):
    return _each(boards, kinds, lambda work, board, data, kind: least(os.path.join(work, board), board, data, kind),
                 lambda kb: "%s KB" % kb)


def section(res, boards=BOARDS, kinds=KINDS):
    out = ["| the saved game | " + " | ".join(boards) + " |", "| --- |" + " --- |" * len(boards)]
    for kind in kinds:
        cells = []
        for b in boards:
            v = res.get((b, kind))
            cells.append("over %d KB" % HI if v is None else "%d KB" % v)
        out.append("| %s | %s |" % (kind, " | ".join(cells)))
    return out


RECOVERY_MS = 1500


def boot_time(work, board, data, kind):
    """ns from power-on to the game's home screen of our firmware in the
    budget heap, booted on the save damaged as kind; or what went wrong."""
    from bench import chip
    kb = chip.HEAP_KB["ours"][board][0]
    folder = os.path.join(work, "%s-time" % board)
    game = os.path.join(work, "%s-data" % board)
    shutil.rmtree(game, ignore_errors=True)
    shutil.copytree(data, game)
    _damage(os.path.join(game, "game"), kind)
    kw = chip.board_setup(board, folder, "ours", heap=kb * 1024, data=game)
    with vpico.Pico(board, **kw) as p:
        crash = chip.power_on(p, kb * 1024)
        if crash:
            return crash
        if "no room" in p.serial:
            return "kept aside: no room"
        if p.picture() != vpico.boot_picture(board, game, scripts.SEED):
            return "booted to another screen than the game's"
        return p.frames()[-1][0]


def times(boards=BOARDS, kinds=KINDS):
    return _each(boards, kinds, boot_time,
                 lambda got: "%.1f ms" % (got / vpico.MS) if isinstance(got, (int, float)) else got)


def time_section(res, boards=BOARDS, kinds=KINDS):
    out = ["| the saved game | " + " | ".join("%s (%d KB)" % (b, __import__("bench.chip").chip.HEAP_KB["ours"][b][0])
                                              for b in boards) + " |",
           "| --- |" + " --- |" * len(boards)]
    for kind in kinds:
        cells = []
        for b in boards:
            v = res.get((b, kind))
            cells.append("%.1f ms" % (v / vpico.MS) if isinstance(v, (int, float)) else str(v))
        out.append("| %s | %s |" % (kind, " | ".join(cells)))
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--boards", default=",".join(BOARDS))
    ap.add_argument("--kinds", default=None, help="comma-separated, from: " + "; ".join(KINDS))
    ap.add_argument("--time", action="store_true", help="the boot's time on our firmware in the budget heap")
    a = ap.parse_args(argv)
    boards = tuple(a.boards.split(","))
    kinds = tuple(a.kinds.split(",")) if a.kinds else KINDS
    if a.time:
        print("\n".join(time_section(times(boards, kinds), boards, kinds)))
        return 0
    print("\n".join(section(measure(boards, kinds), boards, kinds)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
