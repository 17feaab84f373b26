# The web board's files (firmware/hal/webfs.py: a file system whose files
# live in the page's localStorage), here over a stand-in localStorage that
# logs every write: a game is played into a journal on it, the browser is
# killed between any two of the storage's writes (each one is whole or not
# there), and the game resumed from what is left must hold every record
# saved but at most the one being written, in the same state as the live
# game had then; a damaged record is found and told.
#
# Portable: run by pytest on CPython and by tests/mpy/run.py under the
# MicroPython unix port.
import sys


class Storage:
    """localStorage's calls the files use, on a dict; log: every write."""

    def __init__(self, items=None):
        self.items = dict(items or {})
        self.log = []
        self.full = False

    def getItem(self, k):
        return self.items.get(k)

    def setItem(self, k, v):
        if self.full:
            raise ValueError("QuotaExceededError")
        self.items[k] = v
        self.log.append((k, v))

    def removeItem(self, k):
        self.items.pop(k, None)
        self.log.append((k, None))

    def key(self, i):
        return list(self.items)[i]

    @property
    def length(self):
        return len(self.items)


class _Js:
    localStorage = None


sys.modules["js"] = _Js      # the WebAssembly port's bridge, which the files import
from firmware.hal.webfs import Files  # noqa: E402
from test_journal_fs import Reference, demo_lines, same, with_undo  # noqa: E402
from util import edition  # noqa: E402

from firmware.core.journal import Journal  # noqa: E402
from firmware.games import inca  # noqa: E402


class Fs:
    """The journal's file-system object (firmware/core/osfs.py's face) on
    the files, as the os module is on the board once they are mounted."""

    def __init__(self, store):
        self.f = Files(store)

    def open(self, path, mode):
        return self.f.open("/" + path, mode)

    def rename(self, a, b):
        self.f.rename("/" + a, "/" + b)

    def remove(self, p):
        self.f.remove("/" + p)

    def mkdir(self, p):
        self.f.mkdir("/" + p)

    def rmdir(self, p):
        self.f.rmdir("/" + p)

    def listdir(self, p):
        return [e[0] for e in self.f.ilistdir("/" + p)]

    def scan(self, p):
        es = list(self.f.ilistdir("/" + p))
        return [e[0] for e in es], [e[0] for e in es if e[1] == 0x4000]

    def folders(self, p):
        return self.scan(p)[1]


def _errno(f, *args):
    try:
        f(*args)
    except OSError as e:
        return e.args[0]
    return None


def test_the_files_behave_like_a_file_system():
    st = Storage()
    f = Files(st)
    assert _errno(f.open, "/a/x", "wb") == 2        # no such folder
    f.mkdir("/a")
    assert _errno(f.mkdir, "/a") == 17
    with f.open("/a/x", "wb") as w:
        w.write(b"one\n")
        w.write(b"\xd0\x90\n")     # UTF-8
    w = f.open("/a/x", "ab")
    w.write(b"three")
    assert f.open("/a/x", "rb").read() == b"one\n\xd0\x90\nthree"
    assert f.open("/a/x", "rb").readline() == b"one\n"
    assert f.stat("/a/x")[6] == 12 and f.stat("/a")[0] == 0x4000
    w = f.open("/a/bin", "wb")
    w.write(b"ok")
    w.write(b"\xff\x00")        # not text: kept all the same
    assert f.open("/a/bin", "rb").read() == b"ok\xff\x00"
    f.rename("/a/bin", "/a/x")      # over a file
    assert f.open("/a/x", "rb").read() == b"ok\xff\x00"
    assert sorted(e[0] for e in f.ilistdir("/a")) == ["x"]
    f.rename("/a", "/b")            # a folder, with its files
    assert _errno(f.open, "/a/x", "rb") == 2 and f.open("/b/x", "rb").read() == b"ok\xff\x00"
    assert _errno(f.rmdir, "/b") == 39
    f.remove("/b/x")
    f.rmdir("/b")
    assert list(f.ilistdir("/")) == []
    # only the table is left, and again after a mount: nothing lost or left over
    assert list(st.items) == ["companion/fs"]
    w = Files(st).open("/t", "w")
    w.write("text")
    assert Files(st).open("/t", "r").read() == "text"
    st.full = True                  # the browser's quota: an OSError, nothing changed
    assert _errno(w.write, "more") == 28 and Files(st).open("/t", "r").read() == "text"


def test_a_browser_killed_between_any_two_writes_loses_at_most_the_action_being_written():
    lines = with_undo(demo_lines()[:120])
    st = Storage()
    j = Journal("g", inca, edition(), Fs(st))
    done = []       # the storage's writes made once each record's apply had returned
    for r, a in enumerate(lines):
        if r == 0:
            j.start(a)
        else:
            j.apply(a)
        j.idle()    # the snapshot an action made due (App.run, once its frame is drawn)
        done.append(len(st.log))
    ref = Reference(lines)
    log = st.log
    items = {}
    n = 0
    step = 3 if sys.implementation.name == "micropython" else 1
    for i in range(len(log) + 1):
        if i:
            k, v = log[i - 1]
            if v is None:
                items.pop(k, None)
            else:
                items[k] = v
        if i % step or i < done[0]:
            continue
        saved = len([d for d in done if d <= i])
        back = Journal("g", inca, edition(), Fs(Storage(items)))
        back.resume()
        got = back.records
        assert got in (saved, saved + 1), "killed after write %d: %d records, %d saved" % (i, got, saved)
        assert same(back.session, ref.at(got)), "killed after write %d: not the game's state" % i
        n += 1
    # snapshots among the writes (each a file written, renamed over another), and a kill after each write
    assert len(log) > len(lines) + 10 and n >= (len(log) - done[0]) // step, (len(log), n)


def test_a_damaged_record_in_the_storage_is_found_and_told():
    lines = demo_lines()[:12]
    st = Storage()
    j = Journal("g", inca, edition(), Fs(st))
    j.start(lines[0])
    for a in lines[1:]:
        j.apply(a)
    k = [key for key in st.items if st.items[key].startswith("t") and lines[-1] in st.items[key]][0]
    v = st.items[k]
    at = v.rindex(lines[-1]) + 1
    st.items[k] = v[:at] + ("x" if v[at] != "x" else "y") + v[at + 1:]   # a letter of the last record changed
    back = Journal("g", inca, edition(), Fs(Storage(st.items)))
    back.resume()
    assert back.records == len(lines) - 1 and back.notes, (back.records, back.notes)
