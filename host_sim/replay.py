# Replay a game transcript and print the view of the final state as JSON.
# Runs unchanged under CPython and MicroPython:
#   python3 host_sim/replay.py FILE [--trace] [--edition PATH] [--journal DIR]
#   (FILE a transcript, a game's journal.txt, or a game's folder: replayed
#   under the table its setup line names by its checksum, or refused)
#   micropython host_sim/replay.py FILE [--trace] [--journal DIR]
#   micropython host_sim/replay.py resume DIR [--edition PATH]
#
# DIR is a data folder as the device has one (/data on a board, where
# `./simulate --journal DIR` keeps the simulator's): its game is in DIR/game.
# --journal DIR journals the game there exactly as the device does (see
# firmware/core/journal.py): a new game replaces what DIR held, every action
# the rules accept is appended as it is confirmed, snapshots as the device
# writes them; the device, or the simulator, boots on DIR into that game.
# `resume DIR` recovers the game from DIR as the device does at boot and
# prints the same JSON view as a replay; what it found damaged or dropped
# goes to stderr.  Exit status: 0 when a game was recovered (even if a torn
# record was dropped), 1 when DIR holds nothing recoverable.
import sys

try:
    _here = __file__
except NameError:
    _here = "host_sim/replay.py"


def _parent(path):
    i = path.rfind("/")
    return path[:i] if i > 0 else ("/" if i == 0 else ".")


ROOT = _parent(_parent(_here)) if "/" in _here else ".."
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

import json  # noqa: E402

from firmware.core import jsonout  # noqa: E402
from firmware.core.actions import tokens  # noqa: E402
from firmware.core.errors import IllegalAction  # noqa: E402
from firmware.core.session import Session  # noqa: E402
from firmware import games  # noqa: E402
from firmware.games import registry  # noqa: E402

USAGE = ("usage: replay FILE [--trace] [--edition PATH] [--journal DIR] [--bgstats [--lang en|ru|es]]\n"
         "       replay resume DIR [--edition PATH]")
EDITION = ROOT + "/assets/inca/edition.json"
GAME = "game"   # the game's folder in a data folder (firmware/app.py keeps it there)


def _err(msg):
    sys.stderr.write(msg + "\n")


def load_edition(path=EDITION):
    """The edition table at path as the device reads it: without what it
    says for its readers (firmware.core.store.drop_notes)."""
    from firmware.core.store import drop_notes
    try:
        with open(path) as f:
            ed = json.load(f)
        drop_notes(ed)
        return ed
    except OSError:
        raise ValueError("cannot read the edition table %s" % path)
    except ValueError:
        raise ValueError("the edition table %s is not valid JSON" % path)


def game_module(setup_words):
    """The rules engine of the game a setup line names, found in the
    registry (firmware/games/__init__.py) as the device finds it."""
    name = setup_words[0]
    if name not in games.NAMES:
        raise IllegalAction("unknown game %r" % name)
    return registry.module(name)


def edition_for(setup_words, path=EDITION):
    """The edition table for the game set up by setup_words: PATH when it
    was given with --edition, else the game's own table (its EDITION,
    under assets/)."""
    name = setup_words[0] if setup_words else None
    if path == EDITION and name in games.NAMES:
        return ROOT + "/assets/" + registry.edition(name)
    return path


def _journal_setup(path):
    """The setup words of the game journaled in the directory path ([] if
    they cannot be read): they say which edition table to load."""
    try:
        with open(path + "/journal.txt") as f:
            return tokens(f.readline()) or []
    except (OSError, UnicodeError):
        return []


def read_lines(path):
    """The lines of a transcript, read alike on CPython and MicroPython:
    UTF-8 text (ValueError names a line that is not), lines ended by LF,
    CR LF or CR alone, a no-break space taken as a space; before its '#'
    comment a line may hold only ASCII (the two runtimes split other
    spaces differently: ValueError names the character)."""
    with open(path, "rb") as f:
        raw = f.read()
    raw = raw.replace(b"\r\n", b"\n").replace(b"\r", b"\n")
    lines = []
    no = 0
    for b in raw.split(b"\n"):
        no += 1
        try:
            text = b.decode("utf-8")
        except UnicodeError:
            raise ValueError("line %d is not UTF-8 text" % no)
        text = text.replace("\u00a0", " ")
        i = text.find("#")
        for ch in (text if i < 0 else text[:i]):
            if ord(ch) > 127:
                raise ValueError("line %d: U+%04X is not a character of an action" % (no, ord(ch)))
        lines.append(text)
    return lines


