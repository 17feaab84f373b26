"""Names: the presses that give a seat its name (firmware/screenkit/names.py),
counted as host_sim/keyplan counts them (a held UP or DOWN, on two buttons
a held A, that goes on through N rows is one press).

    .venv/bin/python -m bench.names      # prints the BENCHMARKS.md section

A new name is counted from the seat's row (the cursor on it in Settings >
Player names) through Done, with the roster holding ROSTER (so that New
name is a move away from the cursor): OK on the seat, New name, the
letters, Done.  The letter picker's cost is a letter's own given where its
cursor is (the row of the group of the letter before), so the dearest name
of any length is found over every string of the alphabet by going letter by
letter (worst()).  A seat from the roster is counted from the seat's row too:
OK, the name, OK; the cursor then goes on to the next seat.
"""
import itertools
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

BOARDS = ("pico_oled", "esp32_tdisplay")
NEW_NAME = {"pico_oled": 30, "esp32_tdisplay": 45}      # a new 5-letter Russian name, at most
SEAT = 3                # a seat's name from the roster, at most
ROSTER = ("Аня", "Борис", "Вика", "Гоша", "Даша", "Егор")
REAL = ("Аня", "Борис", "Мария", "Зинаи", "Ñandú", "José")


def at_seats(board, roster=ROSTER, lang="ru"):
    """(app, keys): a fresh device in lang with the roster, on the seats of
    an Origin game being set up (four: red, blue, green, yellow), the
    cursor on the first."""
    from firmware.core.text import t
    from host_sim import device
    from host_sim.keyplan import go_to_row
    app, _ = device.build(board, None, 1, lang=lang)
    app.board.settings["roster"] = list(roster)
    keys = []
    for k in ("g.origin", "m.settings", "n.title"):
        assert go_to_row(app, lambda r: r[0] == t(k), keys), k
    return app, []


def new_name(app, keys):
    """From the seat's row: OK, then New name."""
    from firmware.core.text import t
    from host_sim.keyplan import go_to_row, press_key
    press_key(app, "ok", keys)
    assert go_to_row(app, lambda r: r[0] == t("n.new"), keys)


def letter(app, ch, keys):
    """Add the letter ch on the picker: its alphabet if the picker shows
    the other, its group, the letter."""
    from firmware.core.text import t
    from firmware.screenkit import names, seatnames
    from host_sim.keyplan import go_to_row
    if ch in names.MARKS:
        assert go_to_row(app, lambda r: r[0] == t("n.marks"), keys)
        assert go_to_row(app, lambda r: r[0] == ("-" if ch == "-" else t("n.space")), keys)
        return
    up = names.tidy(ch)
    abc = names.script(up)
    if abc != app.screens.stack[-1].abc:
        assert go_to_row(app, lambda r: r[0] == t(("n.cyrillic", "n.latin")[1 - abc]), keys)
    group = [g for g in seatnames.GROUPS[abc] if up in g][0]
    assert go_to_row(app, lambda r: names.tidy(r[0].replace(" ", "")) == names.tidy(group), keys)
    assert go_to_row(app, lambda r: names.tidy(r[0]) == up, keys)


def done(app, keys):
    from firmware.core.text import t
    from host_sim.keyplan import go_to_row
    assert go_to_row(app, lambda r: r[0] == t("n.done"), keys)


def type_name(app, name, keys):
    """On the picker: the name's letters, then Done."""
    for ch in name:
        letter(app, ch, keys)
    done(app, keys)


class short_presses:
    """Within it, the key planner plans no held press (a thumb that only
    taps: hostkit.HOLD)."""

    def __enter__(self):
        import hostkit
        hostkit.HOLD = False

    def __exit__(self, *exc):
        import hostkit
        hostkit.HOLD = True


def new_name_presses(board, name, lang="ru"):
    """The presses that give the first seat the new name, from its row
    through Done; checks the seat has it and the roster took it."""
    app, keys = at_seats(board, lang=lang)
    new_name(app, keys)
    type_name(app, name, keys)
    assert app.board.settings["names"] == {"red": name} and name in app.board.settings["roster"], \
        app.board.settings
    return len(keys)


