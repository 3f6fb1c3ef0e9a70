import Geometry
import Raster

/// Turns the element tree of one SVG file into a `VectorImage` render tree, as usvg does:
/// cascades styles (presentation attributes, `<style>` sheets, `style` attributes), resolves
/// units against the nearest viewport, expands `use`, `symbol` and nested `svg`, resolves paint
/// servers, clip paths and masks, and converts shapes to paths in viewBox coordinates.
///
/// Invalid values are ignored with a warning, as the SVG spec asks; hostile input is bounded:
/// element nesting by the markup parser, `use` expansion by `maximumNodes`, reference cycles by
/// tracking what is being expanded, and chains of references of every kind (`use`, `symbol`,
/// clip paths, masks, markers, patterns) together with the elements between them and the
/// groups of filter lists by `maximumDepth`, past which the file is refused with an error
/// naming the chain.
final class VectorImageReader {
    private(set) var source: SourceText
    private(set) var warnings: [SVGError] = []
    /// Elements by `id` (the first one wins, as in browsers).
    private(set) var elements: [String: MarkupElement] = [:]
    /// The cascaded declarations of every element, by the element's offset.
    private var declarations: [Int: [Declaration]] = [:]
    /// The clip paths and masks being expanded, to break reference cycles.
    var expanding: Set<String> = []
    /// The elements being read, innermost last (by offset): a `use` of one of them is a cycle.
    private(set) var walking: Set<Int> = []
    /// How many more nodes `use` expansion may produce before the rest is dropped.
    private var nodeBudget = VectorImageReader.maximumNodes

    /// The most render-tree nodes one file may expand to (a `use` bomb stops here).
    static let maximumNodes = 100_000

    /// How deep reading may go, counting each element inside another and each reference
    /// followed: more than twice the markup parser's nesting, so any file within it that
    /// references another subtree reads, and a few hundred stack frames, so no chain of
    /// references can exhaust the stack.
    static let maximumDepth = 512
    /// The current depth (elements and references).
    private var depth = 0
    /// The references being followed, outermost first (`<use> #a`, `clip-path #b`).
    private var chain: [String] = []
    /// Set when reading went past a limit (`maximumDepth`, `maximumAppliedFilterPrimitives`);
    /// `read()` throws it and nothing more is read.
    private var stopped: SVGError?
    /// Filter primitives applied so far, against `maximumAppliedFilterPrimitives`.
    private var appliedFilterPrimitives = 0

    /// The most filter primitives one file may apply in all: each CSS filter function counts
    /// one and each `<filter>` its primitives, once for every element drawn through it. Real
    /// files apply tens to a few thousand (a Figma drop shadow is 8, on each element that has
    /// one); each primitive is a pass over its element's pixels, so thousands of elements each
    /// through a list of 510 functions took seconds and most of a gigabyte.
    static let maximumAppliedFilterPrimitives = 10_000
    /// Pattern tiles already rendered, by pattern and placement: a pattern used by many
    /// elements (or by the content of another pattern) is rendered once per placement.
    var patternTiles: [String: Paint?] = [:]
    /// Pixels of pattern tiles rendered so far, against `maximumPatternPixels`.
    var patternPixels = 0
    /// How many pattern tiles are being rendered (patterns inside patterns).
    var patternNesting = 0
    /// Whether any element has a `mix-blend-mode`, so the root is drawn isolated.
    private var blends = false
    /// Gradient stops already read, by the element holding them and the viewport they were read
    /// in, with the warnings reading them gave: a gradient filling many shapes reads its stops
    /// (and their styles) once, and gives the same warnings on each use as reading them again.
    var stopLists: [StopListKey: (stops: [GradientStop], warnings: [(offset: Int, message: String)])] = [:]
    /// While not `nil`, every warning is also recorded here (before the cap on their number).
    var recordedWarnings: [(offset: Int, message: String)]?

    /// Where a list of gradient stops was read.
    struct StopListKey: Hashable {
        let element: Int
        let viewport: Size
    }

    /// The faces text is drawn with and `ex` units are measured in.
    let fonts: FontFinder

