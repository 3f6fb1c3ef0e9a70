#!/usr/bin/env bash
# `make bench`: popping-render against its peers, each comparison in the same run. Everything it
# needs is in bench/: bench/setup-peers.sh installs the peers (a venv in .build/peers, or PEERS_DIR)
# on first use, and the inputs are made here (scenes by bench/make_scene.py, frames by
# popping-render itself).
set -euo pipefail
cd "$(dirname "$0")/.."
export PEERS_DIR=${PEERS_DIR:-.build/peers}
PY=${PY:-$PEERS_DIR/bin/python}
BIN=.build/release
OUT=${BENCH_OUT:-.build/bench}
mkdir -p "$OUT"

if [ "$PY" = "$PEERS_DIR/bin/python" ]; then
    bash bench/setup-peers.sh
fi

for part in raster layout gif render text text_wrap scene check outputs svg video shadow table flip studio variants; do
    echo "== $part"
    PY="$PY" BIN="$BIN" OUT="$OUT" bash "bench/$part.sh"
done
