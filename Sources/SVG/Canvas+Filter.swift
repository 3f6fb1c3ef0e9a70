import Geometry
import Raster

extension Canvas {
    /// The most 4-byte units a filter's working images may take at once (128 MB).
    static let filterPixelLimit = 32 << 20
    /// The most pixels times work units (`VectorFilter.work`) one filter may process.
    static let filterWorkLimit = 64 << 20

    /// Draws `group`'s children through `filter`: into a layer covering the filter region and
    /// what the primitives can carry into it (as far as the clip bounds need), through the
    /// primitives, then clipped to the region. A layer too large for `budget` or the filter
    /// limits is filtered at a lower resolution and scaled up, so that hostile sizes stay
    /// bounded in memory and time.
    func drawFiltered(_ group: VectorGroup, _ filter: VectorFilter, transform: AffineTransform, budget: LayerBudget,
                      hairlines: Bool) {
        let device = filter.transform.concatenating(transform)
        let region = device.apply(filter.region)
        let b = clip.bounds
        // Content further away than twice the canvas is left out, however far the filter
        // could carry it (a hostile offset or blur would otherwise ask for an enormous layer).
        let reach = min(filter.reach(device), Double(2 * max(b.width, b.height) + 64))
        // The source graphic is not clipped to the region (as in Chromium): what an offset or a
        // blur brings into the region from outside it is kept.
        let x0 = max((region.minX - reach).rounded(.down), Double(b.x0) - reach)
        let y0 = max((region.minY - reach).rounded(.down), Double(b.y0) - reach)
        let x1 = min((region.maxX + reach).rounded(.up), Double(b.x1) + reach)
        let y1 = min((region.maxY + reach).rounded(.up), Double(b.y1) + reach)
        guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite, x1 > x0, y1 > y0 else { return }
        let width = x1 - x0, height = y1 - y0
        // The source layer comes out of `budget` (filters nested in its content draw while it
        // is alive); the working images, 8 bytes a pixel, exist only while this filter runs,
        // so they are bounded on their own, and so is the work (every primitive visits every
        // pixel a few times).
        let allowed = Double(max(1, min(budget.pixels, Self.filterPixelLimit / (2 * filter.peakImages),
                                        Self.filterWorkLimit / filter.work)))
        let scale = width * height > allowed ? (allowed / (width * height)).squareRoot() : 1
        let w = max(1, Int((width * scale).rounded(.up))), h = max(1, Int((height * scale).rounded(.up))) // bounded: scale keeps the area within the filter's pixel budget
        let work = transform.concatenating(.translation(-x0, -y0)).concatenating(.scale(scale, scale))
        let source = offscreenCanvas(width: w, height: h)
        source.drawChildren(of: group, transform: work, budget: budget.spending(w * h) ?? LayerBudget(pixels: 0, depth: 0),
                            hairlines: hairlines)
        let layerTransform = filter.transform.concatenating(work), imageBudget = budget.spending(2 * w * h)
        let inputs = FilterResults.Inputs(region: filter.region, primitives: filter.primitives, transform: layerTransform,
                                          width: w, height: h, hairlines: hairlines,
                                          budget: imageBudget.map { [$0.pixels, $0.depth] },
                                          curveTolerance: curveTolerance, snapsRowsToQuarterPixels: snapsRowsToQuarterPixels)
        let result: Pixmap
        if let kept = budget.filterResults?.result(for: inputs, source: source.pixmap) {
            result = kept
        } else {
            result = filter.apply(to: source.pixmap, transform: layerTransform, budget: imageBudget, hairlines: hairlines,
                                  drawingLike: self)
            budget.filterResults?.keep(result, for: inputs, source: source.pixmap)
        }
        let saved = clip
        if device.isAxisAligned {
            // Chromium rounds an upright filter region out to whole device pixels and cuts the
            // result there hard-edged (a flood over x = 10.3...30.7 fills pixels 10 through 30).
            // Kept within the layer, so that an unbounded region stays finite.
            let edge = VectorFilter.outwardEdge
            let left = max(edge(region.minX, true), x0), top = max(edge(region.minY, true), y0)
            let right = min(edge(region.maxX, false), x1), bottom = min(edge(region.maxY, false), y1)
            clip(to: Rect(x: left, y: top, width: max(right - left, 0), height: max(bottom - top, 0)))
        } else {
            clip(to: filter.region, transform: device)
        }
        draw(result, transform: AffineTransform.scale(1 / scale, 1 / scale).concatenating(.translation(x0, y0)))
        clip = saved
    }
}

