/// Where a canvas may draw: a rectangle of whole pixels, optionally narrowed by an anti-aliased
/// coverage mask (clip-to-path, e.g. rounded corners with `clipsToBounds`). It is a value: read
/// `Canvas.clip` before clipping and assign it back afterwards to undo the clip, as
/// CGContext's save/restore does for its clip.
public struct ClipState: Equatable, Sendable {
    /// Drawing never touches pixels outside these bounds.
    public internal(set) var bounds: PixelRect
    /// Per-pixel coverage multiplied into every draw; it covers at least `bounds`.
    public internal(set) var mask: CoverageMask?

    init(bounds: PixelRect) {
        self.bounds = bounds
        mask = nil
    }
}
