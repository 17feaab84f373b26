# The device's loop: a button intent goes to the top screen; a screen may
# send an action line to the game (through the journal, so it survives a
# power cut), push another screen or show a note; then the screen is redrawn
# into the canvas and shown, and the LEDs follow the game.
#
# The app never applies a rule itself: it asks the engine (check, apply,
# view) and shows what the engine did (its events).
#
# App is the loop (boot, key, render, run); it holds four parts, each with
# its public face: app.board (Board), app.screens (Screens), app.play
# (Play) and app.choosing (Choosing: New game).  A part reaches the others
# through its app.
import gc

from firmware.core.errors import IllegalAction
from firmware.core.modules import done_with, loading, use, use_once
from firmware.core.session import Session  # noqa: F401  (Play.session's type; resident with the journal)
from firmware.core import text
from firmware.core.text import t
from firmware.screenkit.widgets import Message, Report

try:
    from time import ticks_diff  # pyright: ignore[reportAssignmentType]
except ImportError:  # CPython (the simulator), CircuitPython: the buttons' clock
    from firmware.hal.buttons import ticks_diff

# An OK (or a held DOWN) pressed this soon (ms) after the press that made
# an action is not taken: it was the thumb pressing twice, not a choice (a
# double OK built a city for the next player, or a temple after a conquest
# where the cursor rested on it).
PAUSE_MS = 400


class Board:
    """The board the game is played on and where its files lie: lay (the
    layout), cv (the canvas), px (the players' LEDs, or None), has_up
    (False on a two-button board: lists wrap with "down"), dir (the data
    folder: the journal and settings; None keeps the game in memory only),
    assets, code, settings (the players': brightness, language, names),
    lang (a language chosen by the caller, over the saved one), seed (a
    function giving the seed of a new game), report (where a message about
    the files goes), wall (the board's date and time, where it has a
    clock); font_for."""

    def __init__(self, lay, canvas, pixels, data_dir, assets, seed, report, lang):
        self.lay = lay
        self.cv = canvas
        self.px = pixels
        self.dir = data_dir
        self.assets = assets
        # where firmware/ lies, as a prefix of paths (a game's words are in
        # its package): assets' folder ("/rom/assets" -> "/rom/", "assets" -> "")
        self.code = assets[:assets.rfind("/") + 1]
        self.seed = seed or _urandom_seed
        self.report = report or (lambda line: None)
        self.settings = {"brightness": 3, "lang": "en"}
        self.lang = lang
        self.has_up = True
        self.wall = None        # type: object  # time.localtime, where the board has a clock

    def load_language(self):
        """The language's font part and its table of words (the game's own
        words not yet); the language."""
        lang = self.settings["lang"]
        self.font_for(lang)     # first: the crash screen of a table that finds no room has the glyphs of its words
        text.load("%s/lang/%s.json" % (self.assets, lang))
        return lang

    def load_words(self, app):
        """The language's words, and the game's own (app.play.name's) in front of them."""
        lang = self.load_language()
        if app.play.name:
            text.add(self.code + use_once("firmware.games.registry", "words")(app.play.name, lang))
        if self.settings.get("names") or text.over is not None:
            # the names given to the seats, in this game's words (firmware/screenkit/names.py)
            use_once("firmware.screenkit.names", "apply")(app)

    def font_for(self, lang):
        """The screen's font cut down to language lang's characters, where
        the board has that part of it (firmware/core/font.py Font.use)."""
        use = getattr(getattr(self.cv, "font", None), "use", None)
        if use is not None:
            use(lang)


BAND = 2    # the most result lines shown over the screen that follows (Screens.tell)