class NotItsTable(ValueError):
    """A journal's setup line names a table by a checksum that the table
    at hand does not have."""


def own_table(path, text, words, edition_path=EDITION):
    """(the edition table a journal's game was started with, its file) for
    its setup line `text`, whose `#edition` comment names the table's
    checksum (firmware/core/saving.py): the table given with --edition
    (edition_path) if it has that checksum; else the game folder's own
    edition.json beside the journal (intact: its own checksum good); else
    the bundled table if it has that checksum.  ValueError, naming the
    checksums (NotItsTable), where none is: the records are not replayed under another
    game's table.  A setup line without the comment (a transcript written
    by hand) takes the table given, or the bundled one."""
    from firmware.core import store
    from firmware.core.resume import ident_in
    from firmware.core.saving import ident
    table = edition_for(words, edition_path)
    want = ident_in(text)
    if want is None:
        return load_edition(table), table
    got = ident(table)
    if got == want:
        return load_edition(table), table
    if edition_path == EDITION:
        mine = _parent(path) + "/edition.json"
        ok, ed = store.read_json(mine)
        if ok and isinstance(ed, dict):
            store.drop_notes(ed)    # a copy of the bundled table (saving.copy_table)
            return ed, mine
    raise NotItsTable("the game was started with the edition table of checksum %08x, and %s is not it (%s): "
                     "replay the journal in the game's folder beside its edition.json, or give the table it was "
                     "started with (--edition FILE)" % (want, table, "cannot be read" if got is None
                                                         else "checksum %08x" % got))


def run(path, trace=False, edition_path=EDITION, out=None, journal=None):
    """Replay FILE (journaling into the directory `journal` if given);
    returns (exit status, session or None)."""
    write = out or (lambda s: print(s))
    try:
        lines = read_lines(path)
    except OSError:
        _err("cannot read %s" % path)
        return 1, None
    except ValueError as e:
        _err("%s: %s" % (path, e))
        return 2, None
    try:
        edition = load_edition(edition_path)
    except ValueError as e:
        _err(str(e))
        return 1, None
    session = None
    j = None
    if journal is not None:
        from firmware.core.journal import Journal
        j = Journal(journal, game_module, edition)
        j.tables = (edition_path,)     # the file the game's table is read from (its checksum goes in the journal)
    for no, text in enumerate(lines, 1):
        words = tokens(text)
        if words is None:
            continue
        if session is None:
            try:
                edition, table = own_table(path, text, words, edition_path)
            except ValueError as e:
                _err("%s: %s" % (path, e))
                return 2 if isinstance(e, NotItsTable) else 1, None
            if j:
                j.edition = edition
                j.tables = (table,)
        try:
            if session is None:
                session = j.start(words) if j else Session(game_module(words), edition, words)
            elif j:
                j.apply(words)
            else:
                session.apply(words)
        except OSError as e:
            _err("line %d: cannot write the journal in %s (%s)" % (no, journal, e))
            return 1, session
        except IllegalAction as e:
            _err("line %d: %s" % (no, e))
            if session is not None and not trace:
                write(jsonout.dumps(session.view()))
            return 2, session
        if trace:
            write(jsonout.dumps(session.view()))
    if session is None:
        _err("%s has no setup line" % path)
        return 2, None
    if not trace:
        write(jsonout.dumps(session.view()))
    return 0, session


