import Geometry
@testable import Raster
import Testing

/// Gradients as a Raster paint: geometry, spread methods, interpolation and dashes.
@Suite struct GradientTests {
    private let blackToWhite = [GradientStop(location: 0, color: .black), GradientStop(location: 1, color: .white)]

    private func row(_ gradient: Gradient, width: Int = 100) -> [UInt8] {
        let canvas = Canvas(width: width, height: 1)
        canvas.fill(Path(rect: Rect(0, 0, Double(width), 1)), paint: .gradient(gradient))
        return (0..<width).map { canvas.pixmap[$0, 0].r }
    }

    /// A ramp works out each entry when it is first read: black to white is i / 1023 of
    /// 255 × 256 at entry i, rounded, and the entry before location 0 the first stop's colour;
    /// entries read in another order are the same.
    @Test func aRampsEntriesAreTheSameInWhateverOrderTheyAreRead() {
        let ramp = Gradient(kind: .linear(start: Point(0, 0), end: Point(1, 0)), stops: blackToWhite).ramp()
        for i in stride(from: Gradient.rampSize - 1, through: 0, by: -7) {
            let level = UInt16((Double(i) / Double(Gradient.rampSize - 1) * 65280).rounded())
            #expect(ramp[i] == SIMD4(level, level, level, 65280), "entry \(i)")
        }
        #expect(ramp[Gradient.rampSize] == SIMD4(0, 0, 0, 65280))
        let stops = [GradientStop(location: -0.5, color: Color(red: 1, green: 0, blue: 0, alpha: 0.5)),
                     GradientStop(location: 0.3, color: .white), GradientStop(location: 0.3, color: Color(red: 0, green: 0, blue: 1, alpha: 0)),
                     GradientStop(location: .nan, color: .black), GradientStop(location: 0.9, color: .black)]
        let gradient = Gradient(kind: .linear(start: Point(0, 0), end: Point(1, 0)), stops: stops, interpolation: .straight)
        let forward = gradient.ramp(), backward = gradient.ramp()
        let backwards = Array((0...Gradient.rampSize).reversed().map { backward[$0] }.reversed())
        let differing = (0...Gradient.rampSize).first { forward[$0] != backwards[$0] }
        #expect(differing == nil, "first differing entry \(String(describing: differing))")
    }

    @Test func linearGradientsRampBetweenTheirPointsAndPadBeyond() {
        let values = row(Gradient(kind: .linear(start: Point(25, 0), end: Point(75, 0)), stops: blackToWhite))
        #expect(values[0...24].allSatisfy { $0 == 0 } && values[75...].allSatisfy { $0 == 255 })
        #expect(zip(values, values.dropFirst()).allSatisfy { $0 <= $1 } && abs(Int(values[49]) - 125) <= 2)
    }

    /// Stops outside 0...1 (CAGradientLayer's locations may lie there) still shape the ramp
    /// between 0 and 1, and the pad spread continues the colours at the ends.
    @Test func stopsBeyondTheEndsShapeTheRampBetweenThem() {
        let stops = [GradientStop(location: -1, color: .black), GradientStop(location: 2, color: .white)]
        let values = row(Gradient(kind: .linear(start: Point(0, 0), end: Point(100, 0)), stops: stops))
        // Location 0 is a third of the way from black to white, location 1 two thirds.
        #expect(abs(Int(values[0]) - 86) <= 1 && abs(Int(values[99]) - 169) <= 1)
        #expect(zip(values, values.dropFirst()).allSatisfy { $0 <= $1 })
        let padded = row(Gradient(kind: .linear(start: Point(25, 0), end: Point(75, 0)), stops: stops))
        #expect(padded[0...24].allSatisfy { $0 == padded[0] } && abs(Int(padded[0]) - 86) <= 1)
        #expect(padded[75...].allSatisfy { $0 == padded[99] } && abs(Int(padded[99]) - 169) <= 1)
    }

    /// Stops sharing location 0 make a hard edge there: the pad before it continues the first,
    /// the ramp after it starts from the last (as Chromium and librsvg draw SVG's gradients).
    @Test func padBeforeStopsSharingLocationZeroTakesTheFirst() {
        let stops = [GradientStop(location: 0, color: .black), GradientStop(location: 0, color: .white),
                     GradientStop(location: 1, color: Color(red: 0.5, green: 0.5, blue: 0.5, alpha: 1))]
        let values = row(Gradient(kind: .linear(start: Point(25, 0), end: Point(75, 0)), stops: stops))
        #expect(values[0...24].allSatisfy { $0 == 0 } && values[25] >= 250 && values[75...].allSatisfy { $0 == 128 })
    }

