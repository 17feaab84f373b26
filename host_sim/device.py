"""The device assembled on CPython: the firmware unchanged, with stand-ins
for the hardware (framebuf, the NeoPixels, the buttons)."""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
try:
    import framebuf  # noqa: F401  (MicroPython's, when run there)
except ImportError:
    sys.path.insert(0, os.path.join(ROOT, "host_sim", "fakes"))

BOARDS = ("pico_oled", "pico_display", "esp32_tdisplay", "m5stickc_plus2", "pybadge", "pico_oled_cp")


def words_path(lang, game=None):
    """The word table of a language: the words every game shares
    (assets/lang/LANG.json), or a game's own (in its folder)."""
    if game is None:
        return os.path.join(ROOT, "assets", "lang", lang + ".json")
    from firmware.games import registry
    return os.path.join(ROOT, registry.words(game, lang))


def words(lang, game=None):
    """The words of a language as a dict: the shared ones, and with a game
    its own over them (what the device looks in while that game is played)."""
    import json
    with open(words_path(lang), encoding="utf-8") as f:
        out = json.load(f)
    if game is not None:
        with open(words_path(lang, game), encoding="utf-8") as f:
            out.update(json.load(f))
    return out


def board(name):
    """The board profile (a data module under boards/) as a dict."""
    if name not in BOARDS:
        raise ValueError("unknown board %r (boards: %s)" % (name, " ".join(BOARDS)))
    d = {}
    with open(os.path.join(ROOT, "boards", name + ".py")) as f:
        exec(compile(f.read(), name, "exec"), d)
    return {"name": name, "width": d["DISPLAY"]["width"], "height": d["DISPLAY"]["height"],
            "colour": d["DISPLAY"].get("colour", False), "profile": d["PROFILE"],
            "buttons": list(d["BUTTONS"]),
            # the font the board draws with (flash.sh stages the same one)
            "font": d["DISPLAY"].get("font", "large" if d["DISPLAY"].get("colour") else "small")}


def build(board_name="pico_oled", data_dir=None, seed=1, report=None, lang=None):
    """(app, profile) for the board, booted: the setup wizard, or the game
    resumed from data_dir."""
    from firmware.app import App
    from firmware.core.font import Font
    from firmware.hal.canvas import Canvas
    from firmware.hal.pixels import PlayerPixels
    from firmware.screenkit.layout import Layout
    from host_sim.fakes.neopixel import NeoPixel

    prof = board(board_name)
    font = Font(os.path.join(ROOT, "assets", "fonts", prof["font"] + ".fnt"))
    lay = Layout(prof["width"], prof["height"], font, prof["colour"])
    cv = Canvas(prof["width"], prof["height"], prof["colour"], font, palette=lay.palette)
    px = PlayerPixels(NeoPixel(None, 4))
    seeds = [seed]

    def next_seed():
        s = seeds[0]
        seeds[0] = s + 1
        return s

    app = App(lay, cv, px, data_dir, assets=os.path.join(ROOT, "assets"), seed=next_seed, report=report,
              lang=lang)
    app.board.has_up = prof["profile"] != "two"
    app.boot()
    app.render()
    return app, prof
