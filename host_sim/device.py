"""The device assembled on CPython: the firmware unchanged, with stand-ins
for the hardware (framebuf, the NeoPixels, the buttons)."""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
try:
    import framebuf  # noqa: F401  (MicroPython's, when run there)
except ImportError:
    sys.path.insert(0, os.path.join(ROOT, "host_sim", "fakes"))

DEFAULT = "pico_oled"


def profile(name):
    """The profile boards/NAME.py as the dict of its names (data only)."""
    d = {}
    with open(os.path.join(ROOT, "boards", name + ".py")) as f:
        exec(compile(f.read(), name, "exec"), d)
    return d


def _profiles():
    """Every board of boards/ the simulator plays (each file a board; the
    MicroPython unix port's, FAMILY "unix", is a test harness, not a
    board to play on, and the web page's, FAMILY "web", are played in a
    browser: ./simulate web): the default first, then by name."""
    names = sorted(n[:-3] for n in os.listdir(os.path.join(ROOT, "boards"))
                   if n.endswith(".py") and not n.startswith("_"))
    names = [n for n in names if profile(n)["FAMILY"] not in ("unix", "web")]
    return tuple(sorted(names, key=lambda n: n != DEFAULT))


BOARDS = _profiles()


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
    d = profile(name)
    px = d.get("PIXELS") or {}
    return {"name": name, "width": d["DISPLAY"]["width"], "height": d["DISPLAY"]["height"],
            "colour": d["DISPLAY"].get("colour", False), "profile": d["PROFILE"],
            "buttons": list(d["BUTTONS"]),
            # the font the board draws with (flash.sh stages the same one)
            "font": d["DISPLAY"].get("font", "large" if d["DISPLAY"].get("colour") else "small"),
            # its player LEDs: "neopixel" (a strip of "leds"), "rgb_led" (one
            # LED, the colour of the turn) or None (no LEDs)
            "pixels": ("rgb_led" if "rgb_led" in px else "neopixel") if px else None,
            "leds": px.get("count", 0), "family": d["FAMILY"]}


def describe(name):
    """A line on the board for a person choosing one: its screen, buttons, LEDs."""
    p = board(name)
    leds = {None: "no LEDs", "rgb_led": "an RGB LED"}.get(p["pixels"], "%d NeoPixels" % p["leds"])
    return "%s (%dx%d %s, %d buttons, %s%s%s)" % (
        name, p["width"], p["height"], "colour" if p["colour"] else "mono", len(p["buttons"]), leds,
        ", CircuitPython" if p["family"] == "circuitpython" else "", "; the default" if name == DEFAULT else "")


def pixels(prof):
    """The board's player LEDs as the firmware drives them, on stand-ins
    that keep what they show (np.shown), or None for a board without."""
    from firmware.hal.pixels import PlayerPixels
    from host_sim.fakes.neopixel import NeoPixel
    if prof["pixels"] is None:
        return None
    if prof["pixels"] == "rgb_led":
        from firmware.hal.rgbled import TurnPixels
        return TurnPixels(NeoPixel(None, 1))
    return PlayerPixels(NeoPixel(None, prof["leds"]))


def build(board_name=DEFAULT, data_dir=None, seed=1, report=None, lang=None):
    """(app, profile) for the board, booted: the setup wizard, or the game
    resumed from data_dir."""
    from firmware.app import App
    from firmware.core.font import Font
    from firmware.hal.canvas import Canvas
    from firmware.screenkit.layout import Layout

    prof = board(board_name)
    font = Font(os.path.join(ROOT, "assets", "fonts", prof["font"] + ".fnt"))
    lay = Layout(prof["width"], prof["height"], font, prof["colour"])
    cv = Canvas(prof["width"], prof["height"], prof["colour"], font, palette=lay.palette)
    px = pixels(prof)
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