    init(source: SourceText, fonts sources: FontSources) {
        self.source = source
        fonts = FontFinder(svgName: source.name, sources: sources)
    }

    /// The state a child element is read in.
    struct Context {
        var style: Style
        /// The element's user space to viewBox coordinates.
        var transform: AffineTransform
        var viewport: Size
        /// The faces of the image being read.
        let fonts: FontFinder
        /// Inside a `clipPath`: every shape is an opaque fill with the clip rule.
        var clipping = false

        var lengths: LengthContext { LengthContext(viewport: viewport, style: style, fonts: fonts) }
    }

    func read() throws -> VectorImage {
        var markup = MarkupParser(bytes: source.bytes)
        let parsed = Result { try markup.parseDocument() }
        source.expansions = markup.entities.expansions
        let root = try located { try parsed.get() }
        guard root.name == "svg" else { throw source.error(at: root.offset, "the root element is <\(root.name)>, not <svg>") }
        var sheet = StyleSheet()
        // Linked sheets come first: their instructions precede the root and its <style>s.
        for instruction in markup.prologInstructions where instruction.target == "xml-stylesheet" {
            if let css = linkedStyleSheet(instruction.data, at: instruction.offset) { sheet.add(css) }
        }
        index(root, sheet: &sheet)
        cascade(root, progress: [], sheet: sheet)

        let (viewBox, size, aspectRatio) = try frame(of: root)
        var context = Context(style: Style(), transform: .identity, viewport: viewBox.size, fonts: fonts)
        context.style = style(of: root, parent: context)
        context.transform = transform(of: root, context)
        let children = wrap(self.children(of: root, context), element: root, context)
        if let stopped { throw stopped }
        // An SVG image is an isolated group: what blends in it blends with its own content, never
        // with the page or view it is drawn on.
        return VectorImage(viewBox: viewBox, size: size, aspectRatio: aspectRatio,
                           root: VectorGroup(children: children, isolated: blends), warnings: warnings)
    }

    // MARK: - Indexing and the cascade

    /// Records ids and collects `<style>` sheets, in document order.
    private func index(_ element: MarkupElement, sheet: inout StyleSheet) {
        if let id = element.attribute("id")?.value, elements[id] == nil { elements[id] = element }
        if element.name == "style" {
            let type = element.attribute("type")?.value.trimmingSpace() ?? ""
            if type.isEmpty || type == "text/css" { sheet.add(element.textContent) }
        }
        for child in element.children where !child.isText { index(child, sheet: &sheet) }
    }

    /// Stores every element's declarations in cascade order: presentation attributes, then
    /// style sheet rules by specificity, then the `style` attribute, then `!important` rules
    /// and `!important` style declarations.
    private func cascade(_ element: MarkupElement, progress parents: [Selector.Progress], sheet: StyleSheet) {
        let (rules, progress) = sheet.matching(element, after: parents)
        var normal = Array(element.attributes.lazy.map { Declaration(property: $0.name, value: $0.value, offset: $0.valueOffset) }
            .filter { $0.isKnown && !$0.isCSSOnly })
        var important: [Declaration] = []
        for rule in rules {
            for d in rule.declarations {
                let declaration = Declaration(property: d.property, value: d.value, offset: element.offset)
                if d.important { important.append(declaration) } else { normal.append(declaration) }
            }
        }
        if let style = element.attribute("style") {
            for d in StyleSheet.declarations(style.value) {
                let declaration = Declaration(property: d.property, value: d.value, offset: style.offset(ofValueByte: d.offset))
                if d.important { important.append(declaration) } else { normal.append(declaration) }
            }
        }
        declarations[element.offset] = normal + important
        for child in element.children where !child.isText { cascade(child, progress: progress, sheet: sheet) }
    }

    /// The last cascaded value of a property the render tree reads from one element only
    /// (`overflow`, `mask-type`), trimmed; `nil` when it is not set.
    func declaredValue(_ property: String, of element: MarkupElement) -> String? {
        declarations[element.offset]?.last { $0.property == property }?.value.trimmingSpace()
    }

