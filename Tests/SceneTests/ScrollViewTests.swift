import Geometry
import Motion
import Scene
import Testing

/// UIScrollView: flicks decelerate at UIKit's rate, bounce back from the ends, snap to pages,
/// drags rubber-band, indicators show while moving, and setContentOffset animates.
@Suite struct ScrollViewTests {
    /// A 320 × 480 scroll view over 1000 points of content, on a stage.
    static func scene() -> (Stage, ScrollView) {
        let stage = Stage(screenSize: Size(320, 480), tintColor: .black)
        let scroll = ScrollView(name: "list", contentSize: Size(320, 1000), frame: Rect(0, 0, 320, 480))
        stage.window.addSubview(scroll)
        return (stage, scroll)
    }

    static func run(_ stage: Stage, frames: Int) {
        for _ in 0..<frames { stage.advanceFrame(); stage.endFrame() }
    }

    @Test func aFlickDeceleratesAtTheNormalRateAndComesToRest() {
        let (stage, scroll) = Self.scene()
        stage.play(Script([.scroll("list", .flick(velocity: Point(0, 600)))]))
        Self.run(stage, frames: 2)
        #expect(!stage.isSettled, "moving on its own")
        Self.run(stage, frames: 600)
        #expect(stage.isSettled)
        // v₀ / (−ln 0.998 × 1000) = 299.7 points in all, less the tail below the rest speed.
        #expect(abs(scroll.contentOffset.y - 299.7) < 3, "\(scroll.contentOffset)")
        #expect(scroll.contentOffset.x == 0)
    }

    @Test func aFlickPastTheEndBouncesBackToIt() {
        let (stage, scroll) = Self.scene()
        stage.play(Script([.scroll("list", .flick(velocity: Point(0, 4000)))]))
        var furthest = 0.0
        for _ in 0..<600 {
            stage.advanceFrame(); stage.endFrame()
            furthest = max(furthest, scroll.contentOffset.y)
        }
        #expect(furthest > 520 && furthest < 700, "overshoots the end (520): \(furthest)")
        #expect(scroll.contentOffset.y == 520)
    }

    @Test func pagingSettlesOnTheNextPage() {
        let (stage, scroll) = Self.scene()
        scroll.isPagingEnabled = true
        scroll.contentSize = Size(960, 480)
        stage.play(Script([.scroll("list", .flick(velocity: Point(800, 0)))]))
        Self.run(stage, frames: 300)
        #expect(scroll.contentOffset == Point(320, 0))
    }

    @Test func aDragPastTheStartRubberBandsAndSpringsBack() {
        let (stage, scroll) = Self.scene()
        stage.play(Script([.scroll("list", .drag(from: Point(0, 0), to: Point(0, -200), duration: 0.5))]))
        Self.run(stage, frames: 31)
        let banded = ScrollPhysics.rubberBand(-200, dimension: 480)
        #expect(abs(scroll.contentOffset.y - banded) < 1e-9, "\(scroll.contentOffset.y) vs \(banded)")
        #expect(banded > -200 && banded < -70, "less than the finger moved")
        Self.run(stage, frames: 120)
        #expect(scroll.contentOffset.y == 0)
    }

    @Test func indicatorsShowWhileMovingAndFadeAfter() {
        let (stage, scroll) = Self.scene()
        scroll.addSubview(View(frame: Rect(0, 0, 320, 1000)).with { $0.backgroundColor = .white })
        func indicatorDrawn() -> Bool {
            let list = stage.displayList(scale: 1, snapping: .round, showTouches: false)
            return list.items.contains { if case let .fill(_, color, _, _) = $0 { return color.alpha > 0 && color.alpha <= 0.35 && color.red == 0 } else { return false } }
        }
        stage.advanceFrame()
        #expect(!indicatorDrawn())
        stage.endFrame()
        scroll.setContentOffset(Point(0, 200), animated: true, animator: stage.animator)
        Self.run(stage, frames: 10)
        stage.advanceFrame()
        #expect(indicatorDrawn())
        #expect(scroll.contentOffset.y > 0 && scroll.contentOffset.y < 200, "animating: \(scroll.contentOffset)")
        stage.endFrame()
        Self.run(stage, frames: 120)
        stage.advanceFrame()
        #expect(!indicatorDrawn())
        #expect(scroll.contentOffset.y == 200)
    }

    @Test func contentIsClippedAndMovesWithTheOffset() {
        let (stage, scroll) = Self.scene()
        let row = View(name: "row", frame: Rect(0, 600, 320, 44))
        scroll.addSubview(row)
        scroll.contentOffset = Point(0, 500)
        stage.advanceFrame()
        #expect(stage.window.snapshot.find("row")?.frame == [0, 100, 320, 44])
        #expect(stage.window.snapshot.find("list")?.bounds == [0, 500, 320, 480])
    }
}
