"""UF2 files for the Raspberry Pi Pico (RP2040) and Pico 2 (RP2350): read one,
find the partitions its firmware declares, and add a ROM partition's image to
it, so that one file holds the firmware and the code.  Python only, no
toolchain: what `./flash.sh --uf2` runs.

    python3 tools/uf2.py info FIRMWARE.uf2
    python3 tools/uf2.py check FIRMWARE.uf2 [--firmware-end ADDR]
    python3 tools/uf2.py romfs FIRMWARE.uf2 ROMFS.img OUT.uf2

The format is Microsoft's UF2 (github.com/microsoft/uf2): blocks of 512 bytes,
each 256 bytes of payload for one flash address.  Where a firmware's ROM
partition and filesystem lie is read from the firmware itself: the Pico SDK's
"binary info" (the block devices MicroPython declares with bi_decl, as
`picotool info` shows them), so nothing here assumes an address.  No
well-kept Python library reads both (picotool is C++, and uf2conv.py of the
UF2 repository writes a UF2 but does not read binary info), hence this file.
"""
import struct
import sys

MAGIC0 = 0x0A324655
MAGIC1 = 0x9E5D5157
MAGIC_END = 0x0AB16F30
FLAG_NOT_MAIN_FLASH = 0x00000001
FLAG_FAMILY = 0x00002000
PAYLOAD = 256
FLASH = 0x10000000
SECTOR = 4096
FAMILIES = {0xE48BFF56: "rp2040", 0xE48BFF57: "absolute", 0xE48BFF58: "data",
            0xE48BFF59: "rp2350-arm-s", 0xE48BFF5A: "rp2350-riscv", 0xE48BFF5B: "rp2350-arm-ns"}
BI_MARKER_START = 0x7188EBF2
BI_MARKER_END = 0xE71AA390
BI_BLOCK_DEVICE = 7
ROMFS_HEADER = b"\xd2\xcd\x31"     # a VfsRom image's first bytes (MicroPython's extmod/vfs_rom.c)
# the ROM partition of our builds before the larger one (dist/README.md):
# their filesystem followed it, and an image past it is written over that
# filesystem's start before our _boot.py can move it
ROM_BEFORE = 288 * 1024


class UF2Error(Exception):
    pass


class Block:
    __slots__ = ("flags", "addr", "size", "no", "count", "family", "data")

    def __init__(self, flags, addr, size, no, count, family, data):
        self.flags, self.addr, self.size, self.no, self.count, self.family, self.data = \
            flags, addr, size, no, count, family, data

    def pack(self):
        head = struct.pack("<8I", MAGIC0, MAGIC1, self.flags, self.addr, self.size, self.no, self.count, self.family)
        return head + self.data.ljust(476, b"\0") + struct.pack("<I", MAGIC_END)


def parse(raw):
    """The blocks of a UF2 file's bytes."""
    if not raw or len(raw) % 512:
        raise UF2Error("not a UF2 file: %d bytes, not a multiple of 512" % len(raw))
    out = []
    for off in range(0, len(raw), 512):
        m0, m1, flags, addr, size, no, count, family = struct.unpack_from("<8I", raw, off)
        (end,) = struct.unpack_from("<I", raw, off + 508)
        if (m0, m1, end) != (MAGIC0, MAGIC1, MAGIC_END) or size > 476:
            raise UF2Error("not a UF2 block at byte %d" % off)
        out.append(Block(flags, addr, size, no, count, family if flags & FLAG_FAMILY else 0,
                         raw[off + 32:off + 32 + size]))
    return out


def read(path):
    with open(path, "rb") as f:
        return parse(f.read())


def family(blocks):
    """The family of the firmware: that of most of its flash blocks."""
    counts = {}
    for b in blocks:
        if not b.flags & FLAG_NOT_MAIN_FLASH:
            counts[b.family] = counts.get(b.family, 0) + 1
    if not counts:
        raise UF2Error("no flash blocks")
    return max(counts, key=counts.get)


