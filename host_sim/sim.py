"""The device in a terminal, or played headless from a key script.

  python -m host_sim [--board NAME] [--lang en|ru|es] [--journal DIR] [--seed N] [--players "NAME,NAME"]
  python -m host_sim --board NAME --keys "ok down down ok ..." [--png DIR] [--text] [--journal DIR]

Boards: each profile in boards/ (listed below).
In the terminal the game is kept in out/sim/BOARD (or --journal DIR) and
resumed at the next start, as on the device.  With --keys the device plays
the script headless, writes a PNG of the screen after every key with --png,
and prints the game's view as JSON at the end.  With --text it prints,
before the first key and after each, a line "== N KEY" and then the
screen's text as drawn, a line per text row, top to bottom, the row the
cursor is on prefixed by "> " (host_sim/textshot.py), and no JSON.

--players "Аня,Борис,Вика" sets the group's regular players (the roster
the seats' names are picked from in Settings > Player names: up to 12
names of 1 to 8 letters of one alphabet, Latin with Ñ Á É Í Ó Ú Ü or
Cyrillic, a hyphen or a space between two), in the settings of the data
folder (kept for the next start), or for this run with --keys and no
--journal.

Keys in a script are intents (up down ok back home undo end) or, on a
two-button board, presses: a, A (a held), b, B (b held), e (A and B
together), E (A and B held together).
A held press that goes on through N steps is KEY*N: its long press, then a
repeat every 150 ms, REPEAT_MS (up*5: UP held until the cursor has moved 5 rows up, on
any list; down*5 on the Sun Event card list or a number field, where a held
DOWN does not end the turn; on two buttons a*5 on any list, b*3 on a number
field).  In the terminal a count before the key holds it: 5j, 3k (two
buttons: 5a, 3b).
"""
import os
import select
import sys

from host_sim import device, keyplan, render
from firmware.core import jsonout
from firmware.screenkit.nav import PROFILES

INTENTS = ("up", "down", "ok", "back", "home", "undo", "end")
BUTTON_WORDS = {"a": ("a", "short"), "A": ("a", "long"), "b": ("b", "short"), "B": ("b", "long"),
                "e": ("both", "short"), "E": ("both", "long"),
                "up": ("up", "short"), "down": ("down", "short"), "ok": ("ok", "short"),
                "back": ("back", "short"), "home": ("ok", "long"), "undo": ("back", "long"),
                "end": ("down", "long")}

TERMINAL_KEYS = {
    "\x1b[A": "up", "k": "up", "w": "up",
    "\x1b[B": "down", "j": "down", "s": "down",
    "\r": "ok", "\n": "ok", " ": "ok", "\x1b[C": "ok",
    "\x7f": "back", "\x08": "back", "\x1b[D": "back", "\x1b": "back",
    "h": "home", "u": "undo", "e": "end",
}
# The keys under the screen, in the device's language (key letters and the
# device's own button names as the screens print them).
LEGEND = {
    ("four", "en"): "keys: Up/Down (k/j) move   Enter/Right OK   Backspace/Left back   "
                    "h = hold OK (home)   u = hold BACK (undo)   e = hold DOWN (end turn)   "
                    "3j/3k = hold DOWN/UP for 3 rows (Sun cards, numbers)   q quit",
    ("four", "ru"): "клавиши: ↑/↓ (k/j) ВВЕРХ/ВНИЗ   Ввод/→ OK   Забой/← НАЗАД   "
                    "h = долгое OK (домой)   u = долгое НАЗАД (отмена)   e = долгое ВНИЗ (конец хода)   "
                    "3j/3k = держать ВНИЗ/ВВЕРХ 3 строки (карты Солнца, числа)   q выход",
    ("four", "es"): "teclas: ↑/↓ (k/j) ARRIBA/ABAJO   Intro/→ OK   Retroceso/← ATRÁS   "
                    "h = OK largo (inicio)   u = ATRÁS largo (deshacer)   e = ABAJO largo (fin del turno)   "
                    "3j/3k = mantener ABAJO/ARRIBA 3 filas (cartas del Sol, cifras)   q salir",
    ("two", "en"): "keys: a = button A (next row)   3a = hold A on through 3 rows (a number: +3)   "
                   "b = button B (OK)   B = hold B (undo; on a number: -1)   3b = hold B (a number: -3)   "
                   "e = A and B together (back)   E = hold A and B (end turn)   q quit",
    ("two", "ru"): "клавиши: a = кнопка A (следующая строка)   3a = держать A 3 строки (у числа: +3)   "
                   "b = кнопка B (OK)   B = долгое B (отмена; у числа: -1)   3b = держать B (у числа: -3)   "
                   "e = A и B вместе (назад)   E = держать A и B (конец хода)   q выход",
    ("two", "es"): "teclas: a = botón A (fila siguiente)   3a = mantener A 3 filas (un número: +3)   "
                   "b = botón B (OK)   B = B largo (deshacer; en un número: -1)   3b = mantener B (un número: -3)   "
                   "e = A y B a la vez (atrás)   E = mantener A y B (fin del turno)   q salir",
}


