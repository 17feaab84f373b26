// The RP2040 of the virtual Pico: rp2040js with the official MicroPython
// firmware and the RP2040's boot ROM, plus what rp2040js lacks to run it
// as a board does: writes and erases of the QSPI flash.
//
// rp2040js models the flash as memory that can be read (XIP) but its SSI
// is a stub, so a program or an erase sent to the flash chip does nothing.
// The firmware writes the flash only through the boot ROM's flash
// functions (found by two-letter codes in the ROM's function table), so the
// first instruction of each is replaced by a BKPT and the host does the
// work: RE (flash_range_erase) fills with 0xFF, RP (flash_range_program)
// ANDs the bytes into the flash, as NOR flash does; the others have nothing
// to do.  Then the function returns to its caller (PC = LR).
//
// The flash chip's own time: an erase or a program keeps the RP2040
// waiting until the flash is done (the firmware runs the boot ROM's
// functions with interrupts off), so the chip's clock moves on by the
// W25Q16JV's time for it (its datasheet's AC characteristics: a 4 KB
// sector erased in 45 ms typical, 400 ms at most; a 64 KB block in 150 ms,
// 2 s at most; a 256-byte page programmed in 0.4 ms, 3 ms at most, for
// each page a program touches).  The alarms that fall due meanwhile go off
// at their time (a bus's byte, a button's edge), the interrupts they raise
// are taken after it, late, as on the chip.  FLASH_TIMES names the sets:
// typical (the default), max, none (writes in no time); the environment's
// VPICO_FLASH or the Chip's option chooses.
//
// Every erase and program is numbered and can be logged (for power cuts:
// the flash as it was at any operation can be rebuilt from the log), and
// cutAt(n, part) stops the chip at the n-th operation with only `part` of
// it done (the power failed while the chip wrote).
'use strict';
const fs = require('fs');
const path = require('path');
const { RP2040 } = require('rp2040js');
const fastcore = require('./fastcore.js');

const TIMERAWL = 0x40054028;     // the timer's low word, read without a latch
// VPICO_TIMER_WAITS=run: a busy wait for the timer run turn by turn (Chip._timerWait)
const timerWaits = process.env.VPICO_TIMER_WAITS !== 'run';

const HERE = path.join(__dirname, 'firmware');
const UF2 = path.join(HERE, 'micropython-v1.28.0-RPI_PICO.uf2');
// CircuitPython 10.2.1 for the Pico (build-circuitpython.sh): its FAT
// filesystem (CIRCUITPY) follows the 1020 KB of firmware and the 4 KB of
// nvm, to the end of the 2 MB flash (ports/raspberrypi/mpconfigport.h:
// CIRCUITPY_CIRCUITPY_DRIVE_START_ADDR), in 512-byte blocks
const FIRMWARES = {
  micropython: { uf2: UF2, fsOffset: 0xa0000, fsSize: 352 * 4096 },
  circuitpython: {
    uf2: path.join(HERE, 'adafruit-circuitpython-raspberry_pi_pico-en_US-10.2.1.uf2'),
    fsOffset: 0x100000,
    fsSize: 0x100000,
  },
};
const BOOTROM = path.join(HERE, 'rp2040-bootrom-B1.bin');
const FLASH_BASE = 0x10000000;
const FLASH_SIZE = 2 * 1024 * 1024;
// the firmware's littlefs: flash offset and size (MICROPY_HW_FLASH_STORAGE_BYTES)
const FS_OFFSET = 0xa0000;
const FS_BLOCKS = 352;
const FS_BLOCK = 4096;

// ns: a 4 KB sector erased, a 64 KB block erased, a 256-byte page programmed
const FLASH_TIMES = {
  typical: { sector: 45e6, block: 150e6, page: 0.4e6 },
  max: { sector: 400e6, block: 2000e6, page: 3e6 },
  none: { sector: 0, block: 0, page: 0 },
};
const SECTOR = 4096;
const BLOCK = 65536;
const PAGE = 256;

function flashTimes(name) {
  const which = name || process.env.VPICO_FLASH || 'typical';
  const t = FLASH_TIMES[which];
  if (!t) throw new Error('flash times: typical, max or none, not ' + which);
  return t;
}

