#!/usr/bin/env bash
# Rebuilds the MicroPython firmware images of this folder from their sources:
#
#   micropython-v1.28.0-RPI_PICO-ROMFS.uf2    Raspberry Pi Pico (RP2040)
#   micropython-v1.28.0-RPI_PICO2-ROMFS.uf2   Raspberry Pi Pico 2 (RP2350, Arm cores)
#
# Each is MicroPython v1.28.0 for that board, small changes made to three of
# its sources (py/qstr.c: how large a new pool of interned names is;
# ports/rp2/qstrdefsport.h and mpconfigport.h: the companion's names, no FAT;
# below), built for a board folder copied from ports/rp2/boards/BOARD with
# these additions:
#   - a ROM partition (ROMFS) of 640 KiB right below the filesystem
#     (`#define MICROPY_HW_ROMFS_BYTES`): mounted at /rom, the code in it
#     run in place from flash.  It starts where the builds before had their
#     ROM partition of 288 KiB (the flash between the firmware and the
#     official firmware's filesystem) and takes the first 352 KiB of that
#     filesystem, which is as much smaller (MICROPY_HW_FLASH_STORAGE_BYTES:
#     1056 KiB on a Pico, 2720 KiB on a Pico 2);
#   - frozen/_boot.py in place of the port's: it mounts the filesystem as
#     the port's does, and at the first boot after an update from a build
#     with the ROM partition of 288 KiB (or from the official firmware,
#     whose filesystem starts at the same place), moves the files of the
#     filesystem there (saved games) to the filesystem's new place, by way
#     of a copy in the ROM partition's free blocks, so that a power cut
#     during the move loses none of them: a UF2 whose ROM image is at
#     most 288 KiB leaves that filesystem whole;
#     frozen/main.py: at boot it runs the ROM partition's /rom/main.py if
#     there is one, else the filesystem's main.py as the official firmware
#     does (frozen/manifest.py: the port's other frozen modules);
#   - the names the companion's code uses in the firmware's own pool of
#     names (frozen/names.h, written by tools/qstrnames.py, appended to the
#     port's qstrdefsport.h): a board finds them in flash rather than
#     interning each into a pool in its heap, which every lookup of a name
#     searches an entry at a time; and no FAT filesystem (MICROPY_VFS_FAT,
#     the port's frozen _boot_fat.py left out), whose code the names take
#     the room of (README.md);
#   - MICROPY_QSTR_POOL_MAX (640) and _STEP (256): MicroPython makes each
#     new pool of interned names twice as large as the last (20, 40, ...
#     640 entries, then 1,280: one block of about 8 KB), and stops with a
#     MemoryError where the heap has no block that big; at the end of a
#     long game a heap cut up by play had none, and the board stopped there
#     (BENCHMARKS.md, *A long evening*).  Here the pools grow as MicroPython
#     grows them up to 640 entries (1,260 names in all: a game's boot), each
#     one after takes 256 entries (under 2 KB), and where the heap has no
#     block for a new pool, the pool is made half as large, and half again,
#     down to 10 entries.  (Pools of 256 from the start left a 96 KB
#     boot-and-play game short of a later pool's block.)
#
#   dist/build-micropython.sh [--out DIR] [--work DIR] [--src DIR] [--jobs N] [BOARD...]
#
# BOARD: RPI_PICO and RPI_PICO2 (the default: both).  --out: where the
# images, SHA256SUMS and the licences go (default: this folder).  --work: the
# build folder (default: a new temporary one, removed at the end).  --src: a
# folder with the sources already laid out as the fetch below lays them out
# (micropython/ with lib/pico-sdk, lib/tinyusb, lib/mbedtls and
# lib/micropython-lib in it, and picotool/), instead of fetching them.
#
# Needs: git, make, cmake, python3, a C compiler and the Arm toolchain
# (Debian: apt-get install git make cmake python3 build-essential
# gcc-arm-none-eabi libnewlib-arm-none-eabi), and the network: the sources
# are fetched from GitHub at the commits below (MICROPYTHON_URL, PICO_SDK_URL,
# TINYUSB_URL, MBEDTLS_URL, MICROPYTHON_LIB_URL and PICOTOOL_URL name other
# places).  It takes about a minute a board on 2 cores.
#
# The build is reproducible: the version and date MicroPython prints are the
# tag's (MICROPY_GIT_TAG, SOURCE_DATE_EPOCH), so the same sources give the
# same images, whatever the day and folder (compare with SHA256SUMS).
#
# To move to a new MicroPython release: set MICROPYTHON_TAG and _COMMIT, and
# the submodule commits that release pins (`git ls-tree TAG lib/` in its
# repository; the script stops if they differ), and the picotool release
# its pico-sdk goes with; build, test, commit the images and SHA256SUMS.
set -euo pipefail

