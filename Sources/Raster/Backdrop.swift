import Geometry

/// What a material does to the pixels behind it, in the order it does it: a Gaussian blur,
/// a saturation boost, a tint laid over normally, then a grey layer blended over that (colour
/// dodge brightens, overlay deepens contrast). How UIVisualEffectView's backdrop renders a
/// UIBlurEffect; the numbers of each material are in Scene's `BlurEffectStyle`.
public struct BackdropFilter: Hashable, Sendable {
    /// How the last layer blends with what lies under it (the separable modes of Compositing
    /// and Blending Level 1, §9.1).
    public enum BlendMode: Hashable, Sendable {
        case colorDodge, overlay
    }

    /// The blur's standard deviation, in the units of the path the backdrop is drawn under.
    public var radius: Double
    /// 1 leaves colours as they are; above 1 they grow more vivid (`feColorMatrix` saturate).
    public var saturation: Double
    /// Laid over the blurred pixels with its alpha.
    public var tint: Color
    /// An opaque grey blended over the tinted pixels with `blendMode`.
    public var blend: Color
    public var blendMode: BlendMode

    public init(radius: Double, saturation: Double, tint: Color, blend: Color, blendMode: BlendMode) {
        self.radius = radius
        self.saturation = saturation
        self.tint = tint
        self.blend = blend
        self.blendMode = blendMode
    }

    /// A straight channel `c` (0…1) after the blend layer of grey level `s` is laid over it.
    func blended(_ c: Double, _ s: Double) -> Double {
        switch blendMode {
        case .colorDodge: return c <= 0 ? 0 : s >= 1 ? 1 : min(1, c / (1 - s))
        case .overlay: return c <= 0.5 ? 2 * c * s : 1 - 2 * (1 - c) * (1 - s)
        }
    }
}

extension Canvas {
    /// Replaces what lies under `path` (mapped through `transform`) with it seen through
    /// `filter`: the pixels of `behind` (the canvas itself when nil) under the path's bounds
    /// and as far around them as the blur reaches are blurred (beyond the canvas the edge
    /// pixels repeat, as a backdrop extends its edges), saturated and tinted, then drawn
    /// clipped to the path. Only pixels inside the path and the canvas's clip change.
    ///
    /// A wide blur runs on a reduced grid, as Core Animation's backdrops do: blocks of f × f
    /// pixels are averaged (f = ⌊σ / 4⌋, so the blur keeps a deviation of at least 4 of its
    /// pixels), blurred by σ / f, filtered, and the result drawn back magnified f times,
    /// bilinearly: a smooth image loses nothing visible, and the work falls by f².
    public func drawBackdrop(under path: Path, transform: AffineTransform, filter: BackdropFilter, behind: Pixmap? = nil) {
        let source = behind ?? pixmap
        guard source.width == pixmap.width, source.height == pixmap.height, let first = path.points.first else { return }
        let outline = path.points.reduce(Rect(origin: first, size: .zero)) { $0.union(Rect(origin: $1, size: .zero)) }
        let device = transform.apply(outline)
        guard device.minX.isFinite, device.minY.isFinite, device.maxX.isFinite, device.maxY.isFinite else { return }
        let screen = PixelRect(x0: 0, y0: 0, x1: pixmap.width, y1: pixmap.height).intersection(clip.bounds)
        let box = PixelRect(x0: Int(max(-1, min(Double(screen.x1), device.minX)).rounded(.down)), // bounded: clamped to -1...the screen's width, finite
                            y0: Int(max(-1, min(Double(screen.y1), device.minY)).rounded(.down)), // bounded: clamped to -1...the screen's height, finite
                            x1: Int(max(-1, min(Double(screen.x1), device.maxX)).rounded(.up)), // bounded: clamped to -1...the screen's width, finite
                            y1: Int(max(-1, min(Double(screen.y1), device.maxY)).rounded(.up))).intersection(screen) // bounded: clamped to -1...the screen's height, finite
        guard !box.isEmpty else { return }
        // The deviation in device pixels (the radius scaled as the transform scales areas), and
        // the reduction of the grid it is blurred on.
        let sigma = min(filter.radius * abs(transform.a * transform.d - transform.b * transform.c).squareRoot(),
                        Double(max(pixmap.width, pixmap.height)))
        let f = max(1, Int(sigma / 4))
        let boxes = GaussianBlur.boxes(sigma: sigma / Double(f))
        // The reduced grid's cells over the box, one more each side for the bilinear magnification,
        // and as many again as the blur reaches.
        let cells = PixelRect(x0: Self.floorDivision(box.x0, f) - 1, y0: Self.floorDivision(box.y0, f) - 1,
                              x1: Self.floorDivision(box.x1 + f - 1, f) + 1, y1: Self.floorDivision(box.y1 + f - 1, f) + 1)
        let margin = GaussianBlur.reach(of: boxes)
        let image = BackdropCache.shared.image(of: source, cells: cells, reduction: f, margin: margin, boxes: boxes, filter: filter) {
            Self.filteredCells(source, cells: cells, reduction: f, margin: margin, boxes: boxes, filter: filter)
        }
        let saved = clip
        clip(to: path, transform: transform)
        composite(Self.magnified(image, by: f, origin: cells, onto: box), x: box.x0, y: box.y0)
        clip = saved
    }

