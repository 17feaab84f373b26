# The device's loop: a button intent goes to the top screen; a screen may
# send an action line to the game (through the journal, so it survives a
# power cut), push another screen or show a note; then the screen is redrawn
# into the canvas and shown, and the LEDs follow the game.
#
# The app never applies a rule itself: it asks the engine (check, apply,
# view) and shows what the engine did (its events).
import json

from firmware.core import store
from firmware.core.errors import IllegalAction
from firmware.core.modules import forget
from firmware.core.session import Session
from firmware.core import text
from firmware.core.text import t
from firmware.ui.widgets import Menu, Message, row

LANGS = ("en", "ru", "es")


class EditionError(Exception):
    """A game's bundled edition table cannot be read: the game cannot be
    set up or resumed until it is put back (flash the firmware again)."""
BRIGHTNESS = (1, 2, 3, 4, 5)




class App:
    def __init__(self, lay, canvas, pixels=None, data_dir=None, assets="assets", seed=None, report=None,
                 lang=None, probe=None):
        """lay: firmware.ui.layout.Layout; canvas: firmware.hal.canvas.Canvas;
        pixels: firmware.hal.pixels.PlayerPixels or None; data_dir: where the
        journal and settings live (None keeps the game in memory only);
        seed: a function giving the seed of a new game."""
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
        self.session = None
        self.journal = None
        self.stack = []
        self.dirty = True
        self.drawn = None     # the screen the frame shows
        self._view = None
        self.settings = {"brightness": 3, "lang": "en"}
        self.name = None   # the game being played or set up: "inca", ...
        self.game = None   # its rules engine
        self.ui = None     # its screens
        self.lang = lang  # a language chosen by the caller, over the saved one
        self.has_up = True  # False on a two-button board: lists wrap with "down"
        self.edition = None
        # False: the players' edit of the table for new games could not be
        # saved, so a game started with it writes it before its journal
        self.edition_saved = True
        self.playing = None  # the game being played while New game sets up another
        self.probe = probe  # called after every redraw the buttons caused (main.py)
        self.running = False    # in run(), the device's loop

    # ------------------------------------------------------------ boot

    def boot(self):
        """Load settings and the edition table, resume a saved game if there
        is one, and show its home screen (else the setup wizard)."""
        if self.dir:
            store.makedirs(self.dir)
            self._take_settings(store.load_json(self.dir + "/settings.json", {}, report=self.report))
        if self.lang:
            self.settings["lang"] = self.lang
        if self.settings.get("lang") not in LANGS:
            self.settings["lang"] = "en"
        text.load("%s/lang/%s.json" % (self.assets, self.settings["lang"]))
        if self.px:
            self.px.brightness = self.settings["brightness"]
        self.session = None
        kept = None
        name, damaged = self._saved_game()
        broken = None
        if name:
            from firmware.core.journal import NoGame
            try:
                self.choose(name)
                self.session = self.journal.resume()
                # the game's own edition table (what it was started with)
                # is what its screens read while it is played; the one for
                # new games (bundled or edited) is read again by New game
                self.edition = self.journal.edition
                self._played_edition()
                for note in self.journal.notes:
                    self.report(note)
            except EditionError as e:
                # the saved game is kept as it is, for a firmware that can read it
                self.report("cannot resume %s: its edition table is damaged (%s)" % (name, e))
                broken = e
                self.name = self.game = self.ui = self.journal = None
            except NoGame as e:
                self.report("the saved game cannot be recovered: %s" % e)
                damaged = True
        if damaged:
            kept = self._keep_aside()
        self.stack = []
        if self.session is None:
            self.open_picker()
            if kept:
                self.push(Message(t("m.saved_game"), [t("m.kept_aside"), kept]))
            elif broken is not None:
                self.note(t("m.edition_damaged") % (t("g." + name), broken), "m.saved_game")
        else:
            self._home_screen()
            j = self.journal
            if j is not None and j.lost:
                # confirmed actions could not be read back: the game goes on
                # from before them (or from its last snapshot), and the
                # journal as it was is kept
                lines = [t("m.lost") % j.lost if j.lost > 0 else t("m.rebased")]
                if j.kept:
                    lines.append("game/" + j.kept)
                self.push(Message(t("m.saved_game"), lines))
        self.leds()

    def _take_settings(self, saved):
        """The saved settings that are what they should be (a file of the
        wrong shape is reported; the defaults stand for the rest)."""
        if not isinstance(saved, dict):
            self.report("settings.json is not a table: the defaults are used")
            return
        b = saved.get("brightness")
        if b in BRIGHTNESS and type(b) is int:
            self.settings["brightness"] = b
        elif b is not None:
            self.report("settings.json: brightness %r is not 1 to 5: the default is used" % (b,))
        lang = saved.get("lang")
        if lang in LANGS:
            self.settings["lang"] = lang
        elif lang is not None:
            self.report("settings.json: no language %r: the default is used" % (lang,))

    def _saved_game(self):
        """(the game saved in the data folder, or None; whether its folder
        holds game files from which no game could be named)."""
        if not self.dir:
            return None, False
        from firmware.core.resume import saved_game
        from firmware.games import NAMES
        found = saved_game(self.dir + "/game", NAMES)
        if found[0] is None:
            # nothing to resume: the resume code (a sixth of the core's
            # heap) is not needed until the next boot
            forget("firmware.core.resume")
        return found

    def _keep_aside(self):
        """A saved game that cannot be recovered is never dropped: its folder
        is renamed game.damaged-N (N the first free), so that a new game does
        not write over it.  Returns that name, or None if it could not be
        renamed (the files then stay where they are)."""
        import os
        for n in range(1, 100):
            kept = "game.damaged-%d" % n
            try:
                os.stat(self.dir + "/" + kept)
                continue
            except OSError:
                pass
            try:
                os.rename(self.dir + "/game", self.dir + "/" + kept)
            except OSError as e:
                self.report("could not keep the damaged game aside (%s)" % (e,))
                return None
            self.report("kept the damaged game in %s/%s" % (self.dir, kept))
            self.journal = None
            return kept
        return None

    def choose(self, name):
        """Make `name` the game played: its engine, screens, edition table
        (the one saved in the settings if the players edited it).  While a
        game is being played (New game), that game is kept as it is, to go
        back to if the players back out (resume_playing)."""
        from firmware import games
        game = games.module(name)
        screens = games.ui(name)  # ImportError here leaves the app as it was
        if self.session is not None and self.playing is None:
            self.playing = (self.name, self.game, self.ui, self.edition, self.journal)
        self.name = name
        self.game = game
        self.ui = screens
        self._load_words()
        bundled = self._bundled_edition(games.edition(name))
        ed = None
        if self.dir:
            ed = store.load_json("%s/%s-edition.json" % (self.dir, name), None, report=self.report)
            why = None if ed is None else store.same_shape(ed, bundled)
            if why:
                self.report("%s-edition.json is not an edition table (%s): the bundled one is used" % (name, why))
                ed = None
        self.edition = bundled if ed is None else ed
        self.edition_saved = True
        bundled = None
        if self.dir:
            from firmware.core.journal import Journal
            self.journal = Journal(self.dir + "/game", self.game, self.edition)
            self.journal.defer = self.running

    def _played_edition(self):
        """Keep of the edition table only what the game's screens read while
        it is played (the game package's PLAYED: Inca Empire's marker kinds
        and temple sites).  The rules took what they need into the state
        when the game was set up, the journal's folder holds the table the
        game was started with, and New game reads the table again: the
        whole of Inca Empire's is 9 KB of a 32-bit board's heap, the parts
        kept 1.6 KB."""
        from firmware import games
        ed = self.edition
        if ed is not None:
            self.edition = dict((k, ed[k]) for k in games.played(self.name) if k in ed)
        if self.journal is not None:
            self.journal.edition = None

    def _bundled_edition(self, path):
        """The edition table that came with the firmware (assets/GAME/...);
        EditionError if it cannot be read."""
        try:
            with open("%s/%s" % (self.assets, path)) as f:
                ed = json.load(f)
        except (OSError, ValueError) as e:
            raise EditionError("%s: %s" % (path, e))
        if not isinstance(ed, dict):
            raise EditionError("%s: not a table" % path)
        return ed

    def _load_words(self):
        """The language's words, and the game's own in front of them."""
        lang = self.settings["lang"]
        text.load("%s/lang/%s.json" % (self.assets, lang))
        if self.name:
            from firmware.games import words
            text.add(self.code + words(self.name, lang))

    def open_picker(self, over=False):
        """Which game to set up: the first screen with no game, or over the
        running game's screens after New game (BACK returns to them)."""
        from firmware.games import GAMES
        rows = []
        for name, title, _ in GAMES:
            rows.append(row(t(title), "", _pick(name)))
        if not over:
            self.stack = []
        picker = Menu(t("g.title"), rows, hint="h.pick")
        picker.picker = True    # leaving it goes back to the game being played
        self.push(picker)

    def _home_screen(self):
        self.stack = []
        self.push(self.ui.home(self))

    # ------------------------------------------------------------ screens

    def push(self, screen):
        screen.refresh(self)
        self.stack.append(screen)
        self.dirty = True

    def pop(self):
        if len(self.stack) > 1:
            gone = self.stack.pop()
            if getattr(gone, "picker", False):
                self.resume_playing()
            self.stack[-1].refresh(self)
        self.dirty = True

    def home(self):
        del self.stack[1:]
        self.resume_playing()
        self.stack[0].refresh(self)
        self.dirty = True

    def resume_playing(self):
        """Back from New game without starting one: the game being played
        is the one the screens serve again (its engine, screens, words,
        edition and journal as they were)."""
        if self.playing is None:
            return
        self.name, self.game, self.ui, self.edition, self.journal = self.playing
        self.playing = None
        self._load_words()
        self._changed()

    def open_menu(self):
        self.push(self.ui.menu(self))

    def open_history(self):
        self.push(self.ui.history(self))

    def note(self, msg, title="m.refused"):
        self.push(Message(t(title), [msg]))

    def footer_text(self, hint):
        return t(hint)

    def open_settings(self):
        rows = [row(t("m.brightness"), str(self.settings["brightness"]), _cycle_brightness),
                row(t("m.language"), t("lang"), _cycle_language)]
        self.push(Menu(t("m.settings"), rows))

    def confirm_new_game(self):
        rows = [row(t("m.no"), "", lambda app: app.pop()),
                row(t("m.yes"), "", lambda app: app.open_picker(True))]
        self.push(Menu(t("s.confirm_new"), rows))

    # ------------------------------------------------------------ the game

    def view(self):
        """The view of the game being played (while New game sets up another
        game, still the one played)."""
        if self._view is None:
            game = self.game if self.playing is None else self.playing[1]
            self._view = game.view(self.session.state)
        return self._view

    def check(self, action):
        """Why the action is not allowed now, in the players' language, or None."""
        e = self.game.refusal(self.session.state, action)
        return None if e is None else text.reason(e)

    def start_game(self, setup):
        line = setup
        if getattr(self.game, "SEEDED", True):
            # a game with anything random is dealt from a fresh seed
            line = "%s seed=%d" % (setup, self.seed())
        try:
            if self.journal:
                # on the device the table is written after the first frame,
                # unless it is an edit the storage did not take (a resume
                # without the game's own table would not find it)
                self.session = self.journal.start(line, None if self.edition_saved else False)
            else:
                self.session = Session(self.game, self.edition, line)
        except IllegalAction as e:
            self.note(text.reason(e))
            return
        except OSError as e:
            self.note(self._storage(e))
            return
        self.playing = None     # the game played before has ended
        self._played_edition()
        self._changed()
        self._home_screen()
        # the setup wizard's code (where a game has it apart) until New game,
        # and every other game's modules: the game they served has ended
        forget("firmware.games.%s.setup" % self.name)
        from firmware import games
        for name in games.NAMES:
            if name != self.name:
                games.forget(name)
        self._show_events(self.session.state["ev"], "s.order")
        self.leds("start")

    def act(self, action):
        """Apply one action line (or undo/redo) through the journal.
        Returns True if the game took it."""
        ss = self.session
        where = self._where()
        try:
            if self.journal:
                kind = self.journal.apply(action)
            else:
                kind = ss.apply(action)
        except IllegalAction as e:
            self.note(text.reason(e))
            return False
        except OSError as e:
            self.note(self._storage(e))
            return False
        self._changed()
        for scr in self.stack:
            # a screen's copy of the old view goes before the new one is
            # made (its refresh, below, takes the new one)
            if getattr(scr, "view", None) is not None:
                scr.view = None
        s = self.session.state
        moved = where != self._where()
        if moved:
            self._home_screen()
        else:
            del self.stack[2:]
            for scr in self.stack:
                scr.refresh(self)
        if kind == "action":
            self._show_events(s["ev"], "m.results")
        else:
            ss = self.session
            what = ss.redo_stack[-1] if kind == "undo" else ss.tail[-1]
            self.note(t("x.undone" if kind == "undo" else "x.redone") % self.ui.action(what), "m." + kind)
        self.leds(self.ui.led_event(s["ev"]) if kind == "action" else None)
        return True

    def _storage(self, e):
        """What a failed write means, in the players' language (the system's
        own message is English): a full flash in words, else its number."""
        no = e.args[0] if e.args and isinstance(e.args[0], int) else 0
        return t("m.storage_full") if no == 28 else t("m.storage") % no

    def _where(self):
        """Where the game stands (a phase, round, game...): when it changes,
        the screens go back to the home screen.  A game's screens may say it
        with where(state); else it is read from the view."""
        w = getattr(self.ui, "where", None)
        if w is not None:
            return w(self.session.state)
        v = self.view()
        return (v.get("era"), v.get("round"), v.get("step"), v.get("phase"), v.get("game_no"), v.get("over"))

    def _show_events(self, events, title_key):
        lines = self.ui.notable(events)
        if lines:
            self.push(Message(t(title_key), lines))

    def _changed(self):
        self._view = None
        self.dirty = True

    def save_settings(self):
        """Keep the settings; a failed write is told (the setting holds for now)."""
        if self.dir:
            try:
                store.save_json(self.dir + "/settings.json", self.settings)
            except OSError as e:
                self.note(self._storage(e))

    def save_edition(self):
        """Keep the edited edition table, for new games; a failed write is told."""
        if self.dir:
            try:
                store.save_json("%s/%s-edition.json" % (self.dir, self.name), self.edition)
            except OSError as e:
                self.edition_saved = False
                self.note(self._storage(e))
                return
            self.edition_saved = True

    # ------------------------------------------------------------ input and output

    def key(self, k):
        """Handle one button intent: up, down, ok, back, home, undo."""
        if not self.stack:
            return
        if k == "undo":
            # not while New game sets up another game: the game played is
            # not on the screen then (HOME or BACK return to it)
            if self.session is not None and self.playing is None:
                self.act("undo")
        elif k == "home":
            if self.session is not None:
                self.home()
        else:
            s = self.stack[-1]
            s.moved = None
            s.key(self, k)
            if (self.dirty is False and self.drawn is s and self.stack[-1] is s
                    and s.moved is not None):
                self.dirty = s   # only the cursor moved since the frame was drawn
                return
        self.dirty = True

    def render(self):
        """Redraw if anything changed; returns True if it drew."""
        if not self.dirty or not self.stack:
            return False
        s = self.stack[-1]
        s.redraw(self.cv, self.lay, self, self.dirty is s)
        self.drawn = s
        self.cv.show()
        self.dirty = False
        return True

    def leds(self, animation=None):
        if not self.px:
            return
        if self.session is None:
            self.px.players([], None)
            return
        v = self.view()
        ui = self.ui if self.playing is None else self.playing[2]
        colours, lit = ui.leds(v)
        self.px.players(colours, lit)
        if animation:
            self.px.animate(animation, v)

    async def run(self, buttons):
        """The device loop: every intent the buttons gave is handled, then
        the screen is redrawn once, then the loop sleeps until a button
        changes (buttons.wait(): the buttons note their edges by interrupt
        meanwhile, so a press made while drawing is not lost)."""
        import asyncio
        self.running = True     # snapshots wait until a frame is drawn (Journal.idle)
        self.boot()
        self.render()
        if self.px:
            asyncio.create_task(self.px.run())
        while True:
            k = buttons.get()
            pressed = k is not None
            while k is not None:
                self.key(k)
                k = buttons.get()
            self.render()
            if pressed and self.probe:
                self.probe()
            if self.journal is not None:
                # the snapshot an action made due, now that its frame is
                # on the screen (the buttons note presses meanwhile)
                self.journal.idle()
            await buttons.wait()


