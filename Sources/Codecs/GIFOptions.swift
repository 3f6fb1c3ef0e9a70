/// How `GIFEncoder` times, loops and compresses an animation.
public struct GIFOptions: Sendable, Equatable {
    /// The fastest frame rate a GIF plays at reliably: delays are whole centiseconds and browsers
    /// show a delay under 2 cs as 10 cs, so 2 cs (50 fps) is the shortest safe delay.
    public static let maxFPS = 50

    /// Output frame rate, 1...50. Frames are shown on a grid of `fps` ticks per second; delays
    /// are rounded down to centiseconds at each tick, so 30 fps gives 3, 3, 4 cs and the total
    /// duration stays exact.
    public var fps: Int
    /// The rate frames are passed to `GIFEncoder.add` at (a renderer's 60 Hz, say). When it is
    /// higher than `fps`, frames that fall between output ticks are dropped; when lower, a frame
    /// stays on screen for several ticks. `nil` means the same as `fps`.
    public var sourceFPS: Int?
    /// The NETSCAPE2.0 loop count: 0 loops forever, N repeats the animation N more times after
    /// the first play, `nil` writes no loop block so players show it once.
    public var loopCount: Int?
    /// 0...100. At 100 every changed pixel is stored; lower values treat pixels within a small
    /// colour distance of what is already on screen as unchanged, which makes files smaller
    /// (see `changeTolerance`).
    public var quality: Int

    /// 30 fps, looping forever, quality 100.
    public init(fps: Int = 30, sourceFPS: Int? = nil, loopCount: Int? = 0, quality: Int = 100) {
        self.fps = fps
        self.sourceFPS = sourceFPS
        self.loopCount = loopCount
        self.quality = quality
    }

    /// The largest per-channel difference from the pixel on screen that still counts as
    /// unchanged: 0 at quality 100, one level per 8 quality points below it (12 at quality 0).
    var changeTolerance: Int { (100 - quality) / 8 }

    /// Throws `GIFError.invalidOption` naming the first option out of range.
    public func validate() throws {
        guard (1...Self.maxFPS).contains(fps) else {
            throw GIFError.invalidOption("fps must be 1...\(Self.maxFPS) (GIF delays are centiseconds and "
                + "players slow delays under 2 cs to 10 cs), not \(fps)")
        }
        if let s = sourceFPS, s < 1 {
            throw GIFError.invalidOption("source fps must be at least 1, not \(s)")
        }
        if let n = loopCount, !(0...0xFFFF).contains(n) {
            throw GIFError.invalidOption("loop count must be 0...65535, not \(n)")
        }
        guard (0...100).contains(quality) else {
            throw GIFError.invalidOption("quality must be 0...100, not \(quality)")
        }
    }
}

/// Errors `GIFEncoder` throws; each says what is wrong in one line.
public enum GIFError: Error, CustomStringConvertible, Equatable {
    /// An option is out of range.
    case invalidOption(String)
    /// A frame's size differs from the size the encoder was created with.
    case frameSize(index: Int, width: Int, height: Int, expectedWidth: Int, expectedHeight: Int)
    /// `finish()` was called before any frame was added.
    case noFrames
    /// The canvas is empty or larger than GIF's 65535 × 65535.
    case canvasSize(width: Int, height: Int)

    public var description: String {
        switch self {
        case let .invalidOption(text): return text
        case let .frameSize(index, w, h, ew, eh):
            return "frame \(index) is \(w)×\(h) but the animation is \(ew)×\(eh)"
        case .noFrames: return "no frames to encode"
        case let .canvasSize(w, h): return "a GIF must be 1...65535 pixels wide and high, not \(w)×\(h)"
        }
    }
}
