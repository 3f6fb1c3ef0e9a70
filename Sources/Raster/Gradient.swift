import Geometry

/// What a fill paints with: one colour, or a colour that varies across the plane.
public enum Paint: Equatable, Sendable {
    /// One colour everywhere.
    case solid(Color)
    /// A linear or radial gradient.
    case gradient(Gradient)
    /// An image repeated over the plane.
    case pattern(ImagePattern)
}

/// One colour of a gradient at a position along it.
public struct GradientStop: Equatable, Sendable {
    /// Where the colour sits: 0 at the start, 1 at the end. A stop outside 0...1 lies beyond
    /// the ends and still shapes the colours between them, as in CAGradientLayer (SVG clamps
    /// its offsets into 0...1 before they get here).
    public var location: Double
    /// The colour there (straight alpha).
    public var color: Color

    /// A stop of `color` at `location`.
    public init(location: Double, color: Color) {
        self.location = location
        self.color = color
    }
}

/// A colour ramp laid over the plane, as CGGradient/CAGradientLayer and SVG's paint servers
/// describe it, interpolated in sRGB.
public struct Gradient: Equatable, Sendable {
    /// The geometry the ramp follows, in gradient space.
    public enum Kind: Equatable, Sendable {
        /// Location 0 at `start`, 1 at `end`, constant along lines perpendicular to them.
        case linear(start: Point, end: Point)
        /// Two circles: location 0 is the focal circle (`focus`, `focalRadius`), location 1 the
        /// circle (`center`, `radius`), and locations between lie on circles interpolating
        /// both centre and radius (SVG 2's radial gradient, Canvas's `createRadialGradient`).
        /// Where no circle of a location ≥ 0 passes through a point, nothing is painted.
        case radial(center: Point, radius: Double, focus: Point, focalRadius: Double)
    }

    /// How colours between two stops of different alpha are mixed.
    public enum Interpolation: Equatable, Sendable {
        /// Premultiplied (CSS gradients): a stop fading to transparent never shows the
        /// transparent stop's colour.
        case premultiplied
        /// Straight colour and alpha mixed separately, then premultiplied: what Chromium and
        /// librsvg both do for SVG's gradients (red to transparent blue passes through purple).
        case straight
    }

    /// What the ramp does beyond locations 0 and 1.
    public enum Spread: Equatable, Sendable {
        /// The end colours continue.
        case pad
        /// The ramp runs back and forth.
        case reflect
        /// The ramp starts over.
        case `repeat`
    }

    public var kind: Kind
    /// The stops, in order of location (a location less than the one before counts as that one).
    public var stops: [GradientStop]
    public var spread: Spread
    /// Gradient space to the space of the path being filled.
    public var transform: AffineTransform
    public var interpolation: Interpolation
    /// Whether to spread rounding error by an ordered 4×4 dither, hiding banding in slow ramps.
    /// Off by default so flat stops stay exactly flat.
    public var dither: Bool

    /// A gradient with the given geometry and stops.
    public init(kind: Kind, stops: [GradientStop], spread: Spread = .pad, transform: AffineTransform = .identity,
                interpolation: Interpolation = .premultiplied, dither: Bool = false) {
        self.kind = kind
        self.interpolation = interpolation
        self.stops = stops
        self.spread = spread
        self.transform = transform
        self.dither = dither
    }

    /// The colour of a gradient whose stops all sit at one place or that has one stop: what
    /// SVG paints for it (the last stop's colour), as for a zero-length vector or a zero radius;
    /// `nil` when the colour varies.
    public var uniformColor: Color? {
        guard let first = stops.first, let last = stops.last else { return .clear }
        switch kind {
        case let .linear(start, end) where start == end: return last.color
        case let .radial(_, radius, _, _) where radius <= 0: return last.color
        default:
            let locations = orderedLocations
            if stops.count == 1 || locations.allSatisfy({ $0 == 1 }) || locations[locations.count - 1] <= 0 { return last.color }
            // Every stop beyond the end: the first colour pads the whole ramp.
            return locations[0] > 1 ? first.color : nil
        }
    }

