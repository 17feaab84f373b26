"""Power cuts in every journal append of a whole 4-player game
(assets/inca/demo.txt with undo and redo mixed in): at every byte of every
sixty-fourth small write and at both ends and the middle of the others (a cut
anywhere inside an append leaves the same torn record); and at every step of the
snapshot write-rename sequence.  The snapshot writes (about 6.7 kB each) are
cut at a deterministic sample of offsets: their first 4 and last 8 bytes and
every 197th byte; every write is covered, with both of its ends (nothing of
it written, all of it written).  The harness is tests/mpy/test_journal_cut.py,
whose portable test runs a sparser sample under MicroPython."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "mpy"))

from test_journal_cut import check_cuts  # noqa: E402
from test_journal_fs import demo_lines, with_undo  # noqa: E402


def test_power_cut_inside_every_journal_write():
    lines = with_undo(demo_lines())
    n = check_cuts(lines, every_byte=True, continue_every=211, again_every=7)
    assert n > 15 * len(lines), n
