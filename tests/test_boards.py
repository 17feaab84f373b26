"""A board is one file in boards/: the simulator, its help, flash.sh and
the UF2 build find it there, and nothing else names it.  A board without
LEDs shows none; the Waveshare Pico-LCD-1.14 (a joystick and two keys, no
LEDs) plays as the other four-button 240x135 boards do."""
import os
import shutil
import subprocess
import sys

import pytest

from bench import scripts
from host_sim import device, keyplan, render, sim
from test_micropython import ROOT, micropython


def profiles():
    """{name: profile dict} of every file in boards/."""
    out = {}
    for n in os.listdir(os.path.join(ROOT, "boards")):
        if n.endswith(".py") and not n.startswith("_"):
            d = {}
            with open(os.path.join(ROOT, "boards", n)) as f:
                exec(f.read(), d)
            out[n[:-3]] = d
    return out


def test_the_simulator_plays_every_board_of_boards_the_default_first():
    want = {n for n, d in profiles().items() if d["FAMILY"] not in ("unix", "web")}
    assert set(device.BOARDS) == want and len(device.BOARDS) == len(want)
    assert "pico_lcd_114" in want and "virtual" not in want and "web" not in want
    assert device.BOARDS[0] == device.DEFAULT == "pico_oled"
    with pytest.raises(ValueError, match="unknown board 'virtual'.*pico_lcd_114"):
        device.board("virtual")