    /// The stops' locations made non-decreasing, NaN counting as 0 and the rest kept within
    /// ±1e6 so the interpolation stays finite.
    private var orderedLocations: [Double] {
        var floor = -1e6
        return stops.map { stop in
            floor = max(min(stop.location.isNaN ? 0 : stop.location, 1e6), floor)
            return floor
        }
    }

    /// A copy with every stop's alpha multiplied by `opacity`.
    public func multiplyingAlpha(by opacity: Double) -> Gradient {
        var copy = self
        copy.stops = stops.map { GradientStop(location: $0.location, color: $0.color.multiplyingAlpha(by: opacity)) }
        return copy
    }

    /// How many locations the ramp is sampled at: fine enough that a ramp squeezed into a fifth
    /// of the gradient vector still steps by about one 8-bit level at a time.
    static let rampSize = 1024

    /// The gradient's ramp (see `Ramp`), its entries worked out as they are read.
    func ramp() -> Ramp {
        Ramp(locations: orderedLocations, colors: stops.map(\.color), straight: interpolation == .straight)
    }
}

/// A gradient's colours sampled at `Gradient.rampSize` locations over 0...1, premultiplied, in
/// 8.8 fixed point per channel, then one more entry: the colour just before location 0, which
/// the pad spread continues there. Stops beyond 0...1 take part in the interpolation, so the
/// ramp's ends show the colours there. Where stops share a location the colour changes
/// abruptly: at it the later stop's colour begins, so location 0 itself shows the last of
/// several stops at 0 while the pad before it shows the first (SVG 1.1 §13.2.4, as Chromium
/// and librsvg draw it).
///
/// Each entry is worked out the first time it is read, and kept: a fill reads the entries its
/// pixels fall on (tens, for an icon's gradient), where building all 1,025 first was a third
/// of the time of filling a small shape with a gradient. An entry is the same whenever and in
/// whatever order it is read. One ramp belongs to one fill on one thread.
final class Ramp {
    /// The stops' locations, non-decreasing.
    private let locations: [Double]
    /// The colours to interpolate: premultiplied, or straight to be premultiplied after mixing.
    private let colors: [SIMD4<Double>]
    private let straight: Bool
    private let entries: UnsafeMutablePointer<SIMD4<UInt16>>
    /// Marks an entry not worked out yet: no channel of an entry exceeds 255 × 256.
    private static let unknown = SIMD4<UInt16>(repeating: .max)

    /// The ramp of stops at `locations` (non-decreasing) with `colors` (straight alpha).
    init(locations: [Double], colors: [Color], straight: Bool) {
        self.locations = locations
        self.straight = straight
        self.colors = colors.map { c -> SIMD4<Double> in
            let a = min(max(c.alpha, 0), 1), m = straight ? 1 : a
            return SIMD4(min(max(c.red, 0), 1) * m, min(max(c.green, 0), 1) * m, min(max(c.blue, 0), 1) * m, a)
        }
        entries = .allocate(capacity: Gradient.rampSize + 1)
        entries.initialize(repeating: Self.unknown, count: Gradient.rampSize + 1)
    }

    deinit { entries.deallocate() }

    /// Entry `index`, 0...`Gradient.rampSize`.
    @inline(__always)
    subscript(index: Int) -> SIMD4<UInt16> {
        let known = entries[index]
        if known[3] != .max { return known }
        let entry = self.entry(index)
        entries[index] = entry
        return entry
    }

    /// Works out entry `index`: the colour at location index / (rampSize − 1), or before 0.
    @inline(never)
    private func entry(_ index: Int) -> SIMD4<UInt16> {
        guard let first = colors.first, let final = colors.last else { return .zero }
        let t = index == Gradient.rampSize ? 0 : Double(index) / Double(Gradient.rampSize - 1)
        // How many stops lie before t (at or before it, on the ramp; strictly before 0, past it).
        var low = 0, high = locations.count
        while low < high {
            let middle = (low + high) / 2
            if index == Gradient.rampSize ? locations[middle] < 0 : locations[middle] <= t { low = middle + 1 } else { high = middle }
        }
        let color: SIMD4<Double>
        if low == 0 {
            color = first
        } else if low == colors.count {
            color = final
        } else {
            let a = locations[low - 1], b = locations[low]
            let span = b - a
            let w = span > 0 ? (t - a) / span : 1
            color = colors[low - 1] * (1 - w) + colors[low] * w
        }
        let mixed = straight ? SIMD4(color[0] * color[3], color[1] * color[3], color[2] * color[3], color[3]) : color
        let fixed = mixed * (255 * 256)
        return SIMD4(UInt16((fixed[0]).roundToInt), UInt16((fixed[1]).roundToInt),
                     UInt16((fixed[2]).roundToInt), UInt16((fixed[3]).roundToInt))
    }
}

