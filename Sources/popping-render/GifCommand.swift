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

    @Option(name: .customLong("max-pixels"),
            help: ArgumentHelp("The largest frame to decode, in pixels (default \(PNG.defaultMaxPixels), at most \(PNG.maxPixelsCeiling)).",
                               discussion: "Checked against each PNG's header before any memory is allocated, so a small file "
                                   + "declaring a huge image is refused; frames read ahead are also bounded by memory."))
    var maxPixels = PNG.defaultMaxPixels

    @Flag(help: "No progress bar.")
    var quiet = false

    private var options: GIFOptions {
        GIFOptions(fps: fps, sourceFPS: inputFPS, loopCount: loop < 0 ? nil : loop, quality: quality)
    }

    func validate() throws {
        if loop < -1 { throw CommandFailure("--loop \(loop)", "must be -1 (once), 0 (forever) or a repeat count") }
        do { try options.validate() } catch let GIFError.invalidOption(option, rule) {
            let flag: String
            switch GIFOptions.Field(rawValue: option) {
            case .fps: flag = "--fps \(fps)"
            case .sourceFPS: flag = "--input-fps \(inputFPS ?? 0)"
            case .loopCount: flag = "--loop \(loop)"
            case .quality: flag = "--quality \(quality)"
            case nil: flag = option
            }
            throw CommandFailure(flag, rule)
        }
        guard (1...PNG.maxPixelsCeiling).contains(maxPixels) else {
            throw CommandFailure("--max-pixels \(maxPixels)", "must be 1...\(PNG.maxPixelsCeiling)")
        }
    }

    func run() throws {
        guard !frames.isEmpty else {
            throw CommandFailure("gif", "no input frames (pass PNG files, e.g. frames/*.png)")
        }
        let paths = frames, maxPixels = maxPixels
        // The first frame sets the size; how far ahead the others are read follows from it, so the
        // frames in flight stay within a memory budget however large they are.
        var first: Pixmap? = try read(paths[0], maxPixels: maxPixels)
        let (width, height) = (first!.width, first!.height)
        let gif = try open(width: width, height: height)
        let framePixels = width * height
        let lookahead = orderedWorkLookahead(itemBytes: framePixels * 4)
        let reads = OrderedWork<Result<Pixmap, Error>>(label: "gif.png")
        func sizeMismatch(_ path: String, _ w: Int, _ h: Int) -> CommandFailure {
            CommandFailure(path, "is \(w)×\(h) but \(paths[0]) is \(width)×\(height)")
        }
        func submit(_ i: Int) {
            // A frame of another size is an error anyway, so a read ahead decodes no more than the first's pixels.
            if i < paths.count { reads.submit { Result { try PNG.read(path: paths[i], maxPixels: framePixels) } } }
        }
        for i in 1...lookahead { submit(i) }
        let progress = ProgressBar(total: paths.count, quiet: quiet)
        for (i, path) in paths.enumerated() {
            let frame: Pixmap
            if i == 0 {
                frame = first!
                first = nil
            } else {
                do { frame = try reads.take(i - 1)!.get() } catch let CodecError.tooManyPixels(_, width, height, _) {
                    throw sizeMismatch(path, width, height)
                } catch { throw CommandFailure("\(error)") }
                submit(i + lookahead)
            }
            do { try gif.add(frame) } catch GIFError.frameSize {
                throw sizeMismatch(path, frame.width, frame.height)
            }
            progress.update(i + 1)
        }
        do { try gif.finish() } catch { throw CommandFailure("\(error)") }
        progress.finish()
    }

    /// Reads the first frame; a frame over the pixel budget says how to raise it.
    private func read(_ path: String, maxPixels: Int) throws -> Pixmap {
        do { return try PNG.read(path: path, maxPixels: maxPixels) } catch let error as CodecError {
            if case .tooManyPixels = error { throw CommandFailure("\(error) (--max-pixels raises it)") }
            throw CommandFailure("\(error)")
        }
    }

    private func open(width: Int, height: Int) throws -> GIFEncoder {
        do { return try GIFEncoder(path: output, width: width, height: height, options: options) } catch {
            throw CommandFailure("\(error)")
        }
    }
}
