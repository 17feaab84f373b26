# Players' names: the group's regular players (the roster, Settings >
# Players: entered once, kept in the settings) and the seats' names
# (Settings > Player names, on the set-up screen and in every menu, so that
# no press is added to setting up a game).  OK on a seat lists the roster's
# names, the cursor on the first one no other seat has, then New name (the
# letter picker; the name joins the roster) and No name (the seat's colour
# again); once a seat has its name the cursor goes on to the next seat.  A
# name is kept in the settings by the seat's colour (the person at the blue
# seat), taken off the seat that had it (two seats never share one), shown
# wherever the game names that colour (the home screen, the history, the
# reminders: the words of the colour are the name's, text.over) and written
# in the play's BG Stats link.
#
# A name is up to 8 letters of one alphabet, Latin with the Spanish letters
# or Cyrillic, a hyphen or a space between two of them ("Аня К"); its first
# letter and the one after a hyphen or a space are capitals, the others
# small, so that BG Stats finds the same spelling every evening (tidy).
#
# The letter picker has two levels, as a phone's keypad: the list of letter
# groups (its rows show their letters), OK opens a group's letters, OK on
# one adds it and goes back to the groups, the cursor on the group it came
# from.  Below the groups: a hyphen or a space, delete a letter, the other
# alphabet, Done.  BACK deletes the last letter (on a group's letters it
# goes back to the groups); with no letter it leaves, nothing changed.  A
# held UP or DOWN scrolls, as on the Sun Event card list.
from firmware.core import text
from firmware.core.text import t, f
from firmware.screenkit.widgets import HELD, Menu, Message, Screen, row

# the letters, capitals and small ones in the same places
# (MicroPython's upper() and lower() know only ASCII)
LATIN = "ABCDEFGHIJKLMNÑOPQRSTUVWXYZÁÉÍÓÚÜ"
LATIN_SMALL = "abcdefghijklmnñopqrstuvwxyzáéíóúü"
CYRILLIC = "АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ"
CYRILLIC_SMALL = "абвгдеёжзийклмнопрстуфхцчшщъыьэюя"
# the picker's groups: Cyrillic as Russian phones group it; Latin as the
# phone keypad, Ñ after N as in the Spanish alphabet, an accented vowel
# after its group's letters as a Spanish phone puts it
GROUPS = (("ABCÁ", "DEFÉ", "GHIÍ", "JKL", "MNÑOÓ", "PQRS", "TUVÚÜ", "WXYZ"),
          ("АБВГ", "ДЕЁЖЗ", "ИЙКЛ", "МНОП", "РСТУ", "ФХЦЧ", "ШЩЪЫ", "ЬЭЮЯ"))
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
    for ch in s:
        k = LATIN.find(ch)
        if k < 0:
            k = LATIN_SMALL.find(ch)
        if k >= 0:
            out += LATIN[k] if cap else LATIN_SMALL[k]
        else:
            k = CYRILLIC.find(ch)
            if k < 0:
                k = CYRILLIC_SMALL.find(ch)
            out += ch if k < 0 else (CYRILLIC[k] if cap else CYRILLIC_SMALL[k])
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
    abc = script(name[0])
    if abc is None or script(name[-1]) is None:
        return False
    after = False       # the last character was a hyphen or a space
    for ch in name:
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


def _keys(app):
    """The game's words for a seat's colour and for its short form (the
    narrow screen's), the keys a name takes the place of: its screens'
    NAME_KEYS (a game with no seats to name has none)."""
    return getattr(app.play.ui, "NAME_KEYS", None) if app.play.ui is not None else None


def apply(app):
    """The names given to the seats, in the words of the game being played
    or set up (and as app.play.names for its BG Stats link)."""
    given = app.board.settings.get("names") or {}
    keys = _keys(app)
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


