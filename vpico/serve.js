// The virtual Pico driven by another program: one JSON request a line on
// stdin, one JSON answer a line on stdout (host_sim/vpico.py is the client).
// Times are the chip's own clock, in ns (what time.ticks_us() reads); idle
// time (the chip waiting for an interrupt) costs no wall time.
//
// Requests ({"op": ..., ...}; every answer has "t", the clock, and "ok"):
//   power   profile, [flash FILE | fs FILE], [log], [firmware], [flash_times]   a new board:
//                                        the 2 MB flash from FILE, or the firmware with the
//                                        filesystem image FILE at its place (littlefs;
//                                        CircuitPython's: FAT); log: keep every flash erase and
//                                        program; firmware: micropython (the default) or
//                                        circuitpython; flash_times: typical (the default), max or
//                                        none: how long the flash takes to erase and program
//   run     ns | until                   run for ns, or until the clock reads `until`
//   press   button, at, hold             press at `at` (ns) for `hold` ns (scheduled)
//   button  button, down                 set a button now
//   settle  quiet, max, [busy]           run until no frame and no serial byte for `quiet` ns
//                                        (at most `max` ns), and the chip mostly idle unless
//                                        busy is false; answers frames and serial seen
//   write   data                         bytes to the USB serial (latin-1 string)
//   read                                 what the board sent on the USB serial since the last read
//   picture                              the panel as it shows now (base64; width, height, depth)
//   frames  [since]                      [[ns, bytes], ...] of the frames sent to the display
//   leds                                 the LEDs' colours now
//   cut     at, part                     the power fails at flash operation `at`, `part` of it done
//   save    file                         write the 2 MB flash to FILE
//   flashlog file                        write the erases and programs so far to FILE (see below)
//   stats                                clock, instructions executed, flash operations, bytes and time, bus bytes, boots; the system clock, the core voltage, the fastest clock run below 1.15 V
//   quit
//
// The flash log: one record per operation, a header of 12 bytes (kind 1
// erase / 2 program, offset, length; little-endian u32) then, for a
// program, its bytes.
'use strict';
const fs = require('fs');
const readline = require('readline');
const { Board } = require('./board.js');
const { FLASH_SIZE, FS_OFFSET } = require('./chip.js');

let board = null;

function need() {
  if (!board) throw new Error('no board: send power first');
  return board;
}

function flashFrom(req) {
  if (req.flash) {
    const f = fs.readFileSync(req.flash);
    if (f.length !== FLASH_SIZE) throw new Error('a flash file is 2 MB, not ' + f.length);
    return new Uint8Array(f);
  }
  return null;
}

// Run until the board has settled: for `quiet` ns no frame was sent, no
// serial byte came and the chip was busy less than a quarter of the time
// (a firmware that polls its buttons is never quite idle).  busyToo false:
// the frames and serial alone (CircuitPython's background work and the
// buttons' poll keep its chip about a fifth busy between presses, too near
// the quarter to tell).
function settle(b, quiet, max, busyToo) {
  const end = b.nanos + max;
  const frames0 = b.frames.length;
  const serial0 = b.serialOut.length;
  const step = 2e6;
  let since = b.nanos;          // the quiet stretch began
  let busy0 = b.chip.busyNanos;
  let boots = b.boots;
  let settled = false;
  while (b.nanos < end) {
    const f = b.frames.length;
    const s = b.serialOut.length;
    if (!b.runUntil(Math.min(end, b.nanos + step))) break;
    if (b.frames.length !== f || b.serialOut.length !== s || b.boots !== boots) {
      since = b.nanos;
      busy0 = b.chip.busyNanos;
      boots = b.boots;
      continue;
    }
    const span = b.nanos - since;
    if (span >= quiet) {
      if (!busyToo || (b.chip.busyNanos - busy0) * 4 < span) {
        settled = true;
        break;
      }
      // busy: start the stretch again from here
      since = b.nanos;
      busy0 = b.chip.busyNanos;
    }
  }
  return { frames: b.frames.slice(frames0), serial: b.serialOut.length - serial0, settled, halted: b.chip.halted };
}

