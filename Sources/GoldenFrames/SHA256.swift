import CLibCrypto

/// SHA-256 (FIPS 180-4), through the system's libcrypto (which uses the CPU's SHA instructions
/// where it has them): the frame digest of layout-1 golden manifests (`FrameDigest.sha256`), and
/// the report page's Content-Security-Policy hashes.
public enum SHA256 {
    /// The 32-byte digest of `bytes`.
    public static func digest(_ bytes: [UInt8]) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        let ok = bytes.withUnsafeBytes { input in
            EVP_Digest(input.baseAddress, input.count, &digest, &length, EVP_sha256(), nil)
        }
        precondition(ok == 1 && length == 32, "libcrypto's SHA-256 failed")
        return digest
    }

    /// The digest of `bytes` as 64 lowercase hex digits.
    public static func hex(_ bytes: [UInt8]) -> String { hexDigits(digest(bytes)) }
}
