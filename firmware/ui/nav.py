# Button profiles: which press of which button means which intent.
# Intents: up, down, ok, back, home (to the home screen), undo, end (the
# end of a turn or phase, from any screen of the game); and the repeats of
# a button held on after its long press ("more"): up+, down+, less+, which
# only a screen that takes them heeds (Screen.held, App.key).

FOUR_BUTTONS = {
    ("up", "short"): "up", ("up", "long"): "up", ("up", "more"): "up+",
    ("down", "short"): "down", ("down", "long"): "end", ("down", "more"): "down+",
    ("ok", "short"): "ok", ("ok", "long"): "home",
    ("back", "short"): "back", ("back", "long"): "undo",
}

# Two buttons (short and long press): A moves down the list (lists and
# number fields wrap around, so there is no need for "up"), B chooses; a
# held B undoes, or on a number field steps it down (App.key); A and B
# pressed together end the turn or phase.  Held on, A repeats (the Sun
# Event card list scrolls: there a held A does not go back, A and B do)
# and B repeats (a number field steps down).
TWO_BUTTONS = {
    ("a", "short"): "down", ("a", "long"): "back", ("a", "more"): "down+",
    ("b", "short"): "ok", ("b", "long"): "undo", ("b", "more"): "less+",
    ("both", "short"): "end",
}

PROFILES = {"four": FOUR_BUTTONS, "two": TWO_BUTTONS}
