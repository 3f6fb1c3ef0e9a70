import Geometry
import GoldenTesting
import Raster
import Scene
import Testing

/// CALayer's maskedCorners and cornerCurve, on the background, border, clip and shadow alike.
@Suite struct LayerShapeTests {
    private func render(_ views: [View], size: Size = Size(200, 100), scale: Double = 1) -> Pixmap {
        let root = View(frame: Rect(origin: .zero, size: size))
        root.backgroundColor = .white
        for v in views { root.addSubview(v) }
        return SceneRenderer(context: DrawContext(scale: scale, snapping: .round, tintColor: .black, frame: 0))
            .displayList(root: root, size: size).rasterise()
    }

    private func tile(_ x: Double, curve: CornerCurve = .circular, corners: CornerMask = .all) -> View {
        let v = View(frame: Rect(x, 10, 80, 80))
        v.backgroundColor = .black
        v.cornerRadius = 30
        v.cornerCurve = curve
        v.maskedCorners = corners
        return v
    }

    @Test func maskedCornersRoundOnlyTheCornersNamed() {
        let image = render([tile(10, corners: [.layerMinXMinYCorner, .layerMaxXMaxYCorner])])
        // Rounded: top left and bottom right; square: top right and bottom left.
        #expect(image[11, 11].r == 255 && image[88, 88].r == 255)
        #expect(image[88, 11].r == 0 && image[11, 88].r == 0)
        #expect(render([tile(10, corners: [])])[10, 10].r == 0)
    }

    @Test func continuousCornersLeaveTheEdgeEarlierAndEaseIn() {
        func tile(_ curve: CornerCurve) -> Pixmap {
            let v = self.tile(10, curve: curve)
            v.cornerRadius = 20
            return render([v], scale: 2)
        }
        let circular = tile(.circular), continuous = tile(.continuous)
        // 1.1 radii (44 px) from the top-right corner the circular edge is straight; the continuous one bends.
        #expect(circular[135, 20].r == 0 && continuous[135, 20].r > 16)
        // Each corner cuts off r²(1 − π/4) when circular and 0.2247 r² (PaintCode's curve) when continuous.
        func area(_ p: Pixmap) -> Double {
            (0..<p.height).reduce(0) { sum, y in (0..<p.width).reduce(sum) { $0 + Double(255 - Int(p[$1, y].r)) / 255 } }
        }
        // (Both areas come out within 15 px² of those; their difference, 4 corners × 0.0101 r², is the point.)
        let difference = area(circular) - area(continuous)
        #expect(abs(difference - 4 * 1600 * (0.224_704 - (1 - Double.pi / 4))) < 25, "\(difference)")
    }

    @Test func continuousCornersAreSymmetric() {
        let image = render([tile(10, curve: .continuous)])
        func close(_ a: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ b: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool {
            abs(Int(a.r) - Int(b.r)) <= 1
        }
        for d in 0..<40 { #expect(close(image[10 + d, 10], image[89 - d, 89]) && close(image[10 + d, 11], image[11, 10 + d])) }
    }

    @Test func bordersAndShadowsFollowTheShape() throws {
        let a = tile(10, curve: .continuous), b = tile(110, corners: [.layerMinXMinYCorner, .layerMaxXMinYCorner])
        for v in [a, b] {
            v.backgroundColor = Color(r255: 52, g: 152, b: 219)
            v.border = (width: 4, color: .black)
            v.shadowOpacity = 0.4
            v.shadowRadius = 4
            v.shadowOffset = Size(0, 3)
        }
        let image = render([a, b], scale: 2)
        #expect(image[2 * 111, 2 * 89].a == 255 && image[2 * 111, 2 * 89].r == 0)
        try assertGolden(image, named: "corners@2x", suite: "SceneTests")
    }
}
