import Geometry
import Raster

/// What the GIF, APNG and WebP encoders share: frames go in one by one at the source rate, the
/// file appears at its path on `finish()`. Render sinks and the encoding commands drive any of
/// them through this.
public protocol AnimationEncoder: AnyObject {
    /// The canvas size every frame must have.
    var width: Int { get }
    var height: Int { get }
    /// Adds the next source frame; `damage`, in pixels, bounds where it may differ from the one
    /// before (`nil`: anywhere).
    func add(_ frame: Pixmap, damage: Rect?) throws
    /// Writes what is left and moves the file into place.
    func finish() throws
}

extension GIFEncoder: AnimationEncoder {}
extension APNGEncoder: AnimationEncoder {}
