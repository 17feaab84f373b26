# The menu walker: random presses through every screen of the device (New
# game and backing out, edition edits, settings, history, undo and redo,
# the language, the end of a game), on storage that loses its power in the
# middle of a write, fills up or turns read-only at random.  The same file
# runs on CPython (pytest) and on the MicroPython unix port (tests/mpy/run.py,
# which test_micropython.py runs), each with its own share of the presses.
#
# The run's seed comes from os.urandom and is in every failure's message;
# WALK_SEED=N replays a run, WALK_PRESSES=N changes its length.
#
# After every press: no exception; the game the device holds is the one its
# journal on the storage holds (a write that was refused took the action
# back).  After every power cut the device boots again on what the storage
# kept: the same game at the actions confirmed before the press, or with the
# action being written; a game being started may instead be no game, the
# new game, or the game it replaced at one of its snapshots.  Never an
# exception, never a confirmed action lost.
import os
import sys

try:
    import framebuf  # noqa: F401
except ImportError:  # CPython: the stand-in
    sys.path.insert(0, os.getcwd() + "/host_sim/fakes")

from firmware.app import App
from firmware.core import jsonout, osfs, resume, saving, store
from firmware.core.font import Font
from firmware.core.gamefiles import BASE, EDITION, JOURNAL, NEW
from firmware.core.session import Session
from firmware.hal.canvas import Canvas
from firmware.hal.pixels import PlayerPixels
from firmware.screenkit.layout import Layout
from test_journal_fs import rmtree, scratch

MPY = sys.implementation.name == "micropython"
# presses per runtime in ./test: the unix port's share is smaller (a press
# takes it about four times CPython's time); bench/faults.py walks many more
PRESSES = 10000 if MPY else 25000
INTENTS = ("ok", "ok", "ok", "down", "down", "down", "up", "up", "back", "back", "home", "undo", "end")
CUT = 24          # one press in CUT has a power cut in one of its writes (if it makes that many)
REFUSE = 60       # one press in REFUSE finds the storage full or read-only
CHECK_EVERY = 1500   # presses between full replays of the journal
LONGEST = 600     # records: a game this long (random presses make long games) is left for a new device


class PowerCut(BaseException):
    """The power went in the middle of a write (not an Exception: nothing in
    the firmware may catch it)."""


class Rand:
    """xorshift32: the same numbers on both runtimes."""

    def __init__(self, seed):
        self.s = (seed & 0xFFFFFFFF) or 1

    def below(self, n):
        s = self.s
        s ^= (s << 13) & 0xFFFFFFFF
        s ^= s >> 17
        s ^= (s << 5) & 0xFFFFFFFF
        self.s = s
        return s % n


class FaultFile:
    def __init__(self, fs, f, path):
        self.fs = fs
        self.f = f
        self.path = path

    def write(self, data):
        fs = self.fs
        if fs.full:
            raise OSError(28, self.path)
        if fs.due():
            keep = fs.rand.below(len(data) + 1)
            self.f.write(bytes(data)[:keep])
            self.f.close()
            raise PowerCut("in a write of %d bytes to %s, %d written" % (len(data), self.path, keep))
        return self.f.write(data)

    def read(self, *a):
        return self.f.read(*a)

    def readline(self):
        return self.f.readline()

    def seek(self, *a):
        return self.f.seek(*a)

    def tell(self):
        return self.f.tell()

    def flush(self):
        return self.f.flush()

    def close(self):
        return self.f.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class FaultFs(osfs.OsFs):
    """The real file system, with faults on demand: `cut` = k cuts the
    power at the k-th write operation from now (an open for writing, a
    write, a rename, a remove, a mkdir); `full` and `readonly` refuse
    writes as littlefs does (OSError 28, 30)."""

    def __init__(self, rand):
        self.rand = rand
        self.cut = None
        self.full = False
        self.readonly = False
        self.starting = False          # a new game's files are being written
        self.new_setup = None          # the setup line of the new game that took the game's place

    def due(self):
        if self.cut is None:
            return False
        self.cut -= 1
        if self.cut > 0:
            return False
        self.cut = None
        return True

    def _write_op(self, what):
        if self.readonly:
            raise OSError(30, what)
        if self.due():
            raise PowerCut("before " + what)

    def open(self, path, mode):
        if "r" in mode and "+" not in mode:
            return open(path, mode)
        if "/game" + NEW + "/" in path:
            self.starting = True        # a new game's files, written before it takes the game's place
        self._write_op("opening " + path)
        if self.full and "w" not in mode:
            raise OSError(28, path)
        return FaultFile(self, open(path, mode), path)

    def rename(self, old, new):
        self._write_op("renaming " + old)
        setup = records_in(old)[:1] if old.endswith("/game" + NEW) else None
        os.rename(old, new)
        if setup:
            self.new_setup = setup[0]   # the new game took the game's place

    def remove(self, path):
        self._write_op("removing " + path)
        os.remove(path)

    def mkdir(self, path):
        if path.endswith("/game" + NEW):
            self.starting = True
        self._write_op("making " + path)
        os.mkdir(path)

    def rmdir(self, path):
        self._write_op("removing " + path)
        os.rmdir(path)


