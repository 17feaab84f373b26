# A game that has ended, whose BG Stats code found no room in the heap:
# its undo's two kept copies put aside in a file of their own, and read
# back by an undo after the end (Journal.aside).  The file holds a line of
# the records it was written at, the buffers' room, the two texts' lengths
# and their CRC-32, then the two texts.  It is no part of the saved game:
# a boot rebuilds both from the journal, and a cut while it is written
# loses nothing.  Loaded for one use and forgotten (a board that runs the
# code from its filesystem keeps it in the heap while it is loaded).
from firmware.core import osfs, session

FILE = "undo-aside.txt"


def put(j):
    """Journal.aside: the session's two kept copies written to FILE and let
    go of; True if they were."""
    s = j.session
    if s is None or s.base is None or j.due is not None or j.cut_due or j.told_due:
        return False
    crc = [0]

    def count(data):
        crc[0] = osfs.crc32(data.encode() if type(data) is str else data, crc[0])
    s.base.write_json(count)
    if s.has_prev:
        s.prev.write_json(count)
    held = j.close()
    try:
        f = j.fs.open(j.path(FILE), "wb")
        try:
            f.write(("%d %d %d %d %08x\n" % (j.records, s.base.room, s.base.n,
                                              s.prev.n if s.has_prev else 0, crc[0])).encode())

            def out(data):
                f.write(data.encode() if type(data) is str else data)
            s.base.write_json(out)
            if s.has_prev:
                s.prev.write_json(out)
        finally:
            f.close()
    except (OSError, MemoryError) as e:
        j.note("could not keep the undo aside at the game's end (%s)" % (e,))
        return False
    finally:
        f = None
        if held:
            j.reopen()
    s.base = s.prev = None      # until back()
    return True


def back(j):
    """Journal.aside(True): the two kept copies read back from FILE."""
    s = j.session
    if s is None or s.base is not None:
        return
    # the two texts read back into buffers of the room they had, each
    # as its length in the file's first line says, then checked by the
    # CRC there: both whole, or neither taken
    held = j.close()
    why = None
    try:
        f = j.fs.open(j.path(FILE), "rb")
        try:
            head = f.readline().split()
            if len(head) != 5 or int(head[0]) != j.records:
                why = "not of this record"
            else:
                room = int(head[1])
                got = []
                c = 0
                for n in (int(head[2]), int(head[3])):
                    if not n:
                        got.append(None)
                        continue
                    # a buffer of the room, written over from its start
                    k = session.Kept({}, room if room >= n else n)
                    k.fixed = s.fixed
                    k.buf.seek(0)  # pyright: ignore[reportAttributeAccessIssue]
                    left = n
                    while left > 0:
                        data = f.read(128 if left > 128 else left)
                        if not data:
                            break
                        c = osfs.crc32(data, c)
                        try:
                            k.buf.write(data)  # pyright: ignore[reportAttributeAccessIssue]
                        except TypeError:       # CPython's buffer holds str
                            k.buf.write(data.decode())  # pyright: ignore[reportAttributeAccessIssue]
                        left -= len(data)
                    k.n = k.high = n
                    got.append(k)
                if c != int(head[4], 16) or got[0] is None:
                    why = "its text is damaged"
                else:
                    s.base = got[0]
                    s.prev = got[1] if got[1] is not None else session.Kept(s.state, room, s.fixed)
                    s.has_prev = got[1] is not None
                got = None
        finally:
            f.close()
    except (OSError, ValueError) as e:
        why = str(e)
    f = None
    if held:
        j.reopen()
    if why is not None:
        j.note("the undo kept aside at the game's end could not be read back (%s): it is lost" % (why,))
        s.base_n += len(s.tail)
        s.tail = []
        s.redo_stack = []
        s.base = session.Kept(s.state, 0, s.fixed)
        s.prev = session.Kept(s.state, 0, s.fixed)
        s.has_prev = False
