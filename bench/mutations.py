"""The mutation check: does the suite catch a wrong answer?  Each mutation
changes one line of the firmware to a plausible mistake (a rule applied in
the wrong order, a limit off by one, a check left out); it is applied to a
copy of the repository, the tests that should notice it are run there, and
the mutation is caught when they fail.  The replay CLI's generated
expectations (tests/scenarios) and the golden screens are left out on
purpose: they hold what the engine printed when they were made, and catch
anything that changes an output without telling whether it was right.

    .venv/bin/python -m bench.mutations      # prints the BENCHMARKS.md section

A mutation whose line is no longer in its file is reported as such (the
code moved on): it counts as not caught until it is written again."""
import os
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

INCA = ["tests/mpy/test_inca_rules.py", "tests/mpy/test_inca_cards.py", "tests/mpy/test_rulebook_inca.py"]
JOURNAL = ["tests/mpy/test_journal.py", "tests/mpy/test_journal_snapshots.py", "tests/mpy/test_journal_undo.py",
           "tests/mpy/test_journal_cut.py", "tests/test_fault_injection.py", "tests/test_journal_fuzz.py"]
EIGHTMIN = ["tests/mpy/test_eightmin.py", "tests/mpy/test_rulebook_eightmin.py"]
ORIGIN = ["tests/mpy/test_origin.py", "tests/mpy/test_rulebook_origin.py"]
YU = ["tests/mpy/test_yu.py", "tests/mpy/test_rulebook_yu.py"]

# (what, file, the line as it is (stripped), the line mutated, the tests)
MUTATIONS = [
    ("Inca: a catch-up taker receives the full amount, not what the giver had",
     "firmware/games/inca/engine.py", 's["p"][t]["labor"] += a', 's["p"][t]["labor"] += amount', INCA),
    ("Inca: Sapa Inca scored in seating order, not the score track's",
     "firmware/games/inca/engine.py", 'for c in ranking(s):', 'for c in s["seating"]:', INCA),
    ("Inca: the second player's catch-up also with three players",
     "firmware/games/inca/engine.py", 'if n < fewest:', 'if n < 0:', INCA),
    ("Inca: the keep limit is the next era's number",
     "firmware/games/inca/engine.py", 'keep = s["labor"][era(s) - 1]', 'keep = s["labor"][min(era(s), 3)]', INCA),
    ("Inca: the Sun phase's turn order leader first",
     "firmware/games/inca/engine.py", 's["order"] = list(reversed(ranking(s)))', 's["order"] = list(ranking(s))',
     INCA),
    ("Inca: a figure arriving on a value is not put outside the ones there",
     "firmware/games/inca/engine.py", 'p["at"] = s["at"]', 'p["at"] = 0', INCA),
    ("Inca: Popular Support pays for markers of resistance 2 too",
     "firmware/games/inca/engine.py", 'if m[0] == 1:', 'if m[0] <= 2:', INCA),
    ("Inca: a conquest under Military Superiority can cost less than nothing",
     "firmware/games/inca/cards.py", 'if cost < 0:', 'if cost < -9:', INCA),
    ("Inca: El Nino takes the free roads down to none",
     "firmware/games/inca/cards.py", 'return r if r > 1 else 1', 'return r if r > 0 else 0', INCA),
    ("Inca: Epidemic adds 2 labor once, however many copies",
     "firmware/games/inca/cards.py", 'labor += 2 * n(fx, "epidemic")', 'labor += 2 * min(1, n(fx, "epidemic"))',
     INCA),
    ("Journal: a record's checksum mismatch ignored",
     "firmware/core/resume.py", 'if store.crc32(body + b"\\n", prev) != crc:', 'if False:', JOURNAL),
    ("Journal: the oldest intact snapshot loaded instead of the newest",
     "firmware/core/resume.py", 'if cands[k][0] < cands[k + 1][0]:', 'if cands[k][0] > cands[k + 1][0]:', JOURNAL),
    ("Journal: without the journal, the oldest intact snapshot resumed",
     "firmware/core/resume.py", 'if c[0] > best[0]:', 'if c[0] < best[0]:', JOURNAL),
    ("Eight-Minute Empire: a tie broken by armies before coins",
     "firmware/games/eightmin/engine.py",
     'return (-points[c], -sc[c]["coins"], -(a if a is not None else 0), -sc[c]["regions"], ps.index(c))',
     'return (-points[c], -(a if a is not None else 0), -sc[c]["coins"], -sc[c]["regions"], ps.index(c))',
     EIGHTMIN),
    ("Eight-Minute Empire: a tied continent goes to the first of the tied",
     "firmware/games/eightmin/engine.py", 'out.append(who[0] if len(who) == 1 else None)',
     'out.append(who[0] if who else None)', EIGHTMIN),
    ("Eight-Minute Empire: a wild card joins a kind not held",
     "firmware/games/eightmin/engine.py", 'top = wilds - w if n > 0 else 0', 'top = wilds - w', EIGHTMIN),
    ("Origin: level-5 innovation tiles worth 1 like the others",
     "firmware/games/origin/engine.py", 'tile_vp += tiles[i] * (vp["tile_level5"] if i == 4 else vp["tile"])',
     'tile_vp += tiles[i] * vp["tile"]', ORIGIN),
    ("Origin: a tie goes to the fewest cards in hand",
     "firmware/games/origin/engine.py", 'return (-tot[c], -s["p"][c]["sheet"]["hand"], ps.index(c))',
     'return (-tot[c], s["p"][c]["sheet"]["hand"], ps.index(c))', ORIGIN),
    ("Legacy of Yu: the flood onto the last built section loses",
     "firmware/games/yu/engine.py", 'if g["flood"] > s["cfg"]["river"] or g["flood"] > g["canals"]:',
     'if g["flood"] > s["cfg"]["river"] or g["flood"] >= g["canals"]:', YU),
    ("Legacy of Yu: seven barbarian cards on display do not lose",
     "firmware/games/yu/engine.py", 'if n >= lim:', 'if n > lim:', YU),
]

