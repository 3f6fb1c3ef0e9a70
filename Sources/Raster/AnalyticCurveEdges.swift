import Foundation
import Geometry

// Curves placed as Chromium's software raster places them with analytic anti-aliasing, for
// files drawn on their own (see `Canvas.snapsRowsToQuarterPixels`). Skia (SkEdgeBuilder) cuts a
// quadratic or cubic at its vertical extremes, then walks each piece top to bottom in 2^shift
// straight steps by fixed-point forward differencing (SkAnalyticQuadraticEdge,
// SkAnalyticCubicEdge): the number of steps comes from how far the control points stand off the
// chord, and each step's ends are snapped to quarter-pixel rows (a quadratic's steps more than
// 2 px tall to whole rows, their x moved along the step). Chromium's headless screenshots are
// drawn that way, so reproducing where those steps fall, rather than flattening finely, is what
// brings a small curve's edge pixels to Chromium's values. The arithmetic below is that
// published algorithm restated: positions in 16.16 fixed point (Int, so nothing overflows), the
// control points truncated to 1/256 px first as Skia's FDot6 at its anti-aliasing shift.

/// A step of an analytic curve edge, in 16.16 fixed point, given top to bottom.
typealias AnalyticStep = (x0: Int, y0: Int, x1: Int, y1: Int)

private enum Fixed16 {
    static let one = 1 << 16
    /// SkAnalyticEdge's SnapY: to the nearest quarter pixel, halves up.
    @inline(__always) static func snapY(_ y: Int) -> Int { ((y + (1 << 13)) >> 14) << 14 }
    /// SkFixedRoundToFixed: to the nearest whole pixel, halves up.
    @inline(__always) static func roundToWhole(_ y: Int) -> Int { (y + (1 << 15)) & ~0xFFFF }
    /// SkFDot6Div: a / b in 16.16, for a and b in 26.6.
    @inline(__always) static func divide(_ a: Int, _ b: Int) -> Int { (a << 16) / b }
    /// SkFixedMul.
    @inline(__always) static func multiply(_ a: Int, _ b: Int) -> Int { (a * b) >> 16 }
}

/// A coordinate as Skia's FDot6 at anti-aliasing shift 2: 1/256 px, truncated toward zero.
/// The caller clamps coordinates (see `EdgeList`), so the conversion cannot overflow.
@inline(__always)
private func fdot6(_ v: Double) -> Int { Int(v * 256) } // bounded: |v| ≤ 2^20 (EdgeList clamps)

/// SkEdge's cheap_distance and diff_to_shift at anti-aliasing shift 2: how many times to halve
/// the steps so each stays within about a pixel of the curve.
private func curveShift(_ dx: Int, _ dy: Int) -> Int {
    let ax = abs(dx), ay = abs(dy)
    let distance = ax > ay ? ax + (ay >> 1) : ay + (ax >> 1)
    let d = (distance + (1 << 4)) >> 5
    return d == 0 ? 0 : (Int.bitWidth - d.leadingZeroBitCount) >> 1
}

