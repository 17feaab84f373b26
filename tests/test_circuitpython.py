"""The firmware on CircuitPython: CircuitPython 10.2.1 for the Pico, built
from its tag (vpico/firmware/build-circuitpython.sh), in the emulated RP2040
of the virtual Pico, with the pico_oled_cp profile (the SSD1306 on I2C
through displayio and adafruit_displayio_ssd1306, the buttons through
keypad, the NeoPixels through the neopixel library), the files as flash.sh
stages them (compiled by CircuitPython's own mpy-cross) in CircuitPython's
FAT drive, made by mtools:

- the image and its mpy-cross are the ones the build script makes;
- the opening: the first 40 presses of the scripted Inca game, every frame
  on the panel the simulator's for the same presses and seed;
- power cuts at flash operations of those presses: the board boots into
  the game before or after the press being written, never crashing;
- fast presses: presses held 50 ms, 40 ms apart, each taken once (the
  same frame and journal as the simulator given the same times).
"""
import hashlib
import os
import shutil

import pytest

from host_sim import vpico
from host_sim.vpico import MS, Pico, Twin
from test_micropython import ROOT

pytestmark = pytest.mark.skipif(vpico.ready() is not None, reason=str(vpico.ready()))
BOARD = "pico_oled_cp"
SEED = 77
OPENING = 40
FIRMWARE = os.path.join(ROOT, "vpico", "firmware")


def _script(n):
    """The first n presses of the scripted Inca game, planned on the simulator."""
    from bench import scripts
    from host_sim import device, keyplan
    app, _ = device.build(BOARD, None, seed=SEED)
    return keyplan.play(app, scripts.transcript()[:40])[:n]


def _fat_of(flash_path):
    img = flash_path + ".fat"
    with open(flash_path, "rb") as f, open(img, "wb") as g:
        g.write(vpico.cp_fs_of_flash(f.read()))
    return img


def _journal(raw):
    return None if raw is None else [ln.rsplit(" #", 1)[0] for ln in raw.decode().splitlines()]


def _no_crash(pico):
    assert "crash" not in pico.serial and "Traceback" not in pico.serial, pico.serial[-1500:]


def test_the_image_is_circuitpythons_own_build():
    with open(os.path.join(FIRMWARE, "SHA256SUMS.circuitpython")) as f:
        sums = dict(reversed(line.split()) for line in f if line.strip())
    assert set(sums) == {"adafruit-circuitpython-raspberry_pi_pico-en_US-10.2.1.uf2",
                         "mpy-cross-circuitpython-10.2.1"}
    for name, want in sums.items():
        with open(os.path.join(FIRMWARE, name), "rb") as f:
            data = f.read()
        assert hashlib.sha256(data).hexdigest() == want, name
    with open(os.path.join(FIRMWARE, "adafruit-circuitpython-raspberry_pi_pico-en_US-10.2.1.uf2"), "rb") as f:
        uf2 = f.read()
    assert b"Adafruit CircuitPython 10.2.1 on 2026-05-12; Raspberry Pi Pico with rp2040" in uf2.replace(b"\0", b"")
    # the build script pins the tag's commit and the port's pico-sdk (MicroPython v1.28.0's)
    with open(os.path.join(FIRMWARE, "build-circuitpython.sh")) as f:
        script = f.read()
    assert "adafruit/circuitpython bcfcb511352652d7cb62d3b415e4a624380f1830" in script
    assert "raspberrypi/pico-sdk a1438dff1d38bd9c65dbd693f0e5db4b9ae91779" in script
    for lic in ("LICENSE-circuitpython", "LICENSE-tinyusb", "LICENSE-ulab", "LICENSE-helix-mp3"):
        assert os.path.getsize(os.path.join(FIRMWARE, lic)) > 500, lic


