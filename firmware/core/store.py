# Small files that survive a power cut: settings, edition tables, snapshots.
#
# A file is written whole to PATH.tmp, flushed and closed, and then moved
# over PATH with os.rename, which is atomic on littlefs: after a power cut
# PATH holds either the old contents or the new, never a mix.  (Never remove
# PATH first and rename after: a cut in between would leave no file at all.)
# Rename must replace an existing file, as it does on littlefs and POSIX; the
# FAT driver refuses, so keep these files on a littlefs partition.
#
# The file is a checksum line, then the JSON text on one line,
#     #0b5c9a41
#     {"brightness":3,"sound":true}
# the CRC-32 (binascii.crc32) of the bytes after the first line (the JSON
# and its newline) in 8 lowercase hex digits.  (An older firmware wrote the
# checksum line after the JSON: such a file is still read.)  A file
# whose checksum does not match (a flipped bit, a torn write on a file system
# without atomic rename, garbage) is reported and never used.  The JSON is
# written with firmware.core.jsonout, so values are dicts, lists, str, int,
# bool and None, and the bytes are the same on CPython and MicroPython.
#
# All file access goes through a small file-system object (open, rename,
# remove, listdir, mkdir); osfs.FS uses the real one, and tests pass their
# own (or put one there) to record every write and cut the power between any
# two bytes.  This module is imported where a file is written or read whole
# and forgotten after (a journal's snapshot, the settings): appending a
# journal record needs only firmware/core/osfs.py.
#
# Runs on MicroPython and CPython: only os, json, binascii and sys.

import json
import sys

from firmware.core import jsonout, osfs
from firmware.core.osfs import TMP, crc32  # noqa: F401  (the names store has always had)


def missing(e):
    """True if the OSError e says the file does not exist (ENOENT)."""
    return bool(e.args) and e.args[0] == 2


def encode(obj):
    """The bytes of a checksummed JSON file holding obj."""
    body = jsonout.dumps(obj).encode() + b"\n"
    return ("#%08x\n" % crc32(body)).encode() + body


def head_crc(line):
    """The checksum of a file's first line "#CCCCCCCC\n", or None if it is
    not one (8 lowercase hex digits: int() would also read "+b5b7e64")."""
    if len(line) != 10 or line[0] != 35 or line[9] != 10:
        return None
    for c in line[1:9]:
        if not (48 <= c <= 57 or 97 <= c <= 102):
            return None
    return int(line[1:9], 16)


def decode(data):
    """The object in the bytes of a checksummed JSON file.  Raises
    ValueError with the reason if the bytes are damaged."""
    want = head_crc(data[:10])
    if want is None:
        return _decode_old(data)
    body = memoryview(data)[10:]   # no copy: a snapshot is several kB
    if crc32(body) != want:
        raise ValueError("checksum mismatch")
    return loads(body)


def loads(body):
    """The object in the JSON bytes body; ValueError if they are not JSON."""
    try:
        try:
            return json.loads(body)           # MicroPython reads the bytes in place
        except TypeError:
            return json.loads(bytes(body))    # CPython wants bytes
    except (ValueError, UnicodeError):
        raise ValueError("not valid JSON")


def _decode_old(data):
    # the format before the checksum went first: the JSON on one line,
    # then "#CCCCCCCC" on a line of its own (a saved game of an older
    # firmware is read as it was written)
    if len(data) < 12 or data[-11:-9] != b"\n#" or data[-1:] != b"\n":
        raise ValueError("no checksum line (torn or not written by store)")
    n = len(data) - 11
    if data.find(b"\n", 0, n) >= 0:
        raise ValueError("more than one line of JSON")
    body = memoryview(data)[:n]
    if ("%08x" % crc32(body)).encode() != data[-9:-1]:
        raise ValueError("checksum mismatch")
    return loads(body)


def _pieces(obj, chunk, out):
    """The JSON text of obj, as bytes of about `chunk` characters, to
    out(bytes): the pieces jsonout gives are gathered until about `chunk`
    characters wait, then joined (a checksum and a copy per piece, of the
    edition table's hundreds of them, took far longer: BENCHMARKS.md,
    *Measured apart*).  The blocks it needs are about `chunk`
    bytes: in a heap cut up by a long game a bigger one may not be there."""
    parts = []
    st = [0]   # characters waiting in parts

    def flush():
        if parts:
            b = "".join(parts).encode()
            del parts[:]
            st[0] = 0
            out(b)

    def put(s):
        if type(s) is not str:
            # JSON text kept as bytes (a Kept value): as it comes
            flush()
            out(s)
            return
        parts.append(s)
        st[0] += len(s)
        if st[0] >= chunk:
            flush()

    jsonout.dump(obj, put)
    parts.append("\n")
    flush()


