#!/usr/bin/env bash
# Time of `popping-render gif` against ffmpeg palettegen + paletteuse (its default dithering) on
# the moving mesh gradients (bench/mesh_frames.py: 640 × 640, 30 frames), wall and CPU (user +
# sys) per run, the two alternating so both see the same load. Prints every run, then each one's
# fastest wall and least CPU and their ratios (ours / ffmpeg). Use a release binary: a debug one
# is several times slower.
#
# usage: bench/mesh_timing.sh [RUNS]
# env:   BIN=.build/release OUT=.build/bench PY=.build/peers/bin/python (numpy + Pillow, for the frames)
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${1:-3}
BIN=${BIN:-.build/release}/popping-render
OUT=${OUT:-.build/bench}/mesh-timing
PY=${PY:-.build/peers/bin/python}
[ -x "$PY" ] || PY=python3
[ -x "$BIN" ] || { echo "bench/mesh_timing.sh: $BIN is missing (swift build -c release)" >&2; exit 2; }
command -v ffmpeg >/dev/null || { echo "bench/mesh_timing.sh: ffmpeg is missing (bench/setup-peers.sh)" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "bench/mesh_timing.sh: GNU time is missing (bench/setup-peers.sh)" >&2; exit 2; }
mkdir -p "$OUT"
mesh="$OUT/frames"
[ -f "$mesh/frame-0029.png" ] || "$PY" bench/mesh_frames.py "$mesh"

# Runs a command under GNU time; prints "wall cpu" in seconds.
timed() {
  /usr/bin/time -f "%e %U %S" -o "$OUT/time.txt" "$@" >/dev/null 2>"$OUT/err.txt" \
    || { cat "$OUT/err.txt" >&2; echo "bench/mesh_timing.sh: failed: $*" >&2; exit 1; }
  awk '{ printf "%.2f %.2f\n", $1, $2 + $3 }' "$OUT/time.txt"
}

best() { awk -v a="$1" -v b="$2" 'BEGIN { print (a == "" || b + 0 < a + 0) ? b : a }'; }
ours_wall= ours_cpu= ff_wall= ff_cpu=
for r in $(seq 1 "$RUNS"); do
  read -r w c < <(timed "$BIN" gif "$mesh" -o "$OUT/ours.gif" --quiet)
  echo "run $r ours wall $w cpu $c"
  ours_wall=$(best "$ours_wall" "$w"); ours_cpu=$(best "$ours_cpu" "$c")
  read -r w c < <(timed ffmpeg -v error -y -framerate 30 -i "$mesh/frame-%04d.png" \
    -vf 'split[a][b];[a]palettegen[p];[b][p]paletteuse' "$OUT/ffmpeg.gif")
  echo "run $r ffmpeg wall $w cpu $c"
  ff_wall=$(best "$ff_wall" "$w"); ff_cpu=$(best "$ff_cpu" "$c")
done
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", a / b }'; }
echo "mesh_gif_wall_seconds $ours_wall (ffmpeg $ff_wall, ratio $(ratio "$ours_wall" "$ff_wall"))"
echo "mesh_gif_cpu_seconds $ours_cpu (ffmpeg $ff_cpu, ratio $(ratio "$ours_cpu" "$ff_cpu"))"
echo "mesh_gif_bytes $(stat -c %s "$OUT/ours.gif") (ffmpeg $(stat -c %s "$OUT/ffmpeg.gif"))"
