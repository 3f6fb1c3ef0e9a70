/// Text split into paragraphs at its line separators and turned into glyphs once, so it can be
/// wrapped at any width in time linear in its length (a label re-wraps when its width changes,
/// never re-maps its characters).
///
/// Widths are kept in font units as pen positions: `pens[i]` is where glyph `i` starts (the
/// kerning with the glyph before it included), so the width of glyphs `i..<j` set on a line of
/// their own is `pens[j] - pens[i]` less the kerning between glyphs `j - 1` and `j`, which a line
/// ending at `j` does not apply.
public struct ShapedParagraphs: Equatable, Sendable {
    /// One paragraph's glyphs.
    public struct Paragraph: Equatable, Sendable {
        /// The glyph ids, one per Unicode scalar.
        public let glyphs: [Int]
        /// Pen positions in font units; `pens.count == glyphs.count + 1`, the last is the width.
        let pens: [Int]
        /// The kerning between glyph `i` and `i + 1`, in font units (0 after the last).
        let kernAfter: [Int]
        /// Whether glyph `i` is white space, which hangs past a wrapped line's end.
        let isSpace: [Bool]
        /// The glyph indices a line may start at after a soft wrap, ascending, ending with `glyphs.count`.
        let wordBreaks: [Int]

        /// The width of glyphs `start..<end` on a line of their own, in font units.
        func width(_ start: Int, _ end: Int) -> Int {
            guard end > start else { return 0 }
            return pens[end] - pens[start] - kernAfter[end - 1]
        }

        /// `end` moved back over white space, not before `start`.
        func trimmed(_ start: Int, _ end: Int) -> Int {
            var e = end
            while e > start && isSpace[e - 1] { e -= 1 }
            return e
        }
    }

    /// The font the glyphs are from.
    public let font: Font
    /// The paragraphs in order; text ending in a line separator has no empty paragraph after it,
    /// and empty text is one empty paragraph.
    public let paragraphs: [Paragraph]

    /// Maps `text` to glyphs, splitting it at line feeds, carriage returns (a CR LF pair is one
    /// break), U+2028 and U+2029.
    public init(_ text: String, font: Font) {
        self.font = font
        let face = font.typeface
        var paragraphs: [Paragraph] = []
        var scalars: [Unicode.Scalar] = []
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            let isCR = scalar == "\r"
            defer { previousWasCR = isCR }
            if scalar == "\n" && previousWasCR { continue }
            if isCR || scalar == "\n" || scalar == "\u{2028}" || scalar == "\u{2029}" {
                paragraphs.append(Self.paragraph(scalars, face))
                scalars.removeAll(keepingCapacity: true)
            } else {
                scalars.append(scalar)
            }
        }
        // Empty text is one empty line, as a one-line label has always been sized.
        if !scalars.isEmpty || paragraphs.isEmpty { paragraphs.append(Self.paragraph(scalars, face)) }
        self.paragraphs = paragraphs
    }

    private static func paragraph(_ scalars: [Unicode.Scalar], _ face: Typeface) -> Paragraph {
        let glyphs = scalars.map(face.glyph(for:))
        var pens = [0], kernAfter: [Int] = []
        pens.reserveCapacity(glyphs.count + 1)
        kernAfter.reserveCapacity(glyphs.count)
        for (i, g) in glyphs.enumerated() {
            let kern = i + 1 < glyphs.count ? face.kerning(g, glyphs[i + 1]) : 0
            kernAfter.append(kern)
            pens.append(pens[i] + face.advance(of: g) + kern)
        }
        let isSpace = scalars.map { $0.properties.isWhitespace }
        // A line may start after white space, or after a hyphen or dash followed by a letter.
        var breaks: [Int] = []
        for i in scalars.indices.dropFirst() where !isSpace[i] {
            let before = scalars[i - 1]
            if isSpace[i - 1] || (Self.breaksAfter.contains(before) && scalars[i].properties.isAlphabetic) {
                breaks.append(i)
            }
        }
        breaks.append(scalars.count)
        return Paragraph(glyphs: glyphs, pens: pens, kernAfter: kernAfter, isSpace: isSpace, wordBreaks: breaks)
    }

    /// Hyphens and dashes a word may wrap after.
    private static let breaksAfter: Set<Unicode.Scalar> = ["-", "\u{2010}", "\u{2013}", "\u{2014}"]
}
