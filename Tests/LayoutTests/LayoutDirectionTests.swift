import Geometry
import Layout
import Testing

/// Leading and trailing in a right-to-left layout, as UIKit documents them (NSLayoutConstraint.Attribute:
/// "leading … in right-to-left languages, the right edge"; FormatOptions: directionLeadingToTrailing
/// reverses the order right to left, directionLeftToRight does not).
@Suite struct LayoutDirectionTests {
    private let root = LayoutBox("superview")
    private let engine: LayoutEngine
    private var items: [String: LayoutItem] = [:]

    init() {
        root.layoutDirection = .rightToLeft
        engine = LayoutEngine(root: root, size: Size(320, 480))
        for name in ["a", "b", "c"] {
            let box = LayoutBox(name)
            box.layoutDirection = .rightToLeft
            engine.add(box, to: root)
            items[name] = box
        }
    }

    private func place(_ equations: [String], vfl: [(String, FormatOptions)] = []) throws -> [String: Rect] {
        var constraints = try equations.map { try engine.constraint(parsing: $0, items: items.merging(["superview": root]) { a, _ in a }) }
        for (format, options) in vfl {
            constraints += try engine.constraints(withVisualFormat: format, options: options, metrics: [:], views: items)
        }
        for name in items.keys {
            constraints += try ["\(name).top == 0", "\(name).height == 10"].map { try engine.constraint(parsing: $0, items: items) }
        }
        engine.activate(constraints)
        return items.mapValues { engine.frame(of: $0) }
    }

    @Test func leadingIsTheRightEdgeAndConstantsRunLeftwards() throws {
        let f = try place(["a.leading == superview.leading + 20", "a.width == 50",
                           "b.leading == a.trailing + 8", "b.width == 30",
                           "c.trailing == superview.trailing - 10", "c.width == 40"])
        #expect(f["a"]!.maxX == 300)
        #expect(f["a"]!.minX == 250)
        #expect(f["b"]!.maxX == 242)
        #expect(f["c"]!.minX == 10)
    }

    @Test func leftAndRightDoNotFlip() throws {
        let f = try place(["a.left == superview.left + 20", "a.width == 50", "b.right == superview.right - 5", "b.width == 5",
                           "c.centerX == superview.centerX", "c.width == 20"])
        #expect(f["a"]!.minX == 20)
        #expect(f["b"]!.maxX == 315)
        #expect(f["c"]!.minX == 150)
    }

    @Test func centerXWithLeadingIsMeasuredInTheMirroredSpace() throws {
        // a's leading (its right edge) 10 points past c's centre in reading order: to the left of it.
        let f = try place(["c.centerX == superview.centerX", "c.width == 20", "a.leading == c.centerX + 10", "a.width == 30"])
        #expect(f["a"]!.maxX == 150)
    }

    @Test func visualFormatsRunLeadingToTrailingByDefaultAndLeftToRightWhenAsked() throws {
        let f = try place([], vfl: [("|-20-[a(50)]-8-[b(30)]", []), ("|-20-[c(40)]", .directionLeftToRight)])
        #expect(f["a"]!.maxX == 300)
        #expect(f["b"]!.maxX == 242)
        #expect(f["c"]!.minX == 20)
    }

    @Test func aLeftToRightItemKeepsLeadingOnTheLeft() throws {
        let box = LayoutBox("d")
        engine.add(box, to: root)
        let constraint = try engine.constraint(parsing: "d.leading == superview.leading + 20", items: ["d": box, "superview": root])
        engine.activate([constraint])
        #expect(engine.frame(of: box).minX == 20)
    }
}
