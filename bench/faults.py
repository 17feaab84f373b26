"""Saved games under faults, for BENCHMARKS.md: the fault-injection suite
(every file the device writes, damaged in 200 ways or more, then a boot) and
the menu walker (random presses with power cuts and refused writes) on
CPython and on the MicroPython unix port.  Each is the test of the same name,
run with its figures printed; a run that fails is reported as such."""
import ast
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PRESSES = 100000     # per runtime, as in ./test


def _run(cmd, env=None):
    e = dict(os.environ, **(env or {}))
    r = subprocess.run(cmd, cwd=ROOT, env=e, capture_output=True, text=True, timeout=1800)
    return r.returncode, r.stdout + r.stderr


def measure(presses=PRESSES):
    code, out = _run([sys.executable, "-m", "pytest", "-q", "-s", "-p", "no:xdist", "-p", "no:cacheprovider",
                      "tests/test_fault_injection.py"])
    files = []
    for m in re.finditer(r"fault injection: (\S+): (\d+) damages, (\{.*?\}); games lost: 0", out):
        files.append((m.group(1), int(m.group(2)), ast.literal_eval(m.group(3))))
    walks = []
    env = {"WALK_PRESSES": str(presses)}
    c1, o1 = _run([sys.executable, "-m", "pytest", "-q", "-s", "-p", "no:xdist", "-p", "no:cacheprovider",
                   "tests/mpy/test_walker.py"], env)
    upy = os.path.join(os.path.dirname(sys.executable), "micropython")
    c2, o2 = _run([upy, "tests/mpy/run.py", "test_walker"], dict(env, MICROPYPATH=".frozen:" + ROOT))
    for c, o in ((c1, o1), (c2, o2)):
        m = re.search(r"walker \((\w+), seed (\d+)\): (\{.*?\})", o)
        walks.append((m.group(1), int(m.group(2)), ast.literal_eval(m.group(3))) if m and c == 0 else None)
    return {"injection_ok": code == 0, "files": files, "walks": walks, "presses": presses}


def section(r):
    out = ["", "## Saved games under faults", "",
           "`tests/test_fault_injection.py`: each file the device writes damaged in every way",
           "listed (a byte flipped, a byte deleted, the file cut at many lengths, emptied,",
           "deleted, a byte that is not UTF-8, a valid-looking file of the wrong shape; in",
           "the journal, each record's last digit changed: an action the rules accept, found",
           "by its checksum alone), then a boot of the firmware (on CPython, as the simulator",
           "runs it) and `resume`.",
           ""]
    if not r["injection_ok"]:
        out.append("**The fault-injection suite failed in this run.**")
        out.append("")
    out += ["| file | damages | what the boot gave |", "| --- | --- | --- |"]
    total = 0
    for name, n, tally in r["files"]:
        total += n
        out.append("| %s | %d | %s |" % (name, n, "; ".join("%s: %d" % kv for kv in sorted(tally.items()) if kv[1])))
    out += ["", "Damages tried: %d; games lost: %s." % (total, "0" if r["injection_ok"] else "see above"), "",
            "`tests/mpy/test_walker.py`: random presses through every screen; on one press",
            "in 24 a power cut inside one of its writes (one of its first 4, or of its",
            "first 24), if it makes that many, then a boot on what the storage kept; on",
            "about one in 60 the storage full or read-only; the game checked against its",
            "journal after every press and every boot.", "",
            "| runtime | seed | presses | power cuts survived (in a new game's start) | writes refused "
            "| games started | screens seen | games lost |",
            "| --- | --- | --- | --- | --- | --- | --- | --- |"]
    for w in r["walks"]:
        if w is None:
            out.append("| **a walk failed in this run** | | | | | | | |")
            continue
        rt, seed, t = w
        out.append("| %s | %d | %d | %d (%d) | %d | %d | %d | 0 |" % (
            rt, seed, t["presses"], t["cuts"], t.get("cuts in a start", 0), t["refused"], t["games"], t["screens"]))
    return out


if __name__ == "__main__":
    print("\n".join(section(measure(int(sys.argv[1]) if len(sys.argv) > 1 else PRESSES))))
