#!/usr/bin/env bash
# f-puzzles links: the real setters' puzzles of puzzles/sudoku/fpuzzles-*.txt, the 57 public
# links of the shared collection (janko Killer, Jigsaw, X) and the rule fixtures of
# tests/fixtures/fpuzzles/, each solved on its own with --check-unique; prints per set the
# puzzles and the median and max seconds per puzzle (mipsolve: the whole process), and the same for CP-SAT
# (bench/cpsat_fpuzzles.py, one worker, counting up to 2 solutions; its reading, model and solve
# per puzzle, Python's start and imports left out) when its Python is given.
# Usage: bash bench/fpuzzles.sh [--peers /path/to/python-with-ortools-and-lzstring]
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/setup.sh
PY=""
[ "${1:-}" = "--peers" ] && PY=${2:?python with ortools and lzstring}
summary() { # name, then seconds one per line on stdin
  python3 -c '
import statistics, sys
name = sys.argv[1]
t = sorted(float(x) for x in sys.stdin.read().split())
print(f"{name:<34} {len(t):>4} puzzles   median {1000 * statistics.median(t):8.1f} ms   max {1000 * t[-1]:8.1f} ms")' "$1"
}
run_set() { # name, files...
  local name=$1; shift
  for f in "$@"; do
    local start end
    start=$(date +%s.%N)
    "$BIN" sudoku --check-unique --quiet "$f" > /dev/null 2>&1 || true
    end=$(date +%s.%N)
    echo "$end - $start" | bc
  done | summary "mipsolve: $name"
  if [ -n "$PY" ]; then
    # One process for the set; each puzzle's own seconds (its reading, model and solve).
    "$PY" bench/cpsat_fpuzzles.py check --no-cross "$@" 2> /dev/null \
      | python3 -c 'import json, sys; [print(json.loads(l)["seconds"]) for l in sys.stdin]' \
      | summary "cpsat: $name"
  fi
}
run_set "setters' puzzles (puzzles/sudoku)" puzzles/sudoku/fpuzzles-*.txt
run_set "public links (janko)" "$PUB"/fpuzzles/*.txt
run_set "rule fixtures (tests/fixtures)" tests/fixtures/fpuzzles/*.txt
