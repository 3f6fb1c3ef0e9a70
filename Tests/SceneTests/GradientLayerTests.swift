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

    /// Core Animation interpolates a gradient's colours premultiplied: opaque red fading to clear
    /// blue is half-transparent red halfway, never purple, and an overshoot is clamped.
    @Test func colourPropertiesArePremultipliedAndClamped() {
        let layer = GradientLayer(colors: [Color(red: 1, green: 0, blue: 0), .white])
        let property = GradientLayer.colorProperty(at: 0)
        let blueClear = Color(red: 0, green: 0, blue: 1, alpha: 0)
        #expect(property.read(layer) == [1, 0, 0, 1])
        #expect(GradientLayer.animationValue(of: Color(red: 0.5, green: 1, blue: 0, alpha: 0.5)) == [0.25, 0.5, 0, 0.5])
        let halfway = AnimationVector((0..<4).map { (property.read(layer)[$0] + GradientLayer.animationValue(of: blueClear)[$0]) / 2 })
        property.write(layer, halfway)
        #expect(layer.colors[0] == Color(red: 1, green: 0, blue: 0, alpha: 0.5))
        property.write(layer, [1.2, -0.1, 0.3, 1.1])
        #expect(layer.colors[0] == Color(red: 1, green: 0, blue: 0.3, alpha: 1))
        property.write(layer, [0.2, 0.2, 0.2, 0])
        #expect(layer.colors[0] == .clear)
    }

    /// An animation of a whole key path runs one member per element under one key, as
    /// `CABasicAnimation(keyPath: "locations")` does, and completes once.
    @Test func aKeyPathAnimatesElementByElementAsOneAnimation() {
        let layer = GradientLayer(colors: [.black, .white, .black], locations: [0, 0.1, 0.2])
        let animator = Animator()
        let properties = layer.animatableProperties(.locations)
        let to = [0.8, 0.9, 1.0]
        var completions: [Bool] = []
        animator.add(properties.indices.map { BasicAnimation(to: [to[$0]], duration: 1, timingFunction: .linear) },
                     forKey: "sweep", to: layer, properties: properties) { completions.append($0) }
        animator.advance(to: 30)
        #expect(zip(layer.locations!, [0.4, 0.5, 0.6]).allSatisfy { abs($0 - $1) < 1e-9 }, "\(layer.locations!)")
        animator.advance(to: 61)
        #expect(layer.locations == to && completions == [true])
        #expect(layer.animatableProperties(.colors).map(\.name) == ["colors[0]", "colors[1]", "colors[2]"])
        #expect(layer.animatableProperties(.endPoint).map(\.name) == ["endPoint"])
    }

    /// A UIKit block changing a view's gradient animates it on the presentation, as a block
    /// animates a view's backing layer: locations and points linearly, colours premultiplied;
    /// a change in the number of colours shows at once (arrays of other lengths do not interpolate).
    @Test func aBlockAnimatesTheGradientOnThePresentation() {
        let stage = Stage(screenSize: Size(100, 20), tintColor: .black)
        let bar = View(name: "bar", frame: Rect(0, 0, 100, 20))
        let layer = GradientLayer(colors: [Color(red: 1, green: 0, blue: 0), .white], locations: [0, 0.2])
        layer.startPoint = Point(0, 0.5)
        layer.endPoint = Point(1, 0.5)
        bar.backgroundGradient = layer
        stage.window.addSubview(bar)
        stage.animate(duration: 1, curve: .linear) {
            layer.locations = [0.8, 1]
            layer.colors[0] = Color(red: 0, green: 0, blue: 1, alpha: 0)
            layer.endPoint = Point(0.5, 0.5)
        }
        for _ in 0...30 { stage.advanceFrame(); stage.endFrame() }
        let shown = try! #require(bar.presentation.gradient)
        #expect(zip(shown.locations, [0.4, 0.6]).allSatisfy { abs($0 - $1) < 1e-9 }, "\(shown.locations)")
        #expect(abs(shown.colors[0].alpha - 0.5) < 1e-9 && abs(shown.colors[0].red - 1) < 1e-9 && shown.colors[0].blue == 0)
        #expect(abs(shown.endPoint.x - 0.75) < 1e-9 && layer.locations == [0.8, 1], "the model holds the new values")
        let renderer = SceneRenderer(context: DrawContext(scale: 1, snapping: .round, tintColor: .black, frame: 30))
        let image = renderer.displayList(root: stage.window, size: Size(100, 20)).rasterise()
        #expect(image[10, 10].r == image[10, 10].a && image[10, 10].b == 0, "premultiplied halfway is red, not purple")
        for _ in 31...62 { stage.advanceFrame(); stage.endFrame() }
        #expect(bar.presentation.gradient == nil)

        stage.animate(duration: 1, curve: .linear) { layer.colors.append(.black) }
        stage.advanceFrame()
        #expect(bar.presentation.gradient?.colors.count ?? 3 == 3)
    }

    /// A `GradientLayer` placed as a view animates its own values in a block, as a
    /// CAGradientLayer sublayer does.
    @Test func aGradientLayerViewAnimatesItsOwnValuesInABlock() {
        let stage = Stage(screenSize: Size(100, 20), tintColor: .black)
        let layer = GradientLayer(colors: [.black, .white], locations: [0, 0.2], frame: Rect(0, 0, 100, 20))
        layer.startPoint = Point(0, 0.5)
        layer.endPoint = Point(1, 0.5)
        stage.window.addSubview(layer)
        stage.animate(duration: 1, curve: .linear) { layer.locations = [0.8, 1] }
        for _ in 0...30 { stage.advanceFrame(); stage.endFrame() }
        #expect(layer.presentation.gradient.map { zip($0.locations, [0.4, 0.6]).allSatisfy { abs($0 - $1) < 1e-9 } } == true)
        let image = render(layer, size: Size(100, 20))
        #expect(image[30, 10].r < 4 && image[70, 10].r > 251, "drawn with the presented locations, not the model's")
    }

    /// CAGradientLayer takes locations outside 0...1: those stops lie beyond the ends and still
    /// shape the colours between them (the shimmer's moving band), and the ends pad.
    @Test func locationsOutsideTheUnitRangeShapeTheColoursInsideIt() {
        let layer = GradientLayer(colors: [.black, .white, .black], locations: [-0.5, 0.25, 1], frame: Rect(0, 0, 100, 20))
        layer.startPoint = Point(0, 0.5)
        layer.endPoint = Point(1, 0.5)
        let image = render(layer, size: Size(100, 20))
        // At x = 0 the ramp is two thirds of the way from black (-0.5) to white (0.25).
        #expect(abs(Int(image[0, 10].r) - 172) <= 3)
        #expect(image[25, 10].r > 250 && image[99, 10].r < 6 && image[24, 10].r > image[0, 10].r)

        // The shimmer's start and end: the band wholly outside, one flat colour everywhere.
        let grey = Color(white: 0.9), light = Color(white: 1)
        for locations in [[-1, -0.5, 0], [1, 1.5, 2]] {
            let band = GradientLayer(colors: [grey, light, grey], locations: locations, frame: Rect(0, 0, 100, 20))
            band.startPoint = Point(0, 0.5)
            band.endPoint = Point(1, 0.5)
            let flat = render(band, size: Size(100, 20))
            #expect(flat[0, 10] == flat[50, 10] && flat[50, 10] == flat[99, 10] && abs(Int(flat[50, 10].r) - 230) <= 1)
        }
        // Halfway, the light band sits in the middle of the view.
        let halfway = GradientLayer(colors: [grey, light, grey], locations: [0, 0.5, 1], frame: Rect(0, 0, 100, 20))
        halfway.startPoint = Point(0, 0.5)
        halfway.endPoint = Point(1, 0.5)
        let middle = render(halfway, size: Size(100, 20))
        #expect(middle[50, 10].r > middle[10, 10].r && middle[10, 10].r > middle[0, 10].r)
    }

    /// Locations past the end: every stop beyond 1 pads the first colour over the whole layer;
    /// every stop before 0 pads the last.
    @Test func stopsAllBeyondOneEndPadThatEndsColour() {
        for (locations, expected) in [([1.2, 1.5], UInt8(0)), ([-2, -1], UInt8(255))] {
            let layer = GradientLayer(colors: [.black, .white], locations: locations, frame: Rect(0, 0, 100, 20))
            layer.startPoint = Point(0, 0.5)
            layer.endPoint = Point(1, 0.5)
            let image = render(layer, size: Size(100, 20))
            #expect(image[0, 10].r == expected && image[99, 10].r == expected)
        }
    }
}
