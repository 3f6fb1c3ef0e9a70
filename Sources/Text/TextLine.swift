import Geometry

/// One line of text turned into glyphs and their pen positions, in visual order (left to right
/// on the page, whatever the reading direction).
///
/// A string is shaped as `ShapedParagraphs` shapes a paragraph (bidirectional order, fallback
/// faces for scripts the font lacks, HarfBuzz shaping); a glyph sequence given directly is
/// advanced by each glyph's width plus the pair kerning.
public struct TextLine: Equatable, Sendable {
    /// A glyph and where its origin sits relative to the line's baseline start.
    public struct Placement: Equatable, Sendable {
        /// The glyph id in `font`.
        public var glyph: Int
        /// The glyph origin's distance along the baseline from the line's start, in points.
        public var x: Double
        /// How far the glyph origin sits above the baseline, in points (a mark over its base).
        public var y: Double
        /// The font the glyph is drawn with: the line's font or a fallback face at its size.
        public var font: Font
        /// The character the glyph draws, as HarfBuzz's cluster: the index of its first Unicode
        /// scalar in the shaped string (glyphs of one character, or of a ligature, share it). For
        /// a line laid out from glyph ids, the glyph's index in them.
        public var cluster: Int

        /// A glyph of `font` at `x` along the baseline, `y` above it, drawing the character whose
        /// first scalar is at `cluster`.
        public init(glyph: Int, x: Double, y: Double = 0, font: Font, cluster: Int = 0) {
            self.glyph = glyph
            self.x = x
            self.y = y
            self.font = font
            self.cluster = cluster
        }
    }

    /// The font the line is set in.
    public let font: Font
    /// The glyphs in order with their positions.
    public private(set) var glyphs: [Placement]
    /// The pen position after the last glyph: the line's advance width in points.
    public private(set) var width: Double

