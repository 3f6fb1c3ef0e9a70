import Geometry

/// Draws into a premultiplied RGBA8 `Pixmap`: anti-aliased path fills, images, layers and
/// coverage masks, all blended source-over and limited by the current clip.
///
/// Coordinates are device pixels, y down; pixel (x, y) is the square [x, x+1) × [y, y+1), so its
/// centre is at +0.5. Every draw takes a transform from its own space to device pixels (for
/// the scene: points × screen scale). Output depends only on the inputs: no threads, no clock,
/// no libm in the pixel pipeline.
public final class Canvas {
    /// The image drawn so far.
    public private(set) var pixmap: Pixmap
    /// The current clip; assign a saved value to restore it.
    public var clip: ClipState
    /// Opacity 0...1 applied to everything drawn, as CGContext's alpha.
    public var alpha: Double = 1

    let rasterizer = Rasterizer()

    /// How far the straight segments a filled curve is flattened into may stray from it, in
    /// device pixels: 0.1 unless set. A finer tolerance keeps more of a small round corner's
    /// area (a 1 px quarter circle flattened at 0.1 px covers 70.7 % of its pixel, the exact
    /// area being 78.5 %) at the cost of more segments. Paths drawn through a projection are
    /// flattened at 0.1 px whatever this says.
    public var curveTolerance: Double {
        get { rasterizer.tolerance }
        set { rasterizer.tolerance = newValue > 0 && newValue.isFinite ? newValue : Rasterizer.defaultTolerance }
    }

    /// Whether filled edges start and end on quarter-pixel rows, as Skia's analytic
    /// anti-aliasing (what Chromium draws paths with) places them: each point of the path's
    /// lines (not the points a curve is flattened into, which Skia steps through with edges of
    /// its own) has its y rounded to the nearest quarter pixel and x truncated to 1/256 px
    /// before coverage is measured by exact area as always. An edge at y = 3.6 then covers its
    /// row half, not 60 %, as in Chromium. One upright rectangle is left exact, as Skia fills
    /// it (`Path.isUprightRectangle(through:)`). Off unless set (scenes draw exact edges);
    /// `VectorImage.rendered` (`popping-render svg`) sets it.
    public var snapsRowsToQuarterPixels: Bool {
        get { rasterizer.snapsRowsToQuarterPixels }
        set { rasterizer.snapsRowsToQuarterPixels = newValue }
    }

    /// A canvas of `width` × `height` pixels filled with `background`.
    public init(width: Int, height: Int, background: Color = .clear) {
        pixmap = Pixmap(width: width, height: height)
        clip = ClipState(bounds: PixelRect(width: width, height: height))
        clear(background)
    }

    /// A canvas drawing over an existing image.
    public init(pixmap: Pixmap) {
        self.pixmap = pixmap
        clip = ClipState(bounds: PixelRect(width: pixmap.width, height: pixmap.height))
    }

    /// Replaces every pixel with `color`, ignoring clip and alpha.
    public func clear(_ color: Color) {
        let value = Blend.premultiplied(color, alpha: 1)
        let count = pixmap.width * pixmap.height
        withPixels { $0.update(repeating: value, count: count) }
    }

    /// Fills `path` mapped through `transform` with `color`, anti-aliased by exact pixel area.
    /// A rect landing exactly on pixel edges takes the `fill(rect:)` fast path.
    public func fill(_ path: Path, color: Color, rule: FillRule = .nonZero, transform: AffineTransform = .identity) {
        if let rect = path.axisAlignedRect, let aligned = pixelAligned(rect, transform) {
            fill(aligned, color: color)
        } else {
            rasterise(path, color: color, rule: rule, transform: transform)
        }
    }

    /// Fills a rect; one that lands exactly on pixel edges skips rasterisation (the common
    /// case for UI backgrounds).
    public func fill(rect: Rect, color: Color, transform: AffineTransform = .identity) {
        if let aligned = pixelAligned(rect, transform) {
            fill(aligned, color: color)
        } else {
            rasterise(Path(rect: rect), color: color, rule: .nonZero, transform: transform)
        }
    }

    /// Anti-aliases `path` by exact pixel area and blends `color` through the coverage.
    private func rasterise(_ path: Path, color: Color, rule: FillRule, transform: AffineTransform) {
        guard !rasterizer.load(path, transform: transform, within: clip.bounds).isEmpty else { return }
        paint(color) { rasterizer.fill(rule: rule, into: &$0) }
    }

