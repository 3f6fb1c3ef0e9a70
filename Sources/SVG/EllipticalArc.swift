import Foundation
import Geometry

/// One cubic Bézier segment: two control points and an end point.
struct CubicSegment: Equatable {
    var control1: Point
    var control2: Point
    var end: Point
}

/// An SVG elliptical arc in endpoint form (the `A` command), converted to cubic Béziers via
/// the centre parameterisation of SVG 1.1 Appendix F.6.
struct EllipticalArc {
    let from: Point
    let to: Point
    let radiusX: Double
    let radiusY: Double
    let rotationDegrees: Double
    let largeArc: Bool
    let sweep: Bool

    /// The arc as cubics, each spanning at most 90°, the last ending exactly at `to`. Empty
    /// when the endpoints coincide (F.6.2: the arc is omitted); `nil` when a radius is zero,
    /// where F.6.2 says the arc is a straight line to `to` (and for radii so large they overflow).
    func cubics() -> [CubicSegment]? {
        if from == to { return [] }
        var rx = abs(radiusX), ry = abs(radiusY)
        guard rx > 0, ry > 0 else { return nil }
        let phi = rotationDegrees * .pi / 180
        let cosPhi = cos(phi), sinPhi = sin(phi)

        // F.6.5.1: the start point in the ellipse's axis-aligned frame, centred on the chord.
        let dx = (from.x - to.x) / 2, dy = (from.y - to.y) / 2
        let x1p = cosPhi * dx + sinPhi * dy
        let y1p = -sinPhi * dx + cosPhi * dy

        // F.6.6: radii too small to span the chord are scaled up until they just do.
        let lambda = (x1p * x1p) / (rx * rx) + (y1p * y1p) / (ry * ry)
        if lambda > 1 {
            let s = lambda.squareRoot()
            rx *= s
            ry *= s
        }

        // F.6.5.2: the centre in the axis-aligned frame.
        let numerator = rx * rx * ry * ry - rx * rx * y1p * y1p - ry * ry * x1p * x1p
        let denominator = rx * rx * y1p * y1p + ry * ry * x1p * x1p
        var coefficient = denominator > 0 ? (max(0, numerator) / denominator).squareRoot() : 0
        if largeArc == sweep { coefficient = -coefficient }
        let cxp = coefficient * rx * y1p / ry
        let cyp = -coefficient * ry * x1p / rx

        // F.6.5.3: the centre in user space.
        let cx = cosPhi * cxp - sinPhi * cyp + (from.x + to.x) / 2
        let cy = sinPhi * cxp + cosPhi * cyp + (from.y + to.y) / 2

        // F.6.5.5–6: the start angle and the sweep, signed by the sweep flag.
        let startAngle = atan2((y1p - cyp) / ry, (x1p - cxp) / rx)
        let endAngle = atan2((-y1p - cyp) / ry, (-x1p - cxp) / rx)
        var delta = endAngle - startAngle
        if sweep, delta < 0 { delta += 2 * .pi }
        if !sweep, delta > 0 { delta -= 2 * .pi }

        // Radii or coordinates near the limits of Double overflow; such an arc is drawn as its chord.
        guard cx.isFinite, cy.isFinite, delta.isFinite, rx.isFinite, ry.isFinite else { return nil }
        let count = max(1, Int((abs(delta) / (.pi / 2) - 1e-9).rounded(.up))) // bounded: the sweep is finite and within ±2π
        let step = delta / Double(count)
        // The control-arm length that makes a cubic match a circular arc of `step` at its ends and middle.
        let k = 4.0 / 3.0 * tan(step / 4)

        func pointOnEllipse(_ angle: Double) -> (point: Point, tangent: Point) {
            let c = cos(angle), s = sin(angle)
            let point = Point(cx + rx * c * cosPhi - ry * s * sinPhi, cy + rx * c * sinPhi + ry * s * cosPhi)
            let tangent = Point(-rx * s * cosPhi - ry * c * sinPhi, -rx * s * sinPhi + ry * c * cosPhi)
            return (point, tangent)
        }

        var segments: [CubicSegment] = []
        var angle = startAngle
        var start = pointOnEllipse(angle)
        start.point = from
        for index in 0..<count {
            angle += step
            var end = pointOnEllipse(angle)
            if index == count - 1 { end.point = to }
            segments.append(CubicSegment(control1: start.point + start.tangent * k,
                                         control2: end.point - end.tangent * k,
                                         end: end.point))
            start = end
        }
        return segments
    }
}
