import Geometry
import Raster

extension Canvas {
    /// Draws `image` with its viewBox stretched onto `rect` (UIImageView's scale-to-fill), then
    /// mapped through `transform` (user space to device pixels), at opacity `alpha`.
    ///
    /// Below full opacity the image is drawn offscreen and composited once, as Core Animation
    /// fades a layer, so shapes overlapping inside the image do not show through each other.
    /// A zero-size or singular rect or transform draws nothing.
    public func draw(_ image: VectorImage, in rect: Rect, transform: AffineTransform = .identity, alpha: Double = 1) {
        guard let placement = image.transform(onto: rect) else { return }
        draw(image, transform: placement.concatenating(transform), alpha: alpha)
    }

    /// Draws `image` with its viewBox coordinates mapped through `transform` to device pixels.
    ///
    /// With `hairlines`, a stroke no wider than one device pixel is drawn as Chromium draws it
    /// (Skia's hairline: a one-pixel line whose alpha is the width; see
    /// `CoverageMask(hairline:…)`) instead of as its outline filled by exact area, which spreads
    /// the same ink more thinly over more pixels. `popping-render svg` asks for it, to show files
    /// as a browser does; scenes leave it off.
    public func draw(_ image: VectorImage, transform: AffineTransform, alpha: Double = 1, hairlines: Bool = false) {
        draw(image, transform: transform, alpha: alpha, hairlines: hairlines, filterResults: FilterResults())
    }

    /// Draws `image` as `draw(_:transform:alpha:hairlines:)` does, reusing filter results through
    /// `filterResults` (nil: every filter is run; the same pixels, more slowly).
    func draw(_ image: VectorImage, transform: AffineTransform, alpha: Double, hairlines: Bool,
              filterResults: FilterResults?) {
        guard alpha > 0, transform.inverted != nil else { return }
        var root = image.root
        root.opacity *= min(alpha, 1)
        draw(root, transform: transform, budget: LayerBudget(canvas: self, filterResults: filterResults), hairlines: hairlines)
    }

    /// Draws `image` with its viewBox coordinates mapped through `transform` into a plane that
    /// `projection` maps to device pixels (a layer in perspective): the image is rendered flat
    /// at the largest scale the projection shows it at (at most 4096 px a side), then sampled
    /// through the homography as any layer's contents are.
    public func draw(_ image: VectorImage, transform: AffineTransform, projection: ProjectiveTransform, alpha: Double = 1) {
        let box = image.viewBox
        let full = ProjectiveTransform(transform).concatenating(projection)
        let corners = [Point(box.minX, box.minY), Point(box.maxX, box.minY), Point(box.minX, box.maxY),
                       Point(box.maxX, box.maxY)]
        // The Frobenius norm over-counts a uniform scale by √2; the largest singular value is what counts.
        let density = full.largestStretch(over: corners, minimumW: 1.0 / 1024) / 2.0.squareRoot()
        guard alpha > 0, !box.isEmpty, density.isFinite, density > 0 else { return }
        let scale = min(density, 4096 / max(box.width, box.height))
        let width = Int((box.width * scale).rounded(.up)), height = Int((box.height * scale).rounded(.up)) // bounded: scale keeps the larger side at most 4096
        guard width > 0, height > 0 else { return }
        let flat = offscreenCanvas(width: width, height: height)
        flat.draw(image, transform: AffineTransform.translation(-box.x, -box.y).concatenating(.scale(scale, scale)))
        let placement = AffineTransform.scale(1 / scale, 1 / scale).concatenating(.translation(box.x, box.y))
        draw(flat.pixmap, transform: placement.concatenating(transform), projection: projection, alpha: alpha)
    }

    /// A transparent canvas for an offscreen layer, flattening curves and placing edges as
    /// this one does.
    func offscreenCanvas(width: Int, height: Int) -> Canvas {
        let canvas = Canvas(width: width, height: height)
        canvas.curveTolerance = curveTolerance
        canvas.snapsRowsToQuarterPixels = snapsRowsToQuarterPixels
        return canvas
    }

