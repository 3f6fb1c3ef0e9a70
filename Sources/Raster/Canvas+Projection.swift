import Geometry

/// Drawing through a homography: a layer under a 3-D transform with perspective, flattened onto
/// the screen. Each draw takes its own affine `transform` into a plane and the `projection`
/// from that plane to device pixels. Outlines are flattened in the plane (finely enough for the
/// projection's largest stretch), clipped to the part in front of the viewer and projected
/// point by point, which is exact for straight segments; images and gradients are sampled at
/// each device pixel through the inverse homography. Nothing is pixel-snapped.
extension Canvas {
    /// Fills `path` mapped through `transform` and `projection` with `color`.
    public func fill(_ path: Path, color: Color, rule: FillRule = .nonZero, transform: AffineTransform = .identity,
                     projection: ProjectiveTransform) {
        guard !rasterizer.load(path, transform: transform, projection: projection, within: clip.bounds).isEmpty
        else { return }
        paint(color) { rasterizer.fill(rule: rule, into: &$0) }
    }

    /// Fills `path` mapped through `transform` and `projection` with `paint`.
    public func fill(_ path: Path, paint: Paint, rule: FillRule = .nonZero, transform: AffineTransform = .identity,
                     projection: ProjectiveTransform) {
        switch paint {
        case let .solid(color):
            fill(path, color: color, rule: rule, transform: transform, projection: projection)
        case let .pattern(pattern):
            fill(path, pattern: pattern, rule: rule, transform: transform, projection: projection)
        case let .gradient(gradient):
            if let color = gradient.uniformColor {
                fill(path, color: color, rule: rule, transform: transform, projection: projection)
                return
            }
            guard let source = GradientSource(gradient, projection: ProjectiveTransform(transform).concatenating(projection)),
                  !rasterizer.load(path, transform: transform, projection: projection, within: clip.bounds).isEmpty
            else { return }
            fillLoaded(from: source, opacity: 1, rule: rule)
        }
    }

    /// Draws a premultiplied image whose pixel grid is mapped through `transform` and
    /// `projection`, bilinearly filtered, with anti-aliased edges and opacity `alpha`. The
    /// detail level (as `draw(_:transform:alpha:)` chooses it) follows the scale at the image's
    /// centre.
    public func draw(_ image: Pixmap, transform: AffineTransform, projection: ProjectiveTransform, alpha opacity: Double = 1) {
        let full = ProjectiveTransform(transform).concatenating(projection)
        guard image.width > 0, image.height > 0, full.inverted != nil else { return }
        let outline = Path(rect: Rect(0, 0, Double(image.width), Double(image.height)))
        guard !rasterizer.load(outline, transform: transform, projection: projection, within: clip.bounds).isEmpty
        else { return }
        let levels = image.detailLevels(for: full.tangent(at: Point(Double(image.width) / 2, Double(image.height) / 2)))
        func inverse(of level: Pixmap) -> ProjectiveTransform? {
            ProjectiveTransform(.scale(Double(image.width) / Double(level.width), Double(image.height) / Double(level.height)))
                .concatenating(full).inverted
        }
        let fine = levels.fine.image
        guard let fineInverse = inverse(of: fine) else { return }
        func sampler(_ words: UnsafePointer<UInt32>, _ level: Pixmap) -> BilinearSampler {
            BilinearSampler(pixels: words, width: level.width, height: level.height, inverse: .identity)
        }
        guard let (coarse, _, weight) = levels.coarse, weight > 0, let coarseInverse = inverse(of: coarse) else {
            paint(fine, opacity: opacity, source: {
                PerspectiveSampler(fine: sampler($0, fine), fineInverse: fineInverse, coarse: nil)
            }) { rasterizer.fill(rule: .nonZero, into: &$0) }
            return
        }
        coarse.withWords { coarseWords in
            let coarseLevel = (sampler(coarseWords, coarse), coarseInverse, weight)
            paint(fine, opacity: opacity, source: {
                PerspectiveSampler(fine: sampler($0, fine), fineInverse: fineInverse, coarse: coarseLevel)
            }) { rasterizer.fill(rule: .nonZero, into: &$0) }
        }
    }

    /// Narrows the clip to the inside of `path` mapped through `transform` and `projection`.
    public func clip(to path: Path, rule: FillRule = .nonZero, transform: AffineTransform = .identity,
                     projection: ProjectiveTransform) {
        let box = rasterizer.load(path, transform: transform, projection: projection, within: clip.bounds)
        narrowClip(to: CoverageMask(loaded: rasterizer, box: box, rule: rule))
    }
}
