import ArgumentParser
import Foundation
import PoppingRender

/// What the encoding commands (`gif`, `apng`, `webp`) read: a folder of PNG frames or PNG files,
/// the rate they were rendered at, and the rate and file to write.
struct FrameInputArguments: ParsableArguments {
    @Argument(help: "A folder of PNG frames (its frames.json gives their rate) or PNG files in display order.")
    var frames: [String] = []

    @Option(name: .shortAndLong, help: "The file to write.")
    var output: String

    @Option(help: "Output frame rate (default: the input rate, at most 30 for GIF and WebP).")
    var fps: Int?

    @Option(name: .customLong("input-fps"),
            help: "Rate the frames were rendered at (default: from frames.json; otherwise --fps, keeping every frame; otherwise 30, with a warning).")
    var inputFPS: Int?

    @Option(name: .customLong("max-pixels"),
            help: ArgumentHelp("The largest frame to decode, in pixels (default \(PNG.defaultMaxPixels), at most \(PNG.maxPixelsCeiling)).",
                               discussion: "Checked against each PNG's header before any memory is allocated, so a small file "
                                   + "declaring a huge image is refused; frames read ahead are also bounded by memory."))
    var maxPixels = PNG.defaultMaxPixels

    @Flag(help: "No progress bar.")
    var quiet = false

    @OptionGroup var read: ReadArguments

    func validate() throws {
        guard (1...PNG.maxPixelsCeiling).contains(maxPixels) else {
            throw CommandFailure("--max-pixels \(maxPixels)", "must be 1...\(PNG.maxPixelsCeiling)")
        }
    }

    /// The rate assumed for frames that do not say theirs.
    static let assumedFPS = 30

    /// The frame files in display order and the rate they were rendered at. A folder's frames
    /// are those its frames.json lists, else its PNG files by name; files given one by one take
    /// the rate of a frames.json beside them.
    func input(command: String) throws -> (paths: [String], fps: Int) {
        guard !frames.isEmpty else {
            throw CommandFailure(command, "no input frames (pass a folder of PNG frames, or PNG files, e.g. frames/*.png)")
        }
        var paths = frames
        var folder: String?
        var isDir: ObjCBool = false
        if frames.count == 1, FileManager.default.fileExists(atPath: frames[0], isDirectory: &isDir), isDir.boolValue {
            folder = frames[0]
            paths = []
        } else {
            let parents = Set(frames.map { PathName.folder(of: $0) })
            if parents.count == 1 { folder = parents.first! }
        }
        var listed: FrameFolder?
        if let folder {
            do { listed = try FrameFolder.read(folder: folder.isEmpty ? "." : folder) } catch {
                throw CommandFailure("\(error)")
            }
        }
        if let folder, paths.isEmpty {
            let names: [String]
            if let listed {
                names = listed.frames.map(\.file)
            } else {
                names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
                    .filter { $0.lowercased().hasSuffix(".png") }.sorted()
                guard !names.isEmpty else { throw CommandFailure(folder, "has no PNG frames") }
            }
            // A folder's frames are read only from the folder: a frame that is a link to a file
            // elsewhere is refused.
            let root = ReadRoot.contents(of: folder)
            paths = try names.map { name in
                do { return try root.resolve(name, relativeTo: folder) } catch let refusal as ReadRefusal {
                    throw CommandFailure((folder as NSString).appendingPathComponent(refusal.path), refusal.reason)
                }
            }
        }
        if let inputFPS {
            guard (1...1000).contains(inputFPS) else { throw CommandFailure("--input-fps \(inputFPS)", "must be 1...1000") }
            return (paths, inputFPS)
        }
        if let listed { return (paths, listed.fps) }
        // Plain files have no rate of their own: --fps is theirs (as gifski's --fps, ffmpeg's
        // -framerate and ImageMagick's -delay mean), so every frame is kept at that rate.
        if let fps { return (paths, fps) }
        FileHandle.standardError.write(Data(("popping-render: warning: no frames.json beside the frames and no "
            + "--input-fps; assuming they were rendered at \(Self.assumedFPS) fps\n").utf8))
        return (paths, Self.assumedFPS)
    }