SKIP = (".git", ".venv", "node_modules", "out", "__pycache__", ".hypothesis", ".pytest_cache")


def _copy(dst):
    shutil.copytree(ROOT, dst, ignore=shutil.ignore_patterns(*SKIP), symlinks=True)


def _mutate(tree, path, old, new):
    """Replace the one line of path whose stripped text is old; False if
    there is not exactly one."""
    p = os.path.join(tree, path)
    with open(p) as f:
        lines = f.read().split("\n")
    at = [i for i, ln in enumerate(lines) if ln.strip() == old]
    if len(at) != 1:
        return False
    ln = lines[at[0]]
    lines[at[0]] = ln[:len(ln) - len(ln.lstrip())] + new
    with open(p, "w") as f:
        f.write("\n".join(lines))
    return True


def _pytest(tree, tests):
    r = subprocess.run([sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider", "-p", "no:xdist"]
                       + tests, cwd=tree, capture_output=True, text=True, timeout=1800)
    return r.returncode, r.stdout + r.stderr


def measure():
    """[(what, 'caught' | 'not caught' | 'does not apply', seconds)]; the
    tests must pass on the tree as it is first."""
    out = []
    with tempfile.TemporaryDirectory(prefix="mutations-") as work:
        tree = os.path.join(work, "tree")
        _copy(tree)
        every = sorted(set(t for m in MUTATIONS for t in m[4]))
        code, text = _pytest(tree, every)
        if code != 0:
            raise SystemExit("bench.mutations: the tests fail on the tree as it is:\n" + text[-3000:])
        for what, path, old, new, tests in MUTATIONS:
            t0 = time.time()
            src = os.path.join(tree, path)
            with open(src) as f:
                keep = f.read()
            try:
                if not _mutate(tree, path, old, new):
                    out.append((what, "does not apply", 0.0))
                    continue
                code, text = _pytest(tree, tests)
                # 1: tests failed; anything else (no tests, an error in the
                # run itself) is not a catch
                out.append((what, "caught" if code == 1 else "not caught", time.time() - t0))
            finally:
                with open(src, "w") as f:
                    f.write(keep)
            print("%-12s %s" % (out[-1][1], what), file=sys.stderr)
    return out


def section(results):
    caught = sum(1 for r in results if r[1] == "caught")
    L = ["## Mutations", "",
         "`.venv/bin/python -m bench.mutations`: %d one-line mistakes put into the firmware" % len(results),
         "(each in a copy of the repository), and the rule, journal and scoring tests run on",
         "each (not the replay CLI's generated expectations or the golden screens, which",
         "hold whatever the engine printed when they were made): caught when they fail.", "",
         "| mistake | caught |", "| --- | --- |"]
    for what, verdict, _ in results:
        L.append("| %s | %s |" % (what, "yes" if verdict == "caught" else "**%s**" % verdict))
    L += ["", "Caught: %d of %d." % (caught, len(results))]
    return L


if __name__ == "__main__":
    print("\n".join(section(measure())))
