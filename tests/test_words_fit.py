"""Every word readable: the scripted games of all four games, played with
the buttons on every board's screen (128x64 mono, 240x135 and 160x128
colour) in every language, draw no text cut short and none past the
screen's edge (after every press, the screen as drawn)."""
import pytest

import goldens
from bench import presses, scripts
from host_sim import device, keyplan

BOARDS = ("pico_oled", "pico_display", "esp32_tdisplay", "pybadge")
LANGS = ("en", "es", "ru")
GAMES = ("inca", "eightmin", "origin", "yu")


def watch(app):
    """(cut, off), filled from now on: the texts the layout cuts short, and
    (screen, text) for those drawn past the right edge."""
    cut = goldens.watch_cuts(app)
    off = []
    cv = app.cv
    text = cv.text

    def watch_text(x, y, s, c=1):
        if s and x + cv.text_width(s) > cv.width:
            off.append((type(app.stack[-1]).__name__ if app.stack else None, s))
        return text(x, y, s, c)
    cv.text = watch_text
    return cut, off


def walk(board, lang, game):
    """(cut, off) of watch() while the game's script is played on the
    board, the screen drawn after every press."""
    app, _ = device.build(board, None, scripts.SEED, lang=lang)
    app.seed = lambda: scripts.SEED
    cut, off = watch(app)
    key = app.key

    def key_and_draw(k, at=None):
        key(k, at)
        app.render()
    app.key = key_and_draw
    app.dirty = True
    app.render()
    lines = presses._lines(game)
    keyplan.play(app, lines, keyplan.planner(game))
    assert app.session is not None and app.session.count > len(lines) // 2
    return sorted(set(cut)), sorted(set(off))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("board", BOARDS)
def test_no_text_is_cut_or_runs_off_the_screen(board, lang):
    found = {}
    for game in GAMES:
        cut, off = walk(board, lang, game)
        if cut or off:
            found[game] = {"cut": cut, "off": off}
    assert found == {}


def test_the_walk_sees_a_cut_text_and_one_past_the_edge(monkeypatch):
    """The watch itself: with Undo's action name kept beside it (as it was
    before it went on rows of its own), names are cut; a text drawn from
    the middle of the screen that is wider than its half runs off."""
    from firmware.ui import common
    from firmware.ui.widgets import row

    def beside(app, out, label, name, target, why=None):
        out.append(row(label, name, target, why))
    monkeypatch.setattr(common, "named", beside)
    cut, off = walk("pico_oled", "es", "inca")
    assert any(c.endswith(" Fin turno") for c in cut) and off == [], cut
    app, _ = device.build("pybadge", None, 1, lang="en")
    cut, off = watch(app)
    app.cv.text(80, 20, "A text of 81 pixels or more")
    app.cv.text(0, 40, "A text that fits")
    assert off == [(type(app.stack[-1]).__name__, "A text of 81 pixels or more")] and cut == []
