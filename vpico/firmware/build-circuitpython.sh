#!/usr/bin/env bash
# Build CircuitPython for the Raspberry Pi Pico (raspberry_pi_pico) from its
# tagged release 10.2.1, unmodified, with only the submodules its RP2040
# port needs, each at the commit the tag pins.
#
#   vpico/firmware/build-circuitpython.sh WORKDIR
#
# WORKDIR (outside this repository) receives the sources and the build; the
# UF2 ends in WORKDIR/circuitpython/ports/raspberrypi/build-raspberry_pi_pico/
# firmware.uf2 (vpico/firmware/adafruit-circuitpython-raspberry_pi_pico-
# en_US-10.2.1.uf2), CircuitPython's mpy-cross in WORKDIR/circuitpython/
# mpy-cross/build-static/mpy-cross.static (mpy-cross-circuitpython-10.2.1).  Needs git, make, Python 3 with the packages below, and
# Debian's gcc-arm-none-eabi and libnewlib-arm-none-eabi.
#
# Each repository is fetched from GitHub at its pinned commit; GIT_MIRROR
# names a folder of local git directories instead ("OWNER+NAME/repo" in it,
# as a mirror keeps them).
#
# CircuitPython 10 needs GCC 14 or newer (py/circuitpy_mpconfig.h refuses
# older ones): Debian 13's gcc-arm-none-eabi 14.2.rel1.  On an older Debian,
# build in a Debian 13 chroot (debootstrap --variant=minbase trixie DIR, with
# gcc-arm-none-eabi libnewlib-arm-none-eabi make cmake g++ git python3-venv).
# Python packages the RP2040 build imports: cascadetoml jinja2 typer polib
# "click<8.2.0" intelhex pyelftools (of its requirements-dev.txt).
set -eu
work=${1:?usage: build-circuitpython.sh WORKDIR}
mkdir -p "$work"
work=$(cd "$work" && pwd)
src=$work/circuitpython

# path in the tree, repository, commit (the tag 10.2.1's gitlinks)
PINS="
. adafruit/circuitpython bcfcb511352652d7cb62d3b415e4a624380f1830
ports/raspberrypi/sdk raspberrypi/pico-sdk a1438dff1d38bd9c65dbd693f0e5db4b9ae91779
lib/tinyusb hathach/tinyusb c1bf19ed6cf1eaa791f221c1bc5ce4b3d069f76d
extmod/ulab v923z/micropython-ulab 1d3ddd8f5228e2c7335dac71f4846e6abb0ec9f9
lib/adafruit_floppy adafruit/Adafruit_Floppy a20190fb04d14197dcc2b578d54ce0ba9223f525
lib/mbedtls Mbed-TLS/mbedtls 981743de6fcdbe672e482b6fd724d31d0a0d2476
lib/mp3 adafruit/Adafruit_MP3 aac02afd9f24d2ee930f650156654ab9211a306a
lib/protomatter adafruit/Adafruit_Protomatter f83bac7e421077812523fddb83d3e25f29753315
lib/quirc adafruit/quirc 8c6ffa228a4c7643daed7039d3c51d38a43991b8
lib/tlsf espressif/tlsf ea82911f4c7180f351bb17491b6bcb450e7ad812
data/nvm.toml adafruit/nvm.toml 8bca037b052a4a4dc46a56a25a1b802652ee3f47
tools/huffman tannewt/huffman 27b1bba76198a0b343f694a6d680b5293d1c56aa
tools/bitmap_font adafruit/Adafruit_CircuitPython_BitmapFont 62dd78abdd0b823824fe15d1bab0611246145c23
tools/uf2 microsoft/uf2 27e322fcdcc6eee0642242638d4f2557efb32559
ports/raspberrypi/lib/Pico-PIO-USB sekigon-gonnoc/Pico-PIO-USB 675543bcc9baa8170f868ab7ba316d418dbcf41f
ports/raspberrypi/lib/PicoDVI circuitpython/PicoDVI 987cc88a70fc7d2280bdf32428f12d42b7ea7c43
"

unpack() {  # PATH REPO COMMIT: the repository's tree at COMMIT into $src/PATH
    local dst=$src/$1 repo=$2 commit=$3 gitdir
    mkdir -p "$dst"
    if [ -n "${GIT_MIRROR:-}" ]; then
        gitdir=$GIT_MIRROR/${repo/\//+}/repo
        [ -d "$gitdir/.git" ] && gitdir=$gitdir/.git
    else
        gitdir=$work/git/${repo/\//+}
        if [ ! -d "$gitdir" ]; then
            git init -q --bare "$gitdir"
            git --git-dir="$gitdir" remote add origin "https://github.com/$repo.git"
        fi
        git --git-dir="$gitdir" fetch -q --depth 1 origin "$commit"
    fi
    # the commit's tree through an index of its own, less what is left
    # out: of CircuitPython's own tree the other ports (only the RP2040's
    # is built), and any file a mirror lacks (some keep their largest
    # files out: the RP2350's SVD file, other ports' prebuilt libraries)
    local index=$work/index.$$
    GIT_INDEX_FILE=$index git --git-dir="$gitdir" read-tree "$commit"
    if [ "$1" = . ]; then
        for p in $(git --git-dir="$gitdir" ls-tree --name-only "$commit" ports/); do
            [ "$p" = ports/raspberrypi ] || GIT_INDEX_FILE=$index git --git-dir="$gitdir" rm -r -q --cached "$p"
        done
    fi
    GIT_INDEX_FILE=$index git --git-dir="$gitdir" ls-files -s | while read -r mode obj stage path; do
        [ "$mode" = 160000 ] && continue
        if ! git --git-dir="$gitdir" cat-file -e "$obj" 2>/dev/null; then
            echo "  not in the mirror, left out: $path"
            GIT_INDEX_FILE=$index git --git-dir="$gitdir" rm -q --cached "$path"
        fi
    done
    # gitlinks (the submodules) are not files: checkout-index skips them
    GIT_INDEX_FILE=$index git --git-dir="$gitdir" --work-tree="$dst" checkout-index -a -f
    rm -f "$index"
}

if [ ! -f "$src/.unpacked" ]; then
    rm -rf "$src"
    echo "$PINS" | while read -r path repo commit; do
        [ -n "$path" ] || continue
        echo "unpack $repo $commit -> $path"
        unpack "$path" "$repo" "$commit"
    done
    # the build reads its version from git: a repository at the tag
    git -C "$src" init -q
    git -C "$src" -c user.name=build -c user.email=build@localhost commit -q --allow-empty -m 10.2.1
    git -C "$src" tag 10.2.1
    touch "$src/.unpacked"
fi

cd "$src"
# the build date in the banner: the tag's, so that a build made on
# another day is the same image byte for byte
export SOURCE_DATE_EPOCH=1778618352
make -C mpy-cross -j"${JOBS:-2}"
make -C ports/raspberrypi BOARD=raspberry_pi_pico TRANSLATION=en_US -j"${JOBS:-2}"
# CircuitPython's mpy-cross as a static program (flash.sh compiles the
# firmware with it: CircuitPython reads no other .mpy)
make -C mpy-cross -f Makefile.static -j"${JOBS:-2}"
sha256sum ports/raspberrypi/build-raspberry_pi_pico/firmware.uf2 mpy-cross/build-static/mpy-cross.static
