#!/usr/bin/env bash
# `popping-render studio`: from a save of the like scene to the changed frame painted in the page
# (headless Chromium over the DevTools protocol), median and 95th percentile over 20 saves, at 1x
# and 2x; the target is a median under 150 ms at 1x. The peer is the loop the studio replaces: a
# render of the same scene to a GIF from the command line, timed in the same run (median of 5),
# which is what a save costs before the GIF can even be opened.
set -euo pipefail
BIN=${BIN:-.build/release}
OUT=${OUT:-.build/bench}
SAVES=${SAVES:-20}
mkdir -p "$OUT/studio"
render="$BIN/popping-render"
if ! command -v chromium >/dev/null 2>&1; then
    echo "studio: skipped (chromium is not installed; apt-get install chromium)"
    exit 0
fi
for scale in 1 2; do
    python3 bench/studio_latency.py "$render" Examples/Scenes/like.yaml --scale "$scale" --saves "$SAVES"
    times=()
    for _ in 1 2 3 4 5; do
        start=$(date +%s%N)
        "$render" Examples/Scenes/like.yaml --out "$OUT/studio/like.gif" --scale "$scale" --quiet
        times+=($(( ($(date +%s%N) - start) / 1000000 )))
    done
    sorted=($(printf '%s\n' "${times[@]}" | sort -n))
    echo "peer: popping-render like.yaml --out like.gif at ${scale}x: median ${sorted[2]} ms"
done
