# Players' names spelt on both runtimes (firmware/screenkit/names.py):
# MicroPython's upper() and lower() know only ASCII, so the names' capitals
# and small letters come from the module's own alphabets, and a Cyrillic or
# Spanish letter is one character there as on CPython.  Portable: pytest on
# CPython, tests/mpy/run.py under the MicroPython unix port.
from firmware.screenkit import names, seatnames


def test_names_are_spelt_and_checked_alike_on_both_runtimes():
    assert names.tidy("  аНЯ ") == "Аня" and names.tidy("жан-поль") == "Жан-Поль"
    assert names.tidy("ÑANDÚ") == "Ñandú" and names.tidy("ana  m") == "Ana M"
    assert names.tidy("Е\u0308ж") == "Ёж" and len(names.tidy("Е\u0308ж")) == 2
    for good in ("Аня", "Ёж", "Ñandú", "Ana M", "Абвгдежз"):
        assert names.valid(good), good
    for bad in ("аня", "Абвгдежзи", "Aня", "Ana--M", "Bob9", "Е\u0308ж", "Ana "):
        assert not names.valid(bad), bad
    assert names.roster_of(["аня", "ёж"]) == ["Аня", "Ёж"] and names.roster_of(["Аня", "аня"]) is None
    assert names.seat_names({"red": "аня"}) == {"red": "Аня"}


def test_the_pickers_groups_show_the_case_the_next_letter_takes():
    assert seatnames.Letters._case("ДЕЁЖЗ", True) == "деёжз" and seatnames.Letters._case("MNÑOÓ", True) == "mnñoó"
    assert seatnames.Letters._case("ДЕЁЖЗ", False) == "ДЕЁЖЗ"
    for abc in (0, 1):
        for g in seatnames.GROUPS[abc]:
            for ch in g:
                assert names.script(ch) == abc and names.valid(ch), ch


class _Lay:
    rows = 6
    footer = 0


class _Board:
    lay = _Lay()


class _Screens:
    def __init__(self):
        self.stack = []
        self.notes = []

    def pop(self):
        self.stack.pop()

    def note(self, msg):
        self.notes.append(msg)


class _App:
    def __init__(self):
        self.board = _Board()
        self.screens = _Screens()


def _pick(app, scr, label):
    """DOWN to the row whose letters are label, then OK."""
    for _ in range(len(scr.rows)):
        if scr.rows[scr.cur][0].replace(" ", "") == label:
            scr.key(app, "ok")
            return
        scr.key(app, "down")
    raise AssertionError("no row %r in %r" % (label, [r[0] for r in scr.rows]))


def test_the_letter_picker_types_a_cyrillic_name_with_a_space():
    from firmware.core import text
    text.load("assets/lang/ru.json")
    try:
        _type_a_name(text)
    finally:
        text.load("assets/lang/en.json")      # the tables the other tests expect


def _type_a_name(text):
    app = _App()
    got = []
    scr = seatnames.Letters("Синий", lambda app, name: got.append(name), True)
    app.screens.stack.append(scr)
    scr.refresh(app)
    assert scr.rows[0][0] == "А Б В Г" and scr.title == "Синий: _"
    for group, letter in (("АБВГ", "А"), ("мноп", "н"), ("ьэюя", "я"), (text.t("n.marks").replace(" ", ""), text.t("n.space")),
                          ("ИЙКЛ", "К")):
        _pick(app, scr, group)
        _pick(app, scr, letter.replace(" ", ""))
    assert scr.title == "Синий: Аня К_" and scr.group == -1
    scr.key(app, "back")        # BACK: the last letter goes
    scr.key(app, "back")
    assert scr.title == "Синий: Аня_"
    _pick(app, scr, text.t("n.done").replace(" ", ""))
    assert got == ["Аня"] and app.screens.notes == []
