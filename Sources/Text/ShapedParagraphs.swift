import CFriBidi
import CUnibreak

/// Text split into paragraphs at its line separators and shaped once, so it can be wrapped at
/// any width in time linear in its length (a label re-wraps when its width changes, never
/// re-shapes its characters).
///
/// Each paragraph goes through the steps a text system takes: the Unicode Bidirectional
/// Algorithm (FriBidi) gives every character its embedding level, the paragraph's direction
/// taken from its first strong character (rules P2 and P3, as `NSWritingDirectionNatural`
/// documents) and, when it has none, from the layout direction; the characters are split into
/// runs of one level, one script and one face (the font itself, or the bundled face the
/// fallback cascade names for a script it lacks, `FontLibrary.fallbackFaces`); HarfBuzz shapes
/// each run; and UAX #14 (libunibreak) marks where a line may break.
///
/// Glyphs are kept in logical order with pen positions in the font's units: `pens[i]` is where
/// glyph `i` starts (the kerning with the glyph before it included), so the width of glyphs
/// `i..<j` set on a line of their own is `pens[j] - pens[i]` less the kerning glyph `j - 1`
/// carries towards glyph `j`, which a line ending there does not apply. A line is put in visual
/// order only when it is cut (`Paragraph.line`).
public struct ShapedParagraphs: Equatable, Sendable {
    /// One paragraph's glyphs.
    public struct Paragraph: Equatable, Sendable {
        /// The glyph ids in logical order.
        public let glyphs: [Int]
        /// The font each glyph is drawn with: the paragraph's font or a fallback face at its size.
        let fonts: [Font]
        /// Pen positions in font units; `pens.count == glyphs.count + 1`, the last is the width.
        let pens: [Int]
        /// The kerning glyph `i` carries towards glyph `i + 1`, in font units (0 after the last).
        let kernAfter: [Int]
        /// Each glyph's offset from its pen position (a mark over its base), font units, y up.
        let offsetX: [Int], offsetY: [Int]
        /// Each glyph's bidirectional embedding level (odd: right to left).
        let levels: [UInt8]
        /// Whether glyph `i` is white space, which hangs past a wrapped line's end.
        let isSpace: [Bool]
        /// The index of the first scalar of the character glyph `i` draws (HarfBuzz's cluster).
        let clusters: [Int]
        /// The glyph indices a line may start at after a soft wrap (UAX #14), ascending, ending with `glyphs.count`.
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

        /// Glyphs `start..<end` as a line in visual order: runs reversed as the Bidirectional
        /// Algorithm's rule L2 says (from the highest level down to the lowest odd one, every
        /// sequence at that level or higher is reversed), pens advancing left to right.
        func line(_ start: Int, _ end: Int, font: Font) -> TextLine {
            let order = ShapedParagraphs.visualOrder(Array(levels[start..<end])).map { start + $0 }
            var pen = 0
            let placements = order.map { i -> TextLine.Placement in
                defer { pen += pens[i + 1] - pens[i] }
                return TextLine.Placement(glyph: glyphs[i], x: font.points(pen + offsetX[i]), y: font.points(offsetY[i]),
                                          font: fonts[i], cluster: clusters[i])
            }
            return TextLine(font: font, placements: placements, width: font.points(width(start, end)))
        }
    }

    /// The font the glyphs are from (fallback faces are drawn at its size).
    public let font: Font
    /// The paragraphs in order; text ending in a line separator has no empty paragraph after it,
    /// and empty text is one empty paragraph.
    public let paragraphs: [Paragraph]

