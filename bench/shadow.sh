#!/usr/bin/env bash
# Core Animation shadows, in the same run:
# 1. Cost: a screen of 12 cards sliding and scaling on springs, with shadows and without (the
#    same scene minus its shadow keys); best of 7 runs each, interleaved so both see the same
#    machine load; CPU time (user + system, all threads). Shadows are blurred once per card and
#    moved with it, so rendering them should cost at most 1.3x: measured as `check` (every frame
#    rendered and hashed, no encoder, whose cost would depend on how well soft edges compress).
#    The same ratio written as PNG frames and as a GIF is reported beside it: both encoders
#    spend more on a shadow's soft gradient than on flat cards.
# 2. Materials: a tab bar of systemChromeMaterial over a still list while a card springs above
#    it, against the same bar painted opaque. The backdrop behind the bar does not change, so
#    its blur is computed on the first frame and reused (BackdropCache) until it does.
# 3. Fidelity: one card's shadow against headless Chromium's CSS `box-shadow` of the same card
#    (blur = 2 × shadowRadius, as Core Animation's radius is the Gaussian's deviation and CSS's
#    blur is twice it), both at 2x; PSNR over the whole frame and over the shadow's ring alone.
set -euo pipefail
BIN=${BIN:-.build/release}
OUT=${OUT:-.build/bench}
PY=${PY:-python3}
mkdir -p "$OUT/shadow"
render="$BIN/popping-render"

# 1. Twelve cards.
python3 - "$OUT/shadow" <<'PY'
import sys
out = sys.argv[1]
def scene(shadows):
    lines = ["screen: {device: iphone-8, background: '#F2F2F7', statusBar: {hidden: true}}", "views:"]
    for i in range(12):
        lines.append(f"  - view: card{i}")
        lines.append(f"    frame: [16, {12 + i * 54}, 343, 46]")
        lines.append("    backgroundColor: white")
        lines.append("    cornerRadius: 12")
        if shadows:
            lines.append("    shadowColor: black")
            lines.append("    shadowOpacity: 0.18")
            lines.append("    shadowRadius: 8")
            lines.append("    shadowOffset: [0, 4]")
        lines.append("    subviews:")
        lines.append(f"      - {{label: title{i}, text: Card {i + 1}, font: Avenir-Medium 17, textColor: '#262626', frame: [16, 12, 200, 22]}}")
        lines.append(f"      - {{view: dot{i}, frame: [303, 11, 24, 24], cornerRadius: 12, backgroundColor: '#34C759'}}")
    lines.append("animations:")
    for i in range(12):
        lines.append(f"  slide{i}: {{type: spring, view: card{i}, property: positionX, fromValue: {187.5 - 120 + 20 * (i % 3)}, toValue: 187.5, springBounciness: 10, springSpeed: 6}}")
        lines.append(f"  grow{i}: {{type: spring, view: card{i}, property: scaleXY, fromValue: 0.9, toValue: 1, springBounciness: 12, springSpeed: 6}}")
    lines.append("on:")
    lines.append("  screen.load:")
    for i in range(12):
        lines += [f"    - run: slide{i}", f"    - run: grow{i}"]
    lines.append("script:")
    lines.append("  - wait: 1.5")
    return "\n".join(lines) + "\n"
open(f"{out}/cards-shadow.yaml", "w").write(scene(True))
open(f"{out}/cards-plain.yaml", "w").write(scene(False))
PY
# CPU seconds (user + system, the command and its children) to the microsecond, as the kernel
# counts them (/usr/bin/time rounds to 10 ms, a tenth of the difference measured here).
cpu_of() {
  python3 -c 'import resource, subprocess, sys
subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
r = resource.getrusage(resource.RUSAGE_CHILDREN)
print(round(r.ru_utime + r.ru_stime, 4))' "$@"
}
best() { printf '%s\n' "$@" | sort -n | head -1; }
mkdir -p "$OUT/shadow/no-goldens"
for way in render png gif; do
  with_cpu=() ; without_cpu=()
  for i in 1 2 3 4 5 6 7; do
    for kind in shadow plain; do
      rm -rf "$OUT/shadow/frames-$kind" "$OUT/shadow/cards-$kind.gif"
      case $way in
        # A check against no goldens renders and hashes every frame, then fails (exit 1).
        render) c=$(cpu_of bash -c "'$render' check '$OUT/shadow/cards-$kind.yaml' --goldens '$OUT/shadow/no-goldens' --quiet || [ \$? = 1 ]") ;;
        png) c=$(cpu_of "$render" "$OUT/shadow/cards-$kind.yaml" --out "$OUT/shadow/frames-$kind" --quiet) ;;
        gif) c=$(cpu_of "$render" "$OUT/shadow/cards-$kind.yaml" --out "$OUT/shadow/cards-$kind.gif" --quiet) ;;
      esac
      if [ $kind = shadow ]; then with_cpu+=("$c"); else without_cpu+=("$c"); fi
    done
  done
  w=$(best "${with_cpu[@]}"); p=$(best "${without_cpu[@]}")
  target=""; [ $way = render ] && target=" (target <= 1.3)"
  echo "shadow_cards_${way}_cpu_seconds: $w (without shadows: $p)"
  echo "shadow_cards_${way}_ratio: $(python3 -c "print(round($w / $p, 3))")$target"
