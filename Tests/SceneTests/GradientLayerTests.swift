import Geometry
import Motion
import Raster
import Scene
import Testing

/// CAGradientLayer's model: colours between unit start and end points, drawn through the display list.
@Suite struct GradientLayerTests {
    private func render(_ layer: GradientLayer, size: Size = Size(20, 100)) -> Pixmap {
        let root = View(frame: Rect(origin: .zero, size: size))
        root.addSubview(layer)
        let renderer = SceneRenderer(context: DrawContext(scale: 1, snapping: .round, tintColor: .black, frame: 0))
        return renderer.displayList(root: root, size: size).rasterise()
    }

    @Test func theDefaultRunsTopToBottomThroughEvenlySpacedColours() {
        let layer = GradientLayer(colors: [.black, .white], frame: Rect(0, 0, 20, 100))
        let image = render(layer)
        #expect(image[10, 0].r < 4 && image[10, 99].r > 251)
        #expect(abs(Int(image[10, 50].r) - 128) <= 2 && image[0, 50] == image[19, 50])
        #expect(image[10, 20].r < image[10, 21].r && image[10, 50].a == 255)
    }

    @Test func locationsAndPointsPlaceTheRamp() {
        let layer = GradientLayer(colors: [.black, .white], locations: [0.4, 0.6], frame: Rect(0, 0, 100, 20))
        layer.startPoint = Point(0, 0.5)
        layer.endPoint = Point(1, 0.5)
        let image = render(layer, size: Size(100, 20))
        #expect(image[10, 10].r == 0 && image[39, 10].r == 0 && image[61, 10].r == 255 && image[90, 10].r == 255)
        #expect(image[49, 10].r < 128 && image[50, 10].r > 128)
    }

    @Test func radialGradientsAreEllipsesAroundTheStartPoint() {
        let layer = GradientLayer(colors: [.white, .black], frame: Rect(0, 0, 100, 100))
        layer.type = .radial
        layer.startPoint = Point(0.5, 0.5)
        layer.endPoint = Point(1, 1)
        let image = render(layer, size: Size(100, 100))
        #expect(image[50, 50].r > 250 && image[99, 50].r < 4 && image[50, 0].r < 4)
        #expect(image[24, 50] == image[75, 50] && image[50, 24] == image[50, 75])
    }

    @Test func pointsColoursAndLocationsAreAnimatableProperties() {
        let layer = GradientLayer(colors: [.black, .white])
        GradientLayer.endPointProperty.write(layer, AnimationVector(Point(1, 0)))
        GradientLayer.colorProperty(at: 1).write(layer, AnimationVector(Color(red: 1, green: 0, blue: 0)))
        GradientLayer.locationProperty(at: 0).write(layer, AnimationVector(0.25))
        #expect(layer.endPoint == Point(1, 0) && layer.colors[1] == Color(red: 1, green: 0, blue: 0))
        #expect(layer.locations == [0.25, 1])
        #expect(GradientLayer.startPointProperty.read(layer) == AnimationVector(Point(0.5, 0)))
    }
}
