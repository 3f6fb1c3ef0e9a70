import Foundation
import GoldenTesting
import Testing

/// What every run of the binary pays before its command starts.
@Suite struct StartUpTests {
    /// libcrypto is loaded when a digest is asked for (reports, first-layout manifests), not by
    /// every run: the dynamic loader's start-up list (LD_TRACE_LOADED_OBJECTS, as ldd prints it)
    /// holds libpng but no libcrypto (GoldenFramesTests hash through the loaded one).
    @Test func theBinaryLoadsLibcryptoOnlyWhenItHashes() throws {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("popping-render")
        let r = try runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["LD_TRACE_LOADED_OBJECTS=1", binary.path])
        #expect(r.status == 0 && r.stdout.contains("libpng16.so"), "\(r.stdout)\(r.stderr)")
        #expect(!r.stdout.contains("libcrypto.so"), "libcrypto is loaded at start-up")
    }
}
