import Geometry
import Raster
import Text

/// Basic `<text>` (SVG 1.1 §10): character data and `<tspan>`s laid out along one baseline,
/// with per-character `x`, `y`, `dx`, `dy` and `rotate` lists (the innermost element with a
/// value for a character wins; an absolute `x` starts a new text chunk), `font-size`,
/// `font-weight`, `text-anchor` per text chunk, and fill and stroke per span. White space is
/// collapsed (`xml:space="default"`), or kept with `xml:space="preserve"` (inherited;
/// `default` collapses again) or CSS `white-space` `pre`, `pre-wrap` or `break-spaces` (or
/// `white-space-collapse` `preserve` or `break-spaces`), which win over `xml:space` as in
/// Chromium: each space, tab and line break is then a space (SVG 1.1 §10.15), none collapsed
/// or trimmed. `font-family`, `font-weight` and `font-style` pick
/// the face as `FontFinder` says; a face lighter or more upright than asked for is emboldened
/// or slanted as Chromium draws it.
///
/// Spacing follows CSS Text 3 and Chromium's SVG text layout (`SvgTextLayoutAlgorithm`):
/// `letter-spacing` is added after each typographic character (a cluster HarfBuzz shaped),
/// `word-spacing` after each word separator, and `textLength` with `lengthAdjust` (SVG 2
/// §11.10.2, "apply textLength") spreads the difference over the element's characters or
/// scales them, moving what follows in the same chunk. `font-variant: small-caps` draws
/// lower-case letters as capitals at 0.7 of the size (rounded to screen pixels) (`all-small-caps`: every cased letter), as
/// Blink synthesises them (`kSmallCapsFontSizeMultiplier` in simple_font_data.cc). The text's
/// `xml:lang` (else `lang`) is the language HarfBuzz shapes in (its `locl` forms) and the one
/// fontconfig's fallback faces are sorted for.
///
/// Bidirectional text is laid out as Chromium lays out a `<text>`: as a paragraph whose
/// direction is `direction` (initially `ltr`; not found from the text), its characters put in
/// visual order across faces and sizes (UAX #9 rule L2); `unicode-bidi: bidi-override` sets them
/// all in that direction, `plaintext` finds it from the first strong character. `text-anchor`'s
/// start is the right end of right-to-left text. The paragraph spans the text's elements, a
/// tspan's `unicode-bidi` making its text an embedding, isolate or override in its `direction`;
/// each chunk's runs are then put in visual order.
///
/// `textPath` (a child of `text`; SVG 2 §11.8.1) lays its characters along the `<path>` its
/// `href` (or `xlink:href`, any prefix) names, as Chromium's `SvgTextLayoutAlgorithm` does after
/// anchoring ("position on path"): the pen's x is the distance along the path, from 0 at the
/// textPath's start plus `startOffset` (a length, scaled by the path's `pathLength`, or a
/// percentage of its length), anchored by `text-anchor` within the textPath; each character's
/// midpoint goes to the point
/// that far along the path, turned to its tangent (plus any `rotate`), `dy` moving it across
/// the path; a character whose midpoint falls before the path's start or past its end is not
/// drawn, nor is a textPath's text when it names no path. `y` inside a textPath is ignored.
/// Text after a textPath in the same chunk continues from the path's end point. `side`,
/// `method` and `spacing` are ignored, as Chromium ignores them; so is a closed path's wrap.
extension VectorImageReader {
    /// Glyphs of one face and size, in the context (style) they are painted in.
    private struct Run {
        var element: MarkupElement
        var context: Context
        /// The baseline's y in the text's user space.
        var baseline: Double
        /// The glyphs in visual order, `x` in the text's user space.
        var glyphs: [TextLine.Placement] = []
        /// Each glyph's horizontal scale (`lengthAdjust="spacingAndGlyphs"`).
        var scales: [Double] = []
        /// The face asked for (the others are fallback faces).
        var face: Typeface?
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
        /// Where the pen was when the run began, how far it advanced (spacing included), and the
        /// bidirectional embedding level of its characters (odd: right to left).
        var start = 0.0
        var advance = 0.0
        var level: UInt8 = 0
    }

    /// One typographic character as laid out: its glyphs, where its pen starts and how far it
    /// advances (spacing included), what `textLength` works on.
    private struct CharacterBox {
        /// Its run, and its glyphs there.
        var run: Int
        var glyphs: Range<Int>
        /// The index of the character in the text's content (as position lists count).
        var index: Int
        var x: Double
        var advance: Double
        /// Whether a `textLength` has adjusted it (SVG 2's "resolved" descendant characters).
        var resolved = false
    }

