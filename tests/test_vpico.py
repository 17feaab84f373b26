"""The firmware on the virtual Pico: MicroPython v1.28.0 for the Pico in an
emulated RP2040 (vpico/, rp2040js), its littlefs on the emulated QSPI
flash, the SSD1306 (I2C) or ST7789 (SPI) and the buttons (GPIO) modelled at
their bus; on the official firmware with the files put there as a user
does, and on ours (dist/) with the UF2 of flash.sh --uf2 dropped on it.

- the board's own files: the firmware and boot ROM are the official ones;
- the flash's erases and programs take the chip the W25Q16JV's times;
- deploy: ./flash.sh through a pty (mpremote over the emulated USB serial)
  gives a board that boots to the game picker;
- the UF2 alone on an erased flash: the game picker, the scripted game's
  opening with the simulator's frames after every press and fast presses
  after it, and a second drop of the UF2 keeps the saved game;
- frames: after every press of a key script, the panel shows the
  simulator's frame for the same presses and seed (the other games on
  pico_oled, at the start of their sessions, below);
- power cuts: at flash operations of every kind of write the firmware makes
  (the edition, the settings, a new game, an action, a snapshot), the power
  fails with the operation not begun or half done: the board boots into the
  same game at a prefix of the actions pressed (at most the one being
  written lost), never crashing, never at the picker while a game was saved
  (actions and a snapshot on our firmware);
- fast presses: 100 presses held 50 ms, 40 ms apart, all taken exactly once
  (the same frame and journal as the same presses made slowly);
- a limited heap, on our firmware: the boot into the benchmark's saved game
  within its time, and the presses after it, as the simulator's;
- a whole scripted Inca Empire game to its end with no exception, pressed
  fast, in 160 KB on the official firmware and in a ceiling on ours; the
  other games' scripted sessions to their end in 160 KB on the official
  firmware.
"""
import atexit
import hashlib
import json
import os
import shutil
import signal
import subprocess
import tempfile
import time

import pytest

from tools import uf2
from host_sim import device, vpico
from host_sim.vpico import GAP, HOLD, MS, Pico, Twin
from test_micropython import ROOT



@pytest.fixture(autouse=True)
def _emulator():
    # a missing emulator fails these tests, as every other missing tool
    # does (./test installs it: npm ci in vpico/)
    why = vpico.ready()
    assert why is None, why

SEED = 77


_STAGED = {}


def staged_fs(tmp, board, data=None, seed=SEED, heap=None):
    """A littlefs image of what flash.sh stages for the board (new games
    dealt from `seed`), with the folder `data` as the board's /data (and
    with heap, the board's heap limited to that many bytes in all:
    host_sim.vpico.BALLAST).  The staging (mpy-cross over every file) is
    done once per board and seed in a test process, and copied."""
    key = (board, seed)
    if key not in _STAGED:
        base = tempfile.mkdtemp(prefix="vpico-staged-")
        atexit.register(shutil.rmtree, base, True)
        _STAGED[key] = vpico.stage(board, os.path.join(base, board), seed=seed)
    out = str(tmp / ("staged-" + board))
    shutil.copytree(_STAGED[key], out)
    if data:
        shutil.copytree(data, os.path.join(out, "data"))
    if heap:
        vpico.limit_heap(out, heap)
    return vpico.mkfs(out, str(tmp / (board + ".img")))


def journal_lines(raw):
    """The action lines of a journal's bytes (no checksums)."""
    return [ln.rsplit(" #", 1)[0].split(" #edition ")[0] for ln in raw.decode().splitlines()]


def no_crash(pico):
    assert "crash" not in pico.serial and "Traceback" not in pico.serial, pico.serial[-1500:]


# ------------------------------------------------------------ the board's own files

def test_the_board_is_the_official_firmware_and_boot_rom():
    folder = os.path.join(ROOT, "vpico", "firmware")
    with open(os.path.join(folder, "SHA256SUMS")) as f:
        sums = dict(reversed(line.split()) for line in f if line.strip())
    # the official v1.28.0 build and the RP2040 B1 boot ROM (as ../shared/pico gives them)
    assert sums == {
        "micropython-v1.28.0-RPI_PICO.uf2": "7bd7a1cc712373c10bd0bd929f2a195365db7818b7a6cf62e6fa3030fc22b802",
        "rp2040-bootrom-B1.bin": "90b31e108faedfa6bbcfcc33ba05dac61e645108cfbbdc385f8dafc71fde44ae",
    }
    for name, want in sums.items():
        with open(os.path.join(folder, name), "rb") as f:
            assert hashlib.sha256(f.read()).hexdigest() == want, name
    for lic in ("LICENSE-micropython", "LICENSE-pico-sdk", "LICENSE-rp2040js"):
        assert os.path.getsize(os.path.join(folder, lic)) > 500
    with open(os.path.join(ROOT, "vpico", "package-lock.json")) as f:
        lock = json.load(f)
    assert lock["packages"]["node_modules/rp2040js"]["version"] == "1.4.1"


# What the flash's writes cost the chip (vpico/chip.js), each set of times:
# an erase of a sector at 0xA0000, of the 64 KB block at 0x100000, a program
# of 100 bytes over two pages; an alarm due 1 ms into the first erase and one
# due after it.
FLASH_PROBE = """
const { Chip } = require('./chip.js');
const c = new Chip(null, 'micropython', process.argv[1]);
const fired = [];
c.clock.createAlarm(() => fired.push(c.clock.nanos)).schedule(1e6);
c.clock.createAlarm(() => fired.push(c.clock.nanos)).schedule(1e12);
const t = [];
for (const op of [() => c._erase(0xa0000, 4096), () => c._erase(0x100000, 65536),
                  () => c._program(0xa0000 + 200, 0x20000000, 100)]) {
  const t0 = c.clock.nanos;
  op();
  t.push(c.clock.nanos - t0);
}
console.log(JSON.stringify({t, fired, waited: c.flashNanos}));
"""


def test_the_flash_takes_its_datasheet_times_to_erase_and_program():
    """The W25Q16JV's typical times by default, its maximum ones, or none:
    the chip's clock moves on by them, an alarm due meanwhile goes off at
    its own time; and a name that is no set of times is refused."""
    got = {}
    env = {k: v for k, v in os.environ.items() if k != "VPICO_FLASH"}
    for name in ("typical", "max", "none", None):
        r = subprocess.run([vpico.node(), "-e", FLASH_PROBE, "--", name or ""], cwd=os.path.join(ROOT, "vpico"),
                           capture_output=True, text=True, timeout=60, env=env)
        assert r.returncode == 0, r.stderr
        got[name] = json.loads(r.stdout)
    assert got["typical"]["t"] == [45e6, 150e6, 2 * 0.4e6] and got["typical"]["fired"] == [1e6]
    assert got["max"]["t"] == [400e6, 2000e6, 2 * 3e6] and got["max"]["fired"] == [1e6]
    assert got["none"]["t"] == [0, 0, 0] and got["none"]["waited"] == 0
    assert got[None] == got["typical"]
    with pytest.raises(vpico.PicoError, match="typical, max, none"):
        Pico("pico_oled", flash_times="fast")


# A WFI made with an interrupt already pending (vpico/chip.js _wfiReturns):
# interrupts off, IRQ 0 pending and enabled, then "wfi; cpsie i; b ." with
# IRQ 0's handler a "b ." of its own.
WFI_PROBE = """
const { Chip } = require('./chip.js');
const c = new Chip(null, 'micropython', 'none');
const m = c.mcu, core = m.core;
for (const [a, h] of [[0x20000000, 0xbf30], [0x20000002, 0xb662], [0x20000004, 0xe7fe], [0x20000200, 0xe7fe]])
  m.writeUint16(a, h);
m.writeUint32(0xe000ed08, 0x20000100);
m.writeUint32(0x20000100 + 16 * 4, 0x20000201);
m.writeUint32(0xe000e100, 1);
core.PC = 0x20000000;
core.PM = true;
core.setInterrupt(0, true);
c.runUntil(c.clock.nanos + 1e6);
console.log(JSON.stringify({waiting: core.waiting, primask: core.PM, ipsr: core.IPSR}));
"""


