#!/usr/bin/env bash
# Raster benchmark: draws ../shared/bench/scene.json with `popping-bench raster` (release build)
# and with Skia and cairo (raster_peers.py), round-robin so every comparison comes from the same
# spell of this shared machine, and prints per round
#   raster_ms_per_frame, skia_ms_per_frame, cairo_ms_per_frame (medians of FRAMES frames)
# then the ratios of the median round and our quality against the 4x4-supersampled reference:
#   raster_ratio_skia, raster_ratio_cairo, raster_psnr_ref4x, raster_psnr_cairo, raster_psnr_skia
#
# usage: bench/raster.sh [OUT_DIR]
# env:   PY=~/peers/bin/python (skia-python, pycairo, numpy, pillow), ROUNDS=3, FRAMES=20,
#        OUT and BIN as bench/run.sh sets them (results go to $OUT/raster)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
SHARED=${SHARED:-$ROOT/../shared/bench}
PY=${PY:-$HOME/peers/bin/python}
OUT=${1:-${OUT:-${TMPDIR:-/tmp}/popping-bench}/raster}
ROUNDS=${ROUNDS:-3}
FRAMES=${FRAMES:-20}
BIN=${BIN:-$ROOT/.build/release}/popping-bench
SCENE=$SHARED/scene.json

mkdir -p "$OUT"
[ -x "$BIN" ] || (cd "$ROOT" && swift build -c release --product popping-bench >&2)
"$PY" "$SHARED/raster_peers.py" --scene "$SCENE" --out "$OUT" -n 1 --reference >/dev/null

ROWS=()
for round in $(seq 1 "$ROUNDS"); do
  "$PY" "$SHARED/raster_peers.py" --scene "$SCENE" --out "$OUT" -n "$FRAMES" >/dev/null
  peers=$("$PY" -c "import json,sys; d=json.load(open(sys.argv[1])); \
print(d['skia_ms_per_frame']['median_ms'], d['cairo_ms_per_frame']['median_ms'])" "$OUT/raster_bench_result.json")
  ours=$("$BIN" raster "$SCENE" --out "$OUT/scene_ours.png" --repeat "$FRAMES" | awk '/raster_ms_per_frame/ {print $2}')
  echo "round $round: raster_ms_per_frame $ours skia_ms_per_frame ${peers% *} cairo_ms_per_frame ${peers#* }"
  ROWS+=("$ours ${peers% *} ${peers#* }")
done

printf '%s\n' "${ROWS[@]}" | "$PY" -c "
import sys
rows = sorted((tuple(map(float, l.split())) for l in sys.stdin if l.strip()), key=lambda r: r[0] / r[1])
ours, skia, cairo = rows[len(rows) // 2]
print(f'raster_ratio_skia {ours / skia:.2f}')
print(f'raster_ratio_cairo {ours / cairo:.2f}')"

"$PY" - "$OUT" <<'PY'
import sys
import numpy as np
from PIL import Image
out = sys.argv[1]
ours = np.asarray(Image.open(f"{out}/scene_ours.png").convert("RGB"), dtype=float)
for peer in ("ref4x", "cairo", "skia"):
    other = np.asarray(Image.open(f"{out}/scene_{peer}.png").convert("RGB"), dtype=float)
    mse = ((ours - other) ** 2).mean()
    print(f"raster_psnr_{peer} {10 * np.log10(255 ** 2 / mse):.2f}")
PY
