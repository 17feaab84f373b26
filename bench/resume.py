# How long resuming a saved game takes, by the length of its journal.  Runs
# under the MicroPython unix port in a directory staged by flash.sh.
#
#   micropython resume.py LINES N DATA
#
# LINES: a transcript (setup line first); its first N actions are journaled
# into DATA as the device does (firmware.core.journal.Journal.apply), then
# the game is resumed from DATA as at power-on, five times.
# Prints "resume N US" with the fastest of the five, and "ref N US".
import sys
import time

from device_game import ref_loop
from firmware.core import jsonout
from firmware.core.journal import Journal
from firmware.games import inca


def main(argv):
    import json
    with open(argv[0]) as f:
        lines = f.read().splitlines()
    n = int(argv[1])
    data = argv[2]
    with open("assets/inca/edition.json") as f:
        ed = json.load(f)
    j = Journal(data, inca, ed)
    j.start(lines[0])
    for a in lines[1:n + 1]:
        j.apply(a)
    want = jsonout.dumps(j.session.state)
    best = None
    for _ in range(5):
        t0 = time.ticks_us()
        ss = Journal(data, inca, ed).resume()
        dt = time.ticks_diff(time.ticks_us(), t0)
        if jsonout.dumps(ss.state) != want:
            raise SystemExit("resume gave another game")
        best = dt if best is None else min(best, dt)
    print("resume", n, best)
    print("ref", 200000, min(ref_loop(200000), ref_loop(200000)))


main(sys.argv[1:])
