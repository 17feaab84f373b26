// An SSD1306 128x64 OLED on an RP2040 I2C bus, modelled from its datasheet
// (Solomon Systech SSD1306 Rev 1.5): the I2C protocol (address, control
// byte with Co and D/C#), the 128x8-page display RAM with the three
// addressing modes, and the commands that change what the panel shows
// (display on/off, entire display on, inverse, start line, segment remap,
// COM scan direction, display offset, multiplex ratio, contrast).  The
// commands that only tune the analogue side (clock, pre-charge, VCOMH,
// charge pump, COM pins) are taken with their arguments and kept.
//
// The panel: a module as sold for the Pico (glass mounted so that segment
// remap 0xA1 and COM scan 0xC8, what every driver sends, show RAM column 0
// at the left and page 0 at the top).
//
// The bus is timed: each byte holds the bus for 9 SCL periods (8 bits and
// the ACK) at the SCL rate the firmware set in the I2C registers, start
// and stop one period each, so the firmware waits as long as on a board.
'use strict';

// commands followed by N argument bytes
const ARGS = {
  0x81: 1, 0x20: 1, 0x21: 2, 0x22: 2, 0xa8: 1, 0xd3: 1, 0xda: 1, 0xd5: 1, 0xd9: 1, 0xdb: 1, 0x8d: 1,
  0x26: 6, 0x27: 6, 0x29: 5, 0x2a: 5, 0xa3: 2, 0xad: 1,
};

class SSD1306 {
  constructor(chip, bus, addr, width, height) {
    this.chip = chip;
    this.i2c = chip.mcu.i2c[bus];
    this.addr = addr;
    this.width = width || 128;
    this.height = height || 64;
    this.pages = this.height >> 3;
    this.ram = new Uint8Array(128 * 8);
    // registers after reset (datasheet, section 10)
    this.on = false;
    this.entireOn = false;
    this.inverse = false;
    this.startLine = 0;
    this.segRemap = false;
    this.comReverse = false;
    this.offset = 0;
    this.mux = 64;
    this.contrast = 0x7f;
    this.mode = 2;                 // page addressing
    this.col = 0;
    this.page = 0;
    this.colStart = 0;
    this.colEnd = 127;
    this.pageStart = 0;
    this.pageEnd = 7;
    this.scrolling = false;
    this.settings = {};            // the analogue-side commands, as sent
    // the transaction
    this.selected = false;
    this.control = null;           // awaiting a control byte
    this.cmd = [];                 // a command being assembled
    this.dataBytes = 0;
    this.busBytes = 0;             // bytes on the bus, all transactions
    this.frames = [];              // [nanos at the last byte, bytes of data] per data transfer
    this.onFrame = null;
    this.errors = [];
    const i2c = this.i2c;
    const later = (fn) => this._after(1, fn);
    i2c.onStart = () => later(() => i2c.completeStart());
    i2c.onConnect = (address, mode) => {
      this.selected = address === this.addr && mode === 0;
      this.control = this.selected ? 'control' : null;
      this.dataBytes = 0;
      this._after(9, () => i2c.completeConnect(this.selected));
    };
    i2c.onWriteByte = (value) => {
      this.busBytes++;
      this._byte(value);
      this._after(9, () => i2c.completeWrite(true));
    };
    i2c.onReadByte = () => this._after(9, () => i2c.completeRead(0x43)); // status: display on/off bit
    i2c.onStop = () => {
      if (this.selected && this.dataBytes) {
        const t = this.chip.nanos;
        this.frames.push([t, this.dataBytes]);
        if (this.onFrame) this.onFrame(t, this.dataBytes);
      }
      this.selected = false;
      this.dataBytes = 0;
      later(() => i2c.completeStop());
    };
  }

  // the SCL period in ns, from the I2C block's registers and clk_sys
  _period() {
    const i2c = this.i2c;
    const cycles = i2c.sclHighPeriod + i2c.sclLowPeriod;
    return cycles > 0 ? (cycles * 1e9) / this.chip.mcu.clkSys : 2500;
  }

  _after(bits, fn) {
    const alarm = this.chip.clock.createAlarm(fn);
    alarm.schedule(Math.round(bits * this._period()));
  }

  _byte(v) {
    if (!this.selected) return;
    if (this.control === 'control') {
      // Co (bit 7): only this byte follows; D/C# (bit 6): data or command
      this.control = { co: !!(v & 0x80), data: !!(v & 0x40) };
      return;
    }
    const c = this.control;
    if (c.data) this._data(v);
    else this._command(v);
    if (c.co) this.control = 'control';
  }