    /// Covers whole pixels with `color`, inside the clip.
    private func fill(_ aligned: PixelRect, color: Color) {
        let box = aligned.intersection(clip.bounds)
        guard !box.isEmpty else { return }
        paint(color) { blitter in
            for y in box.y0..<box.y1 { blitter.blit(x: box.x0, y: y, count: box.width, alpha: 255) }
        }
    }

    /// Strokes `path` with `style` and fills the outline. Curves are flattened finely enough
    /// for the transform's scale, so a stroke drawn at 3× stays as smooth as at 1×.
    public func stroke(_ path: Path, style: StrokeStyle, color: Color, transform: AffineTransform = .identity) {
        let scale = max(transform.axisScales.x, transform.axisScales.y)
        guard scale > 0 else { return }
        fill(path.stroked(style, tolerance: Path.strokeTolerance / scale), color: color, transform: transform)
    }

    /// Blends `color` through a coverage mask moved by whole pixels (`dx`, `dy`), as glyphs
    /// cached by sub-pixel offset are drawn at their integer positions.
    public func fill(_ mask: CoverageMask, dx: Int = 0, dy: Int = 0, color: Color) {
        let placed = PixelRect(x0: mask.bounds.x0 + dx, y0: mask.bounds.y0 + dy,
                               x1: mask.bounds.x1 + dx, y1: mask.bounds.y1 + dy)
        let box = placed.intersection(clip.bounds)
        guard !box.isEmpty else { return }
        let hidden = mask.hiddenPixels(scaleX: 1, scaleY: 1, tx: Double(dx), ty: Double(dy), within: box)
        paint(color) { blitter in
            for y in box.y0..<box.y1 {
                mask.withRow(y - dy, from: box.x0 - dx) { alphas in
                    hidden.forEachVisibleRun(y: y, in: box) { run in
                        blitter.blitCoverage(alphas + (run.lowerBound - box.x0), count: run.count, x: run.lowerBound, y: y)
                    }
                }
            }
        }
    }

    /// Draws a premultiplied image whose pixel (i, j) spans [i, i+1) × [j, j+1), mapped through
    /// `transform`, bilinearly filtered, with anti-aliased edges and opacity `alpha`. A singular
    /// transform (zero size) draws nothing. Below full size it samples box-filtered halvings
    /// of the image, blended between neighbouring levels (trilinear), so small sizes average
    /// the image rather than alias it and a growing sprite never jumps in sharpness.
    public func draw(_ image: Pixmap, transform: AffineTransform, alpha opacity: Double = 1) {
        guard image.width > 0, image.height > 0, transform.inverted != nil else { return }
        if transform.a == 1, transform.b == 0, transform.c == 0, transform.d == 1,
           transform.tx.isWholeNumber, transform.ty.isWholeNumber {
            composite(image, x: Int(transform.tx), y: Int(transform.ty), alpha: opacity)
            return
        }
        let outline = Path(rect: Rect(0, 0, Double(image.width), Double(image.height)))
        guard !rasterizer.load(outline, transform: transform, within: clip.bounds).isEmpty else { return }
        let levels = image.detailLevels(for: transform)
        let fine = levels.fine.image
        guard let fineInverse = levels.fine.transform.inverted else { return }
        func sampler(_ words: UnsafePointer<UInt32>) -> BilinearSampler {
            BilinearSampler(pixels: words, width: fine.width, height: fine.height, inverse: fineInverse)
        }
        guard let (coarse, coarseTransform, weight) = levels.coarse, weight > 0,
              let coarseInverse = coarseTransform.inverted else {
            paint(fine, opacity: opacity, source: sampler) { rasterizer.fill(rule: .nonZero, into: &$0) }
            return
        }
        coarse.withWords { coarseWords in
            let coarseSampler = BilinearSampler(pixels: coarseWords, width: coarse.width, height: coarse.height,
                                                inverse: coarseInverse)
            paint(fine, opacity: opacity, source: {
                TrilinearSampler(fine: sampler($0), coarse: coarseSampler, weight: weight)
            }) { rasterizer.fill(rule: .nonZero, into: &$0) }
        }
    }

    /// Blends a layer with its top-left corner at pixel (x, y) and opacity `alpha`: how a
    /// group with opacity (a layer rendered offscreen) is put back onto its parent.
    public func composite(_ layer: Pixmap, x: Int = 0, y: Int = 0, alpha opacity: Double = 1) {
        let box = PixelRect(x0: x, y0: y, x1: x + layer.width, y1: y + layer.height).intersection(clip.bounds)
        guard !box.isEmpty else { return }
        paint(layer, opacity: opacity, source: { OffsetSource(pixels: $0, width: layer.width, originX: x, originY: y) }) {
            blitter in
            for row in box.y0..<box.y1 { blitter.blit(x: box.x0, y: row, count: box.width, alpha: 255) }
        }
    }

