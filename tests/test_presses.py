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