/// The steps of a quadratic monotonic in y (SkAnalyticQuadraticEdge): `p0` to `p2` with
/// control point `p1`, device pixels. Reports each step top to bottom with the winding it
/// carries (+1 when the curve runs down the screen).
func analyticQuadSteps(_ p0: Point, _ p1: Point, _ p2: Point, _ report: (AnalyticStep, Bool) -> Void) {
    var x0 = fdot6(p0.x), y0 = fdot6(p0.y), x1 = fdot6(p1.x), y1 = fdot6(p1.y)
    var x2 = fdot6(p2.x), y2 = fdot6(p2.y)
    var down = true
    if y0 > y2 { swap(&x0, &x2); swap(&y0, &y2); down = false }
    // Zero height in quarter-pixel rows: no edge.
    guard (y0 + 32) >> 6 != (y2 + 32) >> 6 else { return }
    let shift = min(max(curveShift((2 * x1 - x0 - x2) >> 2, (2 * y1 - y0 - y2) >> 2), 1), 6)
    var count = 1 << shift
    let stepShift = shift - 1
    // Coefficients at half their value, biased by the shift, then down from the anti-aliasing
    // scale to pixels (the >> 2), as setQuadratic does.
    let ax = (x0 - 2 * x1 + x2) << 9, bx = (x1 - x0) << 10
    let ay = (y0 - 2 * y1 + y2) << 9, by = (y1 - y0) << 10
    var x = (x0 << 10) >> 2, y = (y0 << 10) >> 2
    var dx = (bx + (ax >> shift)) >> 2, dy = (by + (ay >> shift)) >> 2
    let ddx = (ax >> (shift - 1)) >> 2, ddy = (ay >> (shift - 1)) >> 2
    let lastX = (x2 << 10) >> 2, lastY = Fixed16.snapY((y2 << 10) >> 2)
    y = Fixed16.snapY(y)
    var snappedX = x, snappedY = y
    while count > 0 {
        count -= 1
        var newSnappedX: Int, newSnappedY: Int
        if count > 0 {
            x += dx >> stepShift
            y += dy >> stepShift
            if abs(dy >> stepShift) >= 2 * Fixed16.one, abs(dy) << 6 > abs(dx) {
                let rise = (y - snappedY) >> 10
                newSnappedY = min(lastY, Fixed16.roundToWhole(y))
                newSnappedX = rise == 0 ? x : x - Fixed16.multiply(Fixed16.divide((x - snappedX) >> 10, rise), y - newSnappedY)
                if rise == 0 { newSnappedY = snappedY }
            } else {
                newSnappedY = min(lastY, Fixed16.snapY(y))
                newSnappedX = x
            }
            dx += ddx
            dy += ddy
        } else {
            newSnappedX = lastX
            newSnappedY = lastY
        }
        // A step shorter than 1/64 px is skipped, the next one starting where this one did.
        guard (newSnappedY - snappedY) >> 10 != 0 else { continue }
        report((snappedX, snappedY, newSnappedX, newSnappedY), down)
        snappedX = newSnappedX
        snappedY = newSnappedY
    }
}

/// SkEdge's cubic_delta_from_line: how far the curve at t = 1/3 and 2/3 stands off the chord
/// (1/27 taken as 19/512).
private func cubicDelta(_ a: Int, _ b: Int, _ c: Int, _ d: Int) -> Int {
    let oneThird = ((a * 8 - b * 15 + 6 * c + d) * 19) >> 9
    let twoThirds = ((a + 6 * b - c * 15 + d * 8) * 19) >> 9
    return max(abs(oneThird), abs(twoThirds))
}

/// The steps of a cubic monotonic in y (SkAnalyticCubicEdge), as `analyticQuadSteps`: each
/// step's ends on quarter-pixel rows, x where forward differencing puts it.
func analyticCubicSteps(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point,
                        _ report: (AnalyticStep, Bool) -> Void) {
    var x0 = fdot6(p0.x), y0 = fdot6(p0.y), x1 = fdot6(p1.x), y1 = fdot6(p1.y)
    var x2 = fdot6(p2.x), y2 = fdot6(p2.y), x3 = fdot6(p3.x), y3 = fdot6(p3.y)
    var down = true
    if y0 > y3 {
        swap(&x0, &x3); swap(&x1, &x2); swap(&y0, &y3); swap(&y1, &y2)
        down = false
    }
    guard (y0 + 32) >> 6 != (y3 + 32) >> 6 else { return }
    let shift = min(curveShift(cubicDelta(x0, x1, x2, x3), cubicDelta(y0, y1, y2, y3)) + 1, 6)
    var upShift = 6, downShift = shift + upShift - 10
    if downShift < 0 { downShift = 0; upShift = 10 - shift }
    var count = -(1 << shift)
    func coefficients(_ a: Int, _ b: Int, _ c: Int, _ d: Int) -> (v: Int, d1: Int, d2: Int, d3: Int) {
        let bb = (3 * (b - a)) << upShift
        let cc = (3 * (a - 2 * b + c)) << upShift
        let dd = (d + 3 * (b - c) - a) << upShift
        return ((a << 10) >> 2, (bb + (cc >> shift) + (dd >> (2 * shift))) >> 2,
                (2 * cc + ((3 * dd) >> (shift - 1))) >> 2, ((3 * dd) >> (shift - 1)) >> 2)
    }
    var (x, dx, ddx, dddx) = coefficients(x0, x1, x2, x3)
    var (y, dy, ddy, dddy) = coefficients(y0, y1, y2, y3)
    let lastX = (x3 << 10) >> 2, lastY = Fixed16.snapY((y3 << 10) >> 2)
    y = Fixed16.snapY(y)
    var snappedY = y
    while count < 0 {
        count += 1
        var newX: Int, newY: Int
        if count < 0 {
            newX = x + (dx >> downShift)
            dx += ddx >> shift
            ddx += dddx
            newY = y + (dy >> downShift)
            dy += ddy >> shift
            ddy += dddy
        } else {
            newX = lastX
            newY = lastY
        }
        // Forward differencing in fixed point can step back up a little; Skia pins it.
        newY = max(newY, y)
        var newSnappedY = Fixed16.snapY(newY)
        if lastY < newSnappedY {
            newSnappedY = lastY
            count = 0
        }
        if (newSnappedY - snappedY) >> 10 != 0 {
            report((x, snappedY, newX, newSnappedY), down)
        }
        x = newX
        y = newY
        snappedY = newSnappedY
    }
}

