/// The video codecs MP4 and WebM files are written with, through FFmpeg's libraries.
public enum VideoCodec: String, Sendable, CaseIterable {
    /// H.264 (libx264), for `.mp4`: plays in every browser, on GitHub and in QuickTime.
    case h264
    /// VP9 (libvpx), for `.webm`.
    case vp9
    /// AV1 (libaom, or SVT-AV1 when libaom is missing), for `.webm` or `.mp4` with `--codec av1`.
    case av1

    /// Constant rate factors run 0...51 for H.264 and 0...63 for VP9 and AV1 (lower is better).
    var worstCRF: Int { self == .h264 ? 51 : 63 }

    /// The CRF `quality` (0...100, higher is better) maps to: linear, 100 → 0 (lossless for
    /// H.264), 0 → the codec's worst.
    public func crf(quality: Int) -> Int { ((100 - quality) * worstCRF + 50) / 100 }
}

/// How `VideoEncoder` times and compresses a video.
public struct VideoOptions: Sendable, Equatable {
    /// The fastest rate accepted.
    public static let maxFPS = 240

    /// Frames per second of the video: constant, frame `j` at `j / fps` seconds.
    public var fps: Int
    /// The rate frames are passed to `VideoEncoder.add` at; as `GIFOptions.sourceFPS` (frames are
    /// dropped or repeated onto the output's ticks, so the video lasts as long as the source).
    public var sourceFPS: Int?
    /// The codec; the container follows the path's extension.
    public var codec: VideoCodec
    /// 0...100, mapped to the codec's CRF by `VideoCodec.crf(quality:)`.
    public var quality: Int

    /// Quality 65 is CRF 18 for H.264 (and 22 for VP9 and AV1): visually lossless on flat UI,
    /// where text and hairlines stay sharp; the owl at 2x decodes at over 45 dB PSNR.
    public static let defaultQuality = 65

    public init(fps: Int = 60, sourceFPS: Int? = nil, codec: VideoCodec = .h264, quality: Int = defaultQuality) {
        self.fps = fps
        self.sourceFPS = sourceFPS
        self.codec = codec
        self.quality = quality
    }

    /// Throws `AnimationError.invalidOption` naming the first option out of range.
    public func validate() throws {
        guard (1...Self.maxFPS).contains(fps) else {
            throw AnimationError.invalidOption("fps", "must be 1...\(Self.maxFPS), not \(fps)")
        }
        if let s = sourceFPS, s < 1 { throw AnimationError.invalidOption("source fps", "must be at least 1, not \(s)") }
        guard (0...100).contains(quality) else {
            throw AnimationError.invalidOption("quality", "must be 0...100, not \(quality)")
        }
    }

    /// Throws `AnimationError.invalidOption` when the codec cannot go into the container `path`
    /// names (WebM holds only VP9 and AV1).
    public func validate(path: String) throws {
        try validate()
        if path.lowercased().hasSuffix(".webm"), codec == .h264 {
            throw AnimationError.invalidOption("codec", "WebM holds VP9 or AV1 (write .mp4 for H.264)")
        }
    }
}

extension VideoCodec {
    /// Whether this build writes video: `make VIDEO=no` builds without FFmpeg's libraries (and so
    /// without GPL libx264 in the binary), and then `.mp4` and `.webm` outputs are refused.
    public static var isBuilt: Bool {
        #if POPPING_VIDEO
        return true
        #else
        return false
        #endif
    }
}
