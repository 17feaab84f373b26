"""flash.sh's options and errors (dry runs: no board needed), and
package.json: installed by mpremote's own mip code into a folder, it gives
a firmware that boots on the MicroPython unix port."""
import json
import os
import subprocess

from test_micropython import ROOT, micropython

# every profile in boards/: a board is one file there
BOARDS = sorted(n[:-3] for n in os.listdir(os.path.join(ROOT, "boards")) if n.endswith(".py") and n[0] != "_")


def flash(*args, **env):
    e = dict(os.environ, MPY_CROSS=os.path.join(os.path.dirname(micropython()), "mpy-cross"))
    e.update(env)
    return subprocess.run(["./flash.sh"] + list(args), cwd=ROOT, capture_output=True, text=True, env=e, timeout=60)


def test_every_board_profile_has_the_keys_the_firmware_reads():
    for name in BOARDS:
        d = {}
        with open(os.path.join(ROOT, "boards", name + ".py")) as f:
            exec(f.read(), d)
        assert d["NAME"] == name
        assert d["FAMILY"] in ("machine", "circuitpython", "unix", "web")
        disp = d["DISPLAY"]
        assert disp["width"] > 0 and disp["height"] > 0 and isinstance(disp["colour"], bool)
        assert disp["font"] in ("small", "medium", "large")
        assert d["PROFILE"] in ("four", "two")
        want = {"four": {"up", "down", "ok", "back"}, "two": {"a", "b"}}[d["PROFILE"]]
        assert set(d["BUTTONS"]) == want, name
        assert d["PIXELS"] is None or d["PIXELS"]["count"] >= 1


def test_dry_run_for_a_board_prints_every_step():
    r = flash("--board", "pico_oled", "--dry-run", "--port", "/dev/ttyACM0", MPREMOTE="/bin/true")
    assert r.returncode == 0, r.stderr
    out = r.stdout
    # the source name a traceback shows: the module's dotted name
    assert "mpy-cross -O3 -s firmware.main -o out/flash/pico_oled/firmware/main.mpy firmware/main.py" in out
    assert "-s firmware.games.inca -o out/flash/pico_oled/firmware/games/inca/__init__.mpy" in out
    # the SSD1306 driver from drivers/, compiled as mip's index compiles it, copied in lib/
    assert "-O3 -s ssd1306 -o out/flash/pico_oled/lib/ssd1306.mpy drivers/ssd1306.py" in out
    assert "cp -rf firmware boards assets lib :." in out
    assert "cp boards/pico_oled.py out/flash/pico_oled/boards/pico_oled.py" in out
    assert 'board.json: {"board": "pico_oled"}' in out
    assert "reset" in out
    # the old code and assets go first (a plain table would hide a packed one)
    assert "remove firmware/, boards/, assets/ and the drivers on the device" in out
    # mpremote is never told to resume (skip the soft reset) a session
    assert not any("resume" in line for line in out.splitlines() if "connect" in line)
    # the virtual board is never reset; --source copies the .py files
    r = flash("--board", "virtual", "--dry-run", "--source", "--port", "/tmp/tty", MPREMOTE="/bin/true")
    assert r.returncode == 0, r.stderr
    assert "connect /tmp/tty resume" in r.stdout and " reset" not in r.stdout
    assert "cp firmware/app.py out/flash/virtual/firmware/app.py" in r.stdout and "mpy-cross" not in r.stdout
    # CircuitPython: CircuitPython's own .mpy onto the CIRCUITPY drive, with
    # code.py and the pinned libraries (no network); no framebuf: the
    # canvas draws with displayio and bitmaptools, and framebuf's Canvas stays off
    # the board
    r = flash("--board", "pybadge", "--dry-run", "--port", "/media/u/CIRCUITPY")
    assert r.returncode == 0, r.stderr
    assert "cp -r out/flash/pybadge/code.py /media/u/CIRCUITPY/" in r.stdout
    cp_mpy_cross = os.path.join(ROOT, "vpico", "firmware", "mpy-cross-circuitpython-10.2.1")
    assert "%s -O3 -s firmware.main -o out/flash/pybadge/firmware/main.mpy firmware/main.py" % cp_mpy_cross in r.stdout
    assert "framebuf" not in r.stdout and "firmware/hal/canvas.py" not in r.stdout
    assert "-o out/flash/pybadge/firmware/hal/displayio_canvas.mpy firmware/hal/displayio_canvas.py" in r.stdout
    for lib in ("asyncio/core", "adafruit_ticks", "neopixel"):
        assert "-o out/flash/pybadge/lib/%s.mpy drivers/circuitpython/%s.py" % (lib, lib) in r.stdout, lib
    assert "adafruit_displayio_ssd1306" not in r.stdout and "circup" not in r.stdout
    # where CircuitPython's mpy-cross cannot run: the sources
    r = flash("--board", "pico_oled_cp", "--dry-run", "--port", "/media/u/CIRCUITPY", CP_MPY_CROSS="/bin/false")
    assert r.returncode == 0, r.stderr
    assert "the sources go instead" in r.stdout
    assert "cp -r drivers/circuitpython/asyncio out/flash/pico_oled_cp/lib/" in r.stdout
    assert "cp -r drivers/circuitpython/neopixel.py out/flash/pico_oled_cp/lib/" in r.stdout
    assert "cp firmware/hal/displayio_canvas.py out/flash/pico_oled_cp/firmware/hal/displayio_canvas.py" in r.stdout