def test_help_sim_describes_each_board_from_its_profile():
    r = subprocess.run([sys.executable, "-m", "host_sim", "--help-sim"], cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0
    lines = r.stdout.split("\nBoards:\n")[1].splitlines()
    assert [ln.split()[0] for ln in lines] == list(device.BOARDS)
    assert "  pico_lcd_114 (240x135 colour, 4 buttons, no LEDs)" in lines
    assert "  pico_oled (128x64 mono, 4 buttons, 4 NeoPixels; the default)" in lines
    assert "  pico_display (240x135 colour, 4 buttons, an RGB LED)" in lines
    assert "  m5stickc_plus2 (240x135 colour, 2 buttons, 4 NeoPixels)" in lines
    r = subprocess.run([sys.executable, "-m", "host_sim", "--board"], cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 1 and "pico_lcd_114" in r.stderr


def test_an_unknown_board_is_named_and_nothing_is_made_for_it(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(sim, "saves", lambda: str(tmp_path / "sim"))
    assert sim.main(["--board", "pico_nope"]) == 1
    said = capsys.readouterr().err
    assert said.startswith("unknown board 'pico_nope' (boards: pico_oled ") and "pico_lcd_114" in said
    assert not (tmp_path / "sim").exists()


@pytest.mark.parametrize("board, leds", [("pico_lcd_114", None), ("pico_display", 1), ("pico_oled", 4),
                                         ("pybadge", 5)])
def test_the_simulator_shows_the_leds_a_board_has_and_none_on_a_board_without(board, leds):
    app, prof = device.build(board, None, 1)
    keyplan.setup(app, scripts.SETUP, [])       # a game set up and started: its players lit
    assert app.play.session is not None
    while app.board.px and app.board.px.step():     # the start's animation played out
        pass
    frame = sim.screen(app, prof, "en")
    rows = frame.splitlines()
    if leds is None:
        assert app.board.px is None
        assert "LEDs" not in frame and "\u25cf" not in frame
        assert sim.need(prof) == (240, 68)      # the screen's 68 rows of half blocks, no LEDs' line
    else:
        line = [r for r in rows if r.startswith(" LEDs ")]
        assert len(line) == 1 and line[0].count("\u25cf") == leds
        px = app.board.px
        lit = [tuple(c) for c in px.steady()]      # the players' (the PyBadge's fifth LED is none's)
        assert len(px.np.shown) == leds and px.np.shown == lit + [(0, 0, 0)] * (leds - len(lit))
        if leds > 1:    # each player's LED (an RGB LED is dark until a player's turn)
            assert any(any(c) for c in px.np.shown)
        assert sim.need(prof)[1] == (prof["height"] + 1) // 2 + 1
    assert len(rows) == (prof["height"] + 1) // 2 + (0 if leds is None else 1) + 1     # and the legend
    # no LED to draw: the terminal draws the screen and the legend alone
    assert render.terminal(app.board.cv, None, "x").splitlines()[-1] == "x"


def test_the_pico_lcd_plays_a_whole_game_on_its_buttons():
    # the scripted Inca Empire game, from the game picker to its end (the
    # session asserts the end), with no LEDs to light
    keys = scripts.session("inca", "pico_lcd_114")
    assert len(keys) > 100 and {"up", "down", "ok", "back"} >= {k.split("*")[0] for k in keys} - {"home", "undo", "end"}


def _flash(root, *args):
    env = dict(os.environ, MPY_CROSS=os.path.join(os.path.dirname(micropython()), "mpy-cross"), MPREMOTE="/bin/true")
    return subprocess.run([os.path.join(root, "flash.sh")] + list(args), cwd=root, capture_output=True, text=True,
                          env=env, timeout=60)


def test_flash_sh_stages_the_pico_lcd_with_its_display_and_no_led_code():
    r = _flash(ROOT, "--board", "pico_lcd_114", "--stage", "--dry-run")
    assert r.returncode == 0, r.stderr
    out = r.stdout
    for m in ("hal/board", "hal/st7789", "hal/gs4", "hal/bands", "hal/glyphs"):
        assert "firmware/%s.py" % m in out, m
    for m in ("hal/pixels", "hal/rgbled", "hal/ssd1306_display", "hal/cp_board", "hal/virtual"):
        assert "firmware/%s.py" % m not in out, m       # no LEDs: no LED code
    assert "-march=armv6m" in out and "/lib/" not in out
    assert "cp boards/pico_lcd_114.py out/flash/pico_lcd_114/boards/pico_lcd_114.py" in out
    assert "assets/fonts/large.fnt" in out and "small.fnt" not in out
    assert 'board.json: {"board": "pico_lcd_114"}' in out
    assert out.splitlines()[-1] == "dry run: would stage pico_lcd_114 in out/flash/pico_lcd_114; nothing was done"
    # and one file for a Pico, our MicroPython with the code in its ROM partition
    r = _flash(ROOT, "--board", "pico_lcd_114", "--uf2", "--dry-run")
    assert r.returncode == 0, r.stderr
    assert "dist/micropython-v1.28.0-RPI_PICO-ROMFS.uf2 out/flash/pico_lcd_114/romfs.img" in r.stdout
    assert "companion-pico_lcd_114.uf2" in r.stdout.splitlines()[-1]


# A board of our own, added as one file: two buttons, no LEDs, a Pico.
NEW = '''NAME = "my_pad"
FAMILY = "machine"
DISPLAY = {"driver": "st7789", "width": 240, "height": 135, "bus": "spi", "spi": 1, "sck": 10, "mosi": 11,
           "cs": 9, "dc": 8, "backlight": 13, "colour": True, "offset": (40, 53), "font": "large", "bands": 2}
BUTTONS = {"a": 15, "b": 17}
PROFILE = "two"
PIXELS = None
DRIVERS = ()
ARCH = "armv6m"
MICROPYTHON = "RPI_PICO"
'''


def test_a_new_board_is_one_file_in_boards(tmp_path):
    # the repository's parts with one file more in boards/, and nothing else changed
    root = tmp_path / "repo"
    root.mkdir()
    for d in ("firmware", "boards", "host_sim", "hostkit", "assets", "drivers"):
        shutil.copytree(os.path.join(ROOT, d), root / d, ignore=shutil.ignore_patterns("__pycache__"))
    for d in ("tools", "dist"):
        os.symlink(os.path.join(ROOT, d), root / d)
    shutil.copy(os.path.join(ROOT, "flash.sh"), root / "flash.sh")
    (root / "boards" / "my_pad.py").write_text(NEW)
    run = [sys.executable, "-m", "host_sim"]
    r = subprocess.run(run + ["--help-sim"], cwd=root, capture_output=True, text=True)
    assert r.returncode == 0 and "  my_pad (240x135 colour, 2 buttons, no LEDs)" in r.stdout
    # the simulator plays it: a game set up with its two buttons, no LEDs
    r = subprocess.run(run + ["--board", "my_pad", "--keys", "a b", "--text"], cwd=root, capture_output=True,
                       text=True)
    assert r.returncode == 0 and "== 2 b" in r.stdout, r.stderr
    r = subprocess.run([sys.executable, "-c", "from bench import scripts; from host_sim import device, keyplan\n"
                        "app, prof = device.build('my_pad', None, 1)\n"
                        "keys = []\n"
                        "keyplan.setup(app, scripts.SETUP, keys)\n"
                        "print(prof['profile'], app.board.px, app.play.session is not None, ' '.join(keys))"],
                       cwd=root, capture_output=True, text=True, env=dict(os.environ, PYTHONPATH=ROOT))
    assert r.returncode == 0, r.stderr
    two, px, started, keys = r.stdout.split(" ", 3)
    assert (two, px, started) == ("two", "None", "True") and "ok" in keys.split(), r.stdout
    # flash.sh stages it, names it among the boards, makes its UF2
    r = _flash(str(root), "--board", "my_pad", "--stage", "--dry-run")
    assert r.returncode == 0, r.stderr
    assert "cp boards/my_pad.py out/flash/my_pad/boards/my_pad.py" in r.stdout
    assert "firmware/hal/pixels.py" not in r.stdout
    r = _flash(str(root), "--board", "nope")
    assert r.returncode == 2 and "my_pad" in r.stderr
    r = _flash(str(root), "--board", "my_pad", "--uf2", "--pico2", "--dry-run")
    assert r.returncode == 0, r.stderr
    assert "RPI_PICO2-ROMFS.uf2" in r.stdout and "RP2350 drive" in r.stdout.splitlines()[-1]
    r = _flash(str(root), "--help")
    assert "my_pad" in r.stdout.split("Boards (boards/NAME.py)")[1]