    /// The `x`, `y`, `dx`, `dy` and `rotate` lists of one element, and the index of the first
    /// character of its content.
    private struct PositionLists {
        static let names = ["x", "y", "dx", "dy", "rotate"]
        var start: Int
        var lists: [[Double]?]
    }

    /// An element's `textLength`: its characters' indices and how it adjusts them.
    private struct LengthAdjustment {
        var characters: ClosedRange<Int>
        var length: Double
        var scalesGlyphs: Bool
    }

    /// What a chunk's characters are laid along.
    private enum ChunkRole: Equatable {
        /// The text's baseline.
        case line
        /// The path of the textPath at this index of `TextLayout.paths`.
        case path(Int)
        /// The baseline again, moved to begin where that textPath's path ends.
        case afterPath(Int)
    }

    /// A textPath's path, measured, and its `startOffset` along it.
    private struct TextPathGeometry {
        var measure: PathMeasure
        var offset: Double
    }

    /// Where the layout is while the text's content is walked in order.
    private struct TextLayout {
        var pen = Point.zero
        var chunk = 0
        var anchors: [Double] = []
        /// What each chunk is laid along.
        var roles: [ChunkRole] = []
        /// What the next character's chunk is laid along.
        var role = ChunkRole.line
        /// The textPaths' geometry in the order they open (`nil`: no path to lay text on).
        var paths: [TextPathGeometry?] = []
        /// Where each chunk's first character starts, the point its anchor aligns.
        var starts: [Point] = []
        var pendingSpace = false
        /// The element (and its context) where the pending space's white space began: the space
        /// is its character (CSS keeps the first space of a collapsed sequence), laid along what
        /// that element's characters are (a space ending a textPath's text stays on its path).
        var spaceOwner: (element: MarkupElement, context: Context, role: ChunkRole)?
        /// Whether the last character laid out is a collapsed space: white space after it
        /// collapses into it, across element boundaries.
        var afterSpace = false
        var runs: [Run] = []
        var boxes: [CharacterBox] = []
        /// The `textLength`s, in the order their elements close.
        var adjustments: [LengthAdjustment] = []
        /// How many characters have been laid out (the index into position lists).
        var characters = 0
        /// The position lists of the elements being walked, outermost first.
        var positions: [PositionLists] = []
        /// Whether this walk only collects the text's characters for the Bidirectional
        /// Algorithm (`scalars`), laying nothing out.
        var dry = false
        /// The text's scalars in content order with the directional controls of its elements'
        /// `unicode-bidi`, and the index there of each character's first scalar (a dry walk).
        var scalars: [Unicode.Scalar] = []
        var characterScalars: [Int] = []
        /// Each character's bidirectional embedding level, found before the layout walk.
        var levels: [UInt8] = []
        /// Characters waiting to become a run, and where that run starts.
        var pending: [Character] = []
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

        /// Moves a character and its glyphs along the baseline.
        mutating func move(_ box: Int, by distance: Double) {
            boxes[box].x += distance
            for g in boxes[box].glyphs { runs[boxes[box].run].glyphs[g].x += distance }
        }
    }

