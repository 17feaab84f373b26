"""The press budgets of the scripted games (bench/presses.py, BENCHMARKS.md
*Presses*): what the thumb does over a whole game, on each button profile."""
from bench import presses


def test_a_whole_inca_game_on_two_buttons_takes_at_most_a_third_more_presses_than_on_four():
    four = presses.count("inca", "pico_oled")
    two = presses.count("inca", "esp32_tdisplay")
    assert four["over"] and two["over"]
    assert two["total"] <= presses.TWO_OVER_FOUR * four["total"], (two["total"], four["total"])
    # the number fields cost no more on two buttons (A up, a held B down)
    assert two["numbers"] == four["numbers"]
    # and an end of turn or phase is one press on both (A and B together)
    assert two["kinds"]["next"] == four["kinds"]["next"]


def test_a_sun_event_card_takes_at_most_three_presses_on_four_buttons():
    """The card list opens on the likeliest card and a held UP or DOWN
    scrolls it (one press): the scripted game's cards, from the home
    screen, the phase menu's row and the list's OK counted."""
    for board in ("pico_oled", "pico_display"):
        sun = presses.count("inca", board)["kinds"]["sun"]
        assert sun[0] > 40 and sun[1] <= presses.SUN_PER_CARD * sun[0], (board, sun)


# The presses of every scripted game on every board profile, and of them
# those on a number field (BENCHMARKS.md, *Presses*): pinned, so that a
# change that adds presses (or saves some) is seen here and its figures
# are written again with the reason.
PRESSES = {
    ("inca", "pico_oled"): (890, 223), ("inca", "pico_display"): (890, 223),
    ("inca", "esp32_tdisplay"): (1007, 223),
    ("eightmin", "pico_oled"): (150, 62), ("eightmin", "pico_display"): (150, 62),
    ("eightmin", "esp32_tdisplay"): (175, 62),
    ("origin", "pico_oled"): (284, 59), ("origin", "pico_display"): (284, 59),
    ("origin", "esp32_tdisplay"): (519, 59),
    ("yu", "pico_oled"): (184, 25), ("yu", "pico_display"): (184, 25),
    ("yu", "esp32_tdisplay"): (234, 25),
}


def test_the_presses_of_each_scripted_game_are_the_ones_measured():
    assert sorted(PRESSES) == sorted((g, b) for g in ("inca", "eightmin", "origin", "yu") for b in presses.BOARDS)
    got = {}
    for g, board in PRESSES:
        r = presses.count(g, board)
        # every script plays to its end (the campaign's ends with a game under way)
        assert r["over"] or g == "yu", (g, board)
        got[g, board] = (r["total"], r["numbers"])
    changed = dict((k, (PRESSES[k], got[k])) for k in PRESSES if got[k] != PRESSES[k])
    assert not changed, "presses (total, on a number field) changed, pinned -> now: %r" % changed