def worst(board, n=5, abc=1):
    """(presses, name): the dearest name of n letters of the alphabet abc
    (1: Cyrillic), from the seat's row through Done: each letter's presses
    measured from each row a cursor can be on (the groups'), then the
    dearest path through them."""
    from firmware.screenkit import names, seatnames
    from host_sim.keyplan import reach
    app, keys = at_seats(board)
    new_name(app, keys)
    opening = len(keys)
    scr = app.screens.stack[-1]
    groups = seatnames.GROUPS[abc]
    alphabet = "".join(groups)
    cost = {}
    for a in range(len(groups)):
        for ch in alphabet:
            scr.name, scr.group, scr.cur, scr.top = "", -1, a, 0
            scr.refresh(app)
            got = []
            letter(app, ch, got)
            cost[a, ch] = len(got)
    ending = []
    for a in range(len(groups)):
        scr.name, scr.group, scr.cur, scr.top = "", -1, a, 0
        scr.refresh(app)
        ending.append(reach(app, len(scr.rows) - 1))       # Done, the last row
    where = dict((ch, i) for i in range(len(groups)) for ch in groups[i])
    # most[a]: (presses, letters) of the dearest rest of the name from row a
    most = [(ending[a], "") for a in range(len(groups))]
    for _ in range(n):
        most = [max((cost[a, ch] + most[where[ch]][0], ch + most[where[ch]][1]) for ch in alphabet)
                for a in range(len(groups))]
    total, letters = most[0]
    return opening + total, names.tidy(letters)


def seats(board):
    """The most presses any seat took, over every way of giving four seats
    four of the roster's six names (from no names, and from the names of
    the evening before on other seats), and the presses of all four."""
    from host_sim.keyplan import go_to_row, press_key
    app, _ = at_seats(board)
    base = len(app.screens.stack)
    most = [0, 0]
    for before in ({}, {"red": "Егор", "blue": "Даша", "green": "Вика", "yellow": "Гоша"}):
        for pick in itertools.permutations(ROSTER, 4):
            del app.screens.stack[base:]
            scr = app.screens.stack[-1]
            if before:
                app.board.settings["names"] = dict(before)
            else:
                app.board.settings.pop("names", None)
            scr.refresh(app)
            scr.cur = 0
            total = 0
            for name in pick:
                keys = []
                press_key(app, "ok", keys)
                assert go_to_row(app, lambda r: r[0] == name, keys)
                most[0] = max(most[0], len(keys))
                total += len(keys)
            assert app.board.settings["names"] == dict(zip(("red", "blue", "green", "yellow"), pick))
            most[1] = max(most[1], total)
    return most


def _lang(name):
    """The device's language for a name typed: Russian for a Cyrillic one,
    Spanish for a Latin one (the picker opens on its alphabet)."""
    from firmware.screenkit import names
    return "ru" if names.script(name[0]) else "es"


def measure():
    r = {}
    for b in BOARDS:
        r["worst", b] = worst(b)
        r["seats", b] = seats(b)
        for name in REAL:
            r["real", b, name] = new_name_presses(b, name, _lang(name))
        with short_presses():
            r["worst short", b] = worst(b)
            r["seats short", b] = seats(b)
            for name in REAL:
                r["short", b, name] = new_name_presses(b, name, _lang(name))
    return r


def section(r):
    L = ["## Names", "",
         "The presses that name a seat (`.venv/bin/python -m bench.names`), counted",
         "as *Presses* counts them, on four buttons (pico_oled) and two",
         "(esp32_tdisplay), with %d names on the roster. A new name: from the" % len(ROSTER),
         "seat's row through Done (OK on the seat, New name, the letters, Done); the",
         "dearest 5-letter Cyrillic name is the worst over every string of the",
         "alphabet. A seat from the roster: from the seat's row (OK, the name, OK).",
         "Short presses only: no held UP, DOWN or A (a thumb that only taps).", "",
         "| what | budget | four buttons | two buttons | four, short presses only | two, short presses only |",
         "| --- | --- | --- | --- | --- | --- |"]
    o, t = r["worst", "pico_oled"], r["worst", "esp32_tdisplay"]
    so, st = r["worst short", "pico_oled"], r["worst short", "esp32_tdisplay"]
    L.append("| the dearest new 5-letter Cyrillic name | %d / %d | %d (%s) | %d (%s) | %d (%s) | %d (%s) |"
             % (NEW_NAME["pico_oled"], NEW_NAME["esp32_tdisplay"], o[0], o[1], t[0], t[1], so[0], so[1], st[0], st[1]))
    for name in REAL:
        L.append("| new name %s (%d letters, device in %s) | | %d | %d | %d | %d |"
                 % (name, len(name), _lang(name), r["real", "pico_oled", name], r["real", "esp32_tdisplay", name],
                    r["short", "pico_oled", name], r["short", "esp32_tdisplay", name]))
    so, st = r["seats", "pico_oled"], r["seats", "esp32_tdisplay"]
    sso, sst = r["seats short", "pico_oled"], r["seats short", "esp32_tdisplay"]
    L.append("| a seat from the roster, the most of any (four seats from six names, every way) | %d | %d | %d | %d | %d |"
             % (SEAT, so[0], st[0], sso[0], sst[0]))
    L.append("| four seats from the roster, the most of any way | %d | %d | %d | %d | %d |"
             % (4 * SEAT, so[1], st[1], sso[1], sst[1]))
    return "\n".join(L)


if __name__ == "__main__":
    print(section(measure()))
