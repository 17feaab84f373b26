// An ST7789 240x320 TFT controller on an RP2040 SPI bus, with a 240x135
// IPS glass (the Pimoroni Pico Display Pack's and the TTGO T-Display's),
// modelled from the datasheet (Sitronix ST7789V 1.6): a byte is a command
// when DC is low and a parameter or pixel data when it is high, counted
// only while CS is low (or always, where CS is not wired); the 240x320
// frame memory of RGB565 pixels; CASET/RASET windows; RAMWR; MADCTL's
// MY, MX, MV (the address order) and RGB/BGR bits; COLMOD (16 bits a pixel:
// other formats are reported, not drawn); sleep, display on/off, inversion.
//
// Address mapping (datasheet 8.12): the column and row counters run over
// the CASET and RASET windows; MX mirrors the column counter and MY the row
// counter over their whole range (240 and 320, or 320 and 240 with MV); MV
// then exchanges them, so that the column counter addresses memory rows.
//
// The glass: an IPS panel shows a pixel's colour inverted unless INVON is
// set; it covers memory columns 53..187 and rows 40..279, turned a quarter
// so that a picture drawn with MADCTL MX|MV (0x60, 0x70) at CASET 40..279,
// RASET 53..187, as Pimoroni's and TFT_eSPI's drivers draw them, stands
// upright: the viewer's x runs down the memory rows from 279, y along the
// memory columns from 53.
//
// The bus is timed: each byte takes 8 SCK periods at the rate the firmware
// set in the SPI block's registers (and the peripheral clock it divides);
// a rate over the panel's is an error.
'use strict';

// the serial clock's fastest rate (the datasheet's serial write cycle: 16 ns)
const MAX_SCK = 62.5e6;

const GLASS = { col0: 53, cols: 135, row0: 40, rows: 240 };

class ST7789 {
  constructor(chip, bus, pins) {
    this.chip = chip;
    this.spi = chip.mcu.spi[bus];
    this.gpio = chip.mcu.gpio;
    this.pins = pins;            // {dc, cs, backlight, rst}
    this.mem = new Uint16Array(240 * 320);
    this.reset();
    this.busBytes = 0;
    this.frames = [];            // [nanos at the last byte, pixel bytes] per RAMWR ended
    this.onFrame = null;
    this.errors = [];
    const spi = this.spi;
    this.hz = 0;                 // the fastest SCK the firmware drove
    spi.onTransmit = (value) => {
      this._byte(value & 0xff);
      const hz = spi.clockFrequency || 62.5e6;
      if (hz > this.hz) {
        this.hz = hz;
        if (hz > MAX_SCK) this.errors.push('SCK at ' + hz / 1e6 + ' MHz: the ST7789 takes 62.5 MHz at most');
      }
      const alarm = chip.clock.createAlarm(() => spi.completeTransmit(0));
      alarm.schedule(Math.round((spi.dataBits * 1e9) / hz));
    };
    if (pins.cs != null) {
      // CS high pauses a RAMWR (more data may follow with CS low again):
      // the pixels sent so far are a frame seen
      this.gpio[pins.cs].addListener((state) => {
        if (state === 1) this._flush();
      });
    }
  }

  reset() {
    this.sleeping = true;
    this.on = false;
    this.invert = false;
    this.madctl = 0;
    this.colmod = 0x66;
    this.xs = 0;
    this.xe = 239;
    this.ys = 0;
    this.ye = 319;
    this.op = null;
    this.params = [];
    this.writing = false;
    this.x = 0;
    this.y = 0;
    this.hi = null;
    this.pixelBytes = 0;
  }

  _level(pin) {
    return pin == null ? null : this.gpio[pin].outputValue ? 1 : 0;
  }

  _byte(v) {
    if (this.pins.cs != null && this._level(this.pins.cs) === 1) return;   // not selected
    this.busBytes++;
    if (this._level(this.pins.dc) === 0) this._command(v);
    else this._param(v);
  }

