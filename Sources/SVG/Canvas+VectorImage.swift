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
        guard alpha > 0, let placement = image.transform(onto: rect) else { return }
        let toDevice = placement.concatenating(transform)
        guard toDevice.inverted != nil else { return }
        if alpha >= 1 {
            for shape in image.shapes { draw(shape, transform: toDevice) }
        } else {
            drawInLayer(covering: transform.apply(rect), alpha: alpha) { layer, offset in
                for shape in image.shapes { layer.draw(shape, transform: toDevice.concatenating(offset)) }
            }
        }
    }

    /// Paints one shape's fill and stroke outline. A translucent shape with both goes through a
    /// layer so its stroke does not blend over its own fill twice.
    private func draw(_ shape: Shape, transform: AffineTransform) {
        let paints = shape.paints
        if shape.opacity < 1, paints.count > 1 {
            let bounds = paints.dropFirst().reduce(paints[0].path.bounds) { $0.union($1.path.bounds) }
            drawInLayer(covering: transform.apply(bounds), alpha: shape.opacity) { layer, offset in
                let t = transform.concatenating(offset)
                for p in paints { layer.fill(p.path, color: p.color, rule: p.rule, transform: t) }
            }
            return
        }
        for p in paints { fill(p.path, color: p.color.multiplyingAlpha(by: shape.opacity), rule: p.rule, transform: transform) }
    }

    /// Runs `body` on a transparent layer covering the device pixels of `box` (clipped to this
    /// canvas), passing the translation from device pixels to the layer's, then blends the
    /// layer here at opacity `alpha`.
    private func drawInLayer(covering box: Rect, alpha: Double, _ body: (Canvas, AffineTransform) -> Void) {
        let x0 = max(0, box.minX.rounded(.down)), y0 = max(0, box.minY.rounded(.down))
        let x1 = min(Double(pixmap.width), box.maxX.rounded(.up)), y1 = min(Double(pixmap.height), box.maxY.rounded(.up))
        guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite, x1 > x0, y1 > y0 else { return }
        let layer = Canvas(width: Int(x1 - x0), height: Int(y1 - y0))
        body(layer, .translation(-x0, -y0))
        composite(layer.pixmap, x: Int(x0), y: Int(y0), alpha: alpha)
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
}
