import CHarfBuzz
import Foundation

/// A font file as HarfBuzz reads it, for shaping only (glyph ids, advances and offsets; outlines
/// stay ours). HarfBuzz keeps its own copy of the bytes. The face and its fonts are made
/// immutable before use, which HarfBuzz documents as safe to shape with from several threads.
final class HarfBuzzFace: @unchecked Sendable {
    private let face: OpaquePointer
    private let lock = NSLock()
    /// One font per scale asked for (a fallback face is shaped in its primary font's units).
    private var fonts: [Int: OpaquePointer] = [:]

    init(bytes: [UInt8]) {
        let blob = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                hb_blob_create($0, UInt32(buffer.count), HB_MEMORY_MODE_DUPLICATE, nil, nil)
            }
        }
        face = hb_face_create(blob, 0)
        hb_blob_destroy(blob)
        hb_face_make_immutable(face)
    }

    deinit {
        for font in fonts.values { hb_font_destroy(font) }
        hb_face_destroy(face)
    }

    /// The face at `unitsPerEm` units per em: positions come out in those units.
    func font(unitsPerEm: Int) -> OpaquePointer {
        lock.withLock {
            if let known = fonts[unitsPerEm] { return known }
            let font = hb_font_create(face)!
            hb_font_set_scale(font, Int32(unitsPerEm), Int32(unitsPerEm))
            hb_font_make_immutable(font)
            fonts[unitsPerEm] = font
            return font
        }
    }
}
