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

    @Test func aGradientFrameGetsAFullTableAtTheDefaultQualityButUIFramesDoNot() throws {
        // 256 shades of 256 pixels each (a slow ramp across 1024 columns): at the default quality
        // a gradient frame gets up to 256 colours, so this one is exact; one step below it gets
        // the 64 colours UI frames get at the default, and only its dither approximates the ramp.
        let ramp = frame(1024, 64) { x, _ in
            let v = UInt32(x / 4)
            return v | (v / 2 + 40) << 8 | (200 - v / 2) << 16
        }
        let frames = [frame(1024, 64) { _, _ in 0 }, ramp]
        let atDefault = try GIFTestDecoder.decode(try encodeGIF(frames, options: GIFOptions()))
        let below = try GIFTestDecoder.decode(try encodeGIF(frames, options: GIFOptions(quality: 49)))
        #expect(atDefault.frames[1].screen == screen(of: ramp))
        #expect(below.frames[1].screen != screen(of: ramp))
        #expect(GIFOptions().gradientColours == 256 && GIFOptions().maxColours == 64)
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

    /// By default dithered pixels may take a nearby colour that continues an LZW string; an
    /// explicit 0 writes the 2 × 2 ordered pattern exactly, so each column of the ramp's shades
    /// repeats every two rows. (Quality 25, whose 32 colours the ramp's 128 shades exceed: from
    /// the default up a gradient frame gets 256, which hold them exactly.)
    @Test func lossyZeroWritesTheDitherPatternExactly() throws {
        let frames = [frame(512, 64) { _, _ in 0 }, slowRamp()]
        let exact = try encodeGIF(frames, options: GIFOptions(quality: 25, lossy: 0))
        let byDefault = try encodeGIF(frames, options: GIFOptions(quality: 25))
        #expect(byDefault.count < exact.count)
        func periodic(_ gif: [UInt8]) throws -> Bool {
            let shown = try GIFTestDecoder.decode(gif).frames[1].screen
            return (0..<512 * 62).allSatisfy { shown[$0] == shown[$0 + 2 * 512] }
        }
        #expect(try periodic(exact))
        #expect(try !periodic(byDefault))
    }

    @Test func lossyOutOfRangeIsRejected() throws {
        #expect(throws: GIFError.self) { try GIFOptions(lossy: 201).validate() }
    }
}

