#!/usr/bin/env bash
# Streaming: Royle's 49,151 17-clue puzzles repeated TIMES (default 20: 983,020 lines, 80 MB)
# solved with --check-unique --format json -j 2; prints the seconds to the first record, the
# total seconds, puzzles/s and the peak RSS.
# Usage: bash bench/stream.sh [TIMES]
set -euo pipefail
cd "$(dirname "$0")/.."
TIMES=${1:-20}
source bench/setup.sh
TMP=$(mktemp -d); trap 'rm -rf "$TMP"' EXIT
for _ in $(seq "$TIMES"); do cat "$PUB/sudoku-17clue-royle.txt"; done > "$TMP/big.txt"
lines=$(wc -l < "$TMP/big.txt")
start=$(date +%s.%N)
/usr/bin/time -f %M -o "$TMP/rss" "$BIN" sudoku --check-unique --format json -j 2 --quiet \
  "$TMP/big.txt" | { head -c 1 > /dev/null; date +%s.%N > "$TMP/first"; wc -l > "$TMP/count"; }
end=$(date +%s.%N)
python3 - "$start" "$(cat "$TMP/first")" "$end" "$lines" "$(cat "$TMP/count")" "$(cat "$TMP/rss")" <<'PY'
import sys
start, first, end = map(float, sys.argv[1:4])
lines, records, rss = map(int, sys.argv[4:7])
print(f"{lines} lines, {records} records; first record after {first - start:.2f} s; "
      f"{end - start:.1f} s in all, {lines / (end - start):.0f} puzzles/s; peak RSS {rss / 1024:.0f} MB")
PY
