import Geometry
import Scene
import Testing

@Suite struct ViewGeometryTests {
    @Test func frameIsDerivedFromPositionBoundsAndAnchor() {
        let v = View(frame: Rect(10, 20, 100, 40))
        #expect(v.position == Point(60, 40))
        v.anchorPoint = Point(0, 0)
        #expect(v.frame == Rect(60, 40, 100, 40))
    }

    @Test func settingFrameKeepsAnchorAndMovesPosition() {
        let v = View()
        v.anchorPoint = Point(0.5, 1)
        v.frame = Rect(0, 0, 50, 20)
        #expect(v.position == Point(25, 20))
        #expect(v.bounds.size == Size(50, 20))
    }

    @Test func zeroSizedFrameStillHasAPosition() {
        let v = View(frame: Rect(114.5, 150, 0, 0))
        #expect(v.center == Point(114.5, 150))
        #expect(v.frame == Rect(114.5, 150, 0, 0))
    }

    @Test func insertBelowPutsViewUnderItsSibling() {
        let root = View(), a = View(name: "a"), b = View(name: "b")
        root.addSubview(a)
        root.insertSubview(b, below: a)
        #expect(root.subviews.map(\.name) == ["b", "a"])
        #expect(b.superview === root)
    }

    @Test func presentedFrameShowsAnimatingValues() {
        let v = View(frame: Rect(0, 0, 10, 10))
        v.presentation.position = Point(100, 100)
        #expect(v.presentedFrame == Rect(95, 95, 10, 10))
        #expect(v.frame == Rect(0, 0, 10, 10))
    }
}