    /// Draws a render-tree group (a pattern's tile content) through `transform`.
    func draw(_ group: VectorGroup, transform: AffineTransform) {
        draw(group, transform: transform, budget: LayerBudget(canvas: self, filterResults: FilterResults()), hairlines: false)
    }

    /// Draws a group: straight through, or into a layer covering its pixels that is filtered,
    /// clipped, masked and faded as a whole before it is composited in its blend mode.
    private func draw(_ group: VectorGroup, transform: AffineTransform, budget: LayerBudget, hairlines: Bool) {
        draw([.group(group)], transform: transform, budget: budget, hairlines: hairlines)
    }

    /// Draws the children of `group` straight onto this canvas.
    func drawChildren(of group: VectorGroup, transform: AffineTransform, budget: LayerBudget, hairlines: Bool) {
        draw(group.children, transform: transform, budget: budget, hairlines: hairlines)
    }

    /// Draws `nodes` in paint order. A group drawn straight through (it needs no layer, or its
    /// layer does not fit `budget`) is opened in place, its children drawn next from a stack on
    /// the heap, not by recursion: however deep a file nests groups (a chain of markers inside
    /// markers, `use` of `symbol`s, clip paths of clip paths), only layers, at most
    /// `LayerBudget.maximumDepth` of them, take stack frames.
    private func draw(_ nodes: [VectorNode], transform: AffineTransform, budget: LayerBudget, hairlines: Bool) {
        var open = [nodes.makeIterator()]
        while !open.isEmpty {
            guard let node = open[open.count - 1].next() else {
                open.removeLast()
                continue
            }
            switch node {
            case let .group(group):
                if !drawLayer(of: group, transform: transform, budget: budget, hairlines: hairlines) {
                    open.append(group.children.makeIterator())
                }
            case let .bitmap(bitmap): draw(bitmap.image, transform: bitmap.transform.concatenating(transform))
            case let .shape(shape): draw(shape, transform: transform, hairlines: hairlines)
            }
        }
    }

    /// Draws `group` through a layer covering its pixels that is filtered, clipped, masked and
    /// faded as a whole before it is composited in its blend mode, and returns true; returns
    /// false, drawing nothing, when the group is to be drawn straight through instead (it needs
    /// no layer, or the layer does not fit `budget`).
    private func drawLayer(of group: VectorGroup, transform: AffineTransform, budget: LayerBudget, hairlines: Bool) -> Bool {
        guard group.needsLayer else { return false }
        // One shape with only a stroke, faded: the opacity joins the paint's alpha, as
        // Chromium draws it (a hairline's overlapping segments then blend at the faded alpha).
        if hairlines, group.opacity < 1, group.clips.isEmpty, group.masks.isEmpty, group.filter == nil,
           group.blendMode == .normal, !group.isolated, group.children.count == 1,
           case let .shape(shape)? = group.children.first, shape.fill == nil {
            let saved = alpha
            alpha *= max(group.opacity, 0)
            draw(shape, transform: transform, hairlines: hairlines)
            alpha = saved
            return true
        }
        guard group.opacity > 0, let bounds = group.bounds else { return true }
        let box = transform.apply(bounds)
        let x0 = max(Double(clip.bounds.x0), (box.minX - 1).rounded(.down))
        let y0 = max(Double(clip.bounds.y0), (box.minY - 1).rounded(.down))
        let x1 = min(Double(clip.bounds.x1), (box.maxX + 1).rounded(.up))
        let y1 = min(Double(clip.bounds.y1), (box.maxY + 1).rounded(.up))
        guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite, x1 > x0, y1 > y0 else { return true }
        let width = Int(x1 - x0), height = Int(y1 - y0)
        // The content layer, and one clip or mask layer beside it while they are combined.
        let needed = width * height * (group.clips.isEmpty && group.masks.isEmpty ? 1 : 2)
        guard let inner = budget.spending(needed) else { return false }
        let local = transform.concatenating(.translation(-x0, -y0))
        func offscreen(_ content: VectorGroup) -> Pixmap {
            let canvas = offscreenCanvas(width: width, height: height)
            canvas.draw(content, transform: local, budget: inner, hairlines: hairlines)
            return canvas.pixmap
        }
        let layer = offscreenCanvas(width: width, height: height)
        if let filter = group.filter {
            layer.drawFiltered(group, filter, transform: local, budget: inner, hairlines: hairlines)
        } else {
            layer.drawChildren(of: group, transform: local, budget: inner, hairlines: hairlines)
        }
        var content = layer.pixmap
        for clipGroup in group.clips { content.multiply(by: offscreen(clipGroup), mode: .alpha) }
        for mask in group.masks { content.multiply(by: offscreen(mask), mode: mask.maskMode) }
        composite(content, x: Int(x0), y: Int(y0), alpha: group.opacity, mode: group.blendMode)
        return true
    }

