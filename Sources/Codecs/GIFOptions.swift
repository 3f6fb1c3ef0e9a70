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
    /// 0...100: how many colours frames after the first may use (`maxColours`, `gradientColours`
    /// for smooth gradients) and how close to the screen a pixel must be to count as unchanged
    /// (`changeTolerance`). The first frame always gets a full 255-colour table, since whatever
    /// it leaves on screen stays there.
    /// On the benchmark's 90 UI frames: 100 → 1.43 MB at 67 dB PSNR, 50 → 1.15 MB at 56 dB.
    public var quality: Int

    /// 1-bit transparency: pixels under half opacity are transparent, the others their straight
    /// (unpremultiplied) colour. Off, every pixel is its colour over black.
    public var transparency: Bool

    /// Ordered dithering of colours the palette does not hold (gradients, soft shadows); exact
    /// colours are never dithered and the pattern is fixed to the canvas, so it does not shimmer.
    /// Dithered pixels also get a little lossy LZW with error diffusion, so that its noise looks
    /// like more dither (see `GIFDiffusedMatch`), and after a dithered first frame every change
    /// is redrawn (`changeTolerance` 0).
    public var dither: Bool

    /// Lossy LZW, 0 to 200: a pixel may take another palette colour within `lossy / 2` (RGB
    /// distance) when that continues a longer LZW string, as gifsicle's `--lossy` does. nil (the
    /// default) leaves exact colours exact and gives dithered pixels only their small diffused
    /// tolerance (see `dither`); 0 turns that off too, so every pixel is written as quantised.
    public var lossy: Int?

    /// 30 fps, looping forever, quality 50, opaque, dithered, lossless LZW.
    public init(fps: Int = 30, sourceFPS: Int? = nil, loopCount: Int? = 0, quality: Int = 50,
                transparency: Bool = false, dither: Bool = true, lossy: Int? = nil) {
        self.dither = dither
        self.lossy = lossy
        self.fps = fps
        self.sourceFPS = sourceFPS
        self.loopCount = loopCount
        self.quality = quality
        self.transparency = transparency
    }

    /// The most colours in a frame's local table: 16 · 2^(quality / 25), so 256 at quality 100,
    /// 128 at 75, 64 at 50, 32 at 25 (linear within each doubling, so integer-exact). Fewer
    /// colours mean fewer distinct anti-aliased shades, which LZW compresses better: each halving
    /// saved about 10 % of the bytes for 5–6 dB on the benchmark frames.
    var maxColours: Int {
        let base = 16 << (quality / 25)
        return min(256, base + base * (quality % 25) / 25)
    }

    /// The most colours in the local table of a smooth gradient frame (`GIFQuantizer.isGradient`),
    /// which is dithered: 256 from the default quality 50 up, `maxColours` below. Dithering hides
    /// palette steps only while neighbouring palette colours are a few levels apart: on moving
    /// mesh gradients (bench/mesh_frames.py) 64 colours showed rings at 43.1 dB (5 × 5
    /// box-blurred PSNR), 128 reached 47.5 dB, 256 50.9 dB. Flat UI frames keep `maxColours`,
    /// and so their bytes.
    var gradientColours: Int { quality >= 50 ? 256 : maxColours }

    /// The largest per-channel difference from the pixel on screen that still counts as
    /// unchanged: 0 at quality 100 (lossless where the palette allows), 1 from 50 to 99, 2 below
    /// (0 at any quality when the first frame is dithered, see `GIFEncoder`).
    /// One level saved 1.2 % of the bytes for 0.2 dB; 3 levels froze slow fades (a frame fell
    /// to 40 dB), so it stops at 2.
    var changeTolerance: Int { (100 - quality + 49) / 50 }

    /// The options `validate()` checks, so a command can name its own flag for the one at fault.
    public enum Field: String, Sendable, Equatable {
        case fps = "fps", sourceFPS = "source fps", loopCount = "loop count", quality = "quality"
    }

    /// Throws `GIFError.invalidOption` naming the first option out of range.
    public func validate() throws {
        guard (1...Self.maxFPS).contains(fps) else {
            throw GIFError.invalidOption(Field.fps.rawValue, "must be 1...\(Self.maxFPS) (GIF delays are centiseconds and "
                + "players slow delays under 2 cs to 10 cs), not \(fps)")
        }
        if let s = sourceFPS, s < 1 {
            throw GIFError.invalidOption(Field.sourceFPS.rawValue, "must be at least 1, not \(s)")
        }
        if let n = loopCount, !(0...0xFFFF).contains(n) {
            throw GIFError.invalidOption(Field.loopCount.rawValue, "must be 0...65535, not \(n)")
        }
        guard (0...100).contains(quality) else {
            throw GIFError.invalidOption(Field.quality.rawValue, "must be 0...100, not \(quality)")
        }
        if let lossy, !(0...200).contains(lossy) { throw GIFError.invalidOption("lossy", "must be 0...200, not \(lossy)") }
    }
}

/// The errors `GIFEncoder` throws (the same cases as every animation encoder).
public typealias GIFError = AnimationError