    /// The computed style of `element` given its parent's context.
    func style(of element: MarkupElement, parent context: Context) -> Style {
        var style = context.style.inherited
        // `xml:space` (SVG 1.1 §10.15), inherited; Chromium's user-agent style sheet makes it
        // `white-space`, so an author's `white-space` on the element wins over it.
        if let space = element.attribute("xml:space") {
            switch space.value.trimmingSpace() {
            case "preserve": style.preservesSpaces = true
            case "default": style.preservesSpaces = false
            default: warn(at: space.valueOffset, "xml:space: invalid value '\(space.value)', ignored")
            }
        }
        // The font first: em and ex units in the other properties depend on it.
        let list = declarations[element.offset] ?? []
        let lengths = context.lengths
        for d in list where d.isFont {
            if let problem = style.apply(d, parent: context.style, lengths: lengths) { warn(at: d.offset, problem) }
        }
        let fontLengths = LengthContext(viewport: context.viewport, style: style, fonts: fonts)
        for d in list where !d.isFont && d.isKnown {
            if let problem = style.apply(d, parent: context.style, lengths: fontLengths) { warn(at: d.offset, problem) }
        }
        // The language, inherited: `xml:lang` wins over `lang` (SVG 2 §5.10.2); empty is unknown.
        if let tag = (element.attribute("xml:lang") ?? element.attribute("lang"))?.value.trimmingSpace() {
            style.language = tag.isEmpty ? nil : tag
        }
        return style
    }

    // MARK: - The root

    /// The root's viewBox, intrinsic size and aspect ratio; either of the first two may be
    /// derived from the other, and a root with neither is 100 × 100 (as browsers size a
    /// replaced element without intrinsic size, scaled down from 300 × 150).
    private func frame(of root: MarkupElement) throws -> (Rect, Size, AspectRatio) {
        let lengths = LengthContext(viewport: Size(100, 100), style: Style(), fonts: fonts)
        func dimension(_ name: String) -> Double? {
            guard let attribute = root.attribute(name) else { return nil }
            if attribute.value.trimmingSpace().hasSuffix("%") { return nil }
            guard let v = lengths.length(attribute.value, .x), v > 0 else {
                warn(at: attribute.valueOffset, "\(name): invalid value '\(attribute.value)', ignored")
                return nil
            }
            return v
        }
        let width = dimension("width"), height = dimension("height")
        let viewBox = self.viewBox(of: root)
        let box = viewBox ?? Rect(0, 0, width ?? 100, height ?? 100)
        var size = Size(width ?? box.width, height ?? box.height)
        if viewBox != nil {
            if width != nil, height == nil { size.height = size.width * box.height / box.width }
            if height != nil, width == nil { size.width = size.height * box.width / box.height }
        }
        return (box, size, aspectRatio(of: root))
    }

    /// An element's `viewBox`, or `nil` when absent or invalid (with a warning).
    func viewBox(of element: MarkupElement) -> Rect? {
        guard let attribute = element.attribute("viewBox") else { return nil }
        var scanner = NumberScanner(attribute.value)
        scanner.skipSpace()
        guard let v = try? scanner.numbers(4, ""), scanner.isAtEnd else {
            warn(at: attribute.valueOffset, "viewBox: expected four numbers (min-x min-y width height), ignored")
            return nil
        }
        guard v[2] > 0, v[3] > 0 else {
            warn(at: attribute.valueOffset, "viewBox: width and height must be positive, ignored")
            return nil
        }
        return Rect(v[0], v[1], v[2], v[3])
    }

    /// An element's `preserveAspectRatio` (the default when absent or invalid).
    func aspectRatio(of element: MarkupElement) -> AspectRatio {
        guard let attribute = element.attribute("preserveAspectRatio") else { return AspectRatio() }
        guard let ratio = AspectRatio.parse(attribute.value.trimmingSpace()) else {
            warn(at: attribute.valueOffset, "preserveAspectRatio: invalid value '\(attribute.value)', ignored")
            return AspectRatio()
        }
        return ratio
    }

    // MARK: - Walking the tree

