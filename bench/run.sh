#!/usr/bin/env bash
# Benchmark: runs the release binary over fixed puzzle sets, one job, and prints per set
# puzzles, solved, total seconds, median and max ms per puzzle, puzzles/s and peak RSS.
# Usage: bash bench/run.sh [--peers PYTHON]   (PYTHON: a venv with ../shared/peers installed)
# MIPSOLVE_BIN=path/to/mipsolve benchmarks that binary instead of building this checkout.
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/setup.sh "$@"
TMP=$(mktemp -d); trap 'rm -rf "$TMP"' EXIT

stats() { # name json_file rss_kb
  python3 - "$1" "$2" "$3" <<'PY'
import json, sys
name, path, rss = sys.argv[1], sys.argv[2], int(sys.argv[3])
recs = [r for r in (json.loads(l) for l in open(path) if l.startswith("{")) if "summary" not in r]
ok = [r for r in recs if r["status"] == "solved"]
t = sorted(r["seconds"] + r.get("unique_seconds", 0) for r in recs) or [0]
total = sum(t)
print(f"{name:<44} {len(recs):>5} {len(ok):>6} {total:>8.3f} {t[len(t)//2]*1e3:>9.2f} "
      f"{t[-1]*1e3:>9.1f} {len(recs)/max(total,1e-9):>9.1f} {rss/1024:>7.1f}")
PY
}

run_set() { # name kind args...
  local name=$1 kind=$2; shift 2
  /usr/bin/time -f %M -o "$TMP/rss" "$BIN" "$kind" --format json --jobs 1 --quiet "$@" \
    > "$TMP/out.json" || true
  stats "$name" "$TMP/out.json" "$(tail -1 "$TMP/rss")"
}

peer_set() { # name solver kind files...
  local name=$1 solver=$2 kind=$3; shift 3
  "$PEERS_PY" ../shared/peers/peers.py "$solver" "$kind" "$@" --check-unique --no-solution \
    > "$TMP/peer.json" 2>/dev/null || true
  stats "$name" "$TMP/peer.json" 0
}

# The binarypuzzle.com very hard 14x14 collection, one grid file per puzzle.
python3 - "$PUB/takuzu-binarypuzzle-com-veryhard-14.txt" "$TMP/tk14" <<'PY'
import os, sys
os.makedirs(sys.argv[2])
for i, line in enumerate(open(sys.argv[1])):
    line = line.split()[0]
    with open(f"{sys.argv[2]}/{i:03}.txt", "w") as f:
        f.write("\n".join(line[r*14:(r+1)*14] for r in range(14)) + "\n")
