"""Our MicroPython build's _boot.py (dist/frozen/_boot.py) on a Pico's flash
in RAM, under the MicroPython unix port and its littlefs (tests/boot_move.py),
with a Pico's layout and a Pico 2's: the first boot after an update from a
build with the ROM partition of 288 KiB moves the files of the filesystem
that build left to the filesystem's new place, once, and a power cut at any
of the move's erases and programs loses none of them; files too large for
RAM, or for the ROM partition's free blocks, stay where they are, mounted
there; a ROM image that took the old filesystem's start, or a new board,
gets a new filesystem.

The Pico 2's flash is only modelled here: the virtual Pico runs the RP2040
alone (tests/test_vpico.py moves a Pico's files)."""
import json
import os
import subprocess

import pytest

from host_sim import vpico

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MOVED = "Moved 3 files to the filesystem's new place."


def run(case, heap="4m", pico="pico"):
    """The JSON lines boot_move.py printed (the files a cut boot left open,
    closed after the cut, may print their error: not JSON)."""
    if pico == "pico2":
        heap = "10m"            # its flash modelled is 3.3 MB
    r = subprocess.run([vpico.micropython(), "-X", "heapsize=" + heap, os.path.join("tests", "boot_move.py"), case]
                       + [pico] * (pico == "pico2"), capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert r.returncode == 0, r.stdout + r.stderr
    return [json.loads(line) for line in r.stdout.splitlines() if line.startswith("{")]


def boots(case, heap="4m", pico="pico"):
    before, *after = run(case, heap, pico)
    assert len(after) == 2
    for b in after:
        assert b["image"], "the ROM image was written over"
        assert b["left"] == ["machine", "rp2"], "names left behind as the port's _boot.py leaves them"
    if case == "move":
        _past_the_image(before)
    return before["before"], after


def _past_the_image(before):
    """The ROM image ends in the old filesystem's first block, and the old
    filesystem's files lie right after its superblock: where the copy the
    move makes would go if it did not keep off them."""
    assert before["used"][:3] == [0, 1, 2]


@pytest.mark.parametrize("pico", ["pico", "pico2"])
def test_the_first_boot_moves_the_old_filesystem_once(pico):
    before, (first, second) = boots("move", pico=pico)
    assert "/data/game/journal.txt" in before and "/data/empty" in before
    assert first["files"] == before
    assert first["said"] == [MOVED]
    assert not first["old_superblock"]
    # the next boot mounts the moved filesystem: the file written meanwhile is there
    assert second["said"] == []
    assert second["files"] == dict(before, **{"/after.txt": second["files"]["/after.txt"]})


@pytest.mark.parametrize("pico", ["pico", "pico2"])
def test_a_power_cut_anywhere_in_the_move_loses_no_file(pico):
    """The move cut at each of its flash operations in turn (none of it
    done, or half: a block half erased, half programmed), or cut there and
    cut again at the same operation of the boot after (where it has that
    many; on a Pico 2, half of each operation only); then booted twice with the power on: every file is there, in
    the new place, the old superblock gone, the ROM image whole; a move cut
    before its end starts again."""
    head, *cuts = run("cuts", heap="6m", pico=pico)
    _past_the_image(head)
    assert head["clean"]["said"] == [MOVED] and head["clean"]["files"] == head["before"]
    n = head["ops"]
    assert n > 30
    assert len(cuts) == (1 if pico == "pico2" else 3) * n
    assert sorted({c["at"] for c in cuts}) == list(range(1, n + 1))
    restarted = twice = 0
    for c in cuts:
        where = "cut at operation %d (%s of it done%s)" % (c["at"], c["part"], ", and again" if c["again"] else "")
        first, *after = c["boots"]
        assert first["cut"], where
        if c["again"]:
            again = after.pop(0)
            twice += again["cut"]
            assert again["cut"] or again["ok"] and again["old_superblock"] is False, where
        on, then = after
        for b in (on, then):
            assert not b["cut"] and b["ok"], where
            assert b["old_superblock"] is False and b["image"], where
        assert then["said"] == [], where
        restarted += any(MOVED in b["said"] for b in c["boots"][1:])
    # most cuts fall before the move's end: a boot after moves again; the
    # boot after a cut has fewer operations (the copy is made): cut again
    # where it has them
    assert restarted > len(cuts) // 2
    assert twice > n // 2 or pico == "pico2"


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


def test_files_too_large_for_the_free_blocks_stay_where_they_are():
    """600 KB of files fit in RAM, not in the ROM partition's free blocks
    (the copy made before the old filesystem is written over)."""
    before, (first, second) = boots("full", heap="6m")
    assert first["files"] == before and first["old_superblock"]
    assert first["said"] == ["The files stay where the earlier firmware had them: "
                             "the flash has no free room to move them safely."]
    assert second["files"] == dict(before, **{"/after.txt": second["files"]["/after.txt"]})
    assert second["said"] == first["said"]


def test_a_copy_that_reads_back_wrong_leaves_the_old_filesystem_whole():
    """A byte of the copy written wrong: the old filesystem is mounted where
    it is, whole; the next boot moves it, with the file written meanwhile."""
    before, (first, second) = boots("flip")
    assert first["said"] == ["The files stay where the earlier firmware had them: their copy read back wrong."]
    assert first["files"] == before and first["old_superblock"]
    assert second["said"] == ["Moved 4 files to the filesystem's new place."]
    assert second["files"] == dict(before, **{"/after.txt": second["files"]["/after.txt"]})
    assert not second["old_superblock"]


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
