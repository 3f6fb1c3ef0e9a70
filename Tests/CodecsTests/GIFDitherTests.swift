@testable import Codecs
import Foundation
import GoldenTesting
import Raster
import Testing

/// A 96 × 64 gradient with more shades than a 64-colour palette holds.
func gradient(shift: Int = 0) -> Pixmap {
    frame(96, 64) { x, y in UInt32(40 + x * 2) | UInt32(60 + y * 2 + shift) << 8 | UInt32(200 - x) << 16 }
}

/// Mean of each 8 × 8 block's colour sum: what the eye (or a small blur) sees of a dither.
private func blockMeans(_ screen: [UInt32], width: Int) -> [Int] {
    var out: [Int] = []
    for by in stride(from: 0, to: screen.count / width, by: 8) {
        for bx in stride(from: 0, to: width, by: 8) {
            var sum = 0
            for y in by..<by + 8 { for x in bx..<bx + 8 {
                let c = screen[y * width + x]
                sum += Int(c & 0xFF) + Int((c >> 8) & 0xFF) + Int((c >> 16) & 0xFF)
            } }
            out.append(sum)
        }
    }
    return out
}

@Suite struct GIFDitherTests {
    @Test func aDitheredGradientAveragesCloserToTheSource() throws {
        // Two frames so the second (a 32-colour local palette at quality 25) is quantised coarsely.
        let frames = [frame(96, 64) { _, _ in 0 }, gradient()]
        func error(dither: Bool) throws -> Int {
            let gif = try GIFTestDecoder.decode(try encodeGIF(frames, options: GIFOptions(quality: 25, dither: dither)))
            let shown = blockMeans(gif.frames[1].screen, width: 96), source = blockMeans(screen(of: frames[1]), width: 96)
            return zip(shown, source).reduce(0) { $0 + abs($1.0 - $1.1) }
        }
        #expect(try error(dither: true) * 2 < error(dither: false))
    }

    @Test func uiFramesAreNotDithered() throws {
        let frames = cardAnimation()
        #expect(try encodeGIF(frames, options: GIFOptions(quality: 50, dither: true))
                == encodeGIF(frames, options: GIFOptions(quality: 50, dither: false)))
    }

    @Test func theDitherPatternIsFixedToTheCanvas() throws {
        // The same gradient under a moving dot: pixels away from the dot get the same index in
        // every frame, so nothing shimmers even where a frame is re-encoded.
        let frames = (0..<3).map { t -> Pixmap in
            var p = gradient()
            p.data.replaceSubrange(4 * (30 * 96 + 10 + 20 * t)..<4 * (30 * 96 + 10 + 20 * t) + 4, with: [255, 0, 0, 255])
            return p
        }
        let gif = try GIFTestDecoder.decode(try encodeGIF(frames, options: GIFOptions(quality: 100)))
        let away = (0..<96 * 64).filter { $0 / 96 != 30 }
        for f in gif.frames.dropFirst() { #expect(away.allSatisfy { f.screen[$0] == gif.frames[0].screen[$0] }) }
    }
}

@Suite struct GIFLossyTests {
    @Test func lossyLZWIsSmallerAndKeepsEveryPixelWithinItsBound() throws {
        let frames = [frame(96, 64) { _, _ in 0 }, gradient()]
        let exact = try encodeGIF(frames, options: GIFOptions(quality: 100, dither: false))
        let lossy = try encodeGIF(frames, options: GIFOptions(quality: 100, dither: false, lossy: 40))
        #expect(lossy.count < exact.count)
        let a = try GIFTestDecoder.decode(exact).frames[1].screen, b = try GIFTestDecoder.decode(lossy).frames[1].screen
        // Each substitution moves a pixel by at most lossy / 2 from the palette colour it had.
        #expect(zip(a, b).allSatisfy { RGB($0.0 & 0xFFFFFF).distance(to: RGB($0.1 & 0xFFFFFF)) <= 20 * 20 })
        #expect(a != b)
    }

    @Test func lossyOutOfRangeIsRejected() throws {
        #expect(throws: GIFError.self) { try GIFOptions(lossy: 201).validate() }
    }
}