def test_a_dry_run_says_what_it_would_do_and_does_nothing():
    r = flash("--board", "pico_oled", "--dry-run", MPREMOTE="/bin/true")
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines()[-1] == "dry run: would flash pico_oled on auto; nothing was done"
    assert "flashed" not in r.stdout
    for args, last in ((("--board", "pico_display", "--stage"), "would stage pico_display in out/flash/pico_display"),
                       (("--board", "pybadge", "--port", "/media/u/CIRCUITPY"), "would flash pybadge onto /media/u/CIRCUITPY"),
                       ((), "would compile the firmware into out/mpy")):
        r = flash(*args, "--dry-run", MPREMOTE="/bin/true")
        assert r.returncode == 0, r.stderr
        assert r.stdout.splitlines()[-1] == "dry run: %s; nothing was done" % last, args


def test_a_pico_2_gets_its_native_code_and_its_uf2_goes_to_its_rp2350_drive():
    r = flash("--board", "pico_oled", "--uf2", "--dry-run")
    assert r.returncode == 0, r.stderr
    assert "RPI_PICO-ROMFS.uf2" in r.stdout and "-march=armv6m" in r.stdout
    assert r.stdout.splitlines()[-1].endswith("to copy to its RPI-RP2 drive (BOOTSEL held while it is plugged in); "
                                              "nothing was done")
    r = flash("--board", "pico_oled", "--uf2", "--pico2", "--dry-run")
    assert r.returncode == 0, r.stderr
    assert "RPI_PICO2-ROMFS.uf2" in r.stdout and "-march=armv7emsp" in r.stdout and "armv6m" not in r.stdout
    last = r.stdout.splitlines()[-1]
    assert "for pico_oled (for a Pico 2)" in last and "RP2350 drive" in last and "RPI-RP2" not in last
    # without --uf2: the files with the Pico 2's native code, and said so
    r = flash("--board", "pico_display", "--pico2", "--dry-run", MPREMOTE="/bin/true")
    assert r.returncode == 0, r.stderr
    assert "-march=armv7emsp -s firmware.hal.gs4" in r.stdout and "armv6m" not in r.stdout
    assert r.stdout.splitlines()[-1] == "dry run: would flash pico_display (for a Pico 2) on auto; nothing was done"
    # where it can mean nothing: refused, and why
    r = flash("--board", "pico_display", "--pico2", "--source", "--dry-run")
    assert r.returncode == 2 and "with --source the board compiles it itself" in r.stderr and not r.stdout
    for args in (("--board", "esp32_tdisplay"), ("--board", "pybadge"), ()):
        r = flash(*args, "--pico2", "--dry-run")
        assert r.returncode == 2 and "--pico2 is for a board built on a Pico" in r.stderr, args
        assert "pico_lcd_114" in r.stderr and not r.stdout, args