def seats(app):
    """The seats of the game being set up (its set-up screen's players)
    or played: their colours."""
    for s in reversed(app.screens.stack):
        ps = getattr(s, "players", None)
        if ps is not None:
            return list(ps())
    if app.play.session is not None and app.play.playing is None:
        v = app.play.view()
        return list(v.get("seating") or v.get("order") or ())
    return []


def _colour(app, c):
    return text.base(_keys(app)[0] + c)


def _given(app):
    return app.board.settings.get("names") or {}


def _roster(app):
    return app.board.settings.get("roster") or []


def _kept(app, save):
    """Save the settings, show the names in the game's words; a write the
    storage refused is told (it holds until the device is switched off)."""
    e = save(app)
    apply(app)
    if e is not None:
        app.screens.push(Message(t("m.settings"), [app.play.storage_error(e), t("m.until_off")]))


# ------------------------------------------------------------ the seats

def open_names(app, save):
    """The seats and their names: OK on one picks its name; save(app)
    keeps the settings (firmware/settings.py's)."""
    def build(app):
        keys = _keys(app)
        rows = []
        for c in seats(app) if keys else ():
            rows.append(row(_colour(app, c), _given(app).get(c) or "-", _choices(c, save)))
        if not rows:
            rows.append(row(t("n.none")))
        return rows
    app.screens.push(Seats(t("n.title"), None, build=build))


class Seats(Menu):
    """The seats' list (a name given, the cursor goes on to the next seat)."""


def _choices(c, save):
    def go(app):
        given = _given(app)
        rows = []
        cur = -1
        for n in _roster(app):
            other = ""
            for d in given:
                if given[d] == n and d != c:
                    other = _colour(app, d)
            if not other and cur < 0:
                cur = len(rows)
            rows.append(row(n, other, _give(c, n, save)))
        if cur < 0:
            cur = len(rows)
        rows.append(row(t("n.new"), "", _new(c, save)))
        rows.append(row(t("n.no_name"), _colour(app, c), _give(c, None, save)))
        app.screens.push(Menu(_colour(app, c), rows, cur))
    return go


def _give(c, name, save):
    def go(app):
        give(app, c, name)
        _to_next_seat(app)
        _kept(app, save)
    return go


def give(app, c, name):
    """The seat c has the name (None: its colour), and no other seat has it."""
    names = dict(_given(app))
    for d in list(names):
        if names[d] == name:
            del names[d]
    if name:
        names[c] = name
    else:
        names.pop(c, None)
    if names:
        app.board.settings["names"] = names
    else:
        app.board.settings.pop("names", None)


def _to_next_seat(app):
    """Back to the seats (from the seat's list, or the picker over it),
    the cursor on the next seat."""
    while not isinstance(app.screens.stack[-1], Seats):
        app.screens.pop()
    seats = app.screens.stack[-1]
    if seats.cur + 1 < len(seats.rows):
        seats.cur += 1


def _new(c, save):
    def go(app):
        def done(app, name):
            roster = _roster(app)
            full = name not in roster and len(roster) >= ROSTER
            if name not in roster and not full:
                app.board.settings["roster"] = roster + [name]
            give(app, c, name)
            _to_next_seat(app)
            _kept(app, save)
            if full:
                app.screens.note(t("n.not_listed"), "n.players")
        app.screens.push(Letters(_colour(app, c), done, app.board.settings.get("lang") == "ru"))
    return go


# ------------------------------------------------------------ the roster

def open_roster(app, save):
    """Settings > Players: the roster's names (OK on one offers to take it
    off) and a row that adds one with the letter picker."""
    def build(app):
        roster = _roster(app)
        rows = [row(n, "", _remove(n, save)) for n in roster]
        rows.append(row(t("n.add"), "", _add(save), t("n.full") if len(roster) >= ROSTER else None))
        return rows
    app.screens.push(Menu(t("n.players"), None, build=build))


