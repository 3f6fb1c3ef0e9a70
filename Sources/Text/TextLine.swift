import Geometry

/// One line of text turned into glyphs and their pen positions: each character is mapped to a
/// glyph (.notdef when the font lacks it) and advanced by its width plus the pair kerning.
///
/// There is no shaping beyond that (no ligatures or contextual forms), which is what UI labels
/// in Latin script need.
public struct TextLine: Equatable, Sendable {
    /// A glyph and where its origin sits on the baseline, in points from the line's start.
    public struct Placement: Equatable, Sendable {
        /// The glyph id in the font.
        public var glyph: Int
        /// The glyph origin's distance along the baseline from the line's start, in points.
        public var x: Double
    }

    /// The font the line is set in.
    public let font: Font
    /// The glyphs in order with their positions.
    public private(set) var glyphs: [Placement]
    /// The pen position after the last glyph: the line's advance width in points.
    public private(set) var width: Double

    /// Lays out `string` with `font`.
    public init(_ string: String, font: Font) {
        self.init(glyphs: string.unicodeScalars.map(font.typeface.glyph(for:)), font: font)
    }

    /// Lays out a glyph sequence with `font`, applying kerning between neighbours.
    public init(glyphs ids: [Int], font: Font) {
        self.font = font
        let face = font.typeface
        var pen = 0
        var placements: [Placement] = []
        placements.reserveCapacity(ids.count)
        for (i, g) in ids.enumerated() {
            if i > 0 { pen += face.kerning(ids[i - 1], g) }
            placements.append(Placement(glyph: g, x: font.points(pen)))
            pen += face.advance(of: g)
        }
        glyphs = placements
        width = font.points(pen)
    }

    /// The box around the glyphs' outlines (control points included, so it contains them) in
    /// points relative to the baseline origin, y down; `nil` when no glyph has ink.
    public var inkBounds: Rect? {
        let s = font.unitScale
        let boxes = glyphs.compactMap { placed -> Rect? in
            let outline = font.typeface.outline(of: placed.glyph)
            guard !outline.isEmpty else { return nil }
            let b = outline.bounds
            return Rect(placed.x + b.minX * s, -b.maxY * s, b.width * s, b.height * s)
        }
        return boxes.dropFirst().reduce(boxes.first) { $0?.union($1) }
    }

    /// The glyph ids in order.
    public var glyphIDs: [Int] { glyphs.map(\.glyph) }

    /// The line cut to fit `maxWidth` with a trailing ellipsis (U+2026, or three periods when the
    /// font lacks it), as UILabel's default `.byTruncatingTail` does; unchanged when it fits.
    /// Spaces before the ellipsis are dropped. When not even the ellipsis fits, the result is empty.
    public func truncated(toWidth maxWidth: Double) -> TextLine {
        guard width > maxWidth else { return self }
        let face = font.typeface
        let ellipsisGlyph = face.glyph(for: "\u{2026}")
        let ellipsis = ellipsisGlyph != 0 ? [ellipsisGlyph] : Array(repeating: face.glyph(for: "."), count: 3)
        let space = face.glyph(for: " ")
        var kept = glyphIDs
        while true {
            while let last = kept.last, last == space { kept.removeLast() }
            let candidate = TextLine(glyphs: kept + ellipsis, font: font)
            if candidate.width <= maxWidth { return candidate }
            if kept.isEmpty { return TextLine(glyphs: [], font: font) }
            kept.removeLast()
        }
    }
}
