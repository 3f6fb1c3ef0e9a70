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

/// A slow ramp as wide as a phone screen at 2x: each of its 128 shades covers 4 columns of 64
/// rows (256 pixels, as many as a fill), so a palette that keeps the widest colours exactly
/// leaves the rest of the ramp in wide bands.
func slowRamp(lift: Int = 0) -> Pixmap {
    frame(512, 64) { x, _ in
        let v = UInt32(60 + lift + x / 4)
        return v | (v / 2 + 40) << 8 | (200 - v / 2) << 16
    }
}

@Suite struct GIFDitherTests {
    @Test func aSlowGradientIsDitheredAtTheDefaultQuality() throws {
        let frames = [frame(512, 64) { _, _ in 0 }, slowRamp()]
        func error(dither: Bool) throws -> Int {
            let gif = try GIFTestDecoder.decode(try encodeGIF(frames, options: GIFOptions(quality: 50, dither: dither)))
            let shown = blockMeans(gif.frames[1].screen, width: 512), source = blockMeans(screen(of: frames[1]), width: 512)
            return zip(shown, source).reduce(0) { $0 + abs($1.0 - $1.1) }
        }
        // Undithered, the palette would keep 31 of the shades exactly and band the rest.
        #expect(try error(dither: true) * 4 < error(dither: false) * 3)
    }

    @Test func aSettlingGradientKeepsItsPaletteSoPixelsThatKeepTheirIndexStayTransparent() throws {
        // The left three quarters of the third frame (96 shades, more than the 32 colours of
        // quality 25 hold) are 3 levels lighter, beyond its tolerance of 2, so all of them
        // changed; under the second frame's palette, where shades are about 4 levels apart, many
        // keep their index.
        let lifted = frame(512, 64) { x, _ in
            let v = UInt32(60 + x / 4 + (x < 384 ? 3 : 0))
            return v | (v / 2 + 40) << 8 | (200 - v / 2) << 16
        }
        let frames = [frame(512, 64) { _, _ in 0 }, slowRamp(), lifted]
        let gif = try GIFTestDecoder.decode(try encodeGIF(frames, options: GIFOptions(quality: 25)))
        let third = gif.frames[2]
        #expect(third.rect.x == 0 && third.rect.width == 384)
        #expect(third.indices.filter { Int($0) == third.transparentIndex }.count > 384 * 64 / 16)
        // What is on screen is still the new ramp, dithered: 8 × 8 block means within 3 levels.
        let shown = blockMeans(third.screen, width: 512), source = blockMeans(screen(of: lifted), width: 512)
        #expect(zip(shown, source).allSatisfy { abs($0.0 - $0.1) <= 3 * 64 * 3 })
    }

    @Test func flatFramesAreNotTakenForGradients() throws {
        // 40 fills of 256 pixels each are more than half of a 64-colour palette, but fewer than
        // it holds: exact, so undithered.
        let fills = frame(512, 64) { x, _ in UInt32(x / 13) * 0x050403 }
        let frames = [frame(512, 64) { _, _ in 0 }, fills]
        let gif = try GIFTestDecoder.decode(try encodeGIF(frames, options: GIFOptions(quality: 50)))
        #expect(gif.frames[1].screen == screen(of: fills))
    }

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
