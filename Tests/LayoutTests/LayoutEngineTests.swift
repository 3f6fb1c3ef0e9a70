import Geometry
import Layout
import Testing

@Suite struct LayoutEngineTests {
    private let root = LayoutBox("superview")
    private let engine: LayoutEngine
    private let a = LayoutBox("a"), b = LayoutBox("b")

    init() {
        engine = LayoutEngine(root: root, size: Size(320, 480))
        engine.add(a, to: root)
        engine.add(b, to: root)
    }

    private func c(_ text: String) throws -> LayoutConstraint {
        try engine.constraint(parsing: text, items: ["superview": root, "a": a, "b": b])
    }

    @Test func conflictIsReportedLikeUIKitAndLayoutContinues() throws {
        var logged: [String] = []
        engine.onConflict = { logged.append($0.description) }
        let width100 = try c("a.width == 100"), width200 = try c("a.width == 200")
        engine.activate([try c("a.left == 10"), width100, width200, try c("b.width == a.width + 5")])
        #expect(engine.frame(of: a) == Rect(10, 0, 100, 0))
        #expect(engine.frame(of: b).width == 105)
        #expect(engine.conflicts.count == 1)
        #expect(engine.conflicts.first?.constraints.map { $0 === width100 || $0 === width200 } == [true, true])
        #expect(engine.conflicts.first?.broken === width200)
        #expect(logged.first?.hasPrefix("Unable to simultaneously satisfy constraints.") == true)
        #expect(logged.first?.contains("Will attempt to recover by breaking constraint \n<LayoutConstraint a.width == 200>") == true)
    }

    @Test func conflictListsOnlyTheConstraintsInvolved() throws {
        let cs = try ["a.left == 0", "a.width == 50", "b.left == a.right + 10", "b.width == 30", "b.right == 80", "b.top == 7"]
            .map(c)
        engine.activate(cs)
        #expect(engine.conflicts.first?.constraints.map(\.description)
            == ["a.left == 0", "a.width == 50", "b.left == a.right + 10", "b.width == 30", "b.right == 80"])
        #expect(engine.frame(of: b) == Rect(60, 7, 30, 0))
    }

    @Test func changingAConstantMovesTheViewWithoutRebuilding() throws {
        let left = try c("a.left == 20")
        engine.activate([left, try c("a.width == 100")])
        left.constant = 60
        #expect(engine.frame(of: a).x == 60)
        engine.deactivate([left])
        engine.activate([try c("a.right == superview.right - 10")])
        #expect(engine.frame(of: a).x == 210)
    }

    @Test func multiplierOnSuperviewCentreIsMeasuredInTheSuperviewsBounds() throws {
        let inner = LayoutBox("inner"), child = LayoutBox("child")
        engine.add(inner, to: root)
        engine.add(child, to: inner)
        let items: [String: LayoutItem] = ["superview": root, "inner": inner, "child": child]
        for text in ["inner.left == 100", "inner.width == 200", "child.width == 20",
                     "child.centerX == inner.centerX * 0.5"] {
            engine.activate([try engine.constraint(parsing: text, items: items)])
        }
        #expect(engine.frame(of: child).x == 40)
        #expect(engine.frame(of: child).midX == 50)
    }

    @Test func intrinsicSizeGivesWayToRequiredConstraintsByPriority() throws {
        engine.setIntrinsicContentSize(Size(57, 30), for: a)
        engine.activate([try c("a.left == 0"), try c("a.top == 0")])
        #expect(engine.frame(of: a).size == Size(57, 30))
        let stretch = try c("a.width == 200 @500")
        engine.activate([stretch])
        #expect(engine.frame(of: a).width == 200)  // 500 beats the default hugging, 250
        engine.setContentHuggingPriority(600, for: .horizontal, of: a)
        #expect(engine.frame(of: a).width == 57)
        engine.setContentHuggingPriority(250, for: .horizontal, of: a)
        #expect(engine.frame(of: a).width == 200)
        stretch.priority = 200
        #expect(engine.frame(of: a).width == 57)
    }

    @Test func rotatingTheRootResolvesIncrementally() throws {
        engine.activate(try engine.constraints(withVisualFormat: "H:|-[a]-|", views: ["a": a]))
        #expect(engine.frame(of: a).width == 280)
        engine.rootSize = Size(480, 320)
        #expect(engine.frame(of: a).width == 440)
    }

    @Test func removingAnItemDeactivatesItsConstraints() throws {
        engine.activate([try c("a.width == 10"), try c("b.width == a.width * 2")])
        #expect(engine.frame(of: b).width == 20)
        engine.remove(a)
        #expect(!engine.contains(a))
        #expect(engine.constraints.count == 4)
        #expect(engine.frame(of: b).width == 0)
    }

    @Test(arguments: [
        ("a.wdth == 5", "Unknown attribute. Must be one of left, right, top, bottom, leading, trailing, width, height, centerX, centerY, lastBaseline, firstBaseline", 2),
        ("q.width == 5", "Unable to find view with name q", 1),
        ("a.width = 5", "Unknown relation. Must be ==, >=, or <=", 9),
        ("a.width == b.width * x", "Expected a number", 21),
        ("a.width == 5 @2000", "Invalid priority specified: 2000. Priority cannot be higher than NSLayoutPriorityRequired, which is 1000.", 18),
        ("a.width == 5 5", "Expected the end of the constraint", 13),
        ("a width == 5", "Expected '.' and an attribute after the view name", 1),
    ])
    func malformedConstraintTextPointsAtTheProblem(text: String, message: String, position: Int) {
        #expect(throws: VisualFormatError(message: message, format: text, position: position)) { _ = try c(text) }
    }

    @Test func constraintTextReadsMultiplierConstantAndPriority() throws {
        #expect(try c("a.centerX == superview.centerX*0.5 - 10 @ 750").description
            == "a.centerX == 0.5*superview.centerX - 10 @750")
        #expect(try c("b.height >= 44").description == "b.height >= 44")
    }

    @Test func alignAllBaselineUsesEachItemsBaselineOffset() throws {
        engine.activate([try c("a.top == 10"), try c("a.height == 30"), try c("b.height == 20")])
        engine.activate(try engine.constraints(withVisualFormat: "[a]-[b]", options: .alignAllBaseline,
                                               views: ["a": a, "b": b]))
        #expect(engine.frame(of: b).maxY == 40)  // without text, baselines are the bottoms
        engine.setBaselineOffset(24, for: a)
        engine.setBaselineOffset(16, for: b)
        #expect(engine.frame(of: b).y == 10 + 24 - 16)
    }
}

