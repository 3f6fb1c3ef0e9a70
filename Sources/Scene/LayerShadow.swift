import Geometry
import Raster
import SVG

/// A view's shadow as Core Animation casts it: the layer's shape (its `shadowPath`, or else the
/// alpha of everything the layer draws: background, content, sublayers and border) blurred by a
/// Gaussian whose deviation is `shadowRadius` points, moved by `shadowOffset` in the layer's own
/// coordinates, tinted with `shadowColor` at `shadowOpacity`, and drawn under the layer.
///
/// The blurred shape is kept on the view, in the layer's own axes at the screen's scale, and used
/// again on every frame whose shape is the same, as Core Animation renders a shadow once and
/// moves it with its layer: a card that slides, fades, scales or turns blurs its shadow once.
struct CachedShadow {
    /// What was blurred: a path in the layer's coordinates, or a rasterised drawing.
    enum Source: Equatable {
        case shape(Path)
        case drawing(CoverageMask)
    }

    var source: Source
    /// Pixels per point of the layer's grid, and the blur's deviation in those pixels.
    var scale: Double
    var sigma: Double
    /// The blurred coverage, in the grid of `scale` pixels per point of the layer.
    var blurred: CoverageMask
}

extension SceneRenderer {
    /// The item drawing the shadow `view` casts, or nil when it casts none.
    ///
    /// - Parameters:
    ///   - drawing: everything the view draws, in device pixels, before its own opacity.
    ///   - inner: the part of `drawing` that is the view's content and subviews.
    ///   - size: the (snapped) size of the view's bounds in points.
    ///   - device: the transform from the view's frame-local points to device pixels.
    ///   - screen: the frame's size in device pixels, when `device` maps onto the screen (nil in a
    ///     projected plane, where the whole drawing is rasterised).
    func shadow(of view: View, drawing: [DisplayItem], inner: ArraySlice<DisplayItem>, size: Size,
                device: AffineTransform, screen: (width: Int, height: Int)?) -> DisplayItem? {
        let color = view.shadowColor.multiplyingAlpha(by: min(1, max(0, view.shadowOpacity)))
        guard color.alpha > 0, size.width > 0, size.height > 0 else { return nil }
        let k = context.scale
        let sigma = max(0, view.shadowRadius) * k
        let toGrid = AffineTransform.scale(k, k)
        let source: CachedShadow.Source
        if let path = view.shadowPath {
            source = .shape(path)
        } else if castsBoundsShape(view, inner: inner, size: size, device: device) {
            source = .shape(view.layerShape(size))
        } else {
            guard let mask = rasterisedShape(drawing, device: device, toGrid: toGrid, sigma: sigma, offset: view.shadowOffset,
                                             screen: screen) else { return nil }
            source = .drawing(mask)
        }
        let blurred: CoverageMask
        if let cached = view.cachedShadow, cached.source == source, cached.scale == k, cached.sigma == sigma {
            blurred = cached.blurred
        } else {
            let shape: CoverageMask
            switch source {
            case let .shape(path): shape = CoverageMask(path: path, transform: toGrid)
            case let .drawing(mask): shape = mask
            }
            blurred = shape.blurred(sigma: sigma)
            view.cachedShadow = CachedShadow(source: source, scale: k, sigma: sigma, blurred: blurred)
        }
        var drawn = blurred
        if let background = view.presentation.backgroundColor ?? view.backgroundColor, background.alpha >= 1,
           let covered = view.coveredRect(size) {
            // The layer's opaque background is the next thing drawn, in the same layer: the
            // shadow's pixels under it are replaced, so the fill skips them (same bytes).
            let offset = view.shadowOffset
            drawn.occluder = Rect((covered.minX - offset.width) * k, (covered.minY - offset.height) * k,
                                  covered.width * k, covered.height * k)
        }
        let place = AffineTransform.scale(1 / k, 1 / k)
            .concatenating(.translation(view.shadowOffset.width, view.shadowOffset.height))
            .concatenating(device)
        return .mask(drawn, color: color, transform: place)
    }

    /// Whether the view's drawing covers exactly its rounded bounds: an opaque background, with
    /// content and subviews all inside it (within the corners), so the shape is known without
    /// drawing it.
    private func castsBoundsShape(_ view: View, inner: ArraySlice<DisplayItem>, size: Size,
                                  device: AffineTransform) -> Bool {
        guard let background = view.presentation.backgroundColor ?? view.backgroundColor, background.alpha >= 1 else {
            return false
        }
        guard !inner.isEmpty else { return true }
        guard let toLocal = device.inverted else { return false }
        let corner = view.cornerInset(size)
        let inside = Rect(origin: .zero, size: size).insetBy(dx: corner, dy: corner)
        return inner.allSatisfy { item in
            // Text by its advance and line height: a glyph overhanging an opaque card by a hair
            // casts nothing the card's own shape does not (the spare `deviceBounds` allows would
            // send every card with a title down the per-frame rasterising path).
            let box: Rect?
            if case let .text(line, _, t) = item {
                box = t.apply(Rect(0, -line.font.ascender, line.width, line.font.ascender - line.font.descender))
            } else {
                box = item.deviceBounds
            }
            guard let bounds = box else { return true }
            let local = toLocal.apply(bounds)
            return local.minX >= inside.minX && local.minY >= inside.minY
                && local.maxX <= inside.maxX && local.maxY <= inside.maxY
        }
    }

