import PoppingRender

/// SVG: any text parses into shapes or throws an `SVGError`; parsed shapes draw without crashing.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let image = try? VectorImage.parse(text: text, name: "fuzz") else { return 0 }
    let canvas = Canvas(width: 48, height: 48, background: .white)
    canvas.draw(image, in: Rect(0, 0, 48, 48))
    return 0
}
