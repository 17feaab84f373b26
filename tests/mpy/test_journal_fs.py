# What the journal tests share, and the tests of firmware.core.store.
# Portable: run by pytest on CPython and by tests/mpy/run.py under the
# MicroPython unix port.
#
# MemFs is an in-memory file system with the interface the journal and the
# store use (open, rename, remove, listdir, mkdir).  It logs every operation
# that changes the disk, so a test can rebuild the disk as it was at any
# point of a game, down to a byte of a write: a power cut.
import binascii
import json
import os

from util import edition

from firmware.core import jsonout, store
from firmware.core.actions import tokens
from firmware.core.errors import IllegalAction
from firmware.core.journal import Journal, NoGame
from firmware.core.session import Session
from firmware.games import inca

DEMO = "assets/inca/demo.txt"
ENOENT = 2
EEXIST = 17
ENOTDIR = 20
EISDIR = 21
ENOTEMPTY = 39


def _oserror(code, path):
    return OSError(code, path)


class MemFile:
    def __init__(self, fs, path, mode):
        self.fs = fs
        self.path = path
        self.pos = 0
        self.reading = "r" in mode
        fs._need_dir(path)
        if path in fs.dirs:
            raise _oserror(EISDIR, path)
        if self.reading:
            if path not in fs.files:
                raise _oserror(ENOENT, path)
        elif "w" in mode or path not in fs.files:
            fs.do(("create", path))

    def write(self, data):
        assert not self.reading
        data = bytes(data)
        self.fs.do(("write", self.path, data))
        return len(data)

    def read(self, n=-1):
        data = self.fs.files[self.path]
        end = len(data) if n is None or n < 0 else min(len(data), self.pos + n)
        out = data[self.pos:end]
        self.pos = end
        return out

    def readline(self):
        data = self.fs.files[self.path]
        i = data.find(b"\n", self.pos)
        end = len(data) if i < 0 else i + 1
        out = data[self.pos:end]
        self.pos = end
        return out

    def seek(self, off, whence=0):
        if whence == 2:
            off += len(self.fs.files[self.path])
        elif whence == 1:
            off += self.pos
        self.pos = off
        return off

    def tell(self):
        return self.pos

    def flush(self):
        pass

    def close(self):
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class MemFs:
    """Files as {path: bytes}, directories as a set; `log` lists what was
    done to them: ("mkdir", p), ("create", p) (new or emptied), ("write", p,
    bytes), ("rename", old, new), ("remove", p)."""

    def __init__(self, files=None, dirs=None):
        self.files = dict(files or {})
        self.dirs = set(dirs or ())
        self.log = []
        self.written = 0

    def copy(self):
        return MemFs(self.files, self.dirs)

    def _need_dir(self, path):
        i = path.rfind("/")
        if i > 0 and path[:i] not in self.dirs:
            raise _oserror(ENOTDIR if path[:i] in self.files else ENOENT, path)

    def do(self, op, log=True):
        """Carry out one logged operation."""
        kind = op[0]
        if kind == "mkdir":
            self.dirs.add(op[1])
        elif kind == "create":
            self.files[op[1]] = b""
        elif kind == "write":
            self.files[op[1]] = self.files[op[1]] + op[2]
            self.written += len(op[2])
        elif kind == "rename":
            if op[1] in self.dirs:
                # a folder: it and everything under it
                pre = op[1] + "/"
                for p in [p for p in self.files if p.startswith(pre)]:
                    self.files[op[2] + "/" + p[len(pre):]] = self.files.pop(p)
                for d in [d for d in self.dirs if d == op[1] or d.startswith(pre)]:
                    self.dirs.remove(d)
                    self.dirs.add(op[2] + d[len(op[1]):])
            else:
                self.files[op[2]] = self.files.pop(op[1])
        elif kind == "remove":
            del self.files[op[1]]
        elif kind == "rmdir":
            self.dirs.remove(op[1])
        else:
            raise ValueError(kind)
        if log:
            self.log.append(op)

    def open(self, path, mode):
        return MemFile(self, path, mode)

    def rename(self, old, new):
        if old not in self.files and old not in self.dirs:
            raise _oserror(ENOENT, old)
        self._need_dir(new)
        if new in self.dirs:
            # onto a folder: refused unless both are folders and it is empty
            if old not in self.dirs or self.listdir(new):
                raise _oserror(ENOTEMPTY if old in self.dirs else EISDIR, new)
            self.dirs.remove(new)
        elif old in self.dirs and new in self.files:
            raise _oserror(ENOTDIR, new)
        self.do(("rename", old, new))

    def remove(self, path):
        if path not in self.files:
            raise _oserror(EISDIR if path in self.dirs else ENOENT, path)
        self.do(("remove", path))

    def rmdir(self, path):
        if path not in self.dirs:
            raise _oserror(ENOTDIR if path in self.files else ENOENT, path)
        if self.listdir(path):
            raise _oserror(ENOTEMPTY, path)
        self.do(("rmdir", path))

    def listdir(self, path):
        if path == ".":
            # the top: what lies in no folder
            names = [p for p in self.files if "/" not in p] + [d for d in self.dirs if "/" not in d]
            names.sort()
            return names
        if path not in self.dirs:
            raise _oserror(ENOTDIR if path in self.files else ENOENT, path)
        pre = path + "/"
        names = []
        for p in self.files:
            if p.startswith(pre) and "/" not in p[len(pre):]:
                names.append(p[len(pre):])
        for d in self.dirs:
            if d.startswith(pre) and "/" not in d[len(pre):]:
                names.append(d[len(pre):])
        names.sort()
        return names

    def folders(self, path):
        return self.scan(path)[1]

    def scan(self, path):
        names = self.listdir(path)
        return names, [n for n in names if (path + "/" + n if path != "." else n) in self.dirs]

    def mkdir(self, path):
        if path in self.dirs or path in self.files:
            raise _oserror(EEXIST, path)
        self._need_dir(path)
        self.do(("mkdir", path))


