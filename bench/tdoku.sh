#!/usr/bin/env bash
# 9x9 throughput against tdoku (the fastest known 9x9 solver), both on Royle's 49,151 17-clue
# puzzles in the same run: tdoku is built from a checkout, and its own benchmark program times
# it counting up to 2 solutions per puzzle (its uniqueness check); mipsolve runs
# --check-unique with one job and with two jobs in turn, five times each (text output; the
# medians), and once with one job and JSON output. Prints seconds and µs per puzzle for each,
# the ratio mipsolve/tdoku and the speed-up of two jobs over one.
# Usage: bash bench/tdoku.sh [TDOKU_CHECKOUT]
#   TDOKU_CHECKOUT: a tdoku source tree (copied, never written to); by default the tdoku git
#   mirror in $TDOKU_GIT (../.mirror/t-dillon+tdoku/repo), exported with git archive.
# tdoku is built with its own defaults (CMakeLists.txt: OPT=O3, ARCH=native, i.e. -O3
# -march=native; its SIMD solver is written for it) in a Release build; only its fast solver.
# MIPSOLVE_BIN=path/to/mipsolve benchmarks that binary instead of building this checkout.
set -euo pipefail
cd "$(dirname "$0")/.."
TDOKU_SRC=${1:-}
source bench/setup.sh
TMP=$(mktemp -d); trap 'rm -rf "$TMP"' EXIT
ROYLE=$PUB/sudoku-17clue-royle.txt
WARMUP_S=1 TEST_S=3 # tdoku's warm-up and minimum timed seconds (whole passes over the file)

# tdoku's source, in a scratch copy (its configure step writes src/build_info.h).
mkdir "$TMP/tdoku"
if [ -n "$TDOKU_SRC" ]; then
  tar -C "$TDOKU_SRC" --exclude=./.git --exclude=./build -cf - . | tar -x -C "$TMP/tdoku"
else
  # data.zip (the author's puzzle sets) is not needed, and may be absent from a mirror.
  git -C "${TDOKU_GIT:-../.mirror/t-dillon+tdoku/repo}" archive HEAD -- . ':(exclude)data.zip' \
    2> "$TMP/archive.err" | tar -x -C "$TMP/tdoku" || { cat "$TMP/archive.err" >&2; exit 1; }
fi
[ -f "$TMP/tdoku/src/run_benchmark.cc" ] || { cat "$TMP/archive.err" >&2 2>/dev/null;
  echo "no tdoku source in ${TDOKU_SRC:-the mirror}" >&2; exit 1; }
cmake -S "$TMP/tdoku" -B "$TMP/tdoku/build" -DCMAKE_BUILD_TYPE=Release -DOPT=O3 \
  > "$TMP/cmake.log" 2>&1 || { cat "$TMP/cmake.log" >&2; exit 1; }
make -C "$TMP/tdoku/build" -j 2 run_benchmark tdoku_static > "$TMP/make.log" 2>&1 \
  || { cat "$TMP/make.log" >&2; exit 1; }
# tdoku's example program (README): reads puzzles from stdin, prints each one's solution count.
gcc "$TMP/tdoku/example/solve.c" "$TMP/tdoku/build/libtdoku_static.a" -O3 -o "$TMP/solve" \
  -lstdc++ -lm
flags=$(sed -n 's/^CXX_FLAGS = *//p' "$TMP/tdoku/build/CMakeFiles/run_benchmark.dir/flags.make")
echo "tdoku $(git -C "${TDOKU_SRC:-${TDOKU_GIT:-../.mirror/t-dillon+tdoku/repo}}" \
  rev-parse --short HEAD 2>/dev/null || echo checkout) built with $(g++ -dumpfullversion) $flags"

