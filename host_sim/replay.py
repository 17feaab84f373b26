# Replay a game transcript and print the view of the final state as JSON.
# Runs unchanged under CPython and MicroPython:
#   python3 host_sim/replay.py FILE [--trace] [--edition PATH]
#   micropython host_sim/replay.py FILE [--trace]
import sys

try:
    _here = __file__
except NameError:
    _here = "host_sim/replay.py"


def _parent(path):
    i = path.rfind("/")
    return path[:i] if i > 0 else ("/" if i == 0 else ".")


_root = _parent(_parent(_here)) if "/" in _here else ".."
if _root not in sys.path:
    sys.path.insert(0, _root)

import json  # noqa: E402

from firmware.core import jsonout  # noqa: E402
from firmware.core.actions import tokens  # noqa: E402
from firmware.core.errors import IllegalAction  # noqa: E402
from firmware.core.session import Session  # noqa: E402

USAGE = "usage: replay FILE [--trace] [--edition PATH]"
EDITION = _root + "/assets/inca/edition.json"


def _err(msg):
    sys.stderr.write(msg + "\n")


def load_edition(path=EDITION):
    try:
        with open(path) as f:
            return json.load(f)
    except OSError:
        raise ValueError("cannot read the edition table %s" % path)
    except ValueError:
        raise ValueError("the edition table %s is not valid JSON" % path)


def game_module(setup_words):
    name = setup_words[0]
    if name == "inca":
        from firmware.games import inca
        return inca
    raise IllegalAction("unknown game %r" % name)


def read_lines(path):
    with open(path) as f:
        return f.read().split("\n")


def run(path, trace=False, edition_path=EDITION, out=None):
    """Replay FILE; returns (exit status, session or None)."""
    write = out or (lambda s: print(s))
    try:
        lines = read_lines(path)
    except OSError:
        _err("cannot read %s" % path)
        return 1, None
    try:
        edition = load_edition(edition_path)
    except ValueError as e:
        _err(str(e))
        return 1, None
    session = None
    for no, text in enumerate(lines, 1):
        words = tokens(text)
        if words is None:
            continue
        try:
            if session is None:
                session = Session(game_module(words), edition, words)
            else:
                session.apply(words)
        except IllegalAction as e:
            _err("line %d: %s" % (no, e))
            if session is not None and not trace:
                write(jsonout.dumps(session.view()))
            return 2, session
        if trace:
            write(jsonout.dumps(session.view()))
    if session is None:
        _err("%s has no setup line" % path)
        return 2, None
    if not trace:
        write(jsonout.dumps(session.view()))
    return 0, session


def main(argv):
    path = None
    trace = False
    edition = EDITION
    i = 0
    while i < len(argv):
        a = argv[i]
        if a == "--trace":
            trace = True
        elif a == "--edition" and i + 1 < len(argv):
            i += 1
            edition = argv[i]
        elif a.startswith("-") or path is not None:
            _err(USAGE)
            return 1
        else:
            path = a
        i += 1
    if path is None:
        _err(USAGE)
        return 1
    return run(path, trace, edition)[0]


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
