import Foundation
import Geometry
import Motion
import Raster

/// Motion along a path, as `CAKeyframeAnimation` runs it when given a `path`: every segment of
/// the path (line, quadratic or cubic Bézier; a close is a line back to the subpath's start) is
/// one step between keyframes, the moves only place the next segment's start. With `linear` (or
/// `discrete`) the steps share the time evenly, or follow `keyTimes` (one per segment end point,
/// starting at 0), each moving along its curve's own parameter; with `paced` and `cubicPaced`
/// the position moves at an even speed along the whole length. `rotationMode` `auto` turns the
/// layer to the path's tangent, `autoReverse` to the tangent plus a half turn.
public struct PathMotion {
    /// `CAAnimationRotationMode`.
    public enum RotationMode: String, CaseIterable, Sendable {
        case auto, autoReverse
    }

    /// One drawn segment: its Bézier control points (2, 3 or 4) and arc length.
    private struct Segment {
        let points: [Point]
        let length: Double

        func point(at u: Double) -> Point {
            var p = points
            while p.count > 1 { p = zip(p, p.dropFirst()).map { a, b in Point(a.x + (b.x - a.x) * u, a.y + (b.y - a.y) * u) } }
            return p[0]
        }

        /// The direction of travel at `u` (the derivative's direction; a chord where it vanishes).
        func tangent(at u: Double) -> Double {
            var d = zip(points, points.dropFirst()).map { a, b in Point(b.x - a.x, b.y - a.y) }
            while d.count > 1 { d = zip(d, d.dropFirst()).map { a, b in Point(a.x + (b.x - a.x) * u, a.y + (b.y - a.y) * u) } }
            if abs(d[0].x) + abs(d[0].y) < 1e-12, let first = points.first, let last = points.last {
                return atan2(last.y - first.y, last.x - first.x)
            }
            return atan2(d[0].y, d[0].x)
        }
    }

    private let segments: [Segment]
    private let keyTimes: [Double]
    private let paced: Bool

    /// Why a path cannot be moved along.
    public struct Problem: Error, CustomStringConvertible {
        public let description: String
    }

    /// Motion along `path` with Core Animation's calculation mode and optional key times.
    public init(path: Path, calculationMode: KeyframeCurve.CalculationMode, keyTimes: [Double]? = nil) throws {
        var segments: [Segment] = []
        var index = 0, current = Point.zero, start = Point.zero
        for verb in path.verbs {
            switch verb {
            case .move:
                current = path.points[index]; start = current; index += 1
            case .line, .quad, .cubic:
                let n = verb == .line ? 1 : verb == .quad ? 2 : 3
                let points = [current] + path.points[index..<(index + n)]
                index += n
                segments.append(Segment(points: points, length: Self.length(points)))
                current = points.last!
            case .close:
                segments.append(Segment(points: [current, start], length: Self.length([current, start])))
                current = start
            }
        }
        guard !segments.isEmpty else { throw Problem(description: "the path has no segment to move along") }
        paced = calculationMode == .paced || calculationMode == .cubicPaced
        if let keyTimes, !paced {
            guard keyTimes.count == segments.count + 1 else {
                throw Problem(description: "keyTimes has \(keyTimes.count) entries; this path has \(segments.count + 1) points to pass")
            }
            guard keyTimes.first == 0, keyTimes.last == 1, zip(keyTimes, keyTimes.dropFirst()).allSatisfy({ $0 <= $1 }) else {
                throw Problem(description: "keyTimes start at 0, end at 1 and never decrease")
            }
            self.keyTimes = keyTimes
        } else {
            self.keyTimes = (0...segments.count).map { Double($0) / Double(segments.count) }
        }
        self.segments = segments
    }

    /// A curve's length, from 256 chords (well under a hundredth of a point for any UI path).
    private static func length(_ points: [Point]) -> Double {
        let s = Segment(points: points, length: 0)
        var total = 0.0, last = points[0]
        for i in 1...256 {
            let p = s.point(at: Double(i) / 256)
            total += hypot(p.x - last.x, p.y - last.y)
            last = p
        }
        return total
    }

    /// The segment and its parameter at fraction `f` of the duration.
    private func locate(_ f: Double) -> (segment: Segment, u: Double) {
        let f = min(max(f, 0), 1)
        if paced {
            let total = segments.reduce(0) { $0 + $1.length }
            var distance = f * total
            for s in segments {
                if distance <= s.length || s.length == 0 && distance <= 0 { return (s, s.length > 0 ? arcParameter(s, distance) : 0) }
                distance -= s.length
            }
            return (segments[segments.count - 1], 1)
        }
        let i = (0..<segments.count).last { keyTimes[$0] <= f } ?? 0
        let span = keyTimes[i + 1] - keyTimes[i]
        return (segments[i], span > 0 ? min((f - keyTimes[i]) / span, 1) : 1)
    }

    /// The parameter at which `distance` along the segment is reached, by the same chords.
    private func arcParameter(_ s: Segment, _ distance: Double) -> Double {
        var travelled = 0.0, last = s.points[0]
        for i in 1...256 {
            let u = Double(i) / 256
            let p = s.point(at: u)
            let step = hypot(p.x - last.x, p.y - last.y)
            if travelled + step >= distance { return u - (step > 0 ? (travelled + step - distance) / step : 0) / 256 }
            travelled += step
            last = p
        }
        return 1
    }

    /// The position at fraction `f` of the duration.
    public func position(at f: Double) -> Point {
        let (s, u) = locate(f)
        return s.point(at: u)
    }

    /// The rotation (radians) `mode` gives the layer at fraction `f`.
    public func rotation(at f: Double, mode: RotationMode) -> Double {
        let (s, u) = locate(f)
        return s.tangent(at: u) + (mode == .autoReverse ? .pi : 0)
    }
}
