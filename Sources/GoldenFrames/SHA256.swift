import CLibCrypto

/// SHA-256 (FIPS 180-4) of frame bytes, through the system's libcrypto, which uses the CPU's
/// SHA instructions where it has them: hashing a frame must cost less than encoding it as PNG.
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
    public static func hex(_ bytes: [UInt8]) -> String {
        let digest = digest(bytes)
        let digits = Array("0123456789abcdef".utf8)
        var text = [UInt8](repeating: 0, count: 64)
        for (i, byte) in digest.enumerated() {
            text[2 * i] = digits[Int(byte >> 4)]
            text[2 * i + 1] = digits[Int(byte & 15)]
        }
        return String(decoding: text, as: UTF8.self)
    }
}