    /// The nodes the children of a container produce.
    func children(of element: MarkupElement, _ context: Context) -> [VectorNode] {
        var nodes: [VectorNode] = []
        for child in element.children where !child.isText {
            nodes += self.nodes(of: child, context)
            if element.name == "switch", !nodes.isEmpty { break }
        }
        return nodes
    }

    /// The elements that draw; any other is skipped where it stands.
    private static let renderable: Set<String> = ["g", "svg", "use", "a", "switch", "text", "path", "rect", "circle",
                                                  "ellipse", "line", "polyline", "polygon", "image"]
    /// The elements that draw inside a `clipPath`.
    private static let clipContent: Set<String> = ["path", "rect", "circle", "ellipse", "line", "polyline", "polygon",
                                                   "text", "use"]

    /// The nodes one element produces in `parent`'s context.
    ///
    /// Every chain of elements and references passes through here, `children(of:_:)` and the
    /// function that follows the reference (`use`, `viewport`, `pattern`, `marker`, `clipPath`,
    /// `mask`), so these keep their stack frames small: what needs many locals (styles,
    /// contexts, lengths, the shapes drawn) is worked out in `@inline(never)` helpers that
    /// return before the recursion. In a debug build a chain of 250 patterns took 20 KB of stack
    /// a pattern and overflowed 4 MB; see `HostileInputTests.deepDrawings`.
    func nodes(of element: MarkupElement, _ parent: Context) -> [VectorNode] {
        guard nodeBudget > 0 else {
            if nodeBudget == 0 {
                warn(at: element.offset, "the file expands to more than \(Self.maximumNodes) elements (through <use>); the rest is not drawn")
                nodeBudget = -1
            }
            return []
        }
        nodeBudget -= 1
        guard Self.renderable.contains(element.name), enter(nil, at: element.offset) else { return [] }
        defer { leave(nil) }
        walking.insert(element.offset)
        defer { walking.remove(element.offset) }
        guard let context = elementContext(element, parent) else { return [] }
        // Each function of a filter list but the last wraps the element in a group of its own
        // (`wrap`): they count as that many levels, so no list nests the render tree deeper
        // than `maximumDepth`. Chromium takes a list of any length (css_parsing_utils'
        // ConsumeFilterFunctionList); 20,000 functions here overflowed the stack.
        let filterGroups = context.clipping ? 0 : context.style.filters.count - 1
        let filterList = filterGroups > 0 ? "filter: \(filterGroups + 1) functions" : nil
        if let filterList {
            guard enter(filterList, levels: filterGroups, at: element.offset) else { return [] }
        }
        defer { if let filterList { leave(filterList, levels: filterGroups) } }
        let nodes: [VectorNode]
        switch element.name {
        case "g", "a", "switch":
            nodes = children(of: element, context)
        case "svg":
            nodes = nestedViewport(element, context)
        case "use":
            nodes = use(element, context)
        case "text":
            nodes = text(element, context)
        case "image":
            nodes = image(element, context)
        default:
            nodes = shape(element, context)
        }
        return wrap(nodes, element: element, context)
    }

    /// The context `element` is read in inside `parent` (its cascaded style, its transform);
    /// `nil` when it draws nothing there: `display: none`, or not a shape inside a clip path.
    @inline(never)
    private func elementContext(_ element: MarkupElement, _ parent: Context) -> Context? {
        var context = parent
        context.style = style(of: element, parent: parent)
        guard context.style.isDisplayed else { return nil }
        if context.clipping, !Self.clipContent.contains(element.name) { return nil }
        if element.name != "svg" {
            context.transform = transform(of: element, context).concatenating(parent.transform)
        }
        return context
    }

    /// `context` for the content of a `clipPath`, `mask`, `pattern` or `marker` element: the
    /// element's own style, cascaded from the initial one (its content inherits from it, not
    /// from the element that refers to it).
    @inline(never)
    func referencedContext(_ element: MarkupElement, _ context: Context) -> Context {
        var inner = context
        inner.style = style(of: element, parent: Context(style: Style(), transform: .identity, viewport: context.viewport,
                                                         fonts: fonts))
        return inner
    }

