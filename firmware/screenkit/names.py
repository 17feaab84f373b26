# Players' names for the seats: Settings > Player names, on the set-up
# screen and in every menu (so no press is added to setting up a game), a
# name of up to 8 letters a seat, picked a letter at a time.  Skipped, a
# seat keeps its colour.  A name is kept in the settings by the seat's
# colour (the person at the blue seat), shown wherever the game names that
# colour (the home screen, the history, the reminders: the words of the
# colour are the name's, text.over) and written in the play's BG Stats link.
#
# The letters are A to Z: a name goes into the link and the journal's
# tools as it is, and the link holds a Latin letter in one byte (a
# Cyrillic one takes six, percent-encoded).  The first letter is a
# capital, the others small.
#
# The letter picker is a list: UP/DOWN (on two buttons A) to the letter,
# OK (B) takes it; its last rows delete the last letter and end the name;
# BACK (held A) ends it too.  A held UP or DOWN scrolls the letters, as on
# the Sun Event card list.
from firmware.core import text
from firmware.core.text import t, f
from firmware.screenkit.widgets import HELD, Menu, Screen, row

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
LONGEST = 8


def _keys(app):
    """The game's words for a seat's colour and for its short form (the
    narrow screen's), the keys a name takes the place of: its screens'
    NAME_KEYS (a game with no seats to name has none)."""
    return getattr(app.play.ui, "NAME_KEYS", None) if app.play.ui is not None else None


def valid(name):
    """Whether name is a name a seat can have."""
    if not isinstance(name, str) or not 1 <= len(name) <= LONGEST:
        return False
    for ch in name.upper():
        if ch not in LETTERS:
            return False
    return True


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


def open_names(app, save):
    """The seats and their names: OK on one picks its name; save(app)
    keeps the settings (firmware/settings.py's)."""
    keys = _keys(app)
    rows = []
    for c in seats(app) if keys else ():
        given = (app.board.settings.get("names") or {}).get(c)
        rows.append(row(text.base(keys[0] + c), given or "-", _pick(c, save)))
    if not rows:
        rows.append(row(t("n.none")))
    app.screens.push(Menu(t("n.title"), rows, build=None))


def _pick(c, save):
    def go(app):
        keys = _keys(app)
        app.screens.push(Letters(c, text.base(keys[0] + c), (app.board.settings.get("names") or {}).get(c, ""), save))
    return go


class Letters(Screen):
    """The letter picker for one seat's name."""
    hint = "h.pick"
    held = (dict(HELD[0]), {})

    def __init__(self, seat, colour, name, save):
        Screen.__init__(self)
        self.seat = seat
        self.colour = colour
        self.name = name
        self.save = save

    def refresh(self, app):
        self.title = f("n.of", self.colour, self.name + "_")
        rows = [row(ch) for ch in LETTERS]
        rows.append(row(t("n.delete")))
        rows.append(row(t("n.done")))
        self.rows = rows

    def key(self, app, k):
        if k == "ok":
            i = self.cur
            if i < len(LETTERS):
                if len(self.name) < LONGEST:
                    ch = LETTERS[i]
                    self.name += ch if not self.name else ch.lower()
            elif i == len(LETTERS):
                self.name = self.name[:-1]
            else:
                self._done(app)
                return
            self.refresh(app)
            return
        if k == "back":
            self._done(app)
            return
        Screen.key(self, app, k)

    def _done(self, app):
        names = dict(app.board.settings.get("names") or {})
        if self.name:
            names[self.seat] = self.name
        else:
            names.pop(self.seat, None)
        if names:
            app.board.settings["names"] = names
        else:
            app.board.settings.pop("names", None)
        e = self.save(app)
        apply(app)
        app.screens.pop()       # to the seats
        app.screens.pop()
        open_names(app, self.save)
        if e is not None:
            # the storage refused it: told over the seats (it holds until
            # the device is switched off)
            from firmware.screenkit.widgets import Message
            app.screens.push(Message(t("m.settings"), [app.play.storage_error(e), t("m.until_off")]))
