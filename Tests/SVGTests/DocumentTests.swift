import Geometry
import Raster
import SVG
import Testing

/// Whole documents: the XML around the shapes, the root's frame, groups, styles and shapes.
@Suite struct DocumentTests {
    private func parse(_ body: String, root: String = #"viewBox="0 0 10 10""#) throws -> VectorImage {
        try VectorImage.parse(text: "<svg xmlns=\"http://www.w3.org/2000/svg\" \(root)>\(body)</svg>", name: "test.svg")
    }

    private func rectPath(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Path { Path(rect: Rect(x, y, w, h)) }

    @Test func prologCommentsDoctypeAndUnknownElementsAreSkipped() throws {
        let text = """
        \u{FEFF}<?xml version="1.0" encoding="UTF-8"?>
        <!-- a comment with <tags> inside -->
        <!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd" [ <!ENTITY x "y"> ]>
        <svg viewBox="0 0 4 4"><title>T &amp; <b>bold</b></title><desc><![CDATA[ <rect/> ]]></desc>
          <defs><rect width="1" height="1"/></defs><?pi data?>
          <rect width="2" height="3"/>
        </svg>
        """
        let image = try VectorImage.parse(text: text, name: "t.svg")
        #expect(image.shapes.map(\.path) == [rectPath(0, 0, 2, 3)])
    }

    @Test func sizeAndViewBoxComeFromEachOther() throws {
        let both = try parse("", root: #"width="232px" height="184" viewBox="-1 -2 116 92""#)
        #expect(both.viewBox == Rect(-1, -2, 116, 92) && both.size == Size(232, 184))
        #expect(try parse("", root: #"width="20" height="30""#).viewBox == Rect(0, 0, 20, 30))
        #expect(try parse("", root: #"viewBox="0,0,5,6""#).size == Size(5, 6))
    }

    @Test func defaultsAreABlackFillAndNoStroke() throws {
        let shape = try #require(try parse(#"<rect width="1" height="1"/>"#).shapes.first)
        #expect(shape.fill == .solid(.black) && shape.stroke == nil && shape.fillRule == .nonZero)
    }

    @Test func styleAttributeOverridesPresentationAttributes() throws {
        let shape = try #require(try parse(#"""
            <rect width="1" height="1" fill="#fff" stroke="#000" style="fill: #f00 ; stroke-width:3;stroke-linecap:round;stroke-linejoin:bevel"/>
            """#).shapes.first)
        #expect(shape.fill == .solid(Color(hex: "#ff0000")!))
        #expect(shape.stroke?.paint == .solid(.black))
        #expect(shape.stroke?.style == StrokeStyle(width: 3, cap: .round, join: .bevel, miterLimit: 4))
    }

    @Test func groupsPassPropertiesDownAndCompositeTheirOpacity() throws {
        let image = try parse(#"""
            <g fill="#00f" stroke="#0f0" stroke-opacity="0.5" opacity="0.5" fill-rule="evenodd">
              <g opacity=".5"><rect width="1" height="1" fill-opacity="0.4"/></g>
              <rect width="1" height="1" fill="none" stroke-width="2"/>
            </g>
            """#)
        #expect(image.shapes.count == 2)
        let first = image.shapes[0], second = image.shapes[1]
        #expect(first.fill == .solid(Color(red: 0, green: 0, blue: 1, alpha: 0.4)) && first.fillRule == .evenOdd)
        #expect(first.stroke?.paint == .solid(Color(red: 0, green: 1, blue: 0, alpha: 0.5)))
        #expect(second.fill == nil && second.stroke?.style.width == 2)
        // Each opacity is a layer of its own, composited as a whole.
        guard case let .group(outer) = try #require(image.root.children.first),
              case let .group(inner) = try #require(outer.children.first) else { Issue.record("no groups"); return }
        #expect(image.root.children.count == 1 && outer.opacity == 0.5 && outer.children.count == 2 && inner.opacity == 0.5)
    }

    @Test func nothingPaintedMeansNoShape() throws {
        let image = try parse(#"""
            <rect width="1" height="1" fill="none"/><rect width="0" height="1"/><circle r="0"/>
            <path/><rect width="1" height="1" opacity="0"/><g display="none"><rect width="1" height="1"/></g>
            <rect width="1" height="1" style="display:none"/><rect width="1" height="1" fill="none" stroke="#000" stroke-width="0"/>
            """#)
        #expect(image.shapes.isEmpty)
    }

    @Test func groupTransformsNestAndApplyToPointsAndStrokeOutlines() throws {
        let image = try parse(#"""
            <g transform="translate(10 20)"><g transform="scale(2)">
              <path d="M1 1 L2 1" stroke="#000" fill="none" transform="translate(1, 0)"/>
            </g></g>
            """#)
        let shape = try #require(image.shapes.first)
        #expect(shape.path.points == [Point(14, 22), Point(16, 22)])
        #expect(shape.stroke?.style.width == 1)
        let outline = try #require(shape.stroke?.outline.bounds)
        #expect(abs(outline.minY - 21) < 1e-9 && abs(outline.maxY - 23) < 1e-9)
    }

    @Test func transformFunctionsMatchTheirMatrices() throws {
        func points(_ transform: String) throws -> [Point] {
            try #require(try parse("<path d=\"M1 0 L0 1\" transform=\"\(transform)\"/>").shapes.first).path.points
        }
        func near(_ a: [Point], _ b: [Point]) -> Bool {
            a.count == b.count && zip(a, b).allSatisfy { abs($0.x - $1.x) < 1e-12 && abs($0.y - $1.y) < 1e-12 }
        }
        #expect(try points("matrix(1 2 3 4 5 6)") == [Point(6, 8), Point(8, 10)])
        #expect(try points("translate(3)") == [Point(4, 0), Point(3, 1)])
        #expect(try points("scale(2,3)") == [Point(2, 0), Point(0, 3)])
        #expect(near(try points("rotate(90)"), [Point(0, 1), Point(-1, 0)]))
        #expect(near(try points("rotate(180 1 1)"), [Point(1, 2), Point(2, 1)]))
        #expect(near(try points("skewX(45)"), [Point(1, 0), Point(1, 1)]))
        #expect(near(try points("skewY(45)"), [Point(1, 1), Point(0, 1)]))
        // A list applies right to left: scale first, then translate.
        #expect(try points("translate(10,0) scale(2)") == [Point(12, 0), Point(10, 2)])
    }

    @Test func basicShapesBecomeTheirOutlines() throws {
        let image = try parse(#"""
            <rect x="1" y="2" width="3" height="4"/>
            <circle cx="5" cy="5" r="2"/>
            <ellipse cx="5" cy="5" rx="3" ry="1"/>
            <line x1="0" y1="0" x2="3" y2="4" stroke="#000"/>
            <polyline points="0,0 1,1 2,0" fill="none" stroke="#000"/>
            <polygon points="0 0 1 1 2 0"/>
            """#)
        #expect(image.shapes.map(\.path) == [
            rectPath(1, 2, 3, 4),
            Path(circleCenter: Point(5, 5), radius: 2),
            Path(ellipseIn: Rect(2, 4, 6, 2)),
            { var p = Path(); p.move(to: .zero); p.line(to: Point(3, 4)); return p }(),
            { var p = Path(); p.move(to: .zero); p.line(to: Point(1, 1)); p.line(to: Point(2, 0)); return p }(),
            { var p = Path(); p.move(to: .zero); p.line(to: Point(1, 1)); p.line(to: Point(2, 0)); p.close(); return p }(),
        ])
    }

    @Test func roundedRectCornersTakeTheMissingRadiusAndAreClamped() throws {
        let image = try parse(#"<rect width="10" height="4" rx="3"/><rect width="10" height="4" rx="8" ry="1"/>"#)
        let circular = image.shapes[0].path.bounds, elliptical = image.shapes[1].path
        #expect(circular == Rect(0, 0, 10, 4))
        // rx 3 with ry 3 clamped to 2: the top edge starts 3 in from the left.
        #expect(image.shapes[0].path.points.first == Point(3, 0))
        // rx clamped to 5: the top edge is a single point at the middle; ry 1 keeps straight sides.
        #expect(elliptical.points.first == Point(5, 0))
        #expect(elliptical.points.contains(Point(10, 1)) && elliptical.points.contains(Point(10, 3)))
    }

    @Test func colourFormsAndNames() throws {
        let image = try parse(#"""
            <rect width="1" height="1" fill="#abc"/><rect width="1" height="1" fill="#AABBCC"/>
            <rect width="1" height="1" fill=" white "/><rect width="1" height="1" fill="BLACK"/>
            """#)
        let grey = Paint.solid(Color(hex: "#aabbcc")!)
        #expect(image.shapes.map(\.fill) == [grey, grey, .solid(.white), .solid(.black)])
    }

    @Test func entitiesInAttributesAreDecoded() throws {
        let image = try parse(#"<path d="M0&#32;0 L1&#x20;1" fill="&#x23;fff"/>"#)
        #expect(image.shapes.first?.fill == .solid(.white) && image.shapes.first?.path.points.count == 2)
    }
}
