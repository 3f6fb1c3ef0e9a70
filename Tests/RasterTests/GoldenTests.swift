import GoldenTesting
import Raster
import Testing

/// Each golden scene at screen scales 1, 2 and 3 must match its reviewed PNG byte for byte
/// (record with `make goldens`, i.e. RECORD_GOLDENS=1).
@Suite struct GoldenTests {
    private static let scenes: [(String, (Int) -> Pixmap)] = [
        ("rrects", GoldenScenes.roundedRects), ("ellipses", GoldenScenes.ellipses), ("beziers", GoldenScenes.beziers),
        ("translucency", GoldenScenes.translucency), ("images", GoldenScenes.images),
        ("clipping", GoldenScenes.clipping), ("strokes", GoldenScenes.strokes),
    ]

    @Test(arguments: [1, 2, 3])
    func scenesMatchTheirGoldens(scale: Int) throws {
        for (name, draw) in GoldenTests.scenes {
            try assertGolden(draw(scale), named: "\(name)@\(scale)x", suite: "RasterTests")
        }
    }
}
