# The web board's files (firmware/hal/web.py): a file system mounted at
# /data whose files live in the page's storage (web/app.js's
# companion.store: items kept in IndexedDB, with localStorage's calls), so
# that a saved game survives a reload, the tab closed, the browser killed.
# The journal, snapshots and settings go through it with the same code as
# on littlefs.
#
# One key holds the table of paths ("companion/fs": {"n": next inode, "t":
# {path: inode, or 0 for a folder}}), and one key each file's bytes
# ("companion/iN"): "t" and the text (every file the firmware writes is
# UTF-8), or "x" and the bytes in hex once a write was not UTF-8.  A write
# is one setItem of the file's whole value: it is in the storage whole or
# not at all, as an append to littlefs is.  A rename, a new file, a removal, a folder made
# or removed is one write of the table, so each is atomic (a renamed
# folder's files keep their inodes); a file's bytes no table names (a kill
# between a removal's two writes) are dropped at the next mount.
import binascii
import io
import json

import js  # pyright: ignore[reportMissingImports]  (the WebAssembly port's bridge to the page)

KEY = "companion/"
DIR = 0x4000
FILE = 0x8000


class Files:
    def __init__(self, store=None):
        self.ls = store or js.companion.store
        self.n = 1
        self.t = {"": 0}
        raw = self.ls.getItem(KEY + "fs")
        if raw:
            d = json.loads(raw)
            self.n = d["n"]
            self.t = d["t"]
        self._sweep()

    def _sweep(self):
        ls = self.ls
        used = set(self.t.values())
        gone = []
        for i in range(ls.length):
            k = ls.key(i)
            if k.startswith(KEY + "i") and int(k[len(KEY) + 1:]) not in used:
                gone.append(k)
        for k in gone:
            ls.removeItem(k)

    def _save(self):
        self._set(KEY + "fs", json.dumps({"n": self.n, "t": self.t}))

    def _set(self, k, v):
        try:
            self.ls.setItem(k, v)
        except Exception:   # noqa: BLE001 - the browser's quota (a JS error): no room
            raise OSError(28)

    # ------------------------------------------------------------ the VFS's calls

    def mount(self, readonly, mkfs):
        pass

    def umount(self):
        pass

    def _p(self, path):
        return path.rstrip("/")

    def _inode(self, path):
        i = self.t.get(self._p(path))
        if i is None:
            raise OSError(2)
        return i

    def open(self, path, mode):
        p = self._p(path)
        i = self.t.get(p)
        if "r" in mode:
            if not i:
                raise OSError(2 if i is None else 21)
            data = self.read(i)
            return io.BytesIO(data) if "b" in mode else io.StringIO(data.decode())
        if i == 0:
            raise OSError(21)
        if self.t.get(p[:p.rfind("/")]) != 0:
            raise OSError(2)        # no such folder
        if i is None:
            i = self.n
            self.n += 1
            self._set(KEY + "i%d" % i, "t")
            self.t[p] = i
            self._save()
        elif "w" in mode:
            self._set(KEY + "i%d" % i, "t")
        return Out(self, KEY + "i%d" % i, "b" not in mode)

    def read(self, i):
        raw = self.ls.getItem(KEY + "i%d" % i) or "t"
        return raw[1:].encode() if raw[0] == "t" else binascii.unhexlify(raw[1:])

    def ilistdir(self, path):
        p = self._p(path)
        if self.t.get(p) != 0:
            raise OSError(2)
        out = []
        for q in self.t:
            if q and q[:q.rfind("/")] == p:
                out.append((q[q.rfind("/") + 1:], DIR if self.t[q] == 0 else FILE, 0))
        return iter(out)

    def stat(self, path):
        i = self._inode(path)
        size = 0 if i == 0 else len(self.read(i))
        return (DIR if i == 0 else FILE, 0, 0, 0, 0, 0, size, 0, 0, 0)

    def statvfs(self, path):
        return (4096, 4096, 1024, 1024, 1024, 0, 0, 0, 0, 255)

    def rename(self, old, new):
        o = self._p(old)
        n = self._p(new)
        i = self._inode(o)
        t = self.t
        if t.get(n) == 0 or (i == 0 and n in t):
            raise OSError(17 if i == 0 else 21)
        was = t.get(n)
        t[n] = t.pop(o)
        if i == 0:
            for q in list(t):
                if q.startswith(o + "/"):
                    t[n + q[len(o):]] = t.pop(q)
        self._save()
        if was:
            self.ls.removeItem(KEY + "i%d" % was)   # the file renamed over

    def remove(self, path):
        p = self._p(path)
        i = self._inode(p)
        if i == 0:
            raise OSError(21)
        del self.t[p]
        self._save()
        self.ls.removeItem(KEY + "i%d" % i)

    def mkdir(self, path):
        p = self._p(path)
        if p in self.t:
            raise OSError(17)
        if self.t.get(p[:p.rfind("/")]) != 0:
            raise OSError(2)
        self.t[p] = 0
        self._save()

    def rmdir(self, path):
        p = self._p(path)
        if self._inode(p) != 0 or not p:
            raise OSError(20)
        for q in self.t:
            if q.startswith(p + "/"):
                raise OSError(39)
        del self.t[p]
        self._save()

    def chdir(self, path):
        pass

    def getcwd(self):
        return ""


class Out:
    """A file open for writing: each write added to the file's key at once."""

    def __init__(self, fs, key, text):
        self.fs = fs
        self.key = key
        self.text = text
        self.v = fs.ls.getItem(key) or "t"

    def write(self, data):
        n = len(data)
        v = self.v
        add = None
        if v[0] == "t":
            try:
                add = data if self.text else str(data, "utf-8")
            except UnicodeError:    # bytes that are not text: the file in hex from now on
                v = "x" + _hex(v[1:].encode())
        if add is None:
            add = _hex(data.encode() if self.text else data)
        v += add
        self.fs._set(self.key, v)
        self.v = v
        return n

    def flush(self):
        pass

    def close(self):
        pass

    def __enter__(self):
        return self

    def __exit__(self, *a):
        pass


def _hex(b):
    return "".join(["%02x" % c for c in b])
