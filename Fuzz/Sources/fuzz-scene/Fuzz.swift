import Foundation
import SceneFile

/// Scene files: any bytes parse and validate into a scene or a list of problems, never a trap,
/// with work bounded by the input's size; the same bytes read as a strings file
/// (`LOCALE.lproj/NAME.strings`) give a table or one problem.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = [UInt8](UnsafeBufferPointer(start: data, count: size))
    _ = SceneFile.problems(in: bytes, file: "fuzz.yaml", folder: URL(fileURLWithPath: "/nonexistent"))
    _ = try? StringsFile.table(from: bytes)
    return 0
}
