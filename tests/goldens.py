"""Golden screenshots: the screen as a PNG compared with the one committed
under tests/golden/<lang>/<board>/, and a watch on everything the screens
had to cut short to fit.  UPDATE_GOLDEN=1 writes new ones (look at them
before committing); a differing screen is written to out/golden/."""
import os

from host_sim import render

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GOLDEN = os.path.join(ROOT, "tests", "golden")
UPDATE = os.environ.get("UPDATE_GOLDEN") == "1"


def watch_cuts(app):
    """Record every text the layout cuts short from now on; returns the list."""
    cut = []
    fit = app.board.lay.fit

    def watch(text, width):
        out = fit(text, width)
        if out != text:
            cut.append(text)
        return out
    app.board.lay.fit = watch
    return cut


def check(app, lang, board, name, cut, tmp_path):
    """The screen now shown equals its golden screenshot, and nothing on it
    was cut short (an action's name beside Undo and Redo included)."""
    app.screens.dirty = True
    app.render()
    path = os.path.join(GOLDEN, lang, board, name + ".png")
    new = os.path.join(str(tmp_path), "new.png")
    render.png(app.board.cv, new)
    with open(new, "rb") as f:
        got = f.read()
    if UPDATE or not os.path.exists(path):
        assert UPDATE, "no golden screenshot %s: run with UPDATE_GOLDEN=1 and look at it" % path
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(got)
    with open(path, "rb") as f:
        want = f.read()
    if got != want:
        os.makedirs(os.path.join(ROOT, "out", "golden", lang, board), exist_ok=True)
        with open(os.path.join(ROOT, "out", "golden", lang, board, name + ".png"), "wb") as f:
            f.write(got)
    assert got == want, "%s differs from %s (the new one is in out/golden/)" % (name, path)
    assert cut == [], "cut short: %r" % cut
