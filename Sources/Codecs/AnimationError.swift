/// Errors the animation encoders (GIF, APNG, WebP) throw; each says what is wrong in one line.
public enum AnimationError: Error, CustomStringConvertible, Equatable {
    /// An option is out of range.
    case invalidOption(String)
    /// A frame's size differs from the size the encoder was created with.
    case frameSize(index: Int, width: Int, height: Int, expectedWidth: Int, expectedHeight: Int)
    /// `finish()` was called before any frame was added.
    case noFrames
    /// The canvas is empty or larger than the format stores.
    case canvasSize(format: String, maxSide: Int, width: Int, height: Int)

    public var description: String {
        switch self {
        case let .invalidOption(text): return text
        case let .frameSize(index, w, h, ew, eh):
            return "frame \(index) is \(w)×\(h) but the animation is \(ew)×\(eh)"
        case .noFrames: return "no frames to encode"
        case let .canvasSize(format, maxSide, w, h):
            return "a\(format.first == "A" ? "n" : "") \(format) must be 1...\(maxSide) pixels wide and high, not \(w)×\(h)"
        }
    }
}