// ROM functions handled by the host, BKPT numbers 0xE0..
const ROM_FUNCS = ['IF', 'EX', 'RE', 'RP', 'FC', 'CX'];

class Halt extends Error {}

function loadUF2(flash, file) {
  const data = fs.readFileSync(file);
  for (let off = 0; off + 512 <= data.length; off += 512) {
    const b = data.subarray(off, off + 512);
    if (b.readUInt32LE(0) !== 0x0a324655 || b.readUInt32LE(4) !== 0x9e5d5157) {
      throw new Error('not a UF2 block at ' + off);
    }
    const addr = b.readUInt32LE(12);
    const size = b.readUInt32LE(16);
    flash.set(b.subarray(32, 32 + size), addr - FLASH_BASE);
  }
}

// The boot ROM with a BKPT at the start of each flash function.
function patchedBootrom() {
  const raw = fs.readFileSync(BOOTROM);
  const rom = new Uint8Array(raw);
  const u16 = (a) => rom[a] | (rom[a + 1] << 8);
  const table = u16(0x14);
  const found = {};
  for (let a = table; ; a += 4) {
    const code = u16(a);
    if (code === 0) break;
    const name = String.fromCharCode(code & 0xff, code >> 8);
    found[name] = u16(a + 2) & ~1;
  }
  ROM_FUNCS.forEach((name, i) => {
    const at = found[name];
    if (at === undefined) throw new Error('boot ROM has no function ' + name);
    rom[at] = 0xe0 + i;     // BKPT #(0xE0 + i): 0xBExx, little-endian
    rom[at + 1] = 0xbe;
  });
  return new Uint32Array(rom.buffer, rom.byteOffset, rom.length / 4);
}

let BOOTROM_WORDS = null;
const FIRMWARE_FLASH = {};      // the flash with each firmware alone, by name

class Chip {
  /**
   * flash: the 2 MB flash to start from (a Uint8Array, copied), or null for
   * the firmware alone on an erased flash; firmware: 'micropython' (the
   * default) or 'circuitpython'; times: the flash's times (FLASH_TIMES:
   * typical, max, none; by default VPICO_FLASH's, else typical).
   */
  constructor(flash, firmware, times) {
    if (!BOOTROM_WORDS) BOOTROM_WORDS = patchedBootrom();
    const fw = FIRMWARES[firmware || 'micropython'];
    if (!fw) throw new Error('no firmware ' + firmware);
    this.fsOffset = fw.fsOffset;
    this.fsSize = fw.fsSize;
    const mcu = (this.mcu = new RP2040());
    this.clock = mcu.clock;
    // the core's instructions decoded by a table (vpico/fastcore.js);
    // VPICO_DECODE=rp2040js leaves rp2040js's own decoding, VPICO_DECODE=table
    // the table with every access through rp2040js's reads and writes
    if (process.env.VPICO_DECODE !== 'rp2040js') fastcore.install(mcu.core, process.env.VPICO_DECODE === "table" ? null : mcu);
    mcu.loadBootrom(BOOTROM_WORDS);
    if (flash) {
      mcu.flash.set(flash);
    } else {
      const name = firmware || 'micropython';
      if (!FIRMWARE_FLASH[name]) {
        FIRMWARE_FLASH[name] = new Uint8Array(FLASH_SIZE).fill(0xff);
        loadUF2(FIRMWARE_FLASH[name], fw.uf2);
      }
      mcu.flash.set(FIRMWARE_FLASH[name]);
    }
    mcu.logger = { debug() {}, info() {}, warn() {}, error() {} };
    this.flashOps = 0;          // erases and programs so far
    this.flashLog = null;       // [[kind, offset, bytes|count], ...] when logging
    this.flashBytes = { erase: 0, program: 0 };
    this.flashTimes = flashTimes(times);
    this.flashNanos = 0;        // the chip's time spent waiting for the flash
    this.cut = null;            // {at, part}: stop at that operation
    this.halted = null;         // why the chip stopped
    this.busyNanos = 0;         // time spent executing (not waiting for an interrupt)
    this.onFlashOp = null;      // (n, kind, offset, length) before each op
    mcu.onBreak = (code) => this._break(code);
    mcu.core.PC = 0x10000000;
    this._watchSpins();
    // rp2040js runs the PIO blocks on timers of the host (setTimeout), out
    // of step with the chip's clock and never while a request runs: here
    // they are stepped on the chip's clock instead, one step a cycle while
    // a state machine is enabled (CircuitPython drives NeoPixels through a
    // PIO program and waits for its FIFO to drain)
    for (const pio of mcu.pio) pio.run = () => {};
    this.pios = mcu.pio;
    this.pioCycle = 0;
    this._vreg();
    this._resets();
  }

