# Button profiles: which press of which button means which intent.
# Intents: up, down, ok, back, home (to the home screen), undo, end (the
# end of a turn or phase, from any screen of the game).

FOUR_BUTTONS = {
    ("up", "short"): "up", ("up", "long"): "up",
    ("down", "short"): "down", ("down", "long"): "end",
    ("ok", "short"): "ok", ("ok", "long"): "home",
    ("back", "short"): "back", ("back", "long"): "undo",
}

# Two buttons (short and long press): A moves down the list (lists and
# number fields wrap around, so there is no need for "up"), B chooses.
TWO_BUTTONS = {
    ("a", "short"): "down", ("a", "long"): "back",
    ("b", "short"): "ok", ("b", "long"): "undo",
}

PROFILES = {"four": FOUR_BUTTONS, "two": TWO_BUTTONS}