    /// The backdrop on the reduced grid: `source`'s f × f blocks over `cells` (widened by
    /// `margin` cells each side, the edge pixels repeated beyond the canvas) averaged, blurred
    /// with `boxes`, saturated, tinted and blended as `filter` says, one pixel per cell.
    private static func filteredCells(_ source: Pixmap, cells: PixelRect, reduction f: Int, margin: Int, boxes: [GaussianBlur.Box],
                                      filter: BackdropFilter) -> Pixmap {
        let width = cells.width + 2 * margin, height = cells.height + 2 * margin
        var data = [UInt16](repeating: 0, count: width * height * 4)
        source.data.withUnsafeBufferPointer { bytes in
            data.withUnsafeMutableBufferPointer { out in
                guard let pixels = bytes.baseAddress, let target = out.baseAddress else { return }
                let sums = UnsafeMutablePointer<UInt32>.allocate(capacity: width * 4)
                defer { sums.deallocate() }
                // The source column of each device column the cells cover, the edge repeated beyond it.
                let columns = (0..<width * f).map { min(source.width - 1, max(0, (cells.x0 - margin) * f + $0)) * 4 }
                let area = UInt64(f * f)
                for y in 0..<height {
                    sums.initialize(repeating: 0, count: width * 4)
                    let top = (cells.y0 - margin + y) * f
                    for dy in 0..<f {
                        let row = pixels + min(source.height - 1, max(0, top + dy)) * source.width * 4
                        for x in 0..<width {
                            let sum = sums + x * 4
                            for dx in 0..<f {
                                let from = row + columns[x * f + dx]
                                for c in 0..<4 { sum[c] &+= UInt32(from[c]) }
                            }
                        }
                    }
                    // The block's mean, widened from 8 to 16 bits (× 257), rounded.
                    let line = target + y * width * 4
                    for i in 0..<width * 4 { line[i] = UInt16(truncatingIfNeeded: (UInt64(sums[i]) &* 257 &+ area / 2) / area) }
                }
            }
        }
        GaussianBlur.blur(&data, width: width, height: height, channels: 4, horizontal: boxes, vertical: boxes)
        var image = Pixmap(width: cells.width, height: cells.height)
        let m = Self.saturationMatrix(filter.saturation)
        let tintAlpha = min(1, max(0, filter.tint.alpha))
        let tint = SIMD3(filter.tint.red, filter.tint.green, filter.tint.blue) * tintAlpha
        let grey = SIMD3(filter.blend.red, filter.blend.green, filter.blend.blue)
        image.data.withUnsafeMutableBufferPointer { out in
            for y in 0..<cells.height {
                for x in 0..<cells.width {
                    let from = ((y + margin) * width + x + margin) * 4, to = (y * cells.width + x) * 4
                    let a = Double(data[from + 3]) / 65535
                    let rgb = SIMD3(Double(data[from]), Double(data[from + 1]), Double(data[from + 2])) / 65535
                    // Saturation on premultiplied colour (each row of the matrix sums to 1), then the tint.
                    var colour = SIMD3((m.0 * rgb).sum(), (m.1 * rgb).sum(), (m.2 * rgb).sum())
                        .clamped(lowerBound: .zero, upperBound: SIMD3(repeating: a))
                    colour = tint + colour * (1 - tintAlpha)
                    let alpha = tintAlpha + a * (1 - tintAlpha)
                    if alpha > 0 {
                        for i in 0..<3 { colour[i] = filter.blended(min(1, colour[i] / alpha), grey[i]) * alpha }
                    }
                    for i in 0..<3 { out[to + i] = Self.byte(colour[i]) }
                    out[to + 3] = Self.byte(alpha)
                }
            }
        }
        return image
    }

