import Geometry
import Layout
import Testing

/// Malformed formats: Apple's message and the caret position, including the four examples the
/// Auto Layout Guide prints.
@Suite struct VisualFormatErrorTests {
    private let engine: LayoutEngine
    private var views: [String: LayoutItem] = [:]

    init() {
        let root = LayoutBox("superview")
        engine = LayoutEngine(root: root, size: Size(320, 480))
        for name in ["backgroundBox", "whiteBox1", "whiteBox2", "blackBox4", "redBox", "a", "b"] {
            let box = LayoutBox(name)
            engine.add(box, to: root)
            views[name] = box
        }
        views["orphan"] = LayoutBox("orphan")
    }

    private func failure(_ format: String, _ options: FormatOptions = []) -> VisualFormatError? {
        do {
            _ = try engine.constraints(withVisualFormat: format, options: options, metrics: ["blackWidth": 50],
                                       views: views)
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: [
        ("V|[backgroundBox]|", "Expected ':' after 'V' to specify vertical arrangement", 1),
        ("|[whiteBox1][blackBox4(blackWidth][redBox]|",
         "A predicate on a view's thickness must end with ')' and the view must end with ']'", 33),
        ("|[whiteBox2][blackBox]", "Unable to find view with name blackBox", 21),
        ("V:|[blackBox4(>30)]|", "Unknown relation. Must be ==, >=, or <=", 15),
    ])
    func appleGuideExamplesGiveTheSameMessageAndCaret(format: String, message: String, position: Int) {
        let error = failure(format)
        #expect(error?.message == message)
        #expect(error?.position == position)
    }

    @Test(arguments: [
        ("", "It's an empty string.", 0),
        ("H[a]", "Expected ':' after 'H' to specify horizontal arrangement", 1),
        ("x[a]", "Expected a view or '|'", 0),
        ("|-", "Expected a view or '|'", 2),
        ("|-20", "Expected a '-' here", 4),
        ("|-20@750-[a]", "Expected a '-' here. To specify a list of constraints, you must use parentheses around the list of constraints", 4),
        ("|--5-[a]", "Cannot tell if this - is a minus sign or an accidental extra bar in the connection. Use parentheses around negative numbers.", 2),
        ("[a]-(8]", "Expected a ')' at the end of a constraint modifier, or a ',' before another constraint modifier", 6),
        ("[a]-(==b)-[b]", "It's not possible to set a space equal to the width or height of a view.  Perhaps you want to use a view as a spacer? [view1][spacer(==view1)][view2]", 8),
        ("[a(gap)]", "Encountered metric with name \"gap\", but value was not specified in metrics or views dictionaries", 6),
        ("[a(==)]", "Expected a number or key from the metrics dictionary, but encountered something else", 5),
        ("[a(10@0)]", "Invalid priority specified: 0. Priority must be greater than 0", 7),
        ("[a(10@1001)]", "Invalid priority specified: 1001. Priority cannot be higher than NSLayoutPriorityRequired, which is 1000.", 10),
        ("[9a]", "Expected a view. View names must start with a letter or an underscore, then contain letters, numbers, and underscores.", 1),
        ("[a", "Unexpectedly ran out of character fodder in the middle of parsing a view", 2),
        ("[", "Unexpectedly ran out of character fodder in the middle of parsing a view", 1),
        ("[a b]", "Expected a ']' here. That is how you give the end of a view.", 2),
        ("[a(10)b]", "Expected ']' after specifying thickness.", 6),
        ("[a]|[b]", "Expected the end of the format string", 4),
        ("[a]x", "Expected a view or '|'", 3),
        ("|[orphan]|", "Unable to interpret '|' character, because the related view doesn't have a superview", 9),
        ("H:|-(>=50)-[orphan(100)]", "Unable to interpret '|' character, because the related view doesn't have a superview", 24),
        ("[a]-[é]", "It contains non-ASCII characters.", 5),
    ])
    func malformedFormatsPointAtTheOffendingCharacter(format: String, message: String, position: Int) {
        let error = failure(format)
        #expect(error?.message == message)
        #expect(error?.position == position)
    }

    @Test func alignmentOnTheLayoutAxisIsRejected() {
        #expect(failure("[a][b]", .alignAllLeft)?.message
            == "Options mask required views to be aligned on a horizontal edge, which is not allowed for layout that is also horizontal.")
        #expect(failure("V:[a][b]", .alignAllCenterY)?.message
            == "Options mask required views to be aligned on a vertical edge, which is not allowed for layout that is also vertical.")
    }

    @Test func descriptionHasAppleLayoutWithCaretUnderTheCharacter() {
        #expect(failure("|[whiteBox2][blackBox]")?.description == """
            Unable to parse constraint format: \nUnable to find view with name blackBox \n|[whiteBox2][blackBox] \n                     ^
            """)
    }
}
