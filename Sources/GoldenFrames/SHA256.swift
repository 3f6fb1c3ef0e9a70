import CLibCrypto
#if canImport(Glibc)
import Glibc
#endif

/// SHA-256 (FIPS 180-4), through the system's libcrypto (which uses the CPU's SHA instructions
/// where it has them): the frame digest of layout-1 golden manifests (`FrameDigest.sha256`), and
/// the report page's Content-Security-Policy hashes. libcrypto is loaded the first time a digest
/// is asked for, not by every run of the binary (Sources/CLibCrypto/shim.h says what that saves).
public enum SHA256 {
    /// The 32-byte digest of `bytes`.
    public static func digest(_ bytes: [UInt8]) -> [UInt8] {
        let functions: LibCrypto
        switch libcrypto {
        case .success(let loaded): functions = loaded
        case .failure(let problem):
            // A broken installation, not bad input: one line naming the library, exit status 2.
            fputs("popping-render: SHA-256 needs libcrypto (Debian: libssl3): \(problem.message)\n", stderr)
            exit(2)
        }
        var digest = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        let ok = bytes.withUnsafeBytes { input in
            functions.digest(input.baseAddress, input.count, &digest, &length, functions.sha256(), nil)
        }
        precondition(ok == 1 && length == 32, "libcrypto's SHA-256 failed")
        return digest
    }

    /// The digest of `bytes` as 64 lowercase hex digits.
    public static func hex(_ bytes: [UInt8]) -> String { hexDigits(digest(bytes)) }

    /// The two libcrypto functions used, as `<openssl/evp.h>` declares them: `EVP_Digest` (data,
    /// count, digest out, its length out, the algorithm, no engine) and `EVP_sha256`.
    private struct LibCrypto {
        typealias Digest = @convention(c) (UnsafeRawPointer?, Int, UnsafeMutablePointer<UInt8>?,
                                           UnsafeMutablePointer<UInt32>?, OpaquePointer?, OpaquePointer?) -> Int32
        typealias Algorithm = @convention(c) () -> OpaquePointer?
        let digest: Digest
        let sha256: Algorithm
    }

    /// Why libcrypto could not be loaded (dlerror's words).
    private struct LoadFailure: Error { let message: String }

    /// libcrypto loaded once per process (the handle kept for its life), or why it was not.
    private static let libcrypto: Result<LibCrypto, LoadFailure> = {
        let problem = { LoadFailure(message: dlerror().map { String(cString: $0) } ?? "not found") }
        guard let handle = dlopen(popping_libcrypto_soname(), RTLD_NOW | RTLD_LOCAL) else { return .failure(problem()) }
        guard let digest = dlsym(handle, "EVP_Digest"), let sha256 = dlsym(handle, "EVP_sha256") else {
            return .failure(problem())
        }
        return .success(LibCrypto(digest: unsafeBitCast(digest, to: LibCrypto.Digest.self),
                                  sha256: unsafeBitCast(sha256, to: LibCrypto.Algorithm.self)))
    }()
}