/// SkFindUnitQuadRoots: the roots of a·t² + b·t + c strictly inside (0, 1), ascending.
func unitQuadRoots(_ a: Double, _ b: Double, _ c: Double) -> [Double] {
    func unitDivide(_ numerator: Double, _ denominator: Double) -> Double? {
        var n = numerator, d = denominator
        if n < 0 { n = -n; d = -d }
        guard d != 0, n != 0, n < d else { return nil }
        let r = n / d
        return r.isFinite && r > 0 && r < 1 ? r : nil
    }
    if a == 0 { return unitDivide(-c, b).map { [$0] } ?? [] }
    let discriminant = b * b - 4 * a * c
    guard discriminant >= 0, discriminant.isFinite else { return [] }
    let r = discriminant.squareRoot()
    let q = b < 0 ? -(b - r) / 2 : -(b + r) / 2
    var roots = [unitDivide(q, a), unitDivide(c, q)].compactMap { $0 }.sorted()
    if roots.count == 2, roots[0] == roots[1] { roots.removeLast() }
    return roots
}

/// `p0 … p2` cut where y turns (SkChopQuadAtYExtrema), each piece reported monotonic in y.
func quadPiecesMonotonicInY(_ p0: Point, _ p1: Point, _ p2: Point, _ piece: (Point, Point, Point) -> Void) {
    let a = p0.y, b = p1.y, c = p2.y
    guard (a - b) * (b - c) < 0 else { return piece(p0, p1, p2) }
    let numerator = a - b, denominator = a - b - b + c
    let t = numerator / denominator
    guard t.isFinite, t > 0, t < 1 else {
        // Too close to call: the control point is moved level with the nearer end.
        return piece(p0, Point(p1.x, abs(a - b) < abs(b - c) ? a : c), p2)
    }
    let q0 = p0.lerp(p1, t), q1 = p1.lerp(p2, t), m = q0.lerp(q1, t)
    // The turning point's neighbours are put level with it, so each half is monotonic.
    piece(p0, Point(q0.x, m.y), m)
    piece(m, Point(q1.x, m.y), p2)
}

/// `p0 … p3` cut where y turns (SkChopCubicAtYExtrema), each piece reported monotonic in y.
func cubicPiecesMonotonicInY(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point,
                             _ piece: (Point, Point, Point, Point) -> Void) {
    let a = p0.y, b = p1.y, c = p2.y, d = p3.y
    let roots = unitQuadRoots(d - a + 3 * (b - c), 2 * (a - b - b + c), b - a)
    guard !roots.isEmpty else { return piece(p0, p1, p2, p3) }
    var pieces = cubicChopped(p0, p1, p2, p3, at: roots)
    // Each turning point's neighbours are put level with it.
    for i in 1..<pieces.count {
        let y = pieces[i].0.y
        pieces[i - 1].2.y = y
        pieces[i].1.y = y
    }
    for p in pieces { piece(p.0, p.1, p.2, p.3) }
}

