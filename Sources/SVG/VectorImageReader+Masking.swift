import Geometry
import Raster

/// `clipPath` and `mask` (SVG 1.1 §14): their content read into groups that clip or mask the
/// referencing element. A reference to a missing element is ignored with a warning (as
/// browsers do); a reference cycle or an empty bounding box in `objectBoundingBox` units
/// clips everything away, as the spec's "not rendered".
extension VectorImageReader {
    /// What clips or masks away everything.
    private static let nothing = VectorGroup(children: [], clips: [])

    /// What clips a group: a clip group, `nil` for no clip.
    func clipPath(_ id: String, for group: VectorGroup, _ context: Context, at element: MarkupElement) -> VectorGroup? {
        guard let clip = elements[id], clip.name == "clipPath" else {
            warn(at: element.offset, "clip-path: no <clipPath> '#\(id)' in this file, ignored")
            return nil
        }
        guard !expanding.contains("clip:" + id) else {
            warn(at: element.offset, "clip-path: '#\(id)' refers back to itself; not drawn")
            return Self.nothing
        }
        guard enter("clip-path #\(id)", at: element.offset) else { return Self.nothing }
        defer { leave("clip-path #\(id)") }
        expanding.insert("clip:" + id)
        defer { expanding.remove("clip:" + id) }
        guard let inner = clipContext(clip, for: group, context) else { return Self.nothing }
        var result = VectorGroup(children: children(of: clip, inner))
        if let nested = inner.style.clipPath, let outer = clipPath(nested, for: group, context, at: clip) {
            result.clips = [outer]
        }
        return result
    }

    /// The context a `clipPath`'s content is read in for `group`; `nil` when its units are
    /// `objectBoundingBox` and the group's box is empty.
    @inline(never)
    private func clipContext(_ clip: MarkupElement, for group: VectorGroup, _ context: Context) -> Context? {
        var inner = referencedContext(clip, context)
        inner.clipping = true
        var units = AffineTransform.identity
        if clip.attribute("clipPathUnits")?.value.trimmingSpace() == "objectBoundingBox" {
            guard let box = objectBox(group, context), box.width > 0, box.height > 0 else { return nil }
            units = AffineTransform(a: box.width, b: 0, c: 0, d: box.height, tx: box.x, ty: box.y)
        }
        inner.transform = transform(of: clip, inner).concatenating(units).concatenating(context.transform)
        return inner
    }

    /// What masks a group: a mask group, `nil` for no mask.
    func mask(_ id: String, for group: VectorGroup, _ context: Context, at element: MarkupElement) -> VectorGroup? {
        guard let mask = elements[id], mask.name == "mask" else {
            warn(at: element.offset, "mask: no <mask> '#\(id)' in this file, ignored")
            return nil
        }
        guard !expanding.contains("mask:" + id) else {
            warn(at: element.offset, "mask: '#\(id)' refers back to itself; not drawn")
            return Self.nothing
        }
        guard enter("mask #\(id)", at: element.offset) else { return Self.nothing }
        defer { leave("mask #\(id)") }
        expanding.insert("mask:" + id)
        defer { expanding.remove("mask:" + id) }
        guard let (inner, regionClip) = maskContext(mask, for: group, context) else { return Self.nothing }
        let content = children(of: mask, inner)
        var result = VectorGroup(children: content, clips: [regionClip], maskMode: maskMode(of: mask))
        if let nested = inner.style.mask, let outer = self.mask(nested, for: group, context, at: mask) {
            result.masks = [outer]
        }
        return result
    }

    /// The context a `mask`'s content is read in for `group`, with the clip to the mask's
    /// region; `nil` when the region is empty or its content's `objectBoundingBox` units meet
    /// an empty box.
    @inline(never)
    private func maskContext(_ mask: MarkupElement, for group: VectorGroup, _ context: Context) -> (Context, VectorGroup)? {
        let box = objectBox(group, context)
        guard let region = region(of: mask, units: "maskUnits", box: box, context) else { return nil }
        var inner = referencedContext(mask, context)
        inner.clipping = false
        if mask.attribute("maskContentUnits")?.value.trimmingSpace() == "objectBoundingBox" {
            guard let box, box.width > 0, box.height > 0 else { return nil }
            inner.transform = AffineTransform(a: box.width, b: 0, c: 0, d: box.height, tx: box.x, ty: box.y)
                .concatenating(context.transform)
        }
        let regionClip = VectorGroup(children: [.shape(Shape(path: Path(rect: region).transformed(by: context.transform),
                                                               fill: .solid(.black)))])
        return (inner, regionClip)
    }

    /// A `mask`'s `mask-type`: luminance unless it says alpha.
    private func maskMode(of mask: MarkupElement) -> MaskMode {
        switch declaredValue("mask-type", of: mask) {
        case nil, "luminance": return .luminance
        case "alpha": return .alpha
        case let other?:
            warn(at: mask.offset, "mask-type: invalid value '\(other)', ignored")
            return .luminance
        }
    }

    /// The region a `mask` or `filter` element covers (its x, y, width and height, by default
    /// -10 %, -10 %, 120 %, 120 %) in the user space `context.transform` maps from: fractions of
    /// the object bounding box `box` unless the `units` attribute says `userSpaceOnUse`. `nil`
    /// when the region is empty, or relative to a box that is: the element is not rendered.
    func region(of element: MarkupElement, units: String, box: Rect?, _ context: Context) -> Rect? {
        let region: Rect
        if element.attribute(units)?.value.trimmingSpace() != "userSpaceOnUse" {
            guard let box, box.width > 0, box.height > 0 else { return nil }
            let fractions = LengthContext(viewport: Size(1, 1), style: context.style, fonts: fonts)
            let x = length(element, "x", .x, fractions) ?? -0.1, y = length(element, "y", .y, fractions) ?? -0.1
            let w = length(element, "width", .x, fractions) ?? 1.2, h = length(element, "height", .y, fractions) ?? 1.2
            region = Rect(box.x + x * box.width, box.y + y * box.height, w * box.width, h * box.height)
        } else {
            let lengths = context.lengths
            region = Rect(length(element, "x", .x, lengths) ?? -0.1 * context.viewport.width,
                          length(element, "y", .y, lengths) ?? -0.1 * context.viewport.height,
                          length(element, "width", .x, lengths) ?? 1.2 * context.viewport.width,
                          length(element, "height", .y, lengths) ?? 1.2 * context.viewport.height)
        }
        return region.width > 0 && region.height > 0 ? region : nil
    }

    /// The object bounding box of a group's geometry (fills' outlines, strokes ignored, and
    /// images' rectangles, as Chromium counts an `<image>`) in the user space
    /// `context.transform` maps from; `nil` when it has no geometry.
    func objectBox(_ group: VectorGroup, _ context: Context) -> Rect? {
        guard let inverse = context.transform.inverted else { return nil }
        var boxes = group.shapes.compactMap { $0.path.transformed(by: inverse).tightBounds() }
        func images(_ g: VectorGroup) {
            for node in g.children {
                switch node {
                case let .bitmap(b):
                    boxes.append(b.transform.concatenating(inverse).apply(Rect(0, 0, Double(b.image.width), Double(b.image.height))))
                case let .group(child): images(child)
                case .shape: break
                }
            }
        }
        images(group)
        guard let first = boxes.first else { return nil }
        return boxes.dropFirst().reduce(first) { $0.union($1) }
    }
}
