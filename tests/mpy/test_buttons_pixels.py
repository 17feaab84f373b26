# Buttons (debounce, short and long press) and the player LEDs, with fake
# pins and LEDs.  Portable: CPython and MicroPython.
from firmware.hal.buttons import Buttons
from firmware.hal.pixels import PlayerPixels
from firmware.ui.nav import FOUR_BUTTONS, TWO_BUTTONS


class Pin:
    def __init__(self):
        self.v = 1  # pulled up: 1 when not pressed

    def value(self):
        return self.v


class Strip:
    def __init__(self, n):
        self.buf = [(0, 0, 0)] * n
        self.shown = None
        self.writes = 0

    def __len__(self):
        return len(self.buf)

    def __setitem__(self, i, v):
        self.buf[i] = v

    def write(self):
        self.shown = list(self.buf)
        self.writes += 1


def press(b, pin, t0, ms, step=5):
    pin.v = 0
    t = t0
    while t < t0 + ms:
        b.poll(t)
        t += step
    pin.v = 1
    for k in range(12):
        b.poll(t + k * step)
    return t + 12 * step


def test_short_press_after_debounce():
    pins = {"up": Pin(), "down": Pin(), "ok": Pin(), "back": Pin()}
    b = Buttons(pins, FOUR_BUTTONS)
    t = press(b, pins["ok"], 0, 100)
    assert b.get() == "ok" and b.get() is None
    press(b, pins["down"], t, 100)
    assert b.get() == "down"


def test_bounces_shorter_than_debounce_are_ignored():
    pins = {"ok": Pin()}
    b = Buttons(pins, FOUR_BUTTONS)
    t = 0
    for k in range(5):  # contact bounce: 10 ms pulses
        pins["ok"].v = k % 2
        b.poll(t)
        t += 10
    pins["ok"].v = 1
    for k in range(10):
        b.poll(t + 5 * k)
    assert b.get() is None


def test_long_press_fires_once_while_held():
    pins = {"back": Pin()}
    b = Buttons(pins, FOUR_BUTTONS)
    press(b, pins["back"], 0, 1500)
    assert b.get() == "undo"
    assert b.get() is None


def test_two_button_profile():
    pins = {"a": Pin(), "b": Pin()}
    b = Buttons(pins, TWO_BUTTONS)
    t = press(b, pins["a"], 0, 80)
    t = press(b, pins["a"], t, 900)
    t = press(b, pins["b"], t, 80)
    press(b, pins["b"], t, 900)
    assert [b.get(), b.get(), b.get(), b.get()] == ["down", "back", "ok", "undo"]


def hold(b, pins, t, ms, step=5):
    """Hold the pins down together from t for ms, then release them."""
    for p in pins:
        p.v = 0
    end = t + ms
    while t < end:
        b.poll(t)
        t += step
    for p in pins:
        p.v = 1
    for k in range(12):
        b.poll(t + k * step)
    return t + 12 * step


def test_two_buttons_pressed_together_are_one_chord():
    """A and B together: "end", once, at the second one's press; neither
    gives its own short or long press, however long they are held."""
    pins = {"a": Pin(), "b": Pin()}
    b = Buttons(pins, TWO_BUTTONS)
    t = hold(b, [pins["a"], pins["b"]], 0, 120)
    t = hold(b, [pins["a"], pins["b"]], t, 1500)
    assert [b.get(), b.get(), b.get()] == ["end", "end", None]
    # B pressed while A is held (a thumb on each): still a chord, at B's press
    pins["a"].v = 0
    for k in range(20):
        b.poll(t + 5 * k)
    pins["b"].v = 0
    for k in range(20, 40):
        b.poll(t + 5 * k)
    pins["a"].v = pins["b"].v = 1
    for k in range(40, 60):
        b.poll(t + 5 * k)
    assert b.get() == "end" and b.at == t + 100 + 30 and b.get() is None
    # after A's long press has come, B is a press of its own
    pins["a"].v = 0
    t += 400
    for k in range(200):
        b.poll(t + 5 * k)
    pins["b"].v = 0
    for k in range(200, 220):
        b.poll(t + 5 * k)
    pins["b"].v = 1
    pins["a"].v = 1
    for k in range(220, 240):
        b.poll(t + 5 * k)
    assert [b.get(), b.get(), b.get()] == ["back", "ok", None]


def test_a_button_pressed_again_within_a_chord_gives_nothing():
    """After A and B together, B released and pressed again (or held)
    while A is still down gives no press of its own: the chord lasts until
    both are up; then each button is itself again."""
    pins = {"a": Pin(), "b": Pin()}
    b = Buttons(pins, TWO_BUTTONS)
    t = 0
    steps = [(0, 0, 1), (100, 0, 0), (300, 0, 1), (400, 0, 0), (1200, 0, 1), (1300, 1, 1)]
    for until, a, bb in steps:
        pins["a"].v = a
        pins["b"].v = bb
        while t < until:
            b.poll(t)
            t += 5
    for k in range(20):
        b.poll(t + 5 * k)
    assert b.get() == "end" and b.get() is None
    t = press(b, pins["b"], t + 200, 80)
    assert b.get() == "ok" and b.get() is None


def test_four_buttons_have_no_chord():
    pins = {"up": Pin(), "down": Pin(), "ok": Pin(), "back": Pin()}
    b = Buttons(pins, FOUR_BUTTONS)
    hold(b, [pins["down"], pins["ok"]], 0, 120)
    assert sorted([b.get(), b.get()]) == ["down", "ok"] and b.get() is None


def test_each_press_comes_with_the_time_it_counted():
    """A short press counts at its release, a long one once held long_ms
    (App.key reads the time: an OK soon after the turn passed)."""
    pins = {"ok": Pin(), "back": Pin()}
    b = Buttons(pins, FOUR_BUTTONS)
    t = press(b, pins["ok"], 1000, 100)         # released at 1100
    press(b, pins["back"], t, 1500)             # down at t, counts at t + 600
    assert b.get() == "ok" and b.at == 1100
    assert b.get() == "undo" and b.at == t + 600
    assert b.get() is None and b.at is None


def test_turn_player_is_bright_and_absent_colour_dark():
    strip = Strip(4)
    px = PlayerPixels(strip)
    px.players(["blue", "orange", "green"], "orange")
    s = strip.shown
    assert s[3] == (0, 0, 0)
    assert sum(s[1]) > 4 * sum(s[0]) and sum(s[1]) > 4 * sum(s[2])
    writes = strip.writes
    px.players(["blue", "orange", "green"], None)
    assert strip.writes == writes + 1  # one batched write per change


def test_brightness_scales_and_animation_ends_steady():
    strip = Strip(4)
    px = PlayerPixels(strip)
    px.brightness = 1
    px.players(["blue", "orange", "green", "brown"], "blue")
    dim = sum(strip.shown[0])
    px.brightness = 5
    px.players(["blue", "orange", "green", "brown"], "blue")
    assert sum(strip.shown[0]) > 10 * dim
    px.animate("pizarro")
    frames = 0
    while px.step():
        frames += 1
    assert frames == 6
    assert strip.shown == px.steady()