def test_a_wfi_with_an_interrupt_pending_returns_at_once():
    """As on a Cortex-M0+: the WFI returns, the interrupts go back on and
    the pending one is taken.  CircuitPython sleeps that way between
    presses (interrupts off, nothing to do?, WFI, interrupts on); an alarm
    that fell due just before its WFI left the emulated chip asleep for
    good (a held press at the 38th press of the scripted game never came)."""
    r = subprocess.run([vpico.node(), "-e", WFI_PROBE], cwd=os.path.join(ROOT, "vpico"),
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout) == {"waiting": False, "primask": False, "ipsr": 16}


# Programs in RAM that wait for the timer, as the pico-sdk's busy_wait_us
# does (load the timer's low word, compare, branch back while below; or
# its high word first, leaving on a change), each for 2 ms from the start,
# then read the timer into r5 and sleep (WFI); and loops that only look
# like one.  An alarm falls due in the middle of the wait; with an
# interrupt (IRQ 5) raised by an alarm 10 ns in, its handler reads the
# timer into r6.
TIMER_WAIT_PROBE = """
const { Chip } = require('./chip.js');
const c = new Chip(null, 'micropython', 'none');
const m = c.mcu, core = m.core;
const OUT = [0x6a95, 0xbf30, 0xe7fd];         // LDR r5, [r2, #0x28]; WFI; B (the WFI)
const programs = {
  wait: [0x6a91, 0x42a1, 0xd3fc],             // L: LDR r1, [r2, #0x28]; CMP r1, r4; BCC L
  wait64: [0x6a51, 0x4299, 0xd102, 0x6a91, 0x42a1, 0xd3f9],   // L: LDR r1, [r2, #0x24]; CMP r1, r3; BNE out; ...; BCC L
  counter: [0x3701, 0x6a91, 0x42a1, 0xd3fb],  // L: ADDS r7, #1; LDR; CMP; BCC L (a loop with more in it)
  rtrn: [0x6a92, 0x42a2, 0xd3fc],             // L: LDR r2, [r2, #0x28]; CMP r2, r4; BCC L (its second load elsewhere)
  irq: [0x6a91, 0x42a1, 0xd3fc],
};
const name = process.argv[1];
programs[name].concat(OUT).forEach((h, i) => m.writeUint16(0x20000000 + 2 * i, h));
m.writeUint16(0x20000100, 0x6a96);            // the handler: LDR r6, [r2, #0x28]; B .
m.writeUint16(0x20000102, 0xe7fe);
core.VTOR = 0x20000200;
m.writeUint32(0x20000200 + 4 * (16 + 5), 0x20000101);
core.SP = 0x20001000;
core.PC = 0x20000000;
core.registers[2] = 0x40054000;
const start = Math.floor(c.clock.nanos / 1000);
core.registers[3] = 0;
core.registers[4] = start + 2000;
let alarm = null;
c.clock.createAlarm(() => { alarm = [c.clock.nanos, core.PC]; }).schedule(1234567);
if (name === 'irq') {
  m.writeUint32(0xe000e100, 1 << 5);
  c.clock.createAlarm(() => m.setInterrupt(5, true)).schedule(10);
}
c.runUntil(c.clock.nanos + (name === 'rtrn' ? 1e4 : 3e6));  // (that loop leaves it in microseconds)
console.log(JSON.stringify({pc: core.PC, waited: core.registers[5] - start, handler: core.registers[6] - start,
                            r7: core.registers[7], alarm, instructions: c.instructions}));
"""


def _timer_wait(name, mode):
    r = subprocess.run([vpico.node(), "-e", TIMER_WAIT_PROBE, name], cwd=os.path.join(ROOT, "vpico"),
                       capture_output=True, text=True, timeout=60, env=dict(os.environ, VPICO_TIMER_WAITS=mode))
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


@pytest.mark.parametrize("name", ["wait", "wait64", "counter", "rtrn", "irq"])
def test_a_busy_wait_for_the_timer_ends_when_it_would_have_turn_by_turn(name):
    """CircuitPython spins a second in the pico-sdk's busy_wait_us at every
    start (its safe mode's reset): the virtual Pico skips the clock to the
    wait's last microsecond (vpico/chip.js _timerWait) rather than emulate
    a million turns.  Every program ends as it does turn by turn
    (VPICO_TIMER_WAITS=run): a wait on the microsecond it ends on, an alarm
    in the middle of it at its time, an interrupt raised during it taken at
    once; a loop that does more than wait, or loads from elsewhere, is run
    turn by turn.  Of the waits, almost no turn is run."""
    skip, run = _timer_wait(name, "skip"), _timer_wait(name, "run")
    for got in (skip, run):
        assert name == "rtrn" or got["alarm"][0] == 1234567, got
    assert {k: v for k, v in skip.items() if k not in ("instructions", "alarm")} == \
        {k: v for k, v in run.items() if k not in ("instructions", "alarm")}
    if name in ("wait", "wait64"):
        assert skip["pc"] == 0x20000000 + 2 * len([0] * (3 if name == "wait" else 6)) + 4, skip
        assert skip["waited"] == 2000 and run["instructions"] > 50_000 and skip["instructions"] < 100, (skip, run)
    if name == "counter":
        assert skip["r7"] > 10_000 and skip["instructions"] == run["instructions"], (skip, run)
    if name == "irq":
        assert skip["handler"] == 0, skip


def test_it_boots_the_official_firmware_and_writes_its_flash():
    with Pico("pico_oled") as p:
        p.run(300 * MS)
        p.call("write", data="import os, sys\r\nos.mkdir('x'); f = open('x/f', 'w'); f.write('abc'); f.close()\r\n"
                             "print(sys.implementation._build, os.listdir('x'), open('x/f').read())\r\n")
        p.run(300 * MS)
        out = p.read()
        assert "MicroPython v1.28.0" in out and "RPI_PICO ['f'] abc" in out, out
        assert p.stats()["programmed"] > 0


def _run_main(board, tmp_path, code, check=None):
    """Stage the board's build with main.py = code, run it 2 s on the
    virtual Pico; its serial output.  check(out): looks at the staged
    files first."""
    out = str(tmp_path / "staged")
    vpico.stage(board, out, seed=SEED)
    if check is not None:
        check(out)
    with open(os.path.join(out, "main.py"), "w") as f:
        f.write(code)
    with Pico(board, fs=vpico.mkfs(out, str(tmp_path / "fs.img"))) as p:
        p.run(2000 * MS)
        return p.read()


def test_the_colour_panels_native_code_loads_on_the_official_firmware(tmp_path):
    """pico_display's build has firmware/hal/gs4 compiled for the
    RP2040 (armv6m viper): the official firmware loads it, the ST7789
    driver takes it, and it turns frame bytes into the panel's bytes."""
    got = _run_main("pico_display", tmp_path,
                    "from firmware.hal import gs4, st7789\n"
                "pal = bytearray(32)\n"
                "pal[2:4] = b'\\xf8\\x00'\n"          # index 1: red, high byte first
                "pal[30:32] = b'\\x12\\x34'\n"        # index 15
                "lut = bytearray(1024)\n"
                "gs4.table(pal, lut)\n"
                "band = bytearray(20)\n"
                "gs4.expand(bytearray(b'\\x01\\xf0\\x10\\xff\\x1f'), 1, 4, band, lut)\n"
                "print('native', st7789.gs4 is gs4, bytes(band).hex())\n"
                "words = bytearray(b'\\xf0\\x10\\xff\\x1f')\n"        # a word at a time: aligned
                "band = bytearray(20)\n"
                "gs4.expand(words, 0, 4, band, lut)\n"
                "print('words', bytes(band).hex())\n"
                "from firmware.core.font import Font\n"
                "from firmware.hal import canvas, glyphs\n"
                "frame = bytearray(20 * 12)\n"
                "end = glyphs.text(frame, 40, 12, Font('assets/fonts/large.fnt').file, 'Жa\u4e2d', 3, 3, -2, 9, 0)\n"
                "print('text', canvas.native_text() is glyphs.text, end, bytes(frame).hex())\n")
    # f0 10 ff 1f: each byte's high nibble is its left pixel; the band's
    # last 4 bytes are left as they were
    assert "native True 12340000" "f8000000" "12341234" "f8001234" "00000000" in got, got
    assert "words 12340000" "f8000000" "12341234" "f8001234" "00000000" in got, got
    # the Canvas draws text with it: as framebuf draws the font's glyphs
    import sys
    sys.path.insert(0, os.path.join(ROOT, "host_sim", "fakes"))
    import framebuf
    from firmware.core.font import Font
    frame = bytearray(20 * 12)
    fb = framebuf.FrameBuffer(frame, 40, 12, framebuf.GS4_HMSB)
    end = Font(os.path.join(ROOT, "assets", "fonts", "large.fnt")).draw(fb, "Жa\u4e2d", 3, -2, 9)
    assert frame.count(0) < len(frame) - 20
    assert "text True %d %s" % (end, bytes(frame).hex()) in got, got