/// Evaluates a gradient at device pixel centres: maps each centre back into the gradient's
/// normalised space, finds its location, applies the spread and looks the colour up in the ramp.
struct GradientSource: PixelSource {
    private let ramp: Ramp
    /// Device pixels → gradient space.
    private let inverse: ProjectiveTransform
    /// Whether `inverse` has perspective, so each point is divided by its W.
    private let perspective: Bool
    private let kind: Gradient.Kind
    private let spread: Gradient.Spread
    private let dither: Bool
    /// For radial gradients: the quadratic's terms that do not depend on the point.
    private let cd: Point, dr: Double, a: Double, focalRadius: Double

    /// A source for `gradient` drawn through `transform` (the path's space to device pixels);
    /// `nil` when the gradient's transform is singular.
    init?(_ gradient: Gradient, transform: AffineTransform) {
        guard let inverse = gradient.transform.concatenating(transform).inverted else { return nil }
        self.init(gradient, inverse: ProjectiveTransform(inverse), perspective: false)
    }

    /// A source for `gradient` drawn through `projection` (the path's space to device pixels,
    /// with perspective); `nil` when the map is singular.
    init?(_ gradient: Gradient, projection: ProjectiveTransform) {
        guard let inverse = ProjectiveTransform(gradient.transform).concatenating(projection).inverted else { return nil }
        self.init(gradient, inverse: inverse, perspective: true)
    }

    private init(_ gradient: Gradient, inverse: ProjectiveTransform, perspective: Bool) {
        self.perspective = perspective
        ramp = gradient.ramp()
        spread = gradient.spread
        dither = gradient.dither
        switch gradient.kind {
        case let .linear(start, end):
            // Map the gradient vector onto (0, 0)...(1, 0) so the location is the x coordinate.
            let dx = end.x - start.x, dy = end.y - start.y, length2 = dx * dx + dy * dy
            let toUnit = AffineTransform(a: dx / length2, b: -dy / length2, c: dy / length2, d: dx / length2,
                                         tx: -(start.x * dx + start.y * dy) / length2,
                                         ty: (start.x * dy - start.y * dx) / length2)
            self.inverse = inverse.concatenating(ProjectiveTransform(toUnit))
            kind = gradient.kind
            cd = .zero; dr = 0; a = 0; focalRadius = 0
        case let .radial(center, radius, focus, fr):
            self.inverse = inverse.concatenating(ProjectiveTransform(.translation(-focus.x, -focus.y)))
            kind = gradient.kind
            cd = Point(center.x - focus.x, center.y - focus.y)
            dr = radius - fr
            a = cd.x * cd.x + cd.y * cd.y - dr * dr
            focalRadius = fr
        }
    }

    /// The location at point `p` of gradient space (relative to the focus for radial
    /// gradients), or `nil` where the gradient paints nothing.
    @inline(__always)
    private func location(_ p: Point) -> Double? {
        guard case .radial = kind else { return p.x }
        // |p − t·cd| = fr + t·dr, i.e. a·t² − 2·b·t + c = 0; the larger root with a radius ≥ 0.
        let b = p.x * cd.x + p.y * cd.y + focalRadius * dr
        let c = p.x * p.x + p.y * p.y - focalRadius * focalRadius
        if a == 0 {
            guard b != 0 else { return nil }
            let t = c / (2 * b)
            return focalRadius + t * dr >= 0 ? t : nil
        }
        let discriminant = b * b - a * c
        guard discriminant >= 0 else { return nil }
        let root = discriminant.squareRoot()
        let t0 = (b + root) / a, t1 = (b - root) / a
        let high = max(t0, t1), low = min(t0, t1)
        if focalRadius + high * dr >= 0 { return high }
        if focalRadius + low * dr >= 0 { return low }
        return nil
    }