const OPS = {
  power(req) {
    board = new Board(req.profile, flashFrom(req), { logFlash: !!req.log, firmware: req.firmware, flashTimes: req.flash_times });
    if (req.fs) board.chip.setFilesystem(new Uint8Array(fs.readFileSync(req.fs)));
    return {};
  },
  run(req) {
    const b = need();
    const until = req.until != null ? req.until : b.nanos + req.ns;
    return { running: b.runUntil(until), halted: b.chip.halted };
  },
  press(req) {
    const b = need();
    if (!(req.button in b.profile.buttons)) throw new Error('no button ' + req.button);
    const at = req.at != null ? req.at : b.nanos;
    const chip = b.chip;
    const down = chip.clock.createAlarm(() => b.button(req.button, true));
    const up = chip.clock.createAlarm(() => b.button(req.button, false));
    down.schedule(Math.max(0, at - b.nanos));
    up.schedule(Math.max(0, at + req.hold - b.nanos));
    return { down: at, up: at + req.hold };
  },
  button(req) {
    need().button(req.button, !!req.down);
    return {};
  },
  settle(req) {
    const b = need();
    return settle(b, req.quiet || 50e6, req.max || 10e9, req.busy !== false);
  },
  write(req) {
    need().serial.write(Buffer.from(req.data, 'latin1'));
    return {};
  },
  read() {
    return { data: need().readSerial().toString('latin1') };
  },
  picture() {
    const b = need();
    const d = b.display;
    const pic = d.picture();
    const colour = pic.length > d.width * d.height || b.profile.display.driver === 'st7789';
    const w = colour ? 240 : d.width;
    const h = colour ? 135 : d.height;
    return { width: w, height: h, depth: colour ? 24 : 1, data: Buffer.from(pic).toString('base64'),
             errors: d.errors, hz: d.hz || null };
  },
  frames(req) {
    const b = need();
    return { frames: b.frames.slice(req.since || 0), count: b.frames.length };
  },
  leds() {
    const b = need();
    return { leds: b.leds ? b.leds.read() : [] };
  },
  cut(req) {
    need().chip.cutAt(req.at, req.part || 0);
    return {};
  },
  save(req) {
    fs.writeFileSync(req.file, need().chip.mcu.flash.subarray(0, FLASH_SIZE));
    return {};
  },
  flashlog(req) {
    const log = need().chip.flashLog || [];
    const parts = [];
    for (const [kind, offset, what] of log) {
      const head = Buffer.alloc(12);
      head.writeUInt32LE(kind === 'erase' ? 1 : 2, 0);
      head.writeUInt32LE(offset, 4);
      head.writeUInt32LE(kind === 'erase' ? what : what.length, 8);
      parts.push(head);
      if (kind !== 'erase') parts.push(Buffer.from(what));
    }
    fs.writeFileSync(req.file, Buffer.concat(parts));
    return { count: log.length };
  },
  stats() {
    const b = need();
    const c = b.chip;
    return { busy: c.busyNanos, instructions: c.instructions, flash_ops: c.flashOps, erased: c.flashBytes.erase, programmed: c.flashBytes.program,
             flash_ns: c.flashNanos,
             bus_bytes: b.display.busBytes, boots: b.boots, halted: c.halted, fs_offset: c.fsOffset,
             sys_hz: c.mcu.clkSys, core_mv: c.coreMillivolts, low_volts_hz: c.lowVoltsHz };
  },
  quit() {
    process.exit(0);
  },
};

const rl = readline.createInterface({ input: process.stdin, terminal: false });
rl.on('line', (line) => {
  if (!line.trim()) return;
  let answer;
  try {
    const req = JSON.parse(line);
    const op = OPS[req.op];
    if (!op) throw new Error('unknown op ' + req.op);
    answer = op(req);
    answer.ok = true;
  } catch (e) {
    answer = { ok: false, error: String(e && e.stack ? e.stack : e) };
  }
  answer.t = board ? board.nanos : 0;
  process.stdout.write(JSON.stringify(answer) + '\n');
});
rl.on('close', () => process.exit(0));
