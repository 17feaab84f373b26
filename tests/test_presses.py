"""The press budgets of the scripted games (bench/presses.py, BENCHMARKS.md
*Presses*): what the thumb does over a whole game, on each button profile."""
import warnings

import pytest

from bench import presses


def test_a_whole_inca_game_on_two_buttons_takes_at_most_a_third_more_presses_than_on_four():
    four = presses.count("inca", "pico_oled")
    two = presses.count("inca", "esp32_tdisplay")
    assert four["over"] and two["over"]
    assert two["total"] <= presses.TWO_OVER_FOUR * four["total"], (two["total"], four["total"])
    # the number fields cost no more on two buttons (A up and on, a held B down)
    assert two["numbers"] == four["numbers"]
    # and an end of turn or phase is one press on both (A and B held together)
    assert two["kinds"]["next"] == four["kinds"]["next"]


def test_a_sun_event_card_takes_at_most_three_presses_on_four_buttons():
    """The card list opens on the likeliest card and a held UP or DOWN
    scrolls it (one press): the scripted game's cards, from the home
    screen, the phase menu's row and the list's OK counted."""
    for board in ("pico_oled", "pico_display"):
        sun = presses.count("inca", board)["kinds"]["sun"]
        assert sun[0] > 40 and sun[1] <= presses.SUN_PER_CARD * sun[0], (board, sun)


@pytest.mark.parametrize("board", ["pico_oled", "esp32_tdisplay"])
@pytest.mark.parametrize("game", presses.GAMES)
def test_any_row_of_any_menu_is_a_few_presses_away_and_redo_three_from_home(game, board):
    """A held UP (two buttons: a held A) goes on through a list as one
    press: no row of any list the scripted game shows is more than
    ANY_ROW presses away, OK counted (an overshoot on a 14-row menu cost
    13 on two buttons); after an undo, Redo is REDO presses from home."""
    rows, redo = presses.reach(game, board)
    assert 2 <= rows <= presses.ANY_ROW, rows
    if game in ("inca", "eightmin"):
        assert redo is not None and redo <= presses.REDO, redo


# The presses of every scripted game on every board profile, and of them
# those on a number field (BENCHMARKS.md, *Presses*): pinned, so that a
# change that adds presses (or saves some) is seen here and its figures
# are written again with the reason.
PRESSES = {
    ("inca", "pico_oled"): (783, 223), ("inca", "pico_display"): (783, 223),
    ("inca", "esp32_tdisplay"): (832, 223),
    ("eightmin", "pico_oled"): (171, 62), ("eightmin", "pico_display"): (171, 62),
    ("eightmin", "esp32_tdisplay"): (173, 62),
    ("origin", "pico_oled"): (222, 55), ("origin", "pico_display"): (222, 55),
    ("origin", "esp32_tdisplay"): (222, 55),
    ("yu", "pico_oled"): (179, 25), ("yu", "pico_display"): (171, 25),
    ("yu", "esp32_tdisplay"): (171, 25),
}


def test_the_presses_of_each_scripted_game_are_the_ones_measured():
    from host_sim import games
    pinned = set(g for g, _ in PRESSES)
    assert sorted(PRESSES) == sorted((g, b) for g in pinned for b in presses.BOARDS)
    gone = sorted(pinned - set(presses.GAMES))
    assert not gone, "PRESSES pins %s, no longer in the registry" % gone
    got = {}
    for g in presses.GAMES:
        for board in presses.BOARDS:
            r = presses.count(g, board)
            # every script plays to its end (a campaign's may end with a game under way)
            assert r["over"] or not getattr(games.host(g), "SCRIPT_ENDS", True), (g, board)
            got[g, board] = (r["total"], r["numbers"])
    changed = dict((k, (PRESSES[k], got[k])) for k in PRESSES if got[k] != PRESSES[k])
    assert not changed, "presses (total, on a number field) changed, pinned -> now: %r" % changed
    # a game added since is measured and played to its end; its figures,
    # to be pinned here once they are the ones its screens should take
    new = dict((k, v) for k, v in sorted(got.items()) if k[0] not in pinned)
    if new:
        warnings.warn("presses of a game not pinned (to pin them, add to PRESSES in tests/test_presses.py): %s"
                      % ", ".join("%r: %r" % kv for kv in new.items()), stacklevel=1)