    /// Paints one shape's fill, then its stroke: as a hairline when `hairlines` asks for it
    /// and the stroke is at most a device pixel wide, otherwise as its outline. The outline made
    /// when the file was read is used unless the drawing scale would show its flattening (over
    /// `curveTolerance`); then the centre line is outlined again for this scale. A solid stroke
    /// along curves, on a canvas placing edges as Skia's (`snapsRowsToQuarterPixels`), is
    /// outlined again as Chromium's Skia outlines it (`Path.strokedAsSkia`).
    private func draw(_ shape: Shape, transform: AffineTransform, hairlines: Bool) {
        if let fill = shape.fill { self.fill(shape.path, paint: fill, rule: shape.fillRule, transform: transform) }
        guard let stroke = shape.stroke else { return }
        let device = stroke.transform.concatenating(transform)
        if hairlines, let coverage = Path.hairlineCoverage(width: stroke.style.width, transform: device) {
            let tolerance = Path.strokeTolerance / max(device.axisScales.x, device.axisScales.y)
            let line = stroke.dashes.isEmpty ? stroke.centerline
                : stroke.centerline.dashed(stroke.dashes, phase: stroke.dashPhase, tolerance: tolerance)
            strokeHairline(line, coverage: coverage, cap: stroke.style.cap, paint: stroke.userSpacePaint,
                           transform: device)
            return
        }
        // Chromium strokes an upright rectangle with miter joins as a frame of exact edges
        // (Skia's stroked drawRect), its rows not snapped as a path's are.
        let frame = snapsRowsToQuarterPixels && stroke.dashes.isEmpty && stroke.style.join == .miter
            && stroke.style.miterLimit >= 2.0.squareRoot() && stroke.centerline.isUprightRectangle(through: device)
        if frame { snapsRowsToQuarterPixels = false }
        defer { if frame { snapsRowsToQuarterPixels = true } }
        // Chromium strokes curves into quadratics (SkStroke), which its edges then follow.
        if snapsRowsToQuarterPixels, stroke.dashes.isEmpty, stroke.centerline.verbs.contains(where: { $0 == .quad || $0 == .cubic }) {
            let deviceScale = max(device.axisScales.x, device.axisScales.y)
            self.fill(stroke.centerline.strokedAsSkia(stroke.style, scale: deviceScale), paint: stroke.userSpacePaint,
                      rule: .nonZero, transform: device)
            return
        }
        let scale = max(transform.axisScales.x, transform.axisScales.y)
        if Shape.strokeTolerance * scale <= curveTolerance {
            self.fill(stroke.outline, paint: stroke.paint, rule: .nonZero, transform: transform)
            return
        }
        let deviceScale = max(device.axisScales.x, device.axisScales.y)
        guard deviceScale > 0, deviceScale.isFinite else { return }
        let outline = Stroke.outline(stroke.centerline, style: stroke.style, dashes: stroke.dashes, phase: stroke.dashPhase,
                                     tolerance: Path.strokeTolerance / deviceScale)
        self.fill(outline, paint: stroke.userSpacePaint, rule: .nonZero, transform: device)
    }
}

extension Stroke {
    /// The paint with its gradient or pattern space re-expressed in the element's user space
    /// (where the centre line lies; the paint is kept in viewBox coordinates).
    var userSpacePaint: Paint {
        let inverse = transform.inverted ?? .identity
        switch paint {
        case .solid: return paint
        case var .gradient(gradient):
            gradient.transform = gradient.transform.concatenating(inverse)
            return .gradient(gradient)
        case var .pattern(pattern):
            pattern.transform = pattern.transform.concatenating(inverse)
            return .pattern(pattern)
        }
    }
}