    /// `nodes` inside a group carrying the element's filter, opacity, clip path and mask, when it
    /// has any; none at all when its filter is in error.
    func wrap(_ nodes: [VectorNode], element: MarkupElement, _ context: Context) -> [VectorNode] {
        guard !nodes.isEmpty else { return nodes }
        var group = VectorGroup(children: nodes, opacity: context.clipping ? 1 : context.style.opacity,
                                blendMode: context.clipping ? .normal : context.style.blendMode,
                                isolated: context.style.isolated)
        if group.blendMode != .normal { blends = true }
        if let id = context.style.clipPath, let clip = clipPath(id, for: group, context, at: element) { group.clips = [clip] }
        if let id = context.style.mask, !context.clipping, let mask = mask(id, for: group, context, at: element) {
            group.masks = [mask]
        }
        if !context.style.filters.isEmpty, !context.clipping {
            guard filter(&group, element: element, context) else { return [] }
        }
        return Self.layered(group)
    }

    /// Puts `group` through the element's filter list; false when the element is not rendered.
    @inline(never)
    private func filter(_ group: inout VectorGroup, element: MarkupElement, _ context: Context) -> Bool {
        guard let filters = filters(context.style.filters, for: group, context, at: element) else { return false }
        // Every filter but the last wraps the content in a group of its own; the last
        // shares the group that clips, masks and fades the filtered result.
        for filter in filters.dropLast() {
            group.children = [.group(VectorGroup(children: group.children, filter: filter))]
        }
        group.filter = filters.last
        return true
    }

    /// `group` as the nodes it draws: its children when it needs no layer, a lone shape with
    /// one paint taking the group's opacity into that paint (the same pixels, no layer), or the
    /// group itself; nothing when it is fully transparent.
    @inline(never)
    private static func layered(_ group: VectorGroup) -> [VectorNode] {
        if !group.needsLayer { return group.children }
        if group.clips.isEmpty, group.masks.isEmpty, group.filter == nil, group.blendMode == .normal,
           group.children.count == 1, case var .shape(shape) = group.children[0],
           (shape.fill == nil) != (shape.stroke == nil) {
            shape.fill = shape.fill.map { $0.multiplyingAlpha(by: group.opacity) }
            if let paint = shape.stroke?.paint { shape.stroke?.paint = paint.multiplyingAlpha(by: group.opacity) }
            return group.opacity > 0 ? [.shape(shape)] : []
        }
        return group.opacity > 0 ? [.group(group)] : []
    }

    /// The element's `transform` (about its `transform-origin`), identity when absent or invalid.
    func transform(of element: MarkupElement, _ context: Context, attribute name: String = "transform") -> AffineTransform {
        guard let attribute = element.attribute(name) else { return .identity }
        let t: AffineTransform
        do {
            t = try TransformList.parse(attribute.value)
        } catch let problem as ValueProblem {
            warn(at: attribute.offset(ofValueByte: problem.index), "\(problem.message), ignored")
            return .identity
        } catch {
            return .identity
        }
        guard let origin = context.style.transformOrigin, name == "transform" else { return t }
        return AffineTransform.translation(-origin.x, -origin.y).concatenating(t).concatenating(.translation(origin.x, origin.y))
    }

    /// A nested `<svg>`: a new viewport at x, y, width, height with its own viewBox, clipped to it.
    private func nestedViewport(_ element: MarkupElement, _ context: Context) -> [VectorNode] {
        let lengths = context.lengths
        let x = length(element, "x", .x, lengths) ?? 0, y = length(element, "y", .y, lengths) ?? 0
        let width = length(element, "width", .x, lengths, nonNegative: true) ?? context.viewport.width
        let height = length(element, "height", .y, lengths, nonNegative: true) ?? context.viewport.height
        return viewport(element, rect: Rect(x, y, width, height), context)
    }

    /// The content of an `svg` or `symbol` element placed in `rect` of the current user space.
    func viewport(_ element: MarkupElement, rect: Rect, _ context: Context) -> [VectorNode] {
        guard rect.width > 0, rect.height > 0 else { return [] }
        let nodes = children(of: element, viewportContext(element, rect: rect, context))
        guard !nodes.isEmpty else { return [] }
        return clipped(nodes, to: element, rect: rect, context)
    }