  // The RESETS block holds a peripheral in its reset while its bit is set;
  // rp2040js keeps the bits and resets nothing.  Here the I2C blocks go back
  // to their reset values when their bit is set (pico-sdk's i2c_deinit):
  // CircuitPython deinits its I2C as its code ends, and the next run's
  // busio.I2C takes a block still enabled for one in use.
  _resets() {
    const mcu = this.mcu;
    const resets = mcu.peripherals[(0x4000c000 >>> 14) << 2];
    const write = resets.writeUint32.bind(resets);
    const I2C_BITS = [1 << 3, 1 << 4];      // RESETS_RESET_I2C0_BITS, _I2C1_BITS
    resets.writeUint32 = (offset, value) => {
      const before = resets.reset;
      write(offset, value);
      if (offset !== 0) return;
      mcu.i2c.forEach((i2c, n) => {
        if (value & ~before & I2C_BITS[n]) {
          // a new block's registers over the old one's, the parts' hooks
          // (onStart, onWriteByte...) kept
          const fresh = new i2c.constructor(mcu, i2c.name, i2c.irq);
          for (const k of Object.keys(fresh)) {
            if (!k.startsWith('on')) i2c[k] = fresh[k];
          }
          i2c.checkInterrupts();
        }
      });
    };
  }

  // The core's voltage regulator (VREG_AND_CHIP_RESET's VREG register),
  // which rp2040js leaves out: kept here, so that a run tells the voltage
  // the firmware set beside the system clock it ran, and the fastest clock
  // it ran below 1.15 V (the RP2040 is specified to 133 MHz at its reset
  // voltage, 1.10 V, and to 200 MHz at 1.15 V: pico-sdk's
  // PICO_USE_FASTEST_SUPPORTED_CLOCK)
  _vreg() {
    const mcu = this.mcu;
    const chip = this;
    this.vregValue = 0xb1;      // its reset value: enabled, VSEL 1.10 V
    this.lowVoltsHz = mcu.clkSys;
    const vsel = () => (chip.vregValue >> 4) & 0xf;
    const update = mcu.updateClkSys.bind(mcu);
    mcu.updateClkSys = () => {
      update();
      if (vsel() < 0xc && mcu.clkSys > chip.lowVoltsHz) chip.lowVoltsHz = mcu.clkSys;
    };
    const key = (0x40064000 >>> 14) << 2;
    const base = mcu.peripherals[key];
    const reg = Object.create(base);
    reg.readUint32 = (offset) => (offset === 0 ? chip.vregValue : base.readUint32(offset));
    reg.writeUint32 = (offset, value) => {
      if (offset === 0) chip.vregValue = value & 0xff;
      else base.writeUint32(offset, value);
    };
    reg.writeUint32Atomic = (offset, value, kind) => {
      const old = reg.readUint32(offset);
      reg.writeUint32(offset, kind === 1 ? old ^ value : kind === 2 ? old | value : kind === 3 ? old & ~value : value);
    };
    mcu.peripherals[key] = reg;
  }

  // the core's voltage as VSEL sets it, in mV (0b0110 and below: 0.85 V)
  get coreMillivolts() {
    const v = (this.vregValue >> 4) & 0xf;
    return v < 6 ? 850 : 800 + 50 * (v - 5);
  }

  _pioRunning() {
    return !this.pios[0].stopped || !this.pios[1].stopped;
  }

