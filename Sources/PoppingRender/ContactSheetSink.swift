import Codecs
import Foundation
import Geometry
import Raster
import Scene
import Text

/// A PNG contact sheet for docs: twelve evenly spaced frames at half size in a 4 × 3 grid, each
/// labelled with its time. Each chosen frame is shrunk straight into the sheet as it arrives, so
/// the sheet is the only image kept; a frame over `largestThumbnail` device pixels on a side at
/// half size is shrunk further, so a huge screen makes a sheet of at most 4 × 3 such cells.
final class ContactSheetSink: FrameSink {
    let path: String
    let columns = 4
    let rows = 3
    /// The longest side of a cell's frame, in device pixels: a phone's half-size frame at 3x
    /// (1,290 × 2,796 pixels → 1,398) fits whole, and a 2000 × 2000 pt screen at 3x makes a sheet
    /// of 120 MB instead of 430 MB beside a 430 MB list of thumbnails.
    static let largestThumbnail = 1536
    /// Device pixels per point of the frames, to size the labels like the frames' own text.
    let scale: Double
    private let chosen: [Int]
    private var sheet: Canvas?
    private var thumbnailSize = (width: 0, height: 0)
    private var placed = 0

    init(path: String, frames: Range<Int>, scale: Double) {
        self.path = path
        self.scale = scale
        let count = columns * rows
        let last = frames.count - 1
        chosen = (0..<count).map { frames.lowerBound + ($0 * last + (count - 1) / 2) / (count - 1) }
    }

    /// Only the sheet's frames are drawn.
    func frames(from candidates: [Int]) -> [Int] { candidates.filter(chosen.contains) }

    private var gap: Int { Int(saturating: 8 * scale) }
    private var labelHeight: Int { Int(saturating: 16 * scale) }

    func add(_ pixmap: Pixmap, frame: Int) throws {
        guard chosen.contains(frame) else { return }
        let shrink = min(0.5, Double(Self.largestThumbnail) / Double(max(pixmap.width, pixmap.height, 1)))
        if sheet == nil {
            thumbnailSize = shrink == 0.5 ? ((pixmap.width + 1) / 2, (pixmap.height + 1) / 2)
                : (max(1, Int(saturating: (Double(pixmap.width) * shrink).rounded(.up))),
                   max(1, Int(saturating: (Double(pixmap.height) * shrink).rounded(.up))))
            let cellW = thumbnailSize.width + gap, cellH = thumbnailSize.height + labelHeight + gap
            sheet = Canvas(width: columns * cellW + gap, height: rows * cellH + gap, background: Color(r255: 244, g: 244, b: 244))
        }
        guard let sheet, placed < columns * rows else { return }
        let (w, h) = thumbnailSize
        let cellW = w + gap, cellH = h + labelHeight + gap
        let x = gap + (placed % columns) * cellW, y = gap + (placed / columns) * cellH
        placed += 1
        let small = Canvas(width: w, height: h, background: .white)
        small.draw(pixmap, transform: .scale(shrink, shrink))
        sheet.fill(rect: Rect(Double(x - 1), Double(y - 1), Double(w + 2), Double(h + 2)), color: Color(white: 0.8))
        sheet.composite(small.pixmap, x: x, y: y)
        let caption = String(format: "%.2f s · frame %d", Double(frame) / 60, frame)
        let box = Rect(Double(x), Double(y + h), Double(w), Double(labelHeight))
        sheet.draw(LabelLayout(text: caption, font: Font.named("system", size: 10 * scale), in: box, alignment: .center),
                   color: Color(white: 0.33))
    }

    func finish() throws {
        guard let sheet else { throw RenderFailure(path, "no frames to put on the sheet") }
        try PNG.write(sheet.pixmap, to: path)
    }

    func abort() {}
}