    /// The pixels of `box` from `image`, whose pixel (i, j) is the cell of f × f device pixels
    /// at (`origin.x0` + i, `origin.y0` + j), interpolated bilinearly between cell centres
    /// (rows first, then columns, in 8-bit fixed-point weights).
    private static func magnified(_ image: Pixmap, by f: Int, origin: PixelRect, onto box: PixelRect) -> Pixmap {
        /// For each device coordinate from `start`: the cell before its centre and the next cell's weight (of 256).
        func taps(_ start: Int, _ count: Int, _ first: Int) -> [(cell: Int, weight: UInt32)] {
            (0..<count).map { j in
                let u = (Double(start + j) + 0.5) / Double(f) - 0.5 - Double(first)
                let cell = Int(u.rounded(.down)) // bounded: a pixel position on the reduced grid
                return (cell, UInt32(((u - Double(cell)) * 256).rounded())) // bounded: u is a pixel position on the reduced grid; its fraction times 256
            }
        }
        let columns = taps(box.x0, box.width, origin.x0), rows = taps(box.y0, box.height, origin.y0)
        let width = box.width, stride = image.width * 4
        // Every cell row spread along the box's width, each channel times 256.
        var spread = [UInt32](repeating: 0, count: image.height * width * 4)
        image.data.withUnsafeBufferPointer { cells in
            spread.withUnsafeMutableBufferPointer { out in
                for y in 0..<image.height {
                    for (x, tap) in columns.enumerated() {
                        let a = y * stride + tap.cell * 4, b = min(a + 4, y * stride + stride - 4), to = (y * width + x) * 4
                        for c in 0..<4 { out[to + c] = UInt32(cells[a + c]) * (256 - tap.weight) + UInt32(cells[b + c]) * tap.weight }
                    }
                }
            }
        }
        var result = Pixmap(width: box.width, height: box.height)
        result.data.withUnsafeMutableBufferPointer { out in
            spread.withUnsafeBufferPointer { spread in
                guard let target = out.baseAddress, let source = spread.baseAddress else { return }
                for (y, tap) in rows.enumerated() {
                    let a = source + tap.cell * width * 4, b = source + min(tap.cell + 1, image.height - 1) * width * 4
                    let row = target + y * width * 4, w = tap.weight, v = 256 &- tap.weight
                    // At most 255 · 256 · 256 + 32768 < 2³²: the wrapping operations never wrap.
                    for i in 0..<width * 4 { row[i] = UInt8(truncatingIfNeeded: (a[i] &* v &+ b[i] &* w &+ 32768) >> 16) }
                }
            }
        }
        return result
    }

    /// ⌊a / b⌋ for a positive `b`.
    private static func floorDivision(_ a: Int, _ b: Int) -> Int { a >= 0 ? a / b : -((-a + b - 1) / b) }

    /// `feColorMatrix type="saturate"`'s 3 × 3 part, with Rec. 709 luma weights (as the
    /// saturation matrix of Apple's UIImage+ImageEffects sample).
    private static func saturationMatrix(_ s: Double) -> (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>) {
        let (lr, lg, lb) = (0.2126, 0.7152, 0.0722)
        return (SIMD3(lr + (1 - lr) * s, lg - lg * s, lb - lb * s),
                SIMD3(lr - lr * s, lg + (1 - lg) * s, lb - lb * s),
                SIMD3(lr - lr * s, lg - lg * s, lb + (1 - lb) * s))
    }

    private static func byte(_ v: Double) -> UInt8 { UInt8(min(255, max(0, (v * 255).rounded()))) } // bounded: clamped to 0...255 (NaN to 0)
}
