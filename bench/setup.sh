# Sourced by the bench scripts, from the repository root, with the arguments left after their
# own: the public sets ($PUB), the peers' python from "--peers PYTHON" ($PEERS_PY, or empty),
# and the binary to time ($BIN: $MIPSOLVE_BIN, or this checkout built in release).
PUB=${PUZZLES_PUBLIC:-../shared/puzzles-public}
PEERS_PY=""
[ "${1:-}" = "--peers" ] && PEERS_PY=${2:?python of the peers venv}
BIN=${MIPSOLVE_BIN:-}
if [ -z "$BIN" ]; then
  cargo build --release --quiet
  BIN=target/release/mipsolve
fi
