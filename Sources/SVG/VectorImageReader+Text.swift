import class Foundation.FileManager
import Geometry
import Raster
import Text

/// Basic `<text>` (SVG 1.1 §10): character data and `<tspan>`s laid out along one baseline,
/// with absolute `x`/`y` (the first value of a list) and relative `dx`/`dy`, `font-size`,
/// `font-weight`, `text-anchor` per text chunk, and fill and stroke per span. Whitespace is
/// collapsed as with `xml:space="default"`. `font-family` picks a TrueType file of that name
/// beside the SVG file when there is one, else the bundled face of the nearest weight.
extension VectorImageReader {
    /// One span of characters with the context (style) it is painted in.
    private struct Run {
        var element: MarkupElement
        var context: Context
        /// The pen position where the run starts, in the text's user space.
        var origin: Point
        /// The glyphs, `nil` when no font could be had.
        var line: TextLine?
        /// Which chunk (absolutely positioned piece) the run belongs to.
        var chunk: Int
    }

    func text(_ element: MarkupElement, _ context: Context) -> [VectorNode] {
        var runs: [Run] = []
        var pen = Point.zero
        var chunk = 0
        var pendingSpace = false
        var chunkAnchors: [Double] = []
        collect(element, context, pen: &pen, chunk: &chunk, anchors: &chunkAnchors, pendingSpace: &pendingSpace, into: &runs)
        // Each chunk's extent, then every run shifted by its chunk's anchor.
        var chunkStarts = [Double](repeating: .infinity, count: chunk + 1)
        var chunkEnds = [Double](repeating: -.infinity, count: chunk + 1)
        for run in runs {
            chunkStarts[run.chunk] = min(chunkStarts[run.chunk], run.origin.x)
            chunkEnds[run.chunk] = max(chunkEnds[run.chunk], run.origin.x + (run.line?.width ?? 0))
        }
        let chunkWidths = zip(chunkStarts, chunkEnds).map { $1 > $0 ? $1 - $0 : 0 }
        var nodes: [VectorNode] = []
        for run in runs {
            guard let line = run.line else { continue }
            let anchor = run.chunk < chunkAnchors.count ? chunkAnchors[run.chunk] : 0
            let x = run.origin.x - anchor * chunkWidths[run.chunk]
            let s = line.font.unitScale
            var path = Path()
            for placed in line.glyphs {
                let outline = line.font.typeface.outline(of: placed.glyph)
                guard !outline.isEmpty else { continue }
                path.append(outline.transformed(by: AffineTransform(a: s, b: 0, c: 0, d: -s, tx: x + placed.x, ty: run.origin.y)))
            }
            guard !path.isEmpty, let node = painted(path, element: run.element, run.context) else { continue }
            nodes.append(node)
        }
        return nodes
    }

    /// Walks the text's content in order, positioning spans and collecting runs.
    private func collect(_ element: MarkupElement, _ context: Context, pen: inout Point, chunk: inout Int,
                         anchors: inout [Double], pendingSpace: inout Bool, into runs: inout [Run]) {
        let lengths = context.lengths
        let isRoot = element.name == "text"
        if let x = firstLength(element, "x", .x, lengths) {
            if !isRoot || !runs.isEmpty { chunk += 1 }
            pen.x = x
        }
        if let y = firstLength(element, "y", .y, lengths) { pen.y = y }
        pen.x += firstLength(element, "dx", .x, lengths) ?? 0
        pen.y += firstLength(element, "dy", .y, lengths) ?? 0
        while anchors.count <= chunk { anchors.append(context.style.textAnchor) }
        for child in element.children {
            if child.isText {
                var text = ""
                for ch in child.text {
                    if ch == " " || ch == "\t" || ch == "\n" || ch == "\r" {
                        pendingSpace = true
                        continue
                    }
                    if pendingSpace, !(runs.isEmpty && text.isEmpty) { text.append(" ") }
                    pendingSpace = false
                    text.append(ch)
                }
                guard !text.isEmpty else { continue }
                let line = font(for: context.style).map { TextLine(text, font: $0) }
                runs.append(Run(element: element, context: context, origin: pen, line: line, chunk: chunk))
                pen.x += line?.width ?? 0
            } else if child.name == "tspan" {
                var inner = context
                inner.style = style(of: child, parent: context)
                guard inner.style.isDisplayed else { continue }
                collect(child, inner, pen: &pen, chunk: &chunk, anchors: &anchors, pendingSpace: &pendingSpace, into: &runs)
            }
        }
    }

    /// The first length of a list attribute (`x="10 20 30"` positions only the first character here).
    private func firstLength(_ element: MarkupElement, _ name: String, _ axis: LengthAxis, _ lengths: LengthContext) -> Double? {
        guard let attribute = element.attribute(name) else { return nil }
        let first = attribute.value.split(whereSeparator: { $0 == " " || $0 == "," }).first.map(String.init) ?? ""
        guard let v = lengths.length(first, axis) else {
            warn(at: attribute.valueOffset, "\(name): invalid length '\(attribute.value)', ignored")
            return nil
        }
        return v
    }

    /// The font for a style: a `.ttf` named by the first family beside the file, or the bundled
    /// face nearest the weight (light up to 300, medium from 600, regular between).
    private func font(for style: Style) -> Font? {
        guard style.fontSize > 0 else { return nil }
        let family = style.fontFamily.split(separator: ",").first.map { String($0).trimmingSpace() } ?? ""
        let name = family.trimmingCharacters(quotes: true)
        if !name.isEmpty, !name.contains("/") {
            let folder = source.name.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
            let path = (folder.isEmpty ? "" : folder + "/") + name + ".ttf"
            if FileManager.default.fileExists(atPath: path), let face = try? Typeface(contentsOfFile: path) {
                return Font(face, size: style.fontSize)
            }
        }
        let face: FontLibrary.Face = style.fontWeight >= 600 ? .medium : style.fontWeight <= 300 ? .light : .regular
        return (try? face.typeface()).map { Font($0, size: style.fontSize) }
    }
}

extension String {
    /// The string without surrounding single or double quotes.
    fileprivate func trimmingCharacters(quotes: Bool) -> String {
        guard count >= 2, let q = first, q == "'" || q == "\"", last == q else { return self }
        return String(dropFirst().dropLast())
    }
}
