#!/usr/bin/env bash
# `make bench`: popping-render against its peers, each comparison in the same run.
# Peers come from ../shared/bench; bench/setup-peers.sh installs them once (venv in ~/peers).
set -euo pipefail
cd "$(dirname "$0")/.."
SHARED=${SHARED:-../shared/bench}
PY=${PY:-$HOME/peers/bin/python}
BIN=.build/release
OUT=${BENCH_OUT:-.build/bench}
mkdir -p "$OUT"

if [ ! -x "$PY" ]; then
    echo "bench: peers are not set up; run bench/setup-peers.sh first" >&2
    exit 2
fi

for part in raster layout gif render text svg; do
    if [ -f "bench/$part.sh" ]; then
        echo "== $part"
        SHARED="$SHARED" PY="$PY" BIN="$BIN" OUT="$OUT" bash "bench/$part.sh"
    fi
done
