# The device's settings (LED brightness, language): read at boot, changed on
# the Settings screen.  Imported when the boot reads them or the screen opens
# and forgotten at once (the screen's rows keep it until it closes): play
# never needs its code.
from firmware.core.text import t
from firmware.screenkit.widgets import Menu, Message, row

LANGS = ("en", "ru", "es")
# each language's name in its own script (the game picker lists them: a
# player who reads no English finds Русский); tools/fontsubset.py puts
# their letters in every language's part of the font
NAMES = ("English", "Русский", "Español")
BRIGHTNESS = (1, 2, 3, 4, 5)


def load(app):
    """The saved settings, and the language the caller chose over them."""
    if app.board.dir:
        from firmware.core import store
        store.makedirs(app.board.dir)
        take(app, store.load_json(app.board.dir + "/settings.json", {}, report=app.board.report))
    if "roster" not in app.board.settings:
        default_roster(app)
    # the names' code checked them: it is loaded again when its screens open
    from firmware.core.modules import done_with
    done_with("firmware.screenkit.names")
    if app.board.lang:
        app.board.settings["lang"] = app.board.lang
    if app.board.settings.get("lang") not in LANGS:
        app.board.settings["lang"] = "en"


def take(app, saved):
    """The saved settings that are what they should be (a file of the
    wrong shape is reported; the defaults stand for the rest)."""
    if not isinstance(saved, dict):
        app.board.report("settings.json is not a table: the defaults are used")
        return
    b = saved.get("brightness")
    if b in BRIGHTNESS and type(b) is int:
        app.board.settings["brightness"] = b
    elif b is not None:
        app.board.report("settings.json: brightness %r is not 1 to 5: the default is used" % (b,))
    lang = saved.get("lang")
    if lang in LANGS:
        app.board.settings["lang"] = lang
    elif lang is not None:
        app.board.report("settings.json: no language %r: the default is used" % (lang,))
    names = saved.get("names")
    roster = saved.get("roster")
    from firmware.core.modules import use
    if names is not None:
        names = use("firmware.screenkit.names", "seat_names")(names)
        if names is not None:
            app.board.settings["names"] = names
        else:
            app.board.report("settings.json: the players' names are not names of 1 to 8 letters, one a seat: none are used")
    if roster is not None:
        roster = use("firmware.screenkit.names", "roster_of")(roster)
        if roster is not None:
            app.board.settings["roster"] = roster
        else:
            app.board.report("settings.json: the players are not up to 12 names of 1 to 8 letters: the list is not used")


def default_roster(app):
    """The players given with the firmware (flash.sh --players writes
    assets/players.json, a JSON list of names): the roster of a device
    whose settings have none."""
    import json
    path = app.board.assets + "/players.json"
    try:
        f = open(path)
    except OSError:
        return
    try:
        got = json.load(f)
    except ValueError:
        got = None
    finally:
        f.close()
    from firmware.core.modules import use
    roster = use("firmware.screenkit.names", "roster_of")(got)
    if roster is None:
        app.board.report("players.json: not a list of up to 12 names of 1 to 8 letters: not used")
    else:
        app.board.settings["roster"] = roster


def open_settings(app, cur=0):
    rows = [row(t("m.brightness"), str(app.board.settings["brightness"]), cycle_brightness),
            row(t("m.language"), t("lang"), cycle_language),
            row(t("n.title"), ">", open_names),
            row(t("n.players"), ">", open_roster)]
    app.screens.push(Menu(t("m.settings"), rows, cur))


def open_names(app):
    """Players' names for the seats (firmware/screenkit/seatnames.py)."""
    from firmware.core.modules import use_once
    use_once("firmware.screenkit.seatnames", "open_names")(app, save)     # kept by its screens while they are open


def open_roster(app):
    """The group's regular players, whose names the seats are given from
    (firmware/screenkit/seatnames.py)."""
    from firmware.core.modules import use_once
    use_once("firmware.screenkit.seatnames", "open_roster")(app, save)


def save(app):
    """Keep the settings; the OSError of a write the storage refused (the
    setting then holds only until the device is switched off), or None."""
    if app.board.dir:
        from firmware.core import store
        try:
            store.save_json(app.board.dir + "/settings.json", app.board.settings)
        except OSError as e:
            return e
    return None


def told(app, e):
    """Over the settings, once they show the change: that it was not saved."""
    if e is not None:
        app.screens.push(Message(t("m.settings"), [app.screens.storage_error(e), t("m.until_off")]))


def cycle_brightness(app):
    b = app.board.settings["brightness"]
    app.board.settings["brightness"] = BRIGHTNESS[(BRIGHTNESS.index(b) + 1) % len(BRIGHTNESS)] if b in BRIGHTNESS else 3
    if app.board.px:
        app.board.px.brightness = app.board.settings["brightness"]
        app.play.leds()
    app.screens.pop()
    open_settings(app)
    told(app, save(app))


def cycle_language(app):
    cur = app.board.settings.get("lang", "en")
    nxt = LANGS[(LANGS.index(cur) + 1) % len(LANGS)] if cur in LANGS else "en"
    e = use_language(app, nxt)
    app.screens.pop()
    open_settings(app, 1)   # on Language still: the next OK changes it again, not the brightness
    told(app, e)


def use_language(app, lang):
    """Speak lang from now on, and keep it: the OSError of a write the
    storage refused (told by the caller, once its screen is shown again in
    that language: told), or None."""
    app.board.settings["lang"] = lang
    # kept first: a table that finds no room in a heap a long game has cut
    # up (a big block, on a colour Pico) raises MemoryError, and the
    # device starts again, on a whole heap, in the language chosen; a
    # write refused is told once the settings are shown again, in it
    e = save(app)
    app.board.load_words(app)
    return e