def write_json(path, obj, fs=None, chunk=128):
    """Write obj as a checksummed JSON file (what encode(obj) gives, but
    streamed: the whole text is never in RAM), flush and close.  The
    checksum comes first, so that a reader can check the file in small
    pieces and then parse the JSON straight from it (read_json): the text
    is gone through twice, once for its checksum and once to write it.
    Returns the checksum."""
    crc = crc_of(obj, chunk)
    f = (fs or osfs.FS).open(path, "wb")
    try:
        f.write(("#%08x\n" % crc).encode())
        _pieces(obj, chunk, f.write)
        f.flush()
    finally:
        f.close()
    return crc


def crc_of(obj, chunk=128):
    """The checksum a file written by write_json(obj) has (what ident()
    gives for it), without writing one."""
    crc = [0]

    def add(b):
        crc[0] = crc32(b, crc[0])
    _pieces(obj, chunk, add)
    return crc[0]


def ident(path, fs=None):
    """What names a table's JSON text as the file at path holds it: the
    CRC-32 of that text (the checksum line of a file written here, checked
    against the text; all the bytes of a plain JSON file, such as a bundled
    edition table), or None if it cannot be read or is damaged.  The same
    table written here or read from the same file has the same one; a game's
    journal keeps it for the edition table the game was started with."""
    try:
        f = (fs or osfs.FS).open(path, "rb")
    except OSError:
        return None
    try:
        first = f.read(10)
        want = head_crc(first)
        crc = 0 if want is not None else crc32(first)
        # read whole where the heap has a block for it (read_json): a
        # littlefs file read in small pieces took a Pico's clock ten times
        # as long
        f.seek(0, 2)
        n = f.tell() - 10
        if n > 0:
            f.seek(10)
            try:
                piece = bytearray(n)
                f.readinto(piece)
                crc = crc32(piece, crc)
                n = 0
            except (MemoryError, AttributeError):
                piece = None
        while n > 0:
            piece = f.read(128)
            if not piece:
                break
            crc = crc32(piece, crc)
    except OSError:
        return None
    finally:
        f.close()
    if want is not None and crc != want:
        return None
    return crc


def write(path, data, fs=None):
    """Write bytes to path (truncating it), flush and close."""
    f = (fs or osfs.FS).open(path, "wb")
    try:
        f.write(data)
        f.flush()
    finally:
        f.close()


def read(path, fs=None):
    """The bytes of path, or None if it does not exist.  Other OSErrors
    (a directory in the way, a read error) propagate."""
    try:
        f = (fs or osfs.FS).open(path, "rb")
    except OSError as e:
        if missing(e):
            return None
        raise
    try:
        return f.read()
    finally:
        f.close()


def save_json(path, obj, fs=None):
    """Save obj to path crash-safely: write path.tmp, flush, rename over."""
    fs = fs or osfs.FS
    # streamed (write_json): the text of a table such as an edition is never
    # whole in RAM, where a board in play may have no free block that big
    write_json(path + TMP, obj, fs)
    fs.rename(path + TMP, path)


def read_json(path, fs=None):
    """(True, obj) for a good file; (False, None) if there is no file;
    (False, reason) if it is damaged or cannot be read.  The file is
    checked in pieces of 128 bytes and the JSON parsed straight from it:
    no block the size of the file is needed (a snapshot's size, which a
    heap cut up by a game's code may not have at the boot)."""
    try:
        f = (fs or osfs.FS).open(path, "rb")
    except OSError as e:
        if missing(e):
            return False, None
        return False, "cannot read it (%s)" % (e,)
    try:
        head = f.read(10)
        want = head_crc(head)
        if want is None:
            return True, _decode_old(head + f.read())
        # read whole where the heap has a block for it (checked and parsed
        # in place: a Pico's json.load reads a file a byte at a time, a
        # tenth of a boot's time for the snapshot and the edition table)
        f.seek(0, 2)
        n = f.tell() - 10
        f.seek(10)
        try:
            body = bytearray(n)
            f.readinto(body)
        except (MemoryError, AttributeError):
            body = None
        if body is not None:
            if crc32(body) != want:
                return False, "checksum mismatch"
            return True, loads(body)
        crc = 0
        while True:
            piece = f.read(128)
            if not piece:
                break
            crc = crc32(piece, crc)
        if crc != want:
            return False, "checksum mismatch"
        f.seek(10)
        try:
            return True, json.load(f)
        except (TypeError, OSError):
            # a stand-in for a file, which is no stream (tests): its bytes
            f.seek(10)
            return True, loads(f.read())
        except (ValueError, UnicodeError):
            return False, "not valid JSON"
    except ValueError as e:
        return False, str(e)
    except OSError as e:
        return False, "cannot read it (%s)" % (e,)
    finally:
        f.close()


