import Geometry
import Raster

/// A typeface at a point size, with the metrics UIFont reports, in points.
///
/// iOS sizes fonts by the em: `pointSize` points per em, so one font unit is
/// `pointSize / unitsPerEm` points. Metrics stay fractional, as Core Text keeps them.
public struct Font: Hashable, Sendable {
    /// The parsed font file.
    public let typeface: Typeface
    /// The em size in points (UIFont.pointSize).
    public let pointSize: Double
    /// How much wider than the typeface's own each glyph's strokes are drawn, in font units: 0,
    /// or the synthetic bold a fallback face gets when the text's font is bolder than it
    /// (`Typeface.syntheticBold(over:)`), as Core Text emboldens a face that lacks the weight.
    public let emboldening: Double

    /// `typeface` at `pointSize` points per em, as `UIFont(name:size:)`, its glyphs widened by
    /// `emboldening` font units (0: as designed).
    public init(_ typeface: Typeface, size pointSize: Double, emboldening: Double = 0) {
        self.typeface = typeface
        self.pointSize = pointSize
        self.emboldening = emboldening
    }

    /// The outline glyph `glyph` is drawn with: the typeface's, emboldened when `emboldening` says so.
    public func outline(of glyph: Int) -> Path {
        let outline = typeface.outline(of: glyph)
        return emboldening > 0 ? outline.emboldened(by: emboldening) : outline
    }

    /// Points per font unit.
    public var unitScale: Double { pointSize / Double(typeface.unitsPerEm) }

    /// A length in font units converted to points, multiplying before dividing so whole results
    /// come out exact (20 000 units at 18 pt and 1000 units/em is exactly 360).
    public func points(_ units: Int) -> Double { Double(units) * pointSize / Double(typeface.unitsPerEm) }

    /// Distance from the baseline to the top of the line (UIFont.ascender).
    public var ascender: Double { points(typeface.ascender) }
    /// Distance from the baseline to the bottom of the line, negative (UIFont.descender).
    public var descender: Double { points(typeface.descender) }
    /// Extra space between lines (UIFont.leading).
    public var leading: Double { points(typeface.lineGap) }
    /// The height of one line: ascender − descender + leading (UIFont.lineHeight).
    public var lineHeight: Double { points(typeface.ascender - typeface.descender + typeface.lineGap) }
    /// The height of capital letters above the baseline (UIFont.capHeight).
    public var capHeight: Double { points(typeface.capHeight) }
    /// The height of lowercase x above the baseline (UIFont.xHeight).
    public var xHeight: Double { points(typeface.xHeight) }

    /// The advance width of one glyph in points.
    public func advance(of glyph: Int) -> Double { points(typeface.advance(of: glyph)) }

    /// The size of `string` on one line as `sizeWithAttributes:` reports it: the kerned advance
    /// width and the line height, fractional (UIKit rounds up only when sizing views), shaped in
    /// `language` (nil for English) as `TextLine` takes it.
    public func size(of string: String, language: String? = nil) -> Size {
        Size(TextLine(string, font: self, language: language).width, lineHeight)
    }
}
