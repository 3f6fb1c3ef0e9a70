import Foundation
import Geometry
import Raster
import Scene
import Testing

@Suite struct Transform3DSceneTests {
    /// A 200×300 screen at 2x with one 120×80 red card centred at (100, 150).
    static func scene(_ configure: (View, View) -> Void) -> (root: View, card: View) {
        let root = View(name: "root", frame: Rect(0, 0, 200, 300))
        let card = View(name: "card", frame: Rect(40, 110, 120, 80))
        card.backgroundColor = Color(red: 1, green: 0, blue: 0, alpha: 1)
        root.addSubview(card)
        configure(root, card)
        return (root, card)
    }

    static func displayList(_ root: View) -> DisplayList {
        SceneRenderer(context: DrawContext(scale: 2, snapping: .round, tintColor: .black, frame: 0))
            .displayList(root: root, size: Size(200, 300))
    }

    static func projections(_ list: DisplayList) -> [ProjectiveTransform] {
        list.items.compactMap { if case let .beginProjection(p) = $0 { p } else { nil } }
    }

    @Test func aTwoDimensionalTransformDrawsWithoutAProjection() {
        let (root, _) = Self.scene { _, card in card.transform = LayerTransform(scaleX: 1.2, rotation: 0.3) }
        #expect(Self.projections(Self.displayList(root)).isEmpty)
    }

    @Test func aFlipWithPerspectiveProjectsTheCardThroughTheHandComputedHomography() throws {
        let theta = 0.6
        let (root, _) = Self.scene { _, card in card.transform = LayerTransform(rotationY: theta, m34: -1.0 / 500) }
        let projection = try #require(Self.projections(Self.displayList(root)).first)
        // Frame-local (0…120, 0…80) → centred on the anchor → rotated and in perspective → at
        // the position (100, 150) → ×2 for the screen.
        for p in [Point(0, 0), Point(120, 0), Point(0, 80), Point(120, 80), Point(30, 50)] {
            let x = p.x - 60, y = p.y - 40
            let w = 1 + x * sin(theta) / 500
            let expected = Point(2 * (x * cos(theta) / w + 100), 2 * (y / w + 150))
            let got = projection.apply(p)
            #expect(abs(got.x - expected.x) < 1e-9 && abs(got.y - expected.y) < 1e-9, "\(p)")
        }
    }

    @Test func rotationYWithoutPerspectiveIsAnAffineSquash() {
        let (root, _) = Self.scene { _, card in card.transform = LayerTransform(rotationY: Double.pi / 3) }
        let list = Self.displayList(root)
        #expect(Self.projections(list).isEmpty)
        let pixels = list.rasterise()
        // Half as wide: 60 points around x = 100, i.e. device pixels 140..<260.
        #expect(pixels[141, 300].a == 255 && pixels[258, 300].a == 255)
        #expect(pixels[137, 300].a == 0 && pixels[262, 300].a == 0)
    }

    @Test func aSuperviewsSublayerTransformGivesItsSubviewsPerspective() throws {
        let (root, _) = Self.scene { root, card in
            root.sublayerTransform = LayerTransform(m34: -1.0 / 500)
            card.transform = LayerTransform(rotationY: 0.6)
        }
        let projection = try #require(Self.projections(Self.displayList(root)).first)
        // The eye is over the root's centre (100, 150), which is also the card's centre here,
        // so the homography is the one of the card's own perspective.
        let own = Self.scene { _, card in card.transform = LayerTransform(rotationY: 0.6, m34: -1.0 / 500) }
        let expected = try #require(Self.projections(Self.displayList(own.root)).first)
        for p in [Point(0, 0), Point(120, 80)] {
            #expect(abs(projection.apply(p).x - expected.apply(p).x) < 1e-9)
        }
        // zPosition towards the eye makes a flat subview larger (W = 1 − 100/500 = 0.8): an
        // affine scale, drawn without a projection, 150 points wide around x = 100.
        let near = Self.scene { root, card in
            root.sublayerTransform = LayerTransform(m34: -1.0 / 500)
            card.zPosition = 100
        }
        let list = Self.displayList(near.root)
        #expect(Self.projections(list).isEmpty)
        let pixels = list.rasterise()
        #expect(pixels[51, 300].a == 255 && pixels[348, 300].a == 255 && pixels[48, 300].a == 0 && pixels[352, 300].a == 0)
    }

    @Test func aSingleSidedViewDisappearsOnceItsBackFacesTheViewer() {
        for (angle, shown) in [(0.4, true), (Double.pi / 2 + 0.1, false), (Double.pi, false), (2 * Double.pi - 0.2, true)] {
            let (root, _) = Self.scene { _, card in
                card.isDoubleSided = false
                card.transform = LayerTransform(rotationY: angle, m34: -1.0 / 500)
            }
            let pixels = Self.displayList(root).rasterise()
            #expect((pixels[200, 300].a == 255) == shown, "angle \(angle)")
        }
        // A double-sided view shows its (mirrored) back.
        let (root, _) = Self.scene { _, card in card.transform = LayerTransform(rotationY: Double.pi, m34: -1.0 / 500) }
        #expect(Self.displayList(root).rasterise()[200, 300].a == 255)
    }

