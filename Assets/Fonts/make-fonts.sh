#!/usr/bin/env bash
# Regenerates the bundled static faces from the variable fonts on PyPI, and the Swift file that
# embeds them (Sources/Text/BundledFonts/): Nunito Sans Light 300, Regular 400 and Medium
# 500 (every other axis at its default), the Avenir stand-in the demos are drawn with; and Inter
# at the nine weights UIKit names (100 … 900, optical size 14, the text cut), the system font's
# stand-in, subset to Latin, Greek, Cyrillic and common punctuation and symbols, with the hhea
# ascender set to SF Pro's (see README.md). The output is byte-identical on every run. Run from
# anywhere:
#   bash Assets/Fonts/make-fonts.sh
# It needs python3 and PyPI; the tools go into a venv outside the repository ($FONTS_VENV).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
venv="${FONTS_VENV:-${TMPDIR:-/tmp}/popping-render-fonts-venv}"
if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
fi
# uharfbuzz is pinned too: with it installed fontTools can lay out GSUB and GPOS with HarfBuzz's
# repacker rather than its own, and the two give different (equally valid) bytes. The committed
# faces were made with fontTools' own packer for Nunito Sans and Inter and HarfBuzz's for the
# fallback faces, so each part below says which it uses.
"$venv/bin/pip" install -q "fonttools==4.68.0" "uharfbuzz==0.57.0" "fontpkg-nunito-sans==3.101" "fontpkg-inter==4.1.post1" \
    "pillow==12.0.0" "zopfli==0.4.3"
"$venv/bin/python" - "$here" <<'PY'
import sys
from pathlib import Path
from fontTools.ttLib import TTFont
from fontTools.varLib.instancer import instantiateVariableFont
from fontTools import subset
import fontpkg_nunito_sans
import fontpkg_inter

REPACKER = "fontTools.ttLib.tables.otBase:USE_HARFBUZZ_REPACKER"
out = Path(sys.argv[1])
source = fontpkg_nunito_sans.ROOT / "files" / "NunitoSans[YTLC,opsz,wdth,wght].ttf"
for style, weight in [("Light", 300), ("Regular", 400), ("Medium", 500)]:
    font = TTFont(source)
    font.cfg[REPACKER] = False
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

# Inter, the system font's stand-in. SF Pro's hhea ascender is 1950 of 2048 units (UIFont's
# ascender at 17 pt is 16.19) and its descender -494, Inter's descender too; Inter's ascender
# (1984) is set to SF Pro's so line heights, intrinsic sizes and baselines match UIKit's. The
# variable font is subset first (far fewer glyphs to instance), then each weight is instanced in
# its own process.
import io
from concurrent.futures import ProcessPoolExecutor

covered = [*range(0x20, 0x7F), *range(0xA0, 0x180), *range(0x300, 0x370), *range(0x370, 0x400),
           *range(0x400, 0x460), *range(0x490, 0x500), *range(0x2000, 0x2070), *range(0x20A0, 0x20C1),
           *range(0x2100, 0x2150), *range(0x2190, 0x219A),
           0x2212, 0x2215, 0x221E, 0x2248, 0x2260, 0x2264, 0x2265, 0x25CF, 0xFB01, 0xFB02]
variable = TTFont(fontpkg_inter.ROOT / "files" / "Inter[opsz,wght].ttf")
variable.cfg[REPACKER] = False
options = subset.Options()
# The features HarfBuzz applies by default to Latin, Greek and Cyrillic, and no hinting.
options.layout_features = ["ccmp", "locl", "mark", "mkmk", "kern", "liga", "calt", "rlig", "clig"]
options.name_IDs = [0, 1, 2, 3, 4, 5, 6, 13, 14]
options.notdef_outline = True
options.glyph_names = False
options.hinting = False
subsetter = subset.Subsetter(options)
subsetter.populate(unicodes=covered)
subsetter.subset(variable)
buffer = io.BytesIO()
# Saved without stamping the time, so head.modified stays the variable font's and every run of
# this script gives the same bytes.
variable.recalcTimestamp = False
variable.save(buffer)
subset_bytes = buffer.getvalue()

