import Foundation
import GoldenTesting
import Raster
import SVG
import Testing

/// Every file of `Corpus/` (one per feature and edge case of SVG 1.1 that popping-render
/// supports) rendered at its own size as `popping-render svg` renders it, against reviewed
/// goldens. bench/svg.sh compares the same files with rsvg-convert and Chromium.
@Suite struct CorpusGoldenTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Corpus").path

    static let names: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
        .filter { $0.hasSuffix(".svg") }.map { String($0.dropLast(4)) }.sorted()

    @Test func theCorpusIsThere() {
        #expect(Self.names.count >= 30)
    }

    @Test(arguments: CorpusGoldenTests.names)
    func fileRendersAsItsGolden(name: String) throws {
        let image = try VectorImage.load(path: "\(Self.folder)/\(name).svg")
        let pixmap = image.rendered(width: Int(image.size.width.rounded()), height: Int(image.size.height.rounded()))
        try assertGolden(pixmap, named: "corpus-\(name)", suite: "SVGTests")
    }
}