def _pick(name):
    def go(app):
        try:
            app.choose(name)
        except ImportError:
            # a build without this game's screens (flash.sh can leave games out)
            app.note(t("g.missing"))
            return
        except EditionError as e:
            app.resume_playing()
            app.note(t("m.edition_damaged") % (t("g." + name), e))
            return
        app.push(app.ui.setup(app))
    return go


def _cycle_brightness(app):
    b = app.settings["brightness"]
    app.settings["brightness"] = BRIGHTNESS[(BRIGHTNESS.index(b) + 1) % len(BRIGHTNESS)] if b in BRIGHTNESS else 3
    if app.px:
        app.px.brightness = app.settings["brightness"]
        app.leds()
    app.pop()
    app.open_settings()
    app.save_settings()     # a failed write is told over the settings


def _cycle_language(app):
    cur = app.settings.get("lang", "en")
    nxt = LANGS[(LANGS.index(cur) + 1) % len(LANGS)] if cur in LANGS else "en"
    app.settings["lang"] = nxt
    # kept first: a table that finds no room in a heap a long game has cut
    # up (an 8 kB block, on a colour Pico) raises MemoryError, and the
    # device starts again, on a whole heap, in the language chosen
    app.save_settings()
    app._load_words()
    app.pop()
    app.open_settings()


def _urandom_seed():
    try:
        import os
        b = os.urandom(4)
        return b[0] | (b[1] << 8) | (b[2] << 16) | (b[3] << 24)
    except (ImportError, AttributeError, OSError):
        import time
        return time.ticks_us() & 0xFFFFFFFF
