// A Pico board around the chip, built from a board profile (the DISPLAY,
// BUTTONS and PIXELS of boards/NAME.py, handed over as JSON): its display
// at its bus, its buttons as GPIO levels, its LEDs read back as colours,
// its USB serial.  A reset by the firmware (machine.reset: the watchdog)
// powers the chip up again on the same flash; power() pulls the plug.
'use strict';
const { Chip } = require('./chip.js');
const { Serial } = require('./serial.js');
const { SSD1306, I2CProbeAck } = require('./ssd1306.js');
const { ST7789 } = require('./st7789.js');
const { NeoPixels, RgbLed } = require('./leds.js');

class Board {
  /**
   * profile: {display: {...}, buttons: {name: gpio}, pixels: {...}}
   * flash: the 2 MB flash (Uint8Array) or null for a new board
   * options: {logFlash: keep every erase and program, firmware:
   * 'micropython' (the default) or 'circuitpython', flashTimes: the
   * flash's erase and program times, typical, max or none (chip.js)}
   */
  constructor(profile, flash, options) {
    this.profile = profile;
    this.options = options || {};
    this.down = {};               // buttons held
    this.serialOut = [];          // bytes the board sent, not yet read
    this.frames = [];             // [nanos, bytes] of every frame sent to the display
    this.boots = 0;
    this.before = 0;              // the chip time of earlier boots (resets)
    this.flashBefore = 0;         // the time they waited for the flash
    this.instructions = 0;
    this._power(flash);
  }

  _power(flash) {
    const chip = (this.chip = new Chip(flash, this.options.firmware, this.options.flashTimes));
    this.boots++;
    if (this.options.logFlash) chip.flashLog = [];
    const p = this.profile;
    const d = p.display;
    if (d.driver === 'ssd1306') {
      this.display = new SSD1306(chip, d.i2c, d.addr, d.width, d.height);
      // the module's pull-up resistors on SDA and SCL (CircuitPython's
      // busio.I2C looks for them before it takes the bus)
      if (d.sda != null && d.scl != null) {
        chip.mcu.gpio[d.sda].setInputValue(true);
        chip.mcu.gpio[d.scl].setInputValue(true);
        this.probe = new I2CProbeAck(chip, d.sda, d.scl, d.addr);
      }
    } else if (d.driver === 'st7789') {
      this.display = new ST7789(chip, d.spi, { dc: d.dc, cs: d.cs, backlight: d.backlight, rst: d.rst });
    } else throw new Error('no model of display ' + d.driver);
    this.display.onFrame = (t, n) => this.frames.push([this.before + t, n]);
    const px = p.pixels || {};
    if (px.rgb_led) this.leds = new RgbLed(chip, px.rgb_led, px.active_low !== false);
    else if (px.pin != null) this.leds = new NeoPixels(chip, px.pin, px.count);
    else this.leds = null;
    for (const name of Object.keys(p.buttons)) {
      chip.mcu.gpio[p.buttons[name]].setInputValue(!this.down[name]);
    }
    // the flash's chip select, pulled up on the board: BOOTSEL not pressed
    // (CircuitPython reads the button there at every start); its pad's
    // input is enabled at reset on the chip (rp2040js starts it disabled)
    chip.mcu.qspi[1].padValue |= 0x40;
    chip.mcu.qspi[1].setInputValue(true);
    this.serial = new Serial(chip.mcu);
    this.serial.onData = (buf) => {
      for (const b of buf) this.serialOut.push(b);
    };
    const watchdog = chip.mcu.peripherals[0x40058];
    watchdog.onWatchdogTrigger = () => {
      this.resetting = true;
      chip._halt('reset');
    };
    this.resetting = false;
  }

  /** The chip's clock in ns, counted over resets. */
  get nanos() {
    return this.before + this.chip.nanos;
  }

  /** The time the chip waited for its flash in ns, counted over resets. */
  get flashNanos() {
    return this.flashBefore + this.chip.flashNanos;
  }

  /** Run until the board's clock reads `nanos`; a reset by the firmware
   * starts the chip again on its flash.  False if the chip stopped. */
  runUntil(nanos) {
    for (;;) {
      const ok = this.chip.runUntil(nanos - this.before);
      if (ok) return true;
      if (!this.resetting) return false;
      const flash = this.chip.mcu.flash;
      const log = this.chip.flashLog;
      const ops = this.chip.flashOps;
      this.before += this.chip.nanos;
      this.flashBefore += this.chip.flashNanos;
      this._power(flash);
      this.chip.flashOps = ops;
      if (log) this.chip.flashLog = log;
    }
  }

  button(name, pressed) {
    if (!(name in this.profile.buttons)) throw new Error('no button ' + name);
    this.down[name] = pressed;
    // wired to GND with the pull-up inside: pressed reads low
    this.chip.mcu.gpio[this.profile.buttons[name]].setInputValue(!pressed);
  }

  readSerial() {
    const out = Buffer.from(this.serialOut);
    this.serialOut = [];
    return out;
  }
}

module.exports = { Board };
