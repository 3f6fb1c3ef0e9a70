/// Shaped paragraphs broken into lines no wider than a width, as UILabel breaks them: greedy
/// (each line takes as many words as fit; white space at a wrap hangs past the edge), a word wider
/// than a line broken between characters, every line but the last wrapped at words (characters
/// for `byCharWrapping`), and the last line allowed, when text remains after it, truncated with
/// an ellipsis at the tail, head or middle, or kept whole to be clipped. Linear in the text's
/// length: each glyph and break opportunity is visited a bounded number of times.
struct LineWrapper {
    /// A line and where it sits in its text.
    struct WrappedLine {
        let line: TextLine
        /// Whether the line is its paragraph's last (justified text leaves it unstretched).
        let endsParagraph: Bool
        /// Whether the line may run past the width and must be clipped (`byClipping`).
        let clipped: Bool
    }

    private(set) var lines: [WrappedLine] = []

    init(_ shaped: ShapedParagraphs, width: Double, mode: LineBreakMode, maxLines: Int) {
        let font = shaped.font
        let fits = { (units: Int) in font.points(units) <= width }
        for (p, paragraph) in shaped.paragraphs.enumerated() {
            let n = paragraph.glyphs.count
            var nextBreak = 0
            var start = 0
            repeat {
                if lines.count == maxLines - 1 {
                    // The last line the label shows: the rest of the paragraph when it fits and no
                    // text follows; else truncated or clipped as the mode says (the wrapping modes
                    // wrap it as any other line).
                    let rest = paragraph.line(start, n, font: font)
                    let textRemains = p < shaped.paragraphs.count - 1
                    if !textRemains && fits(paragraph.width(start, n)) {
                        lines.append(WrappedLine(line: rest, endsParagraph: true, clipped: false))
                        return
                    }
                    switch mode {
                    case .byTruncatingTail, .byTruncatingHead, .byTruncatingMiddle:
                        let cut = paragraph.isPlainLeftToRight(in: font)
                            ? rest.truncated(toWidth: width, mode: mode, textRemains: textRemains)
                            : paragraph.truncatedLine(start, n, toWidth: width, mode: mode, font: font)
                        lines.append(WrappedLine(line: cut, endsParagraph: true, clipped: false))
                        return
                    case .byClipping:
                        lines.append(WrappedLine(line: rest, endsParagraph: true, clipped: true))
                        return
                    case .byWordWrapping, .byCharWrapping:
                        break
                    }
                }
                var stop: Int?
                if mode == .byCharWrapping {
                    var k = start
                    while k < n, fits(paragraph.width(start, paragraph.trimmed(start, k + 1))) { k += 1 }
                    if k > start { stop = k }
                } else {
                    // The furthest break whose line, less hanging white space, fits.
                    let breaks = paragraph.wordBreaks
                    while nextBreak < breaks.count, breaks[nextBreak] <= start { nextBreak += 1 }
                    var i = nextBreak
                    while i < breaks.count, fits(paragraph.width(start, paragraph.trimmed(start, breaks[i]))) {
                        stop = breaks[i]
                        i += 1
                    }
                }
                // Nothing fits: as many characters as fit, at least one (none for an empty paragraph).
                let end = stop ?? {
                    var k = min(start + 1, n)
                    while k < n, fits(paragraph.width(start, k + 1)) { k += 1 }
                    return k
                }()
                let visible = paragraph.trimmed(start, end)
                lines.append(WrappedLine(line: paragraph.line(start, visible, font: font),
                                         endsParagraph: end >= n, clipped: false))
                start = end
                if lines.count == maxLines { return }
            } while start < n
        }
    }
}
