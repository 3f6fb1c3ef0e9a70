import CLibJPEG
import Raster

/// Baseline and progressive JPEG decoding through libjpeg-turbo's TurboJPEG API (Debian's
/// libturbojpeg), as browsers decode it: the accurate integer DCT and smooth chroma upsampling,
/// to opaque RGBA. The size in the header is checked against the same pixel budget as PNG's
/// before any pixel memory is allocated; a truncated file decodes as far as it goes (libjpeg
/// warns and fills the rest with grey), as browsers show it.
public enum JPEG {
    /// Decodes JPEG bytes; `name` is what errors report.
    public static func decode(_ data: [UInt8], name: String = "JPEG", maxPixels: Int = PNG.defaultMaxPixels) throws -> Pixmap {
        guard let handle = tjInitDecompress() else { throw CodecError.malformed(input: name, reason: "cannot start the JPEG decoder") }
        defer { tjDestroy(handle) }
        func failure() -> CodecError {
            CodecError.malformed(input: name, reason: "not a valid JPEG: \(String(cString: tjGetErrorStr2(handle)))")
        }
        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        let header = data.withUnsafeBufferPointer {
            tjDecompressHeader3(handle, $0.baseAddress, UInt($0.count), &width, &height, &subsampling, &colorspace)
        }
        guard header == 0, width > 0, height > 0 else { throw failure() }
        let w = Int(width), h = Int(height)
        guard w * h <= maxPixels else { throw CodecError.tooManyPixels(input: name, width: w, height: h, limit: maxPixels) }
        var rgba = [UInt8](repeating: 0, count: w * h * 4)
        let status = data.withUnsafeBufferPointer { source in
            rgba.withUnsafeMutableBufferPointer { target in
                tjDecompress2(handle, source.baseAddress, UInt(source.count), target.baseAddress, width, 0, height,
                              Int32(TJPF_RGBA.rawValue), TJFLAG_ACCURATEDCT)
            }
        }
        guard status == 0 || tjGetErrorCode(handle) == Int32(TJERR_WARNING.rawValue) else { throw failure() }
        return Pixmap(width: w, height: h, premultiplied: rgba)
    }
}
