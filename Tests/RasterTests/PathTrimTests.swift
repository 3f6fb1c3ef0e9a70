import Geometry
import Raster
import Testing

/// `Path.trimmed(from:to:)`: CAShapeLayer's strokeStart/strokeEnd as a cut of the path by length.
@Suite struct PathTrimTests {
    /// Two subpaths: a 100-point line, then a 100-point line.
    static let twoLines: Path = {
        var p = Path()
        p.move(to: Point(0, 0)); p.line(to: Point(100, 0))
        p.move(to: Point(0, 50)); p.line(to: Point(100, 50))
        return p
    }()

    @Test func fractionsCountTheLengthOfEverySubpathInOrder() {
        let cut = Self.twoLines.trimmed(from: 0.25, to: 0.75)
        #expect(cut.points == [Point(50, 0), Point(100, 0), Point(0, 50), Point(50, 50)])
        #expect(cut.verbs == [.move, .line, .move, .line])
    }

    @Test func theWholeRangeIsThePathItselfAndAnEmptyRangeIsEmpty() {
        #expect(Self.twoLines.trimmed(from: 0, to: 1) == Self.twoLines)
        #expect(Self.twoLines.trimmed(from: 0.6, to: 0.6).isEmpty)
        #expect(Self.twoLines.trimmed(from: 0.8, to: 0.2).isEmpty)
        #expect(Self.twoLines.trimmed(from: -3, to: 9) == Self.twoLines, "fractions are clamped")
    }

    @Test func aCutCircleIsOpenAndAsLongAsItsShare() {
        let circle = Path(circleCenter: Point(0, 0), radius: 10)
        let half = circle.trimmed(from: 0, to: 0.5, tolerance: 0.001)
        #expect(!half.verbs.contains(.close))
        var length = 0.0
        for (a, b) in zip(half.points, half.points.dropFirst()) { length += ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot() }
        #expect(abs(length - .pi * 10) < 0.01, "\(length)")
    }

    @Test func roundCapsShowAtTheCutEnd() {
        var line = Path()
        line.move(to: Point(0, 10)); line.line(to: Point(100, 10))
        let outline = line.trimmed(from: 0, to: 0.5).stroked(width: 8, cap: .round)
        let bounds = outline.bounds
        #expect(abs(bounds.maxX - 54) < 0.05 && abs(bounds.minX + 4) < 0.05, "caps reach 4 points past both ends: \(bounds)")
    }
}
