#!/usr/bin/env bash
# f-puzzles links: the real setters' puzzles of puzzles/sudoku/fpuzzles-*.txt, the 57 public
# links of the shared collection (janko Killer, Jigsaw, X) and the rule fixtures of
# tests/fixtures/fpuzzles/, each solved on its own with --check-unique; prints per set the
# puzzles, how many were proven unique (or shown to have none or several), the median and
# the max seconds per puzzle, and the same for CP-SAT (bench/cpsat_fpuzzles.py, one worker)
# when its Python is given.
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
    for f in "$@"; do
      local start end
      start=$(date +%s.%N)
      "$PY" bench/cpsat_fpuzzles.py check --no-cross "$f" > /dev/null 2>&1 || true
      end=$(date +%s.%N)
      echo "$end - $start" | bc
    done | summary "cpsat (process, import included): $name"
  fi
}
run_set "setters' puzzles (puzzles/sudoku)" puzzles/sudoku/fpuzzles-*.txt
run_set "public links (janko)" "$PUB"/fpuzzles/*.txt
run_set "rule fixtures (tests/fixtures)" tests/fixtures/fpuzzles/*.txt
