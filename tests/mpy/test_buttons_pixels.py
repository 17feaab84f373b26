# Buttons (debounce, short and long press) and the player LEDs, with fake
# pins and LEDs.  Portable: CPython and MicroPython.
from firmware.hal.buttons import LONG_MS, REPEAT_MS, Buttons
from firmware.hal.pixels import PlayerPixels
from firmware.screenkit.nav import FOUR_BUTTONS, TWO_BUTTONS


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
    t = press(b, pins["a"], t, 700)     # released before its first repeat
    t = press(b, pins["b"], t, 80)
    press(b, pins["b"], t, 700)
    # a held A is a step down (a list goes on down while it is held)
    assert [b.get(), b.get(), b.get(), b.get(), b.get()] == ["down", "down", "ok", "undo", None]


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
    """A and B together: "back" at the first release, or "end" once both
    are held long_ms; once, either way: neither gives its own short or
    long press, however long they are held."""
    pins = {"a": Pin(), "b": Pin()}
    b = Buttons(pins, TWO_BUTTONS)
    t = hold(b, [pins["a"], pins["b"]], 0, 120)
    t = hold(b, [pins["a"], pins["b"]], t, 1500)
    assert [b.get(), b.get(), b.get()] == ["back", "end", None]
    # B pressed while A is held (a thumb on each): still a chord, from B's press
    pins["a"].v = 0
    for k in range(20):
        b.poll(t + 5 * k)
    pins["b"].v = 0
    for k in range(20, 40):
        b.poll(t + 5 * k)
    pins["a"].v = pins["b"].v = 1
    for k in range(40, 60):
        b.poll(t + 5 * k)
    assert b.get() == "back" and b.at == t + 200 and b.get() is None
    # held together: "end" long_ms after B's press counted, nothing at the release
    pins["a"].v = 0
    t += 400
    for k in range(20):
        b.poll(t + 5 * k)
    pins["b"].v = 0
    for k in range(20, 300):
        b.poll(t + 5 * k)
    pins["a"].v = pins["b"].v = 1
    for k in range(300, 320):
        b.poll(t + 5 * k)
    assert b.get() == "end" and b.at == t + 100 + 30 + LONG_MS and b.get() is None
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
    got = drain(b)
    # (A held on repeats meanwhile: a held button's steps, below)
    assert [k for k in got if k != "down+"] == ["down", "ok"] and "down+" in got


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
    assert b.get() == "back" and b.get() is None
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


def drain(b):
    """Every intent given, in order; (intent, when) pairs with times."""
    out = []
    k = b.get()
    while k is not None:
        out.append(k)
        k = b.get()
    return out


def timed(b):
    out = []
    k = b.get()
    while k is not None:
        out.append((k, b.at))
        k = b.get()
    return out


def test_a_held_up_or_down_repeats_every_repeat_ms_after_its_long_press_until_released():
    """Held n steps (let go between the n-th and the next): the long press
    at LONG_MS, then a repeat every REPEAT_MS, each with its time; nothing
    at the release."""
    pins = {"up": Pin(), "down": Pin(), "ok": Pin(), "back": Pin()}
    b = Buttons(pins, FOUR_BUTTONS)
    t = 1000
    for n in range(1, 8):
        for name, first, more in (("down", "end", "down+"), ("up", "up", "up+")):
            held = LONG_MS + (n - 1) * REPEAT_MS + REPEAT_MS // 2
            end = press(b, pins[name], t, held)
            want = [(first, t + LONG_MS)] + [(more, t + LONG_MS + j * REPEAT_MS) for j in range(1, n)]
            assert timed(b) == want, (name, n)
            t = end + 100
    # let go just before a repeat falls due: none; at it: that one
    press(b, pins["down"], t, LONG_MS + 2 * REPEAT_MS - 5)
    assert drain(b) == ["end", "down+"]


def test_repeats_do_not_depend_on_how_often_the_buttons_are_read():
    """A device busy for a second reads the buttons once: the same intents
    at the same times as when it reads them every 5 ms (a repeat is never
    lost or doubled: the times of the press decide, not the reading)."""
    pins = {"up": Pin(), "down": Pin(), "ok": Pin(), "back": Pin()}
    often = Buttons(pins, FOUR_BUTTONS)
    press(often, pins["down"], 0, LONG_MS + 3 * REPEAT_MS + 40)
    want = timed(often)
    assert [k for k, _ in want] == ["end", "down+", "down+", "down+"]
    for reads in ((0, 1000), (0, 700, 1000), (0, 599, 601, 751, 1000)):
        b = Buttons(pins, FOUR_BUTTONS)
        pins["down"].v = 0
        for r in reads[:-1]:
            b.poll(r)
        pins["down"].v = 1
        b.poll(LONG_MS + 3 * REPEAT_MS + 40)   # the release, read when the device is free
        b.poll(5000)
        assert timed(b) == want, reads


def test_only_the_buttons_that_step_repeat():
    """OK and BACK held give their long press once (home, undo), however
    long; on two buttons A and B repeat (the Sun card list, a number
    field: App.key), the two together (a chord) do not."""
    pins = {"up": Pin(), "down": Pin(), "ok": Pin(), "back": Pin()}
    b = Buttons(pins, FOUR_BUTTONS)
    t = press(b, pins["ok"], 0, 2000)
    press(b, pins["back"], t, 2000)
    assert drain(b) == ["home", "undo"]
    pins = {"a": Pin(), "b": Pin()}
    b = Buttons(pins, TWO_BUTTONS)
    t = press(b, pins["a"], 0, LONG_MS + REPEAT_MS + 20)
    t = press(b, pins["b"], t, LONG_MS + 2 * REPEAT_MS + 20)
    hold(b, [pins["a"], pins["b"]], t, 2000)
    assert drain(b) == ["down", "down+", "undo", "less+", "less+", "end"]


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
    seen = []
    while True:
        ms = px.step()
        if not ms:
            break
        seen.append((ms, list(strip.shown)))
    # six frames of 150 ms: every LED red at full brightness, then dark
    red = (220, 0, 0)
    assert [ms for ms, _ in seen] == [150] * 6
    assert seen[0][1] == [red] * 4 and seen[2][1] == [red] * 4
    assert seen[1][1] == [(0, 0, 0)] * 4
    assert strip.shown == px.steady()
