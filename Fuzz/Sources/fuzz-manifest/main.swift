import Foundation
import GoldenFrames

/// Golden manifests from a pull request: any bytes as `NAME.json` read into a manifest or fail
/// with a `RenderFailure`; a manifest that reads is written back (`encoded()`) as text that reads
/// as the same manifest, so recording never turns a readable golden into one that is not.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FileManager.default.createFile(atPath: scratch + "/s.json", contents: Data(bytes: data, count: size))
    let store = GoldenStore(folder: scratch)
    guard let manifest = try? store.manifest("s") else { return 0 }
    guard let text = try? manifest.encoded() else { preconditionFailure("a manifest that reads cannot be written") }
    FileManager.default.createFile(atPath: scratch + "/s.json", contents: Data(text.utf8))
    let again: GoldenManifest?
    do { again = try store.manifest("s") } catch { preconditionFailure("a written manifest does not read: \(error)") }
    precondition(again == manifest, "a manifest changed when written and read again")
    return 0
}

/// One folder per fuzzing process.
let scratch: String = {
    let path = NSTemporaryDirectory() + "popping-fuzz-manifest-\(getpid())"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}()
