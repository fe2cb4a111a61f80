#!/usr/bin/env bash
# HiGHS and CaDiCaL side by side as the one solver behind the exact reductions (no split), on
# the hard sets: which `auto` should hand the questions its split leaves open. Per set and
# solver: puzzles, solved, total seconds, median and max ms (one job, uniqueness, 60 s limit).
# Usage: bash bench/engines.sh            (MIPSOLVE_BIN=path times that binary)
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/setup.sh "$@"
set_row() { # name kind files...
  local name=$1 kind=$2; shift 2
  for solver in highs cadical; do
    "$BIN" "$kind" --check-unique --solver "$solver" --format json --jobs 1 -q --time-limit 60 \
      "$@" 2>/dev/null | python3 -c '
import json, sys
name, solver = sys.argv[1:]
r = [json.loads(l) for l in sys.stdin if l.startswith("{") and "summary" not in l]
t = sorted(x.get("seconds", 0) + x.get("unique_seconds", 0) for x in r) or [0]
ok = sum(x["status"] == "solved" for x in r)
print(f"| {name} | {solver} | {len(r)} | {ok} | {sum(t):.2f} | {t[len(t)//2]*1e3:.1f} | {t[-1]*1e3:.0f} |")
' "$name" "$solver" || true
  done
}
echo "| set | solver | puzzles | solved | total s | median ms | max ms |"
echo "|---|---|---|---|---|---|---|"
set_row "sudoku hardest" sudoku "$PUB/sudoku-hardest.txt"
set_row "sudoku tdoku-test" sudoku "$PUB/sudoku-tdoku-test.txt"
set_row "sudoku minimal 16x16 (bench/)" sudoku bench/sudoku-minimal-16x16.txt
set_row "sudoku killer janko (393)" sudoku "$PUB/variants/killer-janko"
set_row "kenken pkit 4-9 (342)" kenken "$PUB/pkit/kenken"
set_row "kenken hidden operators (88)" kenken "$PUB/pkit/kenken-hidden-op"
set_row "kenken random 12x12/16x16 (bench/, 18)" kenken bench/kenken-random
set_row "takuzu veryhard 14x14 (100)" takuzu "$PUB/takuzu-binarypuzzle-com-veryhard-14.txt"
set_row "sudoku Gecode 25x25 19, 20, 89, 90" sudoku "$PUB"/sudoku-gecode/gecode-sudoku-{19,20,89,90}-25.txt
