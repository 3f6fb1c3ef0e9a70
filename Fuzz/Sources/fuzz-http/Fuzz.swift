import Foundation
import StudioHTTP

/// The studio's HTTP requests: any bytes from a client read into a request head, parsed, and,
/// for `/files/…`, decided against the files a scene uses. A request that parses never keeps a
/// `..` or `.` segment, a NUL or a backslash in its path.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let (head, _) = HTTPRequest.head(in: bytes)
    guard case let .success(request) = HTTPRequest.parse(head ?? String(decoding: bytes, as: UTF8.self)) else { return 0 }
    let segments = request.path.split(separator: "/", omittingEmptySubsequences: false)
    precondition(!segments.contains("..") && !segments.contains("."), "a dot segment got through: \(request.path)")
    precondition(!request.path.contains("\0") && !request.path.contains("\\"), "NUL or backslash got through: \(request.path)")
    // The decision as the server makes it (realpath from the working folder), under ASan.
    _ = served.file(for: request.path)
    return 0
}

/// A scene and its image in a scratch folder: the files in use.
let served: ServedFiles = {
    let folder = NSTemporaryDirectory() + "popping-fuzz-http-\(getpid())"
    try? FileManager.default.createDirectory(atPath: folder + "/art", withIntermediateDirectories: true)
    FileManager.default.createFile(atPath: folder + "/like.yaml", contents: Data("views: []".utf8))
    FileManager.default.createFile(atPath: folder + "/art/heart.svg", contents: Data("<svg/>".utf8))
    return ServedFiles(used: Set([folder + "/like.yaml", folder + "/art/heart.svg"].compactMap(ServedFiles.realPath)))
}()
