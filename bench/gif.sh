#!/usr/bin/env bash
# GIF benchmark: the owl demo's frames at 2x, 30 fps (exported by `popping-render owl --frames-dir`)
# encoded by `popping-render gif` and by ffmpeg (palettegen + paletteuse, dither none; and diff
# statistics + rectangle updates), round-robin RUNS times, then gifsicle -O3 over ffmpeg's file.
# Each GIF is scored against the frames by bench/gif_score.py. Prints per encoder
#   <name>_seconds (fastest run), <name>_bytes, <name>_psnr_mean, <name>_psnr_min
#
# usage: bench/gif.sh [FRAMES_DIR] [OUT_DIR]
# env:   PY (Pillow + numpy, bench/setup-peers.sh), RUNS=3, PEERS=1 (0 skips ffmpeg and gifsicle),
#        BIN=.build/release, OUT=.build/bench
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PY:-.build/peers/bin/python}
DEFAULT_FR=${OUT:-.build/bench}/gif-frames
FR=${1:-$DEFAULT_FR}
OUT=${2:-${OUT:-.build/bench}/gif}
RUNS=${RUNS:-3}
PEERS=${PEERS:-1}
BIN=${BIN:-.build/release}/popping-render

[ -x "$BIN" ] || swift build -c release --product popping-render >&2
mkdir -p "$OUT"
if [ ! -f "$FR/frame-0000.png" ]; then
    # Only the default folder is ours to refill; a folder the caller names is never deleted.
    if [ "$FR" != "$DEFAULT_FR" ]; then
        echo "bench/gif.sh: $FR has no frame-0000.png (frames must be named frame-NNNN.png)" >&2
        exit 2
    fi
    rm -rf "$FR"
    "$BIN" owl --scale 2 --fps 30 --frames-dir "$FR" --quiet
fi

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

FF=(ffmpeg -v error -y -framerate 30 -pattern_type glob -i "$FR/frame-*.png")
for _ in $(seq 1 "$RUNS"); do
    timed gif "$BIN" gif "$FR"/frame-*.png -o "$OUT/ours.gif" --quiet
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
    while read -r k v; do S[$k]=$v; done < <("$PY" bench/gif_score.py "$FR" "$file" --fps 30)
    printf '%s_seconds %.2f\n%s_bytes %s\n%s_psnr_mean %s\n%s_psnr_min %s\n' "$name" "${BEST[$name]}" \
        "$name" "${S[bytes]}" "$name" "${S[psnr_mean]}" "$name" "${S[psnr_min]}"
}
report gif "$OUT/ours.gif"
if [ "$PEERS" = 1 ]; then
    report ff_none "$OUT/ff_none.gif"
    report ff_diff_none_rect "$OUT/ff_diff_none_rect.gif"
    report gs_O3_ff_none "$OUT/gs_O3_ff_none.gif"
fi
