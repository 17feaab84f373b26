# Boot-time setup of a CircuitPython board (its /boot.py runs boot()): the
# firmware keeps the game on the board's flash, which CircuitPython lends
# to the computer over USB by default.  boot() makes the flash writable for
# the firmware, unless the BACK button is held while the board starts: then
# the computer can write (to flash the firmware again).  MicroPython boards
# need no boot.py.


def boot(path="board.json"):
    import json
    import storage
    from firmware.bringup import family, profile
    with open(path) as f:
        p = profile(json.load(f)["board"])
    if not family(p).held(p, "back"):
        storage.remount("/", readonly=False)
