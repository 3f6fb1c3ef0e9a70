#!/usr/bin/env bash
# 3-D layers: a card turning once about its vertical axis under perspective (rotationY with
# perspective: 500, drawn through the homography) against the same card turning once in the
# screen's plane (rotation, the affine path), both at 3x to PNG frames; best of 5 runs each,
# interleaved so both see the same machine load; CPU time (user + system, all threads) per frame.
# The target is a 3-D flip costing at most 1.5 times the 2-D turn. Both runs include PNG encoding,
# and the turning card covers fewer pixels on average (its width goes as |cos θ|), so the ratio
# is the whole frame's cost as a user sees it, not the projected rasteriser's alone.
set -euo pipefail
BIN=${BIN:-.build/release}
OUT=${OUT:-.build/bench}
mkdir -p "$OUT/flip"
render="$BIN/popping-render"

scene() {  # $1: the property that turns, $2: the card's transform
  cat <<YAML
screen: {size: 320x320, background: '#F2F2F7', statusBar: {hidden: true}}
views:
  - view: card
    frame: [40, 85, 240, 150]
    cornerRadius: 16
    gradient: {colors: ['#5E5CE6', '#0A84FF'], startPoint: [0, 0], endPoint: [1, 1]}
    transform: $2
    subviews:
      - {label: title, text: Flip, font: system 28 bold, textColor: white, frame: [20, 20, 200, 34]}
      - {view: badge, frame: [184, 94, 36, 36], cornerRadius: 18, backgroundColor: white, borderWidth: 2, borderColor: '#FFD60A'}
animations:
  turn: {type: basic, view: card, property: $1, fromValue: 0, toValue: 6.283185307179586, duration: 2, timingFunction: linear}
on:
  screen.load: [run: turn]
script:
  - wait: 2
YAML
}
scene rotationY '{perspective: 500}' > "$OUT/flip/card-3d.yaml"
scene rotation '{}' > "$OUT/flip/card-2d.yaml"

flat_cpu=() ; deep_cpu=()
timed() { { /usr/bin/time -f "%U %S" "$@" >/dev/null; } 2>&1 | tail -1; }
for i in 1 2 3 4 5; do
  rm -rf "$OUT/flip/frames-3d" "$OUT/flip/frames-2d"
  read -r u s <<<"$(timed "$render" "$OUT/flip/card-3d.yaml" --out "$OUT/flip/frames-3d" --scale 3 --quiet)"
  deep_cpu+=("$(python3 -c "print(round($u + $s, 3))")")
  read -r u s <<<"$(timed "$render" "$OUT/flip/card-2d.yaml" --out "$OUT/flip/frames-2d" --scale 3 --quiet)"
  flat_cpu+=("$(python3 -c "print(round($u + $s, 3))")")
done
best() { printf '%s\n' "$@" | sort -n | head -1; }
frames=$(find "$OUT/flip/frames-3d" -name 'frame-*.png' | wc -l)
d=$(best "${deep_cpu[@]}"); f=$(best "${flat_cpu[@]}")
echo "flip_3d_ms_per_frame: $(python3 -c "print(round(1000 * $d / $frames, 2))") (2-D turn: $(python3 -c "print(round(1000 * $f / $frames, 2))"); $frames frames at 3x)"
echo "flip_3d_to_2d_ratio: $(python3 -c "print(round($d / $f, 3))") (target <= 1.5)"
