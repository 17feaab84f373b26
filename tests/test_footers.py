"""A footer promises only what works on its screen: every key a footer names
does something there (a screen, a cursor, a number or the game changes),
and a held DOWN (two buttons: A and B held) that a footer offers ends the
turn or phase rather than being refused.  Each kind of screen the scripted
games show, with each footer it shows, is reached again by the same
presses on a fresh device and each key it names is pressed (English: the
hints' words are read)."""
import re

import pytest

from bench import presses, scripts
from firmware.core.text import t
from firmware.screenkit.widgets import Message, Numbers
from host_sim import device, keyplan
from host_sim.textshot import TextShot

# what a footer names -> the intents pressed for it
FOUR = ((r"hold ↓", ["end"]), (r"\bOK\b", ["ok"]), (r"\bBACK\b", ["back"]), (r"↑↓|UP/DOWN", ["up", "down"]))
TWO = ((r"hold A\+B", ["end"]), (r"(?<!hold )A\+B", ["back"]), (r"\bB:|\bB ok\b", ["ok"]),
       (r"hold B", ["undo"]), (r"hold A(?!\+B)", ["down", "down+"]), (r"\bA:|\bA \+1", ["down"]))


def fresh(board):
    app, _ = device.build(board, None, scripts.SEED, lang="en")
    app.board.seed = lambda: scripts.SEED
    return app


def footer(app):
    """The footer's text as drawn (the hint line of a number field too)."""
    top = app.screens.stack[-1]
    if isinstance(top, Numbers):
        shot = TextShot(app.board.cv, app.board.lay)
        app.screens.dirty = True
        app.render()
        return shot.lines()[-1]
    return app.screens.footer_text(top.hint) if app.board.lay.footer else ""


def print_of(app):
    """What a press may change: the screens, the cursor, a number, the
    row's text (a setting), the game."""
    top = app.screens.stack[-1]
    rows = getattr(top, "rows", None)
    cur = getattr(top, "cur", 0)
    return (len(app.screens.stack), id(top), cur, getattr(top, "top", None), repr(getattr(top, "fields", None)),
            repr(rows[cur]) if rows and cur < len(rows) else None,
            len(app.play.session.tail) if app.play.session else None,
            app.play.session.count if app.play.session else None,
            app.board.settings["lang"], app.play.name)


def named(text, two):
    out = []
    for pattern, keys in (TWO if two else FOUR):
        if re.search(pattern, text):
            out.append((pattern, keys))
    return out


@pytest.mark.parametrize("board", ["pico_display", "esp32_tdisplay"])
@pytest.mark.parametrize("game", presses.GAMES)
def test_every_key_a_footer_names_does_something(game, board):
    lines = presses._lines(game)
    app = fresh(board)
    planner = keyplan.planner(game)
    given = []
    seen = {}
    real = app.key

    def key(k, at=None):
        given.append(k)
        real(k, at)
        if app.screens.stack and not isinstance(app.screens.stack[-1], Message):
            text = footer(app)
            where = (type(app.screens.stack[-1]).__name__, text)
            if text and where not in seen:
                seen[where] = len(given)
    app.key = key
    keys = []
    planner.setup(app, lines[0], keys)
    for line in lines[1:]:
        keyplan.step(app, planner.action, line, keys)
    assert len(seen) > 4
    two = board == "esp32_tdisplay"
    checked = 0
    for (screen, text), n in seen.items():
        for pattern, intents in named(text, two):
            twin = fresh(board)
            for k in given[:n]:
                twin.key(k)
            top = twin.screens.stack[-1]
            assert type(top).__name__ == screen and footer(twin) == text
            if isinstance(top, Numbers):
                f = top.fields[top.cur]
                f[1] = (f[2] + f[3]) // 2       # a value the arrows can move both ways
            for k in intents:
                before = print_of(twin)
                twin.key(k)
                assert print_of(twin) != before, (screen, text, pattern, k)
            if intents == ["end"]:
                # a held DOWN offered is the end of a turn or phase, not a refusal
                top = twin.screens.stack[-1]
                assert not (isinstance(top, Message) and top.title == t("m.refused")), \
                    (screen, text, [r[0] for r in top.rows])
            checked += 1
    assert checked >= len(seen)