    /// `t` folded into 0...1 by the spread method.
    @inline(__always)
    private func spread(_ t: Double) -> Double {
        switch spread {
        case .pad: return min(max(t, 0), 1)
        case .repeat: return t - t.rounded(.down)
        case .reflect:
            let m = t - 2 * (t / 2).rounded(.down)
            return m > 1 ? 2 - m : m
        }
    }

    /// A 4×4 Bayer threshold in 1/16 steps of one 8-bit level, in 8.8 fixed point.
    private static let bayer: [UInt16] = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5].map { $0 * 16 + 8 }

    func load(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        let cy = Double(y) + 0.5
        for i in 0..<count {
            let cx = Double(x + i) + 0.5
            var p = Point(inverse.m11 * cx + inverse.m21 * cy + inverse.m31, inverse.m12 * cx + inverse.m22 * cy + inverse.m32)
            if perspective {
                let w = inverse.m13 * cx + inverse.m23 * cy + inverse.m33
                p = Point(p.x / w, p.y / w)
            }
            guard let t = location(p), t.isFinite else { out[i] = 0; continue }
            let entry = spread == .pad && t < 0 ? ramp[Gradient.rampSize]
                : ramp[Int(spread(t) * Double(Gradient.rampSize - 1) + 0.5)] // bounded: spread(t) lies in 0...1
            let bias = dither ? Self.bayer[((y & 3) << 2) | ((x + i) & 3)] : 128
            let r = UInt32(min(entry[0] &+ bias, 0xFFFF) >> 8), g = UInt32(min(entry[1] &+ bias, 0xFFFF) >> 8)
            let b = UInt32(min(entry[2] &+ bias, 0xFFFF) >> 8), a = UInt32(min(entry[3] &+ 128, 0xFFFF) >> 8)
            out[i] = min(r, a) | min(g, a) << 8 | min(b, a) << 16 | a << 24
        }
    }
}

extension Canvas {
    /// Fills `path` mapped through `transform` with `paint`: a solid colour as `fill(_:color:)`,
    /// a gradient evaluated at every covered pixel (the gradient's own transform maps its space
    /// into the path's), or a pattern's tile repeated under it.
    public func fill(_ path: Path, paint: Paint, rule: FillRule = .nonZero, transform: AffineTransform = .identity) {
        switch paint {
        case let .solid(color):
            fill(path, color: color, rule: rule, transform: transform)
        case let .pattern(pattern):
            fill(path, pattern: pattern, rule: rule, transform: transform)
        case let .gradient(gradient):
            if let color = gradient.uniformColor {
                fill(path, color: color, rule: rule, transform: transform)
                return
            }
            guard let source = GradientSource(gradient, transform: transform),
                  !rasterizer.load(path, transform: transform, within: clip.bounds).isEmpty else { return }
            fillLoaded(from: source, opacity: 1, rule: rule)
        }
    }

    /// Blends the colours `source` gives through the coverage of the path the rasteriser has
    /// loaded, at `opacity` times the canvas alpha, through the clip.
    func fillLoaded<Source: PixelSource>(from source: Source, opacity: Double, rule: FillRule) {
        blend(from: source, opacity: opacity) { rasterizer.fill(rule: rule, into: &$0) }
    }

    /// Runs `cover` with a blitter blending the colours `source` gives at `opacity` times the
    /// canvas alpha, through the clip; not at all when that opacity rounds to zero.
    func blend<Source: PixelSource>(from source: Source, opacity: Double, cover: (inout ImageBlitter<Source>) -> Void) {
        let global = Blend.alphaByte(alpha * opacity)
        guard global != 0 else { return }
        let width = pixmap.width
        let scratch = UnsafeMutablePointer<UInt32>.allocate(capacity: width)
        defer { scratch.deallocate() }
        withPixels { pixels in
            withClipRows { mask in
                var blitter = ImageBlitter(pixels: pixels, pixelsPerRow: width, source: source, alpha: global,
                                           clip: mask, scratch: scratch)
                cover(&blitter)
            }
        }
    }
}