    func text(_ element: MarkupElement, _ context: Context) -> [VectorNode] {
        var layout = TextLayout()
        layout.levels = bidiLevels(element, context)
        collect(element, context, &layout)
        reorder(&layout)
        if !layout.adjustments.isEmpty {
            var adjuster = LengthAdjuster(layout)
            for adjustment in layout.adjustments { adjust(adjustment, &adjuster, &layout) }
            for p in adjuster.order.indices { adjuster.settle(p, &layout) }
        }
        // Each chunk is moved so its anchor falls where its first character started.
        var minima = [Double](repeating: .infinity, count: layout.chunk + 1)
        var maxima = [Double](repeating: -.infinity, count: layout.chunk + 1)
        for box in layout.boxes {
            let chunk = layout.runs[box.run].chunk
            minima[chunk] = min(minima[chunk], box.x)
            maxima[chunk] = max(maxima[chunk], box.x + box.advance)
        }
        var runBoxes = [[Int]](repeating: [], count: layout.runs.count)
        for (k, box) in layout.boxes.enumerated() { runBoxes[box.run].append(k) }
        var nodes: [VectorNode] = []
        for (r, run) in layout.runs.enumerated() {
            guard !run.glyphs.isEmpty, let face = run.face else { continue }
            let (a, b) = (minima[run.chunk], maxima[run.chunk])
            let anchor = run.chunk < layout.anchors.count ? layout.anchors[run.chunk] : 0
            let start = layout.starts[run.chunk]
            let shift = a <= b ? start.x - a - anchor * (b - a) : 0
            let rotation = run.rotation == 0 ? AffineTransform.identity : .rotation(run.rotation * .pi / 180)
            /// A glyph's outline in text space, its origin where `place` puts it.
            func outline(_ g: Int, _ place: (AffineTransform) -> AffineTransform) -> Path? {
                let placed = run.glyphs[g]
                let outline = placed.font.outline(of: placed.glyph)
                guard !outline.isEmpty else { return nil }
                let s = placed.font.unitScale
                let lean = placed.font.typeface === face ? run.skew : run.italic ? ChosenFace.italicSkew : 0
                return outline.transformed(by: place(AffineTransform(a: s * run.scales[g], b: 0, c: lean * s, d: -s, tx: 0, ty: 0)))
            }
            var path = Path()
            switch layout.roles[run.chunk] {
            case .line:
                for g in run.glyphs.indices {
                    let placed = run.glyphs[g]
                    path.append(outline(g) { $0.concatenating(rotation).concatenating(.translation(placed.x + shift, run.baseline - placed.y)) } ?? Path())
                }
            case let .afterPath(index):
                // The chunk's first character starts where the path ends, whatever its anchor.
                guard let end = layout.paths[index]?.measure.end else { continue }
                for g in run.glyphs.indices {
                    let placed = run.glyphs[g]
                    let x = placed.x - start.x + end.x, y = run.baseline - start.y + end.y - placed.y
                    path.append(outline(g) { $0.concatenating(rotation).concatenating(.translation(x, y)) } ?? Path())
                }
            case let .path(index):
                guard let geometry = layout.paths[index] else { continue }
                for k in runBoxes[r] {
                    let box = layout.boxes[k]
                    let half = box.advance / 2
                    guard let (point, angle) = geometry.measure.position(at: box.x + shift + half + geometry.offset) else { continue }
                    let turn = AffineTransform.rotation(angle + run.rotation * .pi / 180).concatenating(.translation(point.x, point.y))
                    for g in box.glyphs {
                        let placed = run.glyphs[g]
                        let along = AffineTransform.translation(placed.x - box.x - half, run.baseline - placed.y)
                        path.append(outline(g) { $0.concatenating(along).concatenating(turn) } ?? Path())
                    }
                }
            }
            guard !path.isEmpty, let node = painted(path, element: run.element, run.context) else { continue }
            nodes.append(node)
        }
        return nodes
    }

    /// Walks the text's content in order, positioning characters and collecting runs.
    private func collect(_ element: MarkupElement, _ context: Context, _ layout: inout TextLayout) {
        let lengths = context.lengths
        // A textPath has no position lists of its own (it is not a text positioning element).
        let lists = element.name == "textPath" ? [[Double]?](repeating: nil, count: PositionLists.names.count)
            : PositionLists.names.enumerated().map { kind, name in
                positionList(element, name, kind == 0 || kind == 2 ? .x : kind == 4 ? nil : .y, lengths)
            }
        let first = layout.characters
        layout.positions.append(PositionLists(start: first, lists: lists))
        let controls = element.name == "text" ? (open: [], close: []) : Self.bidiControls(context.style)
        if layout.dry { layout.scalars += controls.open }
        defer {
            layout.positions.removeLast()
            if layout.dry { layout.scalars += controls.close }
        }
        if layout.anchors.isEmpty {
            layout.anchors.append(Self.anchor(context.style))
            layout.roles.append(.line)
        }
        for child in element.children {
            if child.isText {
                for ch in child.text {
                    if Self.isXMLSpace(ch) {
                        if context.style.preservesSpaces {
                            // Kept, as a space; white space collapsing after it is not collapsed into it.
                            placePendingSpace(before: element, &layout)
                            place(" ", element, context, &layout)
                            layout.afterSpace = false
                            continue
                        }
                        if !layout.pendingSpace, !layout.afterSpace {
                            layout.spaceOwner = (element, context, layout.role)
                            layout.pendingSpace = true
                        }
                        continue
                    }
                    placePendingSpace(before: element, &layout)
                    place(ch, element, context, &layout)
                }
                flush(element, context, &layout)
            } else if child.name == "tspan" || child.name == "textPath" && element.name == "text" {
                var inner = context
                inner.style = style(of: child, parent: context)
                guard inner.style.isDisplayed else { continue }
                // A space before a tspan (or textPath) with text is laid out before the tspan's
                // position lists start (`A <tspan x="…">B</tspan>`: B at x), as in Chromium.
                if Self.drawsCharacters(child) { placePendingSpace(before: child, &layout) }
                guard child.name == "textPath" else {
                    collect(child, inner, &layout)
                    continue
                }
                let index = layout.paths.count
                layout.paths.append(layout.dry ? nil : textPathGeometry(child, inner))
                layout.role = .path(index)
                collect(child, inner, &layout)
                layout.role = layout.paths[index] == nil ? .line : .afterPath(index)
            }
        }
        let scalesGlyphs = lengthAdjust(element)
        if let length = textLength(element, lengths), layout.characters > first {
            layout.adjustments.append(LengthAdjustment(characters: first...(layout.characters - 1), length: length,
                                                       scalesGlyphs: scalesGlyphs))
        }
    }

