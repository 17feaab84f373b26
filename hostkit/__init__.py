"""What a game's host side (firmware/games/<game>/host.py) is written
with: the key planner's presses, and the choices of its random actions.

A game's key planner turns each action line of a transcript into the
button presses a person would make: it looks at the screen the device
shows (its rows and their targets), presses down/up to the row that does
the action and OK, through pickers and number fields as a person would
(go_to_row, set_numbers, back, dismiss, undo_line; Stuck where the screen
offers no way).  play(app, lines, planner) plays a whole transcript with
a game's planner; host_sim/keyplan finds the planner of a setup line's
game and is what the tests and the benchmark call.

This toolkit imports no game and nothing of the simulator (host_sim):
the simulator imports each game's host-side module (host_sim/games.py),
never the reverse (tests/test_layout.py).  No board gets it.
"""
from firmware.hal.buttons import LONG_MS, REPEAT_MS
from firmware.screenkit.nav import PROFILES
from firmware.screenkit.widgets import MORE, Message, Numbers

LIMIT = 60


class Stuck(Exception):
    """The screen on top offers no way to what the planner is asked to
    press."""


# ---------------------------------------------------------------- presses
#
# A press is an intent ("down": the button that gives it, pressed), or a
# held press "X*N": the button that gives intent X held on through N steps
# (its long press, then N-1 repeats: firmware/hal/buttons.py), which on a
# screen that takes repeats (the Sun Event card list, a number field)
# moves N rows or steps the number N times, as one press.

# False: no held press is planned, a thumb that only taps (the short
# presses' figures of BENCHMARKS.md, *Names*)
HOLD = True


def profile(app):
    """The button profile of the app's board (firmware/screenkit/nav.py)."""
    return PROFILES["four" if app.board.has_up else "two"]


def held(word):
    """(X, N) of a held press "X*N", else None."""
    if "*" not in word:
        return None
    x, n = word.split("*")
    return x, int(n)


def button(prof, intent):
    """The button whose press (short, else long) gives the intent."""
    for kind in ("short", "long"):
        for (name, k), it in prof.items():
            if it == intent and k == kind:
                return name
    raise Stuck("no button gives %r" % intent)


def events(prof, word):
    """The intents one press gives the app: a press its intent; a held
    press its button's long press and the repeats after it."""
    h = held(word)
    if h is None:
        return [word]
    b = button(prof, h[0])
    return [prof[(b, "long")]] + [prof[(b, "more")]] * (h[1] - 1)


def given(prof, keys):
    """The intents the app is given for these presses."""
    return [e for k in keys for e in events(prof, k)]


def hold_ms(n):
    """How long (ms) a button is held to give its long press and n-1
    repeats: halfway between the n-th step and the one after it."""
    return LONG_MS + (n - 1) * REPEAT_MS + REPEAT_MS // 2


def top_screen(app):
    return app.screens.stack[-1]


def press_key(app, k, keys):
    for e in events(profile(app), k):
        app.key(e)
    keys.append(k)


def _repeats(app, k):
    """A held press of the button that gives k steps as k does on the
    screen on top, and goes on while held: a list takes a held UP (two
    buttons: A) a row a step (Screen.key); a number field and the Sun
    Event card list say how they take held presses (Screen.held)."""
    if not HOLD:
        return False
    prof = profile(app)
    b = button(prof, k)
    more = prof.get((b, "more"))
    if more is None:
        return False
    scr = top_screen(app)
    h = scr.held
    m = h[0 if app.board.has_up else 1] if h else {}
    step = m.get(k, k)
    long = prof[(b, "long")]
    if m.get(long, long) != step:
        return False
    more = m.get(more, more)
    return more == step or (more == step + "+" and not isinstance(scr, Message))


def _cost(app, way):
    """(presses, steps) of moving by way, (intent, steps): one press a
    step, or one held press where the screen takes it."""
    k, n = way
    return (n if n > 1 and not _repeats(app, k) else min(n, 1), n)


def _move(app, ways, keys):
    """Press the fewest presses that move by one of `ways`, [(intent,
    steps), ...] (ties: the fewer steps, then the first way)."""
    k, n = min(ways, key=lambda way: _cost(app, way))
    if n > 1 and _repeats(app, k):
        press_key(app, "%s*%d" % (k, n), keys)
    else:
        for _ in range(n):
            press_key(app, k, keys)


def back(app, keys):
    """BACK, as the screen on top takes it (on two buttons the Sun Event
    card list goes back with A and B together: a held A scrolls it)."""
    h = top_screen(app).held
    m = h[0 if app.board.has_up else 1] if h else {}
    k = "back"
    for x in m:
        if m[x] == "back":
            k = x
    press_key(app, k, keys)


