#!/usr/bin/env bash
# Generation rates beside Simon Tatham's generators (see bench/generate.py).
# Usage: bash bench/generate.sh [SCALE [ONLY]]   (SCALE multiplies the puzzle counts, default 1;
# ONLY keeps the sets whose label holds it, e.g. "Sudoku 9x9")
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/setup.sh
command -v /usr/games/sgt-solo >/dev/null || { echo "needs sgt-puzzles" >&2; exit 2; }
python3 bench/generate.py "$BIN" "${1:-1}" "${2:-}"
