# Keeping a saved game aside, and what the players are told of it: a game
# that cannot be recovered (or not in this heap), a file where the game's
# folder or the data folder goes.  Nothing confirmed is deleted: the folder
# is renamed game.damaged-N, and a note (kept.json in the data folder) says
# so until the players have closed it.  Loaded by firmware/chooser.py only
# when a game is kept aside, or was by an earlier boot that the players have
# not been told of yet.
from firmware.core import osfs, store
from firmware.core.gamefiles import KEPT
from firmware.core.modules import collect, done_with, use
from firmware.core.text import t
from firmware.screenkit.widgets import Message

def seen_kept(app):
    """The players have been told of the game kept aside: the note goes."""
    try:
        osfs.FS.remove(app.board.dir + "/" + KEPT)
    except OSError:
        pass


WHY = ("m.kept_aside", "m.table_gone", "m.no_room", "m.not_folder")


def keep_aside(app, why="m.kept_aside"):
    """A saved game that cannot be recovered is never dropped: its folder
    (or a file where it goes: why is then "m.not_folder") is renamed
    game.damaged-N (N the first free), so that a new game does not write
    over it; what the players are told (why: its words) is put on flash
    first, until they have seen it.  Returns (that name, why); ("game",
    why) if the storage refused the rename: the files stay where they are,
    told at every boot (which tries again), and a new game's start keeps
    them aside (saving.start)."""
    fs = osfs.FS
    try:
        names = fs.listdir(app.board.dir)
        if "game" not in fs.folders(app.board.dir):
            why = "m.not_folder"
    except OSError:
        names = ()
    for n in range(1, 100):
        kept = "game.damaged-%d" % n
        if kept in names:
            continue
        try:
            store.save_json(app.board.dir + "/" + KEPT, {"kept": kept, "why": why})
        except (OSError, MemoryError) as e:
            app.board.report("could not note the game kept aside (%s)" % (e,))
        try:
            fs.rename(app.board.dir + "/game", app.board.dir + "/" + kept)
        except OSError as e:
            app.board.report("could not keep the damaged game aside (%s): it stays in %s/game" % (e, app.board.dir))
            kept = "game"
            try:
                store.save_json(app.board.dir + "/" + KEPT, {"kept": kept, "why": why})
            except (OSError, MemoryError):
                seen_kept(app)      # not a note naming a folder that is not there
            return kept, why
        app.board.report("kept the damaged game in %s/%s" % (app.board.dir, kept))
        app.play.journal = None
        return kept, why
    return None, why


def told_kept(app):
    """(folder, words) of a game an earlier boot kept aside, of which the
    players have not been told yet; (None, None) if there is none."""
    ok, got = store.read_json(app.board.dir + "/" + KEPT)
    if ok and isinstance(got, dict) and isinstance(got.get("kept"), str) and got.get("why") in WHY:
        return got["kept"], got["why"]
    if got:
        seen_kept(app)     # damaged: not told, not kept
    return None, None


def data_folder(app):
    """The data folder is a file (or what else but a folder): it is renamed
    DATA.damaged-N and a folder made in its place, so that the settings and
    games can be saved.  Returns the name it is kept under, or None."""
    fs = osfs.FS
    i = app.board.dir.rfind("/")
    parent, base = (app.board.dir[:i] or "/", app.board.dir[i + 1:]) if i >= 0 else (".", app.board.dir)
    try:
        names = fs.listdir(parent)
    except OSError:
        names = ()
    n = 1
    while "%s.damaged-%d" % (base, n) in names:
        n += 1
    kept = "%s.damaged-%d" % (base, n)
    try:
        fs.rename(app.board.dir, app.board.dir + kept[len(base):])
        fs.mkdir(app.board.dir)
    except OSError as e:
        app.board.report("the data folder %s is not a folder, and could not be moved aside (%s)" % (app.board.dir, e))
        return None
    app.board.report("the data folder %s was not a folder: kept as %s" % (app.board.dir, kept))
    return kept


def let_go(app):
    """Drop the game being recovered (its session, journal, engine and
    screens) and collect: the heap is the boot's again."""
    name = app.play.name
    app.play.session = app.play.journal = app.play.game = app.play.ui = app.play.name = app.play.edition = None
    app.play.playing = app.play.clock = None
    app.screens.stack = []
    for m in ("firmware.core.resume", "firmware.core.restoring", "firmware.core.recover", "firmware.core.saving"):
        done_with(m)
    if name:
        use("firmware.games.registry", "done_with")(name)
        done_with("firmware.games.registry")
    collect()


def recovery_failed(app, e):
    """The repair of the game resumed found no room in the heap (its first
    idle, App.run, which let go of the game first): the game is kept aside
    and the players told, and the device goes on to the game picker, never
    a crash at every start."""
    let_go(app)
    app.board.report("no room in the heap to repair the saved game (%s)" % (e,))
    kept, why = keep_aside(app, "m.no_room")
    app.screens.open_picker()
    if kept:
        app.screens.push(Message(t("m.saved_game"), [t(why), kept], seen_kept))
    app.play.leds()
