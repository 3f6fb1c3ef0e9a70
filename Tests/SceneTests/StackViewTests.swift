import Geometry
import Layout
import Scene
import Testing

/// UIStackView's arrangement, checked against the frames each documented distribution and
/// alignment gives: three views of intrinsic widths 40, 60 and 80 (20 tall) in a 300 × 50
/// horizontal stack with 10 points of spacing.
@Suite struct StackViewTests {
    final class Box: View {
        let size: Size
        init(_ name: String, _ width: Double, _ height: Double = 20) {
            size = Size(width, height)
            super.init(name: name)
        }
        override var intrinsicContentSize: Size? { size }
    }

    static func row(_ distribution: StackView.Distribution, alignment: StackView.Alignment = .fill,
                    configure: (StackView) -> Void = { _ in }) -> (root: View, stack: StackView, views: [Box]) {
        let root = View(name: "root", frame: Rect(0, 0, 375, 667))
        let views = [Box("a", 40), Box("b", 60), Box("c", 80)]
        let stack = StackView(name: "stack", arrangedSubviews: views, frame: Rect(0, 0, 300, 50))
        stack.spacing = 10
        stack.distribution = distribution
        stack.alignment = alignment
        configure(stack)
        root.addSubview(stack)
        root.layoutIfNeeded()
        return (root, stack, views)
    }