    @Test func siblingsDrawInZPositionOrderThenSubviewOrder() {
        let root = View(frame: Rect(0, 0, 10, 10))
        let colours = [Color(red: 1, green: 0, blue: 0, alpha: 1), Color(red: 0, green: 1, blue: 0, alpha: 1),
                       Color(red: 0, green: 0, blue: 1, alpha: 1)]
        for (i, z) in [2.0, 0, 0].enumerated() {
            let v = View(frame: Rect(0, 0, 10, 10))
            v.backgroundColor = colours[i]
            v.zPosition = z
            root.addSubview(v)
        }
        let list = SceneRenderer(context: DrawContext(scale: 1, snapping: .round, tintColor: .black, frame: 0))
            .displayList(root: root, size: Size(10, 10))
        let order: [Color] = list.items.compactMap { if case let .fill(_, color, _, _) = $0 { color } else { nil } }
        #expect(order == [colours[1], colours[2], colours[0]])
    }

    @Test func aBlockAnimationTurnsTheCardThroughItsThreeDimensionalValues() {
        let stage = Stage(screenSize: Size(200, 300), tintColor: .black)
        let card = View(frame: Rect(40, 110, 120, 80))
        stage.window.addSubview(card)
        stage.advanceFrame()
        stage.animate(duration: 1, curve: .linear, changes: { card.transform = LayerTransform(rotationY: 1, m34: -0.002) })
        for _ in 0..<30 { stage.endFrame(); stage.advanceFrame() }
        let shown = card.presentation.transform ?? .identity
        #expect(abs(shown.rotationY - 0.5) < 0.02 && abs(shown.m34 + 0.001) < 0.0001)
    }

    @Test func aFlipTransitionShowsTheOldLookUntilEdgeOnThenTheNewOneTurningIn() {
        let red = Color(red: 1, green: 0, blue: 0, alpha: 1), blue = Color(red: 0, green: 0, blue: 1, alpha: 1)
        let stage = Stage(screenSize: Size(200, 300), tintColor: .black)
        let card = View(frame: Rect(40, 110, 120, 80))
        card.backgroundColor = red
        stage.window.addSubview(card)
        stage.advanceFrame()
        var finished = false
        stage.transition(with: card, duration: 1, style: .transitionFlipFromLeft, curve: .linear,
                         changes: { card.backgroundColor = blue }, completion: { finished = $0 })
        #expect(card.backgroundColor == blue)
        var widths: [Int] = [], colours: [UInt8] = []
        for frame in 0...62 {
            if frame > 0 { stage.endFrame(); stage.advanceFrame() }
            guard frame % 10 == 0 else { continue }
            let pixels = stage.displayList(scale: 1, snapping: .round, showTouches: false).rasterise()
            widths.append((0..<200).filter { pixels[$0, 150].a > 128 }.count)
            colours.append(pixels[100, 150].r)
        }
        // Red while the old side faces the viewer, blue after the card is edge-on at 0.5 s.
        #expect(colours == [255, 255, 255, 0, 0, 0, 0])
        // It narrows to the edge and widens again, back to full width at the end.
        #expect(widths[0] == 120 && widths[6] == 120 && widths[2] < 80 && widths[3] < 10 && widths[4] < 80)
        #expect(finished && stage.isSettled)
        // The left edge comes towards the viewer first: it is the taller one.
        stage.transition(with: card, duration: 1, style: .transitionFlipFromLeft, curve: .linear, changes: {})
        for _ in 0..<15 { stage.endFrame(); stage.advanceFrame() }
        let pixels = stage.displayList(scale: 1, snapping: .round, showTouches: false).rasterise()
        let columns = (0..<200).filter { pixels[$0, 150].a > 128 }
        let height = { (x: Int) in (0..<300).filter { pixels[x, $0].a > 128 }.count }
        #expect(height(columns.first! + 1) > height(columns.last! - 1))
    }

    @Test func aCrossDissolveFadesTheOldLookOverTheNewOne() {
        let stage = Stage(screenSize: Size(200, 300), tintColor: .black)
        let card = View(frame: Rect(40, 110, 120, 80))
        card.backgroundColor = Color(red: 1, green: 0, blue: 0, alpha: 1)
        stage.window.addSubview(card)
        stage.advanceFrame()
        stage.transition(with: card, duration: 0.5, style: .transitionCrossDissolve, curve: .linear,
                         changes: { card.backgroundColor = Color(red: 0, green: 0, blue: 1, alpha: 1) })
        for _ in 0..<15 { stage.endFrame(); stage.advanceFrame() }
        let p = stage.displayList(scale: 1, snapping: .round, showTouches: false).rasterise()[100, 150]
        // Halfway: blue at opacity 0.5 under red at opacity 0.5.
        #expect(abs(Int(p.r) - 128) <= 2 && abs(Int(p.b) - 64) <= 2)
    }
}
