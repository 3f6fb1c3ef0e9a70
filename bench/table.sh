#!/usr/bin/env bash
# A 40-row table scrolling for 2 s against the owl demo, in the same run at the same scale: CPU
# time per rendered frame of each (best of 5, interleaved so both see the same load). Issue #29's
# target: the table costs at most 1.5x the owl's time per frame.
set -euo pipefail
BIN=${BIN:-.build/release}
OUT=${OUT:-.build/bench}
SCALE=${SCALE:-2}
mkdir -p "$OUT"
render="$BIN/popping-render"

table="$OUT/table-40-rows.yaml"
python3 - "$table" <<'PY'
import sys
out = ["screen: {device: iphone-8}", "views:", "  - tableView: list", "    style: insetGrouped",
       "    frame: [0, 20, 375, 647]", "    sections:"]
for s in range(4):
    out += [f"      - header: Section {s + 1}", "        rows:"]
    for r in range(10):
        accessory = ["disclosureIndicator", "checkmark", "switch", "none"][r % 4]
        detail = f", secondaryText: Detail {r}" if r % 3 == 0 else ""
        out.append(f"          - {{id: row{s}_{r}, text: Row {s * 10 + r + 1}{detail}, accessory: {accessory}}}")
out += ["script:", "  - scroll: list", "    to: [0, 1300]", "    duration: 2"]
open(sys.argv[1], "w").write("\n".join(out) + "\n")
PY

timed() { { /usr/bin/time -f "%U %S" "$@" >/dev/null; } 2>&1 | tail -1; }
table_cpu=() ; owl_cpu=()
rm -rf "$OUT/owl-frames" "$OUT/table-frames"
for i in 1 2 3 4 5; do
  read -r u s <<<"$(timed "$render" owl --scale "$SCALE" --fps 60 --frames-dir "$OUT/owl-frames" --quiet --no-touches)"
  owl_cpu+=("$(python3 -c "print($u + $s)")")
  read -r u s <<<"$(timed "$render" "$table" --scale "$SCALE" --fps 60 --frames-dir "$OUT/table-frames" --quiet --no-touches)"
  table_cpu+=("$(python3 -c "print($u + $s)")")
done
best() { printf '%s\n' "$@" | sort -n | head -1; }
owl_count=$(ls "$OUT/owl-frames" | wc -l)
table_count=$(ls "$OUT/table-frames" | wc -l)
python3 - "$(best "${owl_cpu[@]}")" "$owl_count" "$(best "${table_cpu[@]}")" "$table_count" <<'PY'
import sys
owl, owl_n, table, table_n = float(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4])
o, t = owl / owl_n * 1000, table / table_n * 1000
print(f"owl_ms_per_frame: {o:.2f} ({owl_n} frames)")
print(f"table_40_rows_scrolling_ms_per_frame: {t:.2f} ({table_n} frames)")
print(f"table_to_owl_ratio: {t / o:.3f} (target <= 1.5)")
PY