    /// Lays out `string` with `font` as one paragraph (line separators included), shaped and in
    /// visual order; `rightToLeft` is the direction of text with no strong character, `language`
    /// the language it is typeset in (nil for English), as `ShapedParagraphs` takes them. With a
    /// `level`, every character is set at that embedding level (odd: right to left) instead of
    /// the one the Bidirectional Algorithm finds: a piece of a paragraph whose levels the caller
    /// resolved (`ShapedParagraphs.bidiLevels`), or a bidi override.
    public init(_ string: String, font: Font, rightToLeft: Bool = false, language: String? = nil, level: UInt8? = nil) {
        let paragraph = ShapedParagraphs.paragraph(Array(string.unicodeScalars), font, rightToLeft: rightToLeft,
                                                   language: language, level: level)
        self = paragraph.line(0, paragraph.glyphs.count, font: font)
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
            placements.append(Placement(glyph: g, x: font.points(pen), font: font, cluster: i))
            pen += face.advance(of: g)
        }
        glyphs = placements
        width = font.points(pen)
    }

    /// The box around the glyphs' outlines (control points included, so it contains them) and
    /// colour bitmaps, in points relative to the baseline origin, y down; `nil` when no glyph has ink.
    public var inkBounds: Rect? {
        let boxes = glyphs.compactMap { placed -> Rect? in
            let face = placed.font.typeface, b: Rect
            if let strike = face.colorBitmaps, let bitmap = strike.glyphs[placed.glyph] {
                b = strike.bounds(of: bitmap, unitsPerEm: face.unitsPerEm)
            } else {
                let outline = placed.font.outline(of: placed.glyph)
                guard !outline.isEmpty else { return nil }
                b = outline.bounds
            }
            let s = placed.font.unitScale
            return Rect(placed.x + b.minX * s, -placed.y - b.maxY * s, b.width * s, b.height * s)
        }
        return boxes.dropFirst().reduce(boxes.first) { $0?.union($1) }
    }

    /// The glyph ids in order.
    public var glyphIDs: [Int] { glyphs.map(\.glyph) }

    /// Glyphs already placed, with the line's advance width.
    init(font: Font, placements: [Placement], width: Double) {
        self.font = font
        glyphs = placements
        self.width = width
    }

    /// The line cut to fit `maxWidth` with a trailing ellipsis (U+2026, or three periods when the
    /// font lacks it), as UILabel's default `.byTruncatingTail` does; unchanged when it fits.
    /// Spaces before the ellipsis are dropped. When not even the ellipsis fits, the result is empty.
    public func truncated(toWidth maxWidth: Double) -> TextLine {
        truncated(toWidth: maxWidth, mode: .byTruncatingTail, textRemains: false)
    }

    /// The line cut to fit `maxWidth` around an ellipsis as `mode` says (tail, head or middle;
    /// the ellipsis is U+2026, or three periods when the font lacks it), dropping the spaces next
    /// to the ellipsis. Unchanged when it fits and `textRemains` is false; when text the line does
    /// not show follows it (`textRemains`), the ellipsis is shown even if the line fits. Empty when
    /// not even the ellipsis fits. Linear in the glyph count. For a line of one face's glyphs set
    /// left to right; a shaped paragraph with fallback faces, marks or right-to-left text is cut
    /// in logical order by `ShapedParagraphs.Paragraph.truncatedLine`.
    public func truncated(toWidth maxWidth: Double, mode: LineBreakMode, textRemains: Bool) -> TextLine {
        guard width > maxWidth || textRemains else { return self }
        let face = font.typeface
        let ellipsisGlyph = face.glyph(for: "\u{2026}")
        let ellipsis = ellipsisGlyph != 0 ? [ellipsisGlyph] : Array(repeating: face.glyph(for: "."), count: 3)
        let space = face.glyph(for: " ")
        let ids = glyphIDs, n = ids.count
        // ends[k]: the width of glyphs 0..<k on their own; starts[k]: where glyph k starts.
        var ends = [0], starts = [0]
        ends.reserveCapacity(n + 1)
        starts.reserveCapacity(n + 1)
        for k in 0..<n {
            if k > 0 { starts.append(ends[k] + face.kerning(ids[k - 1], ids[k])) }
            ends.append(starts[k] + face.advance(of: ids[k]))
        }
        let ellipsisWidth = TextLine.unitWidth(ellipsis, face)
        let fits = { (units: Int) in self.font.points(units) <= maxWidth }
        // The width of glyphs 0..<head, the ellipsis, then glyphs tail..<n.
        let joined = { (head: Int, tail: Int) -> Int in
            var w = ends[head] + ellipsisWidth + (tail < n ? ends[n] - starts[tail] : 0)
            if head > 0 { w += face.kerning(ids[head - 1], ellipsis[0]) }
            if tail < n { w += face.kerning(ellipsis[ellipsis.count - 1], ids[tail]) }
            return w
        }
        let result: [Int]
        switch mode {
        case .byTruncatingHead:
            var tail = 0
            while tail < n && (ids[tail] == space || !fits(joined(0, tail))) { tail += 1 }
            result = ellipsis + ids[tail...]
        case .byTruncatingMiddle:
            let half = (maxWidth - font.points(ellipsisWidth)) / 2
            var head = 0
            while head < n && font.points(ends[head + 1]) <= half { head += 1 }
            while head > 0 && ids[head - 1] == space { head -= 1 }
            var tail = head
            while tail < n && (ids[tail] == space || !fits(joined(head, tail))) { tail += 1 }
            result = ids[..<head] + ellipsis + ids[tail...]
        default:
            var head = n
            while head > 0 && (ids[head - 1] == space || !fits(joined(head, n))) { head -= 1 }
            result = ids[..<head] + ellipsis
        }
        let line = TextLine(glyphs: result, font: font)
        return line.width <= maxWidth ? line : TextLine(glyphs: [], font: font)
    }

    /// The width of `ids` set together, in font units.
    private static func unitWidth(_ ids: [Int], _ face: Typeface) -> Int {
        var pen = 0
        for (i, g) in ids.enumerated() {
            if i > 0 { pen += face.kerning(ids[i - 1], g) }
            pen += face.advance(of: g)
        }
        return pen
    }

    /// The line stretched to `targetWidth` by widening its spaces equally (justified text); unchanged
    /// when it has no spaces or is not narrower.
    func justified(toWidth targetWidth: Double) -> TextLine {
        let space = font.typeface.glyph(for: " ")
        let spaces = glyphs.filter { $0.glyph == space }.count
        guard spaces > 0, width < targetWidth else { return self }
        let extra = (targetWidth - width) / Double(spaces)
        var seen = 0
        let placed = glyphs.map { placement -> Placement in
            defer { if placement.glyph == space { seen += 1 } }
            var moved = placement
            moved.x += extra * Double(seen)
            return moved
        }
        return TextLine(font: font, placements: placed, width: targetWidth)
    }
}
