#!/usr/bin/env bash
# What mipsolve reads of the ISS index sample (tests/fixtures/iss-index, 250 strings): how many
# solve (unique, several solutions, out of time) and, for the rest, the ISS type or shape that
# stops each (the first one it meets), as a Markdown table.
# Usage: bash bench/iss-coverage.sh [SECONDS per puzzle, default 10]
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --quiet --release
target/release/mipsolve sudoku --check-unique --time-limit "${1:-10}" --format json -q \
    tests/fixtures/iss-index 2>/dev/null | python3 -c '
import collections, json, re, sys
rows = [json.loads(line) for line in sys.stdin]
counts = collections.Counter()
for r in rows:
    if r["status"] == "solved":
        counts["read: solved, unique" if r.get("unique") else "read: solved, several solutions"] += 1
    elif r["status"] == "timeout":
        counts["read: out of time"] += 1
    else:
        error = r.get("error", "")
        kind = re.search(r"ISS type \"([^\"]+)\"", error)
        shape = re.search(r"(Shape~[^:]*): mipsolve reads", error)
        counts["refused: " + (kind.group(1) if kind else shape.group(1) if shape else error)] += 1
read = sum(n for k, n in counts.items() if k.startswith("read"))
print(f"{read} of {len(rows)} read ({100 * read / len(rows):.0f}%)\n")
print("| outcome | puzzles |\n|---|---|")
for key, n in sorted(counts.items(), key=lambda kv: (not kv[0].startswith("read"), -kv[1], kv[0])):
    print(f"| {key} | {n} |")
'