    /// Encodes the frames as `output` within `budget`.
    func encode(command: String, format: String, encoding: EncodingOptions, budget: SizeBudget) throws {
        let kind: RenderOutput
        if format == "video" {
            kind = try Self.videoOutput(output)
        } else {
            guard let named = RenderOutput(path: output, format: format) else { throw CommandFailure(format, "unknown format") }
            kind = named
        }
        let (paths, inputRate) = try input(command: command)
        let rate = fps ?? (format == "apng" || format == "video" ? inputRate : min(inputRate, 30))
        try budget.fit(kind, attempts: SizeBudget.attempts(for: kind, fps: rate, encoding: encoding)) { attempt in
            try encode(paths, inputRate: inputRate, as: kind, rate: attempt.fps, encoding: attempt.encoding)
        }
    }

    /// The MP4 or WebM `path` names; anything else is an error naming the two.
    static func videoOutput(_ path: String) throws -> RenderOutput {
        let kind: RenderOutput
        do { kind = try RenderOutput(path: path) } catch let failure as RenderFailure {
            throw CommandFailure(failure.description)
        }
        guard case .video = kind else { throw CommandFailure(path, "a video is written to .mp4 or .webm") }
        return kind
    }

    /// Reads the frames on worker threads ahead of the encoder and encodes them as `kind`.
    private func encode(_ paths: [String], inputRate: Int, as kind: RenderOutput, rate: Int,
                        encoding: EncodingOptions) throws {
        let command = kind.path
        // Checked before any frame is read; frames with transparent pixels make a transparent GIF.
        guard try kind.animationEncoder(fps: rate, sourceFPS: inputRate, encoding: encoding) != nil else {
            throw CommandFailure(command, "is not an animation")
        }
        // The first frame sets the size; how far ahead the others are read follows from it, so the
        // frames in flight stay within a memory budget however large they are.
        var first: Pixmap? = try readFirst(paths[0])
        let (width, height) = (first!.width, first!.height)
        let encoder = try opener(kind, rate: rate, inputRate: inputRate, encoding: encoding, first: first!)(width, height)
        let framePixels = width * height
        let lookahead = orderedWorkLookahead(itemBytes: framePixels * 4)
        let reads = OrderedWork<Result<Pixmap, Error>>(label: "\(command).png")
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
            do { try encoder.add(frame, damage: nil) } catch AnimationError.frameSize {
                throw sizeMismatch(path, frame.width, frame.height)
            }
            progress.update(i + 1)
        }
        do { try encoder.finish() } catch { throw CommandFailure("\(error)") }
        progress.finish()
    }

    /// Reads the first frame; a frame over the pixel budget says how to raise it.
    private func readFirst(_ path: String) throws -> Pixmap {
        do { return try PNG.read(path: path, maxPixels: maxPixels) } catch let error as CodecError {
            if case .tooManyPixels = error { throw CommandFailure("\(error) (--max-pixels raises it)") }
            throw CommandFailure("\(error)")
        }
    }

    /// The encoder for `kind`, transparent when the first frame has pixels under half opacity.
    private func opener(_ kind: RenderOutput, rate: Int, inputRate: Int, encoding: EncodingOptions, first: Pixmap)
        throws -> (Int, Int) throws -> AnimationEncoder {
        var options = encoding
        if case .video = kind { return try kind.animationEncoder(fps: rate, sourceFPS: inputRate, encoding: options)! }
        options.transparent = stride(from: 3, to: first.data.count, by: 4).contains { first.data[$0] < 128 }
        return try kind.animationEncoder(fps: rate, sourceFPS: inputRate, encoding: options)!
    }
}
