# The play of a finished game as a Board Game Stats (BG Stats) link: the
# app's documented import format, https://app.bgstatsapp.com/createPlay.html
# ?data=<url-encoded JSON> (docs/bgstats.md: the source, the fields, the
# BoardGameGeek ids).  Scanned from the end screen's QR code
# (firmware/screenkit/playcode.py), it opens the app's import dialog, where the
# players are matched by name once and remembered.
#
# Only what the device knows goes in, and nothing empty: the game as
# BoardGameGeek names it (and its id where a public source gives it), each
# player's name (the seat colour in the device's language, or the name given
# at set-up), score, rank and winner by the game's own tie rules, who
# started, a Legacy of Yu game's place in the campaign, and, where the
# device counted them, the minutes its clock ran in the game and the date
# (only when a host set the clock: a Pico has none of its own).
#
# The text is written here piece by piece in a fixed order, not by json:
# the same play must give the same bytes (so the same code) on the device
# and on the simulator, and MicroPython's dict order is not CPython's.
# How the link's bytes are written (its form, out.form): a ladder of three,
# from the one every phone's reader opens to the shortest (docs/bgstats.md:
# what the phones' camera apps do with each).  PERCENT: every byte but
# letters, digits, - . _ ~ and the JSON's : and , percent-encoded (ASCII).
# UTF8: as PERCENT, but letters beyond ASCII as their UTF-8 bytes (an IRI;
# the code then says UTF-8 in an ECI: firmware/screenkit/playcode.py).
# JSON: as UTF8, and the JSON's " { } [ ] as they are, and in its strings
# what it does not keep a JSON escape (\u0020), not a percent-encoded byte:
# a link with no %, which a reader that percent-encodes a link's invalid
# characters over again (each % to %25) leaves whole.  In every form what a
# query cannot carry or URLSearchParams would read otherwise (% & + = #
# space, controls, ' < > and the like, and \ but in JSON's escapes) and the
# spaces, controls and marks beyond ASCII that a phone's link finder may
# end a link at are not written as they are.
#
# What a game's play is, its screens say (each game's ui module: BGG, its
# name and id on BoardGameGeek; play(app, view), its players).
from firmware.core.text import t

LINK = "https://app.bgstatsapp.com/createPlay.html?data="
SOURCE = "Tabletop companion"

# How much a link holds, from all (0) to the least that still logs the
# play (LEANEST): each leaves out more, for a screen whose code cannot
# hold more: 1 the date (the phone's own date is the play's when scanned
# at the table), 2 winner: false (a player who did not win), 3 the minutes
# and the comment on them, 4 highestWins and the BoardGameGeek id, 5 the
# start player and the role, 6 the ranks (the app ranks by score), 7 the
# source's name.  Every player's name and score, and winner: true, are
# always in.  (fit picks the first that fits the screen's code.)
LEANEST = 7

# the forms (above)
PERCENT = 0
UTF8 = 1
JSON = 2

_SAFE = b"-._~:,"
_JSON = b'"{}[]'


def _kept(o, form):
    """Whether the form writes the character (its code point o) as it is:
    letters, digits and _SAFE in every form; beyond ASCII (UTF8, JSON) but
    the C1 controls, no-break space and soft hyphen, the general
    punctuation's spaces, joiners and marks, the ideographic space and the
    byte order mark; and the JSON's punctuation (JSON)."""
    if o >= 128:
        return form != PERCENT and not (o <= 0xA0 or o == 0xAD or 0x2000 <= o <= 0x206F or o == 0x3000 or o == 0xFEFF)
    return (48 <= o <= 57) or (65 <= o <= 90) or (97 <= o <= 122) or o in _SAFE or (form == JSON and o in _JSON)


class Out:
    """The link's bytes, written into one buffer of room bytes made once
    (it grows if a play needs more): on a heap that a whole game has cut up,
    the link's pieces in a list and then joined took a block more than
    the board found at the end of the scripted game (BENCHMARKS.md,
    *Measured apart*).  form: how its text is written (PERCENT, UTF8,
    JSON); wide: whether it holds bytes beyond ASCII."""

    def __init__(self, room=640, grow=True):
        self.buf = bytearray(room)
        self.n = 0
        self.form = PERCENT
        self.wide = False
        self.grow = grow    # False: bytes past room are counted, not kept (fit: they cannot be in the code)

    def _room(self, k):
        if self.n + k > len(self.buf):
            if not self.grow:
                return False
            more = bytearray(2 * len(self.buf) + k)
            more[:self.n] = self.buf[:self.n]
            self.buf = more
        return True

    # The text is read as its UTF-8 bytes, never a character at a time: a
    # str's characters come out of MicroPython's iterator as interned names
    # (qstrs, kept for good), and a player's letters not seen before took
    # a pool of names more at the game's end, a block the heap of a long
    # game did not have (firmware/hal/cp_board.py).

    def raw(self, s):
        """ASCII written as it is."""
        if not self._room(len(s)):
            self.n += len(s)
            return
        b = self.buf
        n = self.n
        for c in s.encode():
            b[n] = c
            n += 1
        self.n = n

    def _byte(self, c):
        if self._room(1):
            self.buf[self.n] = c
        self.n += 1

    def enc(self, s, q=False):
        """s as its form writes it: its UTF-8 bytes, percent-encoded but
        what the form keeps; q: in a JSON string (str)."""
        form = self.form
        u = s.encode()
        i = 0
        while i < len(u):
            o = u[i]
            k = 1 if o < 0xC0 else 2 if o < 0xE0 else 3 if o < 0xF0 else 4
            if k > 1:
                o &= 0x7F >> k
                for j in range(i + 1, i + k):
                    o = (o << 6) | (u[j] & 0x3F)
            if q and (o == 34 or o == 92):
                e = '\\"' if o == 34 else "\\\\"
                if form == JSON:
                    self.raw(e)
                else:
                    self.enc(e)
            elif q and (o < 32 or (form == JSON and not _kept(o, JSON))):
                if form == JSON:
                    self.raw("\\u%04x" % o)
                else:
                    self.enc("\\u%04x" % o)
            elif not _kept(o, form):
                for j in range(i, i + k):
                    self.raw("%%%02X" % u[j])
            else:
                for j in range(i, i + k):
                    self._byte(u[j])
                if o >= 128:
                    self.wide = True
            i += k

    def str(self, s):
        """A JSON string of s, as the form writes it (JSON escapes for \\
        and " and control characters: a name is letters, but a word table is not
        ours).  In JSON what the form does not keep is a JSON escape, not a
        percent-encoded byte: its link holds no %."""
        self.enc('"')
        self.enc(s, True)
        self.enc('"')

    def data(self):
        return memoryview(self.buf)[:self.n]


