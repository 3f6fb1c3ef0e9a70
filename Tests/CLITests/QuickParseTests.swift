import ArgumentParser
import Testing
@testable import popping_render

/// `PoppingRender.parseQuickly` and `SVGCommand.parsedQuickly` skip most of ArgumentParser's
/// start-up; whatever they accept must parse to exactly what ArgumentParser parses from the root,
/// and whatever ArgumentParser refuses they must refuse with its message.
@Suite struct QuickParseTests {
    /// Every stored value of a parsed command, for comparing two parses: for `svg`, the
    /// conversion it asks for and the folders it may read from, whichever parse made it.
    private func values(_ command: ParsableCommand) -> String {
        var text = ""
        if let svg = command as? SVGCommand {
            dump(svg.conversion, to: &text)
            dump(svg.read.allowRead, to: &text)
        } else if let svg = command as? QuickSVGCommand {
            dump(svg.conversion, to: &text)
            dump([String](), to: &text)
        } else {
            dump(command, to: &text)
        }
        return text
    }

    /// What parsing from the root gives: the command's values, or the one-line message printed.
    private func rootParse(_ arguments: [String]) -> String {
        do { return values(try PoppingRender.parseAsRoot(arguments)) } catch {
            return PoppingRender.fullMessage(for: error)
        }
    }

    private func quickParse(_ arguments: [String]) -> String {
        do { return values(try PoppingRender.parseQuickly(arguments)) } catch {
            return PoppingRender.fullMessage(for: error)
        }
    }

    static let svgArguments: [[String]] = [
        ["a.svg", "--out", "a.png"],
        ["--out", "a.png", "a.svg"],
        ["a.svg", "-o", "a.png", "--scale", "2"],
        ["a.svg", "--out", "a.png", "--size", "30x20", "--background", "#fff"],
        ["a.svg", "--out", "a.png", "--scale", "2.5", "--background", "rgb(1, 2, 3)"],
        ["a.svg", "--out", "a.png", "--out", "b.png"],
        ["a.svg", "--out=a.png"],
        ["a.svg", "--out", "a.png", "--scale", "0"],
        ["a.svg", "--out", "a.png", "--scale", "-1"],
        ["a.svg", "--out", "a.png", "--scale", "nan"],
        ["a.svg", "--out", "a.png", "--scale", "2", "--size", "3x3"],
        ["a.svg", "--out", "a.png", "--size", "3x"],
        ["a.svg", "--out", "a.png", "--background", "bluish"],
        ["a.svg", "b.svg", "--out", "a.png"],
        ["a.svg"],
        ["--out", "a.png"],
        ["a.svg", "--out"],
        ["a.svg", "--out", "a.png", "--bogus"],
        ["a.svg", "--out", "a.png", "--help"],
        ["a.svg", "--out", "a.png", "-h"],
        ["--", "-a.svg", "--out", "a.png"],
        ["-", "--out", "a.png"],
        ["help", "--out", "a.png"],
    ]

    @Test(arguments: svgArguments)
    func svgQuickParseAgreesWithArgumentParser(arguments: [String]) {
        #expect(quickParse(["svg"] + arguments) == rootParse(["svg"] + arguments))
    }

    @Test func theCommonSVGFormsSkipArgumentParser() {
        #expect(SVGCommand.parsedQuickly(["a.svg", "--out", "a.png"]) != nil)
        #expect(SVGCommand.parsedQuickly(["a.svg", "-o", "a.png", "--scale", "2", "--background", "red"]) != nil)
        #expect(SVGCommand.parsedQuickly(["a.svg", "--out", "a.png", "--size", "8x8"]) != nil)
        #expect(SVGCommand.parsedQuickly(["a.svg", "--out", "a.png", "--size", "8x"]) == nil)
    }

    /// Parsing a leaf subcommand alone gives what the root gives only while the root has no
    /// options, flags or arguments of its own; give the root one and `parseQuickly` must change.
    @Test func theRootHasNoArgumentsOfItsOwn() {
        #expect(Mirror(reflecting: PoppingRender()).children.isEmpty)
    }

    @Test(arguments: [
        ["owl", "--out", "x.gif"],
        ["--quiet", "owl"],
        ["list", "--names"],
        ["curve", "spring", "--help"],
        ["curve", "help"],
        ["help", "svg"],
        ["help"],
        ["--help"],
        ["nosuchdemo"],
        ["owl", "--bogus"],
        ["svg", "--generate-completion-script", "bash"],
        ["--generate-completion-script", "bash"],
        ["check", "owl", "--goldens", "g"],
    ])
    func otherCommandsParseAsFromTheRoot(arguments: [String]) {
        #expect(quickParse(arguments) == rootParse(arguments))
    }
}
