// The Pico's USB serial (the MicroPython REPL) seen from the host: rp2040js's
// CDC host, with the bytes to send kept here until the board asks for them.
// rp2040js answers a read with whatever its FIFO holds, even nothing, and
// the firmware asks again at once: a board waiting for a key never slept.
// Here a read the host cannot fill waits until the host has bytes.
'use strict';
const { USBCDC } = require('rp2040js');

class Serial {
  constructor(mcu) {
    this.usb = mcu.usbCtrl;
    const cdc = (this.cdc = new USBCDC(this.usb));
    this.pending = [];       // bytes the host sent, not yet taken by the board
    this.want = null;        // a read of the board's not yet answered: [endpoint, size]
    this.connected = false;
    this.onData = null;      // (Uint8Array) what the board sent
    cdc.onDeviceConnected = () => {
      this.connected = true;
      this._feed();
    };
    cdc.onSerialData = (buf) => {
      if (this.onData) this.onData(buf);
    };
    this.usb.onEndpointRead = (endpoint, size) => {
      if (endpoint !== cdc.outEndpoint) return;
      this.want = [endpoint, size];
      this._feed();
    };
  }

  write(bytes) {
    for (const b of bytes) this.pending.push(b);
    this._feed();
  }

  _feed() {
    if (!this.want || !this.pending.length) return;
    const [endpoint, size] = this.want;
    this.want = null;
    const n = Math.min(size, this.pending.length);
    const buf = Uint8Array.from(this.pending.splice(0, n));
    this.usb.endpointReadDone(endpoint, buf);
  }
}

module.exports = { Serial };
