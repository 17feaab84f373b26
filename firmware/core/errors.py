class IllegalAction(Exception):
    """An action the rules refuse.  The message says why, in plain words;
    the state it was applied to is left exactly as it was.

    The English message is `fmt % words`; screens translate it through the
    language table (the English format is the key, each word a colour,
    building, card or phase name, or a number), see firmware.core.text.reason."""

    def __init__(self, fmt, words=()):
        super().__init__(fmt % words if words else fmt)
        self.fmt = fmt
        self.words = words


class EditionError(Exception):
    """A game's bundled edition table cannot be read: the game cannot be
    set up or resumed until it is put back (flash the firmware again)."""
