"""The virtual Pico's own speed: the wall time the emulator takes for a
fixed run of the chip, with the core's instructions decoded by rp2040js's
own chain of tests (VPICO_DECODE=rp2040js), by the table of
vpico/fastcore.js with every memory access through rp2040js
(VPICO_DECODE=table), and by the table with the memories read and written
in place (the default, "memory").

    .venv/bin/python -m bench.emulator [--board pico_oled] [--game inca] [--repeat 2]

The run: the game's scripted session (bench/scripts.py) pressed fast on our
firmware (bench/chip.py session), the flash with its typical times.  Per
decoding: the wall seconds (the best of --repeat runs), the chip's
seconds, the instructions executed, and their rate.  Both decodings must
run the chip the same: the same instructions, the same clock at the end,
the same flash operations, or the bench says so and fails.
"""
import argparse
import os
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

DECODINGS = ("rp2040js", "table", "memory")


def one(board, game, work):
    """One session in this process: (wall s, chip ns, instructions, flash ops)."""
    from bench import chip, scripts
    from host_sim import vpico
    keys = scripts.session(game, board)
    kw = chip.board_setup(board, os.path.join(work, "setup"), "ours")
    twin = vpico.Twin(board, scripts.SEED, os.path.join(work, "twin"))
    with vpico.Pico(board, **kw) as p:
        start = time.perf_counter()
        p.boot()
        stopped, error, _ = chip.fast(p, twin, keys, p.t + vpico.GAP)
        wall = time.perf_counter() - start
        if stopped is not None:
            raise SystemExit("bench: the session stopped at press %s: %s" % (stopped, error))
        s = p.stats()
    return wall, p.t, s["instructions"], s["flash_ops"]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--board", default="pico_oled")
    ap.add_argument("--game", default="inca")
    ap.add_argument("--repeat", type=int, default=2)
    ap.add_argument("--one", help=argparse.SUPPRESS)       # the run in a child process
    a = ap.parse_args(argv)
    if a.one:
        print(*one(a.board, a.game, a.one))
        return
    rows = {}
    for decoding in DECODINGS:
        best = None
        for _ in range(a.repeat):
            with tempfile.TemporaryDirectory() as work:
                out = subprocess.run([sys.executable, "-m", "bench.emulator", "--board", a.board, "--game", a.game,
                                      "--one", work], cwd=ROOT, capture_output=True, text=True,
                                     env=dict(os.environ, VPICO_DECODE=decoding))
            if out.returncode:
                raise SystemExit(out.stdout + out.stderr)
            wall, clock, instructions, ops = out.stdout.split()[-4:]
            row = (float(wall), int(float(clock)), int(instructions), int(ops))
            if best is not None and row[1:] != best[1:]:
                raise SystemExit("bench: two runs of the same decoding differ: %s %s" % (best, row))
            best = row if best is None or row[0] < best[0] else best
        rows[decoding] = best
    a_ = rows[DECODINGS[0]]
    for d in DECODINGS[1:]:
        if rows[d][1:] != a_[1:]:
            raise SystemExit("bench: the decodings ran the chip differently: %s %s" % (a_, rows[d]))
    print("%s, %s session, our firmware, flash typical: %.2f s of the chip, %d instructions, %d flash operations"
          % (a.board, a.game, a_[1] / 1e9, a_[2], a_[3]))
    for d in DECODINGS:
        wall, _, n, _ = rows[d]
        print("  %-9s %6.1f s wall  %5.1f M instructions/s  %3.0f%% of rp2040js's wall time"
              % (d, wall, n / wall / 1e6, 100 * wall / a_[0]))


if __name__ == "__main__":
    main()