# A terminal too small for the board's screen: what it is, what it needs.
TOO_SMALL = {
    "en": "This terminal is %d x %d characters; the %s screen needs at least %d x %d. "
          "Make the window larger or its font smaller (q quits).",
    "ru": "Терминал %d x %d знаков; экрану %s нужно не меньше %d x %d. "
          "Увеличьте окно или уменьшите шрифт (q выход).",
    "es": "Esta terminal tiene %d x %d caracteres; la pantalla de %s necesita al menos %d x %d. "
          "Agrande la ventana o reduzca la letra (q sale).",
}


def need(prof):
    """(columns, rows) the terminal needs for the board: the screen in half
    blocks (a character a pixel wide, two high) and the LEDs' line, if it
    has LEDs."""
    return prof["width"], (prof["height"] + 1) // 2 + (1 if prof["pixels"] else 0)


def usage():
    """The help: this module's text and the boards, each as its profile
    describes it."""
    return "%s\n\nBoards:\n%s" % (__doc__.strip(), "\n".join("  " + device.describe(b) for b in device.BOARDS))


def too_small(prof, size, lang="en"):
    """What to say instead of the screen when the terminal (columns, rows)
    cannot show it whole, or None."""
    cols, rows = need(prof)
    if size[0] >= cols and size[1] >= rows:
        return None
    return (TOO_SMALL.get(lang) or TOO_SMALL["en"]) % (size[0], size[1], prof["name"], cols, rows)


def legend(profile, lang):
    """The key legend for a board's buttons in a language (English if the
    language has none)."""
    return LEGEND.get((profile, lang)) or LEGEND[(profile, "en")]


def intent(word, profile):
    """The intent a script word or terminal key gives on this board; a held
    press KEY*N: the press X*N of host_sim/keyplan (X, the intent of KEY)."""
    prof = PROFILES[profile]
    if "*" in word:
        key, _, n = word.partition("*")
        x = intent(key, profile)
        if not n.isdigit() or int(n) < 1:
            raise ValueError("key %r: hold KEY*N for N steps, N at least 1" % word)
        if (keyplan.button(prof, x), "more") not in prof:
            raise ValueError("key %r: that button gives no repeats when held" % word)
        return "%s*%d" % (x, int(n))
    if profile == "four" and word in INTENTS:
        return word
    press = BUTTON_WORDS.get(word)
    if press is None:
        raise ValueError("unknown key %r (use %s)" % (word, "up down ok back home undo end" if profile == "four"
                                                      else "a A b B e E"))
    if press not in prof:
        raise ValueError("key %r has no button on this board" % word)
    return prof[press]


def screen(app, prof, lang):
    """The terminal's frame: the screen, the LEDs the board has (no line
    for a board without) and the key legend."""
    px = app.board.px
    return render.terminal(app.board.cv, px.np.shown if px else None, legend(prof["profile"], lang))


def play_keys(app, prof, words, png_dir=None, text=None, played=None):
    """Play the words; text: a function given each screen's text (a "== N
    KEY" line, then the lines of TextShot.lines), before the first key
    and after each; played: a list given the number of keys played so far."""
    shot = None
    if text is not None:
        from host_sim.textshot import TextShot
        shot = TextShot(app.board.cv, app.board.lay)
        app.screens.dirty = True
        app.render()        # drawn again, read this time
        text(["== 0 (start)"] + shot.lines())
    if png_dir:
        os.makedirs(png_dir, exist_ok=True)
        render.png(app.board.cv, os.path.join(png_dir, "0000.png"))
    for i, word in enumerate(words, 1):
        press(app, prof, intent(word, prof["profile"]))
        while app.board.px and app.board.px.step():
            pass
        if played is not None:
            played[:] = [i]
        if shot is not None and text is not None:
            text(["== %d %s" % (i, word)] + shot.lines())
        if png_dir:
            render.png(app.board.cv, os.path.join(png_dir, "%04d.png" % i))


