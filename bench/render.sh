#!/usr/bin/env bash
# The owl demo rendered and encoded by popping-render, against ffmpeg encoding the same frames
# (exported with --frames-dir) in the same run; peak memory of a short and a long render.
set -euo pipefail
BIN=${BIN:-.build/release}
OUT=${OUT:-.build/bench}
frames="$OUT/owl-frames"
rm -rf "$frames" && mkdir -p "$frames"
"$BIN/popping-render" owl --frames-dir "$frames" --fps 30 --quiet

best() { sort -n | head -1; }
# Each timed run also reports its peak memory, the whole demo's figure below.
runs=$(for i in 1 2 3; do /usr/bin/time -f "%e %M" "$BIN/popping-render" owl --out "$OUT/owl.gif" --quiet 2>&1 >/dev/null | tail -1; done)
ours=$(echo "$runs" | awk '{print $1}' | best)
theirs=$(for i in 1 2 3; do /usr/bin/time -f %e ffmpeg -v error -y -framerate 30 -pattern_type glob -i "$frames/frame-*.png" \
    -vf "split[a][b];[a]palettegen=stats_mode=diff[p];[b][p]paletteuse=dither=none:diff_mode=rectangle" \
    "$OUT/owl-ffmpeg.gif" 2>&1 >/dev/null; done | best)
echo "owl_render_and_encode_seconds: $ours"
echo "ffmpeg_encode_only_seconds: $theirs"
echo "owl_ratio_to_ffmpeg: $(python3 -c "print(round($ours / $theirs, 3))")"
echo "owl_gif_bytes: $(stat -c %s "$OUT/owl.gif") (ffmpeg: $(stat -c %s "$OUT/owl-ffmpeg.gif"))"

# Peak memory must not grow with the demo's length: the whole demo against its first second.
rss() { /usr/bin/time -f %M "$BIN/popping-render" owl "$@" --quiet 2>&1 >/dev/null | tail -1; }
echo "owl_peak_rss_kb_60_frames: $(rss --frames 0..59 --out "$OUT/owl-short.gif")"
echo "owl_peak_rss_kb_all_frames: $(echo "$runs" | awk '{print $2}' | sort -n | tail -1)"
# The same 30 fps owl frames streamed through the GIF encoder once, four and eight times over:
# a demo many times as long must not need more memory.
once=$(ls "$frames"/frame-*.png)
for k in 1 4 8; do
  list=$(for _ in $(seq "$k"); do echo "$once"; done)
  # shellcheck disable=SC2086
  rss_kb=$(/usr/bin/time -f %M "$BIN/popping-render" gif $list -o "$OUT/owl-repeat.gif" --quiet 2>&1 >/dev/null | tail -1)
  echo "gif_peak_rss_kb_$(echo "$list" | wc -l)_frames: $rss_kb"
done
