import Geometry
import Raster
import Text

/// Basic `<text>` (SVG 1.1 §10): character data and `<tspan>`s laid out along one baseline,
/// with per-character `x`, `y`, `dx`, `dy` and `rotate` lists (the innermost element with a
/// value for a character wins; an absolute `x` starts a new text chunk), `font-size`,
/// `font-weight`, `text-anchor` per text chunk, and fill and stroke per span. Whitespace is
/// collapsed as with `xml:space="default"`. `font-family`, `font-weight` and `font-style` pick
/// the face as `FontFinder` says; a face lighter or more upright than asked for is emboldened
/// or slanted as Chromium draws it.
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
        /// The glyphs' rotation about their origins, in degrees clockwise (`rotate`).
        var rotation = 0.0
        /// How far the run's own face leans: x moved by this fraction of the height above the
        /// baseline (a synthetic italic).
        var skew = 0.0
        /// Whether italic or oblique was asked for, so the bundled fallback faces (all upright)
        /// lean too.
        var italic = false
    }

    /// The `x`, `y`, `dx`, `dy` and `rotate` lists of one element, and the index of the first
    /// character of its content.
    private struct PositionLists {
        static let names = ["x", "y", "dx", "dy", "rotate"]
        var start: Int
        var lists: [[Double]?]
    }

    /// Where the layout is while the text's content is walked in order.
    private struct TextLayout {
        var pen = Point.zero
        var chunk = 0
        var anchors: [Double] = []
        var pendingSpace = false
        var runs: [Run] = []
        /// How many characters have been laid out (the index into position lists).
        var characters = 0
        /// The position lists of the elements being walked, outermost first.
        var positions: [PositionLists] = []
        /// Characters waiting to become a run, and where that run starts.
        var pending = ""
        var pendingOrigin = Point.zero

        /// The value the innermost element with a list of `kind` gives the current character;
        /// `rotate`'s last value carries over to the characters after it.
        func value(_ kind: Int) -> Double? {
            for element in positions.reversed() {
                guard let list = element.lists[kind], !list.isEmpty else { continue }
                let index = characters - element.start
                if index < list.count { return list[index] }
                if kind == 4 { return list[list.count - 1] }
            }
            return nil
        }
    }

    func text(_ element: MarkupElement, _ context: Context) -> [VectorNode] {
        var layout = TextLayout()
        collect(element, context, &layout)
        let runs = layout.runs
        // Each chunk's extent, then every run shifted by its chunk's anchor.
        var chunkStarts = [Double](repeating: .infinity, count: layout.chunk + 1)
        var chunkEnds = [Double](repeating: -.infinity, count: layout.chunk + 1)
        for run in runs {
            chunkStarts[run.chunk] = min(chunkStarts[run.chunk], run.origin.x)
            chunkEnds[run.chunk] = max(chunkEnds[run.chunk], run.origin.x + (run.line?.width ?? 0))
        }
        let chunkWidths = zip(chunkStarts, chunkEnds).map { $1 > $0 ? $1 - $0 : 0 }
        var nodes: [VectorNode] = []
        for run in runs {
            guard let line = run.line else { continue }
            let anchor = run.chunk < layout.anchors.count ? layout.anchors[run.chunk] : 0
            let x = run.origin.x - anchor * chunkWidths[run.chunk]
            let rotation = run.rotation == 0 ? AffineTransform.identity : .rotation(run.rotation * .pi / 180)
            var path = Path()
            for placed in line.glyphs {
                let outline = placed.font.outline(of: placed.glyph)
                guard !outline.isEmpty else { continue }
                let s = placed.font.unitScale
                let lean = placed.font.typeface === line.font.typeface ? run.skew : run.italic ? ChosenFace.italicSkew : 0
                let placement = AffineTransform(a: s, b: 0, c: lean * s, d: -s, tx: 0, ty: 0).concatenating(rotation)
                    .concatenating(.translation(x + placed.x, run.origin.y - placed.y))
                path.append(outline.transformed(by: placement))
            }
            guard !path.isEmpty, let node = painted(path, element: run.element, run.context) else { continue }
            nodes.append(node)
        }
        return nodes
    }

    /// Walks the text's content in order, positioning characters and collecting runs.
    private func collect(_ element: MarkupElement, _ context: Context, _ layout: inout TextLayout) {
        let lengths = context.lengths
        let lists = PositionLists.names.enumerated().map { kind, name in
            positionList(element, name, kind == 0 || kind == 2 ? .x : kind == 4 ? nil : .y, lengths)
        }
        layout.positions.append(PositionLists(start: layout.characters, lists: lists))
        defer { layout.positions.removeLast() }
        if layout.anchors.isEmpty { layout.anchors.append(context.style.textAnchor) }
        for child in element.children {
            if child.isText {
                for ch in child.text {
                    if ch == " " || ch == "\t" || ch == "\n" || ch == "\r" {
                        layout.pendingSpace = true
                        continue
                    }
                    if layout.pendingSpace, layout.characters > 0 { place(" ", element, context, &layout) }
                    layout.pendingSpace = false
                    place(ch, element, context, &layout)
                }
                flush(element, context, &layout)
            } else if child.name == "tspan" {
                var inner = context
                inner.style = style(of: child, parent: context)
                guard inner.style.isDisplayed else { continue }
                collect(child, inner, &layout)
            }
        }
    }

    /// Lays out one character: positioned ones (and rotated ones, each on its own) start a
    /// new run at their position; the rest join the pending run.
    private func place(_ ch: Character, _ element: MarkupElement, _ context: Context, _ layout: inout TextLayout) {
        let x = layout.value(0), y = layout.value(1), dx = layout.value(2), dy = layout.value(3)
        let rotation = layout.value(4) ?? 0
        if x != nil || y != nil || dx != nil || dy != nil || rotation != 0 {
            flush(element, context, &layout)
            if let x {
                if !layout.runs.isEmpty {
                    layout.chunk += 1
                    layout.anchors.append(context.style.textAnchor)
                }
                layout.pen.x = x
            }
            if let y { layout.pen.y = y }
            layout.pen.x += dx ?? 0
            layout.pen.y += dy ?? 0
        }
        if layout.pending.isEmpty { layout.pendingOrigin = layout.pen }
        layout.pending.append(ch)
        layout.characters += 1
        if rotation != 0 { flush(element, context, &layout, rotation: rotation) }
    }

    /// Turns the pending characters into runs, one per face, and moves the pen past them.
    private func flush(_ element: MarkupElement, _ context: Context, _ layout: inout TextLayout, rotation: Double = 0) {
        guard !layout.pending.isEmpty else { return }
        let request = context.style.font, size = context.style.fontSize
        let italic = request.style != .normal
        var pen = layout.pendingOrigin
        for (text, face) in size > 0 ? faceRuns(layout.pending, request) : [(layout.pending, nil)] {
            let line = face.map { TextLine(text, font: $0.font(size: size)) }
            layout.runs.append(Run(element: element, context: context, origin: pen, line: line, chunk: layout.chunk,
                                   rotation: rotation, skew: face?.syntheticItalic == true ? ChosenFace.italicSkew : 0,
                                   italic: italic))
            pen.x += line?.width ?? 0
        }
        layout.pen.x = pen.x
        layout.pending = ""
    }

    /// The characters cut where the face drawing them changes: the request's face where it has
    /// the character, else the face of the character before when that has it, else the face
    /// fontconfig gives for it (else the request's face, whose line falls back to the bundled
    /// faces). A `nil` face when no face could be had.
    private func faceRuns(_ text: String, _ request: FontRequest) -> [(String, ChosenFace?)] {
        guard let primary = fonts.face(request) else { return [(text, nil)] }
        var runs: [(String, ChosenFace)] = []
        for ch in text {
            guard let scalar = ch.unicodeScalars.first else { continue }
            var face = primary
            if !primary.typeface.covers(scalar), !scalar.properties.isWhitespace {
                if let last = runs.last, last.1.typeface.covers(scalar) {
                    face = last.1
                } else if let fallback = fonts.fallback(for: scalar, request) {
                    face = fallback
                }
            }
            if let last = runs.last, last.1.typeface === face.typeface {
                runs[runs.count - 1].0.append(ch)
            } else {
                runs.append((String(ch), face))
            }
        }
        return runs.map { ($0.0, $0.1) }
    }

    /// A list attribute of lengths along `axis` (numbers when `axis` is `nil`), or `nil` when
    /// absent or invalid (with a warning).
    private func positionList(_ element: MarkupElement, _ name: String, _ axis: LengthAxis?,
                              _ lengths: LengthContext) -> [Double]? {
        guard let attribute = element.attribute(name) else { return nil }
        var values: [Double] = []
        for item in attribute.value.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\n" || $0 == "\r" }) {
            let value: Double?
            if let axis { value = lengths.length(String(item), axis) } else { value = Double(item).flatMap { $0.isFinite ? $0 : nil } }
            guard let v = value else {
                warn(at: attribute.valueOffset, "\(name): invalid value '\(attribute.value)', ignored")
                return nil
            }
            values.append(v)
        }
        return values
    }
}
