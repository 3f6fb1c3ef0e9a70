import Geometry
import Layout
import Scene
import Testing
import Text

@Suite struct AutoLayoutTests {
    /// A 320×568 root with one constrained subview `a`.
    static func rootWithView() -> (root: View, a: View) {
        let root = View(name: "root", frame: Rect(0, 0, 320, 568))
        let a = View(name: "a")
        a.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(a)
        return (root, a)
    }

    static func expectFrame(_ view: View, _ expected: Rect, sourceLocation: SourceLocation = #_sourceLocation) {
        let f = view.frame
        let close = [f.x - expected.x, f.y - expected.y, f.width - expected.width, f.height - expected.height]
            .allSatisfy { abs($0) < 1e-9 }
        #expect(close, "\(view.name): \(f) is not \(expected)", sourceLocation: sourceLocation)
    }

    @Test func visualFormatWithStandardSpacingPlacesTheViewTwentyPointsFromTheEdges() throws {
        let (root, a) = Self.rootWithView()
        root.addConstraints(try View.constraints(withVisualFormat: "H:|-[a]-|", views: ["a": a]))
        root.addConstraints(try View.constraints(withVisualFormat: "V:|-[a(h)]", metrics: ["h": 30], views: ["a": a]))
        root.layoutIfNeeded()
        Self.expectFrame(a, Rect(20, 20, 280, 30))
    }

    @Test func alignmentOptionsAndEqualWidthsSplitTheRow() throws {
        let root = View(name: "root", frame: Rect(0, 0, 320, 568))
        let (b, c) = (View(name: "b"), View(name: "c"))
        for v in [b, c] {
            v.translatesAutoresizingMaskIntoConstraints = false
            root.addSubview(v)
        }
        let views = ["b": b, "c": c]
        root.addConstraints(try View.constraints(withVisualFormat: "H:|-(20)-[b]-(20)-[c(==b)]-(20)-|",
                                                 options: .alignAllTop, views: views))
        root.addConstraints(try View.constraints(withVisualFormat: "V:|-(100)-[b(50)]", views: views))
        root.addConstraints(try View.constraints(withVisualFormat: "V:[c(50)]", views: views))
        root.layoutIfNeeded()
        Self.expectFrame(b, Rect(20, 100, 130, 50))
        Self.expectFrame(c, Rect(170, 100, 130, 50))
    }

    @Test func viewsThatTranslateTheirFramesStayPutAndAnchorOthers() throws {
        let root = View(name: "root", frame: Rect(0, 0, 320, 568))
        let fixed = View(name: "fixed", frame: Rect(10, 40, 100, 60))
        root.addSubview(fixed)
        let below = View(name: "below")
        below.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(below)
        let views = ["fixed": fixed, "below": below]
        root.addConstraints(try View.constraints(withVisualFormat: "V:[fixed]-[below(20)]", views: views))
        root.addConstraints(try View.constraints(withVisualFormat: "H:[below(==fixed)]", options: [], views: views))
        root.addConstraint(LayoutConstraint(item: below, attribute: .left, relatedBy: .equal, toItem: fixed,
                                            attribute: .left))
        root.layoutIfNeeded()
        Self.expectFrame(fixed, Rect(10, 40, 100, 60))
        Self.expectFrame(below, Rect(10, 108, 100, 20))
        fixed.frame = Rect(30, 40, 50, 10)
        root.layoutIfNeeded()
        Self.expectFrame(below, Rect(30, 58, 50, 20))
    }

    /// Two system 17 labels, `left` and `right`, in a root view `width` wide, placed by constraints.
    static func twoLabels(_ left: String, _ right: String, width: Double) -> (View, Label, Label) {
        let root = View(name: "root", frame: Rect(0, 0, width, 100))
        let font = Font.named("system", size: 17)
        let labels = [Label(name: "left", text: left, font: font), Label(name: "right", text: right, font: font)]
        for v in labels {
            v.translatesAutoresizingMaskIntoConstraints = false
            root.addSubview(v)
        }
        return (root, labels[0], labels[1])
    }

