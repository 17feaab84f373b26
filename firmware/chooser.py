# Choosing the game: what the device does when it is switched on (the
# settings, the saved game resumed, or the game picker) and when New game
# picks another game (its engine, screens, words and edition table) and
# starts it (Play.start_game, Choosing.save_edition: the set-up screens').  The
# App imports this module when it needs it and forgets it once a game is
# played (Choosing.done): play never needs its code.
import sys

from firmware.core import store
from firmware.core import text
from firmware.core.errors import EditionError
from firmware.core.gamefiles import KEPT
from firmware.core.modules import done_with, use_once
from firmware.core.text import t, fn
from firmware.screenkit.widgets import Menu, Message, row




def boot(app):
    """Load settings and the edition table, resume a saved game if there
    is one, and show its home screen (else the setup wizard)."""
    from firmware.core import session
    session.reserve()   # before anything cuts the heap up: the first game's kept copies
    session = None
    around, odd = _around(app)
    use_once("firmware.settings", "load")(app)
    app.board.load_language()
    if app.board.px:
        app.board.px.brightness = app.board.settings["brightness"]
    app.play.session = None
    kept = None
    name, damaged = saved_game(app, around)
    broken = None
    why = "m.kept_aside"
    if name:
        from firmware.core.journal import NoGame
        from firmware.core.modules import loading
        try:
            try:
                _resume(app, name)
            except MemoryError as e:
                # the boot's heap cut up before the game was read (the
                # settings, the words, the screen's buffers): everything
                # of the game let go of and collected, and read once more,
                # a block held meanwhile for the file that keeps the game
                # aside and tells it if this fails too
                loading(True)
                _aside().let_go(app)
                app.board.report("resumed again after a collection (%s)" % (e,))
                room = bytearray(1536)     # (a littlefs file's block and its object)
                try:
                    _resume(app, name)
                finally:
                    del room
        except EditionError as e:
            # the saved game is kept as it is, for a firmware that can read it
            app.board.report("cannot resume %s: its edition table is damaged (%s)" % (name, e))
            broken = e
            app.play.name = app.play.game = app.play.ui = app.play.journal = None
        except NoGame as e:
            from firmware.core.journal import TableGone
            app.board.report("the saved game cannot be recovered: %s" % e)
            damaged = True
            # the edition table it was started with is gone, and no other
            # replays its records: told so
            why = "m.table_gone" if isinstance(e, TableGone) else "m.kept_aside"
        except MemoryError as e:
            # no room in this heap to recover it: kept aside and told, not
            # a crash at every start (the boot again would find the same)
            _aside().let_go(app)
            app.board.report("no room in the heap to recover the saved game (%s)" % (e,))
            damaged = True
            why = "m.no_room"
        except OSError:
            raise   # the storage: a crash, and the boot tries again (the files as they are)
        except Exception as e:  # noqa: BLE001 - a failed recovery must not be a crash at every start
            # the recovery itself failed (not the storage): the boot would
            # fail the same way again, so the game is kept aside and told
            _aside().let_go(app)
            app.board.report("the saved game cannot be recovered: %s: %s" % (type(e).__name__, e))
            damaged = True
    if damaged:
        kept, why = _aside().keep_aside(app, why)
    app.screens.stack = []
    if app.play.session is None:
        open_picker(app)
        if kept is None and KEPT in around:
            # a game kept aside by an earlier boot that the players have
            # not been told of yet (the power went first)
            kept, why = _aside().told_kept(app)
        if kept:
            app.screens.push(Message(t("m.saved_game"), [t(why), kept], _aside().seen_kept))
        elif broken is not None:
            app.screens.note(t("m.edition_damaged") % (title_of(app, name, "g." + name), broken), "m.saved_game")
    else:
        j = app.play.journal
        if j is not None:
            # its file for the actions to come, before the home screen
            # cuts the heap up (Journal.reopen)
            j.reopen()
        app.screens.show_home()
        lines = []
        told = j.told if j is not None else None
        if told:
            # confirmed actions could not be read back: the game goes on
            # from before them (or from its last snapshot), and the
            # journal as it was is kept (the note stays on flash until the
            # players have seen it: a power cut may come first)
            lines = [fn("m.lost", told["lost"]) if told["lost"] > 0 else t("m.rebased")]
            for kept in told["kept"]:
                lines.append("game/" + kept)
        if j is not None and j.other_table:
            # the game's own edition table is gone: the rules have it in
            # the state, but the screens' lists are the table for new games'
            lines.append(t("m.table_other"))
        if lines:
            app.screens.push(Message(t("m.saved_game"), lines, _seen))
        elif sys.implementation.name == "circuitpython" and app.play.ended():
            # (reloaded for the game's code: firmware/screenkit/endreload.py)
            use_once("firmware.screenkit.endreload", "reopen")(app)
    if odd:
        # the data folder was no folder: kept aside, and told
        app.screens.push(Message(t("m.saved_game"), [t("m.not_folder"), odd]))
    app.play.leds()


