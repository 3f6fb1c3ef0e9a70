#!/usr/bin/env bash
# Raster benchmark: `popping-bench raster` against Blend2D, Skia and cairo (bench/raster_peers.py), all
# single-threaded, on scenes from bench/make_scene.py (one per seed in SEEDS). Ours and the peers run
# round-robin, ROUNDS times FRAMES frames, so each comparison comes from the same spell of this
# shared machine; each renderer's figure is the median of its per-round medians. Every renderer
# first draws untimed for WARMUP seconds: on these virtual machines a process's first tens of
# milliseconds often run up to 1.5x slower, which would fall on whoever starts timing first. Quality is the
# PSNR of each frame against a 4x4-supersampled reference (bench/raster_peers.py --reference).
# Prints per seed a table (fastest first) and the lines
#   raster_ms_per_frame, <peer>_ms_per_frame (wall), *_cpu_ms_per_frame (the thread's CPU time, which
#   other processes on a busy machine disturb less), raster_psnr_ref4x, <peer>_psnr_ref4x,
#   raster_ratio_<peer> (our time / the peer's: below 1 is faster)
#
# usage: bench/raster.sh [OUT_DIR]
# env:   PY (a Python with the peers, bench/setup-peers.sh), SEEDS="17 29 5", ROUNDS=5, FRAMES=20, WARMUP=0.25,
#        BIN=.build/release, OUT (results go to $OUT/raster)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
PY=${PY:-$ROOT/.build/peers/bin/python}
OUT=${1:-${OUT:-${TMPDIR:-/tmp}/popping-bench}/raster}
SEEDS=${SEEDS:-17 29 5}
ROUNDS=${ROUNDS:-5}
FRAMES=${FRAMES:-20}
WARMUP=${WARMUP:-0.25}
BIN=${BIN:-$ROOT/.build/release}/popping-bench
PEERS=(blend2d skia cairo)

mkdir -p "$OUT"
[ -x "$BIN" ] || (cd "$ROOT" && swift build -c release --product popping-bench >&2)

for seed in $SEEDS; do
    dir="$OUT/seed-$seed"
    mkdir -p "$dir"
    "$PY" "$ROOT/bench/make_scene.py" --seed "$seed" --out "$dir/scene.json"
    "$PY" "$ROOT/bench/raster_peers.py" draw "$dir/scene.json" "$dir" --peers "" --reference
    : > "$dir/times"
    for _ in $(seq 1 "$ROUNDS"); do
        { "$BIN" raster "$dir/scene.json" --out "$dir/ours.png" --repeat "$FRAMES" --warmup "$WARMUP"
          "$PY" "$ROOT/bench/raster_peers.py" draw "$dir/scene.json" "$dir" --frames "$FRAMES" --warmup "$WARMUP"; } |
            sed -n 's/^\([a-z0-9]*\)_cpu_ms_per_frame: /\1 cpu /p; s/^\([a-z0-9]*\)_ms_per_frame: /\1 wall /p' >> "$dir/times"
    done
    {
        echo "raster $("$PY" "$ROOT/bench/raster_peers.py" psnr "$dir/reference.png" "$dir/ours.png")"
        for peer in "${PEERS[@]}"; do
            echo "$peer $("$PY" "$ROOT/bench/raster_peers.py" psnr "$dir/reference.png" "$dir/$peer.png")"
        done
    } > "$dir/psnr"
    "$PY" - "$dir" "$seed" "$ROUNDS" "$FRAMES" <<'PY'
import statistics, sys
folder, seed, rounds, frames = sys.argv[1:]
times = {}
for line in open(f"{folder}/times"):
    name, clock, ms = line.split()
    times.setdefault((name, clock), []).append(float(ms))
psnr = dict(line.split() for line in open(f"{folder}/psnr"))
wall = {name: statistics.median(v) for (name, clock), v in times.items() if clock == "wall"}
cpu = {name: statistics.median(v) for (name, clock), v in times.items() if clock == "cpu"}
label = {"raster": "popping-render"}
print(f"scene seed {seed}: 750x1334, 270 shapes; median of {rounds} rounds x {frames} frames, one thread")
print(f"  {'renderer':16} {'ms/frame':>9} {'CPU ms':>8} {'PSNR dB':>8} {'time / ours':>12} {'CPU / ours':>11}")
for name in sorted(wall, key=wall.get):
    print(f"  {label.get(name, name):16} {wall[name]:9.3f} {cpu[name]:8.3f} {float(psnr[name]):8.2f} "
          f"{wall[name] / wall['raster']:12.2f} {cpu[name] / cpu['raster']:11.2f}")
for name in wall:
    print(f"{name}_ms_per_frame[seed {seed}] {wall[name]:.3f}")
    print(f"{name}_cpu_ms_per_frame[seed {seed}] {cpu[name]:.3f}")
    print(f"{name}_psnr_ref4x[seed {seed}] {float(psnr[name]):.2f}")
for name in wall:
    if name != "raster":
        print(f"raster_ratio_{name}[seed {seed}] {wall['raster'] / wall[name]:.2f} (CPU time {cpu['raster'] / cpu[name]:.2f})")
PY
done

# The profile behind the figures: callgrind's instruction counts (stable on a busy machine, unlike
# times) of drawing the first seed's scene, summed by stage of the rasterizer. Valgrind has no
# AVX-512, so the sweep and the span kernel run their AVX2 paths here.
if command -v valgrind >/dev/null 2>&1 && command -v strip >/dev/null 2>&1; then
    seed=${SEEDS%% *}
    frames=5
    strip -g -o "$OUT/popping-bench.nodebug" "$BIN"
    valgrind --tool=callgrind --callgrind-out-file="$OUT/callgrind.out" --toggle-collect='*BenchScene*4draw2on*' \
        "$OUT/popping-bench.nodebug" raster "$OUT/seed-$seed/scene.json" --repeat "$((frames - 1))" --warmup 0 \
        >/dev/null 2>"$OUT/callgrind.log"
    callgrind_annotate "$OUT/callgrind.out" > "$OUT/callgrind.txt" 2>/dev/null
    echo "profile, seed $seed (callgrind, instructions per frame by stage):"
    "$PY" "$ROOT/bench/raster_profile.py" "$OUT/callgrind.txt" "$frames"
else
    echo "profile: skipped (no valgrind or strip; bench/setup-peers.sh installs valgrind)"
fi
