import Geometry
import Raster

/// `clipPath` and `mask` (SVG 1.1 §14): their content read into groups that clip or mask the
/// referencing element. A reference to a missing element is ignored with a warning (as
/// browsers do); a reference cycle or an empty bounding box in `objectBoundingBox` units
/// clips everything away, as the spec's "not rendered".
extension VectorImageReader {
    /// What clips a group: a clip group, `nil` for no clip.
    func clipPath(_ id: String, for group: VectorGroup, _ context: Context, at element: MarkupElement) -> VectorGroup? {
        guard let clip = elements[id], clip.name == "clipPath" else {
            warn(at: element.offset, "clip-path: no <clipPath> '#\(id)' in this file, ignored")
            return nil
        }
        let nothing = VectorGroup(children: [], clips: [])
        guard !expanding.contains("clip:" + id) else {
            warn(at: element.offset, "clip-path: '#\(id)' refers back to itself; not drawn")
            return nothing
        }
        guard enter("clip-path #\(id)", at: element.offset) else { return nothing }
        defer { leave("clip-path #\(id)") }
        expanding.insert("clip:" + id)
        defer { expanding.remove("clip:" + id) }
        var inner = context
        inner.style = style(of: clip, parent: Context(style: Style(), transform: .identity, viewport: context.viewport, fonts: fonts))
        inner.clipping = true
        var units = AffineTransform.identity
        if clip.attribute("clipPathUnits")?.value.trimmingSpace() == "objectBoundingBox" {
            guard let box = objectBox(group, context), box.width > 0, box.height > 0 else { return nothing }
            units = AffineTransform(a: box.width, b: 0, c: 0, d: box.height, tx: box.x, ty: box.y)
        }
        inner.transform = transform(of: clip, inner).concatenating(units).concatenating(context.transform)
        var result = VectorGroup(children: children(of: clip, inner))
        if let nested = inner.style.clipPath, let outer = clipPath(nested, for: group, context, at: clip) {
            result.clips = [outer]
        }
        return result
    }

    /// What masks a group: a mask group, `nil` for no mask.
    func mask(_ id: String, for group: VectorGroup, _ context: Context, at element: MarkupElement) -> VectorGroup? {
        guard let mask = elements[id], mask.name == "mask" else {
            warn(at: element.offset, "mask: no <mask> '#\(id)' in this file, ignored")
            return nil
        }
        let nothing = VectorGroup(children: [], clips: [])
        guard !expanding.contains("mask:" + id) else {
            warn(at: element.offset, "mask: '#\(id)' refers back to itself; not drawn")
            return nothing
        }
        guard enter("mask #\(id)", at: element.offset) else { return nothing }
        defer { leave("mask #\(id)") }
        expanding.insert("mask:" + id)
        defer { expanding.remove("mask:" + id) }
        let box = objectBox(group, context)
        guard let region = region(of: mask, units: "maskUnits", box: box, context) else { return nothing }
        var inner = context
        inner.style = style(of: mask, parent: Context(style: Style(), transform: .identity, viewport: context.viewport, fonts: fonts))
        inner.clipping = false
        if mask.attribute("maskContentUnits")?.value.trimmingSpace() == "objectBoundingBox" {
            guard let box, box.width > 0, box.height > 0 else { return nothing }
            inner.transform = AffineTransform(a: box.width, b: 0, c: 0, d: box.height, tx: box.x, ty: box.y)
                .concatenating(context.transform)
        }
        let regionClip = VectorGroup(children: [.shape(Shape(path: Path(rect: region).transformed(by: context.transform),
                                                               fill: .solid(.black)))])
        var result = VectorGroup(children: children(of: mask, inner), clips: [regionClip])
        switch declaredValue("mask-type", of: mask) {
        case nil, "luminance": break
        case "alpha": result.maskMode = .alpha
        case let other?: warn(at: mask.offset, "mask-type: invalid value '\(other)', ignored")
        }
        if let nested = inner.style.mask, let outer = self.mask(nested, for: group, context, at: mask) {
            result.masks = [outer]
        }
        return result
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

    /// The object bounding box of a group's geometry (fills' outlines, strokes ignored) in the
    /// user space `context.transform` maps from; `nil` when it has no geometry.
    func objectBox(_ group: VectorGroup, _ context: Context) -> Rect? {
        guard let inverse = context.transform.inverted else { return nil }
        let boxes = group.shapes.compactMap { $0.path.transformed(by: inverse).tightBounds() }
        guard let first = boxes.first else { return nil }
        return boxes.dropFirst().reduce(first) { $0.union($1) }
    }
}