def _ways(app, i):
    """The ways to move the cursor of the list on top to row i."""
    scr = top_screen(app)
    ways = [("down", _steps(scr, i, 1))]
    if app.board.has_up:
        ways.append(("up", _steps(scr, i, -1)))
    return ways


def _steps(scr, i, d):
    """The presses of UP (d -1) or DOWN (d 1) that take the cursor to row
    i: a row that goes on with the row above it takes none (MORE)."""
    n = len(scr.rows)
    c = scr.cur
    k = 0
    while c != i and k <= n:
        c = (c + d) % n
        if scr.rows[c][2] is not MORE:
            k += 1
    return k


def reach(app, i):
    """The fewest presses that choose row i of the list on top: the
    cursor moved there, then OK."""
    return min(_cost(app, way)[0] for way in _ways(app, i)) + 1


def go_to_row(app, pred, keys):
    scr = top_screen(app)
    for i, r in enumerate(scr.rows):
        if pred(r):
            _move(app, _ways(app, i), keys)
            press_key(app, "ok", keys)
            return True
    return False


def set_numbers(app, values, keys):
    scr = top_screen(app)
    if not isinstance(scr, Numbers):
        raise Stuck("expected number fields, found %r" % scr.title)
    # four buttons: UP and DOWN, stopping at the limits; two: A steps up
    # and goes round from the maximum to the minimum, a held B ("undo")
    # steps down and stops at the minimum
    for want in values:
        f = scr.fields[scr.cur]
        if not f[2] <= want <= f[3]:
            raise Stuck("%d is not among the values of %r" % (want, f))
        if app.board.has_up:
            ways = [("up", want - f[1])] if want >= f[1] else [("down", f[1] - want)]
        else:
            ways = [("down", (want - f[1]) % (f[3] - f[2] + 1))]
            if want <= f[1]:
                ways.append(("undo", f[1] - want))
        _move(app, ways, keys)
        press_key(app, "ok", keys)


def dismiss(app, keys):
    for _ in range(LIMIT):
        if isinstance(top_screen(app), Message):
            press_key(app, "ok", keys)
        elif type(top_screen(app)).__name__ == "PlayCode":
            leave_code(app, keys)
        else:
            return
    raise Stuck("messages do not end")




def undo_line(app, line, keys):
    """An undo line is the undo press (then whatever it says dismissed):
    True when line is one and was pressed."""
    if line.split()[:1] != ["undo"]:
        return False
    if not app.board.has_up:
        # two buttons: a held B undoes on the home screen or an Undo row
        # only (elsewhere it is B): back to the home screen first
        from firmware.core.text import t
        for _ in range(LIMIT):
            top = top_screen(app)
            if len(app.screens.stack) == 1 or top.held is not None and "undo" in top.held[1] \
                    or (top.cur < len(top.rows) and top.rows[top.cur][0] == t("m.undo")):
                break
            back(app, keys)
    press_key(app, "undo", keys)
    dismiss(app, keys)
    return True


def leave_code(app, keys):
    """The end of a game's QR code (firmware/screenkit/playcode.py) is shown with
    no press: one press (BACK; on two buttons A held) goes to the standings
    under it, before anything else is entered."""
    if type(top_screen(app)).__name__ == "PlayCode":
        back(app, keys)


def step(app, action, line, keys):
    """Press the buttons of one action line: action(app, line, keys), the
    game planner's, or for the game's end of a turn or phase DOWN held
    (four buttons) or A and B together (two), from any screen but one
    where that press steps or goes back (the Sun Event card list, a number
    field: Screen.held; on two buttons any but the home screen and the
    phase menu), which it leaves first."""
    leave_code(app, keys)
    if line == getattr(app.play.ui, "END", None) and app.play.check(line) is None:
        dismiss(app, keys)
        for _ in range(LIMIT):
            h = top_screen(app).held
            if (h is None or h[0 if app.board.has_up else 1].get("end", "end") == "end") and app.screens.ends():
                break
            back(app, keys)
        press_key(app, "end", keys)
    else:
        action(app, line, keys)


def play(app, lines, planner):
    """Play a whole transcript (setup line first) through the buttons with
    planner, the module with the game's setup() and action(); returns the
    list of intents pressed."""
    setup, action = planner.setup, planner.action
    keys = []
    setup(app, lines[0], keys)
    for line in lines[1:]:
        step(app, action, line, keys)
    dismiss(app, keys)
    return keys


# ---------------------------------------------------------------- random actions

class Choices:
    """Choices made with pick(n) (a choice in 0..n-1: random.randrange, or
    hypothesis drawing), in the words the random actions are written in."""

    def __init__(self, pick):
        self.pick = pick

    def num(self, lo=0, hi=15):
        """A number in lo..hi."""
        return lo + self.pick(hi - lo + 1)

    def one(self, items):
        """One of items."""
        items = list(items)
        return items[self.pick(len(items))]

    def flag(self):
        return self.pick(2) == 1
