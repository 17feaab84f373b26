# Players' names: the spelling of a name (the letters of both alphabets,
# one way to write each name, what a seat or the roster may hold) and the
# names given to the seats put in the game's words.  Imported when the boot
# checks the settings and when a game's words are loaded, and forgotten
# after: the screens that give the names are firmware/screenkit/seatnames.py.
#
# A name is up to 8 letters of one alphabet, Latin with the Spanish letters
# or Cyrillic, a hyphen or a space between two of them ("Аня К"); its first
# letter and the one after a hyphen or a space are capitals, the others
# small, so that BG Stats finds the same spelling every evening (tidy).  It
# is kept in the settings by the seat's colour (the person at the blue
# seat), shown wherever the game names that colour (the home screen, the
# history, the reminders: the words of the colour are the name's,
# text.over) and written in the play's BG Stats link.

from firmware.core import text


def chars(s):
    """The characters of s, each a string of its own that MicroPython does
    not intern (a loop over a str, or s[i], interns each for good: every
    letter a group's names hold would take a name of the heap's)."""
    return [s[i:i + 1] for i in range(len(s))]

# the letters, capitals and small ones in the same places
# (MicroPython's upper() and lower() know only ASCII)
LATIN = "ABCDEFGHIJKLMNÑOPQRSTUVWXYZÁÉÍÓÚÜ"
LATIN_SMALL = "abcdefghijklmnñopqrstuvwxyzáéíóúü"
CYRILLIC = "АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ"
CYRILLIC_SMALL = "абвгдеёжзийклмнопрстуфхцчшщъыьэюя"
MARKS = "- "
# a letter and the accent typed after it (a name from a computer may come
# so): the letter with its accent, one character as the picker gives it
COMBINED = "Е\u0308Ёе\u0308ёИ\u0306Йи\u0306йN\u0303Ññ\u0303ñA\u0301Áa\u0301áE\u0301Ée\u0301éI\u0301Íi\u0301í" \
           "O\u0301Óo\u0301óU\u0301Úu\u0301úU\u0308Üu\u0308ü"
LONGEST = 8
ROSTER = 12     # names on the roster at most


def tidy(name):
    """name in the spelling a seat is given: an accent typed after its
    letter joined to it, spaces only between words and one at a time, the
    first letter and each one after a hyphen or a space a capital, the
    others small.  What is no letter stays as it is (valid() refuses it)."""
    s = name.strip()
    i = 0
    while i < len(COMBINED):
        pair = COMBINED[i:i + 2]
        if pair in s:
            s = s.replace(pair, COMBINED[i + 2])
        i += 3
    while "  " in s:
        s = s.replace("  ", " ")
    out = ""
    cap = True
    for ch in chars(s):
        k = LATIN.find(ch)
        if k < 0:
            k = LATIN_SMALL.find(ch)
        if k >= 0:
            out += LATIN[k:k + 1] if cap else LATIN_SMALL[k:k + 1]
        else:
            k = CYRILLIC.find(ch)
            if k < 0:
                k = CYRILLIC_SMALL.find(ch)
            out += ch if k < 0 else (CYRILLIC[k:k + 1] if cap else CYRILLIC_SMALL[k:k + 1])
        cap = ch in MARKS
    return out


def script(ch):
    """0 for a Latin letter, 1 for a Cyrillic one, else None."""
    if ch in LATIN or ch in LATIN_SMALL:
        return 0
    if ch in CYRILLIC or ch in CYRILLIC_SMALL:
        return 1
    return None


def valid(name):
    """Whether name is a name a seat can have: 1 to 8 letters of one
    alphabet, a hyphen or a space between two, spelt as tidy() spells it."""
    if not isinstance(name, str) or not 1 <= len(name) <= LONGEST or tidy(name) != name:
        return False
    abc = script(name[:1])
    if abc is None or script(name[-1:]) is None:
        return False
    after = False       # the last character was a hyphen or a space
    for ch in chars(name):
        if ch in MARKS:
            if after:
                return False
            after = True
        elif script(ch) != abc:
            return False
        else:
            after = False
    return True


def roster_of(names):
    """names (a list from the settings or a file) as a roster, tidied;
    None if it is not one (not a list, more than ROSTER, a name that is
    no name, or one twice)."""
    if not isinstance(names, list) or len(names) > ROSTER:
        return None
    out = []
    for n in names:
        n = tidy(n) if isinstance(n, str) else n
        if not valid(n) or n in out:
            return None
        out.append(n)
    return out


def seat_names(names):
    """names ({colour: name} from the settings) tidied; None if it is not
    that (a name that is no name, or on two seats)."""
    if not isinstance(names, dict) or not names:
        return None
    out = {}
    for c in names:
        n = names[c]
        n = tidy(n) if isinstance(n, str) else n
        if not isinstance(c, str) or not valid(n):
            return None
        for d in out:
            if out[d] == n:
                return None
        out[c] = n
    return out


def name_keys(app):
    """The game's words for a seat's colour and for its short form (the
    narrow screen's), the keys a name takes the place of: its screens'
    NAME_KEYS (a game with no seats to name has none)."""
    return getattr(app.play.ui, "NAME_KEYS", None) if app.play.ui is not None else None


def apply(app):
    """The names given to the seats, in the words of the game being played
    or set up (and as app.play.names for its BG Stats link)."""
    given = app.board.settings.get("names") or {}
    keys = name_keys(app)
    app.play.names = dict(given) if given else None
    if not given or keys is None:
        text.over = None
        return
    over = {}
    for c in given:
        over[keys[0] + c] = given[c]
        if keys[1]:
            over[keys[1] + c] = given[c][:3]
    text.over = over