@pytest.fixture(scope="module")
def opening(tmp_path_factory):
    """The opening played on the board, every flash operation logged, the
    simulator beside it: (keys, pictures [(board, simulator)] after the
    boot and each press, twin, flash at power-on, log, operations done
    after each press, the folder, the flash at the end)."""
    tmp = tmp_path_factory.mktemp("cp-opening")
    staged = vpico.stage(BOARD, str(tmp / "staged"), seed=SEED, extra={"probe": True})
    img = vpico.mkfat(staged, str(tmp / "fat.img"))
    keys = _script(OPENING)
    twin = Twin(BOARD, SEED, str(tmp / "twin"), keep=True)
    pictures = []
    with Pico(BOARD, fs=img, log=True) as p:
        p.save(str(tmp / "flash0.bin"))
        p.boot(limit=60_000 * MS)
        pictures.append((p.picture(), twin.picture()))
        ops = [p.stats()["flash_ops"]]
        for k in keys:
            p.key(k, twin=twin)
            pictures.append((p.picture(), twin.picture()))
            ops.append(p.stats()["flash_ops"])
        _no_crash(p)
        p.flash_log(str(tmp / "log.bin"))
        p.save(str(tmp / "flash-end.bin"))
    with open(tmp / "flash0.bin", "rb") as f:
        flash0 = f.read()
    return keys, pictures, twin, flash0, vpico.read_flash_log(str(tmp / "log.bin")), ops, tmp


def test_the_opening_shows_the_simulators_frames(opening):
    keys, pictures = opening[0], opening[1]
    assert len(keys) == OPENING and any("*" in k for k in keys)
    assert pictures[0][0] == pictures[0][1], "the boot"
    for i, k in enumerate(keys):
        assert pictures[i + 1][0] == pictures[i + 1][1], "press %d (%s) of %s" % (i + 1, k, keys)


def _press_of(ops, k):
    for j in range(1, len(ops)):
        if ops[j - 1] <= k < ops[j]:
            return j
    return 0


# CircuitPython's drive: the FAT volume's first flash sector (4 KB: the
# boot record, the FAT, the start of the root directory)
FIRST_SECTOR = vpico.CP_FS_OFFSET


def _boot_cut(tmp, flash0, log, k, part):
    """Boot a board whose power failed at flash operation k with `part`
    of it done: (its picture, its serial output, the journal on its drive)."""
    path = str(tmp / ("cut-%d-%d.bin" % (k, part * 10)))
    with open(path, "wb") as f:
        f.write(vpico.replay_flash(bytearray(flash0), log, k, part))
    with Pico(BOARD, flash=path) as p:
        # until a frame, or code.py is done (it said why before the USB
        # serial was up: only "Done" in the title comes)
        while not p.frames() and "Done" not in p.serial and p.t < 60_000 * MS:
            p.run(500 * MS)
            p.read()
        if not p.frames():
            # nothing drawn: whatever code.py said went out before the USB
            # serial was up; a reload says it again
            p.call("write", data="\x04")
            p.run(8000 * MS)
            p.read()
            return None, p.serial, None
        p.boot(limit=60_000 * MS)
        _no_crash(p)
        got = p.picture()
        p.save(path)
    return got, p.serial, _journal(vpico.fat_read(_fat_of(path), "/data/game/journal.txt"))


