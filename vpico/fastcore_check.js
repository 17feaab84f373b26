// vpico/fastcore.js against rp2040js: every opcode the table decodes (and,
// for BL, every second half), run from random registers, flags and memory
// on a core of each, must leave the same registers, flags, cycles and
// returned count, and make the same memory reads and writes in the same
// order.  A second pass gives the table the memories to use in place (a
// window of RAM, of flash and of boot ROM, rp2040js's core reading and
// writing the same bytes through the bus, as rp2040js's RP2040 and
// vpico/chip.js's own read and write of a word do), the registers, SP and
// PC in and around those windows: the three memories must end the same too.  Prints one JSON line: {opcodes, runs, memory_runs, kinds,
// differences: [...]}.
//
//   node vpico/fastcore_check.js [RUNS_AN_OPCODE] [SEED]
'use strict';
const { RP2040 } = require('rp2040js');
// rp2040js's core, as an RP2040 makes it (its package exports the RP2040 alone)
const CortexM0Core = new RP2040().core.constructor;
const fastcore = require('./fastcore.js');

const runs = Number(process.argv[2] || 6);
let seed = Number(process.argv[3] || 1) >>> 0;
function rand32() {          // xorshift32
  seed ^= seed << 13;
  seed >>>= 0;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  seed >>>= 0;
  return seed;
}

// A bus that answers each read from the address and a per-run salt, and
// records every access; the fetch of the instruction is answered from
// `code` (the opcode and, for a 32-bit one, its second half).
function bus(code, salt) {
  const log = [];
  const word = (a) => (Math.imul((a >>> 0) ^ salt, 0x9e3779b1) ^ (a >>> 3)) >>> 0;
  return {
    log,
    logger: { debug() {}, info() {}, warn() {}, error() {} },
    onBreak() { log.push('break'); },
    readUint32(a) { log.push('r32', a >>> 0); return word(a); },
    readUint16(a) {
      a >>>= 0;
      if (a in code) return code[a];
      log.push('r16', a);
      return word(a) & 0xffff;
    },
    readUint8(a) { log.push('r8', a >>> 0); return word(a) & 0xff; },
    writeUint32(a, v) { log.push('w32', a >>> 0, v >>> 0); },
    writeUint16(a, v) { log.push('w16', a >>> 0, v & 0xffff); },
    writeUint8(a, v) { log.push('w8', a >>> 0, v & 0xff); },
  };
}

function state(core) {
  return [Array.from(core.registers), core.N, core.Z, core.C, core.V, core.cycles, core.waiting,
    core.SPSEL, core.currentMode, core.IPSR, core.pendingSVCall, core.interruptsUpdated, core.bankedSP];
}

function setUp(core, regs, flags) {
  core.registers.set(regs);
  core.N = !!(flags & 1);
  core.Z = !!(flags & 2);
  core.C = !!(flags & 4);
  core.V = !!(flags & 8);
  core.cycles = 0;
}

const differences = [];
const kinds = new Set();
let opcodes = 0;
let total = 0;
for (let op = 0; op < 65536; op++) {
  const kind = fastcore.KIND[op];
  if (!kind) continue;
  opcodes++;
  kinds.add(kind);
  const seconds = kind === fastcore.K.BL ? runs * 4 : runs;
  for (let r = 0; r < seconds; r++) {
    const regs = new Uint32Array(16);
    for (let i = 0; i < 16; i++) regs[i] = rand32();
    // a PC in the flash or the RAM, halfword-aligned; SP word-aligned; now
    // and then small values, where shifts and compares have their edges
    regs[15] = (rand32() & 1 ? 0x10000000 : 0x20000000) + (rand32() & 0xfffe);
    regs[13] = (r % 4 === 3 ? 0x40040000 : 0x20040000) - (rand32() & 0xfffc);   // now and then on the bus blocks
    if (r % 3 === 1) for (let i = 0; i < 8; i++) regs[i] = rand32() & 0x3f;
    if (r % 3 === 2) for (let i = 0; i < 8; i++) regs[i] = [0, 1, 31, 32, 33, 0x7fffffff, 0x80000000, 0xffffffff][rand32() & 7];
    const flags = rand32() & 15;
    const salt = rand32();
    const pc = regs[15];
    const code = { [pc]: op, [pc + 2]: kind === fastcore.K.BL ? rand32() & 0xffff : 0xbf00 };
    if (kind === fastcore.K.BL && r % 2 === 0) code[pc + 2] |= 0xd000;   // a BL's second half, half the time
    const results = [];
    for (const fast of [false, true]) {
      const b = bus(code, salt);
      const core = new CortexM0Core(b);
      if (fast) fastcore.install(core);
      setUp(core, regs, flags);
      // (a BX or POP to 0xFFFFFFxx, among the edge values, takes
      // rp2040js's exception return, which both decodings call)
      const n = core.executeInstruction();
      results.push(JSON.stringify([n, state(core), b.log]));
    }
    total++;
    if (results[0] !== results[1] && differences.length < 20) {
      differences.push({ opcode: op.toString(16), second: code[pc + 2].toString(16), rp2040js: results[0], table: results[1] });
    }
  }
}
// ------------------------------------------------------------ the memories in place

