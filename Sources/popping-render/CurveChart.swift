import Foundation
import Geometry
import Motion
import Raster
import Text

/// A chart of one animation curve: value against time, one dot per frame (up to 90 frames), the target as a green
/// line, the overshoot peak and the done frame marked, axes with tick labels and titles. Drawn
/// with the project's own rasterizer and text at 2 pixels per point.
struct CurveChart {
    let samples: [TrajectorySample]
    let title: String
    let subtitle: String
    let valueLabel: String

    private static let size = Size(720, 420)
    private static let scale = 2.0
    private static let plot = Rect(x: 78, y: 64, width: 600, height: 290)
    private static let grid = Color(white: 0.9)
    private static let axis = Color(r255: 84, g: 84, b: 84)
    private static let curve = Color(r255: 52, g: 152, b: 219)
    private static let target = Color(r255: 46, g: 204, b: 113)
    private static let peak = Color(r255: 231, g: 76, b: 60)

    /// Renders the chart.
    func render() throws -> Pixmap {
        let canvas = Canvas(width: Int(saturating: Self.size.width * Self.scale), height: Int(saturating: Self.size.height * Self.scale),
                            background: .white)
        let toPixels = AffineTransform.scale(Self.scale, Self.scale)
        let small = try FontLibrary.font(named: "Avenir-Book", size: 11)
        let label = try FontLibrary.font(named: "Avenir-Medium", size: 13)
        let heading = try FontLibrary.font(named: "Avenir-Medium", size: 15)

        let values = samples.map { $0.value[0] }
        let start = values.first ?? 0, end = values.last ?? 0
        let tEnd = max(samples.last?.time ?? 0, 0.1)
        var lo = min(values.min() ?? 0, end), hi = max(values.max() ?? 0, end)
        if hi - lo < 1e-12 {
            // A flat curve sits in the middle of a small range.
            let half = max(abs(hi), 1) * 0.05
            lo -= half
            hi += half
        }
        let xTicks = Self.ticks(0, tEnd, steps: 8)
        var yTicks = Self.ticks(lo, hi, steps: 5)
        if yTicks.count > 1, yTicks.last! - hi < 0.03 * (yTicks.last! - yTicks.first!) {
            // Room above the highest point for its label.
            yTicks.append(yTicks.last! + yTicks[1] - yTicks[0])
        }
        let x0 = xTicks.first!, x1 = max(xTicks.last!, tEnd)
        let y0 = yTicks.first!, y1 = yTicks.last!
        let plot = Self.plot
        func point(_ t: Double, _ v: Double) -> Point {
            Point(plot.minX + (t - x0) / (x1 - x0) * plot.width,
                  plot.maxY - (v - y0) / (y1 - y0 == 0 ? 1 : y1 - y0) * plot.height)
        }
        func line(_ a: Point, _ b: Point, _ color: Color, width: Double = 1) {
            var path = Path()
            path.move(to: a)
            path.line(to: b)
            canvas.stroke(path, style: StrokeStyle(width: width), color: color, transform: toPixels)
        }
        func text(_ s: String, _ font: Font, _ color: Color, at p: Point, align: Double = 0, rotated: Bool = false) {
            let textLine = TextLine(s, font: font)
            var t = AffineTransform.translation(-textLine.width * align, 0)
            if rotated { t = t.concatenating(.rotation(-Double.pi / 2)) }
            canvas.draw(textLine, at: .zero, color: color,
                        transform: t.concatenating(.translation(p.x, p.y)).concatenating(toPixels))
        }

        let decimals = { (step: Double) in max(0, Int(saturating: -floor(log10(step) + 1e-9))) }
        let yDecimals = decimals(yTicks.count > 1 ? yTicks[1] - yTicks[0] : 1)
        let xDecimals = decimals(xTicks.count > 1 ? xTicks[1] - xTicks[0] : 1)
        for v in yTicks {
            let p = point(x0, v)
            line(p, Point(plot.maxX, p.y), Self.grid)
            text(String(format: "%.\(yDecimals)f", v + 0), small, Self.axis, at: Point(p.x - 6, p.y + 4), align: 1)
        }
        for t in xTicks {
            let p = point(t, y0)
            line(p, Point(p.x, plot.minY), Self.grid)
            text(String(format: "%.\(xDecimals)f", t + 0), small, Self.axis, at: Point(p.x, plot.maxY + 16), align: 0.5)
        }
        line(Point(plot.minX, plot.maxY), Point(plot.maxX, plot.maxY), Self.axis)
        line(Point(plot.minX, plot.minY), Point(plot.minX, plot.maxY), Self.axis)
        text("time (s)", label, Self.axis, at: Point(plot.midX, plot.maxY + 38), align: 0.5)
        text(valueLabel, label, Self.axis, at: Point(plot.minX - 52, plot.midY), align: 0.5, rotated: true)
        text(title, heading, .black, at: Point(plot.minX, 26))
        text(subtitle, small, Self.axis, at: Point(plot.minX, 44))

        let targetY = point(x0, end).y
        line(Point(plot.minX, targetY), Point(plot.maxX, targetY), Self.target, width: 1.5)
        text("target \(compact(end, 5))", small, Self.target, at: Point(plot.maxX, targetY - 5), align: 1)

        var path = Path()
        for (i, s) in samples.enumerated() {
            let p = point(s.time, s.value[0])
            if i == 0 { path.move(to: p) } else { path.line(to: p) }
        }
        canvas.stroke(path, style: StrokeStyle(width: 2, cap: .round, join: .round), color: Self.curve, transform: toPixels)
        for s in samples where samples.count <= 90 {
            canvas.fill(Path(circleCenter: point(s.time, s.value[0]), radius: 2.2), color: Self.curve, transform: toPixels)
        }

        if let (index, amount) = Self.overshoot(values, start: start, end: end) {
            let s = samples[index], p = point(s.time, s.value[0])
            canvas.fill(Path(circleCenter: p, radius: 4), color: Self.peak, transform: toPixels)
            let relative = start == end ? "" : String(format: " (%.1f%%)", abs(amount / (end - start)) * 100)
            text("peak \(compact(s.value[0], 5)) at \(compact(s.time, 3)) s, overshoot \(compact(amount, 5))\(relative)",
                 small, Self.peak, at: Point(p.x + 8, p.y + (s.value[0] > end ? -6 : 14)))
        }
        if let last = samples.last {
            let p = point(last.time, last.value[0])
            canvas.fill(Path(circleCenter: p, radius: 4), color: .black, transform: toPixels)
            let right = p.x > plot.midX
            text("done: frame \(last.frame)", small, .black, at: Point(p.x + (right ? -6 : 6), p.y + 16), align: right ? 1 : 0)
        }
        return canvas.pixmap
    }

    /// The frame furthest past the target on the far side from the start, and by how much.
    static func overshoot(_ values: [Double], start: Double, end: Double) -> (Int, Double)? {
        let direction: Double = end >= start ? 1 : -1
        let beyond = values.map { ($0 - end) * direction }
        guard let (i, amount) = beyond.enumerated().max(by: { $0.element < $1.element }).map({ ($0.offset, $0.element) }),
              amount > 1e-9 else { return nil }
        return (i, values[i] - end)
    }

    /// Round tick positions (steps of 1, 2 or 5 × 10ⁿ) spanning lo...hi in about `steps` steps.
    static func ticks(_ lo: Double, _ hi: Double, steps: Double) -> [Double] {
        let raw = (hi - lo) / steps, magnitude = pow(10, floor(log10(raw)))
        let step = [1.0, 2, 5, 10].map { $0 * magnitude }.first { $0 >= raw } ?? 10 * magnitude
        let first = floor(lo / step + 1e-9), last = ceil(hi / step - 1e-9)
        let count = max(1, Int(last - first))
        return (0...count).map { (first + Double($0)) * step }
    }
}