    /// Lays out the collapsed space waiting before a character of `next` (none at the start of
    /// the text) as a character of the element where its white space began, in that element's
    /// style: a run of its own when that is another element.
    private func placePendingSpace(before next: MarkupElement, _ layout: inout TextLayout) {
        guard layout.pendingSpace, let owner = layout.spaceOwner else { return }
        layout.pendingSpace = false
        guard layout.characters > 0 else { return }
        let role = layout.role
        layout.role = owner.role
        place(" ", owner.element, owner.context, &layout)
        if owner.element.offset != next.offset || owner.role != role { flush(owner.element, owner.context, &layout) }
        layout.role = role
    }

    /// Whether `ch` is XML white space: space, tab, line feed, carriage return (a CR LF pair is one `Character`).
    private static func isXMLSpace(_ ch: Character) -> Bool {
        ch == " " || ch == "\t" || ch == "\n" || ch == "\r" || ch == "\r\n"
    }

    /// Whether a tspan holds a character that is not white space, in it or a tspan inside it.
    private static func drawsCharacters(_ element: MarkupElement) -> Bool {
        element.children.contains { child in
            child.isText ? child.text.contains { !isXMLSpace($0) }
                : child.name == "tspan" && drawsCharacters(child)
        }
    }

    /// The path a textPath lays its text along, in the text's user space (the `<path>`'s own
    /// `transform` applied), measured, with the textPath's `startOffset` along it; `nil`, with a
    /// warning, when it names no `<path>` or the path has no length (Chromium then draws none of
    /// its text).
    private func textPathGeometry(_ element: MarkupElement, _ context: Context) -> TextPathGeometry? {
        guard let (_, target) = reference(element, what: "textPath") else {
            if element.attribute("href") == nil, element.attribute("xlink:href") == nil {
                warn(at: element.offset, "textPath: no href; its text is not drawn")
            }
            return nil
        }
        guard target.name == "path" else {
            warn(at: element.offset, "textPath: <\(target.name)> is not a <path>; its text is not drawn")
            return nil
        }
        let targetContext = referencedContext(target, context)
        let path = path(of: target, targetContext.lengths).transformed(by: transform(of: target, targetContext))
        // Flattened within a ten-thousandth of the path's extent, coarser for a path of more than
        // 1,000 segments (Wang's count falls with the tolerance's square root), so the measure
        // holds about 100,000 points at most however long the path data is.
        let bounds = path.bounds, extent = max(bounds.width, bounds.height)
        let many = max(1, Double(path.verbs.count) / 1000)
        let measure = PathMeasure(path, tolerance: extent.isFinite && extent > 0 ? extent * 1e-4 * many * many : 1)
        guard measure.length > 0 else {
            warn(at: element.offset, "textPath: its path has no length; its text is not drawn")
            return nil
        }
        var offset = 0.0
        if let attribute = element.attribute("startOffset") {
            let value = attribute.value.trimmingSpace()
            if value.hasSuffix("%"), let percent = Double(value.dropLast()), percent.isFinite {
                offset = percent / 100 * measure.length
            } else if let length = context.lengths.length(value, .x) {
                offset = length * pathLengthScale(target, measure.length)
            } else {
                warn(at: attribute.valueOffset, "startOffset: invalid value '\(attribute.value)', ignored")
            }
        }
        return TextPathGeometry(measure: measure, offset: offset)
    }

    /// How much longer the path is than its `pathLength` says (1 when it has none, or an
    /// invalid one): what an author's distance along it is multiplied by.
    private func pathLengthScale(_ path: MarkupElement, _ length: Double) -> Double {
        guard let attribute = path.attribute("pathLength") else { return 1 }
        guard let value = Double(attribute.value.trimmingSpace()), value.isFinite, value >= 0 else {
            warn(at: attribute.valueOffset, "pathLength: invalid value '\(attribute.value)', ignored")
            return 1
        }
        return value > 0 ? length / value : 1
    }

    /// The element's `textLength`, `nil` when absent or invalid (negative: SVG 2 makes it an
    /// error; with a warning).
    private func textLength(_ element: MarkupElement, _ lengths: LengthContext) -> Double? {
        guard let attribute = element.attribute("textLength") else { return nil }
        guard let value = lengths.length(attribute.value, .x), value >= 0 else {
            warn(at: attribute.valueOffset, "textLength: invalid value '\(attribute.value)', ignored")
            return nil
        }
        return value
    }

