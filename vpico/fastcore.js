// The Cortex-M0+ core of rp2040js, its most run instructions decoded by a
// table.
//
// rp2040js (1.4.1) decodes each instruction by testing its encodings one
// after the other, in alphabetical order (CortexM0Core.executeInstruction,
// about 80 tests): a conditional branch, the firmware's most frequent
// instruction, passes 11 tests first, a STR by SP 62.  Over a session of
// the official MicroPython firmware an instruction waited on 28 tests, and
// executeInstruction was 60% of the emulator's profile.  Here each 16-bit opcode's
// kind is looked up once in a table and the instructions that make up
// nearly all of the firmware's run (BENCHMARKS.md, *The virtual Pico's own
// speed*) are done by a switch on it; every other opcode, a 32-bit one
// other than BL, and an instruction taken while an interrupt is due go to
// rp2040js's own executeInstruction, unchanged.
//
// Each case is rp2040js's code for that encoding (MIT, its licence in
// vpico/firmware/LICENSE-rp2040js), in the same order of reads, writes and
// flag updates, so the cycles counted, the memory reads and writes (the bus
// models see the same accesses) and the registers are the same:
// tests/test_vpico_core.py runs both on every opcode the table takes,
// from random registers, flags and memory, and compares them.
//
// Given the chip's memories (install's `mem`), the fetch and the loads and
// stores of the table's instructions read and write the RAM, the flash
// and the boot ROM in place, where rp2040js would pass through three calls
// and a chain of address tests to the same bytes: only an aligned access
// within the memory takes this way (an access rp2040js's RP2040 answers
// from the memory alone, no bus model seeing it); any other goes through
// the core's own read and write, as before.
'use strict';

// the encodings done here, by number (the switch's cases are these
// numbers written out: a switch on literals is a jump table);
// KIND[opcode] is the first that matches in rp2040js's own order (ORDER
// below, each test as rp2040js writes it), or 0: rp2040js's code
const K = {
  ADCS: 1, ADD_RD_SP: 2, ADD_SP: 3, ADDS_T1: 4, ADDS_T2: 5, ADDS_REG: 6, ANDS: 7, ASRS_REG: 8,
  BCOND: 9, B: 10, BL: 11, BX: 12, CMP_IMM: 13, CMP_REG: 14, CMP_T2: 15, EORS: 16, LDMIA: 17,
  LDR_IMM: 18, LDR_SP: 19, LDR_LIT: 20, LDR_REG: 21, LDRB_IMM: 22, LDRB_REG: 23, LDRH_IMM: 24,
  LSLS_IMM: 25, LSRS_IMM: 26, MOV: 27, MOVS: 28, MULS: 29, ORRS: 30, POP: 31, PUSH: 32, NEGS: 33,
  STMIA: 34, STR_IMM: 35, STR_SP: 36, STRB_IMM: 37, STRB_REG: 38, SUB_SP: 39, SUBS_T1: 40,
  SUBS_T2: 41, SUBS_REG: 42, TST: 43, UXTB: 44,
};

