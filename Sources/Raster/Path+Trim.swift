import Geometry

extension Path {
    /// The part of the path between the fractions `start` and `end` (0...1) of its whole length,
    /// all subpaths counted in order: what CAShapeLayer strokes for `strokeStart` and `strokeEnd`.
    /// Curves are flattened within `tolerance` first; a closed subpath drawn whole stays closed,
    /// a cut one becomes open, so the stroke's caps show at the cut ends (a round cap at a
    /// checkmark's pen tip). Fractions are clamped to 0...1; `start >= end` gives an empty path.
    public func trimmed(from start: Double, to end: Double, tolerance: Double = Path.strokeTolerance) -> Path {
        let a = min(1, max(0, start.isFinite ? start : 0)), b = min(1, max(0, end.isFinite ? end : 1))
        if a <= 0, b >= 1 { return self }
        guard a < b, tolerance > 0 else { return Path() }
        var measure = ContourCollector()
        flatten(self, transform: .identity, tolerance: tolerance, into: &measure)
        let total = measure.contours.reduce(0) { $0 + $1.length }
        guard total > 0 else { return Path() }
        let from = a * total, to = b * total
        var output = Path()
        var travelled = 0.0
        for contour in measure.contours {
            defer { travelled += contour.length }
            let lo = from - travelled, hi = to - travelled
            guard hi > 0, lo < contour.length else { continue }
            if lo <= 0, hi >= contour.length {
                output.move(to: contour.points[0])
                for p in contour.points.dropFirst() { output.line(to: p) }
                if contour.closed { output.close() }
                continue
            }
            contour.append(from: max(0, lo), to: min(contour.length, hi), into: &output)
        }
        return output
    }
}
