import Geometry
import Layout
import Testing

/// Every example of the Visual Format Language appendix of Apple's Auto Layout Guide.
@Suite struct VisualFormatTests {
    private let root = LayoutBox("superview")
    private let engine: LayoutEngine
    private var views: [String: LayoutItem] = [:]

    init() {
        engine = LayoutEngine(root: root, size: Size(320, 480))
        for name in ["button", "textField", "purpleBox", "topField", "bottomField", "maroonView", "blueView",
                     "button1", "button2", "flexibleButton", "find", "findNext", "findField", "a", "b", "c"] {
            let box = LayoutBox(name)
            engine.add(box, to: root)
            views[name] = box
        }
    }

    private func descriptions(_ format: String, _ options: FormatOptions = [],
                              metrics: [String: Double] = [:]) throws -> [String] {
        try engine.constraints(withVisualFormat: format, options: options, metrics: metrics, views: views).map(\.description)
    }

    @Test func standardSpaceBetweenSiblingsIsEightPoints() throws {
        #expect(try descriptions("[button]-[textField]") == ["textField.leading == button.trailing + 8"])
    }

    @Test func widthPredicateRelatesTheViewsWidthToAConstant() throws {
        #expect(try descriptions("[button(>=50)]") == ["button.width >= 50"])
    }

    @Test func connectionToSuperviewUsesItsEdges() throws {
        #expect(try descriptions("|-50-[purpleBox]-50-|") == [
            "purpleBox.leading == superview.leading + 50", "superview.trailing == purpleBox.trailing + 50",
        ])
    }

    @Test func verticalLayoutUsesTopAndBottom() throws {
        #expect(try descriptions("V:[topField]-10-[bottomField]") == ["bottomField.top == topField.bottom + 10"])
    }

    @Test func viewsWithoutAConnectionAreFlush() throws {
        #expect(try descriptions("[maroonView][blueView]") == ["blueView.leading == maroonView.trailing"])
    }

    @Test func priorityFollowsTheAtSign() throws {
        #expect(try descriptions("[button(100@20)]") == ["button.width == 100 @20"])
    }

    @Test func equalWidthsNameTheOtherView() throws {
        #expect(try descriptions("[button1(==button2)]") == ["button1.width == button2.width"])
    }

    @Test func predicateListMakesOneConstraintEach() throws {
        #expect(try descriptions("[flexibleButton(>=70,<=100)]") == [
            "flexibleButton.width >= 70", "flexibleButton.width <= 100",
        ])
    }

    @Test func completeLineMixesStandardSpacesAndPredicates() throws {
        #expect(try descriptions("|-[find]-[findNext]-[findField(>=20)]-|") == [
            "find.leading == superview.leading + 20", "findNext.leading == find.trailing + 8",
            "findField.leading == findNext.trailing + 8", "findField.width >= 20",
            "superview.trailing == findField.trailing + 20",
        ])
    }

    @Test func completeLineLaysOutLikeIOS7() throws {
        engine.activate(try engine.constraints(withVisualFormat: "|-[find]-[findNext]-[findField(>=20)]-|", views: views))
        engine.activate(try engine.constraints(withVisualFormat: "[find(50)]", views: views))
        engine.activate(try engine.constraints(withVisualFormat: "[findNext(60)]", views: views))
        #expect(engine.frame(of: views["findField"]!).x == 20 + 50 + 8 + 60 + 8)
        #expect(engine.frame(of: views["findField"]!).width == 320 - 20 - (20 + 50 + 8 + 60 + 8))
    }

    @Test func metricsAndPriorityMetricsAreLookedUp() throws {
        #expect(try descriptions("|-(>=margin@low)-[a(w)]", metrics: ["margin": 12, "low": 250, "w": 44]) == [
            "a.leading >= superview.leading + 12 @250", "a.width == 44",
        ])
    }

    @Test func negativeNumbersNeedParentheses() throws {
        #expect(try descriptions("[a]-(-5)-[b]") == ["b.leading == a.trailing - 5"])
    }

    @Test func gapPredicateListRelatesTheGapEachTime() throws {
        #expect(try descriptions("[a]-(>=8@750,<=20)-[b]") == [
            "b.leading >= a.trailing + 8 @750", "b.leading <= a.trailing + 20",
        ])
    }

    @Test func alignmentOptionsChainNeighbouringPairs() throws {
        #expect(try descriptions("[a][b]-[c]", [.alignAllTop, .alignAllBottom]) == [
            "b.leading == a.trailing", "c.leading == b.trailing + 8",
            "a.top == b.top", "a.bottom == b.bottom", "b.top == c.top", "b.bottom == c.bottom",
        ])
    }

    @Test func alignmentIgnoredForASingleView() throws {
        #expect(try descriptions("|-[a]-|", .alignAllTop) == [
            "a.leading == superview.leading + 20", "superview.trailing == a.trailing + 20",
        ])
    }

    @Test func directionOptionsUseLeftAndRight() throws {
        #expect(try descriptions("|-[a]-[b]", .directionLeftToRight) == [
            "a.left == superview.left + 20", "b.left == a.right + 8",
        ])
        #expect(try descriptions("|-[a]-[b]", .directionRightToLeft) == [
            "superview.right == a.right + 20", "a.left == b.right + 8",
        ])
    }

    @Test func rightToLeftLaysOutFromTheRightEdge() throws {
        engine.activate(try engine.constraints(withVisualFormat: "|-[a(30)]-[b(40)]", options: .directionRightToLeft,
                                               views: views))
        #expect(engine.frame(of: views["a"]!).x == 320 - 20 - 30)
        #expect(engine.frame(of: views["b"]!).x == 320 - 20 - 30 - 8 - 40)
    }
}