    /// The alpha of `drawing` in the view's grid (its frame-local points times `toGrid`), over
    /// the part of the drawing whose shadow can reach the screen; nil when nothing is drawn there.
    private func rasterisedShape(_ drawing: [DisplayItem], device: AffineTransform, toGrid: AffineTransform,
                                 sigma: Double, offset: Size, screen: (width: Int, height: Int)?) -> CoverageMask? {
        guard let toLocal = device.inverted else { return nil }
        guard let extent = drawing.deviceExtent else { return nil }
        // The shadow lands `offset` away and spreads three deviations: beyond that, the drawing
        // casts nothing on screen.
        let reach = 3 * sigma / context.scale + abs(offset.width) + abs(offset.height)
        let margin = device.apply(Rect(0, 0, reach, reach)).size
        let visible = screen.map {
            Rect(-margin.width, -margin.height, Double($0.width) + 2 * margin.width,
                 Double($0.height) + 2 * margin.height).intersection(extent)
        } ?? extent
        guard let visible, visible.width > 0, visible.height > 0 else { return nil }
        let fromDevice = toLocal.concatenating(toGrid)
        let box = fromDevice.apply(visible)
        let x0 = Int(saturating: box.minX.rounded(.down)), y0 = Int(saturating: box.minY.rounded(.down))
        let x1 = Int(saturating: box.maxX.rounded(.up)), y1 = Int(saturating: box.maxY.rounded(.up))
        guard x1 > x0, y1 > y0 else { return nil }
        let toMask = fromDevice.concatenating(.translation(Double(-x0), Double(-y0)))
        var list = DisplayList(width: x1 - x0, height: y1 - y0)
        list.items = drawing.transformed(by: toMask)
        return CoverageMask(alphaOf: list.rasterise(), x: x0, y: y0)
    }
}

extension DisplayItem {
    /// A rect in device pixels holding everything the item draws (control points and boxes, so
    /// possibly larger); nil for items that draw nothing themselves (groups and clips).
    var deviceBounds: Rect? {
        switch self {
        case let .fill(path, _, _, t), let .paint(path, _, _, t), let .backdrop(path, _, t):
            guard let first = path.points.first else { return nil }
            let box = path.points.reduce(Rect(origin: first, size: .zero)) { $0.union(Rect(origin: $1, size: .zero)) }
            return t.apply(box)
        case let .vector(image, t, _): return t.apply(image.viewBox)
        case let .image(pixmap, t, _): return t.apply(Rect(0, 0, Double(pixmap.width), Double(pixmap.height)))
        case let .text(line, _, t):
            // The line's advance and the font's ascent and descent, with half an em to spare for
            // glyphs that overhang them (cheaper than the glyphs' outlines, every frame).
            let f = line.font, spare = f.pointSize / 2
            return t.apply(Rect(-spare, -f.ascender - spare, line.width + 2 * spare, f.ascender - f.descender + 2 * spare))
        case let .mask(mask, _, t):
            let b = mask.bounds
            return t.apply(Rect(Double(b.x0), Double(b.y0), Double(b.width), Double(b.height)))
        case .beginProjection:
            // The items up to its end are in the projected plane; `deviceExtent` maps their box.
            return nil
        case .beginGroup, .beginMask, .endGroup, .beginClip, .endClip, .endProjection: return nil
        }
    }
}

extension Array where Element == DisplayItem {
    /// A rect in device pixels holding everything the items draw; items inside a projection are
    /// boxed in their plane and the box's corners projected. nil when nothing is drawn, or when a
    /// projected box reaches behind the viewer (w ≤ 0), where no finite box holds it.
    var deviceExtent: Rect? {
        var projections: [ProjectiveTransform] = []
        var extent: Rect?
        for item in self {
            switch item {
            case let .beginProjection(p): projections.append(p.concatenating(projections.last ?? .identity))
            case .endProjection: projections.removeLast()
            default:
                guard var box = item.deviceBounds else { continue }
                if let p = projections.last {
                    let corners = [Point(box.minX, box.minY), Point(box.maxX, box.minY),
                                   Point(box.minX, box.maxY), Point(box.maxX, box.maxY)]
                    guard corners.allSatisfy({ p.w($0) > 0 }) else { return nil }
                    let mapped = corners.map(p.apply)
                    box = mapped.dropFirst().reduce(Rect(origin: mapped[0], size: .zero)) { $0.union(Rect(origin: $1, size: .zero)) }
                }
                extent = extent?.union(box) ?? box
            }
        }
        return extent
    }
}