    @Test func repeatAndReflectFoldTheLocation() {
        let repeated = row(Gradient(kind: .linear(start: .zero, end: Point(50, 0)), stops: blackToWhite, spread: .repeat))
        let reflected = row(Gradient(kind: .linear(start: .zero, end: Point(50, 0)), stops: blackToWhite, spread: .reflect))
        #expect(repeated[10] == repeated[60] && repeated[49] > 240 && repeated[50] < 10)
        #expect(reflected[40] == reflected[59] && reflected[49] > 240 && reflected[99] < 10)
    }

    @Test func radialGradientsFollowCirclesFromTheFocus() {
        let gradient = Gradient(kind: .radial(center: Point(50, 0.5), radius: 40, focus: Point(50, 0.5), focalRadius: 10),
                                stops: blackToWhite)
        let values = row(gradient)
        #expect(values[45...54].allSatisfy { $0 == 0 } && values[5] == 255 && values[94] == 255)
        #expect(values[30] == values[69] && values[30] > 0 && values[30] < 255)
        // A focus off centre pulls the dark end towards it.
        let offset = row(Gradient(kind: .radial(center: Point(50, 0.5), radius: 40, focus: Point(30, 0.5), focalRadius: 0),
                                  stops: blackToWhite))
        #expect(offset[30] < 10 && offset[40] < offset[60])
    }

    @Test func straightAndPremultipliedInterpolationDiffer() {
        let stops = [GradientStop(location: 0, color: Color(red: 1, green: 0, blue: 0)),
                     GradientStop(location: 1, color: Color(red: 0, green: 0, blue: 1, alpha: 0))]
        func middle(_ interpolation: Gradient.Interpolation) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
            let canvas = Canvas(width: 100, height: 1)
            canvas.fill(Path(rect: Rect(0, 0, 100, 1)),
                        paint: .gradient(Gradient(kind: .linear(start: .zero, end: Point(100, 0)), stops: stops,
                                                  interpolation: interpolation)))
            return canvas.pixmap[50, 0]
        }
        let premultiplied = middle(.premultiplied), straight = middle(.straight)
        #expect(premultiplied.b == 0 && abs(Int(premultiplied.a) - 126) <= 2)
        #expect(straight.b > 20 && abs(Int(straight.a) - 126) <= 2)
    }

    @Test func ditheringKeepsTheAverageAndBreaksFlatRuns() {
        let slow = [GradientStop(location: 0, color: Color(white: 0.4)), GradientStop(location: 1, color: Color(white: 0.42))]
        let plain = row(Gradient(kind: .linear(start: .zero, end: Point(100, 0)), stops: slow))
        let dithered = row(Gradient(kind: .linear(start: .zero, end: Point(100, 0)), stops: slow, dither: true))
        let mean = { (v: [UInt8]) in Double(v.map(Int.init).reduce(0, +)) / Double(v.count) }
        #expect(abs(mean(plain) - mean(dithered)) < 0.6 && plain != dithered)
    }

    @Test func degenerateGradientsPaintTheirLastStop() {
        let zero = row(Gradient(kind: .linear(start: Point(5, 0), end: Point(5, 0)), stops: blackToWhite), width: 4)
        #expect(zero == [255, 255, 255, 255])
    }

    @Test func dashesAlternateAlongThePath() {
        var line = Path()
        line.move(to: .zero)
        line.line(to: Point(100, 0))
        let dashes = line.dashed([20, 10], phase: 5)
        // 15 on, 10 off, then 20 on / 10 off: dashes start at 0, 25, 55, 85.
        let starts = dashes.points.enumerated().filter { dashes.verbs[$0.offset] == .move }.map(\.element.x)
        #expect(starts == [0, 25, 55, 85])
        #expect(line.dashed([5, 5, 5], phase: 0).verbs.filter { $0 == .move }.count == 10)
        #expect(line.dashed([0, 0], phase: 0) == line && line.dashed([], phase: 3) == line)
    }
}
