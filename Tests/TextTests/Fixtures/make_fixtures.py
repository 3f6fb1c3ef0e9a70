"""Builds the small TrueType fonts the Text tests read, each exercising one part of the format.

Run with a Python that has fontTools 4.68 (see Assets/Fonts/make-fonts.sh for a venv):
    python Tests/TextTests/Fixtures/make_fixtures.py
Outputs, beside this script:
  KernFixture.ttf  cmap formats 4 and 12, a legacy `kern` table (format 0), long `loca`,
                   simple glyphs with implied on-curve points, composites (offsets, scaled
                   offsets, x/y scale, 2x2, point matching, nesting); no U+2022.
  GPOSFixture.ttf  cmap format 4 only, short `loca`, GPOS pair kerning (format 1 inside an
                   extension lookup, format 2 classes) and a `kern` table GPOS must win over.
"""
import struct
from pathlib import Path
from fontTools.fontBuilder import FontBuilder
from fontTools.feaLib.builder import addOpenTypeFeaturesFromString
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import TTFont, newTable
from fontTools.ttLib.sfnt import SFNTWriter
from fontTools.ttLib.tables._g_l_y_f import GlyphComponent, GlyphCoordinates, Glyph, SCALED_COMPONENT_OFFSET
from fontTools.ttLib.tables._k_e_r_n import KernTable_format_0

HERE = Path(__file__).resolve().parent
ORDER = [".notdef", "space", "A", "V", "T", "o", "D", "E", "dot",
         "colon", "scaled", "scaledOffset", "xyscale", "twobytwo", "matched", "nested"]
ADVANCES = {".notdef": 500, "space": 250, "A": 600, "V": 600, "T": 550, "o": 550, "D": 600, "E": 600,
            "dot": 200, "colon": 200, "scaled": 400, "scaledOffset": 400, "xyscale": 850,
            "twobytwo": 800, "matched": 600, "nested": 400}


def simple(draw):
    pen = TTGlyphPen(None)
    draw(pen)
    return pen.glyph()


def rect(pen, x0, y0, x1, y1):
    pen.moveTo((x0, y0)); pen.lineTo((x0, y1)); pen.lineTo((x1, y1)); pen.lineTo((x1, y0)); pen.closePath()


def rotated(glyph, by):
    """The same one-contour glyph with its point list starting `by` points later."""
    coords = list(glyph.coordinates)
    flags = list(glyph.flags)
    glyph.coordinates = GlyphCoordinates(coords[by:] + coords[:by])
    glyph.flags = bytearray(flags[by:] + flags[:by])
    return glyph


def d_shape(pen):
    # on (100,0), on (100,700), off (500,700), off (500,0): the two off-curve points imply (500,350).
    pen.moveTo((100, 0)); pen.lineTo((100, 700)); pen.qCurveTo((500, 700), (500, 0), (100, 0)); pen.closePath()


def composite(*parts):
    g = Glyph()
    g.numberOfContours = -1
    g.components = []
    for name, x, y, transform, flags, points in parts:
        c = GlyphComponent()
        c.glyphName = name
        c.flags = flags
        if points:
            c.firstPt, c.secondPt = points
        else:
            c.x, c.y = x, y
        if transform:
            c.transform = transform
        g.components.append(c)
    return g


def glyphs():
    g = {
        ".notdef": simple(lambda p: (rect(p, 50, 0, 450, 700), rect(p, 100, 50, 400, 650))),
        "space": simple(lambda p: None),
        "A": simple(lambda p: (p.moveTo((0, 0)), p.lineTo((300, 700)), p.lineTo((600, 0)), p.closePath())),
        "V": simple(lambda p: (p.moveTo((0, 700)), p.lineTo((600, 700)), p.lineTo((300, 0)), p.closePath())),
        "T": simple(lambda p: (rect(p, 0, 600, 550, 700), rect(p, 225, 0, 325, 600))),
        # Four off-curve points and no on-curve point: every on-curve point is implied.
        "o": simple(lambda p: (p.qCurveTo((50, 0), (50, 500), (500, 500), (500, 0), None), p.closePath())),
        # The D shape, starting at an off-curve point whose predecessor is off-curve too.
        "D": rotated(simple(d_shape), 3),
        # The D shape, starting at an off-curve point whose predecessor is on-curve.
        "E": rotated(simple(d_shape), 2),
        "dot": simple(lambda p: rect(p, 50, 0, 150, 100)),
    }
    g["colon"] = composite(("dot", 0, 0, None, 0, None), ("dot", 0, 400, None, 0, None))
    g["scaled"] = composite(("A", 100, 50, [[0.5, 0], [0, 0.5]], 0, None))
    g["scaledOffset"] = composite(("A", 100, 50, [[0.5, 0], [0, 0.5]], SCALED_COMPONENT_OFFSET, None))
    g["xyscale"] = composite(("T", 0, 0, [[1.5, 0], [0, 0.5]], 0, None))
    g["twobytwo"] = composite(("V", 700, 0, [[0, 1], [-1, 0]], 0, None))
    # The dot's point 0 (50,0) is moved onto A's point 1, the apex (300,700).
    g["matched"] = composite(("A", 0, 0, None, 0, None), ("dot", 0, 0, None, 0, (1, 0)))
    g["nested"] = composite(("colon", 100, 0, None, 0, None))
    return g


