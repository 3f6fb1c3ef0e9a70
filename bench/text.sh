#!/usr/bin/env bash
# Text accuracy: `popping-render text` against FreeType's unhinted rendering (coverage PSNR,
# must be ≥ 35 dB) and HarfBuzz's advances (widths must be equal); see bench/text_vs_freetype.py.
# env: PY (freetype-py, uharfbuzz, numpy, pillow; bench/setup-peers.sh), BIN=.build/release, OUT
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
PY=${PY:-$ROOT/.build/peers/bin/python}
BIN=${BIN:-$ROOT/.build/release}
OUT=${OUT:-${TMPDIR:-/tmp}/popping-bench}
"$PY" "$ROOT/bench/text_vs_freetype.py" --bin "$BIN/popping-render" --keep "$OUT/text"