class Screens:
    """The screens, the top one last in stack, and what the next frame
    shows: dirty (True: the frame is drawn again; a screen: only its
    cursor moved), drawn (the screen the frame shows), notice (the
    reminder of the last action on the title line).  Screens are pushed,
    popped, and opened through it."""

    def __init__(self, app):
        self.app = app
        self.stack = []
        self.dirty = True
        self.drawn = None     # the screen the frame shows
        # the reminder of the last action (its results, what was undone):
        # lines shown on the title line of the screen that follows, until
        # the next press (no press needed to read it; History keeps it)
        self.notice = None

    def show_home(self):
        """The game's home screen, made anew, alone on the screens."""
        self.stack = []
        self.push(self.app.play.ui.home(self.app))

    def push(self, screen):
        screen.refresh(self.app)
        if self.stack:
            self.stack[-1].cover()
        self.stack.append(screen)
        self.dirty = True

    def pop(self):
        if len(self.stack) > 1:
            gone = self.stack.pop()
            choosing = self.app.choosing
            if getattr(gone, "picker", False):
                choosing.resume_playing()
            self.stack[-1].refresh(self.app)
            choosing.done()      # New game answered No
        self.dirty = True

    def home(self):
        del self.stack[1:]
        choosing = self.app.choosing
        choosing.resume_playing()
        self.stack[0].refresh(self.app)
        choosing.done()
        self.dirty = True

    def open_menu(self):
        m = self.app.play.ui.menu(self.app)
        m.menu = True       # the phase's menu: held A and B end the turn here (App.key)
        self.push(m)

    def open_history(self):
        self.push(self.app.play.ui.history(self.app))

    def note(self, msg, title="m.refused"):
        self.push(Message(t(title), [msg]))

    def tell(self, lines, head=None):
        """An action's results, whole, with no press to read them: over
        the top rows of the screen that follows, until the next press
        (which does what it does), where they are at most BAND lines, in
        every language alike however they wrap (so the same presses play
        the same game in every language); the home screen's rows then
        start under them, its player whose turn it is shown.  Else, or for
        a big moment (head, its headline: a Pizarro flip, the end of the
        game), on a screen of their own, drawn at once, every line whole,
        that OK or BACK closes.  Nothing is cut: no "N more"."""
        self.notice = None
        if not lines:
            return
        if head is None and len(lines) <= BAND:
            lay = self.app.board.lay
            parts = []
            for ln in lines:
                got = lay.wrap(ln, lay.w - 2)
                k = ln.find(": ")
                if len(got) > 1 and k > 0:
                    # broken after its colon rather than inside a name
                    # ("Undone:" / "Or End turn")
                    alt = lay.wrap(ln[:k + 1], lay.w - 2) + lay.wrap(ln[k + 2:], lay.w - 2)
                    if len(alt) <= len(got):
                        got = alt
                parts.extend(got)
            if len(parts) < lay.rows:       # a row of the screen left under them
                self.notice = parts
                return
        self.push(Report(head or t("m.results"), lines, head is not None))

    def storage_error(self, e):
        """What a failed write means, in the players' language (the system's
        own message is English): a full flash in words, else its number."""
        no = e.args[0] if e.args and isinstance(e.args[0], int) else 0
        return t("m.storage_full") if no == 28 else t("m.storage") % no

    def footer_text(self, hint):
        """A screen's hint (h.*) in the words of the board's buttons: a
        two-button board has its own (h2.*: A and B, short and held)."""
        play = self.app.play
        if hint in ("h.menu", "h.back") and play.session is not None and play.playing is None \
                and getattr(play.ui, "END", None) and self.ends() and play.check(play.ui.END) is None:
            hint += "_end"      # and a held DOWN (A and B held) ends the turn or phase, where it can now
        if not self.app.board.has_up and hint[:2] == "h.":
            return t("h2." + hint[2:])
        return t(hint)

    def ends(self):
        """Whether a held DOWN (two buttons: A and B held) ends the turn or
        phase on the screen on top: on four buttons anywhere; on two only
        on the home screen and the phase's menu, where A and B held are not
        also A and B (back) on a list of things to choose."""
        stack = self.stack
        return self.app.board.has_up or len(stack) == 1 or getattr(stack[-1], "menu", False)

    def open_settings(self):
        """The Settings screen (its code leaves the heap with it)."""
        use_once("firmware.settings", "open_settings")(self.app)

    # The code that boots the device and sets up a game (firmware/chooser.py)
    # is loaded when one of these needs it, and forgotten once a game is
    # played (Choosing.done).

    def open_picker(self, over=False):
        """The game picker (over the game played: New game)."""
        use("firmware.chooser", "open_picker")(self.app, over)

    def confirm_new_game(self):
        """New game's question: end the game played?"""
        use("firmware.chooser", "confirm_new_game")(self.app)


