import PoppingRender

/// TrueType: any bytes load as a typeface or throw a `FontError`; a loaded face lays out and
/// draws a line of text (outlines, advances, kerning) without crashing.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let face = try? Typeface(bytes: bytes, name: "fuzz") else { return 0 }
    let font = Font(face, size: 17)
    let line = TextLine("AV To, fj 123 ÅÉ", font: font)
    precondition(line.width.isFinite)
    let canvas = Canvas(width: 64, height: 32, background: .white)
    canvas.draw(line, at: Point(2, 24), color: .black, transform: .identity)
    return 0
}