MICROPYTHON_TAG=v1.28.0
MICROPYTHON_COMMIT=e0e9fbb17ed6fd06bb76e266ae554784c9c80804
MICROPYTHON_DATE=1775481169          # the tag's commit time (2026-04-06)
# the submodules v1.28.0 pins (lib/pico-sdk is Pico SDK 2.2.0)
PICO_SDK_COMMIT=a1438dff1d38bd9c65dbd693f0e5db4b9ae91779
TINYUSB_COMMIT=aa0fc2e08f1c2dd6f026a431e8989357fbb4c5bf
MBEDTLS_COMMIT=107ea89daaefb9867ea9121002fbbdf926780e98
MICROPYTHON_LIB_COMMIT=8380c7bb8f9e5e5260e9539156742925e00366b2
# picotool 2.2.0 (the SDK's build of a UF2 needs it; built without libusb)
PICOTOOL_COMMIT=a7eb3988f0645239185fadb4e25d8279478c2dbb

MICROPYTHON_URL=${MICROPYTHON_URL:-https://github.com/micropython/micropython}
PICO_SDK_URL=${PICO_SDK_URL:-https://github.com/raspberrypi/pico-sdk}
TINYUSB_URL=${TINYUSB_URL:-https://github.com/hathach/tinyusb}
MBEDTLS_URL=${MBEDTLS_URL:-https://github.com/Mbed-TLS/mbedtls}
MICROPYTHON_LIB_URL=${MICROPYTHON_LIB_URL:-https://github.com/micropython/micropython-lib}
PICOTOOL_URL=${PICOTOOL_URL:-https://github.com/raspberrypi/picotool}

ROMFS_KIB=640
# the ROM partition of the builds before (frozen/_boot.py moves the
# filesystem they left 288 KiB into today's)
ROMFS_KIB_BEFORE=288

here=$(cd "$(dirname "$0")" && pwd)
out=$here
work=""
src=""
jobs=$(nproc 2>/dev/null || echo 2)
boards=()
while [ $# -gt 0 ]; do
    case "$1" in
        --out) shift; out=$(mkdir -p "$1" && cd "$1" && pwd) ;;
        --work) shift; work=$1 ;;
        --src) shift; src=$(cd "$1" && pwd) ;;
        --jobs) shift; jobs=$1 ;;
        -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        RPI_PICO|RPI_PICO2) boards+=("$1") ;;
        *) echo "build-micropython.sh: unknown argument $1 (boards: RPI_PICO RPI_PICO2)" >&2; exit 2 ;;
    esac
    shift
done
[ ${#boards[@]} -gt 0 ] || boards=(RPI_PICO RPI_PICO2)
for tool in git make cmake python3 arm-none-eabi-gcc; do
    command -v "$tool" >/dev/null || { echo "build-micropython.sh: $tool is missing (see the top of this script)" >&2; exit 1; }
done
if [ -z "$work" ]; then
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
fi
mkdir -p "$work"
work=$(cd "$work" && pwd)

# ------------------------------------------------------------ the sources
fetch() {  # URL COMMIT DIR [TAG]: DIR checked out at COMMIT
    local url=$1 commit=$2 dir=$3 tag=${4:-}
    echo "fetch $url $commit"
    git init -q "$dir"
    if [ -n "$tag" ]; then
        git -C "$dir" fetch -q --depth 1 "$url" "refs/tags/$tag:refs/tags/$tag"
        git -C "$dir" -c advice.detachedHead=false checkout -q "$tag"
    else
        git -C "$dir" fetch -q --depth 1 "$url" "$commit"
        git -C "$dir" -c advice.detachedHead=false checkout -q FETCH_HEAD
    fi
    if [ "$(git -C "$dir" rev-parse HEAD)" != "$commit" ]; then
        echo "build-micropython.sh: $url gave $(git -C "$dir" rev-parse HEAD), not $commit" >&2
        exit 1
    fi
}
if [ -z "$src" ]; then
    src=$work/src
    mp=$src/micropython
    fetch "$MICROPYTHON_URL" "$MICROPYTHON_COMMIT" "$mp" "$MICROPYTHON_TAG"
    # the submodule commits above are the ones this MicroPython pins
    for sub in pico-sdk:$PICO_SDK_COMMIT tinyusb:$TINYUSB_COMMIT mbedtls:$MBEDTLS_COMMIT \
               micropython-lib:$MICROPYTHON_LIB_COMMIT; do
        pinned=$(git -C "$mp" ls-tree HEAD "lib/${sub%%:*}" | awk '{print $3}')
        if [ "$pinned" != "${sub#*:}" ]; then
            echo "build-micropython.sh: $MICROPYTHON_TAG pins lib/${sub%%:*} at $pinned, not ${sub#*:}" >&2
            exit 1
        fi
    done
    rmdir "$mp/lib/pico-sdk" "$mp/lib/tinyusb" "$mp/lib/mbedtls" "$mp/lib/micropython-lib" 2>/dev/null || true
    fetch "$PICO_SDK_URL" "$PICO_SDK_COMMIT" "$mp/lib/pico-sdk"
    fetch "$TINYUSB_URL" "$TINYUSB_COMMIT" "$mp/lib/tinyusb"
    fetch "$MBEDTLS_URL" "$MBEDTLS_COMMIT" "$mp/lib/mbedtls"
    fetch "$MICROPYTHON_LIB_URL" "$MICROPYTHON_LIB_COMMIT" "$mp/lib/micropython-lib"
    fetch "$PICOTOOL_URL" "$PICOTOOL_COMMIT" "$src/picotool"
fi
mp=$src/micropython
for f in "$mp/py/mpconfig.h" "$mp/lib/pico-sdk/pico_sdk_init.cmake" "$mp/lib/tinyusb/src/tusb.h" \
         "$mp/lib/mbedtls/include/mbedtls/version.h" "$mp/lib/micropython-lib/README.md" "$src/picotool/CMakeLists.txt"; do
    [ -f "$f" ] || { echo "build-micropython.sh: the sources lack $f" >&2; exit 1; }
done

# ------------------------------------------------------------ the changes to the sources
# a new pool of interned names: MICROPY_QSTR_POOL_STEP entries once doubling
# the last would pass MICROPY_QSTR_POOL_MAX, and after a pool of that step,
# where the board defines them (the header above: MicroPython's own sizes,
# 20 times a power of two, are never 256); done once, on fetched or given
# sources
if ! grep -q MICROPY_QSTR_POOL_MAX "$mp/py/qstr.c"; then
    python3 - "$mp/py/qstr.c" <<'PY'
import sys
p = sys.argv[1]
s = open(p).read()


def after(line, lines):
    """The lines put after the one line of py/qstr.c that is `line`."""
    global s
    if s.count(line) != 1:
        sys.exit("build-micropython.sh: py/qstr.c is not the one the change was made for")
    s = s.replace(line, line + "".join(" " * 8 + x + "\n" for x in lines))


# the size of a new pool
after("        size_t new_alloc = MP_STATE_VM(last_pool)->alloc * 2;\n", [
    "#ifdef MICROPY_QSTR_POOL_MAX",
    "if (new_alloc > MICROPY_QSTR_POOL_MAX",
    "    || MP_STATE_VM(last_pool)->alloc == MICROPY_QSTR_POOL_STEP) {",
    "    new_alloc = MICROPY_QSTR_POOL_STEP;",
    "}",
    "#endif"])
# and where the heap has no block for it, a smaller pool: half, and half
# again, down to MicroPython's smallest (10 entries)
after("        qstr_pool_t *pool = (qstr_pool_t *)m_malloc_maybe(pool_size);\n", [
    "#ifdef MICROPY_QSTR_POOL_MAX",
    "while (pool == NULL && new_alloc > MICROPY_ALLOC_QSTR_ENTRIES_INIT) {",
    "    size_t entry = (pool_size - sizeof(qstr_pool_t)) / new_alloc;",
    "    new_alloc = MAX(MICROPY_ALLOC_QSTR_ENTRIES_INIT, new_alloc / 2);",
    "    pool_size = sizeof(qstr_pool_t) + entry * new_alloc;",
    "    pool = (qstr_pool_t *)m_malloc_maybe(pool_size);",
    "}",
    "#endif"])
open(p, "w").write(s)
PY
fi

# the companion's names in the firmware's own pool of names (frozen/names.h,
# tools/qstrnames.py): appended to the port's qstrdefsport.h as the sources
# have it (kept aside the first time, so that sources given again get them
# once); and no FAT filesystem (a Pico's is littlefs), whose code the names
# take the room of
port_q=$mp/ports/rp2/qstrdefsport.h
[ -f "$port_q.port" ] || cp "$port_q" "$port_q.port"
cat "$port_q.port" "$here/frozen/names.h" > "$port_q"
sed -i 's/^\(#define MICROPY_VFS_FAT  *\)(1)$/\1(0)/' "$mp/ports/rp2/mpconfigport.h"
grep -q '^#define MICROPY_VFS_FAT  *(0)$' "$mp/ports/rp2/mpconfigport.h" \
    || { echo "build-micropython.sh: ports/rp2/mpconfigport.h does not set MICROPY_VFS_FAT as expected" >&2; exit 1; }

# the version MicroPython reports is the tag's, whether or not the sources are a git checkout
export MICROPY_GIT_TAG=$MICROPYTHON_TAG MICROPY_GIT_HASH=${MICROPYTHON_COMMIT:0:9} SOURCE_DATE_EPOCH=$MICROPYTHON_DATE

# ------------------------------------------------------------ the tools
echo "build mpy-cross"
make -s -C "$mp/mpy-cross" -j"$jobs" >"$work/mpy-cross.log" 2>&1 || { tail -30 "$work/mpy-cross.log" >&2; exit 1; }
echo "build picotool"
{
    cmake -S "$src/picotool" -B "$work/picotool-build" -DPICO_SDK_PATH="$mp/lib/pico-sdk" -DPICOTOOL_NO_LIBUSB=1 \
        -DPICOTOOL_FLAT_INSTALL=1 -DCMAKE_INSTALL_PREFIX="$work/picotool" -DCMAKE_BUILD_TYPE=Release
    cmake --build "$work/picotool-build" -j"$jobs"
    cmake --install "$work/picotool-build"
} >"$work/picotool.log" 2>&1 || { tail -30 "$work/picotool.log" >&2; exit 1; }

# ------------------------------------------------------------ the boards
# ports/rp2/boards/manifest.py of v1.28.0, which frozen/manifest.py follows
port_manifest='freeze("$(PORT_DIR)/modules")
include("$(MPY_DIR)/extmod/asyncio")
require("onewire")
require("ds18x20")
require("dht")
require("neopixel")'
for board in "${boards[@]}"; do
    echo "build $board with a ROM partition of $ROMFS_KIB KiB"
    # the board folder: BOARD_ROMFS, its name "... (ROMFS)" (what the REPL's
    # banner and sys.implementation._build say)
    bdir=$work/boards/${board}_ROMFS
    rm -rf "$bdir"
    mkdir -p "$(dirname "$bdir")"
    cp -r "$mp/ports/rp2/boards/$board" "$bdir"
    sed -i 's/\(MICROPY_HW_BOARD_NAME *"[^"]*\)"/\1 (ROMFS)"/' "$bdir/mpconfigboard.h"
    # the filesystem: the official one's less what the ROM partition takes
    # past its old 288 KiB
    grep -q '^#define MICROPY_HW_FLASH_STORAGE_BYTES ' "$bdir/mpconfigboard.h" \
        || { echo "build-micropython.sh: $board's mpconfigboard.h does not set MICROPY_HW_FLASH_STORAGE_BYTES" >&2; exit 1; }
    sed -i 's/^#define MICROPY_HW_FLASH_STORAGE_BYTES /#define MICROPY_HW_FLASH_STORAGE_BYTES_OFFICIAL /' "$bdir/mpconfigboard.h"
    printf '\n// a ROM partition below the filesystem (mounted at /rom), the filesystem as much smaller\n#define MICROPY_HW_ROMFS_BYTES (%d * 1024)\n#define MICROPY_HW_FLASH_STORAGE_BYTES (MICROPY_HW_FLASH_STORAGE_BYTES_OFFICIAL - %d * 1024)\n' \
        "$ROMFS_KIB" "$((ROMFS_KIB - ROMFS_KIB_BEFORE))" >> "$bdir/mpconfigboard.h"
    printf '\n// pools of interned names: past 640 entries, 256 a pool (py/qstr.c, changed above)\n#define MICROPY_QSTR_POOL_MAX (640)\n#define MICROPY_QSTR_POOL_STEP (256)\n' \
        >> "$bdir/mpconfigboard.h"
    # the board folder's manifest: the port's frozen modules, our _boot.py
    # and main.py (frozen/manifest.py names the port's manifest's lines:
    # it must be the one they were taken from)
    [ "$(cat "$mp/ports/rp2/boards/manifest.py")" = "$port_manifest" ] && [ "$(ls "$mp/ports/rp2/modules")" = "$(printf '_boot.py\n_boot_fat.py\nrp2.py')" ] \
        || { echo "build-micropython.sh: ports/rp2's frozen modules are not those frozen/manifest.py was made for" >&2; exit 1; }
    printf '\nset(MICROPY_FROZEN_MANIFEST ${MICROPY_BOARD_DIR}/manifest.py)\n' >> "$bdir/mpconfigboard.cmake"
    cp "$here/frozen/manifest.py" "$here/frozen/_boot.py" "$here/frozen/main.py" "$bdir/"
    build=$work/build-$board
    # (picotool through CMAKE_PREFIX_PATH: a CMAKE_ARGS=... on make's
    # command line would replace the Makefile's own, the board's manifest
    # among them)
    CMAKE_PREFIX_PATH=$work/picotool make -C "$mp/ports/rp2" BOARD_DIR="$bdir" BUILD="$build" -j"$jobs" \
        >"$work/$board.log" 2>&1 || { tail -40 "$work/$board.log" >&2; exit 1; }
    for f in main.py _boot.py; do
        grep -q "\"$f\\\\0\"" "$build/frozen_content.c" \
            || { echo "build-micropython.sh: $f was not frozen into $board" >&2; exit 1; }
    done
    grep -q "MP_QSTR_keep_builtins" "$build/genhdr/qstrdefs.generated.h" \
        || { echo "build-micropython.sh: frozen/names.h did not reach $board's pool of names" >&2; exit 1; }
    image=micropython-$MICROPYTHON_TAG-$board-ROMFS.uf2
    cp "$build/firmware.uf2" "$out/$image"
    # the firmware must end below the ROM partition (v1.28.0 does not check it)
    python3 "$here/../tools/uf2.py" check "$out/$image" --firmware-end \
        "0x$(arm-none-eabi-nm "$build/firmware.elf" | awk '$3 == "__flash_binary_end" {print $1}')"
done

# ------------------------------------------------------------ licences and checksums
cp "$mp/LICENSE" "$out/LICENSE-micropython"
cp "$mp/lib/pico-sdk/LICENSE.TXT" "$out/LICENSE-pico-sdk"
cp "$mp/lib/tinyusb/LICENSE" "$out/LICENSE-tinyusb"
cp "$mp/lib/mbedtls/LICENSE" "$out/LICENSE-mbedtls"
cp "$mp/lib/micropython-lib/LICENSE" "$out/LICENSE-micropython-lib"
(cd "$out" && sha256sum micropython-*-ROMFS.uf2 > SHA256SUMS && cat SHA256SUMS)