# ------------------------------------------------------------ shared helpers

def demo_lines():
    """The demo game's records: the setup line and every action."""
    out = []
    with open(DEMO) as f:
        for text in f.read().split("\n"):
            t = tokens(text)
            if t:
                out.append(" ".join(t))
    return out


def with_undo(lines):
    """The demo game with undo and redo mixed in; the game ends the same.
    After every 17th action: undo it and enter it again; after every 29th:
    undo, undo, redo, redo."""
    out = [lines[0]]
    for i, a in enumerate(lines[1:], 1):
        out.append(a)
        if i % 17 == 0:
            out += ["undo", a]
        if i % 29 == 0:
            out += ["undo", "undo", "redo", "redo"]
    return out


def same(a, b):
    """True if sessions a and b agree on everything a resumed session must
    have exactly as before the cut: the state, the undo checkpoint and tail,
    and the redo stack."""
    return (a.state == b.state and a.base_n == b.base_n and a.tail == b.tail
            and a.redo_stack == b.redo_stack and a.base.get() == b.base.get())


class Reference:
    """A session without a journal, moved forward record by record: the
    truth a resumed session is compared with."""

    def __init__(self, lines):
        self.lines = lines
        self.session = None
        self.n = 0

    def at(self, n):
        assert n >= self.n, "the reference only moves forward"
        while self.n < n:
            a = self.lines[self.n]
            if self.session is None:
                self.session = Session(inca, edition(), a)
            else:
                self.session.apply(a)
            self.n += 1
        return self.session


