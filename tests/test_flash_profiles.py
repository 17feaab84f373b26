"""The MicroPython board profiles flash.sh puts on a board, built by
firmware/main.py and firmware/hal/board.py on CPython with stand-ins for
machine, neopixel and micropython-lib's ssd1306: the display gets frames
in its own format, the buttons on the profile's pins give intents, the
LEDs light the players."""
import importlib.util
import json
import os
import sys
import types

import pytest

from test_micropython import ROOT

FAKES = os.path.join(ROOT, "host_sim", "fakes")
sys.path.append(FAKES)   # framebuf (MicroPython's, on CPython)
import framebuf  # noqa: E402


def load(name):
    spec = importlib.util.spec_from_file_location(name, os.path.join(FAKES, name + ".py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


class SSD1306_I2C(framebuf.FrameBuffer):
    """micropython-lib's ssd1306 driver, as far as the firmware uses it:
    a MONO_VLSB FrameBuffer with its own buffer, its commands and data
    over the I2C bus."""

    def __init__(self, width, height, i2c, addr=0x3C, external_vcc=False):
        self.width = width
        self.height = height
        self.i2c = i2c
        self.addr = addr
        self.buffer = bytearray(width * height // 8)
        super().__init__(self.buffer, width, height, framebuf.MONO_VLSB)

    def write_cmd(self, cmd):
        self.i2c.writeto(self.addr, bytes([0x80, cmd]))

    def write_data(self, buf):
        self.i2c.writevto(self.addr, [b"\x40", buf])

    def contrast(self, c):
        pass


class Panel:
    """An ST7789's memory as far as the driver uses it (a window of rows,
    the whole width: CASET, RASET, then RAMWR and the pixels), from what
    goes over the SPI bus while DC is low (a command) or high (its data)."""

    def __init__(self, disp, d):
        self.dc = disp.dc
        self.y0 = d["offset"][1]
        self.row = d["width"] * 2
        self.mem = bytearray(self.row * d["height"])
        self.cmd = None
        self.args = bytearray()
        self.at = 0
        self.windows = 0
        write = disp.spi.write

        def seen(buf):
            write(buf)
            self.took(bytes(buf))
        disp.spi.write = seen

    def took(self, b):
        if not self.dc.value():
            self.cmd = b[0]
            self.args = bytearray()
            if self.cmd == 0x2C:        # RAMWR: from the window's first row
                self.at = ((self.args_rows[0] - self.y0) * self.row)
                self.windows += 1
            return
        if self.cmd == 0x2B:            # RASET
            self.args += b
            self.args_rows = ((self.args[0] << 8) | self.args[1], (self.args[2] << 8) | self.args[3])
        elif self.cmd == 0x2C:
            self.mem[self.at:self.at + len(b)] = b
            self.at += len(b)


def micropython_boards():
    """Every MicroPython board profile in boards/ (FAMILY "machine"): a
    board added there is tested here with nothing else to edit."""
    out = []
    for n in sorted(os.listdir(os.path.join(ROOT, "boards"))):
        if n.endswith(".py") and not n.startswith("_"):
            d = {}
            with open(os.path.join(ROOT, "boards", n)) as f:
                exec(f.read(), d)
            if d["FAMILY"] == "machine":
                out.append(n[:-3])
    return out


def test_the_boards_tested_here_are_those_of_boards():
    names = micropython_boards()
    # the four MicroPython boards before it, and the Waveshare Pico-LCD-1.14 (no LEDs, a joystick)
    assert {"pico_oled", "pico_display", "esp32_tdisplay", "m5stickc_plus2", "pico_lcd_114"} <= set(names)
    assert "virtual" not in names and "pybadge" not in names


@pytest.fixture
def hw(monkeypatch, tmp_path):
    machine = load("machine")
    monkeypatch.setitem(sys.modules, "machine", machine)
    monkeypatch.setitem(sys.modules, "neopixel", load("neopixel"))
    ssd = type(sys)("ssd1306")
    ssd.SSD1306_I2C = SSD1306_I2C
    monkeypatch.setitem(sys.modules, "ssd1306", ssd)
    from firmware.hal import board
    monkeypatch.setattr(board, "ASSETS", os.path.join(ROOT, "assets"))
    monkeypatch.setattr(board, "DATA", str(tmp_path / "data"))
    return machine, board


@pytest.mark.parametrize("name", micropython_boards())
def test_a_board_profile_builds_and_runs_the_app(name, hw):
    machine, board = hw
    from firmware import bringup
    p = bringup.profile(name)
    assert bringup.family(p) is board
    app, buttons = bringup.build({"board": name, "seed": 3}, p, board)
    d = p.DISPLAY
    panel = Panel(app.board.cv.display, d) if d["driver"] == "st7789" else None
    app.boot()
    assert app.render()
    if d["driver"] == "ssd1306":
        dev = app.board.cv.display.dev
        assert (dev.width, dev.height, dev.addr) == (128, 64, 0x3C)
        # the frame goes out in one I2C transfer, the data prefix first,
        # from the buffer the Canvas draws on (no block joined per draw)
        data = [b for _, b in dev.i2c.sent if b[:1] == b"\x40"]
        assert data and data[-1] == b"\x40" + bytes(app.board.cv.buf) and any(data[-1][1:])
        assert app.board.cv.buf is app.board.cv.display.buffer
        assert (dev.i2c.sda.id, dev.i2c.scl.id) == (d["sda"], d["scl"])
    else:
        spi = app.board.cv.display.spi
        assert (spi.sck.id, spi.mosi.id) == (d["sck"], d["mosi"])
        w, h = d["width"], d["height"]
        cv = app.board.cv
        assert cv.palette == app.board.lay.palette
        # no whole frame in RAM: a band of that many text lines
        assert cv.rows == d["bands"] * app.board.lay.lh and len(cv.buf) == w * cv.rows // 2
        # what the panel shows: the screen drawn again on a whole frame
        from firmware.hal.canvas import Canvas
        whole = Canvas(w, h, True, cv.font, palette=app.board.lay.palette)
        app.board.cv = whole
        app.screens.dirty = True
        app.render()
        app.board.cv = cv
        want = bytearray()
        for y in range(h):
            for x in range(w):
                c = app.board.lay.palette[whole.fb.pixel(x, y)]
                want += bytes((c >> 8, c & 255))   # the palette's colour, high byte first
        assert panel.mem == want and panel.windows == 1     # the whole screen: one window, band after band
        assert machine.Pin.made[d["backlight"]].v == 1
        assert spi.id == d["spi"] and machine.Pin.made[d["dc"]].mode == machine.Pin.OUT
        if "rst" in d:      # the panel reset (low, then high) and left running
            assert machine.Pin.made[d["rst"]].writes[-2:] == [0, 1]
    for n in getattr(p, "HOLD", ()):        # a power hold: high from the start
        assert machine.Pin.made[n].mode == machine.Pin.OUT and machine.Pin.made[n].writes[:1] == [1]
    # each button on its pin: pressed, released, gives its intent
    from firmware.screenkit.nav import PROFILES
    for name in getattr(p, "NO_PULL", ()):
        machine.Pin.made[p.BUTTONS[name]].release()     # the board's own pull-up
    t = 0
    for button in sorted(p.BUTTONS):
        pin = machine.Pin.made[p.BUTTONS[button]]
        if button in getattr(p, "NO_PULL", ()):
            assert pin.pull == -1
        else:
            assert pin.pull == machine.Pin.PULL_UP
        pin.press()
        buttons.poll(t)
        buttons.poll(t + 100)
        pin.release()
        buttons.poll(t + 200)
        buttons.poll(t + 300)
        t += 1000
        assert buttons.get() == PROFILES[p.PROFILE][(button, "short")], button
    # the LEDs follow the game once one is set up; a board without has none
    px = app.board.px
    app.play.session = None
    app.play.leds()
    if p.PIXELS is None:
        assert px is None
    elif "rgb_led" in p.PIXELS:
        assert [pwm.d for pwm in px.np.pwms] == [65535] * 3   # dark, lit low
    else:
        assert px.np.writes >= 1 and px.np.pin.id == p.PIXELS["pin"]


class Mem32(dict):
    """machine.mem32: the registers written, in order."""

    def __init__(self, regs):
        super().__init__(regs)
        self.writes = []

    def __setitem__(self, a, v):
        self.writes.append((a, v))
        super().__setitem__(a, v)


@pytest.mark.parametrize("chip, ctrl, sys_hz, writes, baudrate", [
    # MicroPython's rp2 port: the USB PLL (AUXSRC 2), enabled; the clock
    # stopped, moved to clk_sys, started; the SPI asked for the rate that
    # its divisor of 48 MHz gives the panel's 62.5 MHz from 125 MHz
    ("RP2040", 0x840, 125_000_000, [0x040, 0x000, 0x800], 24_000_000),
    ("RP2040", 0x840, 200_000_000, [0x040, 0x000, 0x800], 15_000_000),
    # already on clk_sys (a soft reset after the move): only the rate
    ("RP2040", 0x800, 125_000_000, [], 24_000_000),
    # from the crystal (AUXSRC 4) or on another chip: left as it is
    ("RP2040", 0x880, 125_000_000, [], 62_500_000),
    ("RP2350", 0x840, 150_000_000, [], 62_500_000),
])
def test_the_panels_bus_gets_the_system_clock_where_the_profile_says(hw, monkeypatch, chip, ctrl, sys_hz, writes,
                                                                      baudrate):
    machine, board = hw
    mem = Mem32({board._PERI_CTRL: ctrl})
    monkeypatch.setattr(machine, "mem32", mem, raising=False)
    monkeypatch.setattr(machine, "freq", lambda: sys_hz, raising=False)
    # the chip MicroPython says it runs on; the rest as it is (the import
    # system reads sys.implementation too: this test runs alone as well)
    impl = types.SimpleNamespace(**vars(sys.implementation))
    impl._machine = "Raspberry Pi Pico with " + chip
    monkeypatch.setattr(sys, "implementation", impl)
    from boards import pico_display
    d = dict(pico_display.DISPLAY)
    assert d["peri_clock"] == "sys" and d["baudrate"] == 62_500_000
    disp = board.st7789(d)
    assert [v for _, v in mem.writes] == writes
    assert all(a == 0x40008048 for a, _ in mem.writes)
    assert disp.spi.baudrate == baudrate
    # what the bus then runs at: MicroPython's divisor of 48 MHz (the
    # fastest at most the rate asked: an even prescale, a postdivider)
    # applied to the clock the SPI now gets
    div = next(p * s for p in range(2, 255, 2) for s in range(1, 257) if 48_000_000 // (p * s) <= baudrate)
    peri = sys_hz if mem.get(0x40008048, ctrl) & 0xE0 == 0 else 48_000_000
    assert peri // div <= 62_500_000


def test_a_crash_logs_shows_its_code_and_resets_the_board(hw, tmp_path, monkeypatch):
    machine, board = hw
    from firmware import bringup, main

    def broken(cfg, made):
        p = bringup.profile(cfg["board"])
        app, _ = bringup.build(cfg, p, bringup.family(p))
        app.boot()
        made[0] = app
        raise ZeroDivisionError("division by zero")

    monkeypatch.setattr(main, "run_once", broken)
    monkeypatch.setattr(main, "CRASH_PAUSE_MS", 0)
    (tmp_path / "board.json").write_text(json.dumps({"board": "pico_oled"}))
    with pytest.raises(machine.ResetCalled):
        main.main(str(tmp_path / "board.json"))
    code = main.crash_code(ZeroDivisionError("division by zero"))
    with open(os.path.join(board.DATA, "crash.log")) as f:
        log = f.read()
    assert log.startswith(code + " at ") and "ZeroDivisionError: division by zero" in log


@pytest.mark.parametrize("chip, vreg, writes", [
    # at reset (1.10 V): VSEL raised to 1.15 V, then the clock
    ("RP2040", 0xB1, [("mem", 0x40064000, 0xC1), ("wait", 1000), ("freq", 200_000_000)]),
    # already at 1.20 V: only the clock
    ("RP2040", 0xD1, [("freq", 200_000_000)]),
    # another chip: nothing
    ("RP2350", 0xB1, []),
])
def test_the_board_runs_its_clock_with_the_core_voltage_it_needs(hw, monkeypatch, chip, vreg, writes):
    """An RP2040 is specified to 133 MHz at its reset core voltage and to
    200 MHz at 1.15 V: the profile's CLOCK is set once the voltage is
    raised (boards/pico_oled.py, firmware/hal/board.py)."""
    machine, board = hw
    done = []

    class Regs(dict):
        def __setitem__(self, a, v):
            done.append(("mem", a, v))
            super().__setitem__(a, v)
    monkeypatch.setattr(machine, "mem32", Regs({0x40064000: vreg}), raising=False)
    monkeypatch.setattr(machine, "freq", lambda hz=None: done.append(("freq", hz)), raising=False)
    import time
    monkeypatch.setattr(time, "sleep_us", lambda us: done.append(("wait", us)), raising=False)
    impl = types.SimpleNamespace(**vars(sys.implementation))
    impl._machine = "Raspberry Pi Pico with " + chip
    monkeypatch.setattr(sys, "implementation", impl)
    from boards import pico_display, pico_oled
    assert pico_oled.CLOCK == pico_display.CLOCK == 200_000_000
    board.clock(pico_oled)
    assert done == writes
    del done[:]
    board.clock(types.SimpleNamespace())        # a profile without CLOCK
    assert done == []