    /// Shapes `text`, splitting it at line feeds, carriage returns (a CR LF pair is one break),
    /// U+2028 and U+2029. `rightToLeft` is the layout direction, the direction of a paragraph
    /// with no strong character; `language` is the language the text is typeset in (its `locl`
    /// forms; nil for English), as `Typeface.shape` takes it.
    public init(_ text: String, font: Font, rightToLeft: Bool = false, language: String? = nil) {
        self.font = font
        var paragraphs: [Paragraph] = []
        var scalars: [Unicode.Scalar] = []
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            let isCR = scalar == "\r"
            defer { previousWasCR = isCR }
            if scalar == "\n" && previousWasCR { continue }
            if isCR || scalar == "\n" || scalar == "\u{2028}" || scalar == "\u{2029}" {
                paragraphs.append(Self.paragraph(scalars, font, rightToLeft: rightToLeft, language: language))
                scalars.removeAll(keepingCapacity: true)
            } else {
                scalars.append(scalar)
            }
        }
        // Empty text is one empty line, as a one-line label has always been sized.
        if !scalars.isEmpty || paragraphs.isEmpty {
            paragraphs.append(Self.paragraph(scalars, font, rightToLeft: rightToLeft, language: language))
        }
        self.paragraphs = paragraphs
    }

    /// Shapes one paragraph (no line separators in `scalars`), every scalar at embedding level
    /// `level` when one is given, else at the level `bidiLevels` finds.
    static func paragraph(_ scalars: [Unicode.Scalar], _ font: Font, rightToLeft: Bool, language: String?,
                          level: UInt8? = nil) -> Paragraph {
        let levels = level.map { [UInt8](repeating: $0, count: scalars.count) } ?? bidiLevels(scalars, rightToLeft: rightToLeft)
        let scripts = resolvedScripts(scalars)
        let faces = FontLibrary.faces(for: scalars, primary: font.typeface)
        let units = font.typeface.unitsPerEm
        var glyphs: [Int] = [], fonts: [Font] = [], pens = [0], kernAfter: [Int] = [], offsetX: [Int] = [], offsetY: [Int] = []
        var glyphLevels: [UInt8] = [], isSpace: [Bool] = [], clusters: [Int] = []
        var start = 0
        while start < scalars.count {
            var end = start + 1
            while end < scalars.count && levels[end] == levels[start] && scripts[end] == scripts[start]
                    && faces[end] === faces[start] { end += 1 }
            let face = faces[start]
            // A fallback face lighter than the font is emboldened to its weight.
            let runFont = face === font.typeface ? font
                : Font(face, size: font.pointSize, emboldening: face.emboldening(toMatch: font.typeface.weightClass))
            let rightToLeftRun = levels[start] & 1 == 1
            for shaped in face.shape(scalars, range: start..<end, rightToLeft: rightToLeftRun, script: scripts[start],
                                     language: language, unitsPerEm: units) {
                glyphs.append(shaped.glyph)
                fonts.append(runFont)
                pens.append(pens[pens.count - 1] + shaped.advance)
                // Left to right, the font's pair kerning is what its advance gained over its width.
                kernAfter.append(!rightToLeftRun && face === font.typeface ? shaped.advance - face.advance(of: shaped.glyph) : 0)
                offsetX.append(shaped.offsetX)
                offsetY.append(shaped.offsetY)
                glyphLevels.append(levels[shaped.cluster])
                isSpace.append(scalars[shaped.cluster].properties.isWhitespace)
                clusters.append(shaped.cluster)
            }
            start = end
        }
        if !kernAfter.isEmpty { kernAfter[kernAfter.count - 1] = 0 }
        // A line may start at the first glyph of the character after a break opportunity.
        let opportunities = lineBreaks(scalars)
        var breaks: [Int] = []
        var g = 0
        for s in scalars.indices.dropLast() where opportunities[s] {
            while g < clusters.count && clusters[g] <= s { g += 1 }
            if g < clusters.count && g > 0 && breaks.last != g && !isSpace[g] { breaks.append(g) }
        }
        breaks.append(glyphs.count)
        return Paragraph(glyphs: glyphs, fonts: fonts, pens: pens, kernAfter: kernAfter, offsetX: offsetX, offsetY: offsetY,
                         levels: glyphLevels, isSpace: isSpace, clusters: clusters, wordBreaks: breaks)
    }

    /// The embedding level of each scalar by the Unicode Bidirectional Algorithm (FriBidi). The
    /// paragraph's direction is found from its first strong character (rules P2 and P3), else
    /// `rightToLeft`; or, when `firstStrong` is false, it is `rightToLeft` whatever the text holds,
    /// as CSS's `direction` sets a paragraph's (CSS Writing Modes 3 §2.1).
    public static func bidiLevels(_ scalars: [Unicode.Scalar], rightToLeft: Bool, firstStrong: Bool = true) -> [UInt8] {
        let n = scalars.count
        // Nothing before U+0590 is right to left or a directional control: a left-to-right
        // paragraph of such text is all level 0.
        if !rightToLeft && scalars.allSatisfy({ $0.value < 0x0590 }) { return [UInt8](repeating: 0, count: n) }
        let chars = scalars.map { FriBidiChar($0.value) }
        var types = [FriBidiCharType](repeating: FRIBIDI_TYPE_LTR, count: n)
        var brackets = [FriBidiBracketType](repeating: 0, count: n)
        var levels = [FriBidiLevel](repeating: 0, count: n)
        // Weak: found from the text's first strong character, else this direction.
        var base: FriBidiParType = firstStrong ? (rightToLeft ? FRIBIDI_PAR_WRTL : FRIBIDI_PAR_WLTR)
            : rightToLeft ? FRIBIDI_PAR_RTL : FRIBIDI_PAR_LTR
        fribidi_get_bidi_types(chars, FriBidiStrIndex(n), &types)
        fribidi_get_bracket_types(chars, FriBidiStrIndex(n), types, &brackets)
        let result = fribidi_get_par_embedding_levels_ex(types, brackets, FriBidiStrIndex(n), &base, &levels)
        // FriBidi fails only when it cannot allocate; the text then stays in the layout's direction.
        guard result > 0 else { return [UInt8](repeating: rightToLeft ? 1 : 0, count: n) }
        return levels.map { UInt8(clamping: $0) }
    }

    /// The order in which items at embedding `levels` are shown, left to right, as indices into
    /// `levels`: the Bidirectional Algorithm's rule L2 (from the highest level down to the lowest
    /// odd one, every sequence at that level or higher is reversed).
    public static func visualOrder(_ levels: [UInt8]) -> [Int] {
        var order = Array(levels.indices)
        guard let highest = levels.max(), let lowestOdd = levels.filter({ $0 & 1 == 1 }).min() else { return order }
        for level in stride(from: highest, through: lowestOdd, by: -1) {
            var k = 0
            while k < order.count {
                guard levels[order[k]] >= level else { k += 1; continue }
                var e = k
                while e < order.count && levels[order[e]] >= level { e += 1 }
                order[k..<e].reverse()
                k = e
            }
        }
        return order
    }

    /// Each scalar's script, with Common and Inherited characters (spaces, punctuation, digits,
    /// marks) taking the script before them, or after them at the paragraph's start.
    static func resolvedScripts(_ scalars: [Unicode.Scalar]) -> [TextScript] {
        var scripts = scalars.map(TextScript.init(of:))
        let first = scripts.first { !$0.isShared } ?? .latin
        var current = first
        for i in scripts.indices {
            if scripts[i].isShared { scripts[i] = current } else { current = scripts[i] }
        }
        return scripts
    }

    /// Whether a line may break after each scalar, by UAX #14 (libunibreak); the end of the text
    /// is a mandatory break.
    static func lineBreaks(_ scalars: [Unicode.Scalar]) -> [Bool] {
        guard !scalars.isEmpty else { return [] }
        _ = unibreakReady
        // Debian 12's libunibreak 1.1 aborts (an assertion in set_linebreaks) on a regional
        // indicator after a space or at the start of a text, so a flag emoji would crash the
        // render. Each regional indicator is handed over as U+4E00, an ideograph (class ID: a
        // break before and after it, none before a space or closing punctuation, as for RI), and
        // LB30a is applied here: no break inside a pair of regional indicators (a flag), a break
        // allowed between pairs.
        let codes = scalars.map { isRegionalIndicator($0) ? utf32_t(0x4E00) : utf32_t($0.value) }
        var marks = [CChar](repeating: 0, count: scalars.count)
        set_linebreaks_utf32(codes, codes.count, nil, &marks)
        var breaks = marks.map { $0 == CChar(LINEBREAK_ALLOWBREAK) || $0 == CChar(LINEBREAK_MUSTBREAK) }
        var runLength = 0
        for i in scalars.indices {
            guard isRegionalIndicator(scalars[i]) else { runLength = 0; continue }
            runLength += 1
            if runLength % 2 == 1, i + 1 < scalars.count, isRegionalIndicator(scalars[i + 1]) { breaks[i] = false }
        }
        return breaks
    }

    /// U+1F1E6…U+1F1FF, the letters two of which make a flag (Unicode's Regional_Indicator).
    private static func isRegionalIndicator(_ scalar: Unicode.Scalar) -> Bool { (0x1F1E6...0x1F1FF).contains(scalar.value) }

    /// libunibreak's tables, set up once before the first use.
    private static let unibreakReady: Void = init_linebreak()
}