    /// Whether the element's `lengthAdjust` is `spacingAndGlyphs` (else `spacing`, the initial
    /// value, which an invalid value keeps, with a warning).
    private func lengthAdjust(_ element: MarkupElement) -> Bool {
        guard let attribute = element.attribute("lengthAdjust") else { return false }
        switch attribute.value.trimmingSpace() {
        case "spacing": return false
        case "spacingAndGlyphs": return true
        default:
            warn(at: attribute.valueOffset, "lengthAdjust: invalid value '\(attribute.value)', ignored")
            return false
        }
    }

    /// Lays out one character: positioned ones (and rotated ones, each on its own) start a
    /// new run at their position; the rest join the pending run.
    /// A chunk starts at an absolute `x`, and where the text goes on or off a textPath's path.
    private func place(_ ch: Character, _ element: MarkupElement, _ context: Context, _ layout: inout TextLayout) {
        let x = layout.value(0), dx = layout.value(2), dy = layout.value(3)
        let rotation = layout.value(4) ?? 0
        // On a path, the distance along it is x; y is not used (Chromium's "in text path").
        let onPath = if case .path = layout.role { true } else { false }
        let y = onPath ? nil : layout.value(1)
        if x != nil, case .afterPath = layout.role { layout.role = .line }
        let newRole = layout.role != layout.roles[layout.chunk]
        if x != nil || newRole || y != nil || dx != nil || dy != nil || rotation != 0 {
            flush(element, context, &layout)
            if x != nil || newRole {
                if !layout.runs.isEmpty {
                    layout.chunk += 1
                    layout.anchors.append(Self.anchor(context.style))
                    layout.roles.append(layout.role)
                } else if newRole {
                    layout.anchors[0] = Self.anchor(context.style)
                    layout.roles[0] = layout.role
                }
                // A textPath's characters start at the path's start (Chromium lays them out from
                // 0 whatever came before), x and dy moving them along and off it.
                if newRole, onPath { layout.pen = .zero }
            }
            if let x { layout.pen.x = x }
            if let y { layout.pen.y = y }
            layout.pen.x += dx ?? 0
            layout.pen.y += dy ?? 0
        }
        if layout.pending.isEmpty { layout.pendingOrigin = layout.pen }
        layout.afterSpace = ch == " "
        layout.pending.append(ch)
        layout.characters += 1
        if rotation != 0 { flush(element, context, &layout, rotation: rotation) }
    }

    /// The embedding level of each of the text's characters, as Chromium lays out a `<text>`:
    /// one paragraph whose direction is its `direction` (not found from the text, unless its
    /// `unicode-bidi` is `plaintext`), each descendant's `unicode-bidi` an embedding, isolate or
    /// override around its characters. A walk of the content without layout collects them.
    private func bidiLevels(_ element: MarkupElement, _ context: Context) -> [UInt8] {
        var dry = TextLayout()
        dry.dry = true
        discardingWarnings { collect(element, context, &dry) }
        let style = context.style
        // The text's own override (its embed and isolate only set the paragraph's direction).
        let open: [Unicode.Scalar] = style.unicodeBidi == .override || style.unicodeBidi == .isolateOverride
            ? Self.bidiControls(style).open.suffix(1) : []
        let levels = ShapedParagraphs.bidiLevels(open + dry.scalars, rightToLeft: style.rightToLeft,
                                                 firstStrong: style.unicodeBidi == .plaintext)
        return dry.characterScalars.map { levels[open.count + $0] }
    }

    /// The directional controls (UAX #9 §2) an element's `unicode-bidi` puts around its text.
    private static func bidiControls(_ style: Style) -> (open: [Unicode.Scalar], close: [Unicode.Scalar]) {
        let rtl = style.rightToLeft
        let isolate: Unicode.Scalar = rtl ? "\u{2067}" : "\u{2066}", override: Unicode.Scalar = rtl ? "\u{202E}" : "\u{202D}"
        switch style.unicodeBidi {
        case .normal: return ([], [])
        case .embed: return ([rtl ? "\u{202B}" : "\u{202A}"], ["\u{202C}"])
        case .isolate: return ([isolate], ["\u{2069}"])
        case .override: return ([override], ["\u{202C}"])
        case .isolateOverride: return ([isolate, override], ["\u{202C}", "\u{2069}"])
        case .plaintext: return (["\u{2068}"], ["\u{2069}"])
        }
    }

