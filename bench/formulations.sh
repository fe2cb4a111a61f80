#!/usr/bin/env bash
# The formulations and solvers side by side, puzzle by puzzle: for each configuration the
# median of 3 in-process times with uniqueness, which engine settled each question, the MIP
# solver's branch-and-bound nodes and LP iterations and CaDiCaL's conflicts (all from
# --stats; "-" where the solver does not report them, 0 where presolve alone settled it).
# CaDiCaL takes no logarithms (no exact clauses): it skips --products log and the documents'
# KenKen model.
# Usage: bash bench/formulations.sh            (MIPSOLVE_BIN=path times that binary)
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/setup.sh "$@"
TMP=$(mktemp -d); trap 'rm -rf "$TMP"' EXIT
head -1 bench/sudoku-minimal-16x16.txt > "$TMP/minimal-16x16.txt"

row() { # puzzle kind file config...
  local puzzle=$1 kind=$2 file=$3; shift 3
  python3 - "$puzzle" "$*" "$BIN" "$kind" "$file" "$@" <<'PY'
import json, statistics, subprocess, sys
puzzle, label, binary, kind, file, *config = sys.argv[1:]
runs = []
for _ in range(3):
    out = subprocess.run([binary, kind, "--check-unique", "--stats", "--format", "json", "-q",
                          "--time-limit", "60", *config, file], capture_output=True, text=True)
    runs.append(json.loads(out.stdout.splitlines()[0]))
r = runs[-1]
ms = statistics.median(x["seconds"] for x in runs) * 1e3
s = r.get("stats") or {}
by = ",".join(s.get("decided_by", [])) or "-"
count = lambda v: "-" if v is None else str(v)
status = r["status"] + ("" if r.get("unique") is None else (" unique" if r["unique"] else " several"))
print(f"| {puzzle} | {label or 'auto'} | {ms:.1f} | {status} | {by} | "
      f"{count(s.get('nodes'))} | {count(s.get('iterations'))} | {count(s.get('conflicts'))} |")
PY
}

echo "| puzzle | configuration | median ms | verdict | decided by | nodes | iterations | conflicts |"
echo "|---|---|---|---|---|---|---|---|"
# name:kind:file:cages (cages: also the KenKen cage and product options)
for spec in "documents' 6x6 KenKen:kenken:puzzles/kenken/doc-6x6.json:cages" \
            "near-twin 9x9 KenKen a:kenken:puzzles/kenken/near-twin-a-9x9.json:cages" \
            "near-twin 9x9 KenKen b:kenken:puzzles/kenken/near-twin-b-9x9.json:cages" \
            "hidden-operator 5x5 KenKen:kenken:puzzles/kenken/pkit-hidden-07-5x5.json:cages" \
            "very hard 14x14 Takuzu:takuzu:puzzles/takuzu/binarypuzzle-veryhard-14-001.txt:" \
            "minimal 16x16 Sudoku:sudoku:$TMP/minimal-16x16.txt:"; do
  IFS=: read -r name kind file cages <<< "$spec"
  row "$name" "$kind" "$file"
  for engine in highs cbc cadical; do
    mip=$([ "$engine" != cadical ] && echo yes || true)
    row "$name" "$kind" "$file" --solver "$engine"
    if [ -n "$cages" ]; then
      row "$name" "$kind" "$file" --solver "$engine" --cages arithmetic
      if [ -n "$mip" ]; then
        row "$name" "$kind" "$file" --solver "$engine" --cages arithmetic --products log
      fi
    fi
    if [ -n "$mip" ] || [ "$kind" != kenken ]; then
      row "$name" "$kind" "$file" --solver "$engine" --formulation documents
    fi
  done
done
