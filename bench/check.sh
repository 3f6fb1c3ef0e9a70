#!/usr/bin/env bash
# `popping-render check` against rendering the same demo to PNG frames (hashing replaces PNG
# encoding, so a check must cost no more), and what a failing check's HTML report adds (< 2 s).
set -euo pipefail
BIN=${BIN:-.build/release}
OUT=${OUT:-.build/bench}
DEMO=${DEMO:-owl}
goldens="$OUT/check-goldens"
changed="$OUT/check-goldens-changed"
rm -rf "$goldens" "$changed" "$OUT/check-frames" "$OUT/check-report"
"$BIN/popping-render" check "$DEMO" --goldens "$goldens" --update --quiet >/dev/null

best() { sort -n | head -1; }
seconds() { for i in 1 2 3; do /usr/bin/time -f %e "$@" 2>&1 >/dev/null | tail -1; done | best; }
render=$(seconds "$BIN/popping-render" "$DEMO" --frames-dir "$OUT/check-frames" --quiet)
check=$(seconds "$BIN/popping-render" check "$DEMO" --goldens "$goldens" --quiet)
echo "${DEMO}_render_png_frames_seconds: $render"
echo "${DEMO}_check_seconds: $check"
echo "${DEMO}_check_ratio_to_png_frames: $(python3 -c "print(round($check / $render, 3))")"

# A regression: goldens recorded without the touch circle but labelled as recorded with it, so
# every frame with a finger down differs.
"$BIN/popping-render" check "$DEMO" --goldens "$changed" --update --no-touches --quiet >/dev/null
python3 - "$changed/$DEMO.json" <<'PY'
import json, sys
path = sys.argv[1]
text = open(path).read()
open(path, "w").write(text.replace('"touches":false', '"touches":true'))
PY
plain=$(for i in 1 2 3; do /usr/bin/time -f %e bash -c "! '$BIN/popping-render' check '$DEMO' --goldens '$changed' --quiet" 2>&1 >/dev/null | tail -1; done | best)
report=$(for i in 1 2 3; do /usr/bin/time -f %e bash -c "! '$BIN/popping-render' check '$DEMO' --goldens '$changed' --quiet --report '$OUT/check-report'" 2>&1 >/dev/null | tail -1; done | best)
echo "${DEMO}_failing_check_seconds: $plain"
echo "${DEMO}_failing_check_with_report_seconds: $report"
echo "${DEMO}_report_overhead_seconds: $(python3 -c "print(round($report - $plain, 3))")"
echo "${DEMO}_report_bytes: $(stat -c %s "$OUT/check-report/index.html")"
echo "${DEMO}_golden_bytes: $(du -sb "$goldens" | cut -f1)"