class Choosing:
    """New game: the game chosen and set up (app.play's name, game, ui,
    edition) while the game played waits in app.play.playing; the code that
    chooses it (firmware/chooser.py) is loaded when one of these needs it,
    and let go once a game is played (done)."""

    def __init__(self, app):
        self.app = app

    def choose(self, name):
        """Make `name` the game played or set up (firmware/chooser.py)."""
        use("firmware.chooser", "choose")(self.app, name)

    def save_edition(self):
        """Keep the edited edition table, for new games (firmware/chooser.py)."""
        use("firmware.chooser", "save_edition")(self.app)

    def done(self):
        """A game is played, with no New game being set up and no game
        picker on the screens (its rows would keep the module's code): the
        code that chose it leaves the heap."""
        play = self.app.play
        if play.session is not None and play.playing is None:
            for s in self.app.screens.stack:
                if getattr(s, "picker", False):
                    return
            loading(False)      # New game backed out of: the game is played again
            done_with("firmware.chooser")
            done_with("firmware.games.registry")

    def resume_playing(self):
        """Back from New game without starting one: the game being played
        is the one the screens serve again (its engine, screens, words,
        edition and journal as they were)."""
        play = self.app.play
        if play.playing is None:
            return
        play.take_back()
        self.app.board.load_words(self.app)
        play.changed()