class Pixels:
    """A NeoPixel strip of 4 that keeps its colours."""

    def __init__(self):
        self.leds = [(0, 0, 0)] * 4

    def __len__(self):
        return 4

    def __setitem__(self, i, c):
        self.leds[i] = c

    def write(self):
        pass


class Plain(Font):
    """The font without its glyphs drawn: on CPython the frame buffer is a
    pure-Python stand-in (host_sim/fakes/framebuf.py) that would take nine
    tenths of the walk; every screen is still laid out and drawn but for the
    letters' pixels.  The unix port draws them (its framebuf is
    MicroPython's own)."""

    def draw(self, fb, text, x, y, color):
        return x + len(text) * self.advance


_FONT = []


def boot(data, rand):
    if not _FONT:
        _FONT.append((Font if MPY and not os.getenv("WALK_PLAIN") else Plain)("assets/fonts/small.fnt"))
    font = _FONT[0]
    lay = Layout(128, 64, font, False)
    cv = Canvas(128, 64, False, font, palette=lay.palette)
    app = App(lay, cv, PlayerPixels(Pixels()), data, assets="assets",
              seed=lambda: rand.below(1000000) + 1)
    app.board.has_up = True
    app.boot()
    app.render()
    return app


def records(data):
    """The confirmed records of the game's journal on the storage: [text]
    (read a line at a time: a long game's journal is bigger than a free
    block of the unix port's heap)."""
    return records_in(data + "/game")


def records_in(folder):
    try:
        f = open(folder + "/" + JOURNAL, "rb")
    except OSError:
        return []
    out = []
    crc = 0
    try:
        while True:
            line = f.readline()
            if not line or line[-1:] != b"\n":
                break
            rec = resume.parse(line, crc)
            if type(rec) is str:
                break
            out.append(rec[0])
            crc = rec[1]
    finally:
        f.close()
    return out


def journal_of(app):
    """The journal of the game being played (while New game sets up another,
    the app keeps that game's aside in app.play.playing)."""
    return app.play.playing[4] if app.play.playing is not None else app.play.journal


def view_of(app):
    return jsonout.dumps(app.play.view()) if app.play.session is not None else None


def edition_of(app, j, name):
    """The edition table the journal's game was started with: the copy in
    its folder, or (if that is damaged, as resume does) the table for new
    games, the players' edited one or the bundled one."""
    ok, ed = store.read_json(j.path(EDITION), j.fs)
    if ok:
        return ed
    from firmware import chooser
    from firmware.games import registry as games
    bundled = chooser.bundled_edition(app, games.edition(name))
    ok, ed = store.read_json("%s/%s-edition.json" % (app.board.dir, name))
    return ed if ok and not store.same_shape(ed, bundled) else bundled


def replay(app, recs):
    """The view of the game of records recs, replayed from its setup line
    with the edition table the device's game uses, or (a journal begun again
    from a snapshot: its second record names base.json) from that state."""
    j = journal_of(app)
    mark = resume.base_of(recs[1]) if len(recs) > 1 else None
    if mark is not None:
        ok, snap = store.read_json(j.path(BASE), j.fs)
        assert ok and snap["n"] == mark[0] and saving.head(j.path(BASE), j.fs) == mark[1], "no base for %r" % recs[1]
        s = resume.restore(j.engine(recs[0].split()), snap)
        recs = recs[1:]
    else:
        s = Session(j.engine(recs[0].split()), edition_of(app, j, recs[0].split()[0]), recs[0])
    for r in recs[1:]:
        s.apply(r)
    return jsonout.dumps(s.view())


def held(app, data):
    """The device's journal ends where the good records on the storage end
    (a refused write took its action back)."""
    if app.play.session is None:
        return
    try:
        size = os.stat(data + "/game/" + JOURNAL)[6]
    except OSError:
        size = -1
    end = journal_of(app).end
    assert size == end, "the journal holds %d bytes, the device %d" % (size, end)