def press(app, prof, word):
    """One press: its intent, or a held press's long press and repeats,
    each drawn as the device draws it."""
    for e in keyplan.events(PROFILES[prof["profile"]], word):
        app.key(e)
        app.render()


def split_keys(data):
    """The keys in what the terminal gave at once (a paste, a fast
    auto-repeat: several keys in one read), in order: an escape sequence
    (an arrow: ESC [ A, or ESC O A) is one key, any other character one;
    and an escape sequence cut off at the end, to be read on, or ""."""
    keys = []
    i = 0
    n = len(data)
    while i < n:
        ch = data[i]
        if ch != "\x1b":
            keys.append(ch)
            i += 1
            continue
        if i + 1 == n:
            return keys, data[i:]
        if data[i + 1] == "[":
            j = i + 2
            while j < n and not "\x40" <= data[j] <= "\x7e":
                j += 1          # a CSI sequence's parameters, to its final byte
            if j == n:
                return keys, data[i:]
            keys.append(data[i:j + 1])
            i = j + 1
        elif data[i + 1] == "O":
            if i + 2 == n:
                return keys, data[i:]
            keys.append("\x1b[" + data[i + 2])     # SS3 (the arrows in application mode): as CSI
            i += 3
        else:
            keys.append(ch)     # ESC alone (BACK), then what follows
            i += 1
    return keys, ""


def interactive(app, prof):
    import termios
    import tty

    if not sys.stdin.isatty():
        sys.stderr.write("the simulator needs a terminal; for a script use --keys\n")
        return 1
    fd = sys.stdin.fileno()
    old = termios.tcgetattr(fd)
    out = sys.stdout
    out.write("\x1b[2J\x1b[?25l")
    count = ""     # a count typed before a key holds it through that many steps
    try:
        tty.setraw(fd)
        import shutil
        said = None
        while True:
            app.render()
            lang = app.board.settings.get("lang")
            small = too_small(prof, shutil.get_terminal_size((0, 0)), lang)
            if small:
                # not a screen cut into garbage: what the terminal needs, until it has it
                if small != said:
                    out.write("\x1b[H\x1b[2J" + small)
            else:
                frame = screen(app, prof, lang)
                out.write(("\x1b[2J" if said else "") + "\x1b[H" + frame.replace("\n", "\r\n") + "\x1b[K")
            said = small
            out.flush()
            ready, _, _ = select.select([fd], [], [], 0.05)
            if not ready:
                if app.board.px:
                    app.board.px.step()
                continue
            data = os.read(fd, 1024).decode("utf-8", "replace")
            keys, rest = split_keys(data)
            while rest:
                # a key's escape sequence cut by the read: the rest of it
                # follows at once; alone, ESC is a key of its own
                more, _, _ = select.select([fd], [], [], 0.03)
                if not more:
                    keys.append(rest)
                    break
                ks, rest = split_keys(rest + os.read(fd, 1024).decode("utf-8", "replace"))
                keys.extend(ks)
            for key in keys:
                if key in ("q", "\x03"):
                    return 0
                if key.isdigit() and (count or key != "0"):
                    count += key
                    continue
                if prof["profile"] == "two":
                    word = key if key in ("a", "A", "b", "B", "e", "E") else None
                else:
                    word = TERMINAL_KEYS.get(key)
                held, count = count, ""
                if word is None:
                    continue
                try:
                    k = intent("%s*%s" % (word, held), prof["profile"])
                except ValueError:      # no count, or a button that gives no repeats
                    k = intent(word, prof["profile"])
                press(app, prof, k)
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, old)
        out.write("\x1b[0m\x1b[?25h\r\n")
    return 0


def saves():
    """Where the terminal simulator keeps its games: out/sim in the
    repository it runs from, else the user's data folder (an installed
    package's folder is no place for them)."""
    if os.path.exists(os.path.join(device.ROOT, "pyproject.toml")):
        return os.path.join(device.ROOT, "out", "sim")
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return os.path.join(base, "tabletop-companion", "sim")


