#!/usr/bin/env bash
# Agreement of --grade with the level Simon Tatham's Solo, Keen and Unruly generated each
# puzzle at (Debian's sgt-puzzles): N puzzles per level (seeds 1..N) for Sudoku 9x9 (3x3
# boxes) and 6x6 (2x3), KenKen 4 to 9, and Takuzu 8x8, 10x10 and 14x14 with and without
# distinct lines; exact and within one level, and the grading rate.
# Usage: bash bench/grade.sh [N]   (default 20)
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-20}
source bench/setup.sh
for game in solo keen unruly; do
  command -v "/usr/games/sgt-$game" >/dev/null || {
    echo "needs /usr/games/sgt-$game: apt-get install sgt-puzzles" >&2; exit 2; }
done
TMP=$(mktemp -d); trap 'rm -rf "$TMP"' EXIT
SOLO="t:trivial b:basic i:intermediate a:advanced e:extreme u:unreasonable"
UNRULY="t:trivial e:easy n:normal"
KEEN="e:easy n:normal h:hard x:extreme u:unreasonable"
generate() { # game params levels
  for pair in $3; do
    code=${pair%%:*} level=${pair#*:}
    for seed in $(seq 1 "$N"); do
      "/usr/games/sgt-$1" --generate 1 "${2}d${code}#grade-${seed}" 2>/dev/null
    done > "$TMP/$2-$level.txt"
  done
}
for shape in 3x3 2x3; do generate solo "$shape" "$SOLO"; done
for shape in 8x8 10x10 14x14 8x8u 10x10u 14x14u; do generate unruly "$shape" "$UNRULY"; done
for size in 4 5 6 7 8 9; do generate keen "$size" "$KEEN"; done
python3 - "$BIN" "$TMP" "$SOLO" "$UNRULY" "$KEEN" <<'PY'
import json, subprocess, sys
bin_, tmp = sys.argv[1], sys.argv[2]
ladders = {name: [p.split(":")[1] for p in sys.argv[i].split()]
           for name, i in (("solo", 3), ("unruly", 4), ("keen", 5))}
sets = [("sudoku", "solo", shape, size) for shape, size in (("3x3", "9x9"), ("2x3", "6x6"))]
sets += [("kenken", "keen", str(n), f"{n}x{n}") for n in range(4, 10)]
sets += [("takuzu", "unruly", s, s.replace("u", " distinct"))
         for s in ("8x8", "10x10", "14x14", "8x8u", "10x10u", "14x14u")]
print(f"{'set':<22} {'level':<13} {'n':>3} {'exact':>6} {'within 1':>9}  graded as")
for kind, ladder, shape, size in sets:
    levels = ladders[ladder]
    rank = {name: i for i, name in enumerate(levels)}
    exact = near = total = 0
    for level in levels:
        path = f"{tmp}/{shape}-{level}.txt"
        out = subprocess.run([bin_, kind, "--grade", "--format", "json", "-q", "--jobs", "1",
                              path], capture_output=True, text=True).stdout
        got = [json.loads(l).get("grade", {}).get("level", "none") for l in out.splitlines()]
        same = sum(g == level for g in got)
        close = sum(g in rank and abs(rank[g] - rank[level]) <= 1 for g in got)
        exact, near, total = exact + same, near + close, total + len(got)
        seen = {g: got.count(g) for g in sorted(set(got), key=lambda g: rank.get(g, 99))}
        print(f"{kind + ' ' + size:<22} {level:<13} {len(got):>3} {same:>6} {close:>9}  {seen}")
    print(f"{kind + ' ' + size:<22} {'all':<13} {total:>3} {exact:>6} {near:>9}  "
          f"exact {100 * exact / total:.1f}%, within one {100 * near / total:.1f}%")
PY
# The grading rate on the 17-clue x3000 set, one job, against a plain --check-unique.
if [ -f "$PUB/sudoku-17clue-royle.txt" ]; then
  head -3000 "$PUB/sudoku-17clue-royle.txt" > "$TMP/17.txt"
  for flags in "--check-unique" "--grade"; do
    start=$(date +%s.%N)
    "$BIN" sudoku $flags --format json -q --jobs 1 "$TMP/17.txt" > /dev/null || true
    end=$(date +%s.%N)
    python3 -c "print(f'17-clue x3000 {\"$flags\":<15} {$end - $start:8.2f} s  {3000 / ($end - $start):8.1f} puzzles/s')"
  done
fi