def image(blocks, fam=None):
    """(start address, bytes) of the flash the family's blocks cover (0xFF
    where none does)."""
    fam = family(blocks) if fam is None else fam
    mine = [b for b in blocks if b.family == fam and not b.flags & FLAG_NOT_MAIN_FLASH]
    lo = min(b.addr for b in mine)
    hi = max(b.addr + b.size for b in mine)
    buf = bytearray(b"\xff" * (hi - lo))
    for b in mine:
        buf[b.addr - lo:b.addr - lo + b.size] = b.data
    return lo, bytes(buf)


def partitions(blocks):
    """{name: (address, size)} of the block devices the firmware declares
    in its binary info (MicroPython's filesystem is "MicroPython", its ROM
    partition "ROMFS")."""
    lo, mem = image(blocks)

    def word(a):
        a = remap(a)
        if not lo <= a <= lo + len(mem) - 4:
            raise UF2Error("binary info points outside the image: 0x%08x" % a)
        return struct.unpack_from("<I", mem, a - lo)[0]

    def text(a):
        a = remap(a) - lo
        return mem[a:mem.index(b"\0", a)].decode()

    mapping = []

    def remap(a):      # an address in RAM: where its bytes lie in flash
        for src, start, end in mapping:
            if start <= a < end:
                return src + a - start
        return a
    # the header lies in the binary's first 256 bytes (on an RP2040, after its 256-byte boot2)
    base = lo + (0x100 if lo == FLASH and family(blocks) == 0xE48BFF56 else 0)
    for a in range(base, min(base + 1024, lo + len(mem) - 20), 4):
        if word(a) == BI_MARKER_START and word(a + 16) == BI_MARKER_END:
            start, end, table = word(a + 4), word(a + 8), word(a + 12)
            break
    else:
        raise UF2Error("no binary info in the firmware (not a Pico SDK build?)")
    while len(mapping) < 10 and word(table):
        mapping.append((word(table), word(table + 4), word(table + 8)))
        table += 12
    out = {}
    for p in range(start, end, 4):
        entry = word(p)
        kind = word(entry) & 0xFFFF
        if kind == BI_BLOCK_DEVICE:
            name = text(word(entry + 4))
            out[name] = (word(entry + 8), word(entry + 12))
    return out


def firmware_end(blocks):
    """The first address past the firmware's blocks."""
    lo, mem = image(blocks)
    return lo + len(mem)


def layout(blocks):
    """(ROM partition, filesystem): each (address, size), checked: the
    firmware ends below the ROM partition, which ends at or below the
    filesystem; a firmware without a ROM partition is refused."""
    parts = partitions(blocks)
    if "ROMFS" not in parts:
        raise UF2Error("the firmware has no ROM partition (a MicroPython built with MICROPY_HW_ROMFS_BYTES; "
                       "the official builds have none): %s" % ", ".join(sorted(parts)))
    rom = parts["ROMFS"]
    fs = parts.get("MicroPython")
    if firmware_end(blocks) > rom[0]:
        raise UF2Error("the firmware (to 0x%08x) runs into its ROM partition (0x%08x)" % (firmware_end(blocks), rom[0]))
    if fs and rom[0] + rom[1] > fs[0]:
        raise UF2Error("the ROM partition (to 0x%08x) runs into the filesystem (0x%08x)" % (rom[0] + rom[1], fs[0]))
    return rom, fs


