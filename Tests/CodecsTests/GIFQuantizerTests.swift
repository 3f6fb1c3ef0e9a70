@testable import Codecs
import GoldenTesting
import Testing

@Suite struct GIFQuantizerTests {
    /// Ten flat fills covering thousands of pixels each, plus 400 edge shades of a few pixels.
    private func uiHistogram() -> GIFHistogram {
        var h = GIFHistogram()
        for i in 0..<10 { h.add(UInt32(i * 25) | UInt32(255 - i * 20) << 8 | 0x80_0000, count: 5000 + i) }
        var random = SeededGenerator(seed: 5)
        for _ in 0..<400 { h.add(UInt32(random.below(1 << 24)), count: 1 + random.below(5)) }
        return h
    }

    @Test func fewColoursGetAnExactPaletteOrderedByCount() {
        var h = GIFHistogram()
        h.add(0x0000FF, count: 3)
        h.add(0xFFFFFF, count: 90)
        h.add(0x00FF00, count: 7)
        let (colours, index) = GIFQuantizer.palette(for: h, capacity: 255)
        #expect(colours == [0xFFFFFF, 0x00FF00, 0x0000FF])
        #expect(index == [2, 0, 1])
    }

    @Test func flatFillsKeepExactEntriesWhenThePaletteIsTooSmall() {
        let h = uiHistogram()
        let (colours, index) = GIFQuantizer.palette(for: h, capacity: 63)
        #expect(colours.count == 63)
        for e in 0..<10 { #expect(colours[Int(index[e])] == h.colours[e]) }
    }

    @Test func nearestColourSearchFindsWhatComparingEveryEntryFindsWithOrWithoutAHint() {
        // Pseudo-random palettes with repeated entries (ties go to the lower index) and queries
        // all over the cube, against a brute-force search; any hint (a tie, a far entry) gives
        // the same answer.
        var seed: UInt32 = 12345
        func next() -> Int32 {
            seed = seed &* 1_103_515_245 &+ 12345
            return Int32((seed >> 16) & 0xFF)
        }
        for size in [1, 2, 7, 64, 256] {
            var palette = (0..<size).map { _ in RGB(r: Int(next()), g: Int(next() / 4), b: Int(next() / 2)) }
            if size > 2 { palette[size - 1] = palette[0] }
            let search = NearestColour(palette)
            for _ in 0..<500 {
                let c = RGB(r: Int(next()), g: Int(next()), b: Int(next()))
                let brute = palette.indices.min { (palette[$0].distance(to: c), $0) < (palette[$1].distance(to: c), $1) }!
                #expect(search.nearest(c) == brute)
                let hint = Int(next()) % size
                #expect(search.nearest(c, hint: hint) == brute)
                #expect(search.nearest(c, hint: size - 1) == brute)
            }
            // Colours a level or two from an entry, with that entry as the hint: where the hint
            // is nearer than half the way to any other entry it is the answer without a walk.
            for k in palette.indices {
                for d in [RGB(r: 0, g: 0, b: 0), RGB(r: 1, g: 0, b: 0), RGB(r: -1, g: 2, b: 1), RGB(r: 2, g: -2, b: -1)] {
                    let c = RGB(r: Int(min(255, max(0, palette[k].r + d.r))), g: Int(min(255, max(0, palette[k].g + d.g))),
                                b: Int(min(255, max(0, palette[k].b + d.b))))
                    let brute = palette.indices.min { (palette[$0].distance(to: c), $0) < (palette[$1].distance(to: c), $1) }!
                    #expect(search.nearest(c, hint: k) == brute)
                }
            }
        }
    }

    @Test func edgeColoursMapToTheNearestEntry() {
        let h = uiHistogram()
        let (colours, index) = GIFQuantizer.palette(for: h, capacity: 63)
        let palette = NearestColour(colours.map(RGB.init))
        for e in 0..<h.count {
            let c = RGB(h.colours[e])
            #expect(c.distance(to: RGB(colours[Int(index[e])])) == c.distance(to: RGB(colours[palette.nearest(c)])))
        }
    }
}
