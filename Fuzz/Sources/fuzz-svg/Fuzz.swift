import PoppingRender

/// SVG: any bytes (in any encoding, with any DTD entities) parse into shapes or throw an
/// `SVGError`; parsed shapes draw without crashing.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let image = try? VectorImage.parse(data: bytes, name: "fuzz") else { return 0 }
    let canvas = Canvas(width: 48, height: 48, background: .white)
    canvas.draw(image, in: Rect(0, 0, 48, 48))
    return 0
}