def _seen(app):
    """The players closed the note of actions lost: it leaves the flash."""
    if app.play.journal is not None:
        app.play.journal.seen()


def saved_game(app, around=None):
    """(the game saved in the data folder, or None; whether its folder
    holds game files from which no game could be named).  around: the
    names in the data folder, where they are known."""
    if not app.board.dir:
        return None, False
    from firmware.core.resume import saved_game
    from firmware.games import NAMES
    found = saved_game(app.board.dir + "/game", NAMES, around=around)
    if found[0] is None:
        # nothing to resume: the resume code (a sixth of the core's
        # heap) is not needed until the next boot, nor what it imports
        done_with("firmware.core.resume")
        done_with("firmware.core.restoring")
    return found


def _aside():
    """Keeping a saved game aside, and the note to the players
    (firmware/aside.py): loaded only when a game is kept aside or has been."""
    from firmware import aside
    return aside


def _around(app):
    """(the names in the data folder, None); where a file (or what else but
    a folder) is in its place, it is kept aside first (firmware/aside.py):
    ((), the name it is kept under)."""
    if not app.board.dir:
        return (), None
    from firmware.core import osfs
    try:
        return osfs.FS.listdir(app.board.dir), None
    except OSError as e:
        if e.args and e.args[0] == 20:
            return (), _aside().data_folder(app)
    return (), None


def _resume(app, name):
    """The saved game name read and its session made (boot)."""
    from firmware.core.modules import loading
    choose(app, name)
    # the table for new games goes now: the game goes on with its
    # own (resume reads it), and the journal holds this one until
    # then (for its shape, or if the game's own is damaged)
    app.play.edition = None
    # the replay's garbage is states and records, not modules'
    # buffers: collected only when the heap runs out (modules.loading)
    loading(False)
    app.play.session = app.play.journal.resume()
    loading(True)
    # the game's own edition table (what it was started with)
    # is what its screens read while it is played; the one for
    # new games (bundled or edited) is read again by New game
    app.play.edition = app.play.journal.edition
    played_edition(app)
    for note in app.play.journal.notes:
        app.board.report(note)


