import Codecs
import Foundation
import Raster
import SceneFile
import SVG
import Testing

/// One pixel budget per render for decoded images: scene `image:` files and SVG `<image>`
/// files and data URLs draw on it together, sizes are checked from headers before decoding,
/// and an image used again is counted once.
@Suite struct DecodedPixelBudgetTests {
    private static func png(_ side: Int, shade: UInt8 = 0) -> [UInt8] {
        try! PNG.encode(Pixmap(width: side, height: side,
                               premultiplied: [UInt8](repeating: shade, count: side * side * 4)))
    }

    /// A PNG of only a signature and an IHDR chunk, declaring `width` × `height` (no image data).
    private static func headerOnly(width: Int, height: Int) -> [UInt8] {
        var real = png(1)
        for (i, value) in [width, height].enumerated() {
            for b in 0..<4 { real[16 + i * 4 + b] = UInt8(truncatingIfNeeded: value >> (24 - 8 * b)) }
        }
        return real
    }

    @Test func distinctImagesOverTheBudgetAreRefusedNamingTheImage() throws {
        let budget = DecodedPixelBudget(limit: 100)
        try DecodedPixelBudget.$current.withValue(budget) {
            _ = try ImageFile.decode(Self.png(8), name: "first")
            #expect(budget.spent == 64)
            #expect(throws: DecodedPixelBudget.Refusal(input: "second", width: 8, height: 8, spent: 64, limit: 100)) {
                try ImageFile.decode(Self.png(8, shade: 255), name: "second")
            }
        }
        #expect(budget.refusal?.input == "second")
        #expect(budget.refusal.map { "\($0)" }?.hasPrefix("second: 8×8 pixels would take the images decoded in this render to 128 pixels, over the budget of 100") == true)
    }

    @Test func theSameBytesDecodedAgainAreCountedOnce() throws {
        let budget = DecodedPixelBudget(limit: 100)
        try DecodedPixelBudget.$current.withValue(budget) {
            for _ in 0..<1000 { _ = try ImageFile.decode(Self.png(8), name: "again") }
        }
        #expect(budget.spent == 64 && budget.refusal == nil)
    }

    @Test func aHeaderClaimingMoreThanTheBudgetIsRefusedBeforeDecoding() throws {
        // 3000 × 3000 fits one image's limit but not this budget; the file holds no pixels at all,
        // so only the header can have been read.
        let budget = DecodedPixelBudget(limit: 1 << 20)
        DecodedPixelBudget.$current.withValue(budget) {
            #expect(throws: DecodedPixelBudget.Refusal(input: "claims", width: 3000, height: 3000, spent: 0, limit: 1 << 20)) {
                try ImageFile.decode(Self.headerOnly(width: 3000, height: 3000), name: "claims")
            }
            // 60000 × 60000 is over the single-image limit, which keeps its own error.
            #expect(throws: CodecError.tooManyPixels(input: "giant", width: 60000, height: 60000, limit: 1 << 20)) {
                try ImageFile.decode(Self.headerOnly(width: 60000, height: 60000), name: "giant")
            }
        }
        #expect(budget.spent == 0)
    }

    @Test func anSVGsDataURLImagesShareTheBudgetAndItsRefusalIsAnError() throws {
        func image(_ bytes: [UInt8]) -> String {
            "<image width='8' height='8' href='data:image/png;base64,\(Data(bytes).base64EncodedString())'/>"
        }
        let svg = "<svg xmlns='http://www.w3.org/2000/svg' width='8' height='8'>"
            + image(Self.png(8)) + image(Self.png(8)) + image(Self.png(8, shade: 255)) + "</svg>"
        let budget = DecodedPixelBudget(limit: 100)
        #expect(throws: DecodedPixelBudget.Refusal(input: "the image data", width: 8, height: 8, spent: 64, limit: 100)) {
            try DecodedPixelBudget.$current.withValue(budget) { try VectorImage.parse(text: svg, name: "three.svg") }
        }
        // Without the third (distinct) image, the repeated one fits.
        let twice = "<svg xmlns='http://www.w3.org/2000/svg' width='8' height='8'>" + image(Self.png(8)) + image(Self.png(8)) + "</svg>"
        try DecodedPixelBudget.$current.withValue(DecodedPixelBudget(limit: 100)) {
            _ = try VectorImage.parse(text: twice, name: "twice.svg")
        }
    }

    @Test func aScenesImageFilesAndItsSVGsImagesDrawOnOneBudget() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pixel-budget-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(Self.png(8)).write(to: folder.appendingPathComponent("a.png"))
        let svg = "<svg xmlns='http://www.w3.org/2000/svg' width='8' height='8'><image width='8' height='8' href='b.png'/></svg>"
        try Data(Self.png(8, shade: 255)).write(to: folder.appendingPathComponent("b.png"))
        try Data(svg.utf8).write(to: folder.appendingPathComponent("b.svg"))
        let yaml = """
            views:
              - {imageView: a1, image: a.png, frame: [0, 0, 8, 8]}
              - {imageView: a2, image: a.png, frame: [8, 0, 8, 8]}
              - {imageView: b, image: b.svg, frame: [16, 0, 8, 8]}
            """
        let problems = DecodedPixelBudget.$current.withValue(DecodedPixelBudget(limit: 100)) {
            SceneFile.problems(in: Array(yaml.utf8), file: "t.yaml", folder: folder).map(\.description)
        }
        #expect(problems.count == 1 && problems.first?.contains("b.png: 8×8 pixels would take the images decoded in this render to 128 pixels") == true,
                "\(problems)")
        let fits = DecodedPixelBudget.$current.withValue(DecodedPixelBudget(limit: 128)) {
            SceneFile.problems(in: Array(yaml.utf8), file: "t.yaml", folder: folder).map(\.description)
        }
        #expect(fits.isEmpty, "\(fits)")
    }
}
