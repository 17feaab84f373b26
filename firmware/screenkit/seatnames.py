# The screens that give the seats their names (the spelling and the names
# in the game's words: firmware/screenkit/names.py), loaded while they are
# open.  The roster, the group's regular players, is entered once (Settings
# > Player list) and kept in the settings; Settings > Player names (on the
# set-up screen and in every menu, so that no press is added to setting up
# a game) lists the seats.  OK on a seat lists the roster's names, the
# cursor on the first one no other seat has, then New name (the letter
# picker; the name joins the roster) and No name (the seat's colour
# again); once a seat has its name the cursor goes on to the next seat.  A
# name given to one seat is taken off the seat that had it (two seats never
# share one).
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
from firmware.screenkit.names import CYRILLIC, CYRILLIC_SMALL, LATIN, LATIN_SMALL, LONGEST, MARKS, ROSTER, apply, chars, \
    name_keys
from firmware.screenkit.widgets import HELD, Menu, Message, Screen, row

# the picker's groups: Cyrillic as Russian phones group it; Latin as the
# phone keypad, Ñ after N as in the Spanish alphabet, an accented vowel
# after its group's letters as a Spanish phone puts it
GROUPS = (("ABCÁ", "DEFÉ", "GHIÍ", "JKL", "MNÑOÓ", "PQRS", "TUVÚÜ", "WXYZ"),
          ("АБВГ", "ДЕЁЖЗ", "ИЙКЛ", "МНОП", "РСТУ", "ФХЦЧ", "ШЩЪЫ", "ЬЭЮЯ"))


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
    return text.base(name_keys(app)[0] + c)


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
        app.screens.push(Message(t("m.settings"), [app.screens.storage_error(e), t("m.until_off")]))


# ------------------------------------------------------------ the seats

def open_names(app, save):
    """The seats and their names: OK on one picks its name; save(app)
    keeps the settings (firmware/settings.py's)."""
    def build(app):
        keys = name_keys(app)
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
        small = name and name[-1:] not in MARKS
        full = t("n.long") if len(name) >= LONGEST else None
        groups = GROUPS[self.abc]
        if self.group < 0:
            self.hint = "h.letters"
            rows = [row(" ".join(chars(self._case(g, small))), "", None, full) for g in groups]
            rows.append(row(t("n.marks"), "", None, full or (None if small else t("n.after_letter"))))
            rows.append(row(t("n.delete")))
            rows.append(row(t(("n.cyrillic", "n.latin")[self.abc]), ("АБВ", "ABC")[self.abc], None,
                            t("n.one_alphabet") if name else None))
            rows.append(row(t("n.done")))
        elif self.group < len(groups):
            self.hint = "h.pick"
            rows = [row(ch) for ch in chars(self._case(groups[self.group], small))]
        else:
            self.hint = "h.pick"
            rows = [row("-"), row(t("n.space"))]
        self.rows = rows

    @staticmethod
    def _case(letters, small):
        if not small:
            return letters
        out = ""
        for ch in chars(letters):
            k = LATIN.find(ch)
            out += LATIN_SMALL[k:k + 1] if k >= 0 else CYRILLIC_SMALL[CYRILLIC.find(ch):][:1]
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
            self.name += MARKS[i:i + 1] if self.group == n else self.rows[i][0]
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
            while name and name[-1:] in MARKS:
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