    /// Puts each chunk's runs in visual order, the Bidirectional Algorithm's rule L2 over their
    /// levels, as Chromium places characters: where the runs would sit laid out one after the
    /// other in that order, plus the shift `dx` gave each in content order.
    private func reorder(_ layout: inout TextLayout) {
        guard layout.runs.contains(where: { $0.level & 1 == 1 }) else { return }
        var chunks = [[Int]](repeating: [], count: layout.chunk + 1)
        for (r, run) in layout.runs.enumerated() { chunks[run.chunk].append(r) }
        var runBoxes = [[Int]](repeating: [], count: layout.runs.count)
        for (k, box) in layout.boxes.enumerated() { runBoxes[box.run].append(k) }
        for runs in chunks where runs.count > 1 {
            let levels = runs.map { layout.runs[$0].level }
            guard levels.contains(where: { $0 & 1 == 1 }) else { continue }
            let base = layout.runs[runs[0]].start
            var pen = base
            let shifts = runs.map { r -> Double in
                defer { pen += layout.runs[r].advance }
                return layout.runs[r].start - pen
            }
            pen = base
            for i in ShapedParagraphs.visualOrder(levels) {
                let r = runs[i]
                let delta = pen + shifts[i] - layout.runs[r].start
                pen += layout.runs[r].advance
                guard delta != 0 else { continue }
                for g in layout.runs[r].glyphs.indices { layout.runs[r].glyphs[g].x += delta }
                for k in runBoxes[r] { layout.boxes[k].x += delta }
            }
        }
    }

    /// Where a chunk's anchor falls across its extent (0 its left end, 1 its right end): SVG 2's
    /// `text-anchor` start is the left end of left-to-right text and the right end of
    /// right-to-left text (`direction: rtl`), end the other (§11.10.1 "text chunk anchoring").
    private static func anchor(_ style: Style) -> Double { style.rightToLeft ? 1 - style.textAnchor : style.textAnchor }

    /// Blink's size for synthesised small capitals: 0.7 of the font's
    /// (`kSmallCapsFontSizeMultiplier`, third_party/blink/renderer/platform/fonts/simple_font_data.cc).
    static let smallCapitalsScale = 0.7

    /// The size small capitals of `size` are drawn at: 0.7 of it rounded to whole pixels on the
    /// screen, as Chromium's widths show (font-size 23 draws them at 16, 15 at 11). Blink lays SVG
    /// text out at its screen size (the text's transform's scale, √((a²+b²+c²+d²)/2),
    /// `SVGLayoutSupport::CalculateScreenFontSizeScalingFactor`), so the rounding is there.
    static func smallCapitalsSize(_ size: Double, screenScale: Double) -> Double {
        let screen = size * smallCapitalsScale * screenScale
        guard screen.isFinite, screen >= 1 else { return size * smallCapitalsScale }
        return screen.rounded() / screenScale
    }

    /// Turns the pending characters into runs, one per face and size, and moves the pen past
    /// them, spacing included.
    private func flush(_ element: MarkupElement, _ context: Context, _ layout: inout TextLayout, rotation: Double = 0) {
        guard !layout.pending.isEmpty else { return }
        if layout.dry {
            for ch in layout.pending {
                layout.characterScalars.append(layout.scalars.count)
                layout.scalars += ch.unicodeScalars
            }
            layout.pending = []
            return
        }
        let style = context.style
        let first = layout.characters - layout.pending.count
        if layout.starts.count == layout.chunk { layout.starts.append(layout.pendingOrigin) }
        var pen = layout.pendingOrigin.x
        let t = context.transform
        let screenScale = ((t.a * t.a + t.b * t.b + t.c * t.c + t.d * t.d) / 2).squareRoot()
        let levels = (first..<layout.characters).map { $0 < layout.levels.count ? layout.levels[$0] : 0 }
        for piece in pieces(layout.pending, style, levels: levels, screenScale: screenScale) {
            var run = Run(element: element, context: context, baseline: layout.pendingOrigin.y, face: piece.face?.typeface,
                          chunk: layout.chunk, rotation: rotation,
                          skew: piece.face?.syntheticItalic == true ? ChosenFace.italicSkew : 0, italic: style.fontStyle != .normal,
                          start: pen, level: piece.level)
            if let face = piece.face {
                let line = TextLine(piece.text, font: face.font(size: piece.size), language: style.language, level: piece.level)
                let boxes = characterBoxes(line, piece.characters, first: first, run: layout.runs.count)
                // Spacing after each character (word separators' too), in visual order.
                var extra = 0.0
                for var box in boxes {
                    let glyphs = line.glyphs[box.glyphs]
                    run.glyphs += glyphs.map { var g = $0; g.x += pen + extra; return g }
                    box.x += pen + extra
                    let ch = layout.pending[box.index - first]
                    let spacing = style.letterSpacing + (Self.wordSeparators.contains(ch) ? style.wordSpacing : 0)
                    box.advance += spacing
                    extra += spacing
                    layout.boxes.append(box)
                }
                run.scales = [Double](repeating: 1, count: run.glyphs.count)
                run.advance = line.width + extra
                pen += line.width + extra
            }
            layout.runs.append(run)
        }
        layout.pen.x = pen
        layout.pending = []
    }

