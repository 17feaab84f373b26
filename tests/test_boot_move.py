"""Our MicroPython build's _boot.py (dist/frozen/_boot.py) on a Pico's flash
in RAM, under the MicroPython unix port and its littlefs (tests/boot_move.py):
the first boot after an update from a build with the ROM partition of 288
KiB moves the files of the filesystem that build left to the filesystem's
new place, once; files too large for RAM stay where they are, mounted there;
a ROM image that took the old filesystem's start, or a new board, gets a
new filesystem."""
import json
import os
import subprocess

import pytest

from host_sim import vpico

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def boots(case, heap="4m"):
    r = subprocess.run([vpico.micropython(), "-X", "heapsize=" + heap, os.path.join("tests", "boot_move.py"), case],
                       capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert r.returncode == 0, r.stdout + r.stderr
    before, *after = [json.loads(line) for line in r.stdout.splitlines()]
    assert len(after) == 2
    for b in after:
        assert b["image"], "the ROM image was written over"
        assert b["left"] == ["machine", "rp2"], "names left behind as the port's _boot.py leaves them"
    return before["before"], after


def test_the_first_boot_moves_the_old_filesystem_once():
    before, (first, second) = boots("move")
    assert "/data/game/journal.txt" in before and "/data/empty" in before
    assert first["files"] == before
    assert first["said"] == ["Moved 3 files to the filesystem's new place."]
    assert not first["old_superblock"]
    # the next boot mounts the moved filesystem: the file written meanwhile is there
    assert second["said"] == []
    assert second["files"] == dict(before, **{"/after.txt": second["files"]["/after.txt"]})


def test_files_too_large_for_ram_stay_where_they_are():
    # 1.1 MB of files, a heap of 2.3 MB of which the flash takes 1.7 MB
    before, (first, second) = boots("large", heap="2300k")
    assert before["/firmware.bin"][0] > 1_000_000
    assert first["files"] == before
    assert first["said"] == ["The files stay where the earlier firmware had them: they do not fit in RAM to be moved."]
    assert first["old_superblock"]
    # written there, kept there
    assert second["files"] == dict(before, **{"/after.txt": second["files"]["/after.txt"]})
    assert second["said"] == first["said"]


@pytest.mark.parametrize("case", ["big-image", "erased"])
def test_no_old_filesystem_a_new_one(case):
    """A ROM image past 288 KiB was written over the old filesystem's start
    (an update from the builds before with a larger image: the files are
    lost, README says so), or the board is new: a new filesystem, nothing
    said, kept on the next boot."""
    before, (first, second) = boots(case)
    assert first["files"] == {} and first["said"] == [] and not first["old_superblock"]
    assert list(second["files"]) == ["/after.txt"] and second["said"] == []
    assert (case == "big-image") == bool(before)
