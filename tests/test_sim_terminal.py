"""The terminal simulator as a person types into it: keys that arrive
together (a paste, a fast auto-repeat: one read of several keys, arrows
among them) are each taken, in order; an arrow's escape sequence cut by a
read is joined again; ESC alone is BACK."""
import fcntl
import os
import pty
import select
import struct
import sys
import termios
import time

from host_sim import device, keyplan, sim

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TERMINAL = {"up": "\x1b[A", "down": "\x1b[B", "ok": "\r", "back": "\x7f"}


def test_keys_read_together_are_split_into_keys():
    assert sim.split_keys("jjk\r") == (["j", "j", "k", "\r"], "")
    assert sim.split_keys("\x1b[B\x1b[B\x1bOA\r") == (["\x1b[B", "\x1b[B", "\x1b[A", "\r"], "")
    assert sim.split_keys("3j\x1b[") == (["3", "j"], "\x1b[")          # cut: read on
    assert sim.split_keys("\x1b") == ([], "\x1b")
    assert sim.split_keys("\x1bj") == (["\x1b", "j"], "")               # ESC alone, then j


def _read_until(fd, done, limit=20):
    """Read what the terminal shows (the simulator draws its frames on)
    until done() holds, or it closed; whether done() held."""
    end = time.time() + limit
    while time.time() < end:
        if done():
            return True
        r, _, _ = select.select([fd], [], [], 0.05)
        if r:
            try:
                got = os.read(fd, 65536)
            except OSError:     # closed: the simulator has quit
                break
            if not got:
                break
            done.seen = getattr(done, "seen", b"") + got
    return done()


def test_a_paste_of_a_games_setup_starts_the_game(tmp_path):
    """The presses that start the scripted Inca game, typed in one paste
    into the simulator in a terminal: the game is started and kept."""
    from bench import scripts
    app, _ = device.build("pico_oled", None, 5)
    keys = []
    keyplan.setup(app, scripts.transcript()[0], keys)
    typed = "".join(TERMINAL[k] for k in keys)
    assert len(keys) > 3
    data = str(tmp_path / "dev")
    pid, fd = pty.fork()
    if pid == 0:        # the simulator, in the terminal
        # the terminal's size from the terminal, not from COLUMNS and LINES
        env = dict((k, v) for k, v in os.environ.items() if k not in ("COLUMNS", "LINES"))
        os.execve(sys.executable, [sys.executable, "-m", "host_sim", "--journal", data, "--seed", "5"],
                  dict(env, PYTHONPATH=ROOT))
    try:
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 80, 200, 0, 0))
        def drawn():
            return b"keys:" in getattr(drawn, "seen", b"")    # its first frame, with the keys under it
        assert _read_until(fd, drawn), getattr(drawn, "seen", b"")[-600:]
        os.write(fd, typed.encode())
        journal = os.path.join(data, "game", "journal.txt")
        assert _read_until(fd, lambda: os.path.exists(journal) and os.path.getsize(journal) > 0)
        os.write(fd, b"q")
        _read_until(fd, lambda: False, 10)      # to its last frame, until it closes
    finally:
        gone, status = os.waitpid(pid, os.WNOHANG)
        if not gone:
            os.kill(pid, 9)     # it did not quit: the test fails below
            _, status = os.waitpid(pid, 0)
    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0
    again, _ = device.build("pico_oled", data, 5)
    v = again.play.view()
    assert again.play.name == "inca" and len(v["players"]) == 4, v
