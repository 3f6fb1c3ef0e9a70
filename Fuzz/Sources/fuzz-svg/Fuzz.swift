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

/// Runs once before any input (libFuzzer calls it first): draws text in scripts the primary face
/// lacks, and a character no face has, so every bundled fallback face is loaded here. Loading
/// them takes seconds under ASan; left to the first input that needs them, that cost counted
/// against the per-input timeout (Fuzz/run.sh) on a busy machine.
@_cdecl("LLVMFuzzerInitialize")
public func initialize(_ argc: UnsafeMutablePointer<CInt>,
                       _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>) -> CInt {
    let text = "<svg xmlns='http://www.w3.org/2000/svg' width='48' height='48'><text y='20'>"
        + "abc שלום مرحبا 你好 こんにちは 안녕 Ελληνικά Русский नमस्ते ไทย 😀 \u{10FFFD}</text></svg>"
    let bytes = Array(text.utf8)
    return bytes.withUnsafeBufferPointer { fuzzOne($0.baseAddress!, $0.count) }
}
