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