    @Test func theLessHuggingLabelStretchesToFillTheRow() throws {
        let (root, left, right) = Self.twoLabels("Name", "Value", width: 320)
        right.setContentHuggingPriority(LayoutPriority(200), for: .horizontal)
        root.addConstraints(try View.constraints(withVisualFormat: "H:|-[left]-[right]-|", options: .alignAllTop,
                                                 views: ["left": left, "right": right]))
        root.addConstraints(try View.constraints(withVisualFormat: "V:|-[left]", views: ["left": left]))
        root.layoutIfNeeded()
        let natural = try #require(left.intrinsicContentSize)
        Self.expectFrame(left, Rect(20, 20, natural.width, natural.height))
        #expect(abs(right.frame.maxX - 300) < 1e-9)
        #expect(abs(right.frame.minX - (20 + natural.width + 8)) < 1e-9)
    }

    @Test func theLessResistantLabelIsTheOneSqueezedWhenTheRowIsTooNarrow() throws {
        let (root, left, right) = Self.twoLabels("A long name", "A long value", width: 120)
        left.setContentCompressionResistancePriority(LayoutPriority(700), for: .horizontal)
        #expect(left.contentCompressionResistancePriority(for: .horizontal) == LayoutPriority(700))
        root.addConstraints(try View.constraints(withVisualFormat: "H:|[left][right]|", options: .alignAllTop,
                                                 views: ["left": left, "right": right]))
        root.addConstraints(try View.constraints(withVisualFormat: "V:|[left]", views: ["left": left]))
        root.layoutIfNeeded()
        let natural = try #require(right.intrinsicContentSize)
        #expect(abs(right.frame.width - natural.width) < 1e-9)
        #expect(abs(left.frame.width - (120 - natural.width)) < 1e-9)
    }

    @Test func changingAConstantIsPickedUpByTheNextLayout() throws {
        let (root, a) = Self.rootWithView()
        let width = LayoutConstraint(item: a, attribute: .width, relatedBy: .equal, toItem: nil, attribute: nil,
                                     constant: 100)
        root.addConstraint(width)
        root.addConstraints(try View.constraints(withVisualFormat: "V:|[a(10)]", views: ["a": a]))
        root.addConstraints(try View.constraints(withVisualFormat: "H:|[a]", views: ["a": a]))
        root.layoutIfNeeded()
        Self.expectFrame(a, Rect(0, 0, 100, 10))
        width.constant = 250
        root.layoutIfNeeded()
        Self.expectFrame(a, Rect(0, 0, 250, 10))
    }

    /// A 320×568 stage whose window holds one view called `name`, placed by `formats`.
    static func stageWithView(_ name: String, _ formats: [String]) throws -> (Stage, View) {
        let stage = Stage(screenSize: Size(320, 568), tintColor: .black)
        let view = View(name: name)
        view.translatesAutoresizingMaskIntoConstraints = false
        stage.window.addSubview(view)
        for format in formats {
            stage.window.addConstraints(try View.constraints(withVisualFormat: format, views: [name: view]))
        }
        return (stage, view)
    }

    @Test func removingAndReAddingAWidthConstraintInsideASpringBlockAnimatesTheWidth() throws {
        let (stage, bar) = try Self.stageWithView("bar", ["H:|-[bar]", "V:|-[bar(10)]"])
        var width = LayoutConstraint(item: bar, attribute: .width, relatedBy: .equal, toItem: nil, attribute: nil)
        stage.window.addConstraint(width)
        stage.advanceFrame()
        #expect(bar.frame.width == 0)
        stage.endFrame()

        stage.window.removeConstraint(width)
        width = LayoutConstraint(item: bar, attribute: .width, relatedBy: .equal, toItem: nil, attribute: nil,
                                 constant: 200)
        stage.window.addConstraint(width)
        stage.animate(duration: 0.3, dampingRatio: 0.7, initialVelocity: 0.7) { stage.window.layoutIfNeeded() }
        #expect(bar.frame.width == 200)
        var widths: [Double] = []
        for _ in 0..<30 {
            stage.advanceFrame()
            widths.append(bar.presentedFrame.width)
            stage.endFrame()
        }
        #expect(widths.first == 0)
        #expect(widths.contains { $0 > 0 && $0 < 200 })
        #expect(widths.last == 200)
    }