def resume(path, edition_path=EDITION, out=None):
    """Recover the game journaled in the directory path as the device does
    at boot and print its view; returns (exit status, session or None)."""
    from firmware.core.journal import Journal, NoGame
    from firmware.core.resume import saved_game
    write = out or (lambda s: print(s))
    # the game saved there, named as the device names it (its journal's
    # setup line, or else a snapshot's)
    name, damaged = saved_game(path, games.NAMES)
    if name is None:
        try:
            import os
            os.listdir(path)
            why = "the journal %s/journal.txt has no good setup line" % path if damaged else "no game journal in %s" % path
        except OSError:
            why = "no journal directory %s" % path
        _err("resume: nothing to recover: %s" % why)
        return 1, None
    try:
        edition = load_edition(edition_for([name], edition_path))
    except ValueError as e:
        _err(str(e))
        return 1, None
    j = Journal(path, game_module([name]), edition)
    j.tables = (edition_for([name], edition_path),)    # where the game's own table is looked for if it is damaged
    try:
        session = j.resume()
    except NoGame as e:
        for note in j.notes:
            _err("resume: " + note)
        _err("resume: nothing to recover: %s" % e)
        return 1, None
    except OSError as e:
        for note in j.notes:
            _err("resume: " + note)
        _err("resume: nothing to recover: cannot read the journal in %s (%s)" % (path, e))
        return 1, None
    for note in j.notes:
        _err("resume: " + note)
    write(jsonout.dumps(session.view()))
    return 0, session


class _App:
    """What firmware/screenkit/bgstats.py reads of the device's app, for a game
    replayed here: its play (below)."""

    def __init__(self, session, name):
        self.play = _Play(session, name)


class _Play:
    """What firmware/screenkit/bgstats.py reads of the game being played: its
    session, view and screens' module (no clock: a transcript has no
    times, so no minutes and no date)."""

    def __init__(self, session, name):
        self.session = session
        self.name = name
        self.game = session.game
        self.ui = registry.ui(name)
        self.names = None
        self.clock = None

    def view(self):
        return self.session.view()


def bgstats(session, lang="en"):
    """The BG Stats link of the finished game of session (all it holds:
    no screen limits it), or None if the game has not ended."""
    from firmware.core import text
    from firmware.screenkit import bgstats as link
    name = session.setup.split()[0]
    text.load(ROOT + "/assets/lang/%s.json" % lang)
    text.add(ROOT + "/" + registry.words(name, lang))
    return link.link(_App(session, name), 0)


def main(argv):
    path = None
    trace = False
    link = False
    lang = "en"
    edition = EDITION
    journal = None
    resuming = bool(argv) and argv[0] == "resume"
    i = 1 if resuming else 0
    while i < len(argv):
        a = argv[i]
        if a == "--trace" and not resuming:
            trace = True
        elif a == "--edition" and i + 1 < len(argv):
            i += 1
            edition = argv[i]
        elif a == "--journal" and i + 1 < len(argv) and not resuming:
            i += 1
            journal = argv[i]
        elif a == "--bgstats" and not resuming:
            link = True
        elif a == "--lang" and i + 1 < len(argv) and argv[i + 1] in ("en", "ru", "es"):
            i += 1
            lang = argv[i]
        elif a.startswith("-") or path is not None:
            # what was wrong, named, then how it is used
            if not a.startswith("-"):
                _err("one %s only, not also %r" % ("DIR" if resuming else "FILE", a))
            elif a in ("--edition", "--lang") or (a == "--journal" and not resuming):
                _err("--lang takes en, ru or es" if a == "--lang" else "%s needs a value" % a)
            else:
                _err("unknown option %r%s" % (a, " for resume" if resuming else ""))
            _err(USAGE)
            return 1
        else:
            path = a
        i += 1
    if path is None:
        _err("resume needs the data folder: resume DIR [--edition PATH]" if resuming else USAGE)
        return 1
    # DIR: the data folder, the game in its game/ (as on the device)
    if resuming:
        return resume(path.rstrip("/") + "/" + GAME, edition)[0]
    if journal is not None:
        journal = journal.rstrip("/") + "/" + GAME
    try:
        import os
        if os.stat(path)[0] & 0x4000:
            path = path.rstrip("/") + "/journal.txt"    # a game's folder: its journal, beside its edition.json
    except OSError:
        pass
    if link:
        # the play's BG Stats link instead of the view (a game copied off
        # the device: mpremote cp :data/game/journal.txt .)
        status, session = run(path, False, edition, out=lambda s: None, journal=journal)
        if status:
            return status
        got = bgstats(session, lang)
        if got is None:
            _err("%s: the game has not ended: no play to log" % path)
            return 2
        print(got)
        return 0
    return run(path, trace, edition, journal=journal)[0]


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