extension VectorFilter {
    /// How far, in device pixels, the primitives can carry content that lies outside the visible
    /// area into it (blurs three deviations, offsets their length, a lighting's normals one
    /// pixel); capped, as no canvas is larger.
    func reach(_ device: AffineTransform) -> Double {
        let scale = max(device.axisScales.x, device.axisScales.y)
        let user = primitives.reduce(0.0) { sum, primitive in
            switch primitive.effect {
            case let .gaussianBlur(x, y): return sum + 3 * max(x, y)
            case let .offset(dx, dy): return sum + abs(dx) + abs(dy)
            case let .dropShadow(dx, dy, x, y, _): return sum + 3 * max(x, y) + abs(dx) + abs(dy)
            case let .morphology(_, x, y): return sum + max(x, y)
            default: return sum
            }
        }
        let lighting = primitives.contains { if case .lighting = $0.effect { true } else { false } }
        let r = (user * scale).rounded(.up) + (lighting ? 1 : 0)
        return r.isFinite ? min(r, 1e6) : 1e6
    }

    /// The filter's work per pixel, in units of one simple primitive's pass: a turbulence costs
    /// four noises per octave, a convolution one pass per kernel cell, a lighting four (a
    /// normal from nine pixels and a power or two).
    var work: Int {
        primitives.reduce(0) { sum, primitive in
            switch primitive.effect {
            case let .turbulence(t): return sum + 4 * max(1, t.octaves)
            case let .convolveMatrix(m): return sum + m.orderX * m.orderY
            case .lighting: return sum + 4
            default: return sum + 1
            }
        }
    }

    /// A rect's low (`low`) or high edge `v`, in pixels, rounded outwards to a pixel edge, a
    /// millionth of a pixel over an edge taken as rounding error.
    static func outwardEdge(_ v: Double, _ low: Bool) -> Double {
        low ? (v + 1e-6).rounded(.down) : (v - 1e-6).rounded(.up)
    }

    /// For each primitive, the index of the last primitive that reads its result (itself when
    /// none does), so results can be freed as soon as they are used up.
    private var lastUses: [Int] {
        var last = Array(primitives.indices)
        for (index, primitive) in primitives.enumerated() {
            for case let .result(i) in primitive.inputs { last[i] = index }
        }
        return last
    }

    /// The most working images alive at once while the filter runs (results kept for later
    /// primitives, the source graphic and its other colour space, and the inputs being read).
    var peakImages: Int {
        let last = lastUses
        var peak = 0
        for index in primitives.indices {
            let alive = primitives.indices.filter { $0 < index && last[$0] >= index }.count
            peak = max(peak, alive + 1)
        }
        return peak + 4
    }

