#!/usr/bin/env bash
# Regenerates the bundled static Nunito Sans faces (Light 300, Regular 400, Medium 500) from the
# variable font on PyPI, pinning every other axis to its default. Run from anywhere:
#   bash Assets/Fonts/make-fonts.sh
# It needs python3 and PyPI; the tools go into a venv outside the repository ($FONTS_VENV).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
venv="${FONTS_VENV:-${TMPDIR:-/tmp}/popping-render-fonts-venv}"
if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
fi
"$venv/bin/pip" install -q "fonttools==4.68.0" "fontpkg-nunito-sans==3.101"
"$venv/bin/python" - "$here" <<'PY'
import sys
from pathlib import Path
from fontTools.ttLib import TTFont
from fontTools.varLib.instancer import instantiateVariableFont
import fontpkg_nunito_sans

out = Path(sys.argv[1])
source = fontpkg_nunito_sans.ROOT / "files" / "NunitoSans[YTLC,opsz,wdth,wght].ttf"
for style, weight in [("Light", 300), ("Regular", 400), ("Medium", 500)]:
    font = TTFont(source)
    axes = {a.axisTag: a.defaultValue for a in font["fvar"].axes}
    axes["wght"] = weight
    static = instantiateVariableFont(font, axes, updateFontNames=False)
    for table in ("STAT", "MVAR", "HVAR"):
        if table in static:
            del static[table]
    static.recalcTimestamp = False
    path = out / f"NunitoSans-{style}.ttf"
    static.save(path, reorderTables=True)
    cmap = static.getBestCmap()
    assert "glyf" in static and "GPOS" in static and 0x2022 in cmap, f"{path}: missing glyf, GPOS or U+2022"
    print(f"{path.name}: wght {weight}, {static['maxp'].numGlyphs} glyphs")
(out / "OFL.txt").write_text((fontpkg_nunito_sans.ROOT / "LICENSE").read_text())
PY
