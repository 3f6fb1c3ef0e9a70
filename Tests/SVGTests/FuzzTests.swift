import Foundation
import Geometry
import GoldenTesting
import Raster
@testable import SVG
import Testing

/// Mutated, truncated and random inputs either parse or throw a located `SVGError`; they never
/// crash and never hang. What parses is also drawn, so odd values reach the raster core too.
@Suite struct FuzzTests {
    /// Characters that matter to the grammars, so mutations reach deep into them.
    private static let alphabet = Array("<>/\"'=!?-[]&#;:,.eE0123456789 \n\tMmLlHhVvCcSsQqTtAaZz()".utf8)

    private func mutate(_ bytes: [UInt8], _ rng: inout SeededGenerator) -> [UInt8] {
        var b = bytes
        for _ in 0..<Int.random(in: 1...4, using: &rng) where !b.isEmpty {
            let i = Int.random(in: 0..<b.count, using: &rng)
            switch Int.random(in: 0..<5, using: &rng) {
            case 0: b[i] = Self.alphabet.randomElement(using: &rng)!
            case 1: b.removeSubrange(i..<min(b.count, i + Int.random(in: 1...40, using: &rng)))
            case 2: b.insert(contentsOf: b[i..<min(b.count, i + Int.random(in: 1...60, using: &rng))], at: Int.random(in: 0...b.count, using: &rng))
            case 3: b.insert(Self.alphabet.randomElement(using: &rng)!, at: i)
            default: b = Array(b[..<i])
            }
        }
        return b
    }

    /// Parses `text`; a failure must be an `SVGError` with a place and a message. Success is drawn.
    private func check(_ text: String, name: String) {
        do {
            let image = try VectorImage.parse(text: text, name: name)
            let canvas = Canvas(width: 24, height: 24)
            canvas.draw(image, in: Rect(0, 0, 24, 24), alpha: 0.5)
            canvas.draw(image, in: Rect(2, 3, 0, 10))
        } catch let error as SVGError {
            #expect(error.file == name && error.line >= 1 && error.column >= 1 && !error.message.isEmpty)
        } catch {
            Issue.record("\(name): unexpected error type \(error)")
        }
    }

    @Test(arguments: OwlAssets.names)
    func mutatedAssetsParseOrThrowLocatedErrors(name: String) throws {
        let original = Array(try OwlAssets.text(name).utf8)
        var rng = SeededGenerator(seed: UInt64(name.utf8.reduce(5381) { $0 &* 33 &+ Int($1) }.magnitude))
        for _ in 0..<150 {
            check(String(decoding: mutate(original, &rng), as: UTF8.self), name: name)
        }
    }

    @Test(arguments: OwlAssets.names)
    func everyTruncationParsesOrThrows(name: String) throws {
        let original = Array(try OwlAssets.text(name).utf8)
        for end in stride(from: 0, to: original.count, by: 7) {
            check(String(decoding: original[..<end], as: UTF8.self), name: name)
        }
    }

    /// Filters reach the pixel code with mutated regions, deviations, offsets, inputs and matrices.
    @Test(arguments: CorpusGoldenTests.names.filter { $0.hasPrefix("filter-") })
    func mutatedFilterFilesParseOrThrowLocatedErrors(name: String) throws {
        let original = Array(try String(contentsOfFile: "\(CorpusGoldenTests.folder)/\(name).svg", encoding: .utf8).utf8)
        var rng = SeededGenerator(seed: UInt64(name.utf8.reduce(5381) { $0 &* 33 &+ Int($1) }.magnitude))
        for _ in 0..<40 {
            check(String(decoding: mutate(original, &rng), as: UTF8.self), name: name)
        }
    }

    /// Found by fuzz-svg: a `use` inside the symbol it draws recursed until the stack overflowed.
    @Test func aUseInsideTheSymbolItDrawsIsACycle() throws {
        let text = ##"<svg viewBox="0 0 20 20"><symbol id="s"><rect width="5" height="5"/><use href="#s" x="5"/></symbol>"##
            + ##"<use href="#s"/></svg>"##
        let image = try VectorImage.parse(text: text, name: "s.svg")
        #expect(image.shapes.count == 1)
        #expect(image.warnings.map(\.description) == ["s.svg:1:69: warning: <use> refers to '#s', which contains this <use>; not drawn"])
    }

    @Test func randomPathDataParsesOrThrowsAValueProblem() {
        var rng = SeededGenerator(seed: 42)
        let pieces = ["M", "m", "L", "l", "H", "h", "V", "v", "C", "c", "S", "s", "Q", "q", "T", "t", "A", "a", "Z", "z",
                      "0", "1", "-", ".", "e", "-.5", "1e3", "1e-3", "9e307", ",", " ", "00", "10", "3.25"]
        for _ in 0..<3000 {
            let d = (0..<Int.random(in: 0...24, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
            do {
                let path = try PathDataParser.parse(d)
                #expect(path.points.allSatisfy { $0.x.isFinite && $0.y.isFinite }, "\(d)")
            } catch let problem as ValueProblem {
                #expect(problem.index >= 0 && problem.index <= d.utf8.count && problem.message.hasPrefix("path data: "), "\(d)")
            } catch {
                Issue.record("\(d): unexpected error type \(error)")
            }
        }
    }

    @Test func deepNestingIsAnErrorNotAStackOverflow() {
        let text = "<svg viewBox=\"0 0 1 1\">" + String(repeating: "<g>", count: 100_000)
        #expect { try VectorImage.parse(text: text, name: "deep.svg") } throws: {
            "\($0)".hasSuffix("elements are nested too deeply")
        }
    }
}
