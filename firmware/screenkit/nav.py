# Button profiles: which press of which button means which intent.
# Intents: up, down, ok, back, home (to the home screen), undo, end (the
# end of a turn or phase, from any screen of the game); and the repeats of
# a button held on after its long press ("more"): up+, down+, less+: a
# list moves on a row each (Screen.key), a number field steps (Screen.held).

FOUR_BUTTONS = {
    ("up", "short"): "up", ("up", "long"): "up", ("up", "more"): "up+",
    ("down", "short"): "down", ("down", "long"): "end", ("down", "more"): "down+",
    ("ok", "short"): "ok", ("ok", "long"): "home",
    ("back", "short"): "back", ("back", "long"): "undo",
}

# Two buttons (short and long press), each meaning the same on every
# screen: A moves down the list (lists wrap round, so there is no need for
# "up"), and held on it goes on down, a row every REPEAT_MS
# (firmware/hal/buttons.py), as one press (on
# a number field: up, and round); B chooses; a held B undoes (on a number
# field: steps down and on).  A and B pressed together go back one screen;
# held together, they end the turn or phase.
TWO_BUTTONS = {
    ("a", "short"): "down", ("a", "long"): "down", ("a", "more"): "down+",
    ("b", "short"): "ok", ("b", "long"): "undo", ("b", "more"): "less+",
    ("both", "short"): "back", ("both", "long"): "end",
}

PROFILES = {"four": FOUR_BUTTONS, "two": TWO_BUTTONS}