def choose(app, name):
    """Make `name` the game played: its engine, screens, edition table
    (the one saved in the settings if the players edited it).  While a
    game is being played (New game), that game is kept as it is, to go
    back to if the players back out (resume_playing)."""
    from firmware.games import registry
    game = registry.module(name)
    screens = registry.ui(name)  # ImportError here leaves the app as it was
    if app.play.session is not None and app.play.playing is None:
        app.play.playing = (app.play.name, app.play.game, app.play.ui, app.play.edition, app.play.journal)
    app.play.name = name
    app.play.game = game
    app.play.ui = screens
    app.board.load_words(app)
    where = "%s/%s" % (app.board.assets, registry.edition(name))
    bundled = bundled_edition(app, registry.edition(name))
    ed = None
    src = where   # the file the table for new games is read from as it is
    if app.board.dir:
        path = "%s/%s-edition.json" % (app.board.dir, name)
        ok, ed = store.read_json(path)
        src = path
        if not ok:
            # missing, or damaged (reported): a whole copy that a save cut
            # short left is used (load_json, as the settings), else none
            src = None
            if ed:
                app.board.report("%s is damaged (%s); not used" % (path, ed))
            ok, ed = store.read_json(path + store.TMP)
            if ok:
                app.board.report("%s: using the complete copy in %s" % (path, path + store.TMP))
            else:
                ed = None
        why = None if ed is None else store.same_shape(ed, bundled)
        if why:
            app.board.report("%s-edition.json is not an edition table (%s): the bundled one is used" % (name, why))
            ed = None
        if ed is None:
            src = where
    app.play.edition = bundled if ed is None else ed
    app.play.edition_saved = True
    bundled = None
    if app.board.dir:
        from firmware.core.journal import Journal
        if app.play.journal is not None:
            # the game played (New game) lets go of its journal file, which
            # the new game's start replaces: it opens it again if it goes on
            app.play.journal.close()
        app.play.journal = Journal(app.board.dir + "/game", app.play.game, app.play.edition)
        app.play.journal.defer = app.running
        app.play.journal.played = registry.played(name)
        app.play.journal.tables = (src, where)


def open_picker(app, over=False):
    """Which game to set up: the first screen with no game, or over the
    running game's screens after New game (BACK returns to them)."""
    from firmware.games import GAMES
    from firmware.core.modules import loading
    loading(True)   # a game is chosen and set up: collected as it loads, until it starts
    rows = []
    if not over:
        app.screens.stack = []
        # the languages on top, each in its own words, the one spoken ticked:
        # on the screen from the first start, one press from the cursor
        from firmware.settings import LANGS, NAMES
        done_with("firmware.settings")
        for i in range(len(LANGS)):
            rows.append(row(NAMES[i], "\u2713" if app.board.settings["lang"] == LANGS[i] else "", _language(LANGS[i])))
    first = len(rows)
    for name, title, _ in GAMES:
        rows.append(row(title_of(app, name, title), "", _pick(name)))
    picker = Menu(t("g.title"), rows, first, hint="h.pick")
    picker.picker = True    # leaving it goes back to the game being played
    app.screens.push(picker)


def title_of(app, name, key):
    """A game's title in the players' language: from the language's table,
    else from the game's own words (a game added as its folder alone)."""
    got = text.get(key)
    if got is None:
        from firmware.games import registry
        try:
            tb = text.read(app.board.code + registry.words(name, app.board.settings["lang"]))
        except OSError:
            return key
        got = tb.get(key, key)
        tb.close()
    return got


def _language(lang):
    def go(app):
        from firmware import settings
        done_with("firmware.settings")
        e = settings.use_language(app, lang)
        cur = app.screens.stack[-1].cur
        open_picker(app)
        app.screens.stack[-1].cur = cur         # on the language chosen, its tick beside it
        settings.told(app, e)           # a write the storage refused: over the picker
    return go


def confirm_new_game(app):
    rows = [row(t("m.no"), "", lambda app: app.screens.pop()),
            row(t("m.yes"), "", lambda app: app.screens.open_picker(True))]
    app.screens.push(Menu(t("s.confirm_new"), rows))


def _pick(name):
    def go(app):
        try:
            app.choosing.choose(name)
        except ImportError:
            # a build without this game's screens (flash.sh can leave games out)
            app.screens.note(t("g.missing"))
            return
        except EditionError as e:
            app.choosing.resume_playing()
            app.screens.note(t("m.edition_damaged") % (title_of(app, name, "g." + name), e))
            return
        app.screens.push(app.play.ui.setup(app))
    return go


def bundled_edition(app, path):
    """The edition table that came with the firmware (assets/GAME/...);
    EditionError if it cannot be read."""
    import json
    try:
        with open("%s/%s" % (app.board.assets, path)) as f:
            ed = json.load(f)
    except (OSError, ValueError) as e:
        raise EditionError("%s: %s" % (path, e))
    if not isinstance(ed, dict):
        raise EditionError("%s: not a table" % path)
    store.drop_notes(ed)     # what it says for its readers: not kept on the device
    return ed