    /// Runs the primitives on `source`, the element drawn into a layer whose pixels `transform`
    /// maps the element's user space onto, and returns the last result as an sRGB pixmap.
    /// `feImage` pictures are drawn within `budget` (none: they stay transparent), their edges
    /// placed as `canvas` places them.
    func apply(to source: Pixmap, transform: AffineTransform, budget: LayerBudget?, hairlines: Bool,
               drawingLike canvas: Canvas) -> Pixmap {
        let width = source.width, height = source.height
        let bounds = PixelRect(width: width, height: height)
        var graphic = [false: FilterImage(source)]
        let scales = transform.axisScales
        let last = lastUses
        var results = [FilterImage?](repeating: nil, count: primitives.count)
        /// A user-space rect as the pixels it touches (rounded outwards, as both references do;
        /// a millionth of a pixel over an edge is taken as rounding error).
        func pixels(_ rect: Rect) -> PixelRect {
            let r = transform.apply(rect)
            let limit = Double(max(width, height) + 1)
            let edges = [(r.minX, true), (r.minY, true), (r.maxX, false), (r.maxY, false)].map { v, low -> Int in
                let edge = Self.outwardEdge(v, low)
                return edge.isFinite ? Int(min(max(edge, -1), limit)) : 0 // bounded: clamped to the canvas's size
            }
            return PixelRect(x0: edges[0], y0: edges[1], x1: edges[2], y1: edges[3]).intersection(bounds)
        }
        /// A user-space displacement as whole pixels.
        func shift(_ dx: Double, _ dy: Double) -> (Int, Int) {
            let limit = Double(max(width, height) + 1)
            func clamp(_ v: Double) -> Int { v.isFinite ? Int(min(max(v.rounded(), -limit), limit)) : 0 } // bounded: clamped to the canvas's size
            return (clamp(transform.a * dx + transform.c * dy), clamp(transform.b * dx + transform.d * dy))
        }
        /// The pixels of a primitive's first input: an earlier result's subregion, else the region.
        func inputRect(_ primitive: FilterPrimitive) -> PixelRect {
            guard case let .result(i) = primitive.inputs[0] else { return pixels(region) }
            return pixels(primitives[i].subregion)
        }
        for (index, primitive) in primitives.enumerated() {
            let linear = primitive.linearRGB
            func input(_ k: Int) -> FilterImage {
                switch primitive.inputs[k] {
                case .sourceGraphic:
                    if let image = graphic[linear] { return image }
                    let image = graphic[false]!.converted(linearRGB: linear)
                    graphic[linear] = image
                    return image
                case .sourceAlpha:
                    var image = graphic[false]!.alphaOnly()
                    image.linearRGB = linear
                    return image
                case .transparent:
                    return FilterImage(width: width, height: height, linearRGB: linear)
                case let .result(i):
                    return results[i]!.converted(linearRGB: linear)
                }
            }
            let subregion = pixels(primitive.subregion)
            let result: FilterImage
            switch primitive.effect {
            case let .flood(color):
                result = .flood(color, width: width, height: height, rect: subregion, linearRGB: linear)
            case let .colorMatrix(matrix):
                result = input(0).colorMatrix(matrix)
            case let .offset(dx, dy):
                let (x, y) = shift(dx, dy)
                result = input(0).offset(dx: x, dy: y)
            case let .gaussianBlur(x, y):
                result = input(0).blurred(x: x * scales.x, y: y * scales.y)
            case let .blend(mode):
                result = input(0).blend(onto: input(1), mode)
            case let .composite(op):
                result = input(0).composite(input(1), op)
            case .merge:
                result = .merge(primitive.inputs.indices.map(input), width: width, height: height, linearRGB: linear)
            case let .morphology(dilate, x, y):
                // Whole pixels, rounded (2.6 is 3 in both references).
                func radius(_ v: Double) -> Int {
                    v.isFinite ? Int(min(v.rounded(), Double(max(width, height)))) : max(width, height) // bounded: clamped to the canvas's size
                }
                result = input(0).morphology(dilate: dilate, x: radius(x * scales.x), y: radius(y * scales.y))
            case let .componentTransfer(functions):
                result = input(0).transferred(functions)
            case let .turbulence(parameters):
                result = transform.inverted.map {
                    .turbulence(parameters, width: width, height: height, rect: subregion, inverse: $0,
                                tile: primitive.subregion, linearRGB: linear)
                } ?? FilterImage(width: width, height: height, linearRGB: linear)
            case .tile:
                result = input(0).tiled(from: inputRect(primitive), over: subregion)
            case let .convolveMatrix(matrix):
                result = input(0).convolved(matrix, over: subregion, edges: inputRect(primitive))
            case let .displacementMap(scale, x, y):
                result = input(0).displaced(by: input(1), scaleX: scale * scales.x, scaleY: scale * scales.y, x: x, y: y,
                                            over: subregion)
            case let .lighting(lighting):
                result = input(0).lit(lighting, transform: transform, over: subregion)
            case let .image(picture):
                let layer = canvas.offscreenCanvas(width: width, height: height)
                if let budget { layer.drawChildren(of: picture, transform: transform, budget: budget, hairlines: hairlines) }
                result = FilterImage(layer.pixmap).converted(linearRGB: linear)
            case let .dropShadow(dx, dy, x, y, color):
                let image = input(0)
                let (sx, sy) = shift(dx, dy)
                let shadow = image.alphaOnly().blurred(x: x * scales.x, y: y * scales.y).offset(dx: sx, dy: sy)
                let coloured = FilterImage.flood(color, width: width, height: height, rect: bounds, linearRGB: linear)
                result = image.composite(coloured.composite(shadow, .in), .over)
            }
            results[index] = result.clipped(to: subregion)
            // Results nothing reads any more (or nothing ever reads) are freed.
            for i in 0..<index where last[i] <= index { results[i] = nil }
        }
        return results[primitives.count - 1]!.pixmap()
    }
}
