#!/usr/bin/env bash
# The GIF encoder alone, for profiling its changes: builds Sources/Codecs/GIF*.swift with
# swiftc -O and a serial driver (Stubs.swift, Driver.swift; no PNG decoding, no threads), encodes
# the moving mesh (bench/mesh_frames.py) and, with CALLGRIND=1, counts its instructions
# (deterministic on a loaded machine, unlike CPU time). The GIF is the `gif` command's (cmp it).
#
# usage: bench/gif_alone/run.sh [OUT_DIR]
# env:   PY (numpy + Pillow), GIF_FRAMES=N (first N frames; 6 keep callgrind near a minute), CALLGRIND=1
set -euo pipefail
cd "$(dirname "$0")/../.."
OUT=${1:-.build/bench/gif-alone}
PY=${PY:-.build/peers/bin/python}
[ -x "$PY" ] || PY=python3
mkdir -p "$OUT/src"
[ -f "$OUT/mesh/frame-0029.png" ] || "$PY" bench/mesh_frames.py "$OUT/mesh"
[ -f "$OUT/raw/size.txt" ] || "$PY" - "$OUT/mesh" "$OUT/raw" <<'PYEOF'
import glob, os, sys
from PIL import Image
files = sorted(glob.glob(sys.argv[1] + "/frame-*.png"))
os.makedirs(sys.argv[2], exist_ok=True)
for i, f in enumerate(files):
    im = Image.open(f).convert("RGBA")
    open("%s/frame-%04d.rgba" % (sys.argv[2], i), "wb").write(im.tobytes())
open(sys.argv[2] + "/size.txt", "w").write("%d %d %d" % (im.width, im.height, len(files)))
PYEOF
for f in Sources/Codecs/GIF*.swift Sources/Codecs/AnimationError.swift; do
  sed -e '/^import Raster/d' -e '/^import Geometry/d' "$f" > "$OUT/src/$(basename "$f")"
done
swiftc -O -wmo -parse-as-library -module-name Codecs -o "$OUT/driver" \
  bench/gif_alone/Stubs.swift bench/gif_alone/Driver.swift "$OUT"/src/*.swift
if [ "${CALLGRIND:-0}" = 1 ]; then
  valgrind --tool=callgrind --callgrind-out-file="$OUT/callgrind.out" "$OUT/driver" "$OUT/raw" "$OUT/mesh.gif" 2>&1 \
    | sed -n 's/^==[0-9]*== Collected : /gif_alone_instructions /p'
else
  "$OUT/driver" "$OUT/raw" "$OUT/mesh.gif"
fi
echo "gif_alone_bytes $(stat -c %s "$OUT/mesh.gif")"