    /// `context` inside the viewport of an `svg` or `symbol` element placed in `rect`.
    @inline(never)
    private func viewportContext(_ element: MarkupElement, rect: Rect, _ context: Context) -> Context {
        var inner = context
        let viewBox = self.viewBox(of: element)
        let placement = viewBox.flatMap { aspectRatio(of: element).transform($0, into: rect) }
            ?? .translation(rect.x, rect.y)
        inner.transform = placement.concatenating(context.transform)
        inner.viewport = viewBox?.size ?? rect.size
        return inner
    }

    /// A viewport's content clipped to `rect`, unless its `overflow` shows it.
    @inline(never)
    private func clipped(_ nodes: [VectorNode], to element: MarkupElement, rect: Rect, _ context: Context) -> [VectorNode] {
        // overflow defaults to hidden on both: the viewport clips its content.
        let overflow = declaredValue("overflow", of: element) ?? "hidden"
        if overflow == "visible" || overflow == "auto" || context.clipping { return nodes }
        let clip = VectorGroup(children: [.shape(Shape(path: Path(rect: rect).transformed(by: context.transform), fill: .solid(.black)))])
        return [.group(VectorGroup(children: nodes, clips: [clip]))]
    }

    /// `<use>`: the referenced element (or symbol) drawn translated by x, y, inheriting the
    /// `use` element's style.
    private func use(_ element: MarkupElement, _ context: Context) -> [VectorNode] {
        guard let (id, target) = reference(element, what: "use") else { return [] }
        guard !walking.contains(target.offset) else {
            warn(at: element.offset, "<use> refers to '#\(id)', which contains this <use>; not drawn")
            return []
        }
        guard enter("<use> #\(id)", at: element.offset) else { return [] }
        defer { leave("<use> #\(id)") }
        guard target.name == "symbol" || target.name == "svg" else { return nodes(of: target, useContext(element, context)) }
        guard let (symbolContext, size) = symbolPlacement(element, target, context) else { return [] }
        // The symbol is being read: a `use` of it inside it is a cycle.
        walking.insert(target.offset)
        defer { walking.remove(target.offset) }
        let nodes = viewport(target, rect: Rect(0, 0, size.width, size.height), symbolContext)
        return wrap(nodes, element: target, symbolContext)
    }

    /// `context` translated by the `use` element's x and y.
    @inline(never)
    private func useContext(_ element: MarkupElement, _ context: Context) -> Context {
        let lengths = context.lengths
        let x = length(element, "x", .x, lengths) ?? 0, y = length(element, "y", .y, lengths) ?? 0
        var inner = context
        inner.transform = AffineTransform.translation(x, y).concatenating(context.transform)
        return inner
    }

    /// The context a `use` element draws its `symbol` or `svg` target in, with the size of its
    /// viewport (the `use` element's width and height, else the target's); `nil` when the
    /// target is an `svg` that is not displayed.
    @inline(never)
    private func symbolPlacement(_ element: MarkupElement, _ target: MarkupElement, _ context: Context) -> (Context, Size)? {
        let inner = useContext(element, context)
        let lengths = context.lengths
        let width = length(element, "width", .x, lengths, nonNegative: true)
            ?? length(target, "width", .x, lengths, nonNegative: true) ?? context.viewport.width
        let height = length(element, "height", .y, lengths, nonNegative: true)
            ?? length(target, "height", .y, lengths, nonNegative: true) ?? context.viewport.height
        var symbolContext = inner
        symbolContext.style = style(of: target, parent: inner)
        guard symbolContext.style.isDisplayed || target.name == "symbol" else { return nil }
        symbolContext.transform = transform(of: target, symbolContext).concatenating(inner.transform)
        return (symbolContext, Size(width, height))
    }

    // MARK: - References

