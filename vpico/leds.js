// The LEDs of the virtual Pico, read back as colours.
//
// WS2812B NeoPixels on a GPIO: the chip sends the bits as pulses on the
// pin (MicroPython's neopixel module times them with machine.bitstream);
// here every change of the pin is timed on the chip's clock and decoded as
// the strip's first LED would: a high pulse longer than 0.6 us is a 1
// (datasheet: T0H 0.4 us, T1H 0.8 us), 24 bits an LED in G, R, B order, each
// LED keeping its 24 bits and passing the rest on; a low of 50 us or more
// latches what was sent.
//
// An RGB LED on three PWM outputs (the Pico Display Pack's, common anode:
// lit while its pin is low): the brightness of each colour is the share of
// the PWM period its pin is low, from the PWM slice's counter top and
// compare level as the firmware set them.
'use strict';

const ONE_NS = 600;
const LATCH_NS = 50000;

class NeoPixels {
  constructor(chip, pin, count) {
    this.chip = chip;
    this.count = count;
    this.colours = [];
    for (let i = 0; i < count; i++) this.colours.push([0, 0, 0]);
    this.bits = [];
    this.rose = null;
    this.fell = null;
    this.writes = 0;
    this.history = [];            // [nanos, colours] per latch
    chip.mcu.gpio[pin].addListener((state) => {
      const t = chip.nanos;
      if (state === 1) {
        if (this.fell !== null && t - this.fell >= LATCH_NS) this._latch();
        this.rose = t;
      } else if (state === 0 && this.rose !== null) {
        this.bits.push(t - this.rose > ONE_NS ? 1 : 0);
        this.rose = null;
        this.fell = t;
      }
    });
  }

  // the pin has been low long enough: what was sent is shown
  _latch() {
    const bits = this.bits;
    this.bits = [];
    if (bits.length < 24) return;
    for (let i = 0; i < this.count && (i + 1) * 24 <= bits.length; i++) {
      const v = [0, 0, 0];
      for (let k = 0; k < 24; k++) v[k >> 3] = (v[k >> 3] << 1) | bits[i * 24 + k];
      this.colours[i] = [v[1], v[0], v[2]];       // sent G, R, B
    }
    this.writes++;
    this.history.push([this.chip.nanos, this.colours.map((c) => c.slice())]);
    if (this.history.length > 256) this.history.shift();
  }

  /** The colours shown now, [r, g, b] per LED. */
  read() {
    if (this.bits.length && this.fell !== null && this.chip.nanos - this.fell >= LATCH_NS) this._latch();
    return this.colours.map((c) => c.slice());
  }
}

class RgbLed {
  constructor(chip, pins, activeLow) {
    this.chip = chip;
    this.pins = pins;
    this.activeLow = activeLow;
  }

  _level(pin) {
    const mcu = this.chip.mcu;
    const gpio = mcu.gpio[pin];
    const fn = gpio.ctrl & 0x1f;
    if (fn !== 4) {
      // not on the PWM: a plain output (or nothing driving it)
      const high = gpio.outputEnable ? !!gpio.outputValue : true;
      return high ? 1 : 0;
    }
    const ch = mcu.pwm.channels[(pin >> 1) & 7];
    if (!(ch.csr & 1)) return 0;            // slice off: the output stays low
    const level = pin & 1 ? ch.cc >>> 16 : ch.cc & 0xffff;
    return Math.min(1, level / (ch.top + 1));
  }

  /** The colour shown, [[r, g, b]]. */
  read() {
    const rgb = this.pins.map((p) => {
      const high = this._level(p);
      const lit = this.activeLow ? 1 - high : high;
      return Math.round(255 * lit);
    });
    return [rgb];
  }
}

module.exports = { NeoPixels, RgbLed };
