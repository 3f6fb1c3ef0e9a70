@testable import Codecs
import Foundation
import Raster
import GoldenTesting
import Testing

private let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().path + "/Fixtures"

@Suite struct PNGFastDecoderTests {
    /// A noisy opaque image, so libpng's adaptive filtering picks every filter type.
    private func noisy() -> Pixmap {
        var random = SeededGenerator(seed: 11)
        return frame(61, 37) { x, y in
            let smooth = UInt32((x * 4) & 0xFF) | UInt32((y * 6) & 0xFF) << 8 | UInt32((x + y) & 0xFF) << 16
            return x % 7 == 0 ? UInt32(random.below(1 << 24)) : smooth
        }
    }

    @Test func everyRowFilterDecodesToThePixelsLibpngWrote() throws {
        let image = noisy()
        let bytes = try PNG.encode(image, compression: .small)
        let decoded = try #require(PNGFastDecoder.decode(bytes))
        #expect(decoded == image)
    }

    @Test func paethRowsOfThreeAndFourBytesAPixelUndoAsThePredictorSays() {
        // Random rows filtered byte by byte with the Paeth predictor as the PNG specification
        // states it (p = a + b - c; the nearest of a, b, c to p, in that order on ties), undone.
        var random = SeededGenerator(seed: 5)
        for bpp in [3, 4] {
            let count = bpp * 41
            let above = (0..<count).map { _ in UInt8(random.below(256)) }
            let row = (0..<count).map { _ in UInt8(random.below(256)) }
            var filtered = row
            for i in 0..<count {
                let a = i >= bpp ? Int(row[i - bpp]) : 0, b = Int(above[i]), c = i >= bpp ? Int(above[i - bpp]) : 0
                let p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                filtered[i] = row[i] &- UInt8(pa <= pb && pa <= pc ? a : (pb <= pc ? b : c))
            }
            let undone = filtered.withUnsafeMutableBufferPointer { f in
                above.withUnsafeBufferPointer { up in
                    PNGFilter.undo(4, row: f.baseAddress!, previous: up.baseAddress!, count: count, bytesPerPixel: bpp)
                }
            }
            #expect(undone)
            #expect(filtered.indices.first { filtered[$0] != row[$0] } == nil, "\(bpp) bytes a pixel")
        }
    }

    @Test func rgbWithoutAlphaIsReadAsOpaqueRGBA() throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: fixtures + "/rgb8.png")))
        let decoded = try #require(PNGFastDecoder.decode(bytes))
        #expect(decoded.width == 5 && decoded.height == 3)
        #expect(decoded[3, 2] == (120, 200, 200, 255))
    }

    @Test(arguments: ["rgba8-interlaced.png", "palette4-trns.png", "gray8.png", "rgba16.png"])
    func formatsOutsideTheFastPathAreLeftToLibpng(file: String) throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: fixtures + "/" + file)))
        #expect(PNGFastDecoder.decode(bytes) == nil)
        _ = try PNG.decode(bytes)
    }

    @Test func truncatedAndCorruptedFilesThrowOrDecodeButNeverCrash() throws {
        let valid = try PNG.encode(noisy(), compression: .small)
        var random = SeededGenerator(seed: 3)
        for trial in 0..<300 {
            var bytes = valid
            if trial % 2 == 0 {
                bytes.removeLast(random.below(bytes.count))
            } else {
                for _ in 0...random.below(4) {
                    bytes[random.below(bytes.count)] = UInt8(random.below(256))
                }
            }
            do {
                let p = try PNG.decode(bytes, name: "fuzz.png")
                #expect(p.data.count == p.width * p.height * 4)
            } catch let error as CodecError {
                #expect(error.description.hasPrefix("fuzz.png: "))
            }
        }
    }
}
