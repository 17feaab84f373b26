"""Turn a game transcript into the button presses a person would make.

For each action line the planner looks at the screen the device shows (its
rows and their targets), presses down/up to the row that does the action
and OK, through pickers and number fields as a person would.  Tests and the
benchmark use it to play whole games through the UI only, then compare the
result with the replay of the transcript.

One planner a game, host_sim/keyplan/<game>.py, each with setup(app, line,
keys) and action(app, line, keys); this module holds what they share and
picks the game's planner by the setup line's first word (or the game the
app plays).  The planners live with the host simulator, not in the game's
firmware folder: they are tooling for tests on a computer, and everything
under firmware/ goes to the board.
"""
from firmware.ui.widgets import Message, Numbers

LIMIT = 60


class Stuck(Exception):
    pass


def _top(app):
    return app.stack[-1]


def _press(app, k, keys):
    app.key(k)
    keys.append(k)


def _go_to_row(app, pred, keys):
    scr = _top(app)
    for i, r in enumerate(scr.rows):
        if pred(r):
            n = len(scr.rows)
            down = (i - scr.cur) % n
            up = (scr.cur - i) % n
            if not app.has_up:
                up = n + 1
            for _ in range(min(down, up)):
                _press(app, "down" if down <= up else "up", keys)
            _press(app, "ok", keys)
            return True
    return False


def _set_numbers(app, values, keys):
    scr = _top(app)
    if not isinstance(scr, Numbers):
        raise Stuck("expected number fields, found %r" % scr.title)
    # four buttons: UP and DOWN; two: A steps up, a held B ("undo") down
    more, less = ("up", "down") if app.has_up else ("down", "undo")
    for want in values:
        f = scr.fields[scr.cur]
        if not f[2] <= want <= f[3]:
            raise Stuck("%d is not among the values of %r" % (want, f))
        span = f[3] - f[2] + 1
        up = (want - f[1]) % span
        down = (f[1] - want) % span
        for _ in range(min(up, down)):
            _press(app, more if up <= down else less, keys)
        _press(app, "ok", keys)


def _dismiss(app, keys):
    for _ in range(LIMIT):
        if isinstance(_top(app), Message):
            _press(app, "ok", keys)
        else:
            return
    raise Stuck("messages do not end")




def step(app, action, line, keys):
    """Press the buttons of one action line: action(app, line, keys), the
    game planner's, or for the game's end of a turn or phase DOWN held
    (four buttons) or A and B together (two), from any screen."""
    if line == getattr(app.ui, "END", None) and app.check(line) is None:
        _dismiss(app, keys)
        _press(app, "end", keys)
    else:
        action(app, line, keys)


def planner(name):
    """The key planner of a game (host_sim/keyplan/<name>.py)."""
    from firmware.games import NAMES
    if name not in NAMES:
        raise Stuck("no game %r" % name)
    return __import__("host_sim.keyplan." + name, None, None, ("setup",))


def setup(app, line, keys):
    """Press through the game picker and the setup screen to start the game
    of this setup line (its seed comes from the device)."""
    planner(line.split()[0]).setup(app, line, keys)


def action(app, line, keys):
    """Press the buttons that enter one action line of the game played."""
    planner(app.name).action(app, line, keys)


def play(app, lines, planner=None):
    """Play a whole transcript (setup line first) through the buttons;
    returns the list of intents pressed.  planner: the module with the
    game's setup() and action() (by default the one of the setup line's
    game)."""
    if planner is None:
        planner = globals()["planner"](lines[0].split()[0])
    setup_, action_ = planner.setup, planner.action
    keys = []
    setup_(app, lines[0], keys)
    for line in lines[1:]:
        step(app, action_, line, keys)
    _dismiss(app, keys)
    return keys