def test_an_option_without_its_value_says_what_is_missing():
    for args, said in ((("--board",), "--board needs a board's name (boards: "),
                       (("--board", "--dry-run"), "--board needs a board's name"),
                       (("--dry-run", "--out"), "--out needs a directory"),
                       (("--port", "--board", "pico_oled"), "--port needs a device"),
                       (("--players",), "--players needs the names")):
        r = flash(*args)
        assert r.returncode == 2 and r.stderr.startswith("flash.sh: " + said), (args, r.stderr)
        assert "line " not in r.stderr and not r.stdout, args
    r = flash("--board")
    for b in BOARDS:
        assert b in r.stderr, b


def test_clear_errors():
    r = flash("--board", "pico_nope")
    assert r.returncode == 2 and "unknown board 'pico_nope'" in r.stderr
    assert r.stderr.split("(boards: ")[1].rstrip(")\n").split(", ") == BOARDS
    r = flash("--board", "pico_oled", "--port", "/dev/ttyACM0", MPREMOTE="/nonexistent/mpremote")
    assert r.returncode == 1 and "mpremote not found" in r.stderr
    r = flash("--board", "pico_oled", MPY_CROSS="/nonexistent/mpy-cross")
    assert r.returncode == 1 and "mpy-cross not found" in r.stderr
    r = flash("--board", "pico_oled", "--port", "/dev/nonexistent-tty", MPREMOTE="/bin/true")
    assert r.returncode == 1 and "no device found at /dev/nonexistent-tty" in r.stderr
    r = flash("--board", "pico_oled", MPREMOTE="/bin/true")     # `mpremote devs` lists nothing
    assert r.returncode == 1 and "no device found" in r.stderr
    r = flash("--board", "pybadge", "--port", "/nonexistent/CIRCUITPY")
    assert r.returncode == 1 and "no CIRCUITPY drive" in r.stderr
    r = flash("--port", "/dev/ttyACM0")
    assert r.returncode == 2 and "--port needs --board" in r.stderr


def test_romfs_puts_the_firmware_in_the_rom_partition_and_only_main_on_the_filesystem():
    r = flash("--board", "pico_oled", "--romfs", "--dry-run", "--port", "/dev/ttyACM0", MPREMOTE="/bin/true")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    build = [i for i, line in enumerate(lines) if "romfs --no-mpy -o out/flash/pico_oled/romfs.img build" in line]
    deploy = [i for i, line in enumerate(lines) if "romfs deploy out/flash/pico_oled/romfs.img" in line]
    remove = [i for i, line in enumerate(lines) if "remove firmware/, boards/, assets/" in line]
    assert build and deploy and remove and build[0] < deploy[0] < remove[0], r.stdout
    assert "cp board.json main.py :." in r.stdout and "cp -r firmware" not in r.stdout
    # a family or build that cannot run from ROMFS is refused before anything
    for args in (("--board", "virtual"), ("--board", "pybadge"), ("--board", "pico_oled", "--source"), ()):
        r = flash(*args, "--romfs", "--dry-run")
        assert r.returncode == 2 and "--romfs needs a MicroPython board" in r.stderr, args


