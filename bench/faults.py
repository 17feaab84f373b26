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
PRESSES = 100000     # per runtime (./test walks fewer: tests/mpy/test_walker.py PRESSES)


def _run(cmd, env=None):
    e = dict(os.environ, **(env or {}))
    r = subprocess.run(cmd, cwd=ROOT, env=e, capture_output=True, text=True, timeout=1800)
    return r.returncode, r.stdout + r.stderr


# the tests of the recovery paths that print their figures ("fault paths: WHAT: {...}")
PATHS = ("tests/mpy/test_journal_start.py", "tests/mpy/test_journal_second_faults.py", "tests/test_recovery.py")
VPICO_PATHS = ("tests/test_vpico.py::test_a_power_cut_at_every_flash_operation_of_a_new_game_started_over_a_saved_game",)


def paths(vpico=True):
    """[(what, tally)] of the recovery paths' tests, and whether they passed."""
    code, out = _run([sys.executable, "-m", "pytest", "-q", "-s", "-p", "no:xdist", "-p", "no:cacheprovider"]
                     + list(PATHS + (VPICO_PATHS if vpico else ())))
    found = []
    for m in re.finditer(r"fault paths: (.+?): (\{.*?\})\n", out):
        found.append((m.group(1), ast.literal_eval(m.group(2))))
    return code == 0, found


def measure(presses=PRESSES, vpico=True):
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
    paths_ok, found = paths(vpico)
    heap = None
    if vpico:
        from bench import recovery
        heap = recovery.measure()
    return {"injection_ok": code == 0, "files": files, "walks": walks, "presses": presses,
            "paths_ok": paths_ok, "paths": found, "heap": heap}


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
    out += ["", "Faults in the recovery paths themselves: a new game's start over a saved game cut",
            "or refused at each of its writes (the game played must stay whole, or the new game",
            "be there; on the virtual Pico at every flash operation, each booted by the firmware's",
            "code on MicroPython's littlefs); the edition table of a young game damaged; a second",
            "power cut at every operation of a repair (and inside its writes); a journal begun",
            "again whose snapshots are lost later (tests/mpy/test_journal_start.py,",
            "tests/mpy/test_journal_second_faults.py, tests/test_recovery.py, tests/test_vpico.py).", ""]
    if not r.get("paths_ok", False):
        out += ["**A test of the recovery paths failed in this run.**", ""]
    out += ["| path | cases | what the boot gave |", "| --- | --- | --- |"]
    for what, tally in r.get("paths", ()):
        out.append("| %s | %d | %s |" % (what, sum(tally.values()),
                                          "; ".join("%s: %d" % kv for kv in sorted(tally.items()) if kv[1])))
    if r.get("heap"):
        from bench import recovery
        out += ["", "Recovery in the heap the boot is given, on the virtual Pico (bench/recovery.py):",
                "the benchmark's saved game (300 actions) damaged as each kind of fault leaves it,",
                "the least heap in all from which the board boots into it and makes its repair (1 KB",
                "steps; the clean boot is held to 150 KB by tests/test_vpico.py, which boots each kind",
                "in it on one board or both). Below it the board keeps the game aside and tells the players",
                "(tests/test_vpico.py: in 120 KB), never a crash at every start.", ""]
        out += recovery.section(r["heap"])
    return out


if __name__ == "__main__":
    print("\n".join(section(measure(int(sys.argv[1]) if len(sys.argv) > 1 else PRESSES))))