def instance(job):
    style, weight = job
    source = TTFont(io.BytesIO(subset_bytes))
    source.cfg[REPACKER] = False
    static = instantiateVariableFont(source, {"opsz": 14, "wght": weight}, updateFontNames=False)
    for table in ("STAT", "MVAR", "HVAR", "gasp", "prep"):
        if table in static:
            del static[table]
    static["hhea"].ascent = 1950
    static["OS/2"].sTypoAscender = 1950
    static.recalcTimestamp = False
    path = out / f"Inter-{style}.ttf"
    static.save(path, reorderTables=True)
    assert "glyf" in static and "GPOS" in static and 0x2022 in static.getBestCmap(), f"{path}: missing glyf, GPOS or U+2022"
    return f"{path.name}: wght {weight}, {static['maxp'].numGlyphs} glyphs"

weights = [("Thin", 100), ("ExtraLight", 200), ("Light", 300), ("Regular", 400), ("Medium", 500),
           ("SemiBold", 600), ("Bold", 700), ("ExtraBold", 800), ("Black", 900)]
with ProcessPoolExecutor() as pool:
    for line in pool.map(instance, weights):
        print(line)
(out / "OFL-Inter.txt").write_text((fontpkg_inter.ROOT / "LICENSE").read_text())
PY

# The fallback faces for scripts Inter and Nunito Sans lack (UIKit's cascade list; see README.md):
# Noto Sans Arabic, Hebrew, Devanagari and Thai from Debian's fonts-noto-core and Droid Sans
# Fallback (Chinese, Japanese) from fonts-droid-fallback and Nanum Gothic (Korean) from fonts-nanum,
# at the versions pinned here, subset to their scripts with every layout feature kept (HarfBuzz
# shapes them) and no hinting.
for pinned in "fonts-noto-core 20201225-1" "fonts-droid-fallback 1:6.0.1r16-1.1" "fonts-nanum 20200506-1" \
              "fonts-noto-color-emoji 2.042-0+deb12u1"; do
    set -- $pinned
    have="$(dpkg-query -W -f '${Version}' "$1" 2>/dev/null || true)"
    if [ "$have" != "$2" ]; then
        echo "error: make fonts needs Debian's $1 $2 (have: ${have:-none}); apt-get install $1=$2" >&2
        exit 2
    fi
done
"$venv/bin/python" - "$here" <<'PY'
import sys
from pathlib import Path
from fontTools.ttLib import TTFont
from fontTools import subset

out = Path(sys.argv[1])
noto = Path("/usr/share/fonts/truetype/noto")
droid = Path("/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf")
nanum = Path("/usr/share/fonts/truetype/nanum/NanumGothic.ttf")

def chars(encoding, first, last):
    """The characters of a double-byte encoding's rows first..last (lead bytes), decodable ones only."""
    found = []
    for lead in range(first, last + 1):
        for trail in range(0xA1, 0xFF):
            try:
                found.append(ord(bytes([lead, trail]).decode(encoding)))
            except UnicodeDecodeError:
                pass
    return found