  // `cycles` cycles of the PIO blocks, the clock moved on by each.  A
  // state machine runs an instruction when it falls due: rp2040js counts
  // an instruction's delay cycles but runs the next one at once, and has
  // no clock divider, so here each takes its cycles (1 + delay) times the
  // divider (CLKDIV) of the system clock, as on the chip (a NeoPixel's
  // pulses are timed by them)
  _stepPios(cycles, ns) {
    const clock = this.clock;
    for (let c = 0; c < cycles; c++) {
      const now = ++this.pioCycle;
      for (const pio of this.pios) {
        if (pio.stopped) continue;
        for (const m of pio.machines) {
          if (!m.enabled || (m.due || 0) > now) continue;
          const before = m.cycles;
          m.step();
          const div = (m.clockDivInt || 65536) + m.clockDivFrac / 256;
          m.due = now + Math.max(1, m.cycles - before) * div;
        }
        pio.checkChangedPins();
      }
      const next = clock.nextAlarm;
      if (next !== null && next.nanos <= clock.nanosCounter + ns) clock.tick(ns);
      else clock.nanosCounter += ns;
    }
  }

  // A bus transfer (I2C, SPI, DMA) takes the time the bus needs (the parts
  // complete each byte on an alarm), and the firmware waits for it in a loop
  // reading a status register.  Emulating each turn of that loop is most of
  // the cost of sending a frame, and changes nothing: when the same load
  // reads the same value from a bus block's register again, a few
  // instructions after the last time, the clock skips to the next alarm
  // (the next change anything can make), counted as busy time, and the
  // loop goes on from there.  Interrupts still come at their time: the skip
  // never passes an alarm.
  _watchSpins() {
    const mcu = this.mcu;
    const core = mcu.core;
    const read = mcu.readUint32.bind(mcu);
    let pc = -1;
    let addr = -1;
    let value = -1;
    let at = 0;
    const sramView = mcu.sramView;
    const sramEnd = 0x20000000 + mcu.sram.length - 3;
    // RAM first: rp2040js looks a write's address up among the peripherals
    // (a lookup in a sparse table) before it tries RAM, where most go
    const write = mcu.writeUint32.bind(mcu);
    mcu.writeUint32 = (address, value) => {
      const a = address >>> 0;
      if (a >= 0x20000000 && a < sramEnd) sramView.setUint32(a - 0x20000000, value, true);
      else write(a, value);
    };
    this.instructions = 0;
    this.spin = false;
    this.spinTo = Infinity;     // a spin's end, where it is known (a wait for the timer)
    mcu.readUint32 = (address) => {
      const a = address >>> 0;
      if (a >= 0x20000000 && a < sramEnd && (a & 3) === 0) return sramView.getUint32(a - 0x20000000, true);
      const v = read(a);
      if ((a >= 0x4003c000 && a < 0x4004c000) || (a >= 0x50000000 && a < 0x50001000)) {
        if (core.PC === pc && a === addr && v === value && this.instructions - at < 64) {
          this.spin = true;
          this.spinTo = Infinity;
        }
        pc = core.PC;
        addr = a;
        value = v;
        at = this.instructions;
      } else if (a === TIMERAWL && timerWaits) {
        this._timerWait(v);
      }
      return v;
    };
  }