extension VectorImage {
    /// The transform taking the viewBox onto `rect` (stretching it to fill), or `nil` when
    /// either has no area or the numbers are not finite.
    public func transform(onto rect: Rect) -> AffineTransform? {
        let sx = rect.width / viewBox.width, sy = rect.height / viewBox.height
        guard sx != 0, sy != 0, sx.isFinite, sy.isFinite, rect.x.isFinite, rect.y.isFinite else { return nil }
        return AffineTransform.translation(-viewBox.x, -viewBox.y)
            .concatenating(.scale(sx, sy))
            .concatenating(.translation(rect.x, rect.y))
    }

    /// The image rendered as a browser shows the file at `width` × `height` pixels: the
    /// viewBox fitted by `preserveAspectRatio`, over `background`, curves flattened within
    /// `fileCurveTolerance`, edges on quarter-pixel rows as Chromium's (see
    /// `Canvas.snapsRowsToQuarterPixels`), with thin strokes as `hairlines` asks (see
    /// `Canvas.draw(_:transform:alpha:hairlines:)`).
    public func rendered(width: Int, height: Int, background: Color = .clear, hairlines: Bool = false) -> Pixmap {
        rendered(width: width, height: height, background: background, hairlines: hairlines, filterResults: FilterResults())
    }

    /// The image rendered as `rendered(width:height:background:hairlines:)` renders it, reusing
    /// filter results through `filterResults` (nil: every filter is run).
    func rendered(width: Int, height: Int, background: Color, hairlines: Bool, filterResults: FilterResults?) -> Pixmap {
        let canvas = Canvas(width: width, height: height, background: background)
        canvas.curveTolerance = Self.fileCurveTolerance
        canvas.snapsRowsToQuarterPixels = true
        if let fit = transform(fittingWidth: Double(width), height: Double(height)) {
            canvas.draw(self, transform: fit, alpha: 1, hairlines: hairlines, filterResults: filterResults)
        }
        return canvas.pixmap
    }

    /// The transform fitting the viewBox into a `width` × `height` viewport by the root's
    /// `preserveAspectRatio`, as a browser places an SVG file shown at that size.
    public func transform(fittingWidth width: Double, height: Double) -> AffineTransform? {
        aspectRatio.transform(viewBox, into: Rect(0, 0, width, height))
    }
}

/// What the offscreen layers of one drawing may still take. A group whose layer would not fit
/// is drawn straight through (its opacity, clips and masks ignored), so hostile nesting can
/// exhaust neither memory (the pixels) nor the stack (the depth: each layer draws its content,
/// clips and masks by recursion, while groups drawn straight through are opened without it).
struct LayerBudget {
    /// How many layers may nest inside one another. No real drawing comes near it (Inkscape and
    /// Illustrator files nest faded or clipped groups a handful deep); 512 clip paths on clip
    /// paths overflowed an 8 MB stack under AddressSanitizer.
    static let maximumDepth = 64

    /// Pixels the layers alive at once may hold: four times the canvas, plus 4 megapixels.
    var pixels: Int
    /// How many more layers may nest.
    var depth: Int
    /// The drawing's filter results, shared by every layer in it (nil: none are reused).
    var filterResults: FilterResults?

    init(pixels: Int, depth: Int = Self.maximumDepth, filterResults: FilterResults? = nil) {
        self.pixels = pixels
        self.depth = depth
        self.filterResults = filterResults
    }

    init(canvas: Canvas, filterResults: FilterResults?) {
        self.init(pixels: 4 * canvas.pixmap.width * canvas.pixmap.height + (4 << 20), filterResults: filterResults)
    }

    /// The budget left to what draws inside a layer of `layerPixels`, or nil when it does not fit.
    func spending(_ layerPixels: Int) -> LayerBudget? {
        guard layerPixels <= pixels, depth > 0 else { return nil }
        return LayerBudget(pixels: pixels - layerPixels, depth: depth - 1, filterResults: filterResults)
    }
}