shared = [0x20, 0xA0, 0x200C, 0x200D, 0x25CC]
faces = [
    ("NotoSansArabic-Regular", noto / "NotoSansArabic-Regular.ttf",
     [*range(0x600, 0x700), *range(0x750, 0x780), *range(0x8A0, 0x900), *range(0xFB50, 0xFE00), *range(0xFE70, 0xFF00)]),
    ("NotoSansHebrew-Regular", noto / "NotoSansHebrew-Regular.ttf", [*range(0x590, 0x600), *range(0xFB1D, 0xFB50)]),
    ("NotoSansDevanagari-Regular", noto / "NotoSansDevanagari-Regular.ttf",
     [*range(0x900, 0x980), *range(0xA8E0, 0xA900), *range(0x1CD0, 0x1D00), 0x20B9]),
    ("NotoSansThai-Regular", noto / "NotoSansThai-Regular.ttf", [*range(0xE00, 0xE80)]),
    # CJK: punctuation, kana, full-width forms, and the Han characters of GB 2312 level 1 (3,755,
    # modern Chinese) and JIS X 0208 level 1 (2,965, Japanese). (The face has no Hangul.)
    ("DroidSansFallback-CJK", droid,
     [*range(0x3000, 0x3040), *range(0x3040, 0x3100), *range(0x3130, 0x3190), *range(0xFF00, 0xFFF0),
      *chars("gb2312", 0xB0, 0xD7), *chars("euc-jp", 0xB0, 0xCF)]),
    # Korean: compatibility jamo and the 2,350 Hangul syllables of KS X 1001 (modern Korean).
    ("HangulGothic-Regular", nanum, [*range(0x3130, 0x3190), *chars("euc-kr", 0xB0, 0xC8)]),
]
# Nanum Gothic's licence reserves its name: the subset is a modified version, so it is renamed.
renamed = {"HangulGothic-Regular": "Hangul Gothic"}
for name, source, covered in faces:
    font = TTFont(source)
    font.cfg["fontTools.ttLib.tables.otBase:USE_HARFBUZZ_REPACKER"] = True
    options = subset.Options()
    options.layout_features = ["*"]
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6, 13, 14]
    options.notdef_outline = True
    options.glyph_names = False
    options.hinting = False
    options.drop_tables += ["DSIG", "gasp", "prep", "fpgm", "cvt "]
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=sorted(set(covered + shared)))
    subsetter.subset(font)
    if name in renamed:
        family = renamed[name]
        for record in font["name"].names:
            if record.nameID in (1, 4, 16, 18):
                record.string = family if record.nameID != 4 else f"{family} Regular"
            elif record.nameID in (3, 6):
                record.string = name
    if "head" in font:
        font["head"].modified = font["head"].created
    font.recalcTimestamp = False
    path = out / f"{name}.ttf"
    font.save(path, reorderTables=True)
    assert "glyf" in font, f"{path}: not TrueType outlines"
    print(f"{path.name}: {font['maxp'].numGlyphs} glyphs, {path.stat().st_size} bytes")
PY

# Colour emoji, the last fallback face: Noto Color Emoji (fonts-noto-color-emoji, OFL), every glyph
# kept (cmap, GSUB sequences, hmtx as they are), its one CBDT strike of 136 × 128 PNGs at 109 pixels
# per em redrawn at 64 pixels per em (80 × 75, box-filtered) with a palette of 64 colours each and
# no dithering, each PNG's image data deflated by Zopfli (PyPI zopfli, the same pixels in 4 % fewer
# bytes; zlib's best left the face over 5 MB): 10.9 MB of bitmaps become about 4.9 MB (see README.md).
# Zopfli takes a few minutes, so the bitmaps are redrawn on every core.
"$venv/bin/python" - "$here" <<'PY'
import io, struct, sys, zlib
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from fontTools.ttLib import TTFont
from PIL import Image
import zopfli.zlib

out = Path(sys.argv[1])
font = TTFont("/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf")
source_ppem, ppem = 109, 64
scale = ppem / source_ppem
strike = font["CBLC"].strikes[0].bitmapSizeTable
assert len(font["CBLC"].strikes) == 1 and strike.ppemX == source_ppem, "expected one strike of 109 ppem"

def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

def redraw(job):
    """The glyph's PNG at 64 ppem, 64 colours, its image data in one IDAT deflated by Zopfli."""
    data, size = job
    image = Image.open(io.BytesIO(data)).convert("RGBA")
    image = image.resize(size, Image.Resampling.BOX).quantize(64, method=Image.Quantize.FASTOCTREE,
                                                              dither=Image.Dither.NONE)
    png = io.BytesIO()
    image.save(png, "PNG", optimize=True)
    png, offset, chunks = png.getvalue(), 8, []
    while offset < len(png):
        length, kind = struct.unpack(">I4s", png[offset:offset + 8])
        chunks.append((kind, png[offset + 8:offset + 8 + length]))
        offset += 12 + length
    pixels = zlib.decompress(b"".join(data for kind, data in chunks if kind == b"IDAT"))
    before = b"".join(chunk(kind, data) for kind, data in chunks if kind not in (b"IDAT", b"IEND"))
    return png[:8] + before + chunk(b"IDAT", zopfli.zlib.compress(pixels, numiterations=15)) + chunk(b"IEND", b"")

glyphs = list(font["CBDT"].strikeData[0].values())
sizes = [(round(g.metrics.width * scale), round(g.metrics.height * scale)) for g in glyphs]
with ProcessPoolExecutor() as pool:
    pngs = list(pool.map(redraw, [(g.imageData, size) for g, size in zip(glyphs, sizes)], chunksize=32))