  // A busy wait for the timer (the pico-sdk's busy_wait_us: CircuitPython
  // spins a second in one at every start, for its safe mode's reset), one
  // of two loops, each of which changes nothing but its flags and Rt:
  //   L: LDR Rt, [Rn, #0x28]; CMP Rt, Rm; BCC L
  //   L: LDR Rt, [Rn, #0x24]; CMP Rt, Rh; BNE out; LDR Rt, [Rn, #0x28]; CMP Rt, Rm; BCC L
  // (Rn the timer's block, 0x24 and 0x28 its raw high and low words) loop
  // while the low word is below Rm (the high word cannot change meanwhile).
  // The clock skips to a microsecond before the timer reaches Rm, counted
  // as busy time, and the loop goes on from there: it ends as it would
  // have, within one of its turns (an alarm before still comes at its
  // time: the skip never passes one).
  _timerWait(v) {
    const mcu = this.mcu;
    const core = mcu.core;
    const after = core.PC;      // the instruction after the load
    const load = mcu.readUint16(after - 2);
    const rt = load & 7;
    const rn = (load >> 3) & 7;
    if (load !== (0x6800 | (10 << 6) | (rn << 3) | rt) || rn === rt) return;   // LDR Rt, [Rn, #0x28]
    const cmp = mcu.readUint16(after);
    const rm = (cmp >> 3) & 7;
    if (cmp !== (0x4280 | (rm << 3) | rt) || rm === rt || rm === rn) return;     // CMP Rt, Rm
    const branch = mcu.readUint16(after + 2);
    if (branch !== 0xd3fc) {                                                    // BCC to the load
      if (branch !== 0xd3f9) return;                                            // BCC three back
      const high = mcu.readUint16(after - 8);
      const cmpHigh = mcu.readUint16(after - 6);
      const rh = (cmpHigh >> 3) & 7;
      if (high !== (0x6800 | (9 << 6) | (rn << 3) | rt) ||                    // LDR Rt, [Rn, #0x24]
          cmpHigh !== (0x4280 | (rh << 3) | rt) || rh === rt || rh === rn ||   // CMP Rt, Rh
          mcu.readUint16(after - 4) >> 8 !== 0xd1) return;                      // BNE
    }
    const target = core.registers[rm] >>> 0;
    if (v >= target || target - v < 3) return;
    const micros = Math.floor(this.clock.nanos / 1000);
    this.spin = true;
    this.spinTo = (micros + (target - v) - 1) * 1000;
  }

  get nanos() {
    return this.clock.nanos;
  }

  _break(code) {
    const core = this.mcu.core;
    const i = code - 0xe0;
    if (i < 0 || i >= ROM_FUNCS.length) {
      this.halted = 'breakpoint ' + code;
      throw new Halt(this.halted);
    }
    const name = ROM_FUNCS[i];
    const r = core.registers;
    if (name === 'RE') this._erase(r[0] >>> 0, r[1] >>> 0);
    else if (name === 'RP') this._program(r[0] >>> 0, r[1] >>> 0, r[2] >>> 0);
    core.PC = (r[14] & ~1) >>> 0;   // return to the caller
  }

  _op(kind, offset, length) {
    const n = this.flashOps++;
    if (this.onFlashOp) this.onFlashOp(n, kind, offset, length);
    if (this.cut && this.cut.at === n) return this.cut.part;
    return 1;
  }

  _erase(offset, count) {
    const part = this._op('erase', offset, count);
    const n = Math.floor(count * part);
    if (n > 0) this.mcu.flash.fill(0xff, offset, offset + n);
    this.flashBytes.erase += count;
    if (this.flashLog) this.flashLog.push(['erase', offset, count]);
    if (part < 1) this._halt('cut');
    // the boot ROM erases a 64 KB block at once where one starts, else 4 KB sectors
    const t = this.flashTimes;
    let ns = 0;
    for (let at = offset, end = offset + count; at < end; ) {
      const big = at % BLOCK === 0 && end - at >= BLOCK;
      ns += big ? t.block : t.sector;
      at += big ? BLOCK : SECTOR;
    }
    this._wait(ns);
  }

  _program(offset, addr, count) {
    const part = this._op('program', offset, count);
    const sram = this.mcu.sram;
    const src = sram.slice(addr - 0x20000000, addr - 0x20000000 + count);
    const flash = this.mcu.flash;
    const n = Math.floor(count * part);
    for (let k = 0; k < n; k++) flash[offset + k] &= src[k];
    this.flashBytes.program += count;
    if (this.flashLog) this.flashLog.push(['program', offset, src]);
    if (part < 1) this._halt('cut');
    if (count > 0) this._wait((Math.floor((offset + count - 1) / PAGE) - Math.floor(offset / PAGE) + 1) * this.flashTimes.page);
  }

  // the flash busy for ns: the clock moves on, the alarms due meanwhile
  // going off at their time
  _wait(ns) {
    if (ns <= 0) return;
    this.flashNanos += ns;
    this.clock.tick(ns);
  }

  _halt(why) {
    this.halted = why;
    throw new Halt(why);
  }

  /** Cut the power at flash operation n, with `part` (0..1) of it done. */
  cutAt(n, part) {
    this.cut = { at: n, part: part || 0 };
  }