def test_a_power_cut_at_a_flash_write_boots_into_the_game_at_a_prefix(opening):
    """FAT has no copy-on-write: CircuitPython writes its drive a 4 KB
    flash sector at a time (erased, then programmed), a file's data, its
    directory entry and the FAT each where they lie.  Cut while it writes
    the data or a directory, the board boots into the game as it was
    before the press or after it."""
    keys, _, twin, flash0, log, ops, tmp = opening
    writes = [j for j in range(1, len(ops)) if ops[j] > ops[j - 1]]
    assert len(writes) >= 5, writes
    # of three presses that wrote (the game's start, an action midway and
    # the last), the operations outside the volume's first sector: the
    # first, the middle and the last, cut half done or not begun
    cuts = []
    for j in (writes[0], writes[len(writes) // 2], writes[-1]):
        mine = [k for k in range(ops[j - 1], ops[j]) if log[k][1] != FIRST_SECTOR]
        assert mine, "press %d wrote only the first sector" % j
        for k in sorted({mine[0], mine[len(mine) // 2], mine[-1]}):
            cuts.append((k, 0.5 if len(cuts) % 2 else 0.0))
    for k, part in cuts:
        j = _press_of(ops, k)
        got, serial, journal = _boot_cut(tmp, flash0, log, k, part)
        ok = []
        for kept in (twin.kept[j - 1], twin.kept[j]):
            try:
                with open(os.path.join(kept, "game", "journal.txt"), "rb") as f:
                    want = _journal(f.read())
            except OSError:
                want = None
            if got == vpico.boot_picture(BOARD, kept, SEED) and journal == want:
                ok.append(kept)
        assert ok, "cut at flash operation %d (%s at %#x, %.1f done), press %d (%s): neither the game " \
                   "before nor after it: %s" % (k, log[k][0], log[k][1], part, j, keys[j - 1], serial[-600:])


def test_a_power_cut_while_the_fat_is_erased_loses_the_drive(opening):
    """What the device cannot promise on CircuitPython: the FAT and the
    boot record share the drive's first flash sector, which CircuitPython
    erases and programs again whenever a file grows into a new cluster
    (a journal's append, every few actions) or is made.  Cut while that
    sector is erased, the board finds no filesystem at power-on and formats
    the drive: the saved game and the firmware are gone (it runs
    CircuitPython's "Hello World"), and the firmware must be flashed
    again.  README says so (docs/circuitpython.md)."""
    keys, _, twin, flash0, log, ops, tmp = opening
    erases = [k for k in range(ops[0], ops[-1]) if log[k][0] == "erase" and log[k][1] == FIRST_SECTOR]
    # the first sector is erased again as the game is played, not only at its start
    late = [k for k in erases if _press_of(ops, k) > len(keys) // 2]
    assert late, erases
    got, serial, journal = _boot_cut(tmp, flash0, log, late[0], 0.5)
    assert got is None and journal is None
    assert "Hello World!" in serial, serial[-600:]


def test_fast_presses_are_each_taken_once(opening):
    """From the end of the opening (the board booted again on its flash, the
    game resumed), presses held 50 ms and 40 ms apart: the board takes each
    once, as the simulator does given the same times, though it draws a
    frame in half a second or more (the keypad's events keep their
    times)."""
    keys, _, twin0, _, _, _, tmp = opening
    # the script's presses after the opening, short presses only (a long
    # one is held 600 ms, not fast)
    more = _script(OPENING + 60)[OPENING:]
    fast = [k for k in more if k not in ("home", "end", "undo") and "*" not in k][:24]
    assert len(fast) == 24 and fast.count("ok") > 5
    os.makedirs(tmp / "fast")
    shutil.copytree(twin0.data, tmp / "fast" / "data")
    twin = Twin(BOARD, SEED, str(tmp / "fast"))
    with Pico(BOARD, flash=str(tmp / "flash-end.bin")) as p:
        p.boot(limit=60_000 * MS)
        assert p.picture() == twin.picture()
        t = p.t + 40 * MS
        for k in fast:
            button, _ = p.buttons_for(k)
            p.press(button, 50 * MS, at=t)
            twin.key(k, at=t + 50 * MS)
            t += 90 * MS
        p.run(t - p.t)
        # the presses still queued are taken, then a frame (a second or more)
        p.settle(quiet=2000 * MS, limit=120_000 * MS)
        _no_crash(p)
        assert p.picture() == twin.picture()
        p.save(str(tmp / "flash-fast.bin"))
    with open(os.path.join(twin.data, "game", "journal.txt"), "rb") as f:
        want = _journal(f.read())
    assert _journal(vpico.fat_read(_fat_of(str(tmp / "flash-fast.bin")), "/data/game/journal.txt")) == want
