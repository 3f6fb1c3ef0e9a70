import CRasterKernels
import Geometry
@testable import Raster
import Testing

/// Blends runs one pixel at a time with `Blend`'s scalar arithmetic, and has no `solidTarget`,
/// so the generic sweep feeds it: the reference the SIMD sweep is held to.
private struct RunBlender: SpanSink {
    let pixels: UnsafeMutablePointer<UInt32>
    let pixelsPerRow: Int
    let color: UInt32

    mutating func blit(x: Int, y: Int, count: Int, alpha: Int) {
        let source = Blend.scale(color, by: UInt32(alpha))
        for i in 0..<count {
            let pixel = pixels + y * pixelsPerRow + x + i
            pixel.pointee = Blend.sourceOver(source, pixel.pointee)
        }
    }
}

@Suite struct SweepTests {
    /// Paths that cross band and block boundaries, overlap themselves, reach past every side of
    /// the image and end in its last columns, where a block of 4 pixels would run off the row.
    private static let paths: [Path] = {
        var loop = Path()
        loop.move(to: Point(4, 3))
        loop.cubic(to: Point(58, 37), control1: Point(90, -20), control2: Point(-15, 70))
        loop.cubic(to: Point(2, 30), control1: Point(40, 20), control2: Point(70, 5))
        loop.close()
        var star = Path()
        star.move(to: Point(30.3, -5.2))
        for point in [Point(52.6, 45.1), Point(-3.4, 16.7), Point(66.1, 14.3), Point(8.8, 41.9)] {
            star.line(to: point)
        }
        star.close()
        return [loop, star, Path(circleCenter: Point(55.5, 20.25), radius: 9.3),
                Path(roundedRect: Rect(0.3, 0.7, 60.6, 38.9), cornerRadius: 6.5), Path(rect: Rect(59.2, 3.5, 1.7, 30))]
    }()

    @Test func everySIMDLevelSweepsSolidFillsLikeBlendingEachRun() {
        let width = 61, height = 40
        let background = patternImage(width: width, height: height)
        let words = background.withWords { Array(UnsafeBufferPointer(start: $0, count: width * height)) }
        let limit = PixelRect(width: width, height: height)
        for colour: UInt32 in [0x8040_2010, 0xFF10_80F0, 0x0301_0203] {
            for path in Self.paths {
                for rule in [FillRule.nonZero, .evenOdd] {
                    var expected = words
                    let reference = Rasterizer()
                    _ = reference.load(path, transform: .identity, within: limit)
                    expected.withUnsafeMutableBufferPointer { pixels in
                        var sink = RunBlender(pixels: pixels.baseAddress!, pixelsPerRow: width, color: colour)
                        reference.fill(rule: rule, into: &sink)
                    }
                    for level in 0...pr_raster_simd_level() {
                        for bandCells in [CellAccumulator.defaultBandCells, 100] {
                            var swept = words
                            let rasterizer = Rasterizer(bandCells: bandCells, simdLevel: level)
                            _ = rasterizer.load(path, transform: .identity, within: limit)
                            swept.withUnsafeMutableBufferPointer { pixels in
                                var sink = SolidBlitter(pixels: pixels.baseAddress!, pixelsPerRow: width, color: colour, clip: nil)
                                rasterizer.fill(rule: rule, into: &sink)
                            }
                            let differing = swept.indices.first { swept[$0] != expected[$0] }
                            #expect(differing == nil, "level \(level), \(rule), colour \(colour), \(bandCells) cells per band")
                        }
                    }
                }
            }
        }
    }
}
