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
KEPT = "kept.json"         # in the data folder: a game kept aside, until the players have been told
CLOCK = "time.json"        # how long the game has been played (firmware/core/playclock.py)
KNOWN = (JOURNAL, SNAP, SNAP_TMP, SNAP_OLD, JOURNAL_TMP, EDITION, EDITION + TMP, TOLD, TOLD + TMP, BASE,
         CLOCK, CLOCK + TMP,
         "undo-aside.txt")  # a game that has ended: its undo's kept copies, where its code found no room (Journal.aside)
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


def record(text, prev):
    """(bytes of the journal line for action text after a record with CRC
    prev, its CRC)."""
    body = text.encode()
    crc = crc32(body + b"\n", prev)
    return body + b" #" + ("%08x" % crc).encode() + b"\n", crc


# The setup line's record names the checksum of the edition table the game
# was started with (saving.ident) in a comment after it:
#     inca players=blue,orange,green seed=7 #edition 5c3e0a91 #CCCCCCCC
# ('#' starts a comment in the action vocabulary: the journal is still a
# transcript, and a firmware that does not know it reads the setup alone)
TABLE_MARK = " #edition "


# A journal begun again from a snapshot (the journal did not hold its
# records: cut short, or gone) is the setup line, then a record naming the
# state it goes on from: base.json (that snapshot, renamed), by its record
# count and its file's checksum:
#     @base 65 1a2b3c4d
# so that a replay from the journal (its snapshots lost) starts from that
# state, or refuses; a reader that does not know the record refuses it too
# (an unknown action), never replays the game from its first turn.
BASE_MARK = "@base"
