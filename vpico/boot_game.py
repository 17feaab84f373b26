# What the firmware's boot makes of the saved game on littlefs images of the
# Pico's filesystem (flash states a virtual Pico left, a power cut in any of
# its writes): each image is mounted with MicroPython's own littlefs (the
# unix port, vpico/mkfs.py's geometry), and the firmware's code finishes a
# start cut short, names the game and resumes it (firmware/core/resume.py),
# as the device does at boot.  One line of JSON an image:
#     {"folders": [...], "records": N, "setup": "...", "lost": N, "notes": [...]}
# or {"folders": [...], "nogame": "why"}.  Run from the repository's root:
#   micropython vpico/boot_game.py IMAGE ...
import json
import os
import sys

# the repository's firmware/ (vpico/firmware holds the board's images), then mkfs.py beside this
sys.path[:] = [".", ".frozen"] + [p for p in sys.path if p not in ("", ".", "vpico")] + ["vpico"]

import vfs  # noqa: E402

from mkfs import BLOCK, BLOCKS, Blocks  # noqa: E402

from firmware.core.recover import load_table  # noqa: E402
from firmware.core.journal import Journal, NoGame  # noqa: E402
from firmware.core.resume import saved_game  # noqa: E402
from firmware.games import NAMES  # noqa: E402
from firmware.games.registry import edition, module  # noqa: E402


def boot(image):
    with open(image, "rb") as f:
        data = bytearray(f.read())
    if len(data) < BLOCK * BLOCKS:
        data += b"\xff" * (BLOCK * BLOCKS - len(data))
    vfs.mount(vfs.VfsLfs2(Blocks(data), progsize=256), "/pico")
    try:
        path = "/pico/data/game"
        name, damaged = saved_game(path, NAMES)
        out = {}
        if name is None:
            out["nogame"] = "damaged" if damaged else "none"
        else:
            where = "assets/" + edition(name)
            j = Journal(path, module(name), load_table(where))   # as the device reads it
            j.tables = (where,)
            try:
                s = j.resume()
                out.update(records=j.records, setup=s.setup, lost=j.lost, notes=j.notes)
            except NoGame as e:
                out["nogame"] = str(e)
        out["folders"] = sorted(n for n in os.listdir("/pico/data"))
        return out
    finally:
        vfs.umount("/pico")


for image in sys.argv[1:]:
    print(json.dumps(boot(image)))
