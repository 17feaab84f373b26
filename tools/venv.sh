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
    if ! { .venv/bin/python -m pip install --upgrade pip \
           && .venv/bin/python -m pip install -e "$target"; } > .venv/pip.log 2>&1; then
        cat .venv/pip.log >&2
        echo "installing into .venv failed (see above)" >&2
        exit 1
    fi
    touch "$stamp"
fi
