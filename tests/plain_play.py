"""Run by tests/test_plain_install.py with the python of a virtual
environment made from `pip install .` alone (no test extras): every game's
scripted session played with the buttons to its end, on every board and
in every language (each game on each board in one language, in turn: each
game and each board meet every language), each frame drawn as the simulator draws it, and the end's
BG Stats code made.  Only the installed package is imported (this file is
run from a folder outside the repository); the transcripts are read from
the folder given.

    python plain_play.py SCENARIOS OUT

prints one JSON line a game played: its game, board, language, whether
it ended, whether the end showed a code and the code's link, and writes
OUT/<game>-<board>-<lang>.keys, the presses (the simulator's --keys)."""
import json
import os
import sys


def lines(path):
    with open(path, encoding="utf-8") as f:
        out = [ln.split("#")[0].strip() for ln in f.read().splitlines()]
    return [ln for ln in out if ln]


def script(game, scenarios):
    from host_sim import games
    h = games.host(game)
    if hasattr(h, "SCENARIO"):
        return lines(os.path.join(scenarios, h.SCENARIO + ".txt"))
    return games.script(game)


def play(game, board, lang, scenarios, seed, every):
    """every: each press drawn as the simulator draws it (host_sim/sim.py),
    else only the frames of the end's code (made by its render)."""
    from host_sim import device, keyplan
    app, _ = device.build(board, None, seed, lang=lang)
    codes = []
    key = app.key

    def press(k, at=None):
        key(k, at)
        top = app.screens.stack[-1]
        if not every and type(top).__name__ != "PlayCode":
            return
        app.render()
        if type(top).__name__ == "PlayCode" and top.made and (not codes or codes[-1][0] is not top):
            link = bytes(top.link).decode("utf-8") if top.code is not None else None
            codes.append((top, link))
    app.key = press
    keys = keyplan.play(app, script(game, scenarios))
    from firmware.app import _ended
    return keys, _ended(app.play.view()), [c[1] for c in codes]


def main(argv):
    scenarios, out = argv
    # the package as installed, not a repository beside this file
    here = os.path.dirname(os.path.abspath(__file__))
    sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != here]
    from host_sim import device
    import firmware
    seed = 77
    langs = ("en", "ru", "es")
    for g, game in enumerate(("inca", "eightmin", "origin", "yu")):
        for b, board in enumerate(device.BOARDS):
            # one language a game and board, in turn: every game in every
            # language, every board in every language (what a module the
            # package lacks would need to show: a game's, a board's, a
            # language's, or the meeting of two)
            lang = langs[(g + b) % len(langs)]
            # every frame drawn on a board in one game, the boards in
            # turn: each board and each language drawn whole
            every = b % 4 == g
            keys, over, links = play(game, board, lang, scenarios, seed, every)
            with open(os.path.join(out, "%s-%s-%s.keys" % (game, board, lang)), "w") as f:
                f.write(" ".join(keys))
            print(json.dumps({"game": game, "board": board, "lang": lang, "over": over, "every": every,
                              "codes": len(links), "links": links,
                              "from": os.path.dirname(os.path.dirname(os.path.abspath(firmware.__file__)))}))
            sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
