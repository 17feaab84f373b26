# widgets.Rows: a list's rows made when read.  Portable: pytest on CPython,
# tests/mpy/run.py under the MicroPython unix port.
from firmware.screenkit.widgets import Menu, Rows, row


def _counted(n):
    made = []

    def make(i):
        made.append(i)
        return row("card %d" % i, "", "sun s c%d" % i)
    return Rows(n, make), made


def test_rows_are_made_when_read_and_once_while_kept():
    rows, made = _counted(21)
    assert len(rows) == 21 and made == []
    assert rows[3][0] == "card 3" and rows[-1][0] == "card 20"
    assert rows[3] is rows[3] and made == [3, 20]
    for bad in (21, -22):
        try:
            rows[bad]
        except IndexError:
            pass
        else:
            raise AssertionError("row %d of 21" % bad)


def test_rows_can_be_walked_and_keep_no_more_than_a_few():
    rows, made = _counted(21)
    assert [r[2] for r in rows] == ["sun s c%d" % i for i in range(21)]   # iteration ends at the last
    assert len(rows.made) <= Rows.KEEP and len(made) == 21


def test_a_menu_of_rows_makes_them_again_when_the_game_changed():
    rows, made = _counted(5)
    m = Menu("t", rows)
    rows[0]
    rows[1]
    m.refresh(None)         # what the app calls after an action, an undo
    rows[0]
    assert made == [0, 1, 0]
