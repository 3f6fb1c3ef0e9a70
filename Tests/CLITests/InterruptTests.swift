import Foundation
import GoldenTesting
import Testing

/// Ctrl-C, a cancelled CI job or a closed terminal during a render removes every temporary file
/// and folder and ends the process with the signal's usual status; what was there stays.
@Suite struct InterruptTests {
    /// Starts `popping-render arguments` in `folder` and returns it once a temporary output shows up.
    private func startRender(_ arguments: [String], in folder: String) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("popping-render")
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, process.isRunning {
            let names = try FileManager.default.contentsOfDirectory(atPath: folder)
            if names.contains(where: { $0.hasSuffix(".partial") }) { return process }
            usleep(5_000)
        }
        return process
    }

    @Test(arguments: [(SIGINT, "out.gif"), (SIGTERM, "out.gif"), (SIGHUP, "out.gif"),
                      (SIGINT, "frames"), (SIGTERM, "frames"), (SIGHUP, "frames")])
    func aSignalMidRenderRemovesTheTemporaryOutputAndKeepsTheOldOne(signal: Int32, output: String) throws {
        let folder = try scratchFolder("interrupt")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // What a previous render left: it must survive the interrupted one.
        if output == "frames" {
            try FileManager.default.createDirectory(atPath: folder + "/frames", withIntermediateDirectories: false)
            try Data("old".utf8).write(to: URL(fileURLWithPath: folder + "/frames/frame-0000.png"))
        } else {
            try Data("old".utf8).write(to: URL(fileURLWithPath: folder + "/out.gif"))
        }
        let process = try startRender(["owl", "--scale", "3", "--out", output, "--quiet"], in: folder)
        #expect(process.isRunning, "the render finished before it could be interrupted")
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(process.terminationStatus == signal)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == [output])
        let old = output == "frames" ? "/frames/frame-0000.png" : "/out.gif"
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + old)) == Data("old".utf8))
    }
}