class Play:
    """The game being played or set up: name ("inca", ...), game (its
    rules engine), ui (its screens), session, journal, edition (its
    edition table), edition_saved, playing (the game played while New
    game sets up another), names, clock, acts, kept_view; what the
    screens ask of it (view, check, act, end...)."""

    def __init__(self, app):
        self.app = app
        self.name = None   # the game being played or set up: "inca", ...
        self.game = None   # its rules engine
        self.ui = None     # its screens
        self.session = None  # type: Session | None
        self.journal = None
        # the view of the game being played, as view() made it; None: made
        # again when it is next needed (changed)
        self.kept_view = None
        self.edition = None
        # False: the players' edit of the table for new games could not be
        # saved, so a game started with it writes it before its journal
        self.edition_saved = True
        self.playing = None  # type: tuple | None  # the game played while New game sets up another
        self.acts = 0           # the game's changes so far (an action, undo, redo): Screen.settle
        self.clock = None       # how long the game has been played (firmware/core/playclock.py)
        self.names = None       # {seat: name} given at set-up (firmware/screenkit/names.py), or None

    def take_back(self):
        """The game played, kept in playing while New game set up another,
        is the game again: its name, engine, screens, edition, journal."""
        kept = self.playing
        if kept is not None:
            self.name, self.game, self.ui, self.edition, self.journal = kept
            self.playing = None

    def start_game(self, setup):
        """Start the game chosen, from its setup line (firmware/chooser.py;
        a game's set-up screen calls it)."""
        use("firmware.chooser", "start_game")(self.app, setup)

    def view(self):
        """The view of the game being played (while New game sets up another
        game, still the one played)."""
        if self.kept_view is None:
            game = self.game if self.playing is None else self.playing[1]
            self.kept_view = game.view(self.session.state)
        return self.kept_view

    def check(self, action):
        """Why the action is not allowed now, in the players' language, or None."""
        e = self.game.refusal(self.session.state, action)
        return None if e is None else text.reason(e)

    def act(self, action):
        """Apply one action line (or undo/redo) through the journal.
        Returns True if the game took it."""
        app = self.app
        screens = app.screens
        ss = self.session
        where = self._where()
        before = self.view()
        turn = before.get("turn")
        was = _ended(before)
        before = None
        if was and self.journal is not None:
            # an undo after the game's end opens the journal's file again
            # (one block: littlefs's cache), where a heap cut up by a long
            # game may have no other block that big than what the finished
            # game's view (several KB, made again just above) holds: the
            # view goes first, and is made again after the undo
            # and so do the screens over the standings (the BG Stats code,
            # the results), which the undo would close: it reads the
            # undo's kept copies back (Journal.aside(True))
            self.kept_view = None
            del screens.stack[1:]
            for scr in screens.stack:
                if getattr(scr, "view", None) is not None:
                    scr.view = False    # (given back if the undo is refused)
        try:
            if self.journal:
                kind = self.journal.apply(action)
            else:
                kind = ss.apply(action)
        except (IllegalAction, OSError) as e:
            for scr in screens.stack:
                if getattr(scr, "view", None) is False:
                    scr.view = self.view()
            screens.note(text.reason(e) if isinstance(e, IllegalAction) else screens.storage_error(e))
            return False
        self.changed()
        self.acts += 1
        for scr in screens.stack:
            # a screen's copy of the old view goes before the new one is
            # made (its refresh, below, takes the new one)
            if getattr(scr, "view", None) is not None:
                scr.view = None
        s = self.session.state
        app.acted_at = app.key_at
        now = self.view().get("turn")
        # the turn passed, or the game moved on: the home screen, whichever
        # way it was done (OK on End turn, a held DOWN), so that a second
        # OK opens the next player's menu and does nothing in it
        if now != turn or where != self._where():
            screens.show_home()
        else:
            # the screen on top is made again from the game as it is now;
            # one under it when it is uncovered (pop, home)
            del screens.stack[2:]
            screens.stack[-1].refresh(app)
        head = None
        if kind == "action":
            lines = self.ui.notable(s["ev"])
            h = getattr(self.ui, "headline", None)
            if h is not None:
                head = h(s["ev"])
            if head is None and not was and _ended(self.view()):
                head = t("m.game_over")     # the end of the game: its results on a screen of their own
        else:
            from firmware.screenkit import common
            what = common.name_from(app, self.session.redo_stack[-1]) if kind == "undo" else common.name_last(app)
            lines = [t("x.undone" if kind == "undo" else "x.redone") % what]
        screens.tell(lines, head)
        self.leds(self.ui.led_event(s["ev"]) if kind == "action" else None)
        done = _ended(self.view())
        j = self.journal
        if done and not was and j is not None and not j.defer:
            # no action follows the game's end but an undo: the journal's
            # open file lets go of its cache, a block of a littlefs file
            # that the play clock's file then opens in, where a heap cut up
            # by a long game may have no other block that big (an undo
            # opens the journal again).  On the device both once the
            # standings are shown (App.run), the journal's file opened for
            # them now, before the standings and the BG Stats code take
            # the heap
            j.close()
        elif done and not was and j is not None:
            try:
                j.appending()
            except (OSError, MemoryError):
                pass        # (opened by the write, which tells what fails)
        if self.clock is not None:
            self.clock.end(done, j is None or not j.defer)
        if done and not was:
            # the game has ended: its play as a QR code for BG Stats, over
            # the final standings, with no press
            from firmware.screenkit.common import open_code
            open_code(app)
            # the reminder would cover the code: it comes with the standings
            screens.stack[-1].notice = screens.notice
            screens.notice = None
        return True

    def end(self):
        """A held DOWN (four buttons) or A and B together (two): the game's
        end of a turn or phase (its ui.END line: End turn, Continue, Cards
        done, Score...) from any screen of the game (but a number field's
        and the Sun Event card list's on four buttons: there a held DOWN
        steps, Screen.held), then the home
        screen; where it cannot end now, the reason, and nothing changes."""
        line = getattr(self.ui, "END", None)
        why = t("m.no_end") if line is None else self.check(line)
        screens = self.app.screens
        if why:
            screens.note(why)
            return
        # from the home screen, whatever was open (a picker, a reminder,
        # the settings): the players see whose turn it is now
        screens.home()
        self.act(line)

    def saved(self):
        """The last action's record on flash (Journal.flush: the device
        writes it once the action's frame is shown); False, with the
        players told, if the write failed: the action is taken back."""
        j = self.journal
        try:
            j.flush()
            return True
        except OSError as e:
            self.changed()
            screens = self.app.screens
            screens.notice = None
            if j.session is None:
                # a new game's files (Journal.start): not started, the game
                # on flash (or the game picker) comes back as a boot finds it
                self.session = self.journal = self.kept_view = self.clock = None
                screens.stack = []
                gc.collect()
                self.app.boot()
            elif self.clock is not None and self.clock.over and not self.ended():
                # the game's end taken back: its standings and code go
                self.clock.end(False)
                screens.show_home()
            screens.note(screens.storage_error(e))
            self.leds()
            return False

    def press(self, at):
        """A button pressed at `at` (ms): the count of the time the game
        being played has taken takes it (made when it is first needed for
        a game, read from its folder)."""
        ss = self.session
        c = self.clock
        if c is None or c.setup != ss.setup or c.session is not ss:
            from firmware.core.playclock import Clock
            board = self.app.board
            c = self.clock = Clock(board.dir + "/game" if board.dir else None, ss.setup, ss.count == 0, board.wall)
            c.session = ss
            c.over = _ended(self.view())
        c.press(at)

    def ended(self):
        """The game played has ended (its BG Stats code is one row away)."""
        return _ended(self.view())

    def _where(self):
        """Where the game stands (a phase, round, game...): when it changes,
        the screens go back to the home screen.  A game's screens may say it
        with where(state); else it is read from the view."""
        w = getattr(self.ui, "where", None)
        if w is not None:
            return w(self.session.state)
        v = self.view()
        return (v.get("era"), v.get("round"), v.get("step"), v.get("phase"), v.get("game_no"), v.get("over"))

    def changed(self):
        """The game changed: its view is made again, and the screen drawn."""
        self.kept_view = None
        self.app.screens.dirty = True

    def leds(self, animation=None):
        px = self.app.board.px
        if not px:
            return
        if self.session is None:
            px.players([], None)
            return
        v = self.view()
        ui = self.ui if self.playing is None else self.playing[2]
        colours, lit = ui.leds(v)
        px.players(colours, lit)
        if animation:
            px.animate(animation, v)