extension ShapedParagraphs.Paragraph {
    /// Whether the paragraph runs right to left: its base level, the lowest of its levels, is odd.
    var isRightToLeft: Bool { (levels.min() ?? 0) & 1 == 1 }

    /// Whether the paragraph is one left-to-right run of `font`'s own unpositioned glyphs (no
    /// fallback face, no mark), which `TextLine.truncated` cuts with kerning around the ellipsis.
    func isPlainLeftToRight(in font: Font) -> Bool {
        levels.allSatisfy { $0 == 0 } && offsetX.allSatisfy { $0 == 0 } && offsetY.allSatisfy { $0 == 0 }
            && fonts.allSatisfy { $0.typeface === font.typeface }
    }

    /// Glyphs `start..<end` cut to fit `maxWidth` around an ellipsis as `mode` says, in logical
    /// order, so a right-to-left paragraph loses its logical end (its left side) to a tail cut and
    /// its start (the right side) to a head cut, as UILabel cuts Arabic and Hebrew; white space
    /// next to the ellipsis is dropped. Each kept part keeps its shaped positions and bidi order;
    /// the ellipsis (U+2026, or three periods when the font lacks it) is set in `font` between
    /// them. Empty when not even the ellipsis fits.
    func truncatedLine(_ start: Int, _ end: Int, toWidth maxWidth: Double, mode: LineBreakMode, font: Font) -> TextLine {
        let face = font.typeface
        let ellipsisGlyph = face.glyph(for: "\u{2026}")
        let ellipsis = ellipsisGlyph != 0 ? [ellipsisGlyph] : Array(repeating: face.glyph(for: "."), count: 3)
        let ellipsisWidth = ellipsis.reduce(0) { $0 + face.advance(of: $1) }
        let fits = { (units: Int) in font.points(units) <= maxWidth }
        guard fits(ellipsisWidth) else { return TextLine(glyphs: [], font: font) }
        /// The first glyph at or after `k` that is not white space, not past `end`.
        func skipped(_ k: Int) -> Int {
            var s = k
            while s < end && isSpace[s] { s += 1 }
            return s
        }
        var head = start, tail = end
        switch mode {
        case .byTruncatingHead:
            tail = skipped(start)
            while tail < end && !fits(ellipsisWidth + width(tail, end)) { tail = skipped(tail + 1) }
        case .byTruncatingMiddle:
            let half = (maxWidth - font.points(ellipsisWidth)) / 2
            while head < end && font.points(width(start, head + 1)) <= half { head += 1 }
            head = trimmed(start, head)
            tail = skipped(head)
            while tail < end && !fits(width(start, head) + ellipsisWidth + width(tail, end)) { tail = skipped(tail + 1) }
        default:
            head = trimmed(start, end)
            while head > start && !fits(width(start, head) + ellipsisWidth) { head = trimmed(start, head - 1) }
        }
        // Logical order: the kept start, the ellipsis, the kept end; laid left to right, or right to left.
        let first = line(start, head, font: font), last = line(tail, end, font: font)
        let mark = TextLine(glyphs: ellipsis, font: font)
        let parts = isRightToLeft ? [last, mark, first] : [first, mark, last]
        var placements: [TextLine.Placement] = []
        var pen = 0.0
        for part in parts {
            placements += part.glyphs.map { var moved = $0; moved.x += pen; return moved }
            pen += part.width
        }
        return TextLine(font: font, placements: placements, width: pen)
    }
}
