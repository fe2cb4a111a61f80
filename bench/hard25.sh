#!/usr/bin/env bash
# The hard 25x25 Sudokus puzzle by puzzle, with uniqueness and a time limit each: the 18
# Gecode 25x25s (../shared/puzzles-public/sudoku-gecode/) and the hard 25x25s of
# bench/sudoku-hard-25x25.txt (bench/gen_minimal.py, box 5). Per puzzle: seconds, and whether
# it was solved and proven unique; per set: how many, total, median and max seconds (a
# timeout counts its whole limit). With --peers, CP-SAT (one worker, same limit) on the same
# puzzle in the same run.
# Usage: bash bench/hard25.sh [SECONDS] [--peers PYTHON]   (default 120 s per puzzle)
set -euo pipefail
cd "$(dirname "$0")/.."
LIMIT=120
[[ "${1:-}" =~ ^[0-9]+$ ]] && { LIMIT=$1; shift; }
source bench/setup.sh "$@"
TMP=$(mktemp -d); trap 'rm -rf "$TMP"' EXIT
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
totals() { # table file: per column pair, puzzles proven unique, total, median and max seconds
  python3 - "$1" <<'PY'
import statistics, sys
rows = [l.split() for l in open(sys.argv[1]) if l.strip()]
for col, who in ((1, "mipsolve"), (3, "cpsat")):
    if len(rows[0]) <= col:
        break
    t = [float(r[col + 1]) for r in rows]
    unique = sum(r[col] == "unique" for r in rows)
    print(f"  {who}: {unique}/{len(rows)} unique, total {sum(t):.1f} s, "
          f"median {statistics.median(t):.2f} s, max {max(t):.2f} s")
PY
}
mkdir -p "$TMP/hard"
split -l 1 -d -a 2 bench/sudoku-hard-25x25.txt "$TMP/hard/hard-25x25-"
for set in gecode hard; do
  case $set in
    gecode) files=("$PUB"/sudoku-gecode/*.txt) ;;
    hard) files=("$TMP"/hard/*) ;;
  esac
  : > "$TMP/table"
  printf '%-28s %-10s %9s' puzzle mipsolve seconds
  [ -n "$PEERS_PY" ] && printf ' %-10s %9s' cpsat seconds
  echo
  for f in "${files[@]}"; do
    line="$(basename "$f" .txt)"
    line+=" $("$BIN" sudoku --check-unique --format json --time-limit "$LIMIT" "$f" 2>/dev/null | row)"
    if [ -n "$PEERS_PY" ]; then
      line+=" $("$PEERS_PY" ../shared/peers/peers.py cpsat sudoku --check-unique \
        --no-solution --time-limit "$LIMIT" "$f" 2>/dev/null | row)"
    fi
    echo "$line" >> "$TMP/table"
    printf '%-28s %-10s %9s %-10s %9s\n' $line
  done
  echo "$set:"
  totals "$TMP/table"
done
