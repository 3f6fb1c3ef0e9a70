import Foundation
import GoldenFrames

/// Report folders from elsewhere (a CI shard, a pull request): any bytes as `report.json` read
/// into a report or fail with a `RenderFailure`; a report that reads merges with itself and is
/// written as a page whose only script elements are its own two, whatever its strings hold.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let folder = scratch + "/in"
    let out = scratch + "/out"
    try? FileManager.default.removeItem(atPath: folder)
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    FileManager.default.createFile(atPath: folder + "/report.json", contents: Data(bytes: data, count: size))
    guard let read = try? ReportFolder.read(folder), let merged = try? CheckReport.merging([read, read]) else { return 0 }
    try? FileManager.default.removeItem(atPath: out)
    guard (try? ReportFolder.write(merged.report, media: merged.media, to: out)) != nil else { return 0 }
    let page = String(decoding: FileManager.default.contents(atPath: out + "/index.html") ?? Data(), as: UTF8.self)
    let scripts = page.components(separatedBy: "<script").count - 1
    precondition(scripts == 2, "the page has \(scripts) script elements: a report.json string got in as HTML")
    return 0
}

/// One folder per fuzzing process.
let scratch = NSTemporaryDirectory() + "popping-fuzz-report-\(getpid())"
