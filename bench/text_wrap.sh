#!/usr/bin/env bash
# Wrapped text: a label of 18,000 characters (numberOfLines 0, word wrapping, placed by
# constraints so Auto Layout sizes it from its wrapped lines; about 360 lines, a screen shows 35)
# rendered as one PNG frame and as 60 frames, against the same scene whose label holds the first
# 1,800 characters (the same screenful of pixels), in the same run. Wrapping is linear in the text's
# length and kept across frames, and lines below the screen are skipped when drawing, so the long
# label adds a fixed cost once, not per frame.
# env: BIN=.build/release, OUT
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BIN=${BIN:-$ROOT/.build/release}
OUT=${OUT:-${TMPDIR:-/tmp}/popping-bench}/text-wrap
mkdir -p "$OUT"
scene() {  # $1 = text, $2 = file
    cat > "$2" <<YAML
screen: {statusBar: {hidden: true}}
views:
  - {label: long, text: "$1", font: footnote, numberOfLines: 0, lineBreakMode: byWordWrapping}
  - {view: spinner, frame: [10, 10, 20, 20], backgroundColor: "#007AFF"}
constraints:
  - "H:|-(16)-[long]-(16)-|"
  - "V:|-(40)-[long]"
animations:
  spin: {type: basic, view: spinner, property: rotation, toValue: 6.28, duration: 1}
on:
  screen.load: [run: spin]
script:
  - wait: 1
YAML
}
words="Lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut labore "
long=""
while [ ${#long} -lt 18000 ]; do long+="$words"; done
long=${long:0:18000}
scene "$long" "$OUT/long.yaml"
scene "${long:0:1800}" "$OUT/short.yaml"
t() { local s e; s=$(date +%s.%N); "$@" >/dev/null; e=$(date +%s.%N); echo "$e - $s" | bc; }
for frames in 0..0 0..59; do
    tl=$(t "$BIN/popping-render" "$OUT/long.yaml" --frames "$frames" --frames-dir "$OUT/long-$frames" --quiet)
    ts=$(t "$BIN/popping-render" "$OUT/short.yaml" --frames "$frames" --frames-dir "$OUT/short-$frames" --quiet)
    printf 'frames %-6s 18,000 chars %6.3f s   1,800 chars %6.3f s   ratio %5.2f   extra %6.3f s\n' \
        "$frames" "$tl" "$ts" "$(echo "$tl / $ts" | bc -l)" "$(echo "$tl - $ts" | bc -l)"
done
