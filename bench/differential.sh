#!/usr/bin/env bash
# The differential test of every f-puzzles key at full size: N random 4x4 and 6x6 puzzles
# (default 5,000, seeds from S, default 5000), each solved by brute force from f-puzzles'
# meaning of its keys and by mipsolve (count, CaDiCaL's uniqueness verdict, true candidates,
# --verify); prints the number of puzzles, keys and disagreements, and per key how many
# puzzles had no, one and several solutions. CI runs a seeded share of 400 (cargo test).
# Usage: bash bench/differential.sh [N] [S]
set -euo pipefail
cd "$(dirname "$0")/.."
export DIFFERENTIAL_PUZZLES=${1:-5000} DIFFERENTIAL_SEED=${2:-5000}
start=$(date +%s)
cargo test --quiet --test differential -- --nocapture 2>&1 | grep -v '^running\|^$\|^test result\|^test '
echo "seconds: $(( $(date +%s) - start ))"