for glyph, size, png in zip(glyphs, sizes, pngs):
    glyph.imageData = png
    m = glyph.metrics
    m.width, m.height = size
    m.BearingX, m.BearingY, m.Advance = round(m.BearingX * scale), round(m.BearingY * scale), round(m.Advance * scale)
strike.ppemX = strike.ppemY = ppem
for line in (strike.hori, strike.vert):
    for field in ("ascender", "descender", "widthMax", "minOriginSB", "minAdvanceSB", "maxBeforeBL", "minAfterBL"):
        setattr(line, field, round(getattr(line, field) * scale))
for table in ("vhea", "vmtx"):
    del font[table]
font["head"].modified = font["head"].created
font.recalcTimestamp = False
path = out / "NotoColorEmoji-64.ttf"
font.save(path, reorderTables=True)
print(f"{path.name}: {font['maxp'].numGlyphs} glyphs, {len(font['CBDT'].strikeData[0])} bitmaps, {path.stat().st_size} bytes")
PY

cp /usr/share/doc/fonts-noto-core/copyright "$here/LICENSE-Noto.txt"
cp /usr/share/doc/fonts-noto-color-emoji/copyright "$here/LICENSE-NotoColorEmoji.txt"
cp /usr/share/doc/fonts-droid-fallback/copyright "$here/LICENSE-DroidSansFallback.txt"
cp /usr/share/doc/fonts-nanum/copyright "$here/LICENSE-Nanum.txt"

# The binary embeds the faces (base64 in generated Swift files), so it needs no font files at run time.
# Each face has a file of its own, and a face whose base64 passes 30,000 lines of 120 characters
# (3.6 MB) is cut into parts, a file each, joined at run time: no source file grows past 4 MB.
swift_folder="$here/../../Sources/Text/BundledFonts"
rm -rf "$swift_folder.partial"
mkdir "$swift_folder.partial"
{
    echo "// Generated by Assets/Fonts/make-fonts.sh from the TTF files in Assets/Fonts; do not edit."
    echo ""
    echo "/// The bundled faces' TrueType files, base64-encoded, so the binary needs no files at run time"
    echo "/// (an installed copy of the executable works anywhere). Tests check they match Assets/Fonts."
    echo "/// One file per face (a large face in parts) keeps every source file small."
    echo "enum BundledFontData {}"
} > "$swift_folder.partial/BundledFontData.swift"
embed() {  # NAME TTF: writes BundledFontData.NAME
    local name=$1 ttf=$2
    base64 -w 120 "$ttf" | split -l 30000 -d -a 1 - "$swift_folder.partial/$name."
    local parts=("$swift_folder.partial/$name".[0-9])
    local count=${#parts[@]} k
    for k in $(seq 1 "$count"); do
        local part=${parts[$((k - 1))]} property=$name file=$name
        [ "$count" -gt 1 ] && property="${name}Part$k" && file="$name-$k"
        {
            echo "// Generated by Assets/Fonts/make-fonts.sh from Assets/Fonts/$(basename "$ttf"); do not edit."
            echo ""
            echo "extension BundledFontData {"
            if [ "$count" -gt 1 ] && [ "$k" = 1 ]; then
                echo "    static let $name = [$(seq -s ', ' -f "${name}Part%g" 1 "$count")].joined(separator: \"\\n\")"
            fi
            echo "    static let $property = \"\"\""
            cat "$part"
            echo "\"\"\""
            echo "}"
        } > "$swift_folder.partial/BundledFontData+$file.swift"
        rm "$part"
    done
}
for style in Light Regular Medium; do embed "nunitoSans$style" "$here/NunitoSans-$style.ttf"; done
for style in Thin ExtraLight Light Regular Medium SemiBold Bold ExtraBold Black; do
    embed "inter$style" "$here/Inter-$style.ttf"
done
for face in NotoSansArabic NotoSansHebrew NotoSansDevanagari NotoSansThai; do
    embed "${face,}Regular" "$here/$face-Regular.ttf"
done
embed droidSansFallbackCJK "$here/DroidSansFallback-CJK.ttf"
embed hangulGothicRegular "$here/HangulGothic-Regular.ttf"
embed notoColorEmoji "$here/NotoColorEmoji-64.ttf"
rm -rf "$swift_folder"
mv "$swift_folder.partial" "$swift_folder"