    /// Word separators (CSS Text 3 §8.2) as whitespace collapsing leaves them: space, no-break
    /// space, Ethiopic word space, Aegean and Ugaritic word dividers, Phoenician word separator.
    private static let wordSeparators: Set<Character> = [" ", "\u{00A0}", "\u{1361}", "\u{10100}", "\u{10101}",
                                                         "\u{1039F}", "\u{1091F}"]

    /// The characters of a line as boxes in visual order, `x` from the line's start: glyphs of
    /// one cluster together, each box from where its first glyph starts to where the next box
    /// starts (the line's width for the last). `characters` gives each scalar of the shaped
    /// string the index of its character among the pending ones; `first` is the index of the
    /// first pending character in the text.
    private func characterBoxes(_ line: TextLine, _ characters: [Int], first: Int, run: Int) -> [CharacterBox] {
        var boxes: [CharacterBox] = []
        for (g, placed) in line.glyphs.enumerated() {
            let index = first + characters[min(placed.cluster, characters.count - 1)]
            if let last = boxes.last, last.index == index {
                boxes[boxes.count - 1].glyphs = last.glyphs.lowerBound..<(g + 1)
                boxes[boxes.count - 1].x = min(last.x, placed.x)
            } else {
                boxes.append(CharacterBox(run: run, glyphs: g..<(g + 1), index: index, x: placed.x, advance: 0))
            }
        }
        for k in boxes.indices { boxes[k].advance = (k + 1 < boxes.count ? boxes[k + 1].x : line.width) - boxes[k].x }
        return boxes
    }

    /// Pending characters cut where the face, the size or the bidirectional embedding level
    /// (`levels`, one a character) drawing them changes, in logical order: each piece's text
    /// (small capitals upper-cased), for each of its scalars the index of its character among
    /// `characters`, its size, face (`nil` when no face could be had) and level.
    private func pieces(_ characters: [Character], _ style: Style, levels: [UInt8], screenScale: Double)
        -> [(text: String, characters: [Int], size: Double, face: ChosenFace?, level: UInt8)] {
        let request = style.font
        guard style.fontSize > 0, let primary = fonts.face(request) else {
            return [(String(characters), Array(characters.indices), style.fontSize, nil, levels.first ?? 0)]
        }
        var pieces: [(text: String, characters: [Int], size: Double, face: ChosenFace?, level: UInt8)] = []
        var lastFace = primary
        for (k, ch) in characters.enumerated() {
            // Blink's SmallCapsIterator: a letter with an upper-case form (any cased letter for
            // all-small-caps) is drawn as that form, smaller.
            let upper = String(ch).uppercased()
            let small = style.capitals == .small ? upper != String(ch)
                : style.capitals == .all && (upper != String(ch) || String(ch).lowercased() != String(ch))
            let text = small ? upper : String(ch)
            let size = small ? Self.smallCapitalsSize(style.fontSize, screenScale: screenScale) : style.fontSize
            guard let scalar = text.unicodeScalars.first else { continue }
            var face = primary
            if !primary.typeface.covers(scalar), !scalar.properties.isWhitespace {
                if lastFace.typeface.covers(scalar) {
                    face = lastFace
                } else if let fallback = fonts.fallback(for: scalar, request, language: style.language) {
                    face = fallback
                }
            }
            lastFace = face
            if let last = pieces.last, last.face?.typeface === face.typeface, last.size == size, last.level == levels[k] {
                pieces[pieces.count - 1].text += text
                pieces[pieces.count - 1].characters += Array(repeating: k, count: text.unicodeScalars.count)
            } else {
                pieces.append((text, Array(repeating: k, count: text.unicodeScalars.count), size, face, levels[k]))
            }
        }
        return pieces
    }

    /// The characters in content order, for `textLength`: each adjusts a range of them and
    /// moves the rest of their chunk, a shift kept per position in a Fenwick tree (range added,
    /// read per character) and applied to the glyphs at the end, so a file of many `textLength`s
    /// costs O(characters × nesting × log characters) however they are arranged.
    private struct LengthAdjuster {
        /// Box indices sorted by character.
        let order: [Int]
        /// The characters' indices in that order.
        let indices: [Int]
        /// For each position, the last position of its chunk.
        let chunkEnds: [Int]
        /// The shifts not yet applied to the boxes (Fenwick tree of differences).
        var pending: [Double]
        /// The first characters of the elements already adjusted that no adjusted element
        /// contains yet, in the order they closed.
        var resolvedStarts: [Int] = []