def played_edition(app):
    """Keep of the edition table only what the game's screens read while
    it is played (the game package's PLAYED: Inca Empire's marker kinds
    and temple sites).  The rules took what they need into the state
    when the game was set up, the journal's folder holds the table the
    game was started with, and New game reads the table again: the
    parts kept are a small share of Inca Empire's whole table."""
    from firmware.games import registry
    ed = app.play.edition
    if ed is not None:
        app.play.edition = dict((k, ed[k]) for k in registry.played(app.play.name) if k in ed)
    if app.play.journal is not None:
        app.play.journal.edition = None


def start_game(app, setup):
    """Start the game chosen from its setup line: its journal (or a
    session in memory), its home screen and the set-up checklist."""
    from firmware.core.errors import IllegalAction
    line = setup
    if getattr(app.play.game, "SEEDED", True):
        # a game with anything random is dealt from a fresh seed
        line = "%s seed=%d" % (setup, app.board.seed())
    try:
        if app.play.journal:
            # on the device the table is written after the first frame,
            # unless it is an edit the storage did not take (a resume
            # without the game's own table would not find it)
            # with no game played, what the game's folder holds is a save
            # the boot could not resume: kept aside, never removed
            app.play.session = app.play.journal.start(line, None if app.play.edition_saved else False,
                                                      app.play.playing is None)
        else:
            from firmware.core.session import Session
            app.play.session = Session(app.play.game, app.play.edition, line)
    except IllegalAction as e:
        app.screens.note(text.reason(e))
        return
    except OSError as e:
        j = app.play.playing[4] if app.play.playing else None
        if j is not None:
            # refused between its renames, with the game played not put
            # back either: it is whole in game.old, and its journal puts it
            # back before its next action (or at idle) once the storage
            # takes writes again (saving.repair)
            from firmware.core import osfs
            try:
                j.cut_due = j.cut_due or "game" not in osfs.FS.listdir(app.board.dir)
            except OSError:
                j.cut_due = True
        app.screens.note(app.screens.storage_error(e))
        return
    if app.play.playing is None and app.play.journal:
        # a note of a save kept where it was, now aside: told at the boot
        # it was found; the new game is what the next boot shows
        from firmware.core import osfs
        try:
            osfs.FS.remove(app.board.dir + "/" + KEPT)
        except OSError:
            pass
    app.play.playing = None     # the game played before has ended
    from firmware.core.modules import loading
    loading(False)
    played_edition(app)
    app.play.changed()
    app.screens.show_home()
    # the setup wizard's code (where a game has it apart) until New game,
    # and every other game's modules: the game they served has ended
    done_with("firmware.games.%s.setup" % app.play.name)
    from firmware.games import NAMES, registry
    for name in NAMES:
        if name != app.play.name:
            registry.done_with(name)
    app.choosing.done()
    # the set-up reminders (turn order, what goes on the board): a
    # checklist read once before play, on a screen of its own
    lines = app.play.ui.notable(app.play.session.state["ev"])
    if lines:
        app.screens.push(Message(t("s.order"), lines))
    app.play.leds("start")


def save_edition(app):
    """Keep the edited edition table, for new games; a failed write is told."""
    if app.board.dir:
        path = "%s/%s-edition.json" % (app.board.dir, app.play.name)
        try:
            store.save_json(path, app.play.edition)
        except OSError as e:
            app.play.edition_saved = False
            if app.play.journal is not None:
                # the table is no file's now: a game started with it is
                # named by the checksum of its own copy (Journal.tables)
                app.play.journal.tables = (None,) + tuple(app.play.journal.tables[1:])
            app.screens.note(app.screens.storage_error(e))
            return
        app.play.edition_saved = True
        if app.play.journal is not None:
            # the game started now has this table: its checksum is that file's
            app.play.journal.tables = (path,) + tuple(app.play.journal.tables[1:])