    /// Goes `levels` deeper: into an element, or along `reference` (`clip-path #c`, or a filter
    /// list's groups). Past `maximumDepth` it returns false and reading stops, `read()` throwing
    /// an error at `offset` that names the chain of references that got there. Every `true` is
    /// paired with `leave` of the same levels.
    func enter(_ reference: String?, levels: Int = 1, at offset: Int) -> Bool {
        guard stopped == nil else { return false }
        if let reference { chain.append(reference) }
        guard depth + levels <= Self.maximumDepth else {
            let shown = chain.count <= 6 ? chain : chain.prefix(3) + ["…"] + chain.suffix(3)
            let through = chain.isEmpty ? "" : " through \(chain.count) reference\(chain.count == 1 ? "" : "s") (\(shown.joined(separator: " → ")))"
            stopped = source.error(at: offset, "elements, references and filter functions nest more than \(Self.maximumDepth) levels deep\(through)")
            if reference != nil { chain.removeLast() }
            return false
        }
        depth += levels
        return true
    }

    /// Counts `count` more filter primitives applied by the element at `offset`. Past
    /// `maximumAppliedFilterPrimitives` it returns false and reading stops, `read()` throwing an error
    /// at that element that names the limit.
    func applyFilterPrimitives(_ count: Int, at offset: Int) -> Bool {
        guard stopped == nil else { return false }
        appliedFilterPrimitives += count
        guard appliedFilterPrimitives <= Self.maximumAppliedFilterPrimitives else {
            stopped = source.error(at: offset, "filters apply more than \(Self.maximumAppliedFilterPrimitives) primitives in all (each filter function counts one, each <filter> its primitives, for every element drawn through it)")
            return false
        }
        return true
    }

    /// Comes back from the levels `enter` went into.
    func leave(_ reference: String?, levels: Int = 1) {
        depth -= levels
        if reference != nil { chain.removeLast() }
    }

    /// The element an `href` or `xlink:href` names, with a warning when it is missing.
    func reference(_ element: MarkupElement, what: String) -> (String, MarkupElement)? {
        guard let attribute = element.attribute("href") ?? element.attribute("xlink:href") else { return nil }
        let value = attribute.value.trimmingSpace()
        guard value.hasPrefix("#"), let target = elements[String(value.dropFirst())] else {
            warn(at: attribute.valueOffset, "\(what): no element '\(value)' in this file, ignored")
            return nil
        }
        return (String(value.dropFirst()), target)
    }

    // MARK: - Attribute values

    /// A length attribute in user units, or `nil` when absent or invalid (with a warning).
    func length(_ element: MarkupElement, _ name: String, _ axis: LengthAxis, _ lengths: LengthContext,
                nonNegative: Bool = false) -> Double? {
        guard let attribute = element.attribute(name) else { return nil }
        guard let v = lengths.length(attribute.value, axis) else {
            warn(at: attribute.valueOffset, "\(name): invalid length '\(attribute.value)', ignored")
            return nil
        }
        guard !nonNegative || v >= 0 else {
            warn(at: attribute.valueOffset, "\(name): must not be negative, ignored")
            return nil
        }
        return v
    }

    /// Records a warning at a byte of the file.
    /// Runs `body`, dropping the warnings it gives (a second walk over content already warned about).
    func discardingWarnings(_ body: () -> Void) {
        let count = warnings.count
        body()
        warnings.removeSubrange(min(count, warnings.count)...)
    }

    func warn(at offset: Int, _ message: String) {
        recordedWarnings?.append((offset, message))
        guard warnings.count < 1000 else { return }
        let (line, column) = source.location(of: offset)
        warnings.append(SVGError(file: source.name, line: line, column: column, message: "warning: " + message))
    }

    /// Runs `body`, turning a `SourceProblem` into an error naming this file.
    private func located<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let problem as SourceProblem {
            throw source.error(at: problem.offset, problem.message)
        }
    }
}

extension Paint {
    /// The paint with its alpha multiplied by `opacity`.
    func multiplyingAlpha(by opacity: Double) -> Paint {
        guard opacity < 1 else { return self }
        switch self {
        case let .solid(color): return .solid(color.multiplyingAlpha(by: opacity))
        case let .gradient(gradient): return .gradient(gradient.multiplyingAlpha(by: opacity))
        case var .pattern(pattern):
            pattern.opacity *= opacity
            return .pattern(pattern)
        }
    }
}
