// The virtual Pico's USB serial on stdin and stdout, in real time: put it
// behind a pty with socat and any serial tool (mpremote, flash.sh, a
// terminal) talks to the board as to a Pico plugged in by USB.
//
//   socat PTY,link=out/vpico-tty,raw,echo=0 \
//       EXEC:"node vpico/tty.js --profile PROFILE.json --flash FLASH.bin",pty,raw,echo=0
//
// --profile: the board profile as JSON (host_sim/vpico.py writes it from
// boards/NAME.py); --flash: the 2 MB flash, read at the start if the file
// exists (else a new board with the firmware only) and written back when
// stdin closes or the process is told to stop (SIGTERM, SIGINT, SIGHUP).  The chip
// keeps to the wall clock (a board's timeouts stay as they are), up to 50 ms
// ahead so that it answers at once; when the emulator is slower, the
// board's clock simply lags.  The time the chip waits for its flash (an
// erase, a program: vpico/chip.js) is not waited out in wall time: the
// board's clock runs that much ahead of the wall clock from then on.
'use strict';
const fs = require('fs');
const { Board } = require('./board.js');
const { FLASH_SIZE } = require('./chip.js');

function arg(name) {
  const i = process.argv.indexOf('--' + name);
  return i > 0 ? process.argv[i + 1] : null;
}

const profile = JSON.parse(fs.readFileSync(arg('profile'), 'utf8'));
const flashFile = arg('flash');
let flash = null;
if (flashFile && fs.existsSync(flashFile)) flash = new Uint8Array(fs.readFileSync(flashFile));
const board = new Board(profile, flash, {});
const start = process.hrtime.bigint();
let done = false;

// written whole, then renamed in: a reader never sees half a flash
function save() {
  if (!flashFile) return;
  fs.writeFileSync(flashFile + '.tmp', board.chip.mcu.flash.subarray(0, FLASH_SIZE));
  fs.renameSync(flashFile + '.tmp', flashFile);
}

function stop() {
  if (done) return;
  done = true;
  if (process.env.VPICO_STATS) {
    const wall = Number(process.hrtime.bigint() - start) / 1e9;
    process.stderr.write(`vpico: wall ${wall.toFixed(1)} s, chip ${(board.nanos / 1e9).toFixed(1)} s, ` +
                         `busy ${(board.chip.busyNanos / 1e9).toFixed(1)} s, cpu ${(process.cpuUsage().user / 1e6).toFixed(1)} s, boots ${board.boots}\n`);
  }
  save();
  process.exit(0);
}

let timer = null;
process.stdin.on('data', (chunk) => {
  board.serial.write(chunk);
  grant = board.nanos + LEAD;
  if (timer) clearTimeout(timer);
  timer = null;
  setImmediate(tick);
});
process.stdin.on('end', stop);
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
process.on('SIGHUP', stop);     // socat closed the pty

// What the host sends lets the chip run LEAD ahead of its clock at once,
// whatever the wall clock says: the bytes are taken, and an answer goes out,
// as soon as the chip has made it (a serial exchange is not held to the wall
// clock's pace).
const LEAD = 50e6;
let grant = 0;

function tick() {
  if (done) return;
  timer = null;
  const target = Math.max(Number(process.hrtime.bigint() - start) + board.flashNanos, grant);
  const sliceEnd = Date.now() + 20;
  while (board.nanos < target && Date.now() < sliceEnd) {
    if (!board.runUntil(Math.min(target, board.nanos + 1e6))) {
      process.stderr.write('vpico: the chip stopped: ' + board.chip.halted + '\n');
      stop();
      return;
    }
    const out = board.readSerial();
    if (out.length) {
      // an answer went out: the lead is used up (the chip keeps to the wall
      // clock again until the host sends more), and the host's next bytes
      // are let in before the chip runs on; else every exchange would wait
      // while the emulator ran the idle chip to the end of its lead
      process.stdout.write(out);
      grant = board.nanos;
      break;
    }
  }
  if (board.nanos < target) setImmediate(tick);
  else timer = setTimeout(tick, 1);
}
tick();
