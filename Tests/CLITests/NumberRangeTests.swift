import Foundation
import GoldenTesting
import Testing

/// Every number a user gives is finite and in its documented range, or the command exits with
/// status 2 naming the option; every number printed is finite.
@Suite struct NumberRangeTests {
    @Test(arguments: [
        (["curve", "spring", "--to", "1", "--velocity", "1e308"], "--velocity 1e+308: must be a finite number in -1000000000...1000000000"),
        (["curve", "spring", "--to", "1e308"], "--to 1e+308: must be a finite number"),
        (["curve", "spring", "--to", "1", "--tension", "1e300"], "--tension 1e+300: must be a finite number in 0.001...1000000"),
        (["curve", "spring", "--to", "1", "--mass", "1e-300"], "--mass 1e-300: must be a finite number in 0.001...1000000"),
        (["curve", "spring", "--to", "1", "--speed", "1e300"], "--speed 1e+300: must be a finite number in 0...1000"),
        (["curve", "spring", "--to", "1", "--bounciness", "nan"], "--bounciness nan: must be a finite number"),
        (["curve", "spring", "--to", "1", "--fps", "1e-300"], "--fps 1e-300: must be a finite number in 1...1000"),
        (["curve", "basic", "--to", "1", "--duration", "1e300"], "--duration 1e+300: must be a finite number in 0...600"),
        (["curve", "basic", "--to", "1", "--timing", "cubic-bezier(0,1e308,1,1)"], "--timing: cubic-bezier: y1 and y2 must lie in -100...100"),
        (["curve", "uikit-spring", "--damping", "1e-10"], "--damping 1e-10: must be a finite number in 0.001...1"),
        (["curve", "uikit-spring", "--velocity", "1e300"], "--velocity 1e+300: must be a finite number in -1000...1000"),
        (["curve", "decay", "--velocity", "inf"], "--velocity inf: must be a finite number"),
        (["layout", "--views", "a", "--vfl", "H:|-(m)-[a]-|", "--metric", "m=1e308"], "--metric m=1e308: expected NAME=VALUE with a finite VALUE"),
        (["layout", "--size", "1e308x1e308", "--views", "a"], "--size 1e308x1e308: expected WIDTHxHEIGHT, each 1...100000 points"),
        (["layout", "--views", "a", "--intrinsic", "a=1e308x1"], "--intrinsic a=1e308x1: expected NAME=WIDTHxHEIGHT"),
        (["layout", "--views", "a,b", "--constraint", "a.width == b.width * 1e308"], "Unable to parse constraint format: \nInvalid number 1e+308"),
    ])
    func anOutOfRangeNumberNamesTheOption(arguments: [String], message: String) throws {
        let r = try popping(arguments)
        #expect(r.status == 2)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.hasPrefix("popping-render: " + message), "\(r.stderr)")
    }

    /// The extremes of each documented range either print finite numbers or fail with status 2.
    @Test(arguments: [
        ["curve", "spring", "--from", "-1e9", "--to", "1e9", "--velocity", "1e9"],
        ["curve", "spring", "--to", "1", "--tension", "1e6", "--mass", "0.001", "--friction", "1e6"],
        ["curve", "spring", "--to", "1", "--bounciness", "1000", "--speed", "1000"],
        ["curve", "spring", "--to", "1", "--bounciness", "0", "--speed", "1000"],
        ["curve", "basic", "--from", "-1e9", "--to", "1e9", "--duration", "600", "--timing", "cubic-bezier(0,100,1,-100)"],
        ["curve", "uikit-spring", "--duration", "600", "--damping", "0.001", "--velocity", "1000"],
        ["curve", "uikit-spring", "--duration", "0.000001", "--damping", "1", "--velocity", "-1000"],
        ["curve", "decay", "--from", "1e9", "--velocity", "1e9", "--deceleration", "0.5"],
        ["layout", "--views", "a,b,c", "--vfl", "H:|[a][b][c]|", "--constraint", "a.width == b.width * 1e6 + 1e6",
         "--constraint", "b.width == c.width * 1e6 - 1e6", "--constraint", "c.width == 1e6"],
    ])
    func extremesPrintFiniteNumbersOrFail(arguments: [String]) throws {
        let r = try popping(arguments)
        #expect(r.status == 0 || r.status == 2, "\(r.stderr)")
        let lower = r.stdout.lowercased()
        #expect(!lower.contains("nan") && !lower.contains("inf"))
        if r.status == 2 { #expect(r.stdout.isEmpty) }
    }

    @Test func aLayoutWhosePictureCannotBeWrittenPrintsNoFrames() throws {
        let r = try popping(["layout", "--views", "a", "--vfl", "H:|-[a]-|", "--png", "/nonexistent/p.png"])
        #expect(r.status == 2)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr == "popping-render: /nonexistent/p.png: cannot write: folder /nonexistent does not exist\n")
    }
}
