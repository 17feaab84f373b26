"""The roster from a computer: names given on a command line (flash.sh
--players, the simulator's --players) checked and spelt as the device
spells them (firmware/screenkit/names.py), and written where the firmware
reads them, so that nobody has to type them on the device.

    python -m host_sim.players check "Аня,Борис"          the names as the device keeps them (JSON), or why not
    python -m host_sim.players settings FILE "Аня,Борис"  FILE, a settings.json, with this roster, its other
                                                          settings kept (made if there is none)
    python -m host_sim.players default FILE "Аня,Борис"   FILE (assets/players.json): the roster of a device
                                                          whose settings have none
"""
import json
import os
import sys
import unicodedata

from firmware.core import store
from firmware.screenkit import names as spelling

RULE = ("1 to %d letters of one alphabet (Latin with Ñ Á É Í Ó Ú Ü, or Cyrillic), a hyphen or a space "
        "between two" % spelling.LONGEST)


def parse(text):
    """The roster in text, names between commas, spelt as the device
    spells them; ValueError naming what is wrong."""
    if not text.strip():
        raise ValueError("no names given (for example \"Аня,Борис,Вика\")")
    out = []
    for part in text.split(","):
        if not part.strip():
            raise ValueError("an empty name in %r (two commas, or one at an end)" % text)
        name = spelling.tidy(unicodedata.normalize("NFC", part))
        if len(name) > spelling.LONGEST:
            raise ValueError("%r is %d letters long: a name has %d at most" % (part.strip(), len(name), spelling.LONGEST))
        if not spelling.valid(name):
            raise ValueError("%r is not a name the device takes: %s" % (part.strip(), RULE))
        if name in out:
            raise ValueError("%s is given twice" % name)
        out.append(name)
    if len(out) > spelling.ROSTER:
        raise ValueError("%d names: the device keeps %d at most" % (len(out), spelling.ROSTER))
    return out


def into_settings(path, roster):
    """The settings file at path with this roster, every other setting as
    it was; what was wrong with the file (then only the roster is in it),
    or None."""
    ok, got = store.read_json(path)
    note = None
    if not ok and got:
        note = "%s is damaged (%s): written anew with the players only" % (path, got)
        got = None
    if got is not None and not isinstance(got, dict):
        note = "%s is not a table of settings: written anew with the players only" % path
        got = None
    settings = got or {}
    settings["roster"] = roster
    store.save_json(path, settings)
    return note


def default(path, roster):
    """Write the firmware's default roster (a JSON list) at path."""
    folder = os.path.dirname(path)
    if folder:
        os.makedirs(folder, exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(json.dumps(roster, ensure_ascii=False) + "\n")


def main(argv):
    if len(argv) not in (2, 3) or argv[0] not in ("check", "settings", "default") or (argv[0] == "check") != (len(argv) == 2):
        sys.stderr.write(__doc__.strip() + "\n")
        return 2
    try:
        roster = parse(argv[-1])
    except ValueError as e:
        sys.stderr.write("players: %s\n" % e)
        return 2
    if argv[0] == "check":
        print(json.dumps(roster, ensure_ascii=False))
    elif argv[0] == "settings":
        note = into_settings(argv[1], roster)
        if note:
            sys.stderr.write(note + "\n")
        print("players in %s: %s" % (argv[1], ", ".join(roster)))
    else:
        default(argv[1], roster)
        print("players in %s: %s" % (argv[1], ", ".join(roster)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