  _command(v) {
    this._endWrite();
    this.op = v;
    this.params = [];
    if (v === 0x01) this.reset();
    else if (v === 0x10) this.sleeping = true;
    else if (v === 0x11) this.sleeping = false;
    else if (v === 0x20) this.invert = false;
    else if (v === 0x21) this.invert = true;
    else if (v === 0x28) this.on = false;
    else if (v === 0x29) this.on = true;
    else if (v === 0x2c) {
      this.writing = true;
      this.x = this.xs;
      this.y = this.ys;
      this.hi = null;
    }
  }

  _param(v) {
    const op = this.op;
    if (op === 0x2c || op === 0x3c) {
      this._pixel(v);
      return;
    }
    const p = this.params;
    p.push(v);
    if (op === 0x2a && p.length === 4) {
      this.xs = (p[0] << 8) | p[1];
      this.xe = (p[2] << 8) | p[3];
    } else if (op === 0x2b && p.length === 4) {
      this.ys = (p[0] << 8) | p[1];
      this.ye = (p[2] << 8) | p[3];
    } else if (op === 0x36 && p.length === 1) this.madctl = v;
    else if (op === 0x3a && p.length === 1) {
      this.colmod = v;
      if ((v & 7) !== 5) this.errors.push('COLMOD 0x' + v.toString(16) + ': only 16 bits a pixel is drawn');
    }
  }

  _pixel(v) {
    if (!this.writing) return;
    this.pixelBytes++;
    if (this.hi === null) {
      this.hi = v;
      return;
    }
    const c = (this.hi << 8) | v;
    this.hi = null;
    const m = this.madctl;
    const mv = !!(m & 0x20);
    const cols = mv ? 320 : 240;
    const rows = mv ? 240 : 320;
    let cx = this.x;
    let ry = this.y;
    if (cx < cols && ry < rows) {
      if (m & 0x40) cx = cols - 1 - cx;      // MX
      if (m & 0x80) ry = rows - 1 - ry;      // MY
      const memCol = mv ? ry : cx;
      const memRow = mv ? cx : ry;
      this.mem[memRow * 240 + memCol] = c;
    }
    // the counters: column first, then row, within the window
    if (this.x >= this.xe) {
      this.x = this.xs;
      this.y = this.y >= this.ye ? this.ys : this.y + 1;
    } else this.x++;
  }

  _flush() {
    if (this.pixelBytes) {
      const t = this.chip.nanos;
      this.frames.push([t, this.pixelBytes]);
      if (this.onFrame) this.onFrame(t, this.pixelBytes);
    }
    this.pixelBytes = 0;
  }

  // any command ends a RAMWR
  _endWrite() {
    this._flush();
    this.writing = false;
  }

  /** What the glass shows: 240x135 RGB (3 bytes a pixel, row-major). */
  picture() {
    const w = GLASS.rows;
    const h = GLASS.cols;
    const out = new Uint8Array(w * h * 3);
    const lit = this.on && !this.sleeping && (this.pins.backlight == null || this._level(this.pins.backlight) === 1);
    if (!lit) return out;
    const bgr = !!(this.madctl & 0x08);
    for (let y = 0; y < h; y++) {
      const col = GLASS.col0 + y;
      for (let x = 0; x < w; x++) {
        const row = GLASS.row0 + GLASS.rows - 1 - x;
        let c = this.mem[row * 240 + col];
        if (!this.invert) c ^= 0xffff;     // IPS: inverted unless INVON
        let r = (c >> 11) & 0x1f;
        const g = (c >> 5) & 0x3f;
        let b = c & 0x1f;
        if (bgr) [r, b] = [b, r];
        const i = (y * w + x) * 3;
        out[i] = (r << 3) | (r >> 2);
        out[i + 1] = (g << 2) | (g >> 4);
        out[i + 2] = (b << 3) | (b >> 2);
      }
    }
    return out;
  }
}

module.exports = { ST7789, GLASS };
