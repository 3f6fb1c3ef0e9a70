import Codecs
import PoppingRender
import Foundation
import Raster

/// How a scene's golden frames are stored in one lossless file (or folder) beside its manifest.
/// The check only needs to write a sequence as it renders and read it back in order.
public protocol FrameSequenceFormat: Sendable {
    /// The file name extension of a sequence (`apng`).
    var fileExtension: String { get }
    /// Starts a sequence at `path` of frames shown `fps` times a second; nothing appears at
    /// `path` until the writer commits.
    func makeWriter(path: String, fps: Int) throws -> any FrameSequenceWriter
    /// Opens the sequence at `path`, written at `fps`, to read its frames in order.
    func openReader(path: String, fps: Int) throws -> any FrameSequenceReader
}

/// Receives a sequence's frames in order.
public protocol FrameSequenceWriter: AnyObject {
    /// Appends the next frame; every frame has the first one's size.
    func add(_ frame: Pixmap) throws
    /// Finishes the sequence and moves it into place, replacing any sequence there.
    func commit() throws
    /// Throws the partly written sequence away.
    func abort()
}

/// Gives a sequence's frames in order.
public protocol FrameSequenceReader: AnyObject {
    /// The next frame, nil after the last.
    func next() throws -> Pixmap?
}

/// The format goldens are written in.
public let goldenSequenceFormat: any FrameSequenceFormat = APNGSequence()

/// One animated PNG of the whole sequence: lossless, small (each frame stores only the rectangle
/// that changed, and runs of identical frames are one frame with a longer delay), and it plays in
/// a browser, so a pull request's reviewer sees the golden animation.
public struct APNGSequence: FrameSequenceFormat {
    public init() {}

    public var fileExtension: String { "apng" }

    public func makeWriter(path: String, fps: Int) throws -> any FrameSequenceWriter { Writer(path: path, fps: fps) }

    public func openReader(path: String, fps: Int) throws -> any FrameSequenceReader {
        guard let data = FileManager.default.contents(atPath: path) else { throw RenderFailure(path, "cannot be read") }
        return Reader(bytes: Array(data), name: path, fps: fps)
    }

    final class Writer: FrameSequenceWriter {
        let path: String
        let fps: Int
        private var encoder: APNGEncoder?

        init(path: String, fps: Int) {
            self.path = path
            self.fps = fps
        }

        func add(_ frame: Pixmap) throws {
            if encoder == nil {
                encoder = try APNGEncoder(path: path, width: frame.width, height: frame.height, options: APNGOptions(fps: fps))
            }
            try encoder?.add(frame)
        }

        func commit() throws {
            guard let encoder else { throw RenderFailure(path, "no frames to write") }
            self.encoder = nil
            try encoder.finish()
        }

        /// The encoder's temporary file goes with it.
        func abort() { encoder = nil }
    }

    /// Decodes on its own thread, one frame ahead of the reader, so a long sequence needs memory
    /// for a few canvases; a frame shown for several ticks is given once per tick.
    final class Reader: FrameSequenceReader {
        /// What the decoding thread and the reader share.
        final class Handoff: @unchecked Sendable {
            let condition = NSCondition()
            var frame: (image: Pixmap, ticks: Int)?
            var finished = false
            var failure: Error?
            var cancelled = false
        }

        private let handoff = Handoff()
        private var current: (image: Pixmap, ticks: Int)?

        init(bytes: [UInt8], name: String, fps: Int) {
            let handoff = self.handoff
            let thread = Thread {
                do {
                    try APNGDecoder.decode(bytes, name: name) { frame in
                        let ticks = max(1, (frame.delayNumerator * fps + frame.delayDenominator / 2) / max(frame.delayDenominator, 1))
                        handoff.condition.lock()
                        defer { handoff.condition.unlock() }
                        while handoff.frame != nil && !handoff.cancelled { handoff.condition.wait() }
                        if handoff.cancelled { throw CancellationError() }
                        handoff.frame = (frame.image, ticks)
                        handoff.condition.broadcast()
                    }
                } catch is CancellationError {
                } catch {
                    handoff.condition.lock()
                    handoff.failure = error
                    handoff.condition.unlock()
                }
                handoff.condition.lock()
                handoff.finished = true
                handoff.condition.broadcast()
                handoff.condition.unlock()
            }
            thread.start()
        }

        func next() throws -> Pixmap? {
            if let shown = current, shown.ticks > 0 {
                current = (shown.image, shown.ticks - 1)
                return shown.image
            }
            handoff.condition.lock()
            defer { handoff.condition.unlock() }
            while handoff.frame == nil && !handoff.finished { handoff.condition.wait() }
            if let failure = handoff.failure { throw failure }
            guard let frame = handoff.frame else { return nil }
            handoff.frame = nil
            handoff.condition.broadcast()
            current = (frame.image, frame.ticks - 1)
            return frame.image
        }

        deinit {
            handoff.condition.lock()
            handoff.cancelled = true
            handoff.condition.broadcast()
            handoff.condition.unlock()
        }
    }
}
