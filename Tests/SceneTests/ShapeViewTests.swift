import Geometry
import Motion
import Raster
import Scene
import Testing

/// CAShapeLayer as a view: fill and stroke defaults, strokeEnd animating with round caps, and masks.
@Suite struct ShapeViewTests {
    static func pixels(_ root: View, size: Size, scale: Double = 1) -> Pixmap {
        SceneRenderer(context: DrawContext(scale: scale, snapping: .round, tintColor: .black, frame: 0))
            .displayList(root: root, size: size).rasterise()
    }

    static func alpha(_ p: Pixmap, _ x: Int, _ y: Int) -> UInt8 { p[x, y].a }

    static func checkmark() -> ShapeView {
        var path = Path()
        path.move(to: Point(10, 50)); path.line(to: Point(40, 80)); path.line(to: Point(90, 20))
        let shape = ShapeView(name: "check", path: path, frame: Rect(0, 0, 100, 100))
        shape.fillColor = nil
        shape.strokeColor = .black
        shape.lineWidth = 10
        shape.lineCap = .round
        return shape
    }

    @Test func aShapeFillsBlackByDefaultAndStrokesOnlyWithAStrokeColour() {
        let root = View(frame: Rect(0, 0, 100, 100))
        let oval = ShapeView(path: Path(ellipseIn: Rect(20, 20, 60, 60)), frame: Rect(0, 0, 100, 100))
        root.addSubview(oval)
        let p = Self.pixels(root, size: Size(100, 100))
        #expect(p[50, 50] == (0, 0, 0, 255))
        #expect(Self.alpha(p, 10, 10) == 0)
    }

    @Test func strokeEndDrawsPartOfTheOutlineWithARoundPenTip() {
        let root = View(frame: Rect(0, 0, 100, 100))
        let check = Self.checkmark()
        root.addSubview(check)
        check.strokeEnd = 0.3
        let p = Self.pixels(root, size: Size(100, 100))
        // The first leg is 42.4 of 120.5 points: 30 % ends at 36.2 points along it, (35.6, 75.6).
        #expect(Self.alpha(p, 20, 60) == 255, "drawn part")
        #expect(Self.alpha(p, 60, 56) == 0, "second leg not drawn yet")
        // A round cap reaches 5 points beyond the tip along the line; a butt cap would not.
        #expect(Self.alpha(p, 38, 78) > 128, "round cap past the tip")
        check.lineCap = .butt
        #expect(Self.alpha(Self.pixels(root, size: Size(100, 100)), 38, 78) < 64, "butt cap ends at the tip")
    }

    @Test func strokeEndAnimatesWithPOPAndBasicAnimations() {
        let check = Self.checkmark()
        let animator = Animator()
        check.strokeEnd = 0
        animator.add(BasicAnimation(to: [1], duration: 0.5, timingFunction: .linear), forKey: "draw", to: check,
                     property: .shape(.strokeEnd))
        animator.advance(to: 15)
        #expect(abs(check.strokeEnd - 0.5) < 1e-6)
        animator.add(SpringAnimation(to: [0.2, 0.4, 0.8, 1], bounciness: 4), forKey: "tint", to: check,
                     property: .shape(.strokeColor))
        animator.advance(to: 200)
        #expect(check.strokeEnd == 1)
        #expect(check.strokeColor == Color(red: 0.2, green: 0.4, blue: 0.8, alpha: 1))
    }

    @Test func aMaskShapeCutsTheViewToItsAlpha() {
        let root = View(frame: Rect(0, 0, 100, 100))
        let card = View(frame: Rect(0, 0, 100, 100)).with { $0.backgroundColor = .black }
        card.mask = ShapeView(path: Path(ellipseIn: Rect(0, 0, 50, 50)), frame: Rect(25, 25, 50, 50))
        root.addSubview(card)
        let p = Self.pixels(root, size: Size(100, 100))
        #expect(Self.alpha(p, 50, 50) == 255)
        #expect(Self.alpha(p, 10, 10) == 0)
        #expect(Self.alpha(p, 28, 28) == 0, "outside the oval's curve")
        card.mask!.frame = Rect(0, 0, 50, 50)
        #expect(Self.alpha(Self.pixels(root, size: Size(100, 100)), 10, 10) == 255, "the mask moves")
    }
}