def _add(save):
    def go(app):
        def done(app, name):
            roster = _roster(app)
            app.screens.pop()
            if name not in roster:
                app.board.settings["roster"] = roster + [name]
            scr = app.screens.stack[-1]
            scr.refresh(app)
            scr.cur = _roster(app).index(name)
            _kept(app, save)
        app.screens.push(Letters(t("n.name"), done, app.board.settings.get("lang") == "ru"))
    return go


def _remove(name, save):
    def go(app):
        def remove(app):
            roster = list(_roster(app))
            if name in roster:
                roster.remove(name)
            app.board.settings["roster"] = roster
            app.screens.pop()
            _kept(app, save)
        app.screens.push(Menu(name, [row(t("n.remove"), "", remove)]))
    return go


# ------------------------------------------------------------ the letters

class Letters(Screen):
    """The letter picker: done(app, name) with the name entered (the
    picker still on the screens), or nothing if it was left empty."""
    held = (dict(HELD[0]), {})      # a held DOWN scrolls here, as a held UP does

    def __init__(self, head, done, cyrillic):
        Screen.__init__(self)
        self.head = head
        self.done = done
        self.name = ""
        self.abc = 1 if cyrillic else 0
        self.group = -1     # the group whose letters are shown, or -1: the groups
        self.was = 0        # the row of that group

    def refresh(self, app):
        self.title = f("n.of", self.head, self.name + "_")
        name = self.name
        small = name and name[-1] not in MARKS
        full = t("n.long") if len(name) >= LONGEST else None
        groups = GROUPS[self.abc]
        if self.group < 0:
            self.hint = "h.letters"
            rows = [row(" ".join(self._case(g, small)), "", None, full) for g in groups]
            rows.append(row(t("n.marks"), "", None, full or (None if small else t("n.after_letter"))))
            rows.append(row(t("n.delete")))
            rows.append(row(t(("n.cyrillic", "n.latin")[self.abc]), ("АБВ", "ABC")[self.abc], None,
                            t("n.one_alphabet") if name else None))
            rows.append(row(t("n.done")))
        elif self.group < len(groups):
            self.hint = "h.pick"
            rows = [row(ch) for ch in self._case(groups[self.group], small)]
        else:
            self.hint = "h.pick"
            rows = [row("-"), row(t("n.space"))]
        self.rows = rows

    @staticmethod
    def _case(letters, small):
        if not small:
            return letters
        out = ""
        for ch in letters:
            k = LATIN.find(ch)
            out += LATIN_SMALL[k] if k >= 0 else CYRILLIC_SMALL[CYRILLIC.find(ch)]
        return out

    def key(self, app, k):
        if k == "ok":
            r = self.rows[self.cur]
            if r[3]:
                app.screens.note(r[3])
                return
            self._ok(app)
            return
        if k == "back":
            if self.group >= 0:
                self._to_groups(app)
            elif self.name:
                self.name = self.name[:-1]
                self.refresh(app)
            else:
                app.screens.pop()
            return
        Screen.key(self, app, k)

    def _ok(self, app):
        i = self.cur
        n = len(GROUPS[self.abc])
        if self.group >= 0:
            self.name += MARKS[i] if self.group == n else self.rows[i][0]
            self._to_groups(app)
        elif i <= n:
            self.group = self.was = i
            self.cur = self.top = 0
            self.refresh(app)
        elif i == n + 1:
            self.name = self.name[:-1]
            self.refresh(app)
        elif i == n + 2:
            self.abc = 1 - self.abc
            self.refresh(app)
        else:
            name = self.name
            while name and name[-1] in MARKS:
                name = name[:-1]
            if name:
                self.done(app, name)
            else:
                app.screens.pop()

    def _to_groups(self, app):
        """The groups again, the cursor on the one it left (on Done once
        the name is as long as a name can be)."""
        self.group = -1
        self.refresh(app)
        self.cur = len(self.rows) - 1 if len(self.name) >= LONGEST else self.was
        self.top = 0