        init(_ layout: TextLayout) {
            order = layout.boxes.indices.sorted { (layout.boxes[$0].index, $0) < (layout.boxes[$1].index, $1) }
            indices = order.map { layout.boxes[$0].index }
            var ends = [Int](repeating: 0, count: order.count)
            var end = order.count - 1
            for p in order.indices.reversed() {
                if p < order.count - 1, layout.runs[layout.boxes[order[p]].run].chunk
                    != layout.runs[layout.boxes[order[p + 1]].run].chunk { end = p }
                ends[p] = end
            }
            chunkEnds = ends
            pending = [Double](repeating: 0, count: order.count + 1)
        }

        /// Adds `value` to the shift of positions `from...` (to the end).
        mutating func add(from position: Int, _ value: Double) {
            var i = position + 1
            while i < pending.count { pending[i] += value; i += i & -i }
        }

        /// The shift not yet applied at `position`.
        func shift(at position: Int) -> Double {
            var i = position + 1, sum = 0.0
            while i > 0 { sum += pending[i]; i -= i & -i }
            return sum
        }

        /// The first position whose character index is at least `index`.
        func position(of index: Int) -> Int {
            var low = 0, high = indices.count
            while low < high {
                let mid = (low + high) / 2
                if indices[mid] < index { low = mid + 1 } else { high = mid }
            }
            return low
        }

        /// Applies the pending shift of `position` to its box.
        mutating func settle(_ position: Int, _ layout: inout TextLayout) {
            let value = shift(at: position)
            guard value != 0 else { return }
            layout.move(order[position], by: value)
            add(from: position, -value)
            add(from: position + 1, value)
        }
    }

    /// Applies one `textLength` as Chromium's `SvgTextLayoutAlgorithm::ResolveTextLength` does
    /// (SVG 2 §11.10.2 step 5): the characters' extent made `length` by spreading the difference
    /// between them (`spacing`: after each character not already adjusted by a descendant's
    /// `textLength`, and after each such descendant as a whole) or by scaling their positions and
    /// glyphs along the baseline (`spacingAndGlyphs`); the characters after them in the same chunk
    /// move by as much.
    private func adjust(_ adjustment: LengthAdjustment, _ adjuster: inout LengthAdjuster, _ layout: inout TextLayout) {
        let range = adjustment.characters
        let low = adjuster.position(of: range.lowerBound), high = adjuster.position(of: range.upperBound + 1)
        // The descendants adjusted before: they closed after this element opened.
        // (`resolvedStarts` ascends: a later sibling starts after an earlier one.)
        let split = (adjuster.resolvedStarts.lastIndex { $0 < range.lowerBound } ?? -1) + 1
        let starts = Set(adjuster.resolvedStarts[split...])
        guard low < high else { return }
        for p in low..<high { adjuster.settle(p, &layout) }
        let members = adjuster.order[low..<high]
        let a = members.map { layout.boxes[$0].x }.min() ?? 0
        let b = members.map { layout.boxes[$0].x + layout.boxes[$0].advance }.max() ?? 0
        let delta = adjustment.length - (b - a)
        var shift = 0.0
        if adjustment.scalesGlyphs {
            guard b > a else { return }
            let scale = adjustment.length / (b - a)
            for k in members {
                let box = layout.boxes[k], moved = a + (box.x - a) * scale
                for g in box.glyphs {
                    let glyph = layout.runs[box.run].glyphs[g].x
                    layout.runs[box.run].glyphs[g].x = moved + (glyph - box.x) * scale
                    if !box.resolved { layout.runs[box.run].scales[g] *= scale }
                }
                layout.boxes[k].x = moved
                if !box.resolved { layout.boxes[k].advance *= scale }
                layout.boxes[k].resolved = true
            }
            shift = delta
        } else {
            // A descendant already adjusted counts as one character: its first.
            let counts = members.map { !layout.boxes[$0].resolved || starts.contains(layout.boxes[$0].index) }
            let n = counts.filter { $0 }.count - 1
            let step = n > 0 ? delta / Double(n) : 0
            for (k, counted) in zip(members, counts) {
                layout.move(k, by: shift)
                if counted { shift += step }
                layout.boxes[k].resolved = true
            }
        }
        adjuster.resolvedStarts.removeSubrange(split...)
        adjuster.resolvedStarts.append(range.lowerBound)
        // The rest of the chunk follows.
        let end = adjuster.chunkEnds[high - 1]
        if high <= end, shift != 0 {
            adjuster.add(from: high, shift)
            adjuster.add(from: end + 1, -shift)
        }
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