def test_a_board_without_romfs_is_left_as_it_was(tmp_path):
    # an mpremote whose board has no ROM partition: the deploy fails, and
    # flash.sh stops before it removes or copies anything on the board
    log = tmp_path / "calls"
    fake = tmp_path / "mpremote"
    fake.write_text("#!/bin/sh\n"
                    "echo \"$*\" >> %s\n"
                    "case \"$*\" in\n"
                    "  *' build '*) out=''; prev=''; for a; do [ \"$prev\" = -o ] && out=$a; prev=$a; done; : > \"$out\" ;;\n"
                    "  *'romfs deploy'*) echo 'ROMFS is not enabled on this device'; exit 1 ;;\n"
                    "esac\n" % log)
    fake.chmod(0o755)
    r = flash("--board", "pico_oled", "--romfs", "--port", "ttyFAKE", "--out", str(tmp_path / "out"),
              MPREMOTE=str(fake))
    assert r.returncode == 1 and "took no ROMFS image" in r.stderr, r.stdout + r.stderr
    calls = log.read_text()
    assert "romfs deploy" in calls
    assert calls.splitlines()[-1] == "connect ttyFAKE romfs deploy %s" % (tmp_path / "out" / "romfs.img"), calls
    for step in ("mip", "exec", " cp ", "reset"):
        assert step not in calls, calls


def test_files_flashed_over_a_uf2_empty_the_rom_partition_first(tmp_path):
    # an mpremote whose board's ROM partition holds a main.py (a UF2 was
    # dropped on it): flash.sh deploys an empty image there before it
    # copies the files, or the image would go on starting instead of them
    # (a board that says nothing of it is left alone there: the dry runs)
    log = tmp_path / "calls"
    fake = tmp_path / "mpremote"
    fake.write_text("#!/bin/sh\n"
                    "echo \"$*\" >> %s\n"
                    "case \"$*\" in\n"
                    "  *' exec '*) echo 'the ROM partition holds main.py' ;;\n"
                    "  *' romfs deploy '*) ls -A \"$5\" >> %s ;;\n"
                    "esac\n" % (log, log))
    fake.chmod(0o755)
    # (--source: the sources copied, no compiling: the same steps on the board)
    r = flash("--board", "pico_oled", "--source", "--port", "ttyFAKE", "--out", str(tmp_path / "out"),
              MPREMOTE=str(fake))
    assert r.returncode == 0, r.stdout + r.stderr
    calls = log.read_text().splitlines()
    deploys = [i for i, c in enumerate(calls) if "romfs deploy" in c]
    copies = [i for i, c in enumerate(calls) if " cp " in c]
    assert len(deploys) == 1 and copies and deploys[0] < copies[0], calls
    # the folder deployed was empty (its listing, logged after the call, is no line)
    assert calls[deploys[0] + 1].startswith("connect "), calls


def tracked(*patterns):
    import fnmatch
    files = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    return sorted(f for f in files if any(fnmatch.fnmatch(f, p) for p in patterns) and os.path.exists(os.path.join(ROOT, f)))


def test_package_json_lists_the_firmware_profiles_and_assets():
    with open(os.path.join(ROOT, "package.json")) as f:
        pkg = json.load(f)
    urls = dict(pkg["urls"])
    assert urls.pop("main.py") == "firmware/main.py"
    for target, url in urls.items():
        assert target == url and os.path.isfile(os.path.join(ROOT, url)), url
    want = tracked("firmware/*.py", "boards/*.py", "assets/*/edition.json", "assets/lang/*.json", "firmware/games/*/lang/*.json",
                   "assets/fonts/*.fnt", "assets/fonts/LICENSE-*")
    # a game's host-side module (its key planner, random actions) is no board's
    host = [f for f in want if f.startswith("firmware/games/") and f.endswith("/host.py")]
    assert host and not set(host) & set(urls), host
    missing = sorted(set(want) - set(host) - set(urls))
    assert not missing, "package.json lacks %s: run ./flash.sh --package-json" % missing


class FolderTransport:
    """What mpremote's mip needs of a board, over a local folder."""

    def __init__(self, root):
        self.root = root

    def _p(self, path):
        return os.path.join(self.root, path)

    def fs_exists(self, path):
        return os.path.exists(self._p(path))

    def fs_mkdir(self, path):
        os.mkdir(self._p(path))

    def fs_writefile(self, path, data, progress_callback=None):
        with open(self._p(path), "wb") as f:
            f.write(data)

    def fs_hashfile(self, path, algo):
        raise FileNotFoundError(path)