/// `p0 … p3` cut at the ascending parameters `ts` inside (0, 1), each cut made on what is left
/// of the curve at the parameter rescaled to it (SkChopCubicAt).
func cubicChopped(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point,
                  at ts: [Double]) -> [(Point, Point, Point, Point)] {
    var rest = (p0, p1, p2, p3)
    var previous = 0.0
    var pieces: [(Point, Point, Point, Point)] = []
    for t in ts {
        let u = (t - previous) / (1 - previous)
        let (s0, s1, s2, s3) = rest
        let ab = s0.lerp(s1, u), bc = s1.lerp(s2, u), cd = s2.lerp(s3, u)
        let abc = ab.lerp(bc, u), bcd = bc.lerp(cd, u), m = abc.lerp(bcd, u)
        pieces.append((s0, ab, abc, m))
        rest = (m, bcd, cd, s3)
        previous = t
    }
    pieces.append(rest)
    return pieces
}

/// Where the curvature of `p0 … p3` peaks (SkFindCubicMaxCurvature: the roots of B′·B″ = 0,
/// solved as Skia's solve_cubic_poly solves them), strictly inside (0, 1), ascending.
func cubicMaxCurvatures(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point) -> [Double] {
    func coefficients(_ v0: Double, _ v1: Double, _ v2: Double, _ v3: Double) -> [Double] {
        let a = v1 - v0, b = v2 - 2 * v1 + v0, c = v3 + 3 * (v1 - v2) - v0
        return [c * c, 3 * b * c, 2 * b * b + c * a, a * b]
    }
    let cx = coefficients(p0.x, p1.x, p2.x, p3.x), cy = coefficients(p0.y, p1.y, p2.y, p3.y)
    let k = zip(cx, cy).map { $0 + $1 }
    var roots: [Double]
    if abs(k[0]) <= 1.0 / 4096 {
        roots = unitQuadRoots(k[1], k[2], k[3])
    } else {
        let a = k[1] / k[0], b = k[2] / k[0], c = k[3] / k[0]
        let q = (a * a - b * 3) / 9, r = (2 * a * a * a - 9 * a * b + 27 * c) / 54
        let q3 = q * q * q, adiv3 = a / 3
        func pinned(_ t: Double) -> Double { min(max(t, 0), 1) }
        if r * r - q3 < 0 {
            let theta = acos(min(max(r / q3.squareRoot(), -1), 1)), m = -2 * q.squareRoot()
            roots = [pinned(m * cos(theta / 3) - adiv3), pinned(m * cos((theta + 2 * .pi) / 3) - adiv3),
                     pinned(m * cos((theta - 2 * .pi) / 3) - adiv3)].sorted()
            roots = roots.enumerated().filter { $0.offset == 0 || $0.element != roots[$0.offset - 1] }.map(\.element)
        } else {
            var root = cbrt(abs(r) + (r * r - q3).squareRoot())
            if r > 0 { root = -root }
            if root != 0 { root += q / root }
            roots = [pinned(root - adiv3)]
        }
    }
    return roots.filter { $0 > 0 && $0 < 1 }
}

private extension Point {
    @inline(__always) func lerp(_ other: Point, _ t: Double) -> Point {
        Point(x + (other.x - x) * t, y + (other.y - y) * t)
    }
}

/// The conic a cubic standing for a circular arc (see `Path.arcCubics`), or an affine image of
/// one, traces: its control point where the end tangents meet, s times the first control arm
/// from `p0`, and its weight cos(θ/2) = 3 / (4s − 3), since the arms are 4/3·tan(θ/4) and the
/// tangents tan(θ/2) radii long (ratios along a line, which affine maps keep). Nil when the
/// tangents do not meet ahead of both ends (a degenerate cubic), for the caller to draw it as a
/// cubic.
func arcConic(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point) -> (control: Point, weight: Double)? {
    let ax = p1.x - p0.x, ay = p1.y - p0.y, bx = p2.x - p3.x, by = p2.y - p3.y
    let ex = ax - bx, ey = ay - by
    let s = ((p3.x - p0.x) * ex + (p3.y - p0.y) * ey) / (ex * ex + ey * ey)
    let weight = 3 / (4 * s - 3)
    guard s.isFinite, weight.isFinite, weight > 0, weight <= 1 + 1e-9 else { return nil }
    return (Point(p0.x + s * ax, p0.y + s * ay), min(weight, 1))
}

