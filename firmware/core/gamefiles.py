# The files of a saved game in its directory, and their format version:
# what the journal writes (firmware/core/journal.py) and resume reads at
# boot (firmware/core/resume.py); see journal.py for what each holds.
from firmware.core.osfs import TMP, crc32

JOURNAL = "journal.txt"
SNAP = "snap.json"
SNAP_TMP = SNAP + TMP
SNAP_OLD = "snap.old"
JOURNAL_TMP = "journal.tmp"
EDITION = "edition.json"   # the edition table the game was started with
TOLD = "lost.json"         # what the players are to be told of actions lost, until they have seen it
BASE = "base.json"         # the state a journal begun again starts from (its second record names it)
KNOWN = (JOURNAL, SNAP, SNAP_TMP, SNAP_OLD, JOURNAL_TMP, EDITION, EDITION + TMP, TOLD, TOLD + TMP, BASE)
VERSION = 1
# beside the game's folder while a new game starts (firmware/core/saving.py):
NEW = ".new"    # game.new, the new game being written before it takes the folder's place
OLD = ".old"    # game.old, the game it replaced, being removed


class NoGame(Exception):
    """There is no game in the journal directory that can be recovered."""


class TableGone(NoGame):
    """The game's records would have to be replayed from its setup line, and
    the edition table it was started with is damaged or gone, and no table
    on the device is that one (by its checksum): the game is not replayed
    under another."""


# The setup line's record names the checksum of the edition table the game
# was started with (store.ident) in a comment after it:
#     inca players=blue,orange,green seed=7 #edition 5c3e0a91 #CCCCCCCC
# ('#' starts a comment in the action vocabulary: the journal is still a
# transcript, and a firmware that does not know it reads the setup alone)
TABLE_MARK = " #edition "


def setup_text(setup, ident):
    """The text of a setup line's record: the line, and the checksum of
    the game's edition table where it is known."""
    return setup if ident is None else "%s%s%08x" % (setup, TABLE_MARK, ident)


def ident_in(text):
    """The edition table's checksum a setup record's text names, or None."""
    i = text.find(TABLE_MARK)
    if i < 0:
        return None
    h = text[i + len(TABLE_MARK):i + len(TABLE_MARK) + 8]
    try:
        n = int(h, 16)
    except ValueError:
        return None
    return n if len(h) == 8 and "%08x" % n == h else None


def record(text, prev):
    """(bytes of the journal line for action text after a record with CRC
    prev, its CRC)."""
    body = text.encode()
    crc = crc32(body + b"\n", prev)
    return body + b" #" + ("%08x" % crc).encode() + b"\n", crc


# A journal begun again from a snapshot (the journal did not hold its
# records: cut short, or gone) is the setup line, then a record naming the
# state it goes on from: base.json (that snapshot, renamed), by its record
# count and its file's checksum:
#     @base 65 1a2b3c4d
# so that a replay from the journal (its snapshots lost) starts from that
# state, or refuses; a reader that does not know the record refuses it too
# (an unknown action), never replays the game from its first turn.
BASE_MARK = "@base"


def base_text(n, crc):
    return "%s %d %08x" % (BASE_MARK, n, crc)


def base_of(text):
    """(records, checksum) a base record names, or None if text is not one."""
    w = text.split()
    if len(w) != 3 or w[0] != BASE_MARK or len(w[2]) != 8:
        return None
    try:
        n, crc = int(w[1]), int(w[2], 16)
    except ValueError:
        return None
    return (n, crc) if n >= 1 and "%08x" % crc == w[2] else None
