#!/usr/bin/env bash
# APNG, WebP and gradient GIFs against their peers, each comparison in the same run:
#   - the owl at 2x, 30 fps as APNG: `popping-render apng` against Debian's apngasm on the same
#     frames (target: no bigger, at most a tenth of its time);
#   - WebP lossless against libwebp's own `img2webp -lossless` (target: no bigger, no slower);
#     lossy at the default quality: every frame at least 38 dB against its PNG;
#   - a gradient animation (bench/gradient_frames.py) as GIF against ffmpeg's palettegen/paletteuse
#     with its default dithering (target: at least its PSNR after a radius-1 blur of both, at most
#     half its size, in less time);
#   - moving full-frame gradients (bench/mesh_frames.py: 640 × 640, a turning linear gradient under
#     a circling radial glow, 30 frames) the same way, scored after a 5 × 5 box blur.
# Prints name value lines and PASS/FAIL per target. Installs apngasm, webp, ffmpeg and gifsicle
# with apt-get when missing; PSNR needs Pillow and numpy ($PY, as bench/setup-peers.sh installs).
#
# env: BIN=.build/release OUT=.build/bench PY=.build/peers/bin/python RUNS=3
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-.build/release}/popping-render
OUT=${OUT:-.build/bench}/outputs
PY=${PY:-.build/peers/bin/python}
RUNS=${RUNS:-3}
[ -x "$PY" ] || PY=python3
mkdir -p "$OUT"

missing=()
for tool in apngasm:apngasm img2webp:webp ffmpeg:ffmpeg gifsicle:gifsicle; do
  command -v "${tool%%:*}" >/dev/null || missing+=("${tool#*:}")
done
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi
  $SUDO apt-get update -qq && $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi
[ -x "$BIN" ] || swift build -c release --product popping-render >&2

# Fastest wall time of RUNS runs of a command, in seconds.
best_time() {
  local runs=$1 best= t start; shift
  for _ in $(seq 1 "$runs"); do
    start=$(date +%s.%N)
    "$@" >/dev/null 2>&1 || { echo "bench/outputs.sh: failed: $*" >&2; exit 1; }
    t=$(echo "$(date +%s.%N) - $start" | bc)
    if [ -z "$best" ] || [ "$(echo "$t < $best" | bc)" = 1 ]; then best=$t; fi
  done
  printf '%.3f' "$best"
}
ratio() { python3 -c "print(f'{$1 / $2:.3f}')"; }
verdict() { python3 -c "print('PASS' if $1 else 'FAIL')"; }
size() { stat -c %s "$1"; }

owl="$OUT/owl-frames"
rm -rf "$owl" && "$BIN" owl --scale 2 --fps 30 --out "$owl" --quiet
frames=("$owl"/frame-*.png)

# APNG: ours from the frame folder (its frames.json says 30 fps) against apngasm, which is slow,
# so it runs once.
ours=$(best_time "$RUNS" "$BIN" apng "$owl" -o "$OUT/owl.apng" --quiet)
theirs=$(best_time 1 apngasm "$OUT/owl-apngasm.png" "${frames[0]}" 1 30)
echo "apng_seconds $ours (apngasm $theirs, ratio $(ratio "$ours" "$theirs"))"
echo "apng_bytes $(size "$OUT/owl.apng") (apngasm $(size "$OUT/owl-apngasm.png"), ratio $(ratio "$(size "$OUT/owl.apng")" "$(size "$OUT/owl-apngasm.png")"))"
echo "apng_target_no_bigger $(verdict "$(size "$OUT/owl.apng") <= $(size "$OUT/owl-apngasm.png")")"
echo "apng_target_tenth_of_the_time $(verdict "$ours <= $theirs / 10")"
echo "apng_lossless_psnr_min_mean $("$PY" bench/outputs_psnr.py "$OUT/owl.apng" "$owl" 30)"

# WebP lossless against img2webp (same library and effort; 33 ms frames), alternating runs.
ours= theirs=
for _ in $(seq 1 "$RUNS"); do
  o=$(best_time 1 "$BIN" webp "$owl" -o "$OUT/owl-lossless.webp" --lossless --quiet)
  t=$(best_time 1 img2webp -lossless -d 33 "${frames[@]}" -o "$OUT/owl-img2webp.webp")
  if [ -z "$ours" ] || [ "$(echo "$o < $ours" | bc)" = 1 ]; then ours=$o; fi
  if [ -z "$theirs" ] || [ "$(echo "$t < $theirs" | bc)" = 1 ]; then theirs=$t; fi