def writable(folder):
    """Why files cannot be written into folder (made if need be), or None."""
    if folder is None:
        return None
    try:
        os.makedirs(folder, exist_ok=True)
        probe = os.path.join(folder, ".write-test")
        with open(probe, "w") as f:
            f.write("x")
        os.remove(probe)
    except OSError as e:
        return e.strerror or str(e)
    return None


def mistake(seed, places):
    """What is wrong with a --seed and the folders to be written ((what,
    folder), each made if need be), in a line, or None (python -m host_sim
    and its pico command alike)."""
    if seed is not None and not seed.isdigit():
        return "--seed takes a whole number, not %r" % seed
    for what, folder in places:
        why = writable(folder)
        if why:
            return "cannot keep %s in %s: %s" % (what, folder, why)
    return None


def main(argv):
    opts = {"board": device.DEFAULT, "keys": None, "png": None, "journal": None, "seed": None, "lang": None,
            "text": None, "players": None}
    i = 0
    while i < len(argv):
        a = argv[i]
        if a in ("-h", "--help"):
            print(usage())
            return 0
        if a == "--text":
            opts["text"] = True
            i += 1
            continue
        if a.startswith("--") and a[2:] in opts:
            if i + 1 >= len(argv) or argv[i + 1].startswith("--"):
                sys.stderr.write("%s needs a value%s\n" % (a, " (boards: %s)" % " ".join(device.BOARDS)
                                                            if a == "--board" else ""))
                return 1
            opts[a[2:]] = argv[i + 1]
            i += 2
            continue
        sys.stderr.write("unknown option %r\n%s\n" % (a, usage()))
        return 1
    notes = []
    if opts["board"] not in device.BOARDS:
        # said before anything is made for it (its data folder)
        sys.stderr.write("unknown board %r (boards: %s)\n" % (opts["board"], " ".join(device.BOARDS)))
        return 1
    if opts["journal"] is None and opts["keys"] is None:
        # like the device, the terminal simulator keeps its game between runs
        opts["journal"] = os.path.join(saves(), opts["board"])
    wrong = mistake(opts["seed"], (("the game", opts["journal"]), ("the PNGs", opts["png"])))
    if wrong:
        sys.stderr.write(wrong + "\n")
        return 1
    roster = None
    if opts["players"] is not None:
        from host_sim import players
        try:
            roster = players.parse(opts["players"])
        except ValueError as e:
            sys.stderr.write("--players: %s\n" % e)
            return 1
        if opts["journal"] is not None:
            # kept in the data folder's settings, as the device keeps them
            note = players.into_settings(os.path.join(opts["journal"], "settings.json"), roster)
            if note:
                notes.append(note)
    try:
        if opts["seed"] is None:
            # a script replays the same game every time; a person gets a new deal
            opts["seed"] = "1" if opts["keys"] is not None else str(int.from_bytes(os.urandom(4), "little"))
        if opts["lang"] not in (None, "en", "ru", "es"):
            raise ValueError("unknown language %r (en, ru, es)" % opts["lang"])
        app, prof = device.build(opts["board"], opts["journal"], int(opts["seed"]), report=notes.append,
                                 lang=opts["lang"])
    except ValueError as e:
        sys.stderr.write("%s\n" % e)
        return 1
    if roster is not None:
        app.board.settings["roster"] = roster
    for n in notes:
        sys.stderr.write(n + "\n")
    if opts["keys"] is None:
        return interactive(app, prof)
    def out(lines):
        sys.stdout.write("\n".join(lines) + "\n")
    played = [0]
    status = 0
    try:
        play_keys(app, prof, opts["keys"].split(), opts["png"], out if opts["text"] else None, played)
    except ValueError as e:
        sys.stderr.write("%s\n" % e)
        status = 2
    if opts["png"]:
        sys.stderr.write(shots_written(opts["png"], played[0]) + "\n")
    if status:
        return status
    if not opts["text"]:
        if app.play.session is not None:
            print(jsonout.dumps(app.play.view()))
        else:
            sys.stderr.write("no game was started by these keys: no game's view to print\n")
    return 0


def shots_written(folder, n):
    """What --png wrote, and where."""
    first = os.path.join(folder, "0000.png")
    if not n:
        return "wrote 1 PNG: %s (the screen before any key)" % first
    return "wrote %d PNGs to %s: 0000.png before the first key, then one after each key, to %04d.png" % (
        n + 1, folder, n)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