/// A rational quadratic: from `start` to `end` pulled towards `control` by `weight`.
struct Conic {
    var start, control, end: Point
    var weight: Double
}

/// The conics Skia draws an arc with (SkPath::arcTo): as many equal pieces as its sweep needs at
/// up to 120° each, where `arc`, consecutive conics of one circular arc (or its image under an
/// affine map), is cut at up to 90°. The arc is rebuilt from its first conic: the centre O lies
/// beyond the chord's midpoint M away from the control point C, O = M − (C − M)·w²/(1 − w²),
/// the start is O + u and the tangent there v·tan(θ/2), so the point at angle α from the start
/// is O + u·cos α + v·sin α (ratios along lines, which affine maps keep). A single conic, or as
/// many as Skia would make, is returned as it is.
func skiaArcConics(_ arc: [Conic]) -> [Conic] {
    guard let first = arc.first, let last = arc.last, arc.count > 1 else { return arc }
    let sweep = arc.reduce(0.0) { $0 + 2 * acos(min(max($1.weight, -1), 1)) }
    let count = Int(max(1, (sweep / (2 * Double.pi / 3) - 1e-9).rounded(.up))) // bounded: sweep ≤ 2π·count of conics
    let w = first.weight, half = acos(min(max(w, -1), 1))
    let m = Point((first.start.x + first.end.x) / 2, (first.start.y + first.end.y) / 2)
    let k = w * w / (1 - w * w)
    let o = Point(m.x - (first.control.x - m.x) * k, m.y - (first.control.y - m.y) * k)
    let u = Point(first.start.x - o.x, first.start.y - o.y)
    let t = tan(half)
    let v = Point((first.control.x - first.start.x) / t, (first.control.y - first.start.y) / t)
    guard count != arc.count, k.isFinite, t.isFinite, t > 0, o.x.isFinite, o.y.isFinite else { return arc }
    func at(_ a: Double, _ scale: Double = 1) -> Point {
        Point(o.x + (u.x * cos(a) + v.x * sin(a)) * scale, o.y + (u.y * cos(a) + v.y * sin(a)) * scale)
    }
    let step = sweep / Double(count)
    return (0..<count).map { i in
        let a0 = Double(i) * step, h = step / 2
        return Conic(start: i == 0 ? first.start : at(a0), control: at(a0 + h, 1 / cos(h)),
                     end: i == count - 1 ? last.end : at(a0 + step), weight: cos(h))
    }
}

/// A conic `p0 … p2` of weight `w` as the quadratics Skia's edge builder draws it
/// (SkAutoConicToQuads at 0.25 px, SkConic::computeQuadPOW2 and chopIntoQuadsPOW2): halved
/// 2^n times, n the first at which the estimated error is within the tolerance (at most 5),
/// each half's control point kept as a quadratic's.
func conicQuads(_ p0: Point, _ p1: Point, _ p2: Point, weight w: Double, _ quad: (Point, Point, Point) -> Void) {
    let a = w - 1, k = a / (4 * (2 + a))
    let x = k * (p0.x - 2 * p1.x + p2.x), y = k * (p0.y - 2 * p1.y + p2.y)
    var error = (x * x + y * y).squareRoot()
    var levels = 0
    while levels < 5, error > 0.25 {
        error *= 0.25
        levels += 1
    }
    func subdivide(_ p0: Point, _ p1: Point, _ p2: Point, _ w: Double, _ level: Int) {
        guard level > 0 else { return quad(p0, p1, p2) }
        let scale = 1 / (1 + w)
        let t0 = Point(p0.x * scale, p0.y * scale), t1 = Point(p1.x * w * scale, p1.y * w * scale)
        let t2 = Point(p2.x * scale, p2.y * scale)
        let m = Point(0.5 * t0.x + t1.x + 0.5 * t2.x, 0.5 * t0.y + t1.y + 0.5 * t2.y)
        let half = (0.5 + w * 0.5).squareRoot()
        subdivide(p0, Point(t0.x + t1.x, t0.y + t1.y), m, half, level - 1)
        subdivide(m, Point(t1.x + t2.x, t1.y + t2.y), p2, half, level - 1)
    }
    subdivide(p0, p1, p2, w, levels)
}