done
echo "webp_lossless_seconds $ours (img2webp $theirs, ratio $(ratio "$ours" "$theirs"))"
echo "webp_lossless_bytes $(size "$OUT/owl-lossless.webp") (img2webp $(size "$OUT/owl-img2webp.webp"))"
echo "webp_lossless_target_no_bigger $(verdict "$(size "$OUT/owl-lossless.webp") <= $(size "$OUT/owl-img2webp.webp")")"
echo "webp_lossless_target_no_slower $(verdict "$ours <= $theirs")"
"$BIN" webp "$owl" -o "$OUT/owl-lossy.webp" --quiet
read -r lossy_min lossy_mean < <("$PY" bench/outputs_psnr.py "$OUT/owl-lossy.webp" "$owl" 30)
echo "webp_lossy_bytes $(size "$OUT/owl-lossy.webp") psnr_min $lossy_min psnr_mean $lossy_mean"
echo "webp_lossy_target_every_frame_38db $(verdict "$lossy_min >= 38")"

# Gradient GIF against ffmpeg's default dithering (sierra2_4a), alternating runs.
grad="$OUT/gradient-frames"
[ -f "$grad/frame-0044.png" ] || python3 bench/gradient_frames.py "$grad" 480 360 45
ours= theirs=
for _ in $(seq 1 "$RUNS"); do
  o=$(best_time 1 "$BIN" gif "$grad" -o "$OUT/gradient.gif" --quiet)
  t=$(best_time 1 ffmpeg -v error -y -framerate 30 -i "$grad/frame-%04d.png" \
      -vf 'split[a][b];[a]palettegen[p];[b][p]paletteuse' "$OUT/gradient-ffmpeg.gif")
  if [ -z "$ours" ] || [ "$(echo "$o < $ours" | bc)" = 1 ]; then ours=$o; fi
  if [ -z "$theirs" ] || [ "$(echo "$t < $theirs" | bc)" = 1 ]; then theirs=$t; fi
done
read -r our_min our_mean < <("$PY" bench/outputs_psnr.py "$OUT/gradient.gif" "$grad" 30 --blur)
read -r ff_min ff_mean < <("$PY" bench/outputs_psnr.py "$OUT/gradient-ffmpeg.gif" "$grad" 30 --blur)
echo "gradient_gif_seconds $ours (ffmpeg $theirs)"
echo "gradient_gif_bytes $(size "$OUT/gradient.gif") (ffmpeg $(size "$OUT/gradient-ffmpeg.gif"), ratio $(ratio "$(size "$OUT/gradient.gif")" "$(size "$OUT/gradient-ffmpeg.gif")"))"
echo "gradient_gif_blurred_psnr_min_mean $our_min $our_mean (ffmpeg $ff_min $ff_mean)"
echo "gradient_target_quality $(verdict "$our_mean >= $ff_mean and $our_min >= $ff_min")"
echo "gradient_target_half_the_size $(verdict "$(size "$OUT/gradient.gif") * 2 <= $(size "$OUT/gradient-ffmpeg.gif")")"
echo "gradient_target_less_time $(verdict "$ours < $theirs")"

# Moving full-frame gradients against ffmpeg's default dithering, alternating runs; 5 × 5 box blur.
mesh="$OUT/mesh-frames"
[ -f "$mesh/frame-0029.png" ] || "$PY" bench/mesh_frames.py "$mesh"
ours= theirs=
for _ in $(seq 1 "$RUNS"); do
  o=$(best_time 1 "$BIN" gif "$mesh" -o "$OUT/mesh.gif" --quiet)
  t=$(best_time 1 ffmpeg -v error -y -framerate 30 -i "$mesh/frame-%04d.png" \
      -vf 'split[a][b];[a]palettegen[p];[b][p]paletteuse' "$OUT/mesh-ffmpeg.gif")
  if [ -z "$ours" ] || [ "$(echo "$o < $ours" | bc)" = 1 ]; then ours=$o; fi
  if [ -z "$theirs" ] || [ "$(echo "$t < $theirs" | bc)" = 1 ]; then theirs=$t; fi
done
read -r our_min our_mean < <("$PY" bench/outputs_psnr.py "$OUT/mesh.gif" "$mesh" 30 --box5)
read -r ff_min ff_mean < <("$PY" bench/outputs_psnr.py "$OUT/mesh-ffmpeg.gif" "$mesh" 30 --box5)
echo "mesh_gif_seconds $ours (ffmpeg $theirs, ratio $(ratio "$ours" "$theirs"))"
echo "mesh_gif_bytes $(size "$OUT/mesh.gif") (ffmpeg $(size "$OUT/mesh-ffmpeg.gif"), ratio $(ratio "$(size "$OUT/mesh.gif")" "$(size "$OUT/mesh-ffmpeg.gif")"))"
echo "mesh_gif_box5_psnr_min_mean $our_min $our_mean (ffmpeg $ff_min $ff_mean)"
echo "mesh_target_quality $(verdict "$our_mean >= $ff_mean and $our_min >= $ff_min")"
echo "mesh_target_half_the_size $(verdict "$(size "$OUT/mesh.gif") * 2 <= $(size "$OUT/mesh-ffmpeg.gif")")"
echo "mesh_target_less_time $(verdict "$ours < $theirs")"
