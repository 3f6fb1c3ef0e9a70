import Geometry

extension Path {
    /// The path cut into dashes: `pattern` alternates dash and gap lengths (repeated twice over
    /// when its count is odd, as SVG and CGContext do), starting `phase` into the pattern. Curves
    /// are flattened within `tolerance` first. A closed subpath's last dash joins its first
    /// when the pattern is "on" across the start. An empty, all-zero or invalid pattern returns
    /// the path unchanged.
    public func dashed(_ pattern: [Double], phase: Double, tolerance: Double = Path.strokeTolerance) -> Path {
        let lengths = pattern.count % 2 == 1 ? pattern + pattern : pattern
        let total = lengths.reduce(0, +)
        guard !lengths.isEmpty, total > 0, total.isFinite, lengths.allSatisfy({ $0 >= 0 }), tolerance > 0 else { return self }
        var dasher = Dasher(lengths: lengths, total: total, phase: phase)
        flatten(self, transform: .identity, tolerance: tolerance, into: &dasher)
        return dasher.output
    }
}

/// Walks flattened contours and emits the "on" stretches of a dash pattern as open subpaths.
private struct Dasher: PolylineSink {
    let lengths: [Double]
    let total: Double
    let phase: Double
    var output = Path()
    private var contour: [Point] = []

    init(lengths: [Double], total: Double, phase: Double) {
        self.lengths = lengths
        self.total = total
        // The phase folded into one period (a negative phase counts back from the end).
        let folded = phase.isFinite ? phase - total * (phase / total).rounded(.down) : 0
        self.phase = folded
    }

    mutating func beginContour(at p: Point) { contour = [p] }

    mutating func line(to p: Point, smooth: Bool) { contour.append(p) }

    mutating func endContour(closed: Bool) {
        var points = contour
        if closed, let first = points.first, points.last != first { points.append(first) }
        contour = []
        guard points.count > 1 else { return }
        // Where in the pattern the contour starts.
        var index = 0
        var remaining = lengths[0]
        var offset = phase
        while offset > 0 {
            if offset >= remaining {
                offset -= remaining
                index = (index + 1) % lengths.count
                remaining = lengths[index]
            } else {
                remaining -= offset
                offset = 0
            }
        }
        var dashes: [[Point]] = []
        var current: [Point]? = index % 2 == 0 ? [points[0]] : nil
        let startsOn = current != nil
        // Bounded work: a pattern far finer than the path's length would emit millions of dashes;
        // after 100 000 the rest of the contour is left out.
        var budget = 100_000
        for i in 1..<points.count {
            var a = points[i - 1]
            let b = points[i]
            var segment = distance(a, b)
            while segment > 0, budget > 0 {
                budget -= 1
                if remaining >= segment {
                    remaining -= segment
                    current?.append(b)
                    segment = 0
                } else {
                    let f = remaining / segment
                    let cut = Point(a.x + (b.x - a.x) * f, a.y + (b.y - a.y) * f)
                    segment -= remaining
                    a = cut
                    if var dash = current {
                        dash.append(cut)
                        dashes.append(dash)
                        current = nil
                    } else {
                        current = [cut]
                    }
                    index = (index + 1) % lengths.count
                    remaining = lengths[index]
                }
            }
        }
        if let dash = current { dashes.append(dash) }
        // On a closed contour that starts and ends inside a dash, the two halves are one dash.
        if closed, startsOn, current != nil, dashes.count > 1 {
            let last = dashes.removeLast()
            dashes[0] = last + dashes[0].dropFirst()
        }
        for dash in dashes {
            output.move(to: dash[0])
            for p in dash.dropFirst() { output.line(to: p) }
        }
    }

    private func distance(_ a: Point, _ b: Point) -> Double {
        ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
    }
}
