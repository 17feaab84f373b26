"""Runs of undo and redo, chosen by hypothesis, in a journal: a resume
makes each run's net move once (firmware/core/resume.py _move, _moved)
rather than record by record, and must give the session the players left
(state, undo checkpoint and tail, redo stack) from the snapshot and from
the setup line, at the checkpoint's moves too; undo must then go back as
far as before the cut, view by view."""
import json
import os
import sys

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "mpy"))

from test_journal_fs import MemFs, demo_lines, resume, same  # noqa: E402
from util import edition  # noqa: E402

from firmware.core.errors import IllegalAction  # noqa: E402
from firmware.core.journal import Journal  # noqa: E402
from firmware.games import inca  # noqa: E402

LINES = demo_lines()
SLOW = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

# a step: a run of undo/redo (a string of "u" and "r"), then the game's next
# action (the one the demo game takes next from where the run left it)
RUN = st.text(alphabet="ur", max_size=6)


def view(s):
    return json.dumps(s.view(), sort_keys=True)


@SLOW
@given(st.integers(min_value=1, max_value=90), st.lists(st.tuples(RUN, st.integers(0, 3)), min_size=1, max_size=25))
def test_a_resume_after_runs_of_undo_and_redo_is_the_game_the_players_left(start, steps):
    fs = MemFs()
    j = Journal("g", inca, edition(), fs)
    j.start(LINES[0])
    for a in LINES[1:start]:
        j.apply(a)
    for run, acts in steps:
        for c in run:
            try:
                j.apply("undo" if c == "u" else "redo")
            except IllegalAction:
                pass        # refused: nothing written
        for _ in range(acts):
            n = j.session.count + 1
            if n < len(LINES):
                j.apply(LINES[n])
    bare = fs.copy()
    for name in list(bare.files):
        if "/snap" in name:
            del bare.files[name]
    for r in (resume(fs), resume(bare)):
        assert r.notes == [], r.notes
        assert r.records == j.records
        assert same(r.session, j.session)
    live, r = j.session, resume(fs).session
    while True:
        try:
            live.apply("undo")
        except IllegalAction:
            break
        r.apply("undo")
        assert view(live) == view(r)
    try:
        r.apply("undo")
    except IllegalAction:
        pass
    else:
        raise AssertionError("the resumed game undoes further than the game played")