@Suite struct GIFDiffusedMatchTests {
    /// 16 greys 8 levels apart, a horizontal ramp between them, and every 8th column an exact
    /// palette grey that must not change.
    private func rampCase() -> (indices: [UInt8], match: GIFDiffusedMatch, palette: [RGB]) {
        let width = 64, height = 32
        let palette = (0..<16).map { RGB(r: 8 * $0, g: 8 * $0, b: 8 * $0) }
        var indices: [UInt8] = [], target: [UInt32] = [], tolerance: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                if x % 8 == 0 {
                    indices.append(UInt8(x / 8))
                    target.append(0)
                    tolerance.append(GIFDiffusedMatch.notFree)
                } else {
                    let v = x * 120 / 63
                    // The nearest grey, dithered by a checkerboard between its two neighbours.
                    indices.append(UInt8(min(15, (v + 4 * ((x + y) & 1)) / 8)))
                    target.append(UInt32(v) * 0x010101)
                    tolerance.append(8)
                }
            }
        }
        let match = GIFDiffusedMatch(target: target, palette: palette, width: width, tolerance: tolerance)
        return (indices, match, palette)
    }

    @Test func diffusedMatchingIsSmallerLeavesFixedPixelsAndKeepsTheLocalMean() throws {
        let (indices, match, palette) = rampCase()
        let exact = GIFLZW.encode(indices, minCodeSize: 4)
        let lossy = GIFLZW.encode(indices, minCodeSize: 4, diffused: match)
        #expect(lossy.count < exact.count)
        let decoded = try GIFTestDecoder.lzwDecode(lossy, minCodeSize: 4, pixelCount: indices.count)
        #expect(decoded != indices)
        for i in indices.indices where !match.isFree(i) { #expect(decoded[i] == indices[i]) }
        // What a small blur sees: each 4 × 4 block's mean stays within 2 levels of the ramp's.
        for by in stride(from: 0, to: 32, by: 4) {
            for bx in stride(from: 0, to: 64, by: 4) {
                var shown = 0, wanted = 0
                for y in by..<by + 4 { for x in bx..<bx + 4 {
                    let i = y * 64 + x
                    shown += Int(palette[Int(decoded[i])].r)
                    wanted += match.isFree(i) ? Int(match.target[i] & 0xFF) : Int(palette[Int(indices[i])].r)
                } }
                #expect(abs(shown - wanted) <= 2 * 16, "block \(bx), \(by)")
            }
        }
    }

    @Test func substitutedPixelsKeepTheRowsRunErrorWithinItsTolerance() throws {
        // Wide latitude, so that only the run error stops a string from drawing a row off one way.
        let (indices, ramp, palette) = rampCase()
        let match = GIFDiffusedMatch(target: ramp.target, palette: palette, width: ramp.width,
                                     tolerance: ramp.tolerance.map { $0 == GIFDiffusedMatch.notFree ? $0 : 40 })
        let lossy = GIFLZW.encode(indices, minCodeSize: 4, diffused: match)
        let decoded = try GIFTestDecoder.lzwDecode(lossy, minCodeSize: 4, pixelCount: indices.count)
        let limit = DiffusedError.runTolerance * DiffusedError.unit
        var substituted = 0
        for y in 0..<32 {
            var run = 0
            for x in 0..<64 {
                let i = y * 64 + x
                guard match.isFree(i) else { run = 0; continue }
                run = run * DiffusedError.runDecay / 256
                    + DiffusedError.unit * (Int(palette[Int(decoded[i])].r) - Int(match.target[i] & 0xFF))
                if decoded[i] != indices[i] {
                    substituted += 1
                    #expect(abs(run) * 1732 <= limit * 1000, "pixel \(x), \(y)")
                }
            }
        }
        #expect(substituted > 0)
    }

    @Test func pixelsGetLatitudeForHowFarTheyMovedButExactColoursNone() {
        // Two colours the palette lacks and one it holds, in a later frame: latitude 1.5 times
        // the change, at most `maxMovingTolerance`; the exact colour is never free.
        let palette = GIFPalette(colours: [0x000000, 0x808080])
        let pixels: [UInt32] = [0x101010, 0x202020, 0x808080, 0x303030]
        let later = GIFFramePixels(rect: GIFRect(x: 0, y: 0, width: 4, height: 1), pixels: pixels,
                                   hasUnchanged: false, change: [2, 10, 90, 90])
        let match = GIFFrameEncoder.diffusedMatch(later, indices: [0, 0, 1, 1], palette: palette, transparentIndex: nil)
        let fixed = GIFDiffusedMatch.notFree
        #expect(match.tolerance == [3, 15, fixed, UInt8(GIFFrameEncoder.maxMovingTolerance)])
        #expect(!match.isFree(2))
        // A first frame stays on screen: the same small latitude everywhere.
        let first = GIFFramePixels(rect: later.rect, pixels: pixels, hasUnchanged: false)
        let settled = GIFFrameEncoder.diffusedMatch(first, indices: [0, 0, 1, 1], palette: palette, transparentIndex: nil)
        let s = GIFFrameEncoder.settledTolerance
        #expect(settled.tolerance == [s, s, fixed, s])
    }

    @Test func pixelsTheNextFrameDrawsAgainGetAtLeastTheRedrawnLatitude() {
        let palette = GIFPalette(colours: [0x000000, 0x808080])
        let pixels: [UInt32] = [0x101010, 0x202020, 0x808080, 0x303030]
        let rect = GIFRect(x: 5, y: 7, width: 4, height: 1)
        // The next frame covers columns 4...7 of row 7: it draws the first two pixels again,
        // leaves the third (an exact colour, never free) unchanged, and does not reach the
        // fourth (column 8), which keeps a first frame's settled latitude.
        let next = GIFFramePixels(rect: GIFRect(x: 4, y: 7, width: 4, height: 1),
                                  pixels: [0x111111, 0x121212, 0x222222, 0x808080 | GIFFramePixels.unchangedFlag],
                                  hasUnchanged: true)
        let r = UInt8(GIFFrameEncoder.redrawnTolerance), s = GIFFrameEncoder.settledTolerance
        let first = GIFFramePixels(rect: rect, pixels: pixels, hasUnchanged: false)
        let settled = GIFFrameEncoder.diffusedMatch(first, indices: [0, 0, 1, 1], palette: palette, transparentIndex: nil,
                                                    redrawnBy: .frame(next))
        #expect(settled.tolerance == [r, r, GIFDiffusedMatch.notFree, s])
        let later = GIFFramePixels(rect: rect, pixels: pixels, hasUnchanged: false, change: [2, 10, 90, 90])
        let moving = GIFFrameEncoder.diffusedMatch(later, indices: [0, 0, 1, 1], palette: palette, transparentIndex: nil,
                                                   redrawnBy: .frame(next))
        #expect(moving.tolerance == [r, 15, GIFDiffusedMatch.notFree, UInt8(GIFFrameEncoder.maxMovingTolerance)])
    }

    @Test func pixelsGetTheRedrawnLatitudeExactlyWhereTheNextFrameDrawsThemWhereverItLies() {
        // A 6 × 4 frame of a colour the palette lacks, and next frames above, beside, across,
        // inside and beyond it, every third of their pixels left unchanged: a pixel gets the
        // redrawn latitude exactly where GIFNextFrame.redraws says the next frame draws it.
        let palette = GIFPalette(colours: [0x000000, 0x808080])
        let rect = GIFRect(x: 10, y: 20, width: 6, height: 4)
        let frame = GIFFramePixels(rect: rect, pixels: [UInt32](repeating: 0x101010, count: 24), hasUnchanged: false,
                                   change: [UInt8](repeating: 2, count: 24))
        var nexts: [GIFNextFrame] = [.nothing, .everything]
        for (x, y, w, h) in [(8, 18, 4, 3), (13, 21, 9, 9), (16, 20, 3, 4), (0, 0, 5, 5), (10, 20, 6, 4), (11, 19, 2, 8),
                             (30, 21, 4, 2), (0, 22, 9, 1)] {
            let pixels = (0..<w * h).map { $0 % 3 == 0 ? 0x202020 | GIFFramePixels.unchangedFlag : UInt32(0x202020) }
            nexts.append(.frame(GIFFramePixels(rect: GIFRect(x: x, y: y, width: w, height: h), pixels: pixels,
                                               hasUnchanged: true)))
        }
        for (n, next) in nexts.enumerated() {
            let match = GIFFrameEncoder.diffusedMatch(frame, indices: [UInt8](repeating: 0, count: 24), palette: palette,
                                                      transparentIndex: nil, redrawnBy: next)
            for i in 0..<24 {
                let redrawn = next.redraws(x: rect.x + i % 6, y: rect.y + i / 6)
                #expect(match.tolerance[i] == (redrawn ? UInt8(GIFFrameEncoder.redrawnTolerance) : 3), "next \(n), pixel \(i)")
            }
        }
    }

    @Test func theLastFrameOfAGIFThatLoopsForeverGetsTheLatitudeOfARedrawnFrame() throws {
        // Three moving gradients: in a GIF that loops forever the first frame is drawn over the
        // last, so its dithered pixels get the redrawn latitude; one that stops on it, or loops a
        // number of times and then stops, keeps it nearly exact. The frames before are the same.
        let frames = [gradient(), gradient(shift: 6), gradient(shift: 12)]
        let foreverBytes = try encodeGIF(frames, options: GIFOptions(loopCount: 0))
        let twiceBytes = try encodeGIF(frames, options: GIFOptions(loopCount: 1))
        let forever = try GIFTestDecoder.decode(foreverBytes), twice = try GIFTestDecoder.decode(twiceBytes)
        let once = try GIFTestDecoder.decode(try encodeGIF(frames, options: GIFOptions(loopCount: nil)))
        // The same loop block, one byte of count apart: the last frame is smaller.
        #expect(foreverBytes.count < twiceBytes.count)
        #expect(forever.frames.count == 3 && once.frames.count == 3 && twice.frames.count == 3)
        func differing(_ a: DecodedGIF.Frame, _ b: DecodedGIF.Frame) -> Int {
            a.indices.count == b.indices.count ? zip(a.indices, b.indices).filter { $0 != $1 }.count : -1
        }
        for k in 0..<2 { #expect(differing(forever.frames[k], once.frames[k]) == 0) }
        #expect(differing(twice.frames[2], once.frames[2]) == 0)
        #expect(differing(forever.frames[2], once.frames[2]) > 0)
        // Still the gradient to a small blur: 8 × 8 block means within 3 levels.
        let shown = blockMeans(forever.frames[2].screen, width: 96), source = blockMeans(screen(of: frames[2]), width: 96)
        #expect(zip(shown, source).allSatisfy { abs($0.0 - $0.1) <= 3 * 64 * 3 })
    }

    @Test func aPaletteIsCarriedOverOnlyWhereEnoughPixelsKeepTheirIndex() {
        // Under a palette of three greys, pixels that were 0x101010 (entry 0) keep their entry
        // at 0x141414 and lose it at 0x787878 (entry 2).
        let nearest = NearestColour([RGB(0x000000), RGB(0x404040), RGB(0x808080)])
        let rect = GIFRect(x: 0, y: 0, width: 20, height: 1)
        let before = [UInt32](repeating: 0x101010 | GIFFramePixels.carriedFlag, count: 20)
        func keeps(movedFar: Int) -> Bool {
            let pixels = (0..<20).map { $0 < movedFar ? UInt32(0x787878) : 0x141414 }
            let frame = GIFFramePixels(rect: rect, pixels: pixels, hasUnchanged: false)
            let histogram = GIFHistogram(pixels: pixels)
            let index = histogram.colours.map { UInt8(nearest.nearest(RGB($0))) }
            return GIFFrameEncoder.keepsEnoughIndices(frame, before: before, histogram: histogram, index: index,
                                                      under: nearest)
        }
        // Every fifth pixel is looked at: 0, 5, 10, 15.
        #expect(keeps(movedFar: 0))
        #expect(keeps(movedFar: 15))
        #expect(!keeps(movedFar: 16))
        #expect(GIFFrameEncoder.minimumKeptShare == 0.2)
    }

    @Test func aFrameRedrawsTheCanvasPixelsItChangesOnly() {
        let frame = GIFFramePixels(rect: GIFRect(x: 2, y: 3, width: 2, height: 2),
                                   pixels: [1, GIFFramePixels.unchangedFlag | 1, GIFFramePixels.clearFlag, 0],
                                   hasUnchanged: true)
        #expect(frame.redraws(x: 2, y: 3))
        #expect(!frame.redraws(x: 3, y: 3))
        #expect(!frame.redraws(x: 2, y: 4))
        #expect(frame.redraws(x: 3, y: 4))
        #expect(!frame.redraws(x: 1, y: 3) && !frame.redraws(x: 4, y: 4) && !frame.redraws(x: 2, y: 5))
    }

    @Test func aDitheredFrameKeepsItsExactColoursExact() throws {
        // A gradient with a 20 × 20 UI fill on it: the fill is kept exactly in the palette, so
        // neither dithering nor lossy matching may touch it.
        let fill: UInt32 = 0xCC6633
        let picture = frame(96, 64) { x, y in
            (30..<50).contains(x) && (20..<40).contains(y) ? fill
                : UInt32(40 + x * 2) | UInt32(60 + y * 2) << 8 | UInt32(200 - x) << 16
        }
        let gif = try GIFTestDecoder.decode(try encodeGIF([picture], options: GIFOptions(quality: 50)))
        let shown = gif.frames[0].screen
        for y in 20..<40 { for x in 30..<50 { #expect(shown[y * 96 + x] & 0xFFFFFF == fill) } }
        #expect(shown != screen(of: picture))
    }

    @Test func aGlowsBrightestPeakAndTheGradientsDarkestEndAreShownWithinTwoLevels() throws {
        // A 512-column ramp (256 shades of 512 pixels: a gradient) under a small bright glow whose
        // shades cover a few pixels each; in the second frame the glow moves down and the ramp
        // turns by 64 columns (its shades wrap round), so both frames are whole gradients with the
        // same extremes. Median-cut means alone merge the peak into an entry 8 levels duller; the
        // palette keeps the extremes where it would draw them more than 2 levels off (luma ×10,000).
        func glow(_ cy: Int, turn: Int) -> Pixmap {
            frame(512, 256) { x, y in
                let d2 = (x - 256) * (x - 256) + (y - cy) * (y - cy)
                let a = max(0, 1600 - d2)  // of 1600, a cone 40 pixels wide
                let r = (x + turn) % 512
                func mixed(_ base: Int, _ top: Int) -> UInt32 { UInt32((base * (1600 - a) + top * a) / 1600) }
                return mixed(r / 2, 255) | mixed(40 + r / 8, 240) << 8 | mixed(200 - r / 4, 200) << 16
            }
        }
        func luma(_ c: UInt32) -> Int { 2126 * Int(c & 0xFF) + 7152 * Int((c >> 8) & 0xFF) + 722 * Int((c >> 16) & 0xFF) }
        let frames = [glow(100, turn: 0), glow(140, turn: 64)]
        let gif = try GIFTestDecoder.decode(try encodeGIF(frames, options: GIFOptions()))
        for (shown, source) in zip(gif.frames.map(\.screen), frames.map(screen(of:))) {
            #expect(try abs(#require(shown.map(luma).max()) - #require(source.map(luma).max())) <= 2 * 10_000)
            #expect(try abs(#require(shown.map(luma).min()) - #require(source.map(luma).min())) <= 2 * 10_000)
        }
    }
}
