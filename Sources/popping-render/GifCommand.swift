import ArgumentParser
import Codecs
import Foundation
import Raster

/// `popping-render gif frames/*.png -o out.gif`: encodes a PNG sequence as an animated GIF,
/// reading PNGs on worker threads ahead of the encoder.
struct GifCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gif",
        abstract: "Encodes a sequence of PNG frames as an animated GIF.",
        discussion: """
            Each GIF frame stores only the rectangle that changed, with unchanged pixels \
            transparent; identical frames are merged; flat colours keep exact palette entries.
            """)

    @Argument(help: "PNG frames in display order, all the same size.")
    var frames: [String] = []

    @Option(name: .shortAndLong, help: "The GIF to write.")
    var output: String

    @Option(help: "Output frame rate, 1...50 (GIF delays are centiseconds; players slow faster GIFs).")
    var fps = 30

    @Option(name: .customLong("input-fps"),
            help: "Rate the PNGs were rendered at (default: --fps); frames between output ticks are dropped.")
    var inputFPS: Int?

    @Option(help: "0 loops forever, N repeats N more times, -1 plays once.")
    var loop = 0

    @Option(help: ArgumentHelp("0...100: colours per frame after the first (50 → 64, 100 → 256).",
                               discussion: "Below 100, pixels within 1–2 levels of the screen count as unchanged."))
    var quality = 50

    @Flag(help: "No progress bar.")
    var quiet = false

    private var options: GIFOptions {
        GIFOptions(fps: fps, sourceFPS: inputFPS, loopCount: loop < 0 ? nil : loop, quality: quality)
    }

    func validate() throws {
        do { try options.validate() } catch { throw CommandFailure("gif", "\(error)") }
        if loop < -1 { throw CommandFailure("--loop", "must be -1 (once), 0 (forever) or a repeat count") }
    }

    func run() throws {
        guard !frames.isEmpty else {
            throw CommandFailure("gif", "no input frames (pass PNG files, e.g. frames/*.png)")
        }
        let paths = frames
        let reads = OrderedWork<Result<Pixmap, Error>>(label: "gif.png")
        let lookahead = orderedWorkLookahead
        for i in 0..<min(lookahead, paths.count) { reads.submit { Result { try PNG.read(path: paths[i]) } } }
        let progress = ProgressBar(total: paths.count, quiet: quiet)
        var encoder: GIFEncoder?
        for (i, path) in paths.enumerated() {
            let frame: Pixmap
            do { frame = try reads.take(i)!.get() } catch { throw CommandFailure("\(error)") }
            if i + lookahead < paths.count { reads.submit { Result { try PNG.read(path: paths[i + lookahead]) } } }
            let gif = try encoder ?? open(width: frame.width, height: frame.height)
            encoder = gif
            do { try gif.add(frame) } catch GIFError.frameSize {
                throw CommandFailure(path, "is \(frame.width)×\(frame.height) but \(paths[0]) is "
                                         + "\(gif.width)×\(gif.height)")
            }
            progress.update(i + 1)
        }
        do { try encoder?.finish() } catch { throw CommandFailure("\(error)") }
        progress.finish()
    }

    private func open(width: Int, height: Int) throws -> GIFEncoder {
        do { return try GIFEncoder(path: output, width: width, height: height, options: options) } catch {
            throw CommandFailure("\(error)")
        }
    }
}
