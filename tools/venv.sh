# Sourced by ./simulate and ./test: make .venv with what the project needs,
# reinstalling only when pyproject.toml changed.
set -eu
cd "$(dirname "$0")"
PY=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
    "$PY" -m venv .venv
fi
stamp=.venv/.installed-$1
if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
    .venv/bin/python -m pip install --quiet --upgrade pip
    if [ "$1" = test ]; then
        .venv/bin/python -m pip install --quiet -e ".[test]"
    else
        .venv/bin/python -m pip install --quiet -e .
    fi
    touch "$stamp"
fi
