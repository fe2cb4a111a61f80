#!/usr/bin/env bash
# `mipsolve serve` as setters use it: `check` and `truecandidates` over one WebSocket
# connection on the setters' puzzles (puzzles/sudoku/fpuzzles-*), the public links (janko
# Killer, Jigsaw, X) and the rule fixtures; median and max ms per request, sending to answer.
# Needs a Python with the websockets package: bash bench/serve.sh /path/to/python
# (e.g. python3 -m venv /tmp/ws && /tmp/ws/bin/pip install websockets).
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${1:?python with the websockets package}
source bench/setup.sh
log=$(mktemp)
"$BIN" serve --port 0 --quiet 2> "$log" &
server=$!
trap 'kill $server 2> /dev/null; rm -f "$log"' EXIT
for _ in $(seq 50); do grep -q 'ws://' "$log" && break; sleep 0.1; done
url=$(grep -o 'ws://[0-9.:]*' "$log")
run() { # name, files...
  local name=$1; shift
  echo "== $name"
  "$PY" bench/serve_client.py "$url" "$@"
}
run "setters' puzzles (puzzles/sudoku)" puzzles/sudoku/fpuzzles-*.txt
run "public links (janko)" "$PUB"/fpuzzles/*.txt
run "rule fixtures (tests/fixtures)" tests/fixtures/fpuzzles/*.txt
