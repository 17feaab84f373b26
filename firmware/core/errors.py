class IllegalAction(Exception):
    """An action the rules refuse.  The message says why, in plain words;
    the state it was applied to is left exactly as it was."""
