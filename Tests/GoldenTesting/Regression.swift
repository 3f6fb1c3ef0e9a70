import Codecs
import GoldenFrames

/// Makes a regression to test against: paints a blue 40 × 40 square at (60, 100) into the golden
/// frames `frames` of `scene` in `folder` and records their hashes, as if the goldens came from a
/// renderer that drew one.
public func paintSquare(inGoldens folder: String, scene: String, frames: Set<Int>) throws {
    let store = GoldenStore(folder: folder)
    guard var manifest = try store.manifest(scene) else { throw GoldenFailure(description: "\(folder): no goldens of \(scene)") }
    let writer = try store.format.makeWriter(path: store.sequencePath(scene), fps: manifest.options.fps)
    var position = 0
    try store.frames(of: manifest) { index, pixmap in
        var frame = pixmap
        if frames.contains(index) {
            for y in 100..<140 {
                let row = (y * frame.width + 60) * 4
                frame.data.replaceSubrange(row..<row + 160, with: repeatElement([40, 90, 250, 255] as [UInt8], count: 40).joined())
            }
        }
        try writer.add(frame)
        manifest.frames[position].hash = manifest.digest.hex(frame.data)
        position += 1
        return true
    }
    try writer.commit()
    try AtomicOutput.write(Array(try manifest.encoded().utf8), to: store.manifestPath(scene))
}