def test_mip_install_of_package_json_boots(tmp_path):
    from mpremote import mip
    board = tmp_path / "board"
    board.mkdir()
    mip._install_json(FolderTransport(str(board)), os.path.join(ROOT, "package.json"), None, ".", None, False)
    assert (board / "firmware" / "app.py").exists() and (board / "assets" / "fonts" / "small.fnt").exists()
    run = subprocess.run([micropython(), "main.py"], cwd=str(board), input="", capture_output=True, text=True,
                         timeout=60)
    assert "no board.json" in run.stdout + run.stderr and "virtual" in run.stdout + run.stderr
    (board / "board.json").write_text('{"board": "virtual"}')
    run = subprocess.run([micropython(), "main.py"], cwd=str(board), input="jjq", capture_output=True, text=True,
                         timeout=60)
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.startswith("frame 1 null\n") and "Traceback" not in run.stdout, run.stdout


def test_staging_again_leaves_no_table_of_an_older_build(tmp_path):
    out = str(tmp_path / "stage")
    assert flash("--board", "pico_oled", "--stage", "--out", out).returncode == 0
    lang = os.path.join(out, "assets", "lang")
    assert sorted(os.listdir(lang)) == ["en.json", "es.json", "ru.json"]
    with open(os.path.join(lang, "en.json.gz"), "wb") as f:   # as an older build left it
        f.write(b"stale")
    with open(os.path.join(lang, "ru.json"), "w") as f:
        f.write('{\n"m.yes": "stale"\n}\n')
    assert flash("--board", "pico_oled", "--stage", "--out", out).returncode == 0
    assert sorted(os.listdir(lang)) == ["en.json", "es.json", "ru.json"]
    with open(os.path.join(lang, "ru.json"), "rb") as f, open(os.path.join(ROOT, "assets", "lang", "ru.json"), "rb") as g:
        assert f.read() == g.read()


def test_a_circuitpython_drive_gets_the_saved_games_volume_once_and_keeps_it(tmp_path):
    """flash.sh onto a CIRCUITPY drive (here a folder): after the firmware's
    files, saves.pad, saves/games.img at its full size and data/, the
    folder it is mounted on (firmware/hal/cp_saves.py); flashed again (an
    update), the firmware's files are copied again and the volume, with
    the games in it, is left as it was."""
    drive = tmp_path / "CIRCUITPY"
    drive.mkdir()
    out = str(tmp_path / "out")
    r = flash("--board", "pico_oled_cp", "--port", str(drive), "--out", out, CP_MPY_CROSS="/bin/false")
    assert r.returncode == 0, r.stdout + r.stderr
    img = drive / "saves" / "games.img"
    assert img.stat().st_size == (128 + 8) * 1024 and img.read_bytes() == bytes(img.stat().st_size)
    # the pad fills the rest of a 4 KB sector of the drive's clusters
    assert (drive / "saves.pad").stat().st_size == max(0, 4096 - os.statvfs(str(drive)).f_bsize)
    assert (drive / "data").is_dir() and (drive / "firmware" / "main.py").is_file()
    games = b"a volume with games in it" + bytes(img.stat().st_size - 25)
    img.write_bytes(games)
    (drive / "firmware" / "main.py").write_text("an older firmware")
    r = flash("--board", "pico_oled_cp", "--port", str(drive), "--out", out, CP_MPY_CROSS="/bin/false")
    assert r.returncode == 0, r.stdout + r.stderr
    assert img.read_bytes() == games
    assert (drive / "firmware" / "main.py").read_text() != "an older firmware"
    assert "%s/saves.pad" % drive not in r.stdout and "%s/saves/" % drive not in r.stdout