def build(path, cmap_formats, kern_pairs, features, long_loca):
    fb = FontBuilder(1000, isTTF=True)
    fb.setupGlyphOrder(ORDER)
    mapping = {0x20: "space", ord("A"): "A", ord("V"): "V", ord("T"): "T", ord("o"): "o", ord("D"): "D",
               ord("E"): "E", ord(":"): "colon", ord("."): "dot",
               # Out-of-order glyphs for consecutive characters force idRangeOffset in format 4.
               ord("a"): "T", ord("b"): "A", ord("c"): "o", ord("d"): "V"}
    if 12 in cmap_formats:
        mapping[0x1F600] = "o"
    fb.setupCharacterMap(mapping)
    fb.setupGlyf(glyphs())
    metrics = {}
    glyf = fb.font["glyf"]
    for name in ORDER:
        glyf[name].recalcBounds(glyf)
        metrics[name] = (ADVANCES[name], getattr(glyf[name], "xMin", 0))
    fb.setupHorizontalMetrics(metrics)
    fb.setupHorizontalHeader(ascent=800, descent=-200, lineGap=90)
    fb.setupOS2(sTypoAscender=780, sTypoDescender=-220, sTypoLineGap=0, usWinAscent=900, usWinDescent=300,
                sxHeight=500, sCapHeight=700, achVendID="TEST")
    fb.setupNameTable({"familyName": "Fixture", "styleName": "Regular"})
    fb.setupPost()
    fb.font["head"].created = fb.font["head"].modified = 3_000_000_000
    fb.font.recalcTimestamp = False
    if kern_pairs:
        kern = newTable("kern")
        kern.version = 0
        sub = KernTable_format_0()
        sub.version, sub.coverage, sub.format = 0, 1, 0
        sub.kernTable = dict(kern_pairs)
        kern.kernTables = [sub]
        fb.font["kern"] = kern
    if features:
        addOpenTypeFeaturesFromString(fb.font, features)
    if 12 not in cmap_formats:
        fb.font["cmap"].tables = [t for t in fb.font["cmap"].tables if t.format == 4]
    assert {t.format for t in fb.font["cmap"].tables} == cmap_formats
    fb.save(str(path))
    if long_loca:
        rewrite_with_long_loca(path)


def rewrite_with_long_loca(path):
    """fontTools writes the short `loca` format whenever it can; rewrite the file with the long one."""
    font = TTFont(str(path), recalcTimestamp=False)
    locations = list(font["loca"].locations)
    tables = {tag: font.getTableData(tag) for tag in font.keys() if tag != "GlyphOrder"}
    tables["loca"] = struct.pack(">%dI" % len(locations), *locations)
    head = bytearray(tables["head"])
    head[50:52] = struct.pack(">h", 1)
    tables["head"] = bytes(head)
    with open(path, "wb") as out:
        writer = SFNTWriter(out, len(tables))
        for tag in sorted(tables):
            writer[tag] = tables[tag]
        writer.close()


FEATURES = """
languagesystem DFLT dflt;
languagesystem latn dflt;
lookup PAIRS useExtension { pos A V -80; } PAIRS;
lookup CLASSES { pos [T] [o D] -60; } CLASSES;
feature kern { lookup PAIRS; lookup CLASSES; } kern;
"""

build(HERE / "KernFixture.ttf", {4, 12}, {("A", "V"): -70, ("T", "o"): -40}, None, True)
build(HERE / "GPOSFixture.ttf", {4}, {("A", "V"): -10}, FEATURES, False)