  /**
   * Run until the chip's clock reads `nanos` (idle time, WFI/WFE, is
   * skipped to the next alarm).  Returns false if the chip halted.
   */
  runUntil(nanos) {
    const core = this.mcu.core;
    const clock = this.clock;
    if (this.halted) return false;
    try {
      while (clock.nanos < nanos) {
        if (core.waiting && this._wfiReturns()) core.waiting = false;
        if (core.waiting && this._pioRunning()) {
          const ns = 1e9 / this.mcu.clkSys;
          this._stepPios(Math.max(1, Math.min(1024, Math.floor((nanos - clock.nanos) / ns))), ns);
        } else if (core.waiting) {
          const next = clock.nanosToNextAlarm;
          const left = nanos - clock.nanos;
          clock.tick(next > 0 && next < left ? next : left);
          this.spin = false;    // a read an alarm made (DMA) is no spin of the core's
        } else if (this._pioRunning()) {
          // instruction by instruction, the PIO blocks stepped through its cycles
          const ns = 1e9 / this.mcu.clkSys;
          const from = clock.nanosCounter;
          for (let i = 0; i < 256 && !core.waiting && clock.nanos < nanos; i++) {
            const cycles = core.executeInstruction();
            this.instructions++;
            this._stepPios(cycles, ns);
          }
          this.spin = false;
          this.busyNanos += clock.nanosCounter - from;
        } else {
          // a batch at a time; the clock is moved by hand unless an alarm
          // falls due (SimulationClock.tick's call costs a sixth of the time)
          const ns = 1e9 / this.mcu.clkSys;
          const from = clock.nanosCounter;
          for (let i = 0; i < 256 && !core.waiting; i++) {
            const dt = core.executeInstruction() * ns;
            this.instructions++;
            const next = clock.nextAlarm;
            if (next !== null && next.nanos <= clock.nanosCounter + dt) clock.tick(dt);
            else clock.nanosCounter += dt;
            if (this.spin) {
              // (not while an interrupt is pending: it is taken first)
              this.spin = false;
              const alarm = clock.nextAlarm;
              if (core.interruptsUpdated) {
                // taken at the next instruction
              } else if (this.spinTo === Infinity) {
                // a bus block's spin: to the next alarm
                if (alarm !== null && alarm.nanos > clock.nanosCounter) {
                  clock.tick(Math.min(alarm.nanos, nanos) - clock.nanosCounter);
                  break;
                }
              } else {
                // a wait for the timer: to its end, or an alarm before it
                const to = Math.min(this.spinTo, nanos, alarm !== null ? alarm.nanos : Infinity);
                if (to > clock.nanosCounter) {
                  clock.tick(to - clock.nanosCounter);
                  break;
                }
              }
            }
          }
          this.busyNanos += clock.nanosCounter - from;
        }
      }
    } catch (e) {
      if (e instanceof Halt) return false;
      throw e;
    }
    return true;
  }

  // A WFI made while an enabled interrupt is already pending returns at
  // once, on a Cortex-M0+ even with PRIMASK set (the interrupt is taken
  // once PRIMASK is cleared): the idiom "interrupts off, nothing to do?,
  // WFI, interrupts on" (CircuitPython's port_idle_until_interrupt) relies
  // on it.  rp2040js wakes a waiting core only when an interrupt becomes
  // pending, so an alarm that fell due between the check and the WFI left
  // the chip asleep for good.
  _wfiReturns() {
    const core = this.mcu.core;
    return (core.pendingInterrupts & core.enabledInterrupts) !== 0 &&
      this.mcu.readUint16(core.PC - 2) === 0xbf30;     // WFI, the instruction just run
  }

  /** The filesystem region of the flash (a copy): littlefs, or CircuitPython's FAT. */
  filesystem() {
    return this.mcu.flash.slice(this.fsOffset, this.fsOffset + this.fsSize);
  }

  setFilesystem(image) {
    if (image.length > this.fsSize) throw new Error('filesystem image too large: ' + image.length);
    this.mcu.flash.fill(0xff, this.fsOffset, this.fsOffset + this.fsSize);
    this.mcu.flash.set(image, this.fsOffset);
  }
}

module.exports = { Chip, Halt, FLASH_TIMES, FS_OFFSET, FS_BLOCKS, FS_BLOCK, FLASH_SIZE, FIRMWARES, loadUF2 };