PY
head -20 "$PUB/sudoku-top95.txt" > "$TMP/top95-20.txt"
mkdir -p "$TMP/kk9"; ls "$PUB"/pkit/kenken/*_9x9.json | head -12 | xargs -I{} cp {} "$TMP/kk9/"

printf '%-44s %5s %6s %8s %9s %9s %9s %7s\n' set puzzles solved total_s median_ms max_ms puzzles/s rss_MB
run_set "sudoku hard-9x9 (puzzles/) unique" sudoku --check-unique puzzles/sudoku/hard-9x9.txt
run_set "sudoku top95 unique" sudoku --check-unique "$PUB/sudoku-top95.txt"
run_set "sudoku top95 first 20 unique" sudoku --check-unique "$TMP/top95-20.txt"
run_set "sudoku hardest unique" sudoku --check-unique "$PUB/sudoku-hardest.txt"
run_set "sudoku tdoku-test (none/several) unique" sudoku --check-unique "$PUB/sudoku-tdoku-test.txt"
run_set "sudoku pkit 16x16 unique" sudoku --check-unique "$PUB/pkit/sudoku"
run_set "sudoku minimal 16x16 (bench/, 20) unique" sudoku --check-unique bench/sudoku-minimal-16x16.txt
run_set "sudoku 25x25 (puzzles/) unique" sudoku --check-unique puzzles/sudoku/generated-25x25.txt
run_set "kenken pkit 4-9 (342) unique, exact" kenken --check-unique "$PUB/pkit/kenken"
run_set "kenken pkit 4-9 (342) unique, log" kenken --check-unique --products log "$PUB/pkit/kenken"
run_set "kenken pkit 9x9 first 12 unique" kenken --check-unique "$TMP/kk9"
run_set "kenken hidden operators (88) unique" kenken --check-unique "$PUB/pkit/kenken-hidden-op"
run_set "kenken random 12x12/16x16 (18) unique" kenken --check-unique bench/kenken-random
run_set "takuzu veryhard 14x14 (100) unique" takuzu --check-unique "$TMP/tk14"
run_set "takuzu pkit 8-14 dup allowed, unique" takuzu --check-unique --allow-duplicate-lines "$PUB/pkit/takuzu"
V="$PUB/variants"
run_set "sudoku killer janko 4-9 (393) unique" sudoku --check-unique "$V/killer-janko"
run_set "sudoku killer-x janko 9x9 (11) unique" sudoku --check-unique "$V/killer-x-janko"
run_set "sudoku jigsaw janko 4-9 (332) unique" sudoku --check-unique "$V/jigsaw-janko"
run_set "sudoku jigsaw-x janko 6x6 (7) + x (2) unique" sudoku --check-unique "$V/jigsaw-x-janko" "$V/sudoku-x"
run_set "sudoku solo game ids (puzzles/, 8) unique" sudoku --check-unique puzzles/sudoku/tatham-solo-ids.txt
head -3000 "$PUB/sudoku-17clue-royle.txt" > "$TMP/17clue.txt"
run_set "sudoku 17-clue first 3000" sudoku "$TMP/17clue.txt"
# Single-solver configurations on the files the MIP peers solve (the documents' model as
# stated: no reductions, log products), to set beside highspy and PuLP+CBC; CaDiCaL takes
# no logarithms, so not the documents' KenKens, and microlp (pure Rust) needs minutes for them.
mkdir -p "$TMP/tk14-8"; ls "$TMP"/tk14/*.txt | head -8 | xargs -I{} cp {} "$TMP/tk14-8/"
for engine in highs cbc microlp cadical; do
  doc=(--check-unique --formulation documents --solver "$engine" --time-limit 60)
  run_set "documents $engine sudoku top95 first 20" sudoku "${doc[@]}" "$TMP/top95-20.txt"
  if [ "$engine" = highs ] || [ "$engine" = cbc ]; then
    run_set "documents $engine kenken pkit 9x9 first 12" kenken "${doc[@]}" "$TMP/kk9"
  fi
  run_set "documents $engine takuzu veryhard 14x14 first 8" takuzu "${doc[@]}" "$TMP/tk14-8"
done
speedup() { # name kind args...: --jobs 2 throughput over --jobs 1, median of 3 runs each
  local name=$1; shift
  python3 - "$name" "$BIN" "$@" <<'PY'
import statistics, subprocess, sys, time
name, cmd = sys.argv[1], sys.argv[2:]
def wall(jobs):
    runs = []
    for _ in range(3):
        t = time.perf_counter()
        subprocess.run([cmd[0], cmd[1], "--jobs", str(jobs), "-q", "--format", "json", *cmd[2:]],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        runs.append(time.perf_counter() - t)
    return statistics.median(runs)
one, two = wall(1), wall(2)
print(f"{name}: --jobs 1 {one:.2f} s, --jobs 2 {two:.2f} s, speed-up {one / two:.2f}x")
PY
}
speedup "17-clue x3000" sudoku "$TMP/17clue.txt"
speedup "kenken pkit 4-9 (342) unique" kenken --check-unique "$PUB/pkit/kenken"
speedup "sudoku tdoku-test + hardest unique" sudoku --check-unique "$PUB/sudoku-tdoku-test.txt" "$PUB/sudoku-hardest.txt"

if [ -n "$PEERS_PY" ]; then
  echo "peers (same files, one thread, --check-unique; seconds include the uniqueness solve)"
  for solver in pulp-cbc highspy cpsat; do
    peer_set "$solver sudoku top95 first 20" "$solver" sudoku "$TMP/top95-20.txt"
    peer_set "$solver kenken pkit 9x9 first 12" "$solver" kenken "$TMP"/kk9/*.json
    peer_set "$solver takuzu veryhard 14x14 first 8" "$solver" takuzu $(ls "$TMP"/tk14/*.txt | head -8)
  done
  # The hard sets, against the strongest peer only (the MIP peers take minutes on them).
  peer_set "cpsat sudoku hardest" cpsat sudoku "$PUB/sudoku-hardest.txt"
  peer_set "cpsat sudoku tdoku-test" cpsat sudoku "$PUB/sudoku-tdoku-test.txt"
  peer_set "cpsat sudoku minimal 16x16 (bench/, 20)" cpsat sudoku bench/sudoku-minimal-16x16.txt
  peer_set "cpsat kenken random 12x12/16x16 (18)" cpsat kenken bench/kenken-random/*.json
fi
