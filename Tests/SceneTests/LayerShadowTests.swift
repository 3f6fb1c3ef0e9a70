import Geometry
import GoldenTesting
import Raster
import Scene
import Testing

/// CALayer's shadow: the layer's shape blurred by shadowRadius, offset, tinted, under the layer.
@Suite struct LayerShadowTests {
    private func list(_ root: View, scale: Double = 1) -> DisplayList {
        SceneRenderer(context: DrawContext(scale: scale, snapping: .round, tintColor: .black, frame: 0))
            .displayList(root: root, size: root.bounds.size)
    }

    private func card(_ frame: Rect = Rect(40, 40, 80, 60)) -> View {
        let card = View(name: "card", frame: frame)
        card.backgroundColor = .white
        card.cornerRadius = 12
        card.shadowOpacity = 0.5
        card.shadowRadius = 6
        card.shadowOffset = Size(0, 4)
        return card
    }

    private func screen(_ views: View...) -> View {
        let root = View(frame: Rect(0, 0, 160, 160))
        root.backgroundColor = Color(white: 0.9)
        for v in views { root.addSubview(v) }
        return root
    }

    @Test func anOpaqueCardCastsItsRoundedShapeBlurredAndOffset() throws {
        let image = list(screen(card())).rasterise()
        // Under the card the shadow is hidden; below it, darker than above (offset 4 pt down).
        #expect(image[80, 70] == (255, 255, 255, 255))
        #expect(image[80, 104].r < image[80, 36].r && image[80, 36].r < 229)
        // Symmetric left and right, fading to the background about 3σ out.
        #expect(image[37, 70] == image[122, 70] && image[22, 70].r >= 228)
        try assertGolden(list(screen(card()), scale: 2).rasterise(), named: "shadow-card@2x", suite: "SceneTests")
    }

    @Test func coreAnimationsDefaultsCastNothingThenUpward() {
        let plain = View(frame: Rect(40, 40, 80, 60))
        plain.backgroundColor = .white
        #expect(plain.shadowColor == .black && plain.shadowRadius == 3 && plain.shadowOffset == Size(0, -3))
        #expect(!list(screen(plain)).items.contains { if case .mask = $0 { true } else { false } })
        plain.shadowOpacity = 1
        let image = list(screen(plain)).rasterise()
        #expect(image[80, 37].r < image[80, 102].r)
    }

    @Test func aClearViewCastsTheShadowOfWhatItDraws() {
        let holder = View(frame: Rect(40, 40, 80, 80))
        holder.shadowOpacity = 1
        holder.shadowOffset = .zero
        let dot = View(frame: Rect(30, 30, 20, 20))
        dot.backgroundColor = .white
        holder.addSubview(dot)
        let image = list(screen(holder)).rasterise()
        // Around the dot (screen 70...90), not around the holder's bounds.
        #expect(image[68, 80].r < 200 && image[80, 68].r < 200)
        #expect(image[44, 80].r == 230 && image[80, 44].r == 230)
    }

    @Test func aBorderAloneCastsARing() {
        let ring = View(frame: Rect(30, 30, 100, 100))
        ring.border = (width: 4, color: .white)
        ring.shadowOpacity = 1
        ring.shadowRadius = 2
        ring.shadowOffset = .zero
        let image = list(screen(ring)).rasterise()
        #expect(image[28, 80].r < 200 && image[35, 80].r < 200 && image[80, 80].r == 230)
    }

    @Test func aShadowPathReplacesTheLayersShape() {
        let view = card()
        view.shadowPath = Path(rect: Rect(0, 0, 20, 20))
        let image = list(screen(view)).rasterise()
        // The square under the card's top-left casts; the rest of the card's edge does not.
        #expect(image[37, 95].r == 230 && image[37, 54].r < 220)
    }

    @Test func aMovingCardReusesItsBlurredShadow() {
        let moving = card()
        let root = screen(moving)
        func shadowItem() -> (CoverageMask, AffineTransform)? {
            for item in list(root, scale: 3).items { if case let .mask(m, _, t) = item { return (m, t) } }
            return nil
        }
        let first = shadowItem()
        moving.center.x += 10
        let second = shadowItem()
        #expect(first != nil && first?.0 == second?.0)
        #expect(second.map { $0.1.tx - first!.1.tx } == 30)
    }

    @Test func theViewsOpacityFadesItsShadow() {
        let faded = card()
        faded.alpha = 0.5
        let solid = card()
        let a = list(screen(faded)).rasterise(), b = list(screen(solid)).rasterise()
        #expect(a[80, 104].r > b[80, 104].r)
    }
}
