import Codecs
import Foundation
import Geometry
import Raster
import Scene
import Text

/// A PNG contact sheet for docs: twelve evenly spaced frames at half size in a 4 × 3 grid, each
/// labelled with its time. Only the chosen frames are kept, already shrunk.
final class ContactSheetSink: FrameSink {
    let path: String
    let columns = 4
    let rows = 3
    /// Device pixels per point of the frames, to size the labels like the frames' own text.
    let scale: Double
    private let chosen: [Int]
    private var thumbnails: [(frame: Int, image: Pixmap)] = []

    init(path: String, frames: Range<Int>, scale: Double) {
        self.path = path
        self.scale = scale
        let count = columns * rows
        let last = frames.count - 1
        chosen = (0..<count).map { frames.lowerBound + ($0 * last + (count - 1) / 2) / (count - 1) }
    }

    /// Only the sheet's frames are drawn.
    func frames(from candidates: [Int]) -> [Int] { candidates.filter(chosen.contains) }

    func add(_ pixmap: Pixmap, frame: Int) throws {
        guard chosen.contains(frame) else { return }
        let small = Canvas(width: (pixmap.width + 1) / 2, height: (pixmap.height + 1) / 2, background: .white)
        small.draw(pixmap, transform: .scale(0.5, 0.5))
        thumbnails.append((frame, small.pixmap))
    }

    func finish() throws {
        guard let first = thumbnails.first?.image else { throw RenderFailure(path, "no frames to put on the sheet") }
        let gap = Int(saturating: 8 * scale), label = Int(saturating: 16 * scale)
        let cellW = first.width + gap, cellH = first.height + label + gap
        let sheet = Canvas(width: columns * cellW + gap, height: rows * cellH + gap,
                           background: Color(r255: 244, g: 244, b: 244))
        let font = Font.named("system", size: 10 * scale)
        for (i, thumb) in thumbnails.enumerated() {
            let x = gap + (i % columns) * cellW, y = gap + (i / columns) * cellH
            sheet.fill(rect: Rect(Double(x - 1), Double(y - 1), Double(first.width + 2), Double(first.height + 2)),
                       color: Color(white: 0.8))
            sheet.composite(thumb.image, x: x, y: y)
            let caption = String(format: "%.2f s · frame %d", Double(thumb.frame) / 60, thumb.frame)
            let box = Rect(Double(x), Double(y + first.height), Double(first.width), Double(label))
            sheet.draw(LabelLayout(text: caption, font: font, in: box, alignment: .center), color: Color(white: 0.33))
        }
        try PNG.write(sheet.pixmap, to: path)
    }

    func abort() {}
}