_NAMES = """\
import gc
import time
time.sleep_ms(1500)     # the USB serial up before the lines are printed
class O:
    pass
o = O()
big = [None] * 800
small = [None] * 400
n = m = i = 0
gc.collect()
gc.disable()
last = gc.mem_alloc()
for i in range(2000):
    getattr(o, "n%d" % i, None)     # interns the name
    if i % 8 == 7:                  # (mem_alloc reads the whole heap's table)
        now = gc.mem_alloc()
        if now - last > 1000:
            print("step", i, now - last)
        last = now
print("named")
gc.enable()
gc.collect()
try:
    while n < 800:      # the heap filled with blocks of 512 B
        big[n] = bytearray(496)
        n += 1
except MemoryError:
    pass
try:
    while m < 400:      # and what is left between them
        small[m] = bytearray(16)
        m += 1
except MemoryError:
    pass
for i in range(0, n, 2):
    big[i] = None       # free: about 100 KB, in blocks of 512 B
gc.collect()
try:
    for i in range(2000):
        getattr(o, "m%d" % i, None)
    print("named in a cut-up heap", i + 1)
except MemoryError:
    print("no room for a pool of names at", i)
"""


@pytest.mark.parametrize("firmware", ["ours", "official"])
def test_a_new_pool_of_names_is_a_small_block_on_our_firmware(firmware, tmp_path):
    """2,000 names interned one after another (getattr interns the name it
    is given), the heap not collected, its growth read every eight names.
    Both firmwares make pools of names as MicroPython does up to one of 640
    entries (about 4 KB).  After it, our MicroPython (dist/) makes pools
    of 256 entries (about 1.5 KB each); the official build one of 1,280
    (about 8 KB), a block that a long game's heap did not have at its end
    (BENCHMARKS.md, *A long evening*).  Then, in a heap whose free room
    (about 100 KB) is all in blocks of 512 B, 2,000 more: ours makes its
    pools as large as those blocks allow, and interns them; the official
    build asks for one of 2,560 entries and runs out of memory."""
    folder = tmp_path / "fs"
    folder.mkdir()
    (folder / "main.py").write_text(_NAMES)
    fs = vpico.mkfs(str(folder), str(tmp_path / "fs.img"))
    kw = {"fs": fs} if firmware == "official" else {
        "flash": vpico.flash_of(str(tmp_path / "flash.bin"), vpico.base_uf2(), fs=fs)}
    out = ""
    with Pico("pico_oled", **kw) as p:
        while "cut-up heap" not in out and "no room" not in out and p.t < 30_000 * MS:
            p.run(1000 * MS)
            out += p.read()
    assert "named\r\n" in out, out[-800:]
    # the heap's steps of over 1000 B: each a new pool and eight names' strings
    steps = [int(ln.split()[2]) for ln in out.splitlines() if ln.startswith("step ")]
    pool640 = [i for i, b in enumerate(steps) if 3800 < b < 5000]
    assert len(pool640) == 1, out[-800:]
    after = steps[pool640[0] + 1:]
    if firmware == "ours":
        assert after and max(after) < 2000, out[-800:]
        assert len([b for b in after if b > 1500]) >= 2, out[-800:]
        assert "named in a cut-up heap 2000" in out, out[-800:]
    else:
        assert after and max(after) > 7000, out[-800:]
        assert "no room for a pool of names at" in out, out[-800:]


def test_the_mono_screens_native_text_loads_on_the_official_firmware(tmp_path):
    """pico_oled's build has firmware/hal/glyphs compiled for the RP2040:
    the official firmware loads it, the Canvas takes it, and the text it
    draws into the mono frame is framebuf's, byte for byte."""
    def check(out):
        assert os.path.exists(os.path.join(out, "firmware", "hal", "glyphs.mpy"))
        assert not os.path.exists(os.path.join(out, "firmware", "hal", "gs4.mpy"))
    got = _run_main("pico_oled", tmp_path,
                    "import framebuf\n"
                "from firmware.core.font import Font\n"
                "from firmware.hal import canvas, glyphs\n"
                "f = Font('assets/fonts/small.fnt')\n"
                "ok = []\n"
                "for s, x, y, c in (('\u0416a\u4e2d Ag~', 3, 5, 1), ('Undo: Bl', -2, 9, 0), ('x', 60, -3, 1)):\n"
                "    a = bytearray(63 * 3)\n"
                "    b = bytearray(63 * 3)\n"
                "    if not c:\n"
                "        a[:] = b'\\xff' * len(a)\n"
                "        b[:] = a\n"
                "    f.draw(framebuf.FrameBuffer(a, 63, 21, framebuf.MONO_VLSB), s, x, y, c)\n"
                "    glyphs.text(b, 63, 21, f.file, s, len(s), x, y, c, 1)\n"
                "    ok.append(a == b and a != bytearray(len(a)) and a != bytearray(b'\\xff' * len(a)))\n"
                "print('mono', canvas.native_text() is glyphs.text, ok)\n", check)
    assert "mono True [True, True, True]" in got, got


# ------------------------------------------------------------ deploy through a pty

