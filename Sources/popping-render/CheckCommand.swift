import ArgumentParser
import Foundation
import GoldenFrames
import PoppingRender

/// `popping-render check owl button --goldens goldens/`: renders each animation and compares every
/// frame with its golden. Exit status 0 when all match, 1 when a frame differs, 2 for bad input.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Compares every frame of demos or scene files with their golden frames (exit 1 on a difference).",
        discussion: """
            Goldens are kept per animation in the --goldens folder: NAME.json (the render options and each \
            frame's XXH3-128 hash) and NAME.\(goldenSequenceFormat.fileExtension) (every frame, lossless). Frames are \
            compared by hash; --tolerance allows small differences. Exit status: 0 all match, 1 a frame \
            differs or a golden is missing, 2 bad input (unknown animation, options other than the goldens').
            """)

    @Argument(help: "Demos or scene files to check.")
    var animations: [String] = []

    @Option(help: "The folder of golden frames.")
    var goldens: String

    @Option(help: ArgumentHelp("Accept small differences: LEVEL or LEVEL,SHARE.",
                               discussion: "A frame passes when at most SHARE (0.001 or 0.1%) of its pixels differ by more than LEVEL (0...255) in a channel."))
    var tolerance: String?

    @Flag(help: "Record the goldens of every animation given.")
    var update = false

    @Flag(help: "Record only the goldens that changed (or are missing); leave the others' files untouched.")
    var updateChanged = false

    @Option(help: "Write an HTML report (DIR/index.html) and DIR/report.json.")
    var report: String?

    @Option(help: "Write JUnit XML, one test case per animation.")
    var junit: String?

    @Option(help: "Check only the I-th of N parts of the frames (for CI matrices), I/N.")
    var shard: String?

    @OptionGroup var options: RenderArguments

    func run() throws {
        guard !animations.isEmpty else { throw CommandFailure("check", "name at least one demo or scene file") }
        if update && updateChanged { throw CommandFailure("--update", "give either --update or --update-changed, not both") }
        let mode: GoldenMode = update ? .update : updateChanged ? .updateChanged : .check
        let limit = try tolerance.map { text -> Tolerance in
            guard let t = Tolerance(text) else {
                throw CommandFailure("--tolerance \(text)", "expected LEVEL or LEVEL,SHARE (0...255, share 0...1 or a percentage)")
            }
            return t
        }
        let part = try shard.map { text -> Shard in
            guard let s = Shard(text) else { throw CommandFailure("--shard \(text)", "expected I/N with 1 <= I <= N") }
            return s
        }
        if part != nil, mode != .check { throw CommandFailure("--shard", "goldens are recorded whole; drop --shard to update them") }
        var isFolder: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: goldens, isDirectory: &isFolder)
        if exists && !isFolder.boolValue { throw CommandFailure(goldens, "is not a folder") }
        if !exists && mode == .check { throw CommandFailure(goldens, "no such goldens folder (record goldens with --update)") }
        let store = GoldenStore(folder: goldens)
        if let report {
            do { try ReportFolder.checkDestination(report) } catch let failure as RenderFailure { throw CommandFailure(failure.description) }
        }

        // Everything is resolved and validated before anything renders or is written.
        let sources = try animations.map(AnimationSource.init)
        let names = sources.map(\.name)
        if let twice = names.first(where: { name in names.filter { $0 == name }.count > 1 }) {
            throw CommandFailure(twice, "given twice (goldens are named after it)")
        }
        // Each variant of each scene is checked against its own goldens, NAME-dark-rtl-….
        var plans: [(name: String, variantOf: String?, run: DemoRun, options: RenderOptions, golden: GoldenOptions, frames: [Int])] = []
        for source in sources {
            for variant in try options.traits.variants(for: source) {
                let name = variant.naming(source.name)
                let run = try options.start(source, variant: variant)
                let renderOptions = try options.renderOptions(for: run)
                let golden = GoldenOptions(run: run, options: renderOptions, seed: options.seed,
                                          orientation: try options.orientation(of: source))
                let frames: [Int]
                do { frames = try renderedFrames(of: run, options: renderOptions, fps: renderOptions.fps ?? 60) } catch let failure as RenderFailure {
                    throw CommandFailure(failure.description)
                }
                do {
                    if mode != .check { try store.refuseLinks(recording: name) }
                    if mode == .check, let recorded = try store.manifest(name) {
                        let differences = golden.differences(from: recorded.options)
                        if !differences.isEmpty {
                            throw CommandFailure(store.manifestPath(name), "recorded with other options: " + differences.joined(separator: ", ")
                                                 + "; check with `\(recorded.options.commandLine)`, or re-record with --update")
                        }
                    }
                } catch let error as RenderFailure { throw CommandFailure(error.description) }
                plans.append((name, options.traits.variants == nil ? nil : source.name, run, renderOptions, golden, frames))
            }
        }
        let shares = part?.frames(of: plans.map(\.frames)) ?? plans.map(\.frames)
        if mode != .check {
            do { try FileManager.default.createDirectory(atPath: goldens, withIntermediateDirectories: true) } catch {
                throw CommandFailure(goldens, "cannot create the goldens folder")
            }
        }

        var scenes: [SceneReport] = []
        var media: [SceneMedia] = []
        for (plan, frames) in zip(plans, shares) where !frames.isEmpty {
            let progress = ProgressBar(total: frames.count, quiet: options.quiet)
            do {
                var result = try checkGoldens(of: plan.run, scene: plan.name, options: plan.options, recordedAs: plan.golden,
                                              in: store, mode: mode, tolerance: limit, frames: part == nil ? nil : frames,
                                              keepingMedia: report != nil) { done, _ in progress.update(done) }
                progress.finish()
                result.report.variantOf = plan.variantOf
                print(result.report.summary)
                scenes.append(result.report)
                if let m = result.media {
                    media.append(m)
                    if let omitted = m.omittedFrames, omitted > 0 {
                        FileHandle.standardError.write(Data(("\(m.scene): the report shows pictures of the first \(m.frames.count) checked frames; "
                            + "\(omitted) later frames have none (at most \(SceneCheck.defaultMediaByteLimit >> 20) MB of pictures per scene)\n").utf8))
                    }
                }
            } catch let failure as RenderFailure {
                throw CommandFailure(failure.description)
            }
        }
        let result = CheckReport(shards: part.map { [$0.description] } ?? [], scenes: scenes)
        if let report {
            do { try ReportFolder.write(result, media: media, to: report) } catch { throw CommandFailure("\(error)") }
            print("report: \((report as NSString).appendingPathComponent("index.html"))")
        }
        if let junit {
            do { try AtomicOutput.write(Array(result.junitXML().utf8), to: junit) } catch { throw CommandFailure("\(error)") }
        }
        if !result.passed { Foundation.exit(1) }
    }
}