// rp2040js's chain of tests, in its order, on the first 16 bits alone (a
// test that also needs the second half of a 32-bit instruction is taken as
// matching on the first: the kind is then decided when it runs); null: an
// encoding left to rp2040js
const ORDER = [
  [K.ADCS, (o) => o >> 6 === 0b0100000101],
  [K.ADD_RD_SP, (o) => o >> 11 === 0b10101],
  [K.ADD_SP, (o) => o >> 7 === 0b101100000],
  [K.ADDS_T1, (o) => o >> 9 === 0b0001110],
  [K.ADDS_T2, (o) => o >> 11 === 0b00110],
  [K.ADDS_REG, (o) => o >> 9 === 0b0001100],
  [null, (o) => o >> 8 === 0b01000100],                    // ADD (register)
  [null, (o) => o >> 11 === 0b10100],                      // ADR
  [K.ANDS, (o) => o >> 6 === 0b0100000000],
  [null, (o) => o >> 11 === 0b00010],                      // ASRS (immediate)
  [K.ASRS_REG, (o) => o >> 6 === 0b0100000100],
  [K.BCOND, (o) => o >> 12 === 0b1101 && ((o >> 9) & 0x7) !== 0b111],
  [K.B, (o) => o >> 11 === 0b11100],
  [null, (o) => o >> 6 === 0b0100001110],                  // BICS
  [null, (o) => o >> 8 === 0b10111110],                    // BKPT
  [K.BL, (o) => o >> 11 === 0b11110],                      // BL (if the second half is)
  [null, (o) => o >> 7 === 0b010001111 && (o & 0x7) === 0],  // BLX
  [K.BX, (o) => o >> 7 === 0b010001110 && (o & 0x7) === 0],
  [null, (o) => o >> 6 === 0b0100001011],                  // CMN
  [K.CMP_IMM, (o) => o >> 11 === 0b00101],
  [K.CMP_REG, (o) => o >> 6 === 0b0100001010],
  [K.CMP_T2, (o) => o >> 8 === 0b01000101],
  [null, (o) => o === 0xb672 || o === 0xb662],             // CPSID, CPSIE
  [null, (o) => o === 0xf3bf],                             // DMB, DSB (32-bit)
  [K.EORS, (o) => o >> 6 === 0b0100000001],
  [K.LDMIA, (o) => o >> 11 === 0b11001],
  [K.LDR_IMM, (o) => o >> 11 === 0b01101],
  [K.LDR_SP, (o) => o >> 11 === 0b10011],
  [K.LDR_LIT, (o) => o >> 11 === 0b01001],
  [K.LDR_REG, (o) => o >> 9 === 0b0101100],
  [K.LDRB_IMM, (o) => o >> 11 === 0b01111],
  [K.LDRB_REG, (o) => o >> 9 === 0b0101110],
  [K.LDRH_IMM, (o) => o >> 11 === 0b10001],
  [null, (o) => o >> 9 === 0b0101101],                     // LDRH (register)
  [null, (o) => o >> 9 === 0b0101011],                     // LDRSB
  [null, (o) => o >> 9 === 0b0101111],                     // LDRSH
  [K.LSLS_IMM, (o) => o >> 11 === 0b00000],
  [null, (o) => o >> 6 === 0b0100000010],                  // LSLS (register)
  [K.LSRS_IMM, (o) => o >> 11 === 0b00001],
  [null, (o) => o >> 6 === 0b0100000011],                  // LSRS (register)
  [K.MOV, (o) => o >> 8 === 0b01000110],
  [K.MOVS, (o) => o >> 11 === 0b00100],
  [null, (o) => o === 0b1111001111101111 || o >> 4 === 0b111100111000],  // MRS, MSR (32-bit)
  [K.MULS, (o) => o >> 6 === 0b0100001101],
  [null, (o) => o >> 6 === 0b0100001111],                  // MVNS
  [K.ORRS, (o) => o >> 6 === 0b0100001100],
  [K.POP, (o) => o >> 9 === 0b1011110],
  [K.PUSH, (o) => o >> 9 === 0b1011010],
  [null, (o) => o >> 6 === 0b1011101000 || o >> 6 === 0b1011101001 || o >> 6 === 0b1011101011],  // REV*
  [null, (o) => o >> 6 === 0b0100000111],                  // ROR
  [K.NEGS, (o) => o >> 6 === 0b0100001001],
  [null, (o) => o === 0b1011111100000000],                 // NOP
  [null, (o) => o >> 6 === 0b0100000110],                  // SBCS
  [null, (o) => o === 0b1011111101000000],                 // SEV
  [K.STMIA, (o) => o >> 11 === 0b11000],
  [K.STR_IMM, (o) => o >> 11 === 0b01100],
  [K.STR_SP, (o) => o >> 11 === 0b10010],
  [null, (o) => o >> 9 === 0b0101000],                     // STR (register)
  [K.STRB_IMM, (o) => o >> 11 === 0b01110],
  [K.STRB_REG, (o) => o >> 9 === 0b0101010],
  [null, (o) => o >> 11 === 0b10000],                      // STRH (immediate)
  [null, (o) => o >> 9 === 0b0101001],                     // STRH (register)
  [K.SUB_SP, (o) => o >> 7 === 0b101100001],
  [K.SUBS_T1, (o) => o >> 9 === 0b0001111],
  [K.SUBS_T2, (o) => o >> 11 === 0b00111],
  [K.SUBS_REG, (o) => o >> 9 === 0b0001101],
  [null, (o) => o >> 8 === 0b11011111],                    // SVC
  [null, (o) => o >> 6 === 0b1011001001 || o >> 6 === 0b1011001000],  // SXTB, SXTH
  [K.TST, (o) => o >> 6 == 0b0100001000],
  [null, (o) => o >> 8 == 0b11011110],                     // UDF
  [null, (o) => o >> 4 === 0b111101111111],                // UDF T2 (32-bit)
  [K.UXTB, (o) => o >> 6 == 0b1011001011],
];

