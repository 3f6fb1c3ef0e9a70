// The Text module: TrueType fonts read in pure Swift, UIKit-like metrics, label layout (wrapped
// lines, truncation, alignment), and glyphs drawn through the Raster module.
//
// Why our own parser instead of FreeType or Core Text: output must be byte-identical on every
// machine so golden frames hold, and FreeType's pixels change with its version and its hinting
// settings. So `Typeface` reads TrueType (`glyf`) fonts itself, glyph outlines are filled by our
// own rasterizer, and nothing is hinted, as on iOS. Positions stay fractional, as Core Text
// keeps them.
//
// The pieces, in the order data flows:
//   Typeface (tables: head, maxp, hhea, hmtx, OS/2, cmap 4/12, loca, glyf, kern, GPOS)
//   -> Font (a typeface at a point size: ascender, line height, advances, string size)
//   -> ShapedParagraphs (a text's paragraphs: bidirectional levels by FriBidi, runs of one script
//      and face with the fallback faces for scripts the font lacks, shaped by HarfBuzz, UAX #14
//      break opportunities by libunibreak) -> TextLine (glyphs in visual order and pen positions)
//   -> LineWrapper (greedy, linear-time line breaking) -> LabelLayout (lines, truncation,
//      alignment, baselines)
//   -> drawing on a Raster canvas through any transform, with cached glyph masks for the
//      common axis-aligned case.
// FontLibrary maps the font names of iOS code (Avenir-Light, HelveticaNeue, ...) to the bundled
// Nunito Sans faces; Font.system(size:weight:) and Font.preferred(_:) give the current system font
// (Inter in UIKit's nine weights) and the text styles. All faces are compiled into the binary.
