# widgets.Numbers: on four buttons UP and DOWN change a value and stop at
# its limits (a count of 0 never becomes the maximum); on two buttons A
# ("down") steps it up and round from the maximum to the minimum (the hint
# shows it), and a held B ("less", App.key) steps it down and stops at the
# minimum.  Portable: pytest on CPython, tests/mpy/run.py under the
# MicroPython unix port.
from firmware.screenkit.widgets import Numbers


class Board:
    def __init__(self, has_up):
        self.has_up = has_up


class Screens:
    def __init__(self):
        self.popped = 0

    def pop(self):
        self.popped += 1


class App:
    """What a number field reads of the app: the board's buttons, and the
    screens it closes."""

    def __init__(self, has_up):
        self.board = Board(has_up)
        self.screens = Screens()


def _steps(field, n, has_up=False, key="down"):
    app = App(has_up)
    got = []
    scr = Numbers("t", [field], lambda app, v: got.append(v))
    scr.refresh(app)
    seen = []
    for _ in range(n):
        scr.key(app, key)
        seen.append(scr.fields[0][1])
    scr.key(app, "ok")
    assert app.screens.popped == 1 and got == [[seen[-1]]]
    return seen


def test_on_two_buttons_a_count_goes_up_and_round_to_its_least():
    assert _steps(["f.cities", 2, 0, 4], 5) == [3, 4, 0, 1, 2]


def test_on_two_buttons_a_held_b_steps_down_and_stops_at_the_least():
    assert _steps(["f.cities", 2, 0, 4], 4, key="less") == [1, 0, 0, 0]
    assert _steps(["f.amount", 0, -3, 3], 4, key="less") == [-1, -2, -3, -3]


def test_on_four_buttons_down_stops_at_the_least_and_up_at_the_most():
    assert _steps(["f.cities", 2, 0, 4], 3, has_up=True) == [1, 0, 0]
    assert _steps(["f.garrisons", 0, 0, 20], 2, has_up=True) == [0, 0]
    assert _steps(["f.amount", 0, -3, 3], 4, has_up=True, key="up") == [1, 2, 3, 3]
    assert _steps(["f.amount", 0, -3, 3], 2, has_up=True) == [-1, -2]