# tdoku takes '.' for a blank ('0' reads as a clue it cannot place: every puzzle would have
# no solution), so it gets the same puzzles with the blanks rewritten.
tr 0 . < "$ROYLE" > "$TMP/royle.txt"
n=$(grep -c . "$ROYLE")
# -n N with N the file's puzzle count: the timed set is the file itself (no sampling or
# repetition); -r0: the puzzles as given (no random symmetry); no -f: each solve counts up to
# 2 solutions; -c1: one CSV line, whose 8th field is µs per puzzle over whole passes.
TDOKU_CMD=("$TMP/tdoku/build/run_benchmark" -s tdoku -n "$n" -r0 -w"$WARMUP_S" -t"$TEST_S" -c1
  "$TMP/royle.txt")
echo "tdoku: run_benchmark -s tdoku -n $n -r0 -w$WARMUP_S -t$TEST_S -c1 FILE"
tdoku_csv=$("${TDOKU_CMD[@]}" | tail -1)
start=$(date +%s.%N)
"$TMP/solve" 2 < "$TMP/royle.txt" > "$TMP/tdoku-counts.txt"
tdoku_e2e=$(python3 -c "import sys, time; print(time.time() - float(sys.argv[1]))" "$start")

# mipsolve's wall seconds, timed from Python (no start-up of a timer in them): one job and
# two jobs taken in turn RUNS times (the machine's speed drifts; each is the median), and one
# job with JSON output once, its records kept for the count of unique ones.
RUNS=5
read -r text1 text2 json1 < <(python3 - "$BIN" "$ROYLE" "$TMP/out.json" "$RUNS" <<'PY'
import statistics, subprocess, sys, time
binary, royle, json_out, runs = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
def wall(out, *args):
    start = time.perf_counter()
    subprocess.run([binary, "sudoku", "--check-unique", "-q", *args, royle], stdout=out, check=True)
    return time.perf_counter() - start
one, two = [], []
for _ in range(runs):
    one.append(wall(subprocess.DEVNULL, "-j", "1"))
    two.append(wall(subprocess.DEVNULL, "-j", "2"))
with open(json_out, "w") as out:
    json1 = wall(out, "-j", "1", "--format", "json")
print(statistics.median(one), statistics.median(two), json1)
PY
)

python3 - "$n" "$tdoku_csv" "$TMP/tdoku-counts.txt" "$tdoku_e2e" "$TMP/out.json" \
  "$text1" "$json1" "$text2" <<'PY'
import json, sys
n = int(sys.argv[1])
csv = sys.argv[2].split(",")
counts_file, e2e, json_file = sys.argv[3], float(sys.argv[4]), sys.argv[5]
text1, json1, text2 = map(float, sys.argv[6:9])
# id,version,flags,file,solver,puzzles/s,µs/puzzle,%no_guess,guesses/puzzle (flags hold no comma)
tdoku_us = float(csv[-3])
counts = [l.rsplit(":", 2)[1] for l in open(counts_file)]
unique = sum(c == "1" for c in counts)
recs = [r for r in (json.loads(l) for l in open(json_file) if l.startswith("{")) if "summary" not in r]
m_unique = sum(r.get("unique") is True for r in recs)
us = lambda s: s / n * 1e6
print(f"Royle 17-clue, {n} puzzles, uniqueness checked")
print(f"{'tdoku (in memory, limit 2)':<36} {tdoku_us * n / 1e6:7.3f} s {tdoku_us:8.2f} µs/puzzle"
      f"   unique {unique}/{len(counts)} (its solve example, whole file {e2e:.2f} s)")
for name, s in (("mipsolve -j 1 text (median of 5)", text1), ("mipsolve -j 1 json", json1)):
    print(f"{name:<36} {s:7.3f} s {us(s):8.2f} µs/puzzle   {us(s) / tdoku_us:5.1f}x tdoku")
print(f"{'mipsolve json records unique':<36} {m_unique}/{len(recs)}")
print(f"{'mipsolve -j 2 text (median of 5)':<36} {text2:7.3f} s {us(text2):8.2f} µs/puzzle"
      f"   speed-up 2 jobs vs 1: {text1 / text2:.2f}x")
PY