const SRAM = 0x20000000;
const FLASH = 0x10000000;
const WINDOW = 0x4000;

// The bus of an RP2040 whose RAM and flash are the windows (and its boot
// ROM `rom`), each access as rp2040js's RP2040 (and vpico/chip.js's own
// read and write of a word) makes it: the memories answered in place,
// every other access recorded.
function memoryBus(mem, salt) {
  const log = [];
  const word = (a) => (Math.imul((a >>> 0) ^ salt, 0x9e3779b1) ^ (a >>> 3)) >>> 0;
  const sv = new DataView(mem.sram.buffer);
  const fv = new DataView(mem.flash.buffer);
  const b = {
    log,
    logger: { debug() {}, info() {}, warn() {}, error() {} },
    onBreak() { log.push('break'); },
    readUint32(a) {
      a >>>= 0;
      if (a >= SRAM && a + 3 < SRAM + WINDOW) return sv.getUint32(a - SRAM, true);
      if (a < mem.bootrom.length * 4) return mem.bootrom[a / 4];
      if (a >= FLASH && a + 3 < FLASH + WINDOW) return fv.getUint32(a - FLASH, true);
      log.push('r32', a);
      return word(a);
    },
    readUint16(a) {
      if (a >= FLASH && a + 1 < FLASH + WINDOW) return fv.getUint16(a - FLASH, true);
      if (a >= SRAM && a + 1 < SRAM + WINDOW) return sv.getUint16(a - SRAM, true);
      const v = b.readUint32(a & 0xfffffffc);
      return a & 0x2 ? (v & 0xffff0000) >>> 16 : v & 0xffff;
    },
    readUint8(a) {
      if (a >= FLASH && a < FLASH + WINDOW) return mem.flash[a - FLASH];
      if (a >= SRAM && a < SRAM + WINDOW) return mem.sram[a - SRAM];
      const v = b.readUint16(a & 0xfffffffe);
      return (a & 0x1 ? (v & 0xff00) >>> 8 : v & 0xff) >>> 0;
    },
    writeUint32(a, v) {
      a >>>= 0;
      if (a >= SRAM && a < SRAM + WINDOW - 3) sv.setUint32(a - SRAM, v, true);
      else if (a < mem.bootrom.length * 4) mem.bootrom[a / 4] = v;
      else if (a >= FLASH && a + 3 < FLASH + WINDOW) fv.setUint32(a - FLASH, v, true);
      else log.push('w32', a, v >>> 0);
    },
    // a halfword or a byte outside the RAM: the word read, changed and
    // written back, as rp2040js does it
    writeUint16(a, v) {
      if (a >= SRAM && a + 1 < SRAM + WINDOW) sv.setUint16(a - SRAM, v, true);
      else if (within(a)) part(a & 0xfffffffc, (a & 3) * 8, 0xffff, v);
      else log.push('w16', a >>> 0, v & 0xffff);
    },
    writeUint8(a, v) {
      if (a >= SRAM && a < SRAM + WINDOW) mem.sram[a - SRAM] = v;
      else if (within(a)) part(a & 0xfffffffc, (a & 3) * 8, 0xff, v);
      else log.push('w8', a >>> 0, v & 0xff);
    },
  };
  const within = (a) => (a >>> 0) < mem.bootrom.length * 4 || (a >= FLASH && a < FLASH + WINDOW);
  const part = (a, shift, mask, v) => {
    const word = b.readUint32(a);
    b.writeUint32(a, ((word & ~(mask << shift)) | ((v & mask) << shift)) >>> 0);
  };
  return b;
}