def play(fs, lines, path="g"):
    """Play lines into a journal on fs.  Returns (journal, [index into
    fs.log of the operation that made record r durable, r = 1..])."""
    j = Journal(path, inca, edition(), fs)
    durable = [None]
    for r, a in enumerate(lines):
        mark = len(fs.log)
        if r == 0:
            j.start(a)
            want = ("rename", path + ".new", path)   # the new game's folder takes the game's place
        else:
            j.apply(a)
            want = ("write", path + "/journal.txt")
        for k in range(mark, len(fs.log)):
            if fs.log[k][:len(want)] == want:
                durable.append(k)
                break
        else:
            raise AssertionError("no durable write found for record %d" % r)
    return j, durable


def resume(fs, path="g"):
    j = Journal(path, inca, edition(), fs)
    j.resume()
    return j


def scratch(name):
    """A fresh directory under out/ (gitignored) for a test on real files."""
    for d in ("out", "out/tests"):
        try:
            os.mkdir(d)
        except OSError:
            pass
    path = "out/tests/%s-%s" % (name, binascii.hexlify(os.urandom(4)).decode())
    os.mkdir(path)
    return path


def rmtree(path):
    for name in os.listdir(path):
        p = path + "/" + name
        try:
            os.remove(p)
        except OSError:
            rmtree(p)
    os.rmdir(path)


# ------------------------------------------------------------ store

def test_store_round_trip_and_format():
    fs = MemFs(dirs=["d"])
    obj = {"sound": True, "brightness": 3, "name": "Cuzco", "list": [1, None, "x"]}
    store.save_json("d/settings.json", obj, fs)
    assert store.load_json("d/settings.json", None, fs) == obj
    data = fs.files["d/settings.json"]
    # the checksum first (of what follows it), then the JSON on one line
    head, body, end = data.split(b"\n")
    assert json.loads(body.decode()) == obj and end == b""
    assert head == ("#%08x" % (binascii.crc32(body + b"\n") & 0xFFFFFFFF)).encode()
    assert "d/settings.json.tmp" not in fs.files
    # temp file first, then one rename over: never remove-then-rename
    kinds = [op[0] for op in fs.log]
    assert kinds[0] == "create" and kinds[-1] == "rename" and set(kinds[1:-1]) == {"write"}, kinds
    # a file an older firmware wrote (the JSON, then its checksum line) is read
    old = body + b"\n#" + ("%08x" % (binascii.crc32(body) & 0xFFFFFFFF)).encode() + b"\n"
    fs.files["d/old.json"] = old
    assert store.read_json("d/old.json", fs) == (True, obj)
    fs.files["d/old.json"] = old.replace(b"Cuzco", b"Cuzcp")
    assert store.read_json("d/old.json", fs) == (False, "checksum mismatch")
    # a byte changed in the new format: refused, not read as another value
    fs.files["d/new.json"] = data.replace(b"Cuzco", b"Cuzcp")
    assert store.read_json("d/new.json", fs) == (False, "checksum mismatch")
    fs.files["d/new.json"] = data.replace(data[:2], b"#A")     # a checksum that is not lowercase hex
    assert store.read_json("d/new.json", fs)[0] is False