class App:
    """The device's loop (boot, key, render, run) over four parts, each
    with its public face (docs/code.md): screens (Screens: the stack and
    what the next frame shows), play (Play: the game being played, its
    session, journal, edition), choosing (Choosing: New game, and the code
    that chooses a game) and board (Board: the layout, canvas, LEDs,
    buttons, files, settings and the players' words).  Other modules use only the parts'
    public members; the underscored ones are their own."""

    def __init__(self, lay, canvas, pixels=None, data_dir=None, assets="assets", seed=None, report=None,
                 lang=None, probe=None):
        """lay: firmware.screenkit.layout.Layout; canvas: firmware.hal.canvas.Canvas;
        pixels: firmware.hal.pixels.PlayerPixels or None; data_dir: where the
        journal and settings live (None keeps the game in memory only);
        seed: a function giving the seed of a new game."""
        text.wide = bool(lay and lay.colour)
        self.board = Board(lay, canvas, pixels, data_dir, assets, seed, report, lang)
        self.screens = Screens(self)
        self.play = Play(self)
        self.choosing = Choosing(self)
        self._notice_gone = False   # the reminder went: the title line under it is drawn again
        self.probe = probe  # called after every redraw the buttons caused (main.py)
        self.running = False    # in run(), the device's loop
        self.key_at = None      # when the key being handled was pressed (ms), where known
        self.acted_at = None    # when the press that made the last action was made
        self.took = None        # the screen the last press went to (a held press's steps go there only)

    def boot(self):
        """Load settings, resume a saved game if there is one and show its
        home screen, else the game picker (firmware/chooser.py)."""
        try:
            use("firmware.chooser", "boot")(self)
        finally:
            self.choosing.done()

    def key(self, k, at=None):
        """Handle one button intent: up, down, ok, back, home, undo, end, or
        a held button's repeat (up+, down+, less+); at: when it was pressed
        (ms, ticks_ms), where the buttons know it."""
        screens = self.screens
        stack = screens.stack
        if not stack:
            return
        top = stack[-1]
        if k[-1] != "+":
            self.took = top     # the screen a press (or a held press's first step) went to
        elif top is not self.took:
            return      # a held button's step after its press left the screen (BACK closed a note)
        held = top.held
        if held is not None:
            # a number field, the Sun Event cards: a held press steps (a
            # held DOWN does not end the turn there) and goes on while held
            k = held[0 if self.board.has_up else 1].get(k, k)
        if k[-1] == "+":
            # a held button's step: a list moves on a row (Screen.key); a
            # screen that takes none changes nothing (its reminder stays)
            top.moved = None
            top.key(self, k)
            if top.moved is None:
                return
            if screens.notice is not None:
                screens.notice = None
                self._notice_gone = True
            if screens.dirty is False and screens.drawn is top:
                screens.dirty = top
            else:
                screens.dirty = True
            return
        if not self.board.has_up and len(stack) > 1:
            # two buttons: a held B is also B, held A and B also A and B:
            # they undo only on the home screen and an Undo row, and end
            # the turn only there and on the phase's menu; elsewhere they
            # are what B (choose) and A and B (back) are
            if k == "undo" and not (top.cur < len(top.rows) and top.rows[top.cur][0] == t("m.undo")):
                k = "ok"
            elif k == "end" and not screens.ends():
                k = "back"
        if at is not None and (k == "ok" or k == "end") and self.acted_at is not None \
                and ticks_diff(at, self.acted_at) < PAUSE_MS:
            return      # a second OK of the press that made an action
        self.key_at = at
        play = self.play
        if at is not None and play.session is not None and play.playing is None:
            play.press(at)
        if screens.notice is not None:
            # the press that follows a reminder does what it does: the
            # reminder goes (and the title under it comes back)
            screens.notice = None
            self._notice_gone = True
        if k == "undo":
            # not while New game sets up another game: the game played is
            # not on the screen then (HOME or BACK return to it)
            if play.session is not None and play.playing is None:
                play.act("undo")
        elif k == "home":
            if play.session is not None:
                screens.home()
        elif k == "end":
            if play.session is not None and play.playing is None:
                play.end()
        else:
            s = screens.stack[-1]
            s.moved = None
            s.key(self, k)
            if (screens.dirty is False and screens.drawn is s and screens.stack[-1] is s
                    and s.moved is not None):
                screens.dirty = s   # only the cursor moved since the frame was drawn
                return
        if self.took is not None and (not screens.stack or screens.stack[-1] is not self.took):
            # the screen the press went to is no longer on top (it closed,
            # or opened one over it): a held press's steps go to neither,
            # and a screen that closed is not held until the next press
            # (with its view, and its code where it was loaded for it)
            self.took = None
        screens.dirty = True

    def _draw_notice(self):
        """The reminder over the top of the screen (the title line, and the
        row under it for a second line), in the title's colours the other
        way round: its lines whole (Screens.tell)."""
        lay = self.board.lay
        cv = self.board.cv
        lines = self.screens.notice
        if lay.colour:
            bg, col = lay.title_fg, lay.title_bg
        else:
            bg, col = lay.fg, lay.bg
        # a dark line under it: apart from a selected row just below
        cv.rect(0, 0, lay.w, lay.lh * len(lines) - 1, bg, True)
        for i in range(len(lines)):
            cv.text(1, i * lay.lh, lines[i], col)

    def render(self, later=True):
        """Redraw if anything changed; then, unless later is False, what
        the screen on top makes once its first frame is shown (a QR code)
        and the frame again with it.  Returns True if it drew."""
        screens = self.screens
        if not screens.stack:
            return False
        drew = screens.dirty and self._draw()
        s = screens.stack[-1]
        made = getattr(s, "later", None) if later else None
        work = made(self) if made is not None else None
        if work is not None:
            # (its first frame shown: nothing drawn since, or drawn just now)
            work(self)
            s.redraw(self.board.cv, self.board.lay, self, False)
            if screens.notice:
                self._draw_notice()
            self.board.cv.show()
            drew = True
        return drew

    def _draw(self):
        screens = self.screens
        s = screens.stack[-1]
        board = self.board
        lay = board.lay
        if lay.colour:
            # the title band in the colour of the player whose turn it is
            play = self.play
            lay.turn = play.view().get("turn") if play.session is not None and play.playing is None \
                else None
        if self._notice_gone:
            self._notice_gone = False
            screens.dirty = True       # the title line, under the reminder
        s.redraw(board.cv, lay, self, screens.dirty is s)
        if screens.notice:
            self._draw_notice()
        screens.drawn = s
        board.cv.show()
        screens.dirty = False
        return True

    async def run(self, buttons):
        """The device loop: every intent the buttons gave is handled (an
        action's frame drawn and its record written before the next), then
        the screen is redrawn once, then the loop sleeps until a button
        changes (buttons.wait(): the buttons note their edges by interrupt
        meanwhile, so a press made while drawing is not lost)."""
        import asyncio
        self.running = True     # snapshots wait until a frame is drawn (Journal.idle)
        self.boot()
        self.render()
        play = self.play
        if play.session is not None:
            loading(False)      # a game is on the screen: the boot's collections end (modules.loading)
        px = self.board.px
        if px:
            asyncio.create_task(px.run())
        room = gc.mem_free() >> 1
        pressed = None      # (the boot's work done, as a press's: its probe too)
        while True:
            k = buttons.get()
            pressed = k is not None or pressed is None
            while k is not None:
                self.key(k, buttons.at)
                j = play.journal
                if j is not None and j.due is not None:
                    # an action: its frame goes out, then its record is
                    # written to flash, before the next press is taken (the
                    # buttons note presses meanwhile)
                    self.render(False)
                    play.saved()
                k = buttons.get()
            # (what a screen makes after its first frame, the end's QR code,
            # once the action's writes below are made: their files' blocks
            # first, in a heap a long game has cut up)
            self.render(False)
            j = play.journal
            if j is not None:
                # the snapshot an action made due, now that its frame is
                # on the screen (the buttons note presses meanwhile); after
                # a boot, the repair resume found due
                j.idle()
                if j.repair_failed is not None:
                    # no room for it: the game let go of first, so that the
                    # code that keeps it aside and tells finds room
                    # (firmware/chooser.py)
                    play.session = play.journal = play.kept_view = play.clock = None
                    self.screens.notice = None
                    self.screens.stack = []
                    gc.collect()
                    use_once("firmware.aside", "recovery_failed")(self, j.repair_failed)
                    j = None
                    self.render()
            if play.clock is not None and play.clock.due():
                # the time played so far (firmware/core/playclock.py), in
                # the journal's file block, lent for it and taken back
                # (Journal.reopen): at the game's end too, before its BG
                # Stats code is made (below), so that an undo of the end
                # finds a block for its record
                held = j is not None and j.close()
                play.clock.save()
                if held:
                    j.reopen()
            self.render()
            if pressed and self.probe:
                # (the press's work done: its frames, writes and code)
                self.probe()
            if pressed and gc.mem_free() < room:
                # the collection a press would run when the heap runs out
                # (long, with a long game in the heap), run while the
                # players look at the frame, once half the room the last
                # one left is taken: the next presses find room.  Not after
                # every press: the allocations after a collection search
                # the heap from its start (a cursor move takes longer)
                gc.collect()
                room = gc.mem_free() >> 1
            await buttons.wait()


def _ended(v):
    """Whether the view is of a game that has ended (a Legacy of Yu
    campaign: between two of its games, once one was played)."""
    if v.get("game") == "yu":
        return not v.get("in_game") and v.get("last_result") is not None
    return bool(v.get("over"))


def _urandom_seed():
    try:
        import os
        b = os.urandom(4)
        return b[0] | (b[1] << 8) | (b[2] << 16) | (b[3] << 24)
    except (ImportError, AttributeError, OSError):
        import time
        return time.ticks_us() & 0xFFFFFFFF
