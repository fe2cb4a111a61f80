#!/usr/bin/env bash
# In-process throughput of the Python package (python/) beside the command line's and the Python
# peers', in one run, uniqueness proven everywhere: solve_many over Royle's 49,151 17-clue 9x9s
# (the file as one input, and a string per puzzle) against `mipsolve sudoku --check-unique -q`
# on the same file, one job and two (medians of three runs); then, on a sample of 1,004 of
# them (every 49th), the command line, solve_many and solve() once per puzzle beside PuLP+CBC,
# highspy and CP-SAT (../shared/peers, one thread each), which would take minutes to an hour
# on the whole set. Prints a Markdown table of seconds and µs a puzzle (bench/python_bench.py).
# Usage: bash bench/python.sh [--peers PYTHON]   (PYTHON: a venv with ../shared/peers installed)
# The package is built in release (maturin build, sharing target/) and installed into the
# virtual environment target/py-bench-venv.
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/setup.sh "$@"
TMP=$(mktemp -d); trap 'rm -rf "$TMP"' EXIT
TARGET=$(realpath -m "${CARGO_TARGET_DIR:-target}")
VENV=$TARGET/py-bench-venv
"$VENV/bin/python" -c '' 2>/dev/null || python3 -m venv --clear "$VENV"
"$VENV/bin/pip" install --quiet --disable-pip-version-check maturin==1.16.0
(cd python && CARGO_TARGET_DIR="$TARGET" "$VENV/bin/maturin" build --release --quiet \
  --interpreter "$VENV/bin/python" --out "$TMP/wheel")
"$VENV/bin/pip" install --quiet --disable-pip-version-check --force-reinstall --no-deps \
  "$TMP"/wheel/mipsolve-*.whl
awk 'NR % 49 == 1' "$PUB/sudoku-17clue-royle.txt" > "$TMP/sample.txt"
"$VENV/bin/python" bench/python_bench.py --bin "$BIN" --royle "$PUB/sudoku-17clue-royle.txt" \
  --sample "$TMP/sample.txt" ${PEERS_PY:+--peers "$PEERS_PY"}
