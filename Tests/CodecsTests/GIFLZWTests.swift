@testable import Codecs
import GoldenTesting
import Testing

@Suite struct GIFLZWTests {
    @Test func fourEqualIndicesGiveTheHandComputedStream() {
        // Codes clear (4), 0, 6 = "00", 0 at 3 bits; the decoder then holds code 7 and widens,
        // so EOI (5) goes out at 4 bits. Packed least significant bit first: 0x84, 0x51.
        #expect(GIFLZW.encode([0, 0, 0, 0], minCodeSize: 2) == [0x84, 0x51])
    }

    @Test(arguments: 2...8)
    func randomIndicesRoundTripAtEveryMinimumCodeSize(minCodeSize: Int) throws {
        var random = SeededGenerator(seed: UInt64(minCodeSize))
        let indices = (0..<20_000).map { _ in UInt8(random.below(1 << minCodeSize)) }
        let stream = GIFLZW.encode(indices, minCodeSize: minCodeSize)
        #expect(try GIFTestDecoder.lzwDecode(stream, minCodeSize: minCodeSize, pixelCount: indices.count) == indices)
    }

    @Test func longStreamsWidenToTwelveBitsAndClearWhenTheTableIsFull() throws {
        var random = SeededGenerator(seed: 7)
        let indices = (0..<200_000).map { _ in UInt8(random.below(256)) }
        let decoded = try GIFTestDecoder.lzwStream(GIFLZW.encode(indices, minCodeSize: 8), minCodeSize: 8,
                                                   pixelCount: indices.count)
        #expect(decoded.indices == indices)
        #expect(decoded.widestCode == 12)
        #expect(decoded.clears > 10)
    }

    @Test func everyLengthRoundTripsSoTheEndCodeWidthIsRightAtEachBoundary() throws {
        // Lengths 1...700 put the final code and EOI on both sides of every width change
        // (3 → 12 bits), for runs (few codes) and for varied data (many codes).
        for n in 1...700 {
            let varied: [UInt8] = (0..<n).map { i -> UInt8 in UInt8((i * 7 + i / 3) % 4) }
            let run = [UInt8](repeating: 1, count: n)
            for indices in [varied, run] {
                let stream = GIFLZW.encode(indices, minCodeSize: 2)
                let decoded = try GIFTestDecoder.lzwDecode(stream, minCodeSize: 2, pixelCount: n)
                #expect(decoded == indices, "length \(n)")
            }
        }
    }

    @Test func aLongRunCompressesToAFewHundredBytes() throws {
        let indices = [UInt8](repeating: 3, count: 100_000)
        let stream = GIFLZW.encode(indices, minCodeSize: 2)
        #expect(stream.count < 1000)
        #expect(try GIFTestDecoder.lzwDecode(stream, minCodeSize: 2, pixelCount: indices.count) == indices)
    }
}
