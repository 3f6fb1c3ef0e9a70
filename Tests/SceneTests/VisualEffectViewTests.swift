import Geometry
import Raster
import Scene
import Testing

/// UIVisualEffectView: the views behind it blurred and tinted by the material, its subviews sharp.
@Suite struct VisualEffectViewTests {
    private func image(_ root: View, style: UserInterfaceStyle = .light) -> Pixmap {
        SceneRenderer(context: DrawContext(scale: 1, snapping: .round, tintColor: .black, frame: 0, userInterfaceStyle: style))
            .displayList(root: root, size: root.bounds.size).rasterise()
    }

    /// Red on the left half, blue on the right (200 × 120), under `overlay`.
    private func screen(_ overlay: View) -> View {
        let root = View(frame: Rect(0, 0, 200, 120))
        root.backgroundColor = Color(red: 0, green: 0, blue: 1)
        let red = View(frame: Rect(0, 0, 100, 120))
        red.backgroundColor = Color(red: 1, green: 0, blue: 0)
        root.addSubview(red)
        root.addSubview(overlay)
        return root
    }

    @Test func theEdgeBehindIsBlurredAndTheSubviewsDrawSharp() {
        let blur = VisualEffectView(effect: .systemUltraThinMaterial, frame: Rect(20, 20, 160, 80))
        let dot = View(frame: Rect(10, 10, 10, 10))
        dot.backgroundColor = .white
        blur.addSubview(dot)
        let shown = image(screen(blur))
        // Across the red-blue edge the backdrop changes in small steps (σ = 30 pt).
        let row = (24..<176).map { shown[$0, 60] }
        #expect(zip(row, row.dropFirst()).allSatisfy { abs(Int($0.r) - Int($1.r)) <= 8 && abs(Int($0.b) - Int($1.b)) <= 8 },
                "\(row)")
        #expect(row.first!.r > row.last!.r && row.first!.b < row.last!.b)
        // The subview is not blurred; outside the view nothing changed.
        #expect(shown[35, 35] == (255, 255, 255, 255))
        #expect(shown[10, 60] == (255, 0, 0, 255) && shown[190, 60] == (0, 0, 255, 255) && shown[100, 10] == (0, 0, 255, 255))
    }

    @Test func theAdaptiveMaterialsFollowTheAppearanceAndTheFixedOnesDoNot() {
        let light = image(screen(VisualEffectView(effect: .systemMaterial, frame: Rect(20, 20, 160, 80))))
        let dark = image(screen(VisualEffectView(effect: .systemMaterial, frame: Rect(20, 20, 160, 80))), style: .dark)
        #expect(Int(light[100, 60].g) > Int(dark[100, 60].g) + 100, "\(light[100, 60]) \(dark[100, 60])")
        let fixed = image(screen(VisualEffectView(effect: .systemMaterialDark, frame: Rect(20, 20, 160, 80))))
        #expect(fixed == dark)
        // Thicker materials let less of the colour behind through.
        let thin = image(screen(VisualEffectView(effect: .systemUltraThinMaterialLight, frame: Rect(20, 20, 160, 80))))
        let thick = image(screen(VisualEffectView(effect: .systemThickMaterialLight, frame: Rect(20, 20, 160, 80))))
        #expect(thin[30, 60].g < light[30, 60].g && light[30, 60].g < thick[30, 60].g)
    }

    @Test func theCornerRadiusRoundsTheMaterial() {
        let blur = VisualEffectView(effect: .systemThickMaterial, frame: Rect(20, 20, 160, 80))
        blur.cornerRadius = 24
        let shown = image(screen(blur))
        #expect(shown[21, 21] == (255, 0, 0, 255))
        #expect(shown[40, 40] != (255, 0, 0, 255))
    }

    @Test func aFadedMaterialMixesWithWhatIsBehind() {
        let opaque = image(screen(VisualEffectView(effect: .systemThickMaterial, frame: Rect(20, 20, 160, 80))))
        let faded = VisualEffectView(effect: .systemThickMaterial, frame: Rect(20, 20, 160, 80))
        faded.alpha = 0.5
        let half = image(screen(faded))
        #expect(half[30, 60].g > 0 && half[30, 60].g < opaque[30, 60].g, "\(half[30, 60]) \(opaque[30, 60])")
        #expect(Int(half[30, 60].r) > Int(opaque[30, 60].r))
    }

    @Test func inAProjectedPlaneTheMaterialDrawsItsTintAlone() {
        let turned = VisualEffectView(effect: .systemMaterialDark, frame: Rect(20, 20, 160, 80))
        turned.transform = LayerTransform(rotationY: 0.3, m34: -1.0 / 500)
        let root = screen(turned)
        let items = SceneRenderer(context: DrawContext(scale: 1, snapping: .round, tintColor: .black, frame: 0))
            .displayList(root: root, size: root.bounds.size).items
        #expect(items.contains { if case .beginProjection = $0 { true } else { false } })
        let shown = image(root)
        // The dark tint (#252525 at 0.82) over red, with no blue blurred in from the right half.
        let tint = BlurEffectStyle.systemMaterialDark.filter(for: .light).tint
        let expected = UInt8((tint.red * tint.alpha + (1 - tint.alpha)) * 255 + 0.5)
        #expect(abs(Int(shown[60, 60].r) - Int(expected)) <= 1 && shown[60, 60].g == shown[60, 60].b, "\(shown[60, 60])")
    }

    @Test func iOS8sStylesTintAsApplesBlurSampleDoes() {
        let black = View(frame: Rect(0, 0, 100, 100))
        black.backgroundColor = .black
        let light = VisualEffectView(effect: .light, frame: Rect(0, 0, 100, 100))
        black.addSubview(light)
        // White at 0.3 over black; the sample's dark effect is white 0.11 at 0.73.
        #expect(image(black)[50, 50] == (77, 77, 77, 255))
        light.effect = .dark
        #expect(image(black)[50, 50] == (20, 20, 20, 255))
    }
}