def test_flash_sh_deploys_to_the_virtual_pico_through_a_pty(tmp_path):
    socat = shutil.which("socat")
    assert socat, "socat is missing: apt-get install socat (./test installs it where it can)"
    prof = tmp_path / "profile.json"
    prof.write_text(json.dumps(vpico.profile("pico_oled")))
    flash = tmp_path / "flash.bin"
    tty = tmp_path / "tty"
    cmd = "%s %s --profile %s --flash %s" % (vpico.node(), os.path.join(ROOT, "vpico", "tty.js"), prof, flash)
    board = subprocess.Popen([socat, "PTY,link=%s,raw,echo=0" % tty, "EXEC:%s,pty,raw,echo=0" % cmd],
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        for _ in range(100):
            if tty.exists():
                break
            time.sleep(0.05)
        r = subprocess.run([os.path.join(ROOT, "flash.sh"), "--board", "pico_oled", "--port", str(tty),
                            "--out", str(tmp_path / "out")], cwd=ROOT, capture_output=True, text=True, timeout=240)
        assert r.returncode == 0, r.stdout + r.stderr
        assert "flashed pico_oled" in r.stdout
        time.sleep(0.5)     # the board resets itself (mpremote reset)
    finally:
        board.send_signal(signal.SIGTERM)
        board.wait(20)
    for _ in range(200):        # the board's flash is written when its pty closes
        if flash.exists():
            break
        time.sleep(0.05)
    assert flash.stat().st_size == 2 * 1024 * 1024
    fs = tmp_path / "fs.img"
    with open(flash, "rb") as f:
        fs.write_bytes(vpico.fs_of_flash(f.read()))
    files = vpico.fs_files(str(fs))
    assert files["/lib/ssd1306.mpy"] > 1000 and files["/main.py"] and files["/board.json"]
    assert files["/firmware/app.mpy"] > 1000 and "/firmware/app.py" not in files
    # the board boots from it to the game picker, as the simulator shows it
    with Pico("pico_oled", flash=str(flash)) as p:
        p.boot()
        no_crash(p)
        twin = Twin("pico_oled", 1, str(tmp_path / "twin"))
        assert p.picture() == twin.picture()


# ------------------------------------------------------------ our firmware: one UF2

_UF2 = {}


def uf2_flash(tmp, board, data=None, seed=SEED, heap=None, flash=None, name="flash-uf2.bin"):
    """A 2 MB flash as a board has it once its UF2 is dropped on it
    (flash.sh --uf2, made once per board in a test process; new games dealt
    from `seed`; with heap, the ballast first in its main.py): an erased
    flash (or the file `flash`), with `data` as the filesystem's /data."""
    if board not in _UF2:
        base = tempfile.mkdtemp(prefix="vpico-uf2-")
        atexit.register(shutil.rmtree, base, True)
        vpico.stage_uf2(board, os.path.join(base, board))
        _UF2[board] = os.path.join(base, board)
    key = (board, seed, heap)
    if key not in _UF2:
        _UF2[key] = vpico.uf2_variant(os.path.join(_UF2[board], "rom"),
                                      os.path.join(_UF2[board], "variant-%d.uf2" % len(_UF2)), seed=seed, heap=heap)
    fs = None
    if data:
        folder = tmp / (name + ".fs")
        shutil.copytree(data, folder / "data")
        fs = vpico.mkfs(str(folder), str(tmp / (name + ".img")))
    return vpico.flash_of(str(tmp / name), _UF2[key], flash=flash, fs=fs)


@pytest.mark.parametrize("board", ["pico_oled", "pico_display"])
def test_the_uf2_alone_plays_and_a_newer_one_keeps_the_game(board, tmp_path):
    """What a user does: the board's UF2 (our MicroPython, the code in its
    ROM partition) dropped on an erased flash, nothing else written: it
    boots into the game picker, the scripted game's first 40 presses show
    the simulator's frames after each, then 60 presses held 50 ms, 40 ms
    apart are each taken once (the simulator given the same times);
    then a newer UF2 dropped over the saved game, whose bundled Inca table
    has one more kind of marker, another note and an optional field renamed
    (as a firmware update may bring): the board boots into the same game,
    under its own table, with no note of damage, its journal whole."""
    keys = _script(board, 40, SEED)
    opening = keys[:40]
    fast = [k for k in keys[40:] if k not in ("home", "end", "undo") and "*" not in k][:60]
    assert len(fast) == 60
    twin = Twin(board, SEED, str(tmp_path / "twin"))
    with Pico(board, flash=uf2_flash(tmp_path, board)) as p:
        p.boot()
        assert "Raspberry Pi Pico (ROMFS)" not in p.serial     # (no REPL: the companion runs)
        assert p.picture() == twin.picture()
        for i, k in enumerate(opening):
            p.key(k, twin=twin)
            assert p.picture() == twin.picture(), "press %d (%s)" % (i + 1, k)
        t = p.t + 40 * MS
        for k in fast:
            button, _ = p.buttons_for(k)
            p.press(button, 50 * MS, at=t)
            twin.key(k, at=t + 50 * MS)
            t += 90 * MS
        p.run(t - p.t)
        p.settle()
        no_crash(p)
        assert p.picture() == twin.picture()
        # the RP2040's fastest specified clock, at the core voltage it needs
        # (boards/pico_oled.py CLOCK), never faster than 133 MHz below it
        s = p.stats()
        assert (s["sys_hz"], s["core_mv"]) == (200_000_000, 1150) and s["low_volts_hz"] <= 133_000_000, s
        if board == "pico_display":
            # the peripheral clock moved to the system clock's 200 MHz
            # (boards/pico_display.py): the fastest rate of an even divisor
            # within the panel's 62.5 MHz, not 24 MHz
            assert p.panel_clock() == 50_000_000
        p.save(str(tmp_path / "played.bin"))
    with open(os.path.join(twin.data, "game", "journal.txt"), "rb") as f:
        want = journal_lines(f.read())
    assert len(want) > 10
    newer = tmp_path / "newer-rom"
    shutil.copytree(os.path.join(_UF2[board], "rom"), newer)
    table = newer / "assets" / "inca" / "edition.json"
    ed = json.loads(table.read_text(encoding="utf-8"))
    kinds = ed["marker_kinds"]
    kinds["kinds"].append(["G", 5, 4, 6])
    kinds["about"] = "Markers as [resistance, labor, VP]: edit them from your own."
    kinds["checked"] = kinds.pop("sure")
    table.write_text(json.dumps(ed, ensure_ascii=False), encoding="utf-8")
    again = vpico.flash_of(str(tmp_path / "again.bin"),
                           vpico.uf2_variant(str(newer), str(tmp_path / "newer.uf2"), seed=SEED),
                           flash=str(tmp_path / "played.bin"))
    with open(str(tmp_path / "played.bin"), "rb") as f, open(again, "rb") as g:
        played, flashed = f.read(), g.read()
    at = vpico.fs_place()[0]
    assert flashed[at:] == played[at:]      # the filesystem is not in the UF2
    with Pico(board, flash=again) as p:
        p.boot()
        no_crash(p)
        assert p.picture() == vpico.boot_picture(board, twin.data, SEED)
        p.save(str(tmp_path / "after.bin"))
    assert journal_lines(vpico.fs_read(_fs_of(str(tmp_path / "after.bin")), "/data/game/journal.txt")) == want


# the build before the ROM partition grew (dist/ then: a ROM partition of
# 288 KiB, littlefs from 0xA0000 as in the official build)
PREVIOUS = os.path.join(ROOT, "vpico", "firmware", "micropython-v1.28.0-RPI_PICO-ROMFS288.uf2")


def test_an_update_to_the_larger_rom_partition_keeps_the_saved_game(tmp_path):
    """A game saved under the build whose ROM partition was 288 KiB (the
    same code in it), booted there; then today's UF2 dropped on the board:
    its first boot moves the filesystem after the larger ROM partition,
    shows the same game and plays on as the simulator does; the old
    filesystem's superblock is gone, every file is in the new one."""
    board = "pico_oled"
    with open(PREVIOUS, "rb") as f:
        assert hashlib.sha256(f.read()).hexdigest() == \
            "26e6127d035eaa016f89613ca724b0b7ecc8c30c7ae8d6312648fc778e03d052"
    keys = _script(board, 30, SEED)
    played = Twin(board, SEED, str(tmp_path / "played"))
    for k in keys[:-12]:
        played.key(k)
    folder = tmp_path / "fs"
    shutil.copytree(played.data, folder / "data")
    uf2_flash(tmp_path, board)          # (today's UF2, and its ROM folder)
    before = vpico.flash_of(str(tmp_path / "before.bin"), vpico.uf2_variant(
        os.path.join(_UF2[board], "rom"), str(tmp_path / "previous.uf2"), seed=SEED, base=PREVIOUS),
        fs=vpico.mkfs(str(folder), str(tmp_path / "fs.img")))
    assert uf2.partitions(uf2.read(PREVIOUS))["MicroPython"] == (0x100A0000, 1408 * 1024)
    with Pico(board, flash=before) as p:
        p.boot()
        no_crash(p)
        assert p.picture() == vpico.boot_picture(board, played.data, SEED)
        p.save(str(tmp_path / "saved.bin"))
    with open(tmp_path / "saved.bin", "rb") as f:
        old = vpico.fs_of_flash(f.read())
    (tmp_path / "old.img").write_bytes(old)
    files = vpico.fs_files(str(tmp_path / "old.img"))
    assert "/data/game/journal.txt" in files
    for name in ("twin", "resumed"):
        shutil.copytree(played.data, tmp_path / name / "data")
    twin = Twin(board, SEED, str(tmp_path / "twin"))
    with Pico(board, flash=uf2_flash(tmp_path, board, flash=str(tmp_path / "saved.bin"), name="after.bin")) as p:
        p.boot()
        no_crash(p)
        assert p.picture() == vpico.boot_picture(board, played.data, SEED)
        for k in keys[-12:]:
            p.key(k, twin=twin)
            assert p.picture() == twin.picture(), k
        p.save(str(tmp_path / "after.bin"))
    with open(tmp_path / "after.bin", "rb") as f:
        flash = f.read()
    at, size = vpico.fs_place()
    assert at > 0xA0000 + 288 * 1024
    assert all(flash[b + 8:b + 16] != b"littlefs" for b in (0xA0000, 0xA1000))
    (tmp_path / "new.img").write_bytes(flash[at:at + size])
    now = vpico.fs_files(str(tmp_path / "new.img"))
    assert set(files) <= set(now), set(files) - set(now)
    with open(os.path.join(twin.data, "game", "journal.txt"), "rb") as f:
        want = journal_lines(f.read())
    assert journal_lines(vpico.fs_read(str(tmp_path / "new.img"), "/data/game/journal.txt")) == want
    assert len(want) > len(journal_lines(vpico.fs_read(str(tmp_path / "old.img"), "/data/game/journal.txt")))


# the first boot's flash operation the power is cut at (below): the 17th of
# 26, a program of the journal's bytes in the new filesystem
MOVE_CUT = 16


def test_a_power_cut_in_the_update_s_move_keeps_the_saved_game(tmp_path):
    """The update above (the old filesystem, as the build before and the
    official firmware leave it, at 0xA0000), the power cut while the first
    boot writes the new filesystem over the old one's place, half of an
    operation done: the next boot makes it again from the copy of the files
    the move made first (tests/test_boot_move.py cuts it everywhere), shows
    the game, and the old superblock is gone."""
    board = "pico_oled"
    played = Twin(board, SEED, str(tmp_path / "played"))
    for k in _script(board, 12, SEED):
        played.key(k)
    folder = tmp_path / "fs"
    shutil.copytree(played.data, folder / "data")
    old = vpico.flash_of(str(tmp_path / "old.bin"), fs=vpico.mkfs(str(folder), str(tmp_path / "fs.img")))
    flash = uf2_flash(tmp_path, board, flash=old, name="update.bin")
    with Pico(board, flash=flash) as p:
        p.cut(MOVE_CUT, 0.5)
        with pytest.raises(vpico.PicoError, match="cut"):
            p.boot()
        p.save(str(tmp_path / "cut.bin"))
    with open(tmp_path / "cut.bin", "rb") as f:
        cut = f.read()
    at, size = vpico.fs_place()

    def superblock(b):
        return any(cut[a + 8:a + 16] == b"littlefs" for a in (b, b + 4096))
    # the cut fell while the new filesystem was written: its superblock made,
    # the old one's still there
    assert superblock(0xA0000) and superblock(at)
    with Pico(board, flash=str(tmp_path / "cut.bin")) as p:
        p.boot()
        no_crash(p)
        assert p.picture() == vpico.boot_picture(board, played.data, SEED)
        p.save(str(tmp_path / "after.bin"))
    with open(tmp_path / "after.bin", "rb") as f:
        after = f.read()
    assert all(after[b + 8:b + 16] != b"littlefs" for b in (0xA0000, 0xA1000))
    (tmp_path / "new.img").write_bytes(after[at:at + size])
    with open(os.path.join(played.data, "game", "journal.txt"), "rb") as f:
        assert journal_lines(vpico.fs_read(str(tmp_path / "new.img"), "/data/game/journal.txt")) == \
            journal_lines(f.read())


# ------------------------------------------------------------ the simulator's frames

def _script(board, actions, seed):
    """Presses of the first `actions` actions of the scripted Inca game,
    planned on the simulator (the other games' sessions: at the end)."""
    from host_sim import keyplan
    from bench import scripts
    app, _ = device.build(board, None, seed=seed)
    return keyplan.play(app, scripts.transcript()[:actions + 1])


# ------------------------------------------------------------ power cuts

# A new board: the edition edited (Check your board: era I labor 5 -> 6),
# the LED brightness changed, a game started and played a few actions.
EDIT = ["ok", "down", "down", "down", "down", "ok", "ok", "up", "ok", "back", "down", "ok", "ok", "back"]


def _logged_run(tmp_path, board, keys, data=None, ours=False):
    """Play keys on the board from a fresh flash (with `data` as its saved
    game; ours: the UF2 on our firmware, else the official firmware's
    files), logging every flash operation; the simulator beside it, its
    data folder kept after every press.  Returns (twin, flash at power-on,
    log, operations done after each press (index 0: after booting))."""
    twin_dir = str(tmp_path / "twin")
    if data:
        os.makedirs(twin_dir)
        shutil.copytree(data, os.path.join(twin_dir, "data"))
    twin = Twin(board, SEED, twin_dir, keep=True)
    kw = {"flash": uf2_flash(tmp_path, board, data)} if ours else {"fs": staged_fs(tmp_path, board, data)}
    with Pico(board, log=True, **kw) as p:
        first = str(tmp_path / "flash0.bin")
        p.save(first)
        p.boot()
        assert p.picture() == twin.picture()
        ops = [p.stats()["flash_ops"]]
        for k in keys:
            p.key(k, twin=twin)
            assert p.picture() == twin.picture()
            ops.append(p.stats()["flash_ops"])
        no_crash(p)
        p.flash_log(str(tmp_path / "log.bin"))
    with open(first, "rb") as f:
        flash0 = f.read()
    return twin, flash0, vpico.read_flash_log(str(tmp_path / "log.bin")), ops


def _press_of(ops, k):
    """The press (1-based; 0: the boot) during which flash operation k was made."""
    for j in range(1, len(ops)):
        if ops[j - 1] <= k < ops[j]:
            return j
    return 0


def _cut_and_boot(tmp_path, board, twin, flash0, log, ops, k, part):
    j = _press_of(ops, k)
    path = str(tmp_path / ("cut-%d-%d.bin" % (k, part * 10)))
    with open(path, "wb") as f:
        f.write(vpico.replay_flash(bytearray(flash0), log, k, part))
    with Pico(board, flash=path) as p:
        p.boot()
        no_crash(p)
        got = p.picture()
        # the journal as the boot left it (a start cut between its renames
        # is settled first)
        p.save(path + ".booted")
        journal = vpico.fs_read(_fs_of(path + ".booted"), "/data/game/journal.txt")
    before, after = twin.kept[max(0, j - 1)], twin.kept[j]
    # the game as it was before the press, or with the press's action: its
    # screen after a boot, and its actions in the journal
    ok = []
    for kept in (before, after):
        try:
            with open(os.path.join(kept, "game", "journal.txt"), "rb") as f:
                want = journal_lines(f.read())
        except OSError:
            want = None
        if got == vpico.boot_picture(board, kept, SEED) and (journal_lines(journal) if journal else None) == want:
            ok.append(kept)
    assert ok, "cut at flash operation %d (%s, %.1f done), press %d: the board shows neither the game before " \
               "nor after the press" % (k, log[k][0], part, j)
    return j


def _fs_of(flash_path):
    img = flash_path + ".fs"
    with open(flash_path, "rb") as f, open(img, "wb") as g:
        g.write(vpico.fs_of_flash(f.read()))
    return img


def _spread(ops, log, presses, n):
    """Up to n flash operations among those the given presses made, spread
    over them (the first, the last, and between)."""
    mine = [k for k in range(len(log)) if _press_of(ops, k) in presses]
    if len(mine) <= n:
        return mine
    return sorted({mine[round(i * (len(mine) - 1) / (n - 1))] for i in range(n)})


def test_power_cuts_in_the_edition_settings_and_a_new_game(tmp_path):
    board = "pico_oled"
    app, _ = device.build(board, None, seed=SEED)
    from bench import scripts
    from host_sim import keyplan
    for k in EDIT:
        app.key(k)
    keys = EDIT + keyplan.play(app, scripts.transcript()[:4])
    twin, flash0, log, ops = _logged_run(tmp_path, board, keys)
    # the presses that write: the edition (Check your board), the settings,
    # Start game, the actions
    writes = [j for j in range(1, len(ops)) if ops[j] > ops[j - 1]]
    assert len(writes) >= 5, writes
    edition, settings, start = writes[0], writes[1], writes[2]
    assert keys[edition - 1] == "ok" and edition < len(EDIT) and settings <= len(EDIT) < start
    cuts = []
    for presses, n in (((edition,), 2), ((settings,), 2), ((start,), 2), (tuple(writes[3:]), 2)):
        for k in _spread(ops, log, presses, n):
            cuts.append((k, 0.0 if len(cuts) % 2 == 0 else 0.5))
    assert len(cuts) == 8
    for k, part in cuts:
        _cut_and_boot(tmp_path, board, twin, flash0, log, ops, k, part)


def saved_game(tmp_path, board, lines, name="data"):
    """A data folder holding the game of `lines` as the device saves it
    (the host's firmware, the same code and files), and the presses of the
    board from the screen it boots to on it, for the actions that follow."""
    data = tmp_path / name
    app, _ = device.build(board, str(data), seed=SEED)
    from host_sim import keyplan
    keyplan.play(app, lines)
    return str(data)


def _plan(tmp_path, board, data, lines):
    """The presses of `lines` (actions) from the screen a board shows when
    it boots on the saved game in `data`."""
    from host_sim import keyplan
    plan = tmp_path / "plan"
    shutil.copytree(data, plan)
    app, _ = device.build(board, str(plan), seed=SEED)
    keys = []
    for line in lines:
        keyplan.action(app, line, keys)
    return keys


def test_power_cuts_in_actions_and_a_snapshot_on_our_firmware(tmp_path):
    """(Our firmware, the UF2 with its code in the ROM partition: the
    littlefs and the firmware's writes are the official firmware's, whose
    own power cuts are the test above.)"""
    board = "pico_oled"
    from bench import scripts
    lines = scripts.transcript()
    # a saved game 80 records in (a snapshot written at 65); the next actions
    # write the next snapshot (at 89: snap.json.tmp, renamed over snap.json,
    # the old one kept as snap.old)
    data = saved_game(tmp_path, board, lines[:80])
    with open(os.path.join(data, "game", "snap.json"), "rb") as f:
        first_snapshot = f.read()
    keys = _plan(tmp_path, board, data, lines[80:92])
    twin, flash0, log, ops = _logged_run(tmp_path, board, keys, data, ours=True)
    with open(os.path.join(twin.data, "game", "snap.json"), "rb") as f:
        assert f.read() != first_snapshot, "no snapshot was written"
    writes = [j for j in range(1, len(ops)) if ops[j] > ops[j - 1]]
    big = max(writes, key=lambda j: ops[j] - ops[j - 1])     # the snapshot's press
    cuts = [(k, 0.0 if i % 2 == 0 else 0.5) for i, k in enumerate(_spread(ops, log, (big,), 4))]
    cuts += [(k, 0.5) for k in _spread(ops, log, tuple(j for j in writes if j != big), 2)]
    assert len(cuts) == 6
    for k, part in cuts:
        _cut_and_boot(tmp_path, board, twin, flash0, log, ops, k, part)


def _new_game_keys(tmp_path, board, data, setup):
    """The presses, from the screen a board boots to on the saved game in
    `data`, of New game and the start of the game of `setup`."""
    from host_sim import keyplan
    from firmware.core.text import t
    plan = tmp_path / "plan-new"
    shutil.copytree(data, plan)
    app, _ = device.build(board, str(plan), seed=SEED)
    keys = []
    keyplan.dismiss(app, keys)
    for k in ("home", "ok"):
        app.key(k)
        keys.append(k)
    keyplan.go_to_row(app, lambda r: r[0] == t("m.new_game"), keys)
    keyplan.go_to_row(app, lambda r: r[0] == t("m.yes"), keys)
    keyplan.setup(app, setup, keys)
    return keys


def test_a_power_cut_at_every_flash_operation_of_a_new_game_started_over_a_saved_game(tmp_path):
    """New game and Start over a saved game (80 actions, a snapshot at 65)
    on the board, its flash operations logged (the start's files, its two
    renames, the old game's removal, the new game's edition table after its
    first frame); the flash as a power cut leaves it before each of them and
    half-way through each, booted: by the firmware's own code on MicroPython's
    littlefs (the unix port, vpico/boot_game.py) at every one, and on the
    virtual Pico itself at a few.  Each gives the game played, whole, or the
    new game, and no other; the game played until a moment of the start, the
    new game after it."""
    board = "pico_oled"
    from bench import scripts
    lines = scripts.transcript()
    data = saved_game(tmp_path, board, lines[:80])
    keys = _new_game_keys(tmp_path, board, data, "inca players=blue,orange,green")
    twin, flash0, log, ops = _logged_run(tmp_path, board, keys, data)
    writes = [j for j in range(1, len(ops)) if ops[j] > ops[j - 1]]
    assert len(writes) == 1, writes         # Start game writes; nothing else
    first, end = ops[writes[0] - 1], ops[writes[0]]
    assert end - first > 8, end - first
    with open(os.path.join(twin.data, "game", "journal.txt"), "rb") as f:
        new_setup = journal_lines(f.read())[0].split(" #")[0]
    cuts = [(k, part) for k in range(first, end) for part in (0.0, 0.5)] + [(end, 0.0)]
    images = []
    for k, part in cuts:
        img = str(tmp_path / ("cut-%d-%d.img" % (k, part * 10)))
        with open(img, "wb") as f:
            f.write(vpico.fs_of_flash(vpico.replay_flash(bytearray(flash0), log, k, part)))
        images.append(img)
    seen = []
    for (k, part), got in zip(cuts, vpico.boot_games(images)):
        where = "cut at flash operation %d of the start's %d (%s, %.1f done): %r" % (
            k - first, end - first, log[k][0] if k < end else "-", part, got)
        assert got.get("lost") == 0 and got["folders"] == ["game", "settings.json"] or \
            got["folders"] == ["game"], where
        if got.get("records") == 80:
            seen.append("old")
        else:
            assert got.get("records") == 1 and got.get("setup") == new_setup, where
            seen.append("new")
        assert seen[-1] == "new" or "new" not in seen, where + ": the game played again after the new one"
    assert seen[0] == "old" and seen[-1] == "new", seen
    print("fault paths: power cuts in a start on the virtual Pico (its flash operations, before and half-way): %r"
          % ({"the game played, whole": seen.count("old"), "the new game": seen.count("new")},))
    # the board itself, booted on a few of them: the game before the press
    # (Start game), or after it, on its screen and in its journal
    # (either side of the moment the new game takes the game's place)
    switch = first + seen.index("new") // 2
    for k, part in ((switch - 1, 0.5), (switch, 0.0)):
        _cut_and_boot(tmp_path, board, twin, flash0, log, ops, k, part)


# ------------------------------------------------------------ fast presses

def _without_undone(lines):
    """lines without each undo and the action it takes back (the game
    ends the same; undo is a long press)."""
    out = []
    for line in lines:
        if line == "undo":
            out.pop()
        else:
            assert line != "redo"
            out.append(line)
    return out


def test_fast_presses_are_each_taken_once(tmp_path):
    """On the official firmware (our firmware's: the UF2 test, on both
    boards), the colour board, the slower to draw: the board boots into the benchmark's saved game (300 actions, an
    undo every third: as after a power cut at its end) within the resume
    budget of its clock, display included; then 100 presses held 50 ms,
    40 ms apart, are each taken once: as the simulator takes them when
    given the same times, so that an OK within PAUSE_MS of the press
    that made an action is left alone (and one is, among these)."""
    from bench import scripts
    from bench.chip import RESUME_ACTIONS, RESUME_MS
    board = "pico_display"
    lines = scripts.transcript(undo_every=3)
    saved = RESUME_ACTIONS + 1
    while lines[saved] == "undo":      # an undo of the saved game's own actions goes in it
        saved += 1
    data = saved_game(tmp_path, board, lines[:saved])
    # the presses of the next actions: short presses only (a long one is
    # held 600 ms, not fast; a held one longer)
    keys = [k for k in _plan(tmp_path, board, data, _without_undone(lines[saved:]))
            if k not in ("home", "end") and "*" not in k][:100]
    assert "undo" not in keys
    assert len(keys) == 100 and keys.count("ok") > 20
    for name in ("twin", "untimed"):
        os.makedirs(tmp_path / name)
        shutil.copytree(data, tmp_path / name / "data")
    twin = Twin(board, SEED, str(tmp_path / "twin"))
    # the same presses with no times: every OK taken, even the second of
    # two 90 ms apart after the turn passed
    untimed = Twin(board, SEED, str(tmp_path / "untimed"))
    with Pico(board, fs=staged_fs(tmp_path, board, data)) as p:
        p.boot()
        booted = p.frames()[-1][0]
        assert booted <= RESUME_MS["official"][0] * MS, "boot into a %d-action game: %.0f ms" % (RESUME_ACTIONS, booted / MS)
        assert p.picture() == vpico.boot_picture(board, data, SEED)
        t = p.t + 40 * MS
        for k in keys:
            button, _ = p.buttons_for(k)
            p.press(button, 50 * MS, at=t)
            twin.key(k, at=t + 50 * MS)
            if untimed.app.play.session.state == twin.app.play.session.state:
                # (once it has acted otherwise, it is left: its presses
                # would go on through other screens, Settings among them,
                # whose language the two simulators share)
                untimed.key(k)
            t += 90 * MS             # held 50 ms, then 40 ms up
        # an OK within PAUSE_MS of the press that made an action
        # did not act for the next player (on the board: the picture and
        # journal below are the timed simulator's)
        assert twin.app.play.session.state != untimed.app.play.session.state
        p.run(t - p.t)
        p.settle()
        no_crash(p)
        assert p.picture() == twin.picture()
        assert p.panel_clock() == 50_000_000     # the official firmware's too
        s = p.stats()
        assert (s["sys_hz"], s["core_mv"]) == (200_000_000, 1150) and s["low_volts_hz"] <= 133_000_000, s
        p.save(str(tmp_path / "flash.bin"))
    with open(os.path.join(twin.data, "game", "journal.txt"), "rb") as f:
        want = journal_lines(f.read())
    got = vpico.fs_read(_fs_of(str(tmp_path / "flash.bin")), "/data/game/journal.txt")
    assert got is not None and journal_lines(got) == want


# ------------------------------------------------------------ a limited heap

# The heap each board is given on our firmware (the UF2: the code in the ROM
# partition): the budgets, 96 KB on pico_oled and 110 KB on pico_display;
# the boot's time in that heap: the budget, 1.0 s of the chip's clock.
HEAP_CEILING = {"pico_oled": 96 * 1024, "pico_display": 110 * 1024}
BOOT_CEILING_MS = {"pico_oled": 1000, "pico_display": 1000}
# The heap a clean boot into the same saved game is held to on the official
# firmware (the code loaded from .mpy files into the heap): a damaged save
# must recover in it too (pico_display's 160 KB became 168 with the boot's
# replay by the records' net effect, whose code is in the heap there: the
# repair of a record damaged found no 1148-byte block for its file, and a
# damaged edition table's recovery none of 1.9 KB; a Pico's heap on that
# firmware is 238 KB)
OFFICIAL_HEAP = {"pico_oled": 160 * 1024, "pico_display": 168 * 1024}


@pytest.mark.parametrize("board", ["pico_oled", "pico_display"])
def test_the_saved_game_boots_and_plays_in_a_limited_heap(board, tmp_path):
    """Our firmware, its heap limited to HEAP_CEILING in all (a ballast
    taken before the firmware starts leaves it that), boots into the
    benchmark's saved game (300 actions, an undo every third: its heaviest
    boot) within BOOT_CEILING_MS of the chip's clock, display included, and
    plays the next presses, its history opened at the end, as the simulator
    does.  In 40 KB the same boot runs out: told as a crash."""
    from bench import scripts
    from bench.chip import RESUME_ACTIONS
    lines = scripts.transcript(undo_every=3)
    saved = RESUME_ACTIONS + 1
    while lines[saved] == "undo":
        saved += 1
    data = saved_game(tmp_path, board, lines[:saved])
    keys = _plan(tmp_path, board, data, lines[saved:saved + 12]) + ["home", "back"]
    os.makedirs(tmp_path / "twin")
    shutil.copytree(data, tmp_path / "twin" / "data")
    twin = Twin(board, SEED, str(tmp_path / "twin"))
    with Pico(board, flash=uf2_flash(tmp_path, board, data, heap=HEAP_CEILING[board])) as p:
        p.boot()
        no_crash(p)
        booted = p.frames()[-1][0]
        assert booted <= BOOT_CEILING_MS[board] * MS, "boot into a %d-action game: %.1f ms" % (
            RESUME_ACTIONS, booted / MS)
        assert p.picture() == vpico.boot_picture(board, data, SEED)
        for k in keys:
            p.key(k, twin=twin)
        no_crash(p)
        assert p.picture() == twin.picture()
        assert twin.app.screens.stack[-1].title == twin.app.play.ui.history(twin.app).title     # the history is open
    # the ballast is what limits the heap: in 40 KB the same boot runs out
    # (the crash screen, or nothing at all, is what the board shows)
    with Pico(board, flash=uf2_flash(tmp_path, board, data, heap=40 * 1024, name="small.bin")) as p:
        try:
            p.boot(limit=15_000 * MS)
        except vpico.PicoError:
            pass
        p.read()
        # told as a crash (its code on the serial line, and on the screen
        # where the crash screen's code finds room), and the board started
        # again
        assert "MemoryError" in p.serial and "crash E" in p.serial, p.serial[-800:]


# ------------------------------------------------------------ recovery in the same heap

def _damage(game, kind):
    """Damage the saved game in the folder `game` (its journal, snapshots,
    edition table) as one kind of fault leaves it."""
    j = os.path.join(game, "journal.txt")
    with open(j, "rb") as f:
        raw = bytearray(f.read())

    def flip(name, at):
        with open(os.path.join(game, name), "rb") as f:
            b = bytearray(f.read())
        b[at] ^= 4
        with open(os.path.join(game, name), "wb") as f:
            f.write(bytes(b))
    if kind == "no journal":                            # begun again from the newest snapshot
        os.remove(j)
        return
    if kind == "snap.json damaged":                     # the journal from the older snapshot
        flip("snap.json", 500)
        return
    if kind == "a bit flipped in the last record":     # the journal kept aside, then cut
        raw[len(raw) - 14] ^= 4
    elif kind == "the last record torn":                # cut
        raw = raw[:-5]
    elif kind == "the journal cut short":               # begun again from a snapshot
        raw = raw[:len(raw) // 2]
    elif kind == "both snapshots damaged":              # a replay of the whole journal
        flip("snap.json", 500)
        flip("snap.old", 500)
        return
    elif kind == "the edition table damaged":           # found again by its checksum
        flip("edition.json", 300)
        return
    with open(j, "wb") as f:
        f.write(bytes(raw))


RECOVERIES = {"pico_display": ("a bit flipped in the last record", "the journal cut short", "both snapshots damaged",
                               "the edition table damaged"),
              "pico_oled": ("the last record torn", "no journal", "snap.json damaged")}


@pytest.mark.parametrize("board", ["pico_oled", "pico_display"])
def test_a_damaged_save_recovers_in_the_heap_a_clean_boot_is_given(board, tmp_path):
    """The benchmark's saved game (300 actions), damaged as each kind of
    fault leaves it, booted with the heap the clean boot is held to
    on the official firmware (OFFICIAL_HEAP): the board shows what the simulator shows after the same
    boot (the game, and what was lost), and once the frame is drawn makes
    the repair the simulator makes at once: the same journal, the same
    files, nothing kept aside for want of room.  (Every kind on both
    boards, with the least heap each needs: bench/recovery.py.)"""
    from bench import scripts
    from bench.chip import RESUME_ACTIONS
    lines = scripts.transcript(undo_every=3)
    saved = RESUME_ACTIONS + 1
    while lines[saved] == "undo":
        saved += 1
    data = saved_game(tmp_path, board, lines[:saved])
    for i, kind in enumerate(RECOVERIES[board]):
        case = tmp_path / ("case%d" % i)
        shutil.copytree(data, case / "data")
        _damage(str(case / "data" / "game"), kind)
        want = vpico.boot_picture(board, str(case / "data"), SEED)
        twin = tmp_path / ("twin%d" % i)
        shutil.copytree(case / "data", twin)
        device.build(board, str(twin), seed=SEED)       # the simulator's boot, its repair made at once
        with Pico(board, fs=staged_fs(case, board, str(case / "data"), heap=OFFICIAL_HEAP[board])) as p:
            p.boot()
            no_crash(p)
            assert "no room" not in p.serial, (kind, p.serial[-600:])
            assert p.picture() == want, kind
            p.save(str(case / "flash.bin"))
        img = _fs_of(str(case / "flash.bin"))
        files = vpico.fs_files(img)
        got = sorted(k[len("/data/game/"):] for k in files if k.startswith("/data/game/"))
        assert got == sorted(os.listdir(twin / "game")), (kind, got)
        assert not [k for k in files if "game.damaged" in k], kind
        for name in ("journal.txt", "base.json", "lost.json"):
            if name in got:
                with open(twin / "game" / name, "rb") as f:
                    assert vpico.fs_read(img, "/data/game/" + name) == f.read(), (kind, name)


def test_a_save_that_cannot_be_recovered_in_the_heap_is_kept_aside_and_told_not_started_again(tmp_path):
    """A heap too small for the recovery (or the game): the board does not
    crash and start again, and again: it keeps the game's files aside
    (game.damaged-1), tells the players, and shows the game picker, as the
    simulator does on what it kept."""
    board = "pico_display"
    from bench import scripts
    data = saved_game(tmp_path, board, scripts.transcript()[:80])
    _damage(os.path.join(data, "game"), "a bit flipped in the last record")
    with Pico(board, fs=staged_fs(tmp_path, board, data, heap=120 * 1024)) as p:
        p.boot()
        no_crash(p)
        assert "no room in the heap" in p.serial, p.serial[-600:]
        p.save(str(tmp_path / "flash.bin"))
        picture = p.picture()
    img = _fs_of(str(tmp_path / "flash.bin"))
    files = vpico.fs_files(img)
    assert "/data/kept.json" in files and not [k for k in files if k.startswith("/data/game/")]
    assert sorted(k for k in files if k.startswith("/data/game.damaged-1/")) == sorted(
        "/data/game.damaged-1/" + n for n in os.listdir(os.path.join(data, "game")))
    # the simulator on the files the board kept: the picker and the note
    kept = tmp_path / "kept"
    os.makedirs(kept / "data")
    for path in files:
        if path.startswith("/data/"):
            os.makedirs(os.path.dirname(str(kept) + path), exist_ok=True)
            with open(str(kept) + path, "wb") as f:
                f.write(vpico.fs_read(img, path))
    assert picture == vpico.boot_picture(board, str(kept / "data"), SEED)


# ------------------------------------------------------------ a whole game

# The heap the whole game is given on our firmware (the UF2): the budget of
# pico_oled, 96 KB.  (The official firmware's files in its heap: Eight-Minute
# Empire's session to its end in OFFICIAL_HEAP below, and each game's whole script in a
# 32-bit heap with its code loaded from files, tests/test_budgets.py NEED32.)
WHOLE_GAME_HEAP = 96 * 1024
# Presses held 35 ms, 5 ms apart, are shorter than the flash's erase of a
# sector (45 ms, typical), during which the chip takes no interrupt: a press
# that falls in one is noted late, or with the one after it, as on a board.
# These runs press so fast for the heap and the presses the firmware keeps
# waiting, with the flash written in no time; at a thumb's pace (held 50 ms,
# 40 ms apart: the UF2's and the fast presses' tests) the flash takes its time.
FAST_FLASH = "none"


def test_a_whole_scripted_inca_game(tmp_path):
    """In a heap of WHOLE_GAME_HEAP bytes in all (a ballast first), on our
    firmware (the UF2).  Four players with Early Fall and
    Pizarro's Arrival, every turn passed
    and every choice the first the rules allow (the Sun cards dealt and
    placed as they lie, connected counts): the era track to the invasion and the final standings, the
    journal as the simulator's, no crash.  The presses come faster than a
    thumb makes them (held 35 ms, 5 ms apart; an OK after a press that made
    an action waits out PAUSE_MS, as a player's does): the board falls behind
    during actions (at 200 MHz it draws about nine frames for ten presses; runs of up to 29 OKs pass turns; each action's frame is
    drawn and its record written before the next press waiting is taken),
    and still ends as the simulator does, so no press
    was lost or doubled on the way (the buttons keep up to 32 intents
    waiting).  With the flash written in no time (FAST_FLASH)."""
    from host_sim import autoplay, keyplan
    board = "pico_oled"
    seed = 3     # Pizarro is the first invasion marker flipped
    setup = "inca players=blue,orange,green,brown early-fall pizarro"
    with open(os.path.join(ROOT, "assets", "inca", "edition.json")) as f:
        edition = json.load(f)
    lines = autoplay.play("%s seed=%d" % (setup, seed), lambda n: 0, edition)
    app, _ = device.build(board, None, seed=seed)
    keys = keyplan.play(app, [setup] + lines[1:])
    assert app.play.view()["over"] and app.play.view()["pizarro"]["arrived"]
    # a held press (X*N) is not a fast one: here N presses of X, as fast
    # as the others (the held ones are pressed in the power-cut runs)
    keys = [x for k in keys for x in ([keyplan.held(k)[0]] * keyplan.held(k)[1] if "*" in k else [k])]
    twin = Twin(board, seed, str(tmp_path / "twin"))
    with Pico(board, flash_times=FAST_FLASH, flash=uf2_flash(tmp_path, board, seed=seed, heap=WHOLE_GAME_HEAP)) as p:
        p.boot()
        booted = len(p.frames())
        t = p.t + GAP
        for k in keys:
            button, hold = p.buttons_for(k)
            if hold == HOLD:
                hold = 33 * MS   # a short press (just past the 30 ms of debounce); a long one as long as it takes
            if k in ("ok", "end"):
                # as a player, not the thumb pressing twice: the next OK
                # after a press that made an action comes PAUSE_MS after it
                t = max(t, twin.due())
            p.press(button, hold, at=t)
            twin.key(k, at=vpico.counted(t, t + hold, hold))
            t += hold + 2 * MS
        p.run(t - p.t)
        p.settle(limit=60_000 * MS)
        no_crash(p)
        drawn = len(p.frames(booted))
        assert drawn < 0.95 * len(keys), "the board kept up (%d frames for %d presses): press faster" % (
            drawn, len(keys))
        assert p.picture() == twin.picture()
        p.save(str(tmp_path / "flash.bin"))
    got = vpico.fs_read(_fs_of(str(tmp_path / "flash.bin")), "/data/game/journal.txt")
    assert journal_lines(got) == lines
    # the play's time, written at the game's end (firmware/core/playclock.py)
    clock = vpico.fs_read(_fs_of(str(tmp_path / "flash.bin")), "/data/game/time.json")
    assert clock is not None and clock.startswith(b"#"), clock
    assert json.loads(clock.split(b"\n", 1)[1])["over"] is True, clock


# (Inca Empire: every frame of the power-cut runs on pico_oled, and of the
# UF2's opening on both boards; its whole game in 160 KB above)
FRAMES = 40     # the presses of a session whose every frame is compared


@pytest.mark.parametrize("game", ["eightmin", "origin", "yu"])
def test_the_other_games_on_the_official_firmware(game, tmp_path):
    """Each game's scripted session (bench/scripts.py session: its
    transcript from the game picker to its final standings) on pico_oled,
    the official firmware's files in a heap of OFFICIAL_HEAP: its first
    FRAMES presses one at a time, the panel showing the simulator's frame
    after each and the LEDs lighting the game's players as the simulator's;
    then Eight-Minute Empire's rest pressed faster than a thumb (bench/chip.py
    fast) to its end and its code, ending on the simulator's screen, so no
    press was lost and nothing ran out of memory on the way.  (Each game to
    its end: in a 32-bit heap with its code loaded from files, as this
    firmware loads it, tests/test_budgets.py NEED32; on the chip,
    bench/chip.py session.)"""
    from bench import chip, scripts
    board = "pico_oled"
    keys = scripts.session(game, board)
    if game != "eightmin":
        keys = keys[:FRAMES]
    twin = Twin(board, SEED, str(tmp_path / "twin"))
    # (pressed fast: the flash written in no time, FAST_FLASH)
    with Pico(board, fs=staged_fs(tmp_path, board, heap=OFFICIAL_HEAP[board]),
              flash_times=FAST_FLASH if game == "eightmin" else None) as p:
        p.boot()
        assert p.picture() == twin.picture()
        for i, k in enumerate(keys[:FRAMES]):
            p.key(k, twin=twin)
            assert p.picture() == twin.picture(), "press %d (%s) of %s" % (i + 1, k, keys[:FRAMES])
        no_crash(p)
        # once any animation is over, the LEDs light the game's players as
        # the simulator's would
        p.run(2000 * MS)
        assert p.leds() == [tuple(c) for c in twin.app.board.px.steady()]
        stopped, error, _ = chip.fast(p, twin, keys[FRAMES:], p.t + GAP)
        assert stopped is None, "stopped at press %s of %d: %s" % (stopped, len(keys) - FRAMES, error)
        no_crash(p)
        assert p.picture() == twin.picture()
