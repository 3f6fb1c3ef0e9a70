import Foundation

/// A fresh, empty folder for one test in the temporary directory, named after `name` and unique
/// to this call; the caller removes it.
public func scratchFolder(_ name: String = "test") throws -> String {
    let path = NSTemporaryDirectory() + "popping-\(name)-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

/// Runs the program at `executable` with `arguments` to completion and returns its exit status
/// and what it wrote to stdout and stderr. Both pipes are drained at once, so a program that
/// writes a lot to one of them cannot block on the other. With `timeout`, a program still
/// running after that many seconds is killed (SIGKILL), and `timedOut` says so.
public func runProcess(_ executable: URL, _ arguments: [String], timeout: Double? = nil)
    throws -> (status: Int32, stdout: String, stderr: String) {
    try runProcessWithTimeout(executable, arguments, timeout: timeout).result
}

/// `runProcess`, also saying whether the timeout ended the program.
public func runProcessWithTimeout(_ executable: URL, _ arguments: [String], timeout: Double?)
    throws -> (result: (status: Int32, stdout: String, stderr: String), timedOut: Bool) {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let timedOut = LockedFlag()
    if let timeout {
        let pid = process.processIdentifier
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout) {
            if process.isRunning {
                timedOut.set()
                kill(pid, SIGKILL)
            }
        }
    }
    let errData = LockedData()
    let reader = Thread { errData.set(readToEnd(err.fileHandleForReading.fileDescriptor)) }
    reader.start()
    let outData = readToEnd(out.fileHandleForReading.fileDescriptor)
    process.waitUntilExit()
    while !errData.isSet { usleep(1000) }
    return ((process.terminationStatus, String(decoding: outData, as: UTF8.self),
             String(decoding: errData.value, as: UTF8.self)), timedOut.isSet)
}

/// Everything left to read from `fd`, retrying reads a signal interrupts. FileHandle's
/// `readDataToEndOfFile` traps on EINTR, which a signal delivered to the test process (a
/// child's exit, an interrupt test) can cause.
private func readToEnd(_ fd: Int32) -> Data {
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if count > 0 {
            data.append(contentsOf: buffer[..<count])
        } else if count == 0 || errno != EINTR {
            return data
        }
    }
}

private final class LockedFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var flag = false
    func set() { lock.lock(); flag = true; lock.unlock() }
    var isSet: Bool { lock.lock(); defer { lock.unlock() }; return flag }
}

private final class LockedData: @unchecked Sendable {
    private let lock = NSLock()
    private var data: Data?
    func set(_ d: Data) { lock.lock(); data = d; lock.unlock() }
    var isSet: Bool { lock.lock(); defer { lock.unlock() }; return data != nil }
    var value: Data { lock.lock(); defer { lock.unlock() }; return data ?? Data() }
}

/// A valid PNG header declaring `width`×`height` RGBA pixels with almost no image data: a
/// decompression bomb's header, for tests that a decoder refuses it before allocating.
public func pngDeclaring(width: UInt32, height: UInt32, colourType: UInt8 = 6, bitDepth: UInt8 = 8,
                         idat: [UInt8] = [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]) -> [UInt8] {
    func be32(_ v: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: v >> $0) } }
    func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + body
        return be32(UInt32(body.count)) + typed + be32(crc32(typed))
    }
    let header = be32(width) + be32(height) + [bitDepth, colourType, 0, 0, 0]
    return [137, 80, 78, 71, 13, 10, 26, 10] + chunk("IHDR", header) + chunk("IDAT", idat) + chunk("IEND", [])
}

/// CRC-32 (the PNG and zlib one).
public func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for b in bytes {
        crc ^= UInt32(b)
        for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
}