const KIND = new Uint8Array(65536);
for (let o = 0; o < 65536; o++) {
  for (const [kind, test] of ORDER) {
    if (test(o)) {
      KIND[o] = kind || 0;
      break;
    }
  }
}

const SRAM = 0x20000000;
const FLASH = 0x10000000;

/**
 * Make `core` (an rp2040js CortexM0Core) decode by the table; with `mem`
 * ({sram, flash: Uint8Array, bootrom: Uint32Array}, an RP2040's own), its
 * aligned accesses to them made in place.
 */
function install(core, mem) {
  const slow = core.executeInstruction;
  const regs = core.registers;
  if (mem && new Uint8Array(new Uint16Array([1]).buffer)[0] !== 1) mem = null;   // the views are little-endian
  const none = new Uint8Array(0);
  const sram = mem ? mem.sram : none;
  const flash = mem ? mem.flash : none;
  const rom = mem ? new Uint8Array(mem.bootrom.buffer, mem.bootrom.byteOffset, mem.bootrom.byteLength) : none;
  const view = (a, T) => new T(a.buffer, a.byteOffset, a.length / T.BYTES_PER_ELEMENT | 0);
  const sram16 = view(sram, Uint16Array);
  const sram32 = view(sram, Uint32Array);
  const flash16 = view(flash, Uint16Array);
  const flash32 = view(flash, Uint32Array);
  const rom16 = view(rom, Uint16Array);
  const rom32 = view(rom, Uint32Array);
  const SRAM_LEN = sram.length;
  const FLASH_LEN = flash.length;
  const ROM_LEN = rom.length;

  // a halfword at an even address: the fetch, LDRH (rp2040js's readUint16)
  const read16 = (addr) => {
    let o = addr - SRAM;
    if (o >= 0 && o < SRAM_LEN) return sram16[o >> 1];
    o = addr - FLASH;
    if (o >= 0 && o < FLASH_LEN) return flash16[o >> 1];
    if (addr >= 0 && addr < ROM_LEN) return rom16[addr >> 1];
    return core.readUint16(addr);
  };
  const fetch = (addr) => (addr & 1 ? core.readUint16(addr) : read16(addr));
  // a word (the chip's readUint32 takes the address modulo 2^32)
  const read32 = (addr) => {
    const a = addr >>> 0;
    if ((a & 3) === 0) {
      let o = a - SRAM;
      if (o >= 0 && o < SRAM_LEN) return sram32[o >> 2];
      o = a - FLASH;
      if (o >= 0 && o < FLASH_LEN) return flash32[o >> 2];
      if (a < ROM_LEN) return rom32[a >> 2];
    }
    return core.readUint32(addr);
  };
  const write32 = (addr, value) => {
    const a = addr >>> 0;
    const o = a - SRAM;
    if ((a & 3) === 0 && o >= 0 && o < SRAM_LEN) sram32[o >> 2] = value;
    else core.writeUint32(addr, value);
  };
  // a byte: rp2040js's readUint8 and writeUint8 do not take the address modulo 2^32
  const read8 = (addr) => {
    let o = addr - SRAM;
    if (o >= 0 && o < SRAM_LEN) return sram[o];
    o = addr - FLASH;
    if (o >= 0 && o < FLASH_LEN) return flash[o];
    return core.readUint8(addr);
  };
  const write8 = (addr, value) => {
    const o = addr - SRAM;
    if (o >= 0 && o < SRAM_LEN) sram[o] = value;
    else core.writeUint8(addr, value);
  };
  // rp2040js's cyclesIO: a single cycle below the peripherals
  const io = (addr) => (addr >>> 0 < 0x40000000 ? 1 : core.cyclesIO(addr));
  const ioWrite = (addr) => (addr >>> 0 < 0x40000000 ? 1 : core.cyclesIO(addr, true));

  core.executeInstruction = function () {
    if (this.interruptsUpdated) return slow.call(this);
    const opcodePC = regs[15] & ~1;
    const opcode = fetch(opcodePC);
    const kind = KIND[opcode];
    if (kind === 0) return slow.call(this);
    regs[15] += 2;
    let deltaCycles = 1;
    switch (kind) {
      case 1: { // ADCS
        regs[opcode & 7] = this.addUpdateFlags(regs[(opcode >> 3) & 7], regs[opcode & 7] + (this.C ? 1 : 0));
        break;
      }
      case 2: // ADD_RD_SP
        regs[(opcode >> 8) & 7] = this.SP + ((opcode & 0xff) << 2);
        break;
      case 3: // ADD_SP
        this.SP += (opcode & 0x7f) << 2;
        break;
      case 4: // ADDS_T1
        regs[opcode & 7] = this.addUpdateFlags(regs[(opcode >> 3) & 7], (opcode >> 6) & 7);
        break;
      case 5: { // ADDS_T2
        const Rdn = (opcode >> 8) & 7;
        regs[Rdn] = this.addUpdateFlags(regs[Rdn], opcode & 0xff);
        break;
      }
      case 6: // ADDS_REG
        regs[opcode & 7] = this.addUpdateFlags(regs[(opcode >> 3) & 7], regs[(opcode >> 6) & 7]);
        break;
      case 7: { // ANDS
        const Rdn = opcode & 7;
        const result = regs[Rdn] & regs[(opcode >> 3) & 7];
        regs[Rdn] = result;
        this.N = !!(result & 0x80000000);
        this.Z = (result & 0xffffffff) === 0;
        break;
      }
      case 8: { // ASRS_REG
        const Rm = (opcode >> 3) & 7;
        const Rdn = opcode & 7;
        const input = regs[Rdn];
        const shiftN = (regs[Rm] & 0xff) < 32 ? regs[Rm] & 0xff : 32;
        const result = shiftN < 32 ? input >> shiftN : (input & 0x80000000) >> 31;
        regs[Rdn] = result;
        this.N = !!(result & 0x80000000);
        this.Z = (result & 0xffffffff) === 0;
        this.C = input & (1 << (shiftN - 1)) ? true : false;
        break;
      }
      case 9: { // BCOND
        let imm8 = (opcode & 0xff) << 1;
        if (imm8 & (1 << 8)) imm8 = (imm8 & 0x1ff) - 0x200;
        if (this.checkCondition((opcode >> 8) & 0xf)) {
          regs[15] += imm8 + 2;
          deltaCycles++;
        }
        break;
      }
      case 10: { // B
        let imm11 = (opcode & 0x7ff) << 1;
        if (imm11 & (1 << 11)) imm11 = (imm11 & 0x7ff) - 0x800;
        regs[15] += imm11 + 2;
        deltaCycles++;
        break;
      }
      case 11: { // BL
        const opcode2 = fetch(opcodePC + 2);
        if (!(opcode2 >> 14 === 0b11 && ((opcode2 >> 12) & 0x1) == 1)) {
          regs[15] -= 2;      // not a BL: rp2040js's, from the start
          return slow.call(this);
        }
        const imm11 = opcode2 & 0x7ff;
        const J2 = (opcode2 >> 11) & 0x1;
        const J1 = (opcode2 >> 13) & 0x1;
        const imm10 = opcode & 0x3ff;
        const S = (opcode >> 10) & 0x1;
        const I1 = 1 - (S ^ J1);
        const I2 = 1 - (S ^ J2);
        const imm32 = ((S ? 0b11111111 : 0) << 24) | ((I1 << 23) | (I2 << 22) | (imm10 << 12) | (imm11 << 1));
        this.LR = (regs[15] + 2) | 0x1;
        regs[15] += 2 + imm32;
        deltaCycles += 2;
        this.blTaken(this, false);
        break;
      }
      case 12: // BX
        this.BXWritePC(regs[(opcode >> 3) & 0xf]);
        deltaCycles++;
        break;
      case 13: // CMP_IMM
        this.substractUpdateFlags(regs[(opcode >> 8) & 7], opcode & 0xff);
        break;
      case 14: // CMP_REG
        this.substractUpdateFlags(regs[opcode & 7], regs[(opcode >> 3) & 7]);
        break;
      case 15: // CMP_T2
        this.substractUpdateFlags(regs[((opcode >> 4) & 0x8) | (opcode & 0x7)], regs[(opcode >> 3) & 0xf]);
        break;
      case 16: { // EORS
        const Rdn = opcode & 7;
        const result = regs[(opcode >> 3) & 7] ^ regs[Rdn];
        regs[Rdn] = result;
        this.N = !!(result & 0x80000000);
        this.Z = result === 0;
        break;
      }
      case 17: { // LDMIA
        const Rn = (opcode >> 8) & 7;
        const registers = opcode & 0xff;
        let address = regs[Rn];
        for (let i = 0; i < 8; i++) {
          if (registers & (1 << i)) {
            regs[i] = read32(address);
            address += 4;
            deltaCycles++;
          }
        }
        if (!(registers & (1 << Rn))) regs[Rn] = address;
        break;
      }
      case 18: { // LDR_IMM
        const addr = regs[(opcode >> 3) & 7] + (((opcode >> 6) & 0x1f) << 2);
        deltaCycles += io(addr);
        regs[opcode & 7] = read32(addr);
        break;
      }
      case 19: { // LDR_SP
        const addr = this.SP + ((opcode & 0xff) << 2);
        deltaCycles += io(addr);
        regs[(opcode >> 8) & 7] = read32(addr);
        break;
      }
      case 20: { // LDR_LIT
        const addr = ((regs[15] + 2) & 0xfffffffc) + ((opcode & 0xff) << 2);
        deltaCycles += io(addr);
        regs[(opcode >> 8) & 7] = read32(addr);
        break;
      }
      case 21: { // LDR_REG
        const addr = regs[(opcode >> 6) & 7] + regs[(opcode >> 3) & 7];
        deltaCycles += io(addr);
        regs[opcode & 7] = read32(addr);
        break;
      }
      case 22: { // LDRB_IMM
        const addr = regs[(opcode >> 3) & 7] + ((opcode >> 6) & 0x1f);
        deltaCycles += io(addr);
        regs[opcode & 7] = read8(addr);
        break;
      }
      case 23: { // LDRB_REG
        const addr = regs[(opcode >> 6) & 7] + regs[(opcode >> 3) & 7];
        deltaCycles += io(addr);
        regs[opcode & 7] = read8(addr);
        break;
      }
      case 24: { // LDRH_IMM
        const addr = regs[(opcode >> 3) & 7] + (((opcode >> 6) & 0x1f) << 1);
        deltaCycles += io(addr);
        regs[opcode & 7] = (addr & 1 ? this.readUint16(addr) : read16(addr));
        break;
      }
      case 25: { // LSLS_IMM
        const imm5 = (opcode >> 6) & 0x1f;
        const input = regs[(opcode >> 3) & 7];
        const result = input << imm5;
        regs[opcode & 7] = result;
        this.N = !!(result & 0x80000000);
        this.Z = result === 0;
        this.C = imm5 ? !!(input & (1 << (32 - imm5))) : this.C;
        break;
      }
      case 26: { // LSRS_IMM
        const imm5 = (opcode >> 6) & 0x1f;
        const input = regs[(opcode >> 3) & 7];
        const result = imm5 ? input >>> imm5 : 0;
        regs[opcode & 7] = result;
        this.N = !!(result & 0x80000000);
        this.Z = result === 0;
        this.C = !!((input >>> (imm5 ? imm5 - 1 : 31)) & 0x1);
        break;
      }
      case 27: { // MOV
        const Rm = (opcode >> 3) & 0xf;
        const Rd = ((opcode >> 4) & 0x8) | (opcode & 0x7);
        let value = Rm === 15 ? regs[15] + 2 : regs[Rm];
        if (Rd === 15) {
          deltaCycles++;
          value &= ~1;
        } else if (Rd === 13) {
          value &= ~3;
        }
        regs[Rd] = value;
        break;
      }
      case 28: { // MOVS
        const value = opcode & 0xff;
        regs[(opcode >> 8) & 7] = value;
        this.N = false;
        this.Z = value === 0;
        break;
      }
      case 29: { // MULS
        const Rdm = opcode & 7;
        const result = Math.imul(regs[(opcode >> 3) & 7], regs[Rdm]);
        regs[Rdm] = result;
        this.N = !!(result & 0x80000000);
        this.Z = (result & 0xffffffff) === 0;
        break;
      }
      case 30: { // ORRS
        const Rdn = opcode & 7;
        const result = regs[Rdn] | regs[(opcode >> 3) & 7];
        regs[Rdn] = result;
        this.N = !!(result & 0x80000000);
        this.Z = (result & 0xffffffff) === 0;
        break;
      }
      case 31: { // POP
        let address = regs[13];
        for (let i = 0; i <= 7; i++) {
          if (opcode & (1 << i)) {
            regs[i] = read32(address);
            address += 4;
            deltaCycles++;
          }
        }
        if ((opcode >> 8) & 1) {
          this.SP = address + 4;
          this.BXWritePC(read32(address));
          deltaCycles += 2;
        } else {
          this.SP = address;
        }
        break;
      }
      case 32: { // PUSH
        let bitCount = 0;
        for (let i = 0; i <= 8; i++) {
          if (opcode & (1 << i)) bitCount++;
        }
        let address = regs[13] - 4 * bitCount;
        for (let i = 0; i <= 7; i++) {
          if (opcode & (1 << i)) {
            write32(address, regs[i]);
            deltaCycles++;
            address += 4;
          }
        }
        if (opcode & (1 << 8)) write32(address, regs[14]);
        this.SP -= 4 * bitCount;
        break;
      }
      case 33: // NEGS
        regs[opcode & 7] = this.substractUpdateFlags(0, regs[(opcode >> 3) & 7]);
        break;
      case 34: { // STMIA
        const Rn = (opcode >> 8) & 7;
        const registers = opcode & 0xff;
        let address = regs[Rn];
        for (let i = 0; i < 8; i++) {
          if (registers & (1 << i)) {
            write32(address, regs[i]);
            address += 4;
            deltaCycles++;
          }
        }
        if (!(registers & (1 << Rn))) regs[Rn] = address;
        break;
      }
      case 35: { // STR_IMM
        const address = regs[(opcode >> 3) & 7] + (((opcode >> 6) & 0x1f) << 2);
        deltaCycles += ioWrite(address);
        write32(address, regs[opcode & 7]);
        break;
      }
      case 36: { // STR_SP
        const address = regs[13] + ((opcode & 0xff) << 2);
        deltaCycles += ioWrite(address);
        write32(address, regs[(opcode >> 8) & 7]);
        break;
      }
      case 37: { // STRB_IMM
        const address = regs[(opcode >> 3) & 7] + ((opcode >> 6) & 0x1f);
        deltaCycles += ioWrite(address);
        write8(address, regs[opcode & 7]);
        break;
      }
      case 38: { // STRB_REG
        const address = regs[(opcode >> 6) & 7] + regs[(opcode >> 3) & 7];
        deltaCycles += ioWrite(address);
        write8(address, regs[opcode & 7]);
        break;
      }
      case 39: // SUB_SP
        this.SP -= (opcode & 0x7f) << 2;
        break;
      case 40: // SUBS_T1
        regs[opcode & 7] = this.substractUpdateFlags(regs[(opcode >> 3) & 7], (opcode >> 6) & 7);
        break;
      case 41: { // SUBS_T2
        const Rdn = (opcode >> 8) & 7;
        regs[Rdn] = this.substractUpdateFlags(regs[Rdn], opcode & 0xff);
        break;
      }
      case 42: // SUBS_REG
        regs[opcode & 7] = this.substractUpdateFlags(regs[(opcode >> 3) & 7], regs[(opcode >> 6) & 7]);
        break;
      case 43: { // TST
        const result = regs[opcode & 7] & regs[(opcode >> 3) & 7];
        this.N = !!(result & 0x80000000);
        this.Z = result === 0;
        break;
      }
      case 44: // UXTB
        regs[opcode & 7] = regs[(opcode >> 3) & 7] & 0xff;
        break;
      default:
        regs[15] -= 2;
        return slow.call(this);
    }
    this.cycles += deltaCycles;
    return deltaCycles;
  };
  return core;
}

module.exports = { install, KIND, K };
