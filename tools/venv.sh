# Sourced by ./simulate and ./test: make .venv with what the project needs,
# reinstalling only when pyproject.toml changed.  pip's output goes to
# .venv/pip.log and is shown only if the install fails.
set -eu
cd "$(dirname "$0")"
PY=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
    "$PY" -m venv .venv
fi
stamp=.venv/.installed-$1
if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
    target=.
    [ "$1" = test ] && target=".[test]"
    echo "setting up .venv ($1)..." >&2
    # test: the MicroPython stubs go apart from CPython's packages (pyrightconfig.json)
    stubs=true
    [ "$1" = test ] && stubs=".venv/bin/python -m pip install --upgrade --target .venv/mpy-stubs micropython-rp2-rpi-pico-stubs==1.29.0.post1"
    if ! { .venv/bin/python -m pip install --upgrade pip \
           && .venv/bin/python -m pip install -e "$target" && $stubs; } > .venv/pip.log 2>&1; then
        cat .venv/pip.log >&2
        echo "installing into .venv failed (see above)" >&2
        exit 1
    fi
    touch "$stamp"
fi
# test: the virtual Pico's emulator (rp2040js, pinned in vpico/package-lock.json)
if [ "$1" = test ]; then
    npm_stamp=vpico/node_modules/.installed
    if [ ! -f "$npm_stamp" ] || [ vpico/package-lock.json -nt "$npm_stamp" ]; then
        echo "installing the virtual Pico's emulator (npm ci)..." >&2
        if ! PATH="$PWD/.venv/bin:$PATH" .venv/bin/npm ci --prefix vpico --no-audit --no-fund > .venv/npm.log 2>&1; then
            cat .venv/npm.log >&2
            echo "npm ci in vpico/ failed (see above)" >&2
            exit 1
        fi
        touch "$npm_stamp"
    fi
fi
# test: the virtual-board tests need socat (a serial port for the MicroPython unix port and the virtual Pico)
if [ "$1" = test ] && ! command -v socat >/dev/null 2>&1; then
    if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
        echo "installing socat..." >&2
        { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq socat; } > .venv/apt.log 2>&1 \
            || { cat .venv/apt.log >&2; echo "installing socat failed (see above)" >&2; exit 1; }
    else
        echo "socat is missing: install it (Debian: apt-get install socat) for the virtual-board test" >&2
    fi
fi
