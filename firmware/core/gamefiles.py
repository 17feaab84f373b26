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
KNOWN = (JOURNAL, SNAP, SNAP_TMP, SNAP_OLD, JOURNAL_TMP, EDITION, EDITION + TMP)
VERSION = 1


class NoGame(Exception):
    """There is no game in the journal directory that can be recovered."""


def record(text, prev):
    """(bytes of the journal line for action text after a record with CRC
    prev, its CRC)."""
    body = text.encode()
    crc = crc32(body + b"\n", prev)
    return body + b" #" + ("%08x" % crc).encode() + b"\n", crc
