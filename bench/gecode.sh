#!/usr/bin/env bash
# The 18 Gecode 25x25 Sudokus, puzzle by puzzle, with uniqueness and a time limit each:
# seconds, and whether each was solved and proven unique; with --peers, CP-SAT (one worker,
# same limit) on the same file in the same run.
# Usage: bash bench/gecode.sh [SECONDS] [--peers PYTHON]   (default 60 s per puzzle)
set -euo pipefail
cd "$(dirname "$0")/.."
LIMIT=60
[[ "${1:-}" =~ ^[0-9]+$ ]] && { LIMIT=$1; shift; }
source bench/setup.sh "$@"
row() { # JSON lines on stdin: "status seconds" of the first record (uniqueness included)
  python3 -c '
import json, sys
records = [json.loads(l) for l in sys.stdin if l.startswith("{") and "summary" not in l]
if not records:
    print("error 0")
    sys.exit()
r = records[0]
ok = r["status"] == "solved" and r.get("unique") is True
seconds = (r.get("seconds") or 0) + (r.get("unique_seconds") or 0)
print("unique" if ok else r["status"], f"{seconds:.2f}")'
}
TABLE=$(mktemp); trap 'rm -f "$TABLE"' EXIT
printf '%-28s %-10s %9s' puzzle mipsolve seconds
[ -n "$PEERS_PY" ] && printf ' %-10s %9s' cpsat seconds
echo
for f in "$PUB"/sudoku-gecode/*.txt; do
  printf '%-28s' "$(basename "$f")"
  printf ' %-10s %9s' $("$BIN" sudoku --check-unique --format json --time-limit "$LIMIT" "$f" 2>/dev/null | row)
  if [ -n "$PEERS_PY" ]; then
    printf ' %-10s %9s' $("$PEERS_PY" ../shared/peers/peers.py cpsat sudoku --check-unique \
      --no-solution --time-limit "$LIMIT" "$f" 2>/dev/null | row)
  fi
  echo
done | tee "$TABLE"
# Totals: puzzles proven unique, and seconds over all (a timeout counts its whole limit).
awk '{ u2 += ($2 == "unique"); t2 += $3; u4 += ($4 == "unique"); t4 += $5 }
  END { printf "%-28s %-10s %9.2f", "total", u2 " unique", t2
        if (NF > 3) printf " %-10s %9.2f", u4 " unique", t4; print "" }' "$TABLE"