    static func expect(_ views: [View], xs: [Double], widths: [Double], sourceLocation: SourceLocation = #_sourceLocation) {
        for (i, v) in views.enumerated() {
            #expect(abs(v.frame.x - xs[i]) < 1e-6 && abs(v.frame.width - widths[i]) < 1e-6,
                    "\(v.name): \(v.frame), expected x \(xs[i]) width \(widths[i])", sourceLocation: sourceLocation)
        }
    }

    @Test func fillStretchesTheFirstViewWhenHuggingPrioritiesAreEqual() {
        let (_, _, views) = Self.row(.fill)
        Self.expect(views, xs: [0, 150, 220], widths: [140, 60, 80])
        #expect(views.allSatisfy { $0.frame.y == 0 && $0.frame.height == 50 }, "alignment fill fills the height")
    }

    @Test func fillStretchesTheViewThatHugsLeast() {
        let (_, _, views) = Self.row(.fill) { stack in
            stack.arrangedSubviews[2].setContentHuggingPriority(200, for: .horizontal)
        }
        Self.expect(views, xs: [0, 50, 120], widths: [40, 60, 180])
    }

    @Test func fillEquallyGivesEveryViewTheSameWidth() {
        let (_, _, views) = Self.row(.fillEqually)
        let w = 280.0 / 3
        Self.expect(views, xs: [0, w + 10, 2 * w + 20], widths: [w, w, w])
    }

    @Test func fillProportionallySharesTheWidthByIntrinsicWidth() {
        let (_, _, views) = Self.row(.fillProportionally)
        let widths = [40.0, 60, 80].map { 280 * $0 / 180 }
        Self.expect(views, xs: [0, widths[0] + 10, widths[0] + widths[1] + 20], widths: widths)
    }

    @Test func equalSpacingKeepsIntrinsicWidthsAndEvensTheGaps() {
        let (root, _, views) = Self.row(.equalSpacing)
        Self.expect(views, xs: [0, 100, 220], widths: [40, 60, 80])
        #expect(root.snapshot.find("stack")?.subviews.map(\.id) == ["a", "b", "c"], "spacer guides are not shown")
    }

    @Test func equalCenteringEvensTheDistancesBetweenCentres() {
        let (_, _, views) = Self.row(.equalCentering)
        Self.expect(views, xs: [0, 110, 220], widths: [40, 60, 80])
    }

    @Test func crossAxisAlignmentsPlaceTheViewsTopCentreOrBottom() {
        for (alignment, y) in [(StackView.Alignment.top, 0.0), (.leading, 0), (.center, 15), (.bottom, 30), (.trailing, 30)] {
            let (_, _, views) = Self.row(.equalSpacing, alignment: alignment)
            #expect(views.allSatisfy { $0.frame.y == y && $0.frame.height == 20 }, "\(alignment): \(views.map(\.frame))")
        }
    }

    @Test func layoutMarginsAndCustomSpacingMoveTheViews() {
        let (_, _, inset) = Self.row(.fillEqually) { $0.isLayoutMarginsRelativeArrangement = true }
        Self.expect(inset, xs: [8, 106, 204], widths: [88, 88, 88])
        #expect(inset.allSatisfy { $0.frame.y == 8 && $0.frame.height == 34 })
        let (_, _, custom) = Self.row(.fill) { $0.setCustomSpacing(30, after: $0.arrangedSubviews[0]) }
        Self.expect(custom, xs: [0, 150, 220], widths: [120, 60, 80])
    }

    @Test func aHiddenViewCollapsesAndItsSpacingGoes() {
        let (root, _, views) = Self.row(.fill)
        views[1].isHidden = true
        root.layoutIfNeeded()
        Self.expect(views, xs: [0, 220, 220], widths: [210, 0, 80])
    }

    @Test func insertAndRemoveArrangedSubviewRearrangeTheRow() {
        let (root, stack, views) = Self.row(.equalSpacing)
        let d = Box("d", 20)
        stack.insertArrangedSubview(d, at: 0)
        root.layoutIfNeeded()
        // 200 of content and three equal gaps of 100/3 points.
        Self.expect([d] + views, xs: [0, 20 + 100.0 / 3, 60 + 200.0 / 3, 220], widths: [20, 40, 60, 80])
        stack.removeArrangedSubview(views[0])
        views[0].removeFromSuperview()
        root.layoutIfNeeded()
        Self.expect([d, views[1], views[2]], xs: [0, 90, 220], widths: [20, 60, 80])
    }

    @Test func aVerticalStackConstrainedFromOutsideSizesToItsViews() {
        let root = View(name: "root", frame: Rect(0, 0, 375, 667))
        let views = [Box("a", 100, 30), Box("b", 200, 40)]
        let stack = StackView(name: "stack", arrangedSubviews: views)
        stack.axis = .vertical
        stack.alignment = .center
        stack.spacing = 8
        stack.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(stack)
        root.addConstraints([
            LayoutConstraint(item: stack, attribute: .centerX, relatedBy: .equal, toItem: root, attribute: .centerX),
            LayoutConstraint(item: stack, attribute: .top, relatedBy: .equal, toItem: root, attribute: .top, constant: 100),
        ])
        root.layoutIfNeeded()
        #expect(stack.frame == Rect(87.5, 100, 200, 78))
        #expect(views[0].frame == Rect(50, 0, 100, 30))
        #expect(views[1].frame == Rect(0, 38, 200, 40))
    }

    @Test func hidingInsideAnAnimationBlockCollapsesTheViewWhileTheOthersMove() {
        let stage = Stage(screenSize: Size(375, 667), tintColor: .black)
        let views = [Box("a", 40), Box("b", 60), Box("c", 80)]
        let stack = StackView(name: "stack", arrangedSubviews: views, frame: Rect(0, 0, 300, 50))
        stack.spacing = 10
        stage.window.addSubview(stack)
        stage.window.layoutIfNeeded()
        stage.advanceFrame()
        stage.endFrame()
        stage.animate(duration: 0.5, curve: .linear, changes: { views[1].isHidden = true })
        for _ in 0..<15 { stage.advanceFrame(); stage.endFrame() }
        stage.advanceFrame()
        let middle = stage.window.snapshot
        #expect(middle.find("b")?.hidden == false, "shown while it collapses")
        let width = middle.find("b")!.frame[2]
        #expect(width > 5 && width < 55, "half-way: \(width)")
        let cx = middle.find("c")!.frame[0]
        #expect(abs(cx - 220) < 1e-6, "c stays at the end: \(cx)")
        let aw = middle.find("a")!.frame[2]
        #expect(aw > 140 && aw < 210, "a grows: \(aw)")
        stage.endFrame()
        for _ in 0..<30 { stage.advanceFrame(); stage.endFrame() }
        let end = stage.window.snapshot
        #expect(end.find("b")?.hidden == true)
        #expect(end.find("a")?.frame == [0, 0, 210, 50])
        #expect(stage.isSettled)
    }
}
