import PoppingRender

/// The value parsers behind the command-line options: timing curves (`--timing`), colours
/// (`--color`, `--background`), format options (`--option`), snapping, devices. Each value parses
/// or is refused; a timing curve that parses gives finite progress everywhere.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    if let curve = try? TimingFunction(parsing: text) {
        for x in stride(from: 0.0, through: 1.0, by: 0.125) {
            precondition(curve.progress(at: x, epsilon: 1e-7).isFinite, "non-finite progress for \(text)")
        }
    }
    _ = Color(hex: text)
    _ = FormatOptions(name: text)
    _ = PixelSnapping(rawValue: text)
    _ = Device(rawValue: text)
    _ = try? RenderOutput(path: text)
    return 0
}