    @Test func theStageLaysOutOnTheFrameAfterConstraintsAreAdded() throws {
        let (stage, a) = try Self.stageWithView("a", ["H:|-[a]-|", "V:|-[a(30)]"])
        #expect(stage.window.needsLayout)
        stage.advanceFrame()
        #expect(!stage.window.needsLayout)
        Self.expectFrame(a, Rect(20, 20, 280, 30))
    }

    @Test func conflictingRequiredConstraintsAreReportedOnceAndTheRestStillApply() throws {
        let (root, a) = Self.rootWithView()
        root.addConstraints(try View.constraints(withVisualFormat: "H:|-[a]-|", views: ["a": a]))
        root.addConstraints(try View.constraints(withVisualFormat: "V:|-[a(30)]", views: ["a": a]))
        root.addConstraints(try View.constraints(withVisualFormat: "H:[a(100)]", views: ["a": a]))
        root.layoutIfNeeded()
        root.layoutIfNeeded()
        #expect(root.layoutConflicts.count == 1)
        #expect(root.layoutConflicts.first?.broken.constant == 100)
        Self.expectFrame(a, Rect(20, 20, 280, 30))
    }

    @Test func removingAViewLeavesOutTheConstraintsThatNameIt() throws {
        let (root, a) = Self.rootWithView()
        let b = View(name: "b")
        b.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(b)
        let views = ["a": a, "b": b]
        root.addConstraints(try View.constraints(withVisualFormat: "H:|-[a(50)]-[b(50)]", views: views))
        root.addConstraints(try View.constraints(withVisualFormat: "V:|[a(10)]", views: views))
        root.addConstraints(try View.constraints(withVisualFormat: "V:|[b(10)]", views: views))
        root.layoutIfNeeded()
        Self.expectFrame(b, Rect(78, 0, 50, 10))
        a.removeFromSuperview()
        root.layoutIfNeeded()
        #expect(root.layoutConflicts.isEmpty)
        #expect(b.frame.size == Size(50, 10))
    }

    @Test func aTreeLaidOutOnItsOwnKeepsItsConstraintsWhenAddedToAWindow() throws {
        let (card, a) = Self.rootWithView()
        card.frame = Rect(0, 0, 200, 100)
        card.addConstraints(try View.constraints(withVisualFormat: "H:|-[a]-|", views: ["a": a]))
        card.addConstraints(try View.constraints(withVisualFormat: "V:|[a(10)]", views: ["a": a]))
        card.layoutIfNeeded()
        Self.expectFrame(a, Rect(20, 0, 160, 10))
        let window = View(name: "window", frame: Rect(0, 0, 320, 568))
        window.addSubview(card)
        card.frame = Rect(10, 10, 300, 100)
        card.layoutIfNeeded()
        Self.expectFrame(a, Rect(20, 0, 260, 10))
        #expect(window.layoutConflicts.isEmpty)
    }

    @Test func aBadVisualFormatThrowsInsteadOfCrashing() {
        let (_, a) = Self.rootWithView()
        #expect(throws: VisualFormatError.self) { try View.constraints(withVisualFormat: "H:|-[a", views: ["a": a]) }
        #expect(throws: VisualFormatError.self) { try View.constraints(withVisualFormat: "H:|-[zz]-|", views: ["a": a]) }
    }
}
