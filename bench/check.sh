#!/usr/bin/env bash
# `popping-render check` against rendering the same demo to PNG frames and to a GIF at 2x, each
# pair over the same frames (hashing replaces encoding, so a check must cost no more than the
# GIF: equal frames share a hash, the rest are hashed with XXH3 on every core while later frames
# render): every frame (60 fps) against PNG frames, and at the GIF's rate (30 fps by default; a
# GIF cannot show more than 50) against the GIF; and what a failing check's HTML report adds (< 2 s).
set -euo pipefail
BIN=${BIN:-.build/release}
OUT=${OUT:-.build/bench}
DEMO=${DEMO:-owl}
SCALE=${SCALE:-2}
goldens="$OUT/check-goldens"
changed="$OUT/check-goldens-changed"
GIF_FPS=${GIF_FPS:-30}
gif_goldens="$OUT/check-goldens-$GIF_FPS"
rm -rf "$goldens" "$gif_goldens" "$changed" "$OUT/check-frames" "$OUT/check-report"
"$BIN/popping-render" check "$DEMO" --scale "$SCALE" --goldens "$goldens" --update --quiet >/dev/null
"$BIN/popping-render" check "$DEMO" --scale "$SCALE" --fps "$GIF_FPS" --goldens "$gif_goldens" --update --quiet >/dev/null

# Best of three: wall seconds, and CPU seconds (user + system, steadier on a shared machine).
best() { sort -n | head -1; }
timed() { for i in 1 2 3; do /usr/bin/time -f "%e %U %S" "$@" 2>&1 >/dev/null | tail -1; done; }
wall() { awk '{print $1}' | best; }
cpu() { awk '{print $2 + $3}' | best; }
render_runs=$(timed "$BIN/popping-render" "$DEMO" --scale "$SCALE" --frames-dir "$OUT/check-frames" --quiet)
gif_runs=$(timed "$BIN/popping-render" "$DEMO" --scale "$SCALE" --fps "$GIF_FPS" --out "$OUT/check.gif" --quiet)
check_runs=$(timed "$BIN/popping-render" check "$DEMO" --scale "$SCALE" --goldens "$goldens" --quiet)
gif_check_runs=$(timed "$BIN/popping-render" check "$DEMO" --scale "$SCALE" --fps "$GIF_FPS" --goldens "$gif_goldens" --quiet)
echo "${DEMO}_render_png_frames_seconds: $(echo "$render_runs" | wall) (cpu $(echo "$render_runs" | cpu))"
echo "${DEMO}_check_seconds: $(echo "$check_runs" | wall) (cpu $(echo "$check_runs" | cpu))"
echo "${DEMO}_render_gif_${GIF_FPS}fps_seconds: $(echo "$gif_runs" | wall) (cpu $(echo "$gif_runs" | cpu))"
echo "${DEMO}_check_${GIF_FPS}fps_seconds: $(echo "$gif_check_runs" | wall) (cpu $(echo "$gif_check_runs" | cpu))"
echo "${DEMO}_check_ratio_to_gif: $(python3 -c "print(round($(echo "$gif_check_runs" | wall) / $(echo "$gif_runs" | wall), 3))") (same frames; target <= 1)"
echo "${DEMO}_check_cpu_ratio_to_gif: $(python3 -c "print(round($(echo "$gif_check_runs" | cpu) / $(echo "$gif_runs" | cpu), 3))")"
echo "${DEMO}_check_ratio_to_png_frames: $(python3 -c "print(round($(echo "$check_runs" | wall) / $(echo "$render_runs" | wall), 3))")"
echo "${DEMO}_check_cpu_ratio_to_png_frames: $(python3 -c "print(round($(echo "$check_runs" | cpu) / $(echo "$render_runs" | cpu), 3))")"

# A regression: goldens recorded without the touch circle but labelled as recorded with it, so
# every frame with a finger down differs.
"$BIN/popping-render" check "$DEMO" --goldens "$changed" --update --no-touches --quiet >/dev/null
python3 - "$changed/$DEMO.json" <<'PY'
import json, sys
path = sys.argv[1]
text = open(path).read()
open(path, "w").write(text.replace('"touches":false', '"touches":true'))
PY
plain_runs=$(timed bash -c "! '$BIN/popping-render' check '$DEMO' --goldens '$changed' --quiet")
report_runs=$(timed bash -c "! '$BIN/popping-render' check '$DEMO' --goldens '$changed' --quiet --report '$OUT/check-report'")
echo "${DEMO}_failing_check_seconds: $(echo "$plain_runs" | wall) (cpu $(echo "$plain_runs" | cpu))"
echo "${DEMO}_failing_check_with_report_seconds: $(echo "$report_runs" | wall) (cpu $(echo "$report_runs" | cpu))"
echo "${DEMO}_report_overhead_seconds: $(python3 -c "print(round($(echo "$report_runs" | wall) - $(echo "$plain_runs" | wall), 3))") (cpu $(python3 -c "print(round($(echo "$report_runs" | cpu) - $(echo "$plain_runs" | cpu), 3))"))"
echo "${DEMO}_report_bytes: $(stat -c %s "$OUT/check-report/index.html")"
echo "${DEMO}_golden_bytes: $(du -sb "$goldens" | cut -f1)"