done

# 2. A material over still content.
python3 - "$OUT/shadow" <<'PY'
import sys
out = sys.argv[1]
def scene(material):
    lines = ["screen: {device: iphone-16-pro, background: systemGroupedBackground}", "views:"]
    colours = ["systemRed", "systemOrange", "systemYellow", "systemGreen", "systemTeal", "systemBlue", "systemIndigo", "systemPurple"]
    for i in range(8):
        lines.append(f"  - {{view: row{i}, frame: [16, {430 + i * 52}, 370, 44], backgroundColor: {colours[i]}, cornerRadius: 10}}")
    lines.append("  - {view: card, frame: [40, 140, 322, 200], backgroundColor: secondarySystemGroupedBackground, cornerRadius: 20}")
    if material:
        lines.append("  - {visualEffectView: tabs, frame: [0, 791, 402, 83], effect: systemChromeMaterial}")
    else:
        lines.append("  - {view: tabs, frame: [0, 791, 402, 83], backgroundColor: secondarySystemBackground}")
    lines += ["animations:",
              "  grow: {type: spring, view: card, property: scaleXY, fromValue: 0.6, toValue: 1, springBounciness: 12, springSpeed: 4}",
              "  slide: {type: spring, view: card, property: positionY, fromValue: 300, toValue: 240, springBounciness: 8, springSpeed: 4}",
              "on:", "  screen.load:", "    - run: grow", "    - run: slide", "script:", "  - wait: 1.5"]
    return "\n".join(lines) + "\n"
open(f"{out}/tabs-material.yaml", "w").write(scene(True))
open(f"{out}/tabs-plain.yaml", "w").write(scene(False))
PY
with_cpu=() ; without_cpu=()
for i in 1 2 3 4 5 6 7; do
  for kind in material plain; do
    c=$(cpu_of bash -c "'$render' check '$OUT/shadow/tabs-$kind.yaml' --goldens '$OUT/shadow/no-goldens' --quiet || [ \$? = 1 ]")
    if [ $kind = material ]; then with_cpu+=("$c"); else without_cpu+=("$c"); fi
  done
done
w=$(best "${with_cpu[@]}"); p=$(best "${without_cpu[@]}")
echo "material_tabs_render_cpu_seconds: $w (opaque bar: $p)"
echo "material_tabs_render_ratio: $(python3 -c "print(round($w / $p, 3))") (target <= 1.3)"

# 3. One card, here and in Chromium: 200 x 120 pt on a 300 x 260 pt light grey screen, corner
#    radius 16, shadow black 0.5, radius 12 pt, offset [0, 10] pt.
cat > "$OUT/shadow/card.yaml" <<'YAML'
screen: {size: 300x260, background: '#F2F2F7', statusBar: {hidden: true}}
views:
  - view: card
    frame: [50, 50, 200, 120]
    backgroundColor: white
    cornerRadius: 16
    shadowOpacity: 0.5
    shadowRadius: 12
    shadowOffset: [0, 10]
script:
  - wait: 0.02
YAML
cat > "$OUT/shadow/card.html" <<'HTML'
<!doctype html><html><body style="margin:0;background:#F2F2F7">
<div style="position:absolute;left:50px;top:50px;width:200px;height:120px;background:#fff;border-radius:16px;
box-shadow:0 10px 24px rgba(0,0,0,0.5)"></div></body></html>
HTML
rm -rf "$OUT/shadow/card-frames"
"$render" "$OUT/shadow/card.yaml" --out "$OUT/shadow/card-frames" --scale 2 --quiet
chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --force-device-scale-factor=2 \
  --window-size=300,260 --screenshot="$OUT/shadow/card-chromium.png" "file://$(realpath "$OUT/shadow/card.html")" \
  >/dev/null 2>&1
"$PY" - "$OUT/shadow/card-frames/frame-0000.png" "$OUT/shadow/card-chromium.png" <<'PY'
import sys
import numpy as np
from PIL import Image
ours = np.asarray(Image.open(sys.argv[1]).convert("RGB")).astype(np.float64)
theirs = np.asarray(Image.open(sys.argv[2]).convert("RGB")).astype(np.float64)
def psnr(a, b):
    mse = ((a - b) ** 2).mean()
    return 99.0 if mse == 0 else 10 * np.log10(255 ** 2 / mse)
# The ring the shadow falls in: 3σ around the card, the card itself left out.
h, w = ours.shape[:2]
ys, xs = np.mgrid[0:h, 0:w]
s = 2
outer = (xs >= (50 - 36) * s) & (xs < (250 + 36) * s) & (ys >= (50 - 26) * s) & (ys < (170 + 46) * s)
inner = (xs >= 50 * s) & (xs < 250 * s) & (ys >= 50 * s) & (ys < 170 * s)
ring = outer & ~inner
print(f"shadow_vs_chromium_psnr_db: {psnr(ours, theirs):.1f} (whole frame), "
      f"{psnr(ours[ring], theirs[ring]):.1f} (shadow ring); max difference {np.abs(ours - theirs)[ring].max():.0f} levels")
PY
