import CXXHash

/// The hash a golden manifest gives each frame's premultiplied RGBA bytes, compared before any
/// pixel is.
///
/// Manifests recorded now use XXH3-128 (layout 2); manifests of layout 1 used SHA-256 and are
/// still checked by it. A check hashes every frame that differs from the one before (gigabytes
/// at 2x), and without the CPU's SHA instructions SHA-256 runs at a few hundred MB/s a core,
/// most of a check's time; XXH3 runs at several GB/s. It is as safe for this use: the hash only
/// says whether a render equals the golden recorded from the same scene, and whoever could craft
/// two renders with one XXH3 hash (it is not collision-resistant against an adversary) already
/// controls the goldens or the code being checked, which decide the result anyway; against
/// accidental change, 128 bits leave a collision chance of about 2⁻⁶⁴ over 2³² frames.
public enum FrameDigest: String, Codable, Sendable, CaseIterable {
    /// SHA-256 (FIPS 180-4), 64 hex digits: the manifests of layout 1.
    case sha256
    /// XXH3-128 (xxHash 0.8, its canonical big-endian form), 32 hex digits: layout 2.
    case xxh3

    /// The digest the manifests recorded now use.
    public static let current = FrameDigest.xxh3

    /// The manifest layout whose frames carry this digest.
    public var manifestVersion: Int {
        switch self {
        case .sha256: return 1
        case .xxh3: return 2
        }
    }

    /// The digest of `bytes` in lowercase hex.
    public func hex(_ bytes: [UInt8]) -> String {
        switch self {
        case .sha256: return SHA256.hex(bytes)
        case .xxh3: return hexDigits(Self.xxh3(bytes))
        }
    }

    /// XXH3-128 of `bytes`, its 16 bytes in canonical (big-endian) order.
    static func xxh3(_ bytes: [UInt8]) -> [UInt8] {
        let hash = bytes.withUnsafeBytes { XXH3_128bits($0.baseAddress, $0.count) }
        var canonical = XXH128_canonical_t()
        XXH128_canonicalFromHash(&canonical, hash)
        return withUnsafeBytes(of: canonical.digest) { Array($0) }
    }
}

/// `bytes` as lowercase hex digits, two per byte.
func hexDigits(_ bytes: [UInt8]) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var text = [UInt8](repeating: 0, count: 2 * bytes.count)
    for (i, byte) in bytes.enumerated() {
        text[2 * i] = digits[Int(byte >> 4)]
        text[2 * i + 1] = digits[Int(byte & 15)]
    }
    return String(decoding: text, as: UTF8.self)
}