  _command(v) {
    const cmd = this.cmd;
    cmd.push(v);
    const need = ARGS[cmd[0]] || 0;
    if (cmd.length <= need) return;
    this.cmd = [];
    const op = cmd[0];
    if (op === 0xae || op === 0xaf) this.on = op === 0xaf;
    else if (op === 0xa4 || op === 0xa5) this.entireOn = op === 0xa5;
    else if (op === 0xa6 || op === 0xa7) this.inverse = op === 0xa7;
    else if (op === 0x81) this.contrast = cmd[1];
    else if (op >= 0x40 && op <= 0x7f) this.startLine = op & 0x3f;
    else if (op === 0xa0 || op === 0xa1) this.segRemap = op === 0xa1;
    else if (op === 0xc0 || op === 0xc8) this.comReverse = op === 0xc8;
    else if (op === 0xd3) this.offset = cmd[1] & 0x3f;
    else if (op === 0xa8) this.mux = (cmd[1] & 0x3f) + 1;
    else if (op === 0x20) this.mode = cmd[1] & 3;
    else if (op === 0x21) {
      this.colStart = cmd[1] & 0x7f;
      this.colEnd = cmd[2] & 0x7f;
      this.col = this.colStart;
    } else if (op === 0x22) {
      this.pageStart = cmd[1] & 7;
      this.pageEnd = cmd[2] & 7;
      this.page = this.pageStart;
    } else if (op <= 0x0f) this.col = (this.col & 0xf0) | op;               // page mode: lower nibble
    else if (op <= 0x1f) this.col = (this.col & 0x0f) | ((op & 0x0f) << 4);  // page mode: upper nibble
    else if (op >= 0xb0 && op <= 0xb7) this.page = op & 7;
    else if (op === 0x2e) this.scrolling = false;
    else if (op === 0x2f) this.scrolling = true;
    else if (ARGS[op] !== undefined || op === 0xe3) this.settings[op.toString(16)] = cmd.slice(1);
    else this.errors.push('unknown command 0x' + op.toString(16));
  }

  _data(v) {
    this.dataBytes++;
    this.ram[this.page * 128 + this.col] = v;
    if (this.mode === 2) {
      // page addressing: the column wraps within the page
      this.col = this.col >= 127 ? 0 : this.col + 1;
      return;
    }
    if (this.mode === 0) {
      // horizontal: column, then page, within the window
      if (this.col >= this.colEnd) {
        this.col = this.colStart;
        this.page = this.page >= this.pageEnd ? this.pageStart : this.page + 1;
      } else this.col++;
    } else if (this.mode === 1) {
      // vertical: page, then column
      if (this.page >= this.pageEnd) {
        this.page = this.pageStart;
        this.col = this.col >= this.colEnd ? this.colStart : this.col + 1;
      } else this.page++;
    }
  }

  /** What the panel shows: width*height bytes, 1 lit, 0 dark (row-major). */
  picture() {
    const w = this.width;
    const h = this.height;
    const out = new Uint8Array(w * h);
    if (!this.on) return out;
    for (let y = 0; y < h; y++) {
      // screen row y is driven by COM (h-1-y) of the glass; with the scan
      // reversed (0xC8) COM c shows the (mux-1-c)-th row of the scan
      if (y >= this.mux) continue;
      const com = h - 1 - y;
      const k = this.comReverse ? this.mux - 1 - com : com;
      const row = (k + this.startLine + this.offset) & 63;
      for (let x = 0; x < w; x++) {
        // screen column x is segment (127 - x); with remap, SEG s shows RAM column 127 - s
        const seg = 127 - x;
        const col = this.segRemap ? 127 - seg : seg;
        let lit = (this.ram[(row >> 3) * 128 + col] >> (row & 7)) & 1;
        if (this.entireOn) lit = 1;
        else if (this.inverse) lit ^= 1;
        out[y * w + x] = lit;
      }
    }
    return out;
  }
}

// The same SSD1306 seen on its two wires when the chip drives them as
// plain GPIO: an I2C address probe (a start, the address byte, the ACK) is
// answered by pulling SDA low through the ninth clock when the address is
// the display's.  CircuitPython's busio.I2C probes a display's address
// that way (the RP2040's I2C block cannot send a write of no bytes); the
// transfers themselves go through the I2C block (the SSD1306 class).
class I2CProbeAck {
  constructor(chip, sda, scl, addr) {
    const gpio = chip.mcu.gpio;
    this.sda = gpio[sda];
    this.scl = gpio[scl];
    this.addr = addr;
    this.bits = -1;               // bits of the address byte seen since a start (-1: none)
    this.byte = 0;
    this.acking = false;
    this.lastSda = true;
    this.lastScl = true;
    this.probes = 0;              // probes answered
    const watch = () => this._edge();
    this.sda.addListener(watch);
    this.scl.addListener(watch);
  }

  // a line's level: driven low by the chip, or pulled up (low while the
  // display holds SDA for its ACK)
  _level(pin) {
    if (pin.functionSelect !== 5) return true;   // not SIO: the I2C block has the pins
    if (pin.outputEnable) return pin.outputValue;
    return pin.rawInputValue;
  }

  _edge() {
    const sda = this._level(this.sda);
    const scl = this._level(this.scl);
    if (scl && this.lastScl && this.lastSda && !sda) {
      this.bits = 0;              // a start: SDA falls while SCL is high
      this.byte = 0;
    } else if (scl && !this.lastScl && this.bits >= 0 && this.bits < 8) {
      this.byte = (this.byte << 1) | (sda ? 1 : 0);
      this.bits++;
    } else if (!scl && this.lastScl) {
      if (this.acking) {
        this.acking = false;      // the ninth clock is over: let SDA go
        this.bits = -1;
        this.sda.setInputValue(true);
      } else if (this.bits === 8) {
        this.bits = -1;
        if (this.byte >> 1 === this.addr) {
          this.acking = true;
          this.probes++;
          this.sda.setInputValue(false);
        }
      }
    }
    this.lastSda = this._level(this.sda);
    this.lastScl = scl;
  }
}

module.exports = { SSD1306, I2CProbeAck };
