#!/usr/bin/env bash
# GIF benchmark: encodes the shared UI frames with `popping-render gif` (release build), scores
# the result with ../shared/bench/gifbench.py --strict and prints
#   gif_seconds (fastest of RUNS wall times), gif_bytes, gif_psnr_mean, gif_psnr_min
# With PEERS=1 (the default; PEERS=0 skips them) it also times ffmpeg (palettegen+paletteuse dither none; diff stats + rectangle)
# round-robin with ours, runs gifsicle -O3 on ffmpeg's output, and prints the same figures for
# them, so the comparison comes from one run on this (noisy, shared) machine.
#
# usage: bench/gif.sh [FRAMES_DIR] [OUT_DIR]
# env:   PY=~/peers/bin/python (pillow + numpy, see ../shared/bench/README.md), RUNS=3, PEERS=1,
#        SHARED=../shared/bench, BIN=.build/release, OUT=.build/bench (as bench/run.sh sets them)
set -euo pipefail
cd "$(dirname "$0")/.."
SHARED=${SHARED:-../shared/bench}
PY=${PY:-$HOME/peers/bin/python}
FR=${1:-${OUT:-.build/bench}/gif-frames}
OUT=${2:-${OUT:-.build/bench}/gif}
RUNS=${RUNS:-3}
PEERS=${PEERS:-1}
BIN=${BIN:-.build/release}/popping-render

mkdir -p "$FR" "$OUT"
[ -f "$FR/frame_0000.png" ] || "$PY" "$SHARED/make_frames.py" --out "$FR" >&2
[ -x "$BIN" ] || swift build -c release --product popping-render >&2

declare -A BEST
# Runs a command, keeping the fastest wall time under NAME.
timed() {
  local name=$1; shift
  local start end t
  start=$(date +%s.%N)
  "$@" >/dev/null 2>"$OUT/$name.err" || { cat "$OUT/$name.err" >&2; exit 1; }
  end=$(date +%s.%N)
  t=$(echo "$end - $start" | bc)
  if [ -z "${BEST[$name]:-}" ] || [ "$(echo "$t < ${BEST[$name]}" | bc)" = 1 ]; then BEST[$name]=$t; fi
}

FF=(ffmpeg -v error -y -framerate 30 -i "$FR/frame_%04d.png")
for _ in $(seq 1 "$RUNS"); do
  timed gif "$BIN" gif "$FR"/*.png -o "$OUT/ours.gif" --quiet
  if [ "$PEERS" = 1 ]; then
    timed ff_none "${FF[@]}" -vf 'split[a][b];[a]palettegen[p];[b][p]paletteuse=dither=none' "$OUT/ff_none.gif"
    timed ff_diff_none_rect "${FF[@]}" -vf \
      'split[a][b];[a]palettegen=stats_mode=diff[p];[b][p]paletteuse=dither=none:diff_mode=rectangle' \
      "$OUT/ff_diff_none_rect.gif"
  fi
done
[ "$PEERS" = 1 ] && timed gs_O3_ff_none gifsicle -O3 "$OUT/ff_none.gif" -o "$OUT/gs_O3_ff_none.gif"

report() {
  local name=$1 file=$2
  declare -A S=()
  while read -r k v; do S[$k]=$v; done < <("$PY" "$SHARED/gifbench.py" "$FR" "$file" --strict)
  [ "${S[strict]:-}" = pass ] || { echo "$name: $file fails gifbench --strict" >&2; exit 1; }
  printf '%s_seconds %.2f\n%s_bytes %s\n%s_psnr_mean %s\n%s_psnr_min %s\n' "$name" "${BEST[$name]}" \
    "$name" "${S[bytes]}" "$name" "${S[psnr_mean]}" "$name" "${S[psnr_min]}"
}
report gif "$OUT/ours.gif"
if [ "$PEERS" = 1 ]; then
  report ff_none "$OUT/ff_none.gif"
  report ff_diff_none_rect "$OUT/ff_diff_none_rect.gif"
  report gs_O3_ff_none "$OUT/gs_O3_ff_none.gif"
fi