class _Obj:
    """A JSON object written as its members come (None: left out)."""

    def __init__(self, out):
        self.out = out
        self.n = 0
        out.enc("{")

    def key(self, k):
        if self.n:
            self.out.raw(",")
        self.n += 1
        self.out.str(k)
        self.out.raw(":")

    def s(self, k, v):
        if v:
            self.key(k)
            self.out.str(v)

    def i(self, k, v):
        if v is not None:
            self.key(k)
            self.out.raw(str(v))

    def b(self, k, v):
        if v is not None:
            self.key(k)
            self.out.raw("true" if v else "false")

    def end(self):
        self.out.enc("}")


def given(app, c):
    """The name given to seat c at set-up, or None."""
    names = app.play.names
    return names.get(c) if names else None


def of_play(app, what):
    """`what` ("BGG", "play") of the game's play module (its package's
    play.py), loaded for the end's code and let go of with it."""
    from firmware.core.modules import use_once
    return use_once(app.play.game.__name__ + ".play", what)


def players(app):
    """The finished game's players (its play.play): None before its end."""
    return of_play(app, "play")(app, app.play.view())


def write(app, ps, lean, out, form=PERCENT):
    """The BG Stats link of the finished game whose players are ps, holding
    what lean (0..LEANEST) leaves in, written in form (PERCENT, UTF8,
    JSON), into out (an Out, emptied first)."""
    out.n = 0
    out.form = form
    out.wide = False
    out.raw(LINK)
    play = _Obj(out)
    if lean < 7:
        play.s("sourceName", SOURCE)
    name, bgg = of_play(app, "BGG")
    play.key("game")
    game = _Obj(out)
    game.s("name", name)
    points = not all(p[1] is None for p in ps)
    if lean < 4:
        game.i("bggId", bgg or None)
        game.b("highestWins", True if points else None)
    if not points:
        game.b("noPoints", True)
    game.end()
    play.key("players")
    out.enc("[")
    for k in range(len(ps)):
        pname, score, rank, won, started, role = ps[k]
        if k:
            out.raw(",")
        p = _Obj(out)
        p.s("name", pname)
        p.i("score", score)
        if lean < 6:
            p.i("rank", rank)
        p.b("winner", won if won or lean < 2 else None)
        if lean < 5:
            p.b("startPlayer", True if started else None)
            p.s("role", role)
        p.end()
    out.enc("]")
    clock = app.play.clock
    if clock is not None:
        if lean < 3:
            minutes = clock.minutes()
            if minutes:
                play.i("durationMin", minutes)
                play.s("comments", t("q.counted"))
        if lean < 1:
            play.s("playDate", clock.date())
    play.end()


def fit(app, ps, room):
    """(the link's bytes, its form, its leanness, whether it holds bytes
    beyond ASCII) of the finished game whose players are ps: the first form
    that fits room bytes (a QR code's capacity) with as much as that form
    holds, each form tried at its leanest first; None if none fits.  A
    link with bytes beyond ASCII has a byte less: its code's ECI header
    (12 bits) takes one of every version's capacity (qr.capacity).  A link
    longer than room is only counted: at the end of a long game the heap
    may have no block for its whole text (on CircuitPython the full link's
    1,280 bytes were what the board did not find)."""
    out = Out(room, False)
    for form in (PERCENT, UTF8, JSON):
        write(app, ps, LEANEST, out, form)
        if out.n + out.wide > room:
            continue
        for lean in range(LEANEST + 1):
            write(app, ps, lean, out, form)
            if out.n + out.wide <= room:
                return bytes(out.data()), form, lean, out.wide
    return None


def link(app, lean=0, form=PERCENT):
    """The link as a str (the replay tool, tests), or None if the game
    the app shows has not ended."""
    ps = players(app)
    if ps is None:
        return None
    out = Out()
    write(app, ps, lean, out, form)
    return bytes(out.data()).decode()