/// Conflicts are explained from the solver's proof of infeasibility, so a conflicting chain of
/// a thousand views is reported without re-solving it once per constraint.
@Suite struct LargeConflictTests {
    @Test func aThousandViewChainThatCannotFitIsReportedWhole() throws {
        let root = LayoutBox("superview")
        let engine = LayoutEngine(root: root, size: Size(320, 568))
        var views: [String: LayoutItem] = [:]
        for i in 0..<1000 {
            let box = LayoutBox("v\(i)")
            engine.add(box, to: root)
            views["v\(i)"] = box
        }
        let format = "H:|" + (0..<1000).map { "-[v\($0)(>=10)]" }.joined() + "-|"
        engine.activate(try engine.constraints(withVisualFormat: format, options: [], metrics: [:], views: views))
        #expect(engine.conflicts.count == 1)
        // Every gap and every minimum width is needed for the overflow: the minimal set is the chain.
        #expect(engine.conflicts.first?.constraints.count == 2002)
        #expect(engine.conflicts.first?.broken.description == "superview.trailing == v999.trailing + 20")
        #expect(engine.frame(of: views["v999"]!).width == 10)
    }

    @Test func manySmallConflictsAreEachMinimal() throws {
        let root = LayoutBox("superview")
        let engine = LayoutEngine(root: root, size: Size(320, 568))
        var items: [String: LayoutItem] = ["superview": root]
        for i in 0..<300 {
            let box = LayoutBox("v\(i)")
            engine.add(box, to: root)
            items["v\(i)"] = box
        }
        for i in 1..<300 { engine.activate([try engine.constraint(parsing: "v\(i).width == v\(i - 1).width + 1", items: items)]) }
        engine.activate([try engine.constraint(parsing: "v0.width == 5", items: items)])
        for i in stride(from: 0, to: 300, by: 3) {
            engine.activate([try engine.constraint(parsing: "v\(i).width == v\(i + 1).width", items: items)])
        }
        #expect(engine.conflicts.count == 100)
        #expect(engine.conflicts.allSatisfy { $0.constraints.count == 2 })
        let first = engine.conflicts[0].constraints.map(\.description)
        #expect(first == ["v1.width == v0.width + 1", "v0.width == v1.width"])
        #expect(engine.frame(of: items["v299"]!).width == 304)
    }
}
