import ArgumentParser
import PoppingRender

/// The options of commands that write an animation file (a demo rendered to .gif/.apng/.webp/.mp4/
/// .webm, and the `gif`, `apng`, `webp` and `video` encoding commands): how it loops and how it is
/// compressed.
struct OutputArguments: ParsableArguments {
    @Option(help: ArgumentHelp("How many times browsers play it: N or forever.",
                               discussion: "A GIF stores N − 1 repeats (NETSCAPE2.0) and no loop block for 1; "
                                   + "some players loop such a GIF forever anyway."))
    var loop: String = "forever"

    @Option(help: ArgumentHelp("0...100. GIF: colours per frame after the first (50 → 64, 100 → 256); WebP: lossy "
                               + "quality (default 75); MP4/WebM: CRF (default 65 = H.264 CRF 18, VP9/AV1 CRF 22)."))
    var quality: Int?

    @Option(help: "MP4/WebM: h264 (the .mp4 default), vp9 (the .webm default) or av1.")
    var codec: String?

    @Flag(help: "WebP: lossless frames.")
    var lossless = false

    @Option(help: "GIF: lossy LZW 0...200 (a pixel may take a colour up to N/2 away when that compresses better); 0 writes every pixel exactly as quantised, without the small tolerance dithered pixels get by default.")
    var lossy: Int?

    @Option(name: .customLong("max-size"),
            help: "Largest file, like 5MB: lowers the frame rate, colours or adds lossy LZW until it fits, and says so.")
    var maxSize: String?

    @Option(help: "GIF: ordered (a fixed 8×8 pattern for colours the palette lacks, as in gradients; exact colours stay exact) or none.")
    var dither: String = "ordered"

    /// The checked options; throws a `CommandFailure` naming a bad one.
    func encoding() throws -> EncodingOptions {
        let plays: Int
        if loop == "forever" || loop == "0" {
            plays = 0
        } else if let n = Int(loop), (1...65535).contains(n) {
            plays = n
        } else {
            throw CommandFailure("--loop \(loop)", "must be forever (or 0) or a play count 1...65535")
        }
        if let quality, !(0...100).contains(quality) {
            throw CommandFailure("--quality \(quality)", "must be 0...100")
        }
        guard ["ordered", "none"].contains(dither) else { throw CommandFailure("--dither \(dither)", "must be ordered or none") }
        if let lossy, !(0...200).contains(lossy) { throw CommandFailure("--lossy \(lossy)", "must be 0...200") }
        let videoCodec = try codec.map { name in
            guard let c = VideoCodec(rawValue: name.lowercased()) else {
                throw CommandFailure("--codec \(name)", "must be \(VideoCodec.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            return c
        }
        return EncodingOptions(plays: plays, quality: quality, lossless: lossless, dither: dither == "ordered",
                               lossy: lossy, codec: videoCodec)
    }

    /// The `--max-size` budget; throws a `CommandFailure` for a bad size.
    func budget() throws -> SizeBudget {
        SizeBudget(limit: try maxSize.map(SizeBudget.parse))
    }
}
