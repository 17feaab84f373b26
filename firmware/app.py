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
        self.probe = probe  # called after every redraw the buttons caused (main.py)

    # ------------------------------------------------------------ boot

    def boot(self):
        """Load settings and the edition table, resume a saved game if there
        is one, and show its home screen (else the setup wizard)."""
        if self.dir:
            store.makedirs(self.dir)
            self.settings.update(store.load_json(self.dir + "/settings.json", {}, report=self.report))
        if self.lang:
            self.settings["lang"] = self.lang
        if self.settings.get("lang") not in LANGS:
            self.settings["lang"] = "en"
        text.load("%s/lang/%s.json" % (self.assets, self.settings["lang"]))
        if self.px:
            self.px.brightness = self.settings["brightness"]
        self.session = None
        name = self._saved_game()
        if name:
            from firmware.core.journal import NoGame
            self.choose(name)
            try:
                self.session = self.journal.resume()
                for note in self.journal.notes:
                    self.report(note)
            except NoGame:
                self.session = None
        self.stack = []
        if self.session is None:
            self.open_picker()
        else:
            self._home_screen()
        self.leds()

    def _saved_game(self):
        """The game in the journal directory (its setup line's first word)."""
        if not self.dir:
            return None
        try:
            with open(self.dir + "/game/journal.txt") as f:
                words = f.readline().split()
        except OSError:
            return None
        from firmware.games import NAMES
        return words[0] if words and words[0] in NAMES else None

    def choose(self, name):
        """Make `name` the game played: its engine, screens, edition table
        (the one saved in the settings if the players edited it)."""
        from firmware import games
        game = games.module(name)
        screens = games.ui(name)  # ImportError here leaves the app as it was
        self.name = name
        self.game = game
        self.ui = screens
        self._load_words()
        ed = None
        if self.dir:
            ed = store.load_json("%s/%s-edition.json" % (self.dir, name), None, report=self.report)
        if ed is None:
            with open("%s/%s" % (self.assets, games.edition(name))) as f:
                ed = json.load(f)
        self.edition = ed
        if self.dir:
            from firmware.core.journal import Journal
            self.journal = Journal(self.dir + "/game", self.game, ed)

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
        self.push(Menu(t("g.title"), rows, hint="h.pick"))

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
            self.stack.pop()
            self.stack[-1].refresh(self)
        self.dirty = True

    def home(self):
        del self.stack[1:]
        self.stack[0].refresh(self)
        self.dirty = True

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
        if self._view is None:
            self._view = self.game.view(self.session.state)
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
                self.session = self.journal.start(line)
            else:
                self.session = Session(self.game, self.edition, line)
        except IllegalAction as e:
            self.note(text.reason(e))
            return
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
            # the system's own message is English: the player gets the
            # error number, and a full flash in words
            no = e.args[0] if e.args and isinstance(e.args[0], int) else 0
            self.note(t("m.storage_full") if no == 28 else t("m.storage") % no)
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
        if self.dir:
            store.save_json(self.dir + "/settings.json", self.settings)

    def save_edition(self):
        if self.dir:
            store.save_json("%s/%s-edition.json" % (self.dir, self.name), self.edition)

    # ------------------------------------------------------------ input and output

    def key(self, k):
        """Handle one button intent: up, down, ok, back, home, undo."""
        if not self.stack:
            return
        if k == "undo":
            if self.session is not None:
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
        colours, lit = self.ui.leds(v)
        self.px.players(colours, lit)
        if animation:
            self.px.animate(animation, v)

    async def run(self, buttons):
        """The device loop: every intent the buttons gave is handled, then
        the screen is redrawn once, then the loop sleeps until a button
        changes (buttons.wait(): the buttons note their edges by interrupt
        meanwhile, so a press made while drawing is not lost)."""
        import asyncio
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
            await buttons.wait()


def _pick(name):
    def go(app):
        try:
            app.choose(name)
        except ImportError:
            # a build without this game's screens (flash.sh can leave games out)
            app.note(t("g.missing"))
            return
        app.push(app.ui.setup(app))
    return go


def _cycle_brightness(app):
    b = app.settings["brightness"]
    app.settings["brightness"] = BRIGHTNESS[(BRIGHTNESS.index(b) + 1) % len(BRIGHTNESS)] if b in BRIGHTNESS else 3
    if app.px:
        app.px.brightness = app.settings["brightness"]
        app.leds()
    app.save_settings()
    app.pop()
    app.open_settings()


def _cycle_language(app):
    cur = app.settings.get("lang", "en")
    nxt = LANGS[(LANGS.index(cur) + 1) % len(LANGS)] if cur in LANGS else "en"
    app.settings["lang"] = nxt
    app._load_words()
    app.save_settings()
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
