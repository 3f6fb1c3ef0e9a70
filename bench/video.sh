#!/usr/bin/env bash
# MP4 against ffmpeg, in the same run: the owl at 2x, 60 fps.
#   ours:   `popping-render owl --scale 2 --out owl.mp4` (render and encode, frames handed over in memory)
#   ffmpeg: `ffmpeg -framerate 60 -i frame-%04d.png -c:v libx264 -crf N -pix_fmt yuv420p` on the same
#           frames already rendered to PNG (encode only), at the largest CRF N whose mean decoded PSNR
#           is at least ours (its smallest file at our quality or better).
# Prints sizes, times and their ratios (targets: no bigger; render+encode faster than ffmpeg's encode
# alone) and the PSNR of every decoded frame of both against the PNG frames.
#
# env: BIN=.build/release OUT=.build/bench PY (numpy + Pillow) RUNS=3
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-.build/release}/popping-render
OUT=${OUT:-.build/bench}/video
PY=${PY:-.build/peers/bin/python}
RUNS=${RUNS:-3}
[ -x "$PY" ] || PY=python3
mkdir -p "$OUT"
command -v ffmpeg >/dev/null || {
  if [ "$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi
  $SUDO apt-get update -qq && $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ffmpeg >/dev/null
}
[ -x "$BIN" ] || swift build -c release --product popping-render >&2

seconds() { local s; s=$(date +%s.%N); "$@" >/dev/null 2>&1 || { echo "bench/video.sh: failed: $*" >&2; exit 1; }
            echo "$(date +%s.%N) - $s" | bc; }
min() { printf '%s\n' "$@" | sort -g | head -1; }
ratio() { python3 -c "print(f'{$1 / $2:.3f}')"; }
verdict() { python3 -c "print('PASS' if $1 else 'FAIL')"; }
size() { stat -c %s "$1"; }

frames="$OUT/owl-frames"
rm -rf "$frames" && "$BIN" owl --scale 2 --out "$frames" --quiet
count=$(ls "$frames"/frame-*.png | wc -l)

ours_runs=()
for _ in $(seq 1 "$RUNS"); do ours_runs+=("$(seconds "$BIN" owl --scale 2 --out "$OUT/owl.mp4" --quiet)"); done
ours=$(min "${ours_runs[@]}")
read -r our_min our_mean our_count < <("$PY" bench/video_psnr.py "$OUT/owl.mp4" "$frames" bt709 tv)

# ffmpeg's CRF at our quality: from 23 (its default) down until its mean PSNR reaches ours.
crf=23
while :; do
  ffmpeg -v error -y -framerate 60 -i "$frames/frame-%04d.png" -c:v libx264 -crf "$crf" -pix_fmt yuv420p \
    "$OUT/owl-ffmpeg.mp4"
  read -r ff_min ff_mean ff_count < <("$PY" bench/video_psnr.py "$OUT/owl-ffmpeg.mp4" "$frames" bt601 tv)
  if [ "$(echo "$ff_mean >= $our_mean" | bc)" = 1 ] || [ "$crf" -le 0 ]; then break; fi
  crf=$((crf - 1))
done
ff_runs=()
for _ in $(seq 1 "$RUNS"); do
  ff_runs+=("$(seconds ffmpeg -v error -y -framerate 60 -i "$frames/frame-%04d.png" -c:v libx264 -crf "$crf" \
    -pix_fmt yuv420p "$OUT/owl-ffmpeg.mp4")")
done
theirs=$(min "${ff_runs[@]}")

echo "video_frames $count (ours decode $our_count, ffmpeg decode $ff_count)"
echo "video_seconds $ours render+encode (ffmpeg encode only at crf $crf: $theirs, ratio $(ratio "$ours" "$theirs"))"
echo "video_bytes $(size "$OUT/owl.mp4") (ffmpeg $(size "$OUT/owl-ffmpeg.mp4"), ratio $(ratio "$(size "$OUT/owl.mp4")" "$(size "$OUT/owl-ffmpeg.mp4")"))"
echo "video_psnr_min_mean $our_min $our_mean (ffmpeg crf $crf: $ff_min $ff_mean)"
echo "video_target_no_bigger $(verdict "$(size "$OUT/owl.mp4") <= $(size "$OUT/owl-ffmpeg.mp4")")"
echo "video_target_faster_than_ffmpeg_encode_alone $(verdict "$ours < $theirs")"
echo "video_psnr_every_frame_ours $("$PY" bench/video_psnr.py "$OUT/owl.mp4" "$frames" bt709 tv --each | tail -1)"
echo "video_psnr_every_frame_ffmpeg $("$PY" bench/video_psnr.py "$OUT/owl-ffmpeg.mp4" "$frames" bt601 tv --each | tail -1)"
