# widgets.Numbers on a board with no UP button: the one button steps
# through a field's values upwards, or 0, +1, -1, +2, -2 ... in a range
# either side of 0.  Portable: pytest on CPython, tests/mpy/run.py under
# the MicroPython unix port.
from firmware.ui.widgets import Numbers


class App:
    def __init__(self, has_up):
        self.has_up = has_up
        self.popped = 0

    def pop(self):
        self.popped += 1


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
    assert app.popped == 1 and got == [[seen[-1]]]
    return seen


def test_a_count_goes_up_and_wraps_to_its_least():
    assert _steps(["f.cities", 2, 0, 4], 5) == [3, 4, 0, 1, 2]


def test_a_correction_goes_out_from_zero_both_ways():
    assert _steps(["f.amount", 0, -3, 3], 8) == [1, -1, 2, -2, 3, -3, 0, 1]


def test_a_lopsided_correction_reaches_every_value():
    seen = _steps(["f.amount", 0, -2, 4], 8)
    assert seen == [1, -1, 2, -2, 3, 4, 0, 1]


def test_with_an_up_button_down_still_goes_down():
    assert _steps(["f.cities", 2, 0, 4], 3, has_up=True) == [1, 0, 4]
    assert _steps(["f.amount", 0, -3, 3], 2, has_up=True) == [-1, -2]
    assert _steps(["f.amount", 0, -3, 3], 2, has_up=True, key="up") == [1, 2]
