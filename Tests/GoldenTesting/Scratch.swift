import Foundation

/// A fresh, empty folder for one test in the temporary directory, named after `name` and unique
/// to this call; the caller removes it.
public func scratchFolder(_ name: String = "test") throws -> String {
    let path = NSTemporaryDirectory() + "popping-\(name)-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

/// Runs the program at `executable` with `arguments` to completion and returns its exit status
/// and what it wrote to stdout and stderr.
public func runProcess(_ executable: URL, _ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
}
