#!/usr/bin/env bash
# Times --repair and --audit on sets made from the public ones (see bench/repair.py), one
# process per puzzle, one job each.
# Usage: bash bench/repair.sh [TIME_LIMIT_SECONDS [SET...]]  (sets: see bench/repair.py)
set -euo pipefail
cd "$(dirname "$0")/.."
LIMIT=${1:-120}
source bench/setup.sh
TMP=$(mktemp -d); trap 'rm -rf "$TMP"' EXIT
python3 bench/repair.py "$BIN" "$PUB" "$TMP" "$LIMIT" "${@:2}"
