import Geometry
import Raster
@testable import SVG
import Testing

/// Every path command in absolute and relative form, the implicit forms and compact numbers.
@Suite struct PathDataTests {
    private func parse(_ d: String) throws -> Path { try PathDataParser.parse(d) }

    private func expected(_ build: (inout Path) -> Void) -> Path {
        var p = Path()
        build(&p)
        return p
    }

    @Test func moveAndLineInBothForms() throws {
        #expect(try parse("M10 20 L30 40 l5 -5") == expected {
            $0.move(to: Point(10, 20)); $0.line(to: Point(30, 40)); $0.line(to: Point(35, 35))
        })
    }

    @Test func numbersAfterMovetoAreLinetosOfTheSameRelativity() throws {
        #expect(try parse("M1 1 2 2 3 3") == expected {
            $0.move(to: Point(1, 1)); $0.line(to: Point(2, 2)); $0.line(to: Point(3, 3))
        })
        #expect(try parse("m1 1 2 2 3 3") == expected {
            $0.move(to: Point(1, 1)); $0.line(to: Point(3, 3)); $0.line(to: Point(6, 6))
        })
    }

    @Test func horizontalAndVerticalLines() throws {
        #expect(try parse("M1 2 H5 V7 h-2 v-3") == expected {
            $0.move(to: Point(1, 2)); $0.line(to: Point(5, 2)); $0.line(to: Point(5, 7))
            $0.line(to: Point(3, 7)); $0.line(to: Point(3, 4))
        })
    }

    @Test func repeatedCommandsNeedNoLetter() throws {
        #expect(try parse("M0 0 H1 2 3") == expected {
            $0.move(to: .zero); $0.line(to: Point(1, 0)); $0.line(to: Point(2, 0)); $0.line(to: Point(3, 0))
        })
    }

    @Test func compactNumbersSplitWhereTheGrammarSays() throws {
        #expect(try parse("M-.5.5L1e-3-2E1") == expected {
            $0.move(to: Point(-0.5, 0.5)); $0.line(to: Point(0.001, -20))
        })
        #expect(try parse("M1.5.5,2.,3") == expected { $0.move(to: Point(1.5, 0.5)); $0.line(to: Point(2, 3)) })
    }

    @Test func cubicsInBothForms() throws {
        #expect(try parse("M1 1 C2 2 3 3 4 1 c1 1 2 2 3 0") == expected {
            $0.move(to: Point(1, 1))
            $0.cubic(to: Point(4, 1), control1: Point(2, 2), control2: Point(3, 3))
            $0.cubic(to: Point(7, 1), control1: Point(5, 2), control2: Point(6, 3))
        })
    }

    @Test func smoothCubicReflectsThePreviousSecondControlPoint() throws {
        #expect(try parse("M0 0 C0 10 10 10 10 0 S20 -10 20 0 s10 10 10 0") == expected {
            $0.move(to: .zero)
            $0.cubic(to: Point(10, 0), control1: Point(0, 10), control2: Point(10, 10))
            $0.cubic(to: Point(20, 0), control1: Point(10, -10), control2: Point(20, -10))
            $0.cubic(to: Point(30, 0), control1: Point(20, 10), control2: Point(30, 10))
        })
    }

    @Test func smoothCubicAfterANonCubicStartsAtTheCurrentPoint() throws {
        #expect(try parse("M0 0 Q5 5 10 0 S15 5 20 0") == expected {
            $0.move(to: .zero)
            $0.quad(to: Point(10, 0), control: Point(5, 5))
            $0.cubic(to: Point(20, 0), control1: Point(10, 0), control2: Point(15, 5))
        })
    }

    @Test func quadraticsAndSmoothQuadraticsReflect() throws {
        #expect(try parse("M0 0 Q5 10 10 0 T20 0 t10 0") == expected {
            $0.move(to: .zero)
            $0.quad(to: Point(10, 0), control: Point(5, 10))
            $0.quad(to: Point(20, 0), control: Point(15, -10))
            $0.quad(to: Point(30, 0), control: Point(25, 10))
        })
        #expect(try parse("M0 0 q5 10 10 0") == expected { $0.move(to: .zero); $0.quad(to: Point(10, 0), control: Point(5, 10)) })
    }

    @Test func smoothQuadraticAfterALineIsStraight() throws {
        #expect(try parse("M0 0 L10 0 T20 0") == expected {
            $0.move(to: .zero); $0.line(to: Point(10, 0)); $0.quad(to: Point(20, 0), control: Point(10, 0))
        })
    }

    @Test func closeReturnsToTheSubpathStartForRelativeCommands() throws {
        #expect(try parse("M10 10 l5 0 l0 5 z l1 1 Z m2 2 h1") == expected {
            $0.move(to: Point(10, 10)); $0.line(to: Point(15, 10)); $0.line(to: Point(15, 15)); $0.close()
            $0.line(to: Point(11, 11)); $0.close()
            $0.move(to: Point(12, 12)); $0.line(to: Point(13, 12))
        })
    }

    @Test func arcFlagsNeedNoSeparators() throws {
        let compact = try parse("M0 0a1 1 0 00 1 1")
        let spaced = try parse("M0 0 a 1 1 0 0 0 1 1")
        #expect(compact == spaced)
        #expect(compact.points.last == Point(1, 1))
    }

    @Test func malformedDataNamesTheProblem() {
        let cases: [(String, String)] = [
            ("L1 1", "must start with a moveto"),
            ("M1 1 C2", "expected a number after 'C'"),
            ("M1 1 x", "unexpected 'x'"),
            ("M1 1 Z 2", "expected a command after 'Z'"),
            ("M1e 2", "path data: expected a number after 'M'"),
            ("M0 0 A1 1 0 2 0 1 1", "large-arc flag"),
            ("M1e308 0 l1e308 0", "coordinate out of range"),
        ]
        for (d, message) in cases {
            #expect { try PathDataParser.parse(d) } throws: { "\(($0 as? ValueProblem)?.message ?? "")".contains(message) }
        }
    }
}
