"""companion (or python -m host_sim) [--board NAME] [--journal DIR] [--keys "..." [--png DIR]] [--seed N] [--players "A,B"]
                                           the device: in this terminal, or headless from a key
                                           script (see python -m host_sim --help-sim)
python -m host_sim COMMAND ...

  replay FILE [--trace] [--edition PATH] [--journal DIR]
                                           replay a transcript, print the final view as JSON;
                                           --journal DIR: journal it into the data folder DIR as the
                                           device does (the game in DIR/game; the device boots on DIR)
  resume DIR [--edition PATH]              recover the game of the data folder DIR as the device does
                                           at boot (after a power cut) and print its view as JSON
  demo                                     replay the bundled demo game and print the standings
  pico [--board NAME] [--keys "..."] [--png DIR] [--journal DIR]
                                           the firmware on the virtual Pico, in a clone of the repository
                                           (./simulate pico sets it up; python -m host_sim pico --help)
  web [DIR] [--port N]                     the companion in a web page: write the site to DIR, or without
                                           DIR to out/web and serve it on 127.0.0.1 (python -m host_sim web --help)
"""
import json
import os
import sys

from host_sim import replay

DEMO = replay.ROOT + "/assets/inca/demo.txt"


def standings(view):
    lines = []
    era, rnd = view["era"], view["round"]
    state = "game over" if view["over"] else "era %d, round %d, %s phase" % (era, rnd, view["phase"])
    lines.append("Inca Empire - " + state)
    piz = view.get("pizarro")
    if piz and piz.get("arrived"):
        lines.append("Pizarro arrived after People phase %d of the Late Empire" % piz["at"])
    lines.append("%-4s %-7s %4s %6s %8s %9s" % ("rank", "player", "VP", "labor", "markers", "terraces"))
    for c in view["standings"]:
        p = view["players"][c]
        lines.append("%-4d %-7s %4d %6d %8d %9d" % (p["rank"], c, p["vp"], p["labor"], p["markers"], p["terraces"]))
    if view["winner"]:
        lines.append("Winner: %s" % view["winner"])
    return "\n".join(lines)


def main(argv):
    if argv and argv[0] in ("-h", "--help"):
        print(__doc__.strip())
        return 0
    if not argv or argv[0].startswith("--"):
        from host_sim import sim
        if argv and argv[0] == "--help-sim":
            return sim.main(["--help"])
        return sim.main(argv)
    cmd, rest = argv[0], argv[1:]
    if cmd == "replay":
        return replay.main(rest)
    if cmd == "resume":
        return replay.main(argv)
    if cmd == "pico":
        if "--journal" in rest:
            k = rest.index("--journal")
            folder = rest[k + 1] if k + 1 < len(rest) else None
            if folder is None or not os.path.isdir(folder):
                sys.stderr.write("pico --journal DIR: %s\n" % ("which data folder?" if folder is None else
                                                             "%s is not a data folder" % folder))
                return 1
        from host_sim import vpico
        return vpico.cli(rest)
    if cmd == "web":
        from host_sim import web
        return web.main(rest)
    if cmd == "demo":
        out = []
        status, session = replay.run(DEMO, out=out.append)
        if session is None:
            return status or 1
        print("Replaying %s" % DEMO.rsplit("/", 1)[-1])
        print(standings(json.loads(out[-1])))
        return status
    sys.stderr.write("unknown command %r\n%s\n" % (cmd, __doc__.strip()))
    return 1


def run():
    """The `companion` command: main() on the command line's arguments; its
    output cut short by a reader that stopped (| head) is no error."""
    try:
        status = main(sys.argv[1:])
        sys.stdout.flush()
    except BrokenPipeError:
        # the rest of the output goes nowhere, and Python's own flush at exit with it
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        status = 0
    sys.exit(status)


if __name__ == "__main__":
    run()