def walk(presses, seed):
    rand = Rand(seed)
    data = scratch("walk")
    fs = FaultFs(rand)
    saved = osfs.FS
    osfs.FS = fs
    tally = {"presses": 0, "cuts": 0, "refused": 0, "games": 0, "full checks": 0, "screens": 0, "devices": 1,
             "cuts in a start": 0, "started": {}}
    screens = set()
    step = 0
    try:
        app = boot(data, rand)
        while step < presses:
            step += 1
            where = "seed %d, press %d" % (seed, step)
            k = INTENTS[rand.below(len(INTENTS))]
            top = app.screens.stack[-1]
            screens.add(type(top).__name__ + ":" + str(getattr(top, "title", "")))
            before = view0 = None
            # a press on a setup screen (Start game is there) is cut more often:
            # a start is rare among random presses and has the most to get wrong
            setup = type(top).__name__ == "Setup"
            if rand.below(2 if setup else CUT) == 0:
                # the cut at one of the press's first writes (an action's
                # append is its first two), or anywhere in a longer run of
                # them (a new game's start makes about 15, a snapshot 10)
                fs.cut = 1 + rand.below(4 if rand.below(2) and not setup else 24)
                before = records(data) if app.play.session is not None else []
                view0 = view_of(app)
            elif rand.below(REFUSE) == 0:
                if rand.below(2):
                    fs.full = True
                else:
                    fs.readonly = True
                tally["refused"] += 1
            fs.starting = False
            fs.new_setup = None
            had = app.play.session
            try:
                app.key(k)
                app.render()
            except PowerCut as e:
                tally["cuts"] += 1
                if fs.starting:
                    tally["cuts in a start"] += 1
                fs.cut = None
                app = _after_cut(data, rand, before, view0, fs.starting, "%s (%s: %s)" % (where, k, e),
                                 fs.new_setup)
                continue
            finally:
                fs.full = fs.readonly = False
            fs.cut = None
            j = journal_of(app)
            if j is not None and j.records > LONGEST:
                rmtree(data)
                data = scratch("walk")
                app = boot(data, rand)
                tally["devices"] += 1
                continue
            if app.play.session is not None and app.play.session is not had:
                tally["games"] += 1     # a game started (not resumed after a cut)
                tally["started"][app.play.name] = tally["started"].get(app.play.name, 0) + 1
            try:
                held(app, data)
            except AssertionError as e:
                raise AssertionError("%s (%s): the device and its journal differ: %s" % (where, k, e))
            if app.play.session is not None and step % CHECK_EVERY == 0:
                tally["full checks"] += 1
                recs = records(data)
                want = replay(app, recs)
                assert view_of(app) == want, "%s: the game on screen is not its journal's" % where
        tally["presses"] = step
        tally["screens"] = len(screens)
        return tally
    except PowerCut:
        raise
    except Exception as e:
        if MPY:
            sys.print_exception(e)      # where it came from (the unix port keeps no chain)
        raise AssertionError("seed %d, press %d: %s: %s" % (seed, step, type(e).__name__, e))
    finally:
        osfs.FS = saved
        rmtree(data)


def _after_cut(data, rand, before, view0, starting, where, new_setup=None):
    """Boot again on what the storage kept after a cut; check the game."""
    app = boot(data, rand)
    after = records(data)
    view = view_of(app)
    if before and after[:len(before)] == before and len(after) <= len(before) + 1:
        # the game of before, with at most the action being written
        want = replay(app, after)
        assert view == want, "%s: the game is not its journal's after a cut" % where
        if len(after) == len(before):
            assert view == view0, "%s: the game changed without its action" % where
        return app
    if not before and not after:
        assert view is None or not starting, "%s: a game from nowhere" % where
        return app
    assert starting or not before, "%s: %d confirmed records became %d (%s)" % (
        where, len(before), len(after), after[:1])
    # a start cut short: the game played, whole (above), or the new game;
    # no game only where there was none
    assert view is not None or not before, "%s: the game played is gone after a cut in a start" % where
    if view is None:
        return app
    # (a new game may have the setup of the game played: then it is the one
    # that took the game's place before the cut)
    assert len(after) == 1 and (not before or after[0] != before[0] or len(before) == 1
                                or after[0] == new_setup), \
        "%s: after a cut in a start the device shows another game (%d records)" % (where, len(after))
    want = replay(app, after)
    assert view == want, "%s: the new game is not its setup" % where
    return app


def _seed():
    s = os.getenv("WALK_SEED")
    if s:
        return int(s)
    b = os.urandom(4)
    return (b[0] << 24 | b[1] << 16 | b[2] << 8 | b[3]) or 1


def test_random_presses_with_power_cuts_and_refused_writes():
    n = int(os.getenv("WALK_PRESSES") or PRESSES)
    seed = _seed()
    tally = walk(n, seed)
    print("walker (%s, seed %d): %s" % (sys.implementation.name, seed, tally))
    assert tally["presses"] == n
    # the walk went where it should: games started, cuts and refusals met
    # (about one cut in 1,000 presses, or fewer: a cut needs a press that writes)
    assert tally["games"] > 0 and tally["cuts"] > 0 and tally["refused"] > 0, tally
