#!/usr/bin/env bash
# Deadlines under load: each command below runs with --time-limit T (default 2) while two
# other mipsolve processes keep both cores busy, and its whole wall time (start, reading,
# building, search, writing, exit) is set against T + 0.25 s. Prints a Markdown table (the
# slowest of R runs, default 3, per command) and how many commands overran.
# Usage: bash bench/deadline.sh [T] [R]
set -euo pipefail
cd "$(dirname "$0")/.."
LIMIT=${1:-2}
RUNS=${2:-3}
cargo build --quiet --release
BIN=target/release/mipsolve
TMP=$(mktemp -d)
LOAD=()
cleanup() { kill "${LOAD[@]}" 2>/dev/null || true; rm -rf "$TMP"; }
trap cleanup EXIT
empty() { python3 -c "import sys; n = int(sys.argv[1]); print('\n'.join(['.' * n] * n))" "$1"; }
empty 64 > "$TMP/takuzu64.txt"
empty 25 > "$TMP/sudoku25.txt"
empty 36 > "$TMP/sudoku36.txt"
# The load: two counts of a 64x64 Takuzu's solutions, which run far past any limit here.
for _ in 1 2; do
    "$BIN" takuzu --count 100000000 --time-limit 600 -q "$TMP/takuzu64.txt" > /dev/null 2>&1 &
    LOAD+=($!)
done
sleep 1
COMMANDS=(
    "takuzu $TMP/takuzu64.txt"
    "takuzu --check-unique $TMP/takuzu64.txt"
    "takuzu --count 1000000 $TMP/takuzu64.txt"
    "sudoku --check-unique $TMP/sudoku25.txt"
    "sudoku --check-unique $TMP/sudoku36.txt"
    "sudoku --candidates $TMP/sudoku25.txt"
    "sudoku --repair $TMP/sudoku25.txt"
    "sudoku --count 1000000 --format json $TMP/sudoku25.txt"
    "sudoku --check-unique ../shared/puzzles-public/sudoku-gecode/gecode-sudoku-27-25.txt"
    "generate sudoku --size 25 --minimal"
)
echo "| command (--time-limit $LIMIT, both cores loaded) | slowest of $RUNS, s | over $LIMIT + 0.25 s |"
echo "|---|---|---|"
over=0
for cmd in "${COMMANDS[@]}"; do
    worst=0
    for _ in $(seq "$RUNS"); do
        start=$(date +%s.%N)
        # shellcheck disable=SC2086
        "$BIN" $cmd --time-limit "$LIMIT" -q > /dev/null 2>&1 || true
        end=$(date +%s.%N)
        worst=$(python3 -c "print(max($worst, $end - $start))")
    done
    end_ok=$(python3 -c "print('no' if $worst <= $LIMIT + 0.25 else 'yes')")
    [ "$end_ok" = yes ] && over=$((over + 1))
    printf '| `%s` | %.2f | %s |\n' "${cmd//$TMP\//}" "$worst" "$end_ok"
done
echo
echo "overran: $over of ${#COMMANDS[@]}"
