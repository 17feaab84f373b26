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
# number fields wrap around, so there is no need for "up"), B chooses; a
# held B undoes, or on a number field steps it down (App.key); A and B
# pressed together end the turn or phase.
TWO_BUTTONS = {
    ("a", "short"): "down", ("a", "long"): "back",
    ("b", "short"): "ok", ("b", "long"): "undo",
    ("both", "short"): "end",
}

PROFILES = {"four": FOUR_BUTTONS, "two": TWO_BUTTONS}