def test_a_torn_or_damaged_file_of_either_format_is_never_read_as_good():
    fs = MemFs(dirs=["d"])
    obj = {"base": {"n": [1, 2, 3]}, "tail": ["next", "undo"], "name": "Cuzco"}
    store.save_json("d/s.json", obj, fs)
    good = fs.files["d/s.json"]
    head, body = good[:10], good[10:]
    cases = [b"", head, head[:5], head + body[:len(body) // 2], head + body[:-1], good + b" ", good + b"{}\n",
             body, head.replace(head[1:2], b"+") + body, b"#" + b"0" * 8 + b"\n" + body]
    d = scratch("torn")
    for i, data in enumerate(cases):
        fs.files["d/t.json"] = data
        ok, why = store.read_json("d/t.json", fs)
        assert ok is False and why, (i, data[:20], why)
        # and from a real file (MicroPython parses it straight from the file)
        with open(d + "/t.json", "wb") as f:
            f.write(data)
        ok, why = store.read_json(d + "/t.json")
        assert ok is False and why, (i, data[:20], why)
    fs.files["d/t.json"] = good
    assert store.read_json("d/t.json", fs) == (True, obj)
    with open(d + "/t.json", "wb") as f:
        f.write(good)
    assert store.read_json(d + "/t.json") == (True, obj)


def test_store_same_shape_names_the_first_value_out_of_shape():
    like = edition()
    assert store.same_shape(json.loads(json.dumps(like)), like) is None
    like = {"era": [{"labor": 5, "name": "I", "on": True}], "sun": {"cards": [["a", 1]]}, "x": None}
    ok = {"era": [{"labor": 6, "name": "II", "on": False, "more": 1}] * 3, "sun": {"cards": []}, "x": 3}
    assert store.same_shape(ok, like) is None
    bad = (({"era": [], "sun": {"cards": [["a", "1"]]}, "x": 0}, "the table.sun.cards[0][1] is not a number"),
           ({"era": [{"labor": 5, "name": "I", "on": 1}], "sun": {"cards": []}, "x": 0}, "the table.era[0].on is not bool"),
           ({"era": [ok["era"][0], {"labor": 5, "on": True}], "sun": {"cards": []}, "x": 0}, "the table.era[1] has no name"),
           ({"era": {}, "sun": {"cards": []}, "x": 0}, "the table.era is not a list"),
           ({"era": [7], "sun": {"cards": []}, "x": 0}, "the table.era[0] is not a table"),
           ({"era": [], "sun": {"cards": [[1, 1]]}, "x": 0}, "the table.sun.cards[0][0] is not text"),
           ({"era": [], "x": 0}, "the table has no sun"),
           ([], "the table is not a table"))
    for value, why in bad:
        assert store.same_shape(value, like) == why, (store.same_shape(value, like), why)
    assert store.same_shape({"era": 1}, {"era": []}, "edition.json") == "edition.json.era is not a list"


def test_store_missing_file_gives_the_default_quietly():
    said = []
    assert store.load_json("nowhere/x.json", {"a": 1}, MemFs(), said.append) == {"a": 1}
    assert said == []


def test_store_every_damaged_byte_is_reported_and_the_default_used():
    fs = MemFs(dirs=["d"])
    store.save_json("d/s.json", {"era": [5, 3, 2, 1], "brightness": 2}, fs)
    good = fs.files["d/s.json"]
    for i in range(len(good)):
        for flip in (0x01, 0x80, 0xFF):
            bad = bytearray(good)
            bad[i] ^= flip
            fs.files["d/s.json"] = bytes(bad)
            said = []
            got = store.load_json("d/s.json", "default", fs, said.append)
            assert got == "default", (i, flip, got)
            assert said and "damaged" in said[0], (i, said)


def test_store_torn_file_falls_back_to_a_complete_temp_copy_or_the_default():
    fs = MemFs(dirs=["d"])
    store.save_json("d/s.json", {"v": 1}, fs)
    good = fs.files["d/s.json"]
    store.write("d/s.json.tmp", store.encode({"v": 2}), fs)
    for n in range(len(good)):
        fs.files["d/s.json"] = good[:n]
        said = []
        assert store.load_json("d/s.json", None, fs, said.append) == {"v": 2}
        assert said
    del fs.files["d/s.json.tmp"]
    fs.files["d/s.json"] = good[:5]
    said = []
    assert store.load_json("d/s.json", {"v": 0}, fs, said.append) == {"v": 0}
    assert len(said) == 2


def test_store_power_cut_during_a_save_keeps_the_old_or_the_new_value():
    _cut_every_byte_of_a_save({"v": "old"}, {"v": "new", "more": list(range(20))})


def test_power_cut_at_every_byte_of_a_settings_and_an_edition_save():
    # what the device saves as settings.json and GAME-edition.json (and
    # game/edition.json when a game starts): the old or the new table after
    # a cut at every byte of its writes, never a damaged one
    import json
    with open("assets/inca/edition.json") as f:
        edition = json.load(f)
    _cut_every_byte_of_a_save({"v": "old", "brightness": 3, "lang": "en"},
                              {"v": "new", "brightness": 5, "lang": "es"})
    edited = json.loads(json.dumps(edition))
    edited["v"] = "new"
    edition["v"] = "old"
    _cut_every_byte_of_a_save(edition, edited)


def _cut_every_byte_of_a_save(old, new):
    fs = MemFs(dirs=["d"])
    store.save_json("d/s.json", old, fs)
    start = len(fs.log)
    store.save_json("d/s.json", new, fs)
    ops = fs.log[start:]
    base = MemFs(fs.files, fs.dirs)
    base.files["d/s.json"] = store.encode(old)
    base.files.pop("d/s.json.tmp", None)
    for i in range(len(ops) + 1):
        cuts = [None]
        if i < len(ops) and ops[i][0] == "write":
            cuts = range(len(ops[i][2]))
        for k in cuts:
            disk = base.copy()
            for op in ops[:i]:
                disk.do(op, False)
            if k is not None:
                disk.do(("write", ops[i][1], ops[i][2][:k]), False)
            got = store.load_json("d/s.json", None, disk, lambda m: None)
            assert got is not None and got["v"] in ("old", "new"), (i, k, got)
            if i == len(ops):
                assert got["v"] == "new"


def test_store_on_real_files():
    d = scratch("store")
    try:
        store.makedirs(d + "/a/b")
        store.save_json(d + "/a/b/s.json", {"k": [1, 2]})
        store.save_json(d + "/a/b/s.json", {"k": [3]})
        assert store.load_json(d + "/a/b/s.json", None) == {"k": [3]}
        assert sorted(os.listdir(d + "/a/b")) == ["s.json"]
        with open(d + "/a/b/s.json", "wb") as f:
            f.write(b"{\"k\": [3]}\n#00000000\n")
        said = []
        assert store.load_json(d + "/a/b/s.json", "dflt", None, said.append) == "dflt"
        assert "checksum mismatch" in said[0]
    finally:
        rmtree(d)


# ------------------------------------------------------------ the helpers themselves

def test_memfs_behaves_like_a_file_system():
    fs = MemFs()
    fs.mkdir("d")
    try:
        fs.mkdir("d")
    except OSError as e:
        assert e.args[0] == EEXIST
    else:
        raise AssertionError("mkdir of an existing directory succeeded")
    try:
        fs.open("d/x", "rb")
    except OSError as e:
        assert store.missing(e)
    else:
        raise AssertionError("opened a missing file")
    f = fs.open("d/x", "ab")
    f.write(b"one\ntw")
    f.close()
    f = fs.open("d/x", "rb")
    assert f.readline() == b"one\n"
    assert f.readline() == b"tw"
    assert f.readline() == b""
    assert f.seek(0, 2) == 6 and f.tell() == 6
    f.seek(1)
    assert f.read(2) == b"ne"
    fs.rename("d/x", "d/y")
    assert fs.listdir("d") == ["y"]
    assert [op[0] for op in fs.log] == ["mkdir", "create", "write", "rename"]


def test_the_undo_transcript_ends_like_the_demo():
    from util import session
    lines = demo_lines()
    a = session(lines[0], *lines[1:])
    b = session(lines[0], *with_undo(lines)[1:])
    assert jsonout.dumps(a.view()) == jsonout.dumps(b.view())
    assert len(with_undo(lines)) > len(lines) + 40


def test_play_marks_where_each_record_becomes_durable():
    fs = MemFs()
    lines = demo_lines()[:30]
    j, durable = play(fs, lines)
    assert j.records == len(lines) == len(durable) - 1
    assert durable[1:] == sorted(durable[1:])
    try:
        Journal("nothing", inca, edition(), fs).resume()
    except NoGame:
        pass
    else:
        raise AssertionError("resumed a game from a missing directory")