    /// Narrows the clip to a rect mapped through `transform`. A rect landing on pixel edges
    /// just shrinks the clip bounds; any other becomes an anti-aliased clip mask.
    public func clip(to rect: Rect, transform: AffineTransform = .identity) {
        if let pixels = pixelAligned(rect, transform) {
            clip.bounds = clip.bounds.intersection(pixels)
        } else {
            clip(to: Path(rect: rect), transform: transform)
        }
    }

    /// Narrows the clip to the inside of `path` mapped through `transform`, anti-aliased: later
    /// draws are multiplied by its coverage (intersected with any earlier clip path).
    public func clip(to path: Path, rule: FillRule = .nonZero, transform: AffineTransform = .identity) {
        narrowClip(to: CoverageMask(path: path, transform: transform, rule: rule, within: clip.bounds,
                                    rasterizer: rasterizer))
    }

    /// Intersects the clip with `mask`.
    func narrowClip(to mask: CoverageMask) {
        let combined = clip.mask.map { $0.intersected(with: mask) } ?? mask
        clip.bounds = clip.bounds.intersection(combined.bounds)
        clip.mask = combined
    }

    /// The device pixels of `rect` through `transform` when its edges fall exactly on pixel
    /// boundaries (axis-aligned transform, integer results); nil otherwise.
    private func pixelAligned(_ rect: Rect, _ transform: AffineTransform) -> PixelRect? {
        guard transform.isAxisAligned else { return nil }
        let r = transform.apply(rect)
        guard let x0 = Int(exactly: r.minX), let y0 = Int(exactly: r.minY), let x1 = Int(exactly: r.maxX),
              let y1 = Int(exactly: r.maxY) else { return nil }
        return PixelRect(x0: x0, y0: y0, x1: x1, y1: y1)
    }

    /// Runs `body` with a blitter painting `color` (times the canvas alpha) through the clip;
    /// not at all when the colour is invisible.
    func paint(_ color: Color, _ body: (inout SolidBlitter) -> Void) {
        let premultiplied = Blend.premultiplied(color, alpha: alpha)
        guard premultiplied >> 24 != 0 else { return }
        let width = pixmap.width
        withPixels { pixels in
            withClipRows { mask in
                var blitter = SolidBlitter(pixels: pixels, pixelsPerRow: width, color: premultiplied, clip: mask)
                body(&blitter)
            }
        }
    }

    /// Runs `body` with a blitter painting pixels of `image` (read through the source `source`
    /// makes from its words) at `opacity` times the canvas alpha, through the clip; not at all
    /// when that opacity rounds to zero.
    func paint<Source: PixelSource>(_ image: Pixmap, opacity: Double,
                                            source: (UnsafePointer<UInt32>) -> Source,
                                            _ body: (inout ImageBlitter<Source>) -> Void) {
        let global = Blend.alphaByte(alpha * opacity)
        guard global != 0 else { return }
        let width = pixmap.width
        let scratch = UnsafeMutablePointer<UInt32>.allocate(capacity: width)
        defer { scratch.deallocate() }
        withPixels { pixels in
            image.withWords { words in
                withClipRows { mask in
                    var blitter = ImageBlitter(pixels: pixels, pixelsPerRow: width, source: source(words), alpha: global,
                                               clip: mask, scratch: scratch)
                    body(&blitter)
                }
            }
        }
    }

    /// Runs `body` with the rows of the clip mask, nil when there is none.
    func withClipRows(_ body: (MaskRows?) -> Void) {
        guard let mask = clip.mask else { return body(nil) }
        mask.withRows(body)
    }

    /// Runs `body` with the pixels as packed premultiplied RGBA words; not at all when empty.
    func withPixels(_ body: (UnsafeMutablePointer<UInt32>) -> Void) {
        pixmap.data.withUnsafeMutableBufferPointer { bytes in
            bytes.withMemoryRebound(to: UInt32.self) { words in
                if let base = words.baseAddress { body(base) }
            }
        }
    }
}

extension Pixmap {
    /// Runs `body` with the pixels as packed premultiplied RGBA words (the pixmap is not empty).
    func withWords<R>(_ body: (UnsafePointer<UInt32>) -> R) -> R {
        data.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: UInt32.self) { body($0.baseAddress!) }
        }
    }
}