def with_romfs(blocks, romfs):
    """The UF2 bytes of the firmware's blocks and, after them, the ROM image
    `romfs` at its partition's address, in blocks of the firmware's family
    (numbered on from the firmware's).  The image must fit the partition;
    the flash it does not fill is left as it was: a board takes a UF2 page by
    page, erasing each 4 KB sector it writes first, so the image's last
    sector is erased past its end, and nothing of the filesystem, which
    starts on a sector of its own, is touched."""
    (rom, size), _ = layout(blocks)
    if romfs[:3] != ROMFS_HEADER:
        raise UF2Error("not a ROMFS image (it starts %r)" % romfs[:4])
    if len(romfs) > size:
        raise UF2Error("the ROMFS image is %d bytes; the partition holds %d (%d too many)" % (
            len(romfs), size, len(romfs) - size))
    fam = family(blocks)
    # whole pages: a boot ROM takes only blocks of 256 bytes (the last
    # filled with 0xFF, as erased flash reads)
    romfs += b"\xff" * (-len(romfs) % PAYLOAD)
    extra = [Block(FLAG_FAMILY, rom + off, PAYLOAD, 0, 0, fam, romfs[off:off + PAYLOAD])
             for off in range(0, len(romfs), PAYLOAD)]
    # the family's blocks numbered in one run, the image's after the
    # firmware's; blocks of other families (an RP2350 build's first block)
    # stay where they were, with their own numbers
    first = next(i for i, b in enumerate(blocks) if b.family == fam)
    mine = sorted((b for b in blocks if b.family == fam), key=lambda b: b.no) + extra
    for i, b in enumerate(mine):
        b.no, b.count = i, len(mine)
    before = [b for b in blocks[:first] if b.family != fam]
    after = [b for b in blocks[first:] if b.family != fam]
    return b"".join(b.pack() for b in before + mine + after)


def write_to_flash(flash, blocks):
    """The flash (a bytearray from address FLASH, changed in place) after a
    board's boot ROM takes the UF2: each 4 KB sector a block writes to is
    erased before its first page is written (the rest of the sector is left
    erased), then each block's bytes programmed."""
    erased = set()
    for b in blocks:
        if b.flags & FLAG_NOT_MAIN_FLASH or not FLASH <= b.addr < FLASH + len(flash):
            continue
        off = b.addr - FLASH
        sector = off - off % SECTOR
        if sector not in erased:
            flash[sector:sector + SECTOR] = b"\xff" * SECTOR
            erased.add(sector)
        flash[off:off + b.size] = b.data
    return flash


def _hex(n):
    return "0x%08x" % n


def main(argv):
    if len(argv) >= 2 and argv[0] in ("info", "check"):
        blocks = read(argv[1])
        parts = partitions(blocks)
        end = firmware_end(blocks)
        if "--firmware-end" in argv:
            end = max(end, int(argv[argv.index("--firmware-end") + 1], 16))
        fam = family(blocks)
        print("%s: %d blocks, family %s, firmware %s-%s" % (
            argv[1], len(blocks), FAMILIES.get(fam, hex(fam)), _hex(image(blocks)[0]), _hex(end)))
        for name, (a, n) in sorted(parts.items(), key=lambda p: p[1]):
            print("  %-12s %s-%s (%d KiB)" % (name, _hex(a), _hex(a + n), n // 1024))
        if argv[0] == "check":
            (rom, size), _ = layout(blocks)
            if end > rom:
                raise UF2Error("the firmware (to %s) runs into its ROM partition (%s)" % (_hex(end), _hex(rom)))
            print("  the firmware leaves %d KiB below the ROM partition" % ((rom - end) // 1024))
        return 0
    if len(argv) == 4 and argv[0] == "romfs":
        with open(argv[2], "rb") as f:
            romfs = f.read()
        blocks = read(argv[1])
        out = with_romfs(blocks, romfs)
        with open(argv[3], "wb") as f:
            f.write(out)
        (rom, size), _ = layout(blocks)
        print("wrote %s: %s and its ROM image (%d of %d KiB) at %s" % (
            argv[3], argv[1].rsplit("/", 1)[-1], (len(romfs) + 1023) // 1024, size // 1024, _hex(rom)))
        if len(romfs) > ROM_BEFORE and size > ROM_BEFORE:
            print("  the image is larger than %d KiB: a board still on a build with a ROM partition of %d KiB "
                  "loses its saved games to it (dist/README.md): update such a board first with a UF2 "
                  "whose image is at most %d KiB"  % (ROM_BEFORE // 1024, ROM_BEFORE // 1024, ROM_BEFORE // 1024))
        return 0
    sys.stderr.write(__doc__)
    return 2


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except (UF2Error, OSError) as e:
        sys.stderr.write("uf2: %s\n" % e)
        sys.exit(1)
