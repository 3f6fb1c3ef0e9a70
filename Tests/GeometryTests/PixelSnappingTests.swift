import Geometry
import Testing

@Suite struct PixelSnappingTests {
    /// The table from the owl seed's notes (YYKit at scale 2), in points.
    @Test(arguments: [
        (PixelSnapping.ceil, 2.1, 2.5), (.ceil, 2.25, 2.5), (.ceil, 2.45, 2.5),
        (.floor, 2.1, 2.0), (.floor, 2.25, 2.0), (.floor, 2.45, 2.0),
        (.half, 2.1, 2.25), (.half, 2.25, 2.25), (.half, 2.45, 2.25),
        (.round, 2.1, 2.0), (.round, 2.25, 2.5), (.round, 2.45, 2.5),
    ])
    func valuesSnapLikeYYKitAtScale2(mode: PixelSnapping, value: Double, expected: Double) {
        #expect(mode.snap(value, scale: 2) == expected)
    }

    @Test func owlFaceRectIsCentredOnWholePixelsOn375PointScreen() {
        // (375 - 116) / 2 = 129.5 pt: on a 2x screen that is pixel 259, already aligned.
        #expect(PixelSnapping.round.snap((375 - 116) / 2, scale: 2) == 129.5)
        // At 3x, 129.5 pt is 388.5 px and rounds away from zero to 389 px.
        #expect(PixelSnapping.round.snap((375 - 116) / 2, scale: 3) == 389.0 / 3)
        #expect(PixelSnapping.round.snap((375 - 116) / 2, scale: 1) == 130)
    }

    @Test func floorRectKeepsOnlyWholeInteriorPixels() {
        let r = PixelSnapping.floor.snap(Rect(0.3, 0.3, 1.0, 0.2), scale: 2)
        #expect(r == Rect(0.5, 0.5, 0.5, 0))
    }

    @Test func ceilRectCoversEveryTouchedPixel() {
        #expect(PixelSnapping.ceil.snap(Rect(0.3, 0.3, 1.0, 0.2), scale: 2) == Rect(0, 0, 1.5, 0.5))
    }

    @Test func roundRectMovesBothCorners() {
        #expect(PixelSnapping.round.snap(Rect(10.2, 0, 100.6, 1.24), scale: 3) == Rect(31.0 / 3, 0, 332.0 / 3 - 31.0 / 3, 1 + 1.0 / 3))
    }

    @Test func screenWidth375DividesIntoWholePixelsAtScales2And3() {
        for scale in [2.0, 3.0] {
            for mode in [PixelSnapping.floor, .round, .ceil] {
                let w = mode.snap(375.0 / 4, scale: scale)
                #expect((w * scale).rounded() == w * scale)
            }
        }
    }
}

@Suite struct AffineTransformTests {
    @Test func scaleAboutAnchorKeepsAnchorFixed() {
        let t = AffineTransform.scale(0.5, 0.5, about: Point(100, 40))
        #expect(t.apply(Point(100, 40)) == Point(100, 40))
        #expect(t.apply(Point(120, 40)) == Point(110, 40))
    }

    @Test func concatenationAppliesSelfFirst() {
        let t = AffineTransform.scale(2, 2).concatenating(.translation(10, 0))
        #expect(t.apply(Point(1, 1)) == Point(12, 2))
    }

    @Test func inverseUndoesTransform() throws {
        let t = AffineTransform.rotation(0.3).concatenating(.scale(2, 3)).concatenating(.translation(5, -7))
        let p = try #require(t.inverted).apply(t.apply(Point(3, 4)))
        #expect(abs(p.x - 3) < 1e-12 && abs(p.y - 4) < 1e-12)
    }

    @Test func singularTransformHasNoInverse() {
        #expect(AffineTransform.scale(0, 1).inverted == nil)
    }
}

@Suite struct ColorTests {
    @Test func parsesHexForms() {
        #expect(Color(hex: "#E74C3C") == Color(r255: 0xE7, g: 0x4C, b: 0x3C))
        #expect(Color(hex: "fff") == .white)
        #expect(Color(hex: "#00000080")?.alpha == 128.0 / 255)
        #expect(Color(hex: "#12345") == nil)
        #expect(Color(hex: "zzzzzz") == nil)
    }
}