const reference = { sram: new Uint8Array(WINDOW), flash: new Uint8Array(WINDOW), bootrom: new Uint32Array(WINDOW / 16) };
for (const m of Object.values(reference)) {
  const bytes = new Uint8Array(m.buffer);
  for (let i = 0; i < bytes.length; i++) bytes[i] = rand32() & 0xff;
}
const memories = [0, 1].map(() => ({
  sram: new Uint8Array(WINDOW), flash: new Uint8Array(WINDOW), bootrom: new Uint32Array(WINDOW / 16),
}));
// an address in or about a window: inside, across its ends, or near 2^32
function near() {
  const base = [SRAM, FLASH, 0, SRAM + WINDOW, FLASH + WINDOW, WINDOW / 4, 0xfffffff0][rand32() % 7];
  return (base + (rand32() % 0x200) - 0x100) >>> 0;
}
let memoryRuns = 0;
for (let op = 0; op < 65536; op++) {
  const kind = fastcore.KIND[op];
  if (!kind) continue;
  for (let r = 0; r < Math.max(1, runs >> 1); r++) {
    const regs = new Uint32Array(16);
    for (let i = 0; i < 16; i++) regs[i] = rand32();
    for (let i = 0; i < 8; i++) {
      if (rand32() & 3) regs[i] = r & 1 ? near() : (SRAM + (rand32() % WINDOW)) >>> 0;
      else if (rand32() & 1) regs[i] = rand32() & 0x3ff;
    }
    // the PC in the RAM, the flash or the boot ROM (an even address, room
    // for two halfwords); SP within the RAM or now and then across its end
    const at = rand32() % 3;
    regs[15] = ([SRAM, FLASH, 0][at] + ((rand32() % (at === 2 ? WINDOW / 4 - 4 : WINDOW - 4)) & ~1)) >>> 0;
    regs[13] = r % 4 === 3 ? (SRAM + WINDOW - (rand32() & 0x7c)) >>> 0 : (SRAM + ((rand32() % (WINDOW - 0x100)) & ~3) + 0x80) >>> 0;
    const flags = rand32() & 15;
    const salt = rand32();
    const pc = regs[15];
    let second = kind === fastcore.K.BL ? rand32() & 0xffff : 0xbf00;
    if (kind === fastcore.K.BL && r % 2 === 0) second |= 0xd000;
    const results = [];
    for (const fast of [false, true]) {
      const mem = memories[fast ? 1 : 0];
      mem.sram.set(reference.sram);
      mem.flash.set(reference.flash);
      mem.bootrom.set(reference.bootrom);
      const place = (a, v) => {
        if (a >= SRAM) new DataView(mem.sram.buffer).setUint16(a - SRAM, v, true);
        else if (a >= FLASH) new DataView(mem.flash.buffer).setUint16(a - FLASH, v, true);
        else new DataView(mem.bootrom.buffer).setUint16(a, v, true);
      };
      place(pc, op);
      place(pc + 2, second);
      const b = memoryBus(mem, salt);
      const core = new CortexM0Core(b);
      if (fast) fastcore.install(core, mem);
      setUp(core, regs, flags);
      const n = core.executeInstruction();
      results.push(JSON.stringify([n, state(core), b.log]));
    }
    memoryRuns++;
    const same = results[0] === results[1] &&
      ['sram', 'flash', 'bootrom'].every((k) => Buffer.compare(Buffer.from(memories[0][k].buffer),
                                                               Buffer.from(memories[1][k].buffer)) === 0);
    if (!same && differences.length < 20) {
      differences.push({ memory: true, opcode: op.toString(16), second: second.toString(16), rp2040js: results[0], table: results[1] });
    }
  }
}
console.log(JSON.stringify({ opcodes, runs: total, memory_runs: memoryRuns, kinds: kinds.size, differences }));
process.exit(differences.length ? 1 : 0);
