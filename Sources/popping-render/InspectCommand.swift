import ArgumentParser
import Foundation
import Geometry
import PoppingRender

/// `popping-render inspect SCENE.yaml|DEMO`: plays the animation to one moment and prints the
/// view tree there, as `recursiveDescription` prints it or as JSON for tools, so frames can be
/// checked without hunting for pixels.
struct InspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Prints the view tree of a demo or scene file at one moment (recursiveDescription, or --json).",
        discussion: """
            Each view shows its kind, id, frame in window points, bounds, alpha, hidden and transform, and a \
            label its laid-out lines; values are what is on screen at that moment (mid-animation values while \
            something animates). Without --at or --frame it shows the last frame. --json prints a tree whose \
            every node has id, kind, frame [x, y, width, height], bounds, alpha, hidden, transform \
            [a, b, c, d, tx, ty] and subviews.
            """)

    @Argument(help: "The demo (\(allDemos.map { $0.name }.joined(separator: ", "))) or a scene file (.yaml, .yml, .json).")
    var animation: String

    @Option(help: "The moment, in seconds from the start (frame round(SECONDS × 60)).")
    var at: Double?

    @Option(help: "The moment as a 60 Hz frame index.")
    var frame: Int?

    @Flag(help: "Print JSON for tools instead of recursiveDescription's text.")
    var json = false

    @Option(help: "Screen: \(Device.allCases.map(\.rawValue).joined(separator: ", ")) (default: the animation's own).")
    var device: String?

    @Option(help: "Screen size in points, WxH, instead of a device.")
    var size: String?

    @Option(help: "portrait or landscape (default: the animation's own).")
    var orientation: String?

    @Option(help: "Seed for animations with random choices (the constraints shuffle).")
    var seed: UInt64 = DemoSettings.defaultSeed

    @OptionGroup var traits: TraitArguments

    func run() throws {
        if at != nil, frame != nil { throw CommandFailure("--at", "give either --at or --frame, not both") }
        if let at, !(at.isFinite && at >= 0) { throw CommandFailure("--at \(at)", "must be a number of seconds ≥ 0") }
        let source = try AnimationSource(animation)
        var arguments = ["--seed", String(seed)]
        for (name, value) in [("--device", device), ("--size", size), ("--orientation", orientation)] {
            if let value { arguments += [name, value] }
        }
        var screen = try RenderArguments.parse(arguments)
        screen.traits = traits
        _ = try screen.validatedLook()
        var trees: [(name: String, tree: ViewSnapshot)] = []
        for variant in try traits.variants(for: source) {
            trees.append((variant.naming(source.name), try tree(of: try screen.start(source, variant: variant))))
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            let data = traits.variants == nil ? try Self.json(trees[0].tree, pretty: true)
                : try encoder.encode(Dictionary(uniqueKeysWithValues: trees.map { ($0.name, $0.tree) }))
            print(String(decoding: data, as: UTF8.self))
        } else if traits.variants == nil {
            print(trees[0].tree.recursiveDescription, terminator: "")
        } else {
            for (name, tree) in trees { print("== \(name) ==\n" + tree.recursiveDescription, terminator: "") }
        }
    }

    /// The view tree of `run` at the moment asked for.
    private func tree(of run: DemoRun) throws -> ViewSnapshot {
        let last = max(0, run.frameCount - 1)
        let wanted = frame ?? at.map { Int(saturating: ($0 * 60).rounded()) } ?? last
        guard (0...last).contains(wanted) else {
            let input = frame.map { "--frame \($0)" } ?? "--at \(at!)"
            throw CommandFailure(input, "the animation has frames 0..\(last) (0...\(Double(last) / 60) s)")
        }
        var tree: ViewSnapshot?
        run.replay(through: wanted) { f in if f == wanted { tree = run.stage.window.snapshot } }
        return tree!
    }

    /// The tree as `--json` prints it (keys sorted; `pretty` indents it for people).
    static func json(_ tree: ViewSnapshot, pretty: Bool) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(tree)
    }
}

extension DemoRun {
    /// Plays the run on its 60 Hz clock without drawing, frames 0 through `last`, calling `visit`
    /// with each frame once it has advanced: the moment a render draws, which `inspect` prints
    /// and the studio's timeline and inspector read.
    func replay(through last: Int, _ visit: (Int) throws -> Void) rethrows {
        for f in 0...last {
            stage.advanceFrame()
            try visit(f)
            stage.endFrame()
        }
    }
}