def drop_notes(v):
    """Drop what an edition table says for its readers ("about", "sure":
    how sure a value the rule texts do not print is) from its tables: the
    device shows neither, and they would take heap at Start game, its
    heaviest moment (BENCHMARKS.md, *Measured apart*)."""
    if isinstance(v, dict):
        v.pop("about", None)
        v.pop("sure", None)
        for x in v.values():
            drop_notes(x)
    elif isinstance(v, list):
        for x in v:
            drop_notes(x)


def _stderr(msg):
    sys.stderr.write(msg + "\n")


def load_json(path, default, fs=None, report=None):
    """The object saved at path.  A damaged file is reported (to report,
    a function taking one line of text; stderr if None) and skipped: then a
    complete path.tmp left by a save the power cut short is used if there is
    one, else default.  A missing file quietly gives default."""
    say = report or _stderr
    ok, got = read_json(path, fs)
    if ok:
        return got
    if got:
        say("%s is damaged (%s); not used" % (path, got))
    ok, obj = read_json(path + TMP, fs)
    if ok:
        say("%s: using the complete copy in %s" % (path, path + TMP))
        return obj
    if got:
        say("%s: using the defaults" % path)
    return default


def makedirs(path, fs=None):
    """Create the directory path and its missing parents."""
    fs = fs or osfs.FS
    parts = path.split("/")
    cur = ""
    for i, part in enumerate(parts):
        cur = part if i == 0 else cur + "/" + part
        if not part or part == ".":
            continue
        try:
            fs.mkdir(cur)
        except OSError:
            pass  # exists already (or a real problem that the next open will report)


def same_shape(value, like, where="the table", own=False):
    """Why value is not shaped like `like` (the same keys of every table,
    lists of the same kinds of item, numbers where numbers are, text where
    text is), or None.  An edition table edited on the device keeps the
    shape of the bundled one: that one is its schema.  own: value is a
    saved game's own table (checked by its checksum), like a newer table
    for new games: only what they share is compared, keys that only like
    has (a key, a note a firmware update added) are not asked for, but a
    table with none of like's keys is not one (nothing of it is there)."""
    why = _mismatch(value, like, own)
    return None if why is None else "%s%s %s" % (where, why[0], why[1])


def _mismatch(value, like, own=False):
    """None, or (the path below to what is wrong, what is wrong).  The path
    is put together only for a mismatch: a resume checks the whole edition
    table (some 300 values), and text made at each would cost a Pico tens
    of milliseconds."""
    if isinstance(like, dict):
        if not isinstance(value, dict):
            return "", "is not a table"
        shared = False
        for k in like:
            if k not in value:
                if own:
                    continue
                return "", "has no " + k
            shared = True
            why = _mismatch(value[k], like[k], own)
            if why:
                return "." + k + why[0], why[1]
        if own and like and not shared:
            return "", "has none of its keys"
        return None
    if isinstance(like, list):
        if not isinstance(value, list):
            return "", "is not a list"
        if like:
            last = len(like) - 1
            for i in range(len(value)):
                why = _mismatch(value[i], like[i if i < last else last], own)
                if why:
                    return "[%d]%s" % (i, why[0]), why[1]
        return None
    if isinstance(like, bool) or like is None:
        return None if type(value) is type(like) or like is None else ("", "is not " + type(like).__name__)
    if isinstance(like, (int, float)):
        ok = isinstance(value, (int, float)) and not isinstance(value, bool)
        return None if ok else ("", "is not a number")
    if isinstance(like, str):
        return None if isinstance(value, str) else ("", "is not text")
    return None
