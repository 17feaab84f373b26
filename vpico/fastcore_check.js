// vpico/fastcore.js against rp2040js: every opcode the table decodes (and,
// for BL, every second half), run from random registers, flags and memory
// on a core of each, must leave the same registers, flags, cycles and
// returned count, and make the same memory reads and writes in the same
// order.  Prints one JSON line: {opcodes, runs, kinds, differences: [...]}.
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
console.log(JSON.stringify({ opcodes, runs: total, kinds: kinds.size, differences }));
process.exit(differences.length ? 1 : 0);
