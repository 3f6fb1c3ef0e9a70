import Geometry
import Layout
import Testing

@Suite struct DemoLayoutTests {
    /// Popping's ConstraintsViewController: the four formats for one shuffle order.
    private func constraintsDemo(_ order: [String], size: Size = Size(320, 568)) throws -> [String: Rect] {
        let root = LayoutBox("view")
        let engine = LayoutEngine(root: root, size: size)
        let content = LayoutBox("contentView")
        engine.add(content, to: root)
        var views: [String: LayoutItem] = [:]
        for name in ["_redView", "_greenView", "_blueView"] {
            let box = LayoutBox(name)
            engine.add(box, to: content)
            views[name] = box
        }
        engine.activate(try engine.constraints(withVisualFormat: "H:|[contentView]|", views: ["contentView": content]))
        engine.activate(try engine.constraints(withVisualFormat: "V:|[contentView]|", views: ["contentView": content]))
        let (first, second, third) = (order[0], order[1], order[2])
        engine.activate(try engine.constraints(withVisualFormat: "H:|-(20)-[\(first)]-(20)-|", views: views))
        engine.activate(try engine.constraints(
            withVisualFormat: "H:|-(20)-[\(second)]-(20)-[\(third)(==\(second))]-(20)-|", options: .alignAllTop, views: views))
        engine.activate(try engine.constraints(
            withVisualFormat: "V:|-(88)-[\(first)]-(20)-[\(second)(==\(first))]-(20)-|", views: views))
        engine.activate(try engine.constraints(
            withVisualFormat: "V:|-(88)-[\(first)]-(20)-[\(third)(==\(first))]-(20)-|", views: views))
        #expect(engine.conflicts.isEmpty)
        return Dictionary(uniqueKeysWithValues: views.keys.map { ($0, engine.frame(of: views[$0]!)) })
    }

    @Test(arguments: [
        ["_redView", "_greenView", "_blueView"], ["_greenView", "_blueView", "_redView"],
        ["_blueView", "_redView", "_greenView"], ["_blueView", "_greenView", "_redView"],
    ])
    func constraintsDemoGivesTheThreeFramesInEveryShuffledRole(order: [String]) throws {
        let frames = try constraintsDemo(order)
        #expect(frames[order[0]] == Rect(20, 88, 280, 220))
        #expect(frames[order[1]] == Rect(20, 328, 130, 220))
        #expect(frames[order[2]] == Rect(170, 328, 130, 220))
    }

    @Test func constraintsDemoOnA480PointScreenShrinksTheHeights() throws {
        let frames = try constraintsDemo(["_redView", "_greenView", "_blueView"], size: Size(320, 480))
        #expect(frames["_redView"] == Rect(20, 88, 280, 176))
        #expect(frames["_greenView"] == Rect(20, 284, 130, 176))
        #expect(frames["_blueView"] == Rect(170, 284, 130, 176))
    }

    /// The iOS 7 Cookbook register form: two text fields and a centred button, 30 pt tall.
    private func registerForm(_ size: Size) throws -> (LayoutEngine, [String: LayoutBox]) {
        let root = LayoutBox("view")
        let engine = LayoutEngine(root: root, size: size)
        let email = LayoutBox("_textFieldEmail"), confirm = LayoutBox("_textFieldConfirmEmail")
        let button = LayoutBox("_registerButton")
        for (box, intrinsic) in [(email, Size(-1, 30)), (confirm, Size(-1, 30)), (button, Size(57, 30))] {
            engine.add(box, to: root)
            engine.setIntrinsicContentSize(intrinsic, for: box)
        }
        let views: [String: LayoutItem] = [
            "_textFieldEmail": email, "_textFieldConfirmEmail": confirm, "_registerButton": button,
        ]
        for format in ["H:|-[_textFieldEmail]-|", "V:|-[_textFieldEmail]", "H:|-[_textFieldConfirmEmail]-|",
                       "V:[_textFieldEmail]-[_textFieldConfirmEmail]"] {
            engine.activate(try engine.constraints(withVisualFormat: format, views: views))
        }
        engine.activate([LayoutConstraint(item: button, attribute: .centerX, relatedBy: .equal, toItem: root,
                                          attribute: .centerX)])
        engine.activate(try engine.constraints(withVisualFormat: "V:[_textFieldConfirmEmail]-[_registerButton]", views: views))
        return (engine, ["email": email, "confirm": confirm, "button": button])
    }

    @Test func registerFormInPortrait() throws {
        let (engine, boxes) = try registerForm(Size(320, 568))
        #expect(engine.frame(of: boxes["email"]!) == Rect(20, 20, 280, 30))
        #expect(engine.frame(of: boxes["confirm"]!) == Rect(20, 58, 280, 30))
        #expect(engine.frame(of: boxes["button"]!) == Rect(131.5, 96, 57, 30))
    }

    @Test func registerFormRotatesToLandscapeIncrementally() throws {
        let (engine, boxes) = try registerForm(Size(320, 568))
        engine.rootSize = Size(568, 320)
        #expect(engine.frame(of: boxes["email"]!) == Rect(20, 20, 528, 30))
        #expect(engine.frame(of: boxes["confirm"]!) == Rect(20, 58, 528, 30))
        #expect(engine.frame(of: boxes["button"]!) == Rect(255.5, 96, 57, 30))
    }
}
