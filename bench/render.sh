#!/usr/bin/env bash
# End to end: the owl demo at 2x rendered and encoded by popping-render, as a GIF and as a folder of
# PNG frames (the same 30 fps render), against ffmpeg encoding the same frames alone, all in the same
# run (fastest of RUNS each); then peak memory of a short and a long render. Prints
#   owl_render_and_encode_seconds, ffmpeg_encode_only_seconds, owl_ratio_to_ffmpeg (goal: below 1/3),
#   owl_png_folder_seconds, owl_png_folder_to_gif (goal: at most 1.5), owl_png_folder_60fps_seconds
# env: BIN=.build/release, OUT=.build/bench, RUNS=3
set -euo pipefail
BIN=${BIN:-.build/release}
OUT=${OUT:-.build/bench}
RUNS=${RUNS:-3}
R=(owl --scale 2 --quiet)
frames="$OUT/owl-frames"
rm -rf "$frames" && mkdir -p "$frames"
"$BIN/popping-render" "${R[@]}" --frames-dir "$frames" --fps 30

best() { sort -n | head -1; }
seconds() { /usr/bin/time -f %e "$@" 2>&1 >/dev/null | tail -1; }
gif_runs="" ffmpeg_runs="" folder_runs="" folder60_runs=""
for _ in $(seq 1 "$RUNS"); do
    # Each GIF run also reports its peak memory, the whole demo's figure below.
    gif_runs+="$(/usr/bin/time -f "%e %M" "$BIN/popping-render" "${R[@]}" --out "$OUT/owl.gif" 2>&1 >/dev/null | tail -1)"$'\n'
    ffmpeg_runs+="$(seconds ffmpeg -v error -y -framerate 30 -pattern_type glob -i "$frames/frame-*.png" \
        -vf "split[a][b];[a]palettegen=stats_mode=diff[p];[b][p]paletteuse=dither=none:diff_mode=rectangle" \
        "$OUT/owl-ffmpeg.gif")"$'\n'
    rm -rf "$OUT/owl-png"
    folder_runs+="$(seconds "$BIN/popping-render" "${R[@]}" --fps 30 --frames-dir "$OUT/owl-png")"$'\n'
    rm -rf "$OUT/owl-png60"
    folder60_runs+="$(seconds "$BIN/popping-render" "${R[@]}" --frames-dir "$OUT/owl-png60")"$'\n'
done
ours=$(echo "$gif_runs" | awk 'NF {print $1}' | best)
theirs=$(echo "$ffmpeg_runs" | awk NF | best)
folder=$(echo "$folder_runs" | awk NF | best)
folder60=$(echo "$folder60_runs" | awk NF | best)
echo "owl_render_and_encode_seconds: $ours"
echo "ffmpeg_encode_only_seconds: $theirs"
echo "owl_ratio_to_ffmpeg: $(python3 -c "print(round($ours / $theirs, 3))")"
echo "owl_gif_bytes: $(stat -c %s "$OUT/owl.gif") (ffmpeg: $(stat -c %s "$OUT/owl-ffmpeg.gif"))"
echo "owl_png_folder_seconds: $folder ($(ls "$OUT/owl-png" | wc -l) frames, $(du -sb "$OUT/owl-png" | cut -f1) bytes)"
echo "owl_png_folder_to_gif: $(python3 -c "print(round($folder / $ours, 3))")"
echo "owl_png_folder_60fps_seconds: $folder60 ($(ls "$OUT/owl-png60" | wc -l) frames)"

# Peak memory must not grow with the demo's length: the whole demo against its first second.
rss() { /usr/bin/time -f %M "$BIN/popping-render" "${R[@]}" "$@" 2>&1 >/dev/null | tail -1; }
echo "owl_peak_rss_kb_60_frames: $(rss --frames 0..59 --out "$OUT/owl-short.gif")"
echo "owl_peak_rss_kb_all_frames: $(echo "$gif_runs" | awk 'NF {print $2}' | sort -n | tail -1)"
# The same 30 fps owl frames streamed through the GIF encoder once, four and eight times over:
# a demo many times as long must not need more memory.
once=$(ls "$frames"/frame-*.png)
for k in 1 4 8; do
    list=$(for _ in $(seq "$k"); do echo "$once"; done)
    # shellcheck disable=SC2086
    rss_kb=$(/usr/bin/time -f %M "$BIN/popping-render" gif $list -o "$OUT/owl-repeat.gif" --quiet 2>&1 >/dev/null | tail -1)
    echo "gif_peak_rss_kb_$(echo "$list" | wc -l)_frames: $rss_kb"
done
