import PoppingRender

/// PNG reading: any bytes decode to a pixmap of the declared size or throw a `CodecError`,
/// within the pixel budget, without crashing or reading out of bounds.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let pixmap = try? PNG.decode(bytes, name: "fuzz", maxPixels: 1 << 22) {
        precondition(pixmap.data.count == pixmap.width * pixmap.height * 4)
    }
    return 0
}
