#!/usr/bin/env bash
# 9x9 throughput against tdoku (the fastest known 9x9 solver), both on Royle's 49,151 17-clue
# puzzles in the same run: tdoku is built from a checkout, and its own benchmark program times
# it counting up to 2 solutions per puzzle (its uniqueness check); mipsolve runs
# --check-unique with one job and with two jobs. The three are taken in turn, five rounds
# (tdoku, one job, two jobs; text output), so that each round's ratio pairs runs made while the
# shared machine ran at one speed: the medians, and the rounds' ratios from least to most. Then
# one job with JSON output once. Prints seconds and µs per puzzle for each, the ratio
# mipsolve/tdoku and the speed-up of two jobs over one.
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
start=$(date +%s.%N)
"$TMP/solve" 2 < "$TMP/royle.txt" > "$TMP/tdoku-counts.txt"
tdoku_e2e=$(python3 -c "import sys, time; print(time.time() - float(sys.argv[1]))" "$start")

# mipsolve's wall seconds, timed from Python (no start-up of a timer in them), in rounds with
# tdoku's own figure (the 8th field of its CSV line); then one job with JSON output once, its
# records kept for the count of unique ones.
RUNS=5
python3 - "$BIN" "$ROYLE" "$TMP/out.json" "$RUNS" "$n" "$TMP/tdoku-counts.txt" "$tdoku_e2e" \
  "${TDOKU_CMD[@]}" <<'PY'
import json, statistics, subprocess, sys, time
binary, royle, json_out, runs, n, counts_file, e2e = sys.argv[1:8]
runs, n, e2e = int(runs), int(n), float(e2e)
tdoku_cmd = sys.argv[8:]
def wall(out, *args):
    start = time.perf_counter()
    subprocess.run([binary, "sudoku", "--check-unique", "-q", *args, royle], stdout=out, check=True)
    return time.perf_counter() - start
def tdoku_us():
    line = subprocess.run(tdoku_cmd, capture_output=True, text=True, check=True).stdout
    # id,version,flags,file,solver,puzzles/s,µs/puzzle,%no_guess,guesses/puzzle (no comma in flags)
    return float(line.strip().splitlines()[-1].split(",")[-3])
us = lambda s: s / n * 1e6
tdoku, one, two = [], [], []
for _ in range(runs):
    tdoku.append(tdoku_us())
    one.append(wall(subprocess.DEVNULL, "-j", "1"))
    two.append(wall(subprocess.DEVNULL, "-j", "2"))
with open(json_out, "w") as out:
    json1 = wall(out, "-j", "1", "--format", "json")
counts = [l.rsplit(":", 2)[1] for l in open(counts_file)]
unique = sum(c == "1" for c in counts)
recs = [r for r in (json.loads(l) for l in open(json_out) if l.startswith("{")) if "summary" not in r]
m_unique = sum(r.get("unique") is True for r in recs)
t_us, text1, text2 = statistics.median(tdoku), statistics.median(one), statistics.median(two)
rounds = lambda xs: ", ".join(f"{x:.2f}" for x in sorted(xs))
print(f"Royle 17-clue, {n} puzzles, uniqueness checked; {runs} rounds, medians")
print(f"{'tdoku (in memory, limit 2)':<36} {t_us * n / 1e6:7.3f} s {t_us:8.2f} µs/puzzle"
      f"   unique {unique}/{len(counts)} (its solve example, whole file {e2e:.2f} s)")
print(f"{'mipsolve -j 1 text':<36} {text1:7.3f} s {us(text1):8.2f} µs/puzzle   {us(text1) / t_us:5.1f}x tdoku"
      f" (rounds: {rounds(us(o) / t for o, t in zip(one, tdoku))})")
print(f"{'mipsolve -j 1 json (one run)':<36} {json1:7.3f} s {us(json1):8.2f} µs/puzzle   {us(json1) / t_us:5.1f}x tdoku")
print(f"{'mipsolve json records unique':<36} {m_unique}/{len(recs)}")
print(f"{'mipsolve -j 2 text':<36} {text2:7.3f} s {us(text2):8.2f} µs/puzzle"
      f"   speed-up 2 jobs vs 1: {text1 / text2:.2f}x (rounds: {rounds(o / t for o, t in zip(one, two))})")
PY
