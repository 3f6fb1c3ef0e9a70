#if POPPING_VIDEO
import CFFmpeg
import Foundation
import Raster

/// Reads a video file back through libavformat and libavcodec, for tests and checks that compare
/// its frames: every frame as RGBA (converted by libswscale with the matrix and range the file
/// flags, an implementation independent of `VideoColor`), its time, and the colour flags.
public struct VideoFile: Sendable {
    /// One decoded frame and when it is shown, in seconds from the start.
    public struct Frame: Sendable {
        public let image: Pixmap
        public let seconds: Double
    }

    /// The codec's name as libavcodec says it (`h264`, `vp9`, `av1`).
    public let codec: String
    public let width: Int
    public let height: Int
    /// Frames per second the stream declares.
    public let fps: Double
    public let frames: [Frame]
    /// `AVCOL_RANGE_MPEG` (limited) or `AVCOL_RANGE_JPEG` (full), and the matrix, primaries and
    /// transfer as libavutil names them (`bt709`, …).
    public let limitedRange: Bool
    public let matrix: String
    public let primaries: String
    public let transfer: String

    /// Decodes the file at `path`; throws `CodecError.malformed` naming it when it cannot.
    public static func read(path: String) throws -> VideoFile {
        func fail(_ why: String) -> CodecError { .malformed(input: path, reason: why) }
        try FFmpegLibraries.load(for: path)
        var format: UnsafeMutablePointer<AVFormatContext>?
        guard avformat_open_input(&format, path, nil, nil) >= 0, let format else { throw fail("not a video libavformat reads") }
        defer { var f: UnsafeMutablePointer<AVFormatContext>? = format; avformat_close_input(&f) }
        guard avformat_find_stream_info(format, nil) >= 0 else { throw fail("no stream information") }
        var decoder: UnsafePointer<AVCodec>?
        let index = av_find_best_stream(format, AVMEDIA_TYPE_VIDEO, -1, -1, &decoder, 0)
        guard index >= 0, let decoder, let stream = format.pointee.streams[Int(index)] else { throw fail("no video stream") }
        var context = avcodec_alloc_context3(decoder)
        defer { avcodec_free_context(&context) }
        guard let context, avcodec_parameters_to_context(context, stream.pointee.codecpar) >= 0 else {
            throw fail("unreadable codec parameters")
        }
        context.pointee.thread_count = 1
        guard avcodec_open2(context, decoder, nil) >= 0 else { throw fail("cannot open the decoder") }
        var frame = av_frame_alloc()
        var packet = av_packet_alloc()
        defer { av_frame_free(&frame); av_packet_free(&packet) }
        var scaler: OpaquePointer?
        defer { sws_freeContext(scaler) }
        let timeBase = stream.pointee.time_base
        var frames: [Frame] = []
        var flags = (limited: true, matrix: AVCOL_SPC_UNSPECIFIED, primaries: AVCOL_PRI_UNSPECIFIED,
                     transfer: AVCOL_TRC_UNSPECIFIED)

        func receive() throws {
            while avcodec_receive_frame(context, frame) >= 0, let f = frame {
                let (w, h) = (Int(f.pointee.width), Int(f.pointee.height))
                flags = (f.pointee.color_range != AVCOL_RANGE_JPEG, f.pointee.colorspace, f.pointee.color_primaries,
                         f.pointee.color_trc)
                scaler = sws_getCachedContext(scaler, Int32(w), Int32(h), AVPixelFormat(f.pointee.format),
                                              Int32(w), Int32(h), AV_PIX_FMT_RGBA,
                                              SWS_POINT | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INT, nil, nil, nil)
                guard let scaler else { throw fail("libswscale cannot convert frame \(frames.count)") }
                let table = sws_getCoefficients(f.pointee.colorspace == AVCOL_SPC_BT709 ? SWS_CS_ITU709 : SWS_CS_DEFAULT)
                sws_setColorspaceDetails(scaler, table, f.pointee.color_range == AVCOL_RANGE_JPEG ? 1 : 0,
                                         table, 1, 0, 1 << 16, 1 << 16)
                var rgba = [UInt8](repeating: 0, count: w * h * 4)
                rgba.withUnsafeMutableBufferPointer { out in
                    var planes: [UnsafeMutablePointer<UInt8>?] = [out.baseAddress, nil, nil, nil]
                    var strides: [Int32] = [Int32(w * 4), 0, 0, 0]
                    withUnsafePointer(to: &f.pointee.data) { data in
                        withUnsafePointer(to: &f.pointee.linesize) { sizes in
                            data.withMemoryRebound(to: UnsafePointer<UInt8>?.self, capacity: 8) { src in
                                sizes.withMemoryRebound(to: Int32.self, capacity: 8) { srcStrides in
                                    _ = sws_scale(scaler, src, srcStrides, 0, Int32(h), &planes, &strides)
                                }
                            }
                        }
                    }
                }
                let pts = f.pointee.best_effort_timestamp
                frames.append(Frame(image: Pixmap(width: w, height: h, premultiplied: rgba),
                                    seconds: Double(pts) * Double(timeBase.num) / Double(timeBase.den)))
                av_frame_unref(f)
            }
        }

        while av_read_frame(format, packet) >= 0 {
            defer { av_packet_unref(packet) }
            guard packet?.pointee.stream_index == index else { continue }
            guard avcodec_send_packet(context, packet) >= 0 else { throw fail("frame \(frames.count) is damaged") }
            try receive()
        }
        avcodec_send_packet(context, nil)
        try receive()
        let rate = stream.pointee.avg_frame_rate
        func name(_ text: UnsafePointer<CChar>?) -> String { text.map { String(cString: $0) } ?? "unspecified" }
        return VideoFile(codec: name(avcodec_get_name(context.pointee.codec_id)),
                         width: Int(context.pointee.width), height: Int(context.pointee.height),
                         fps: rate.den == 0 ? 0 : Double(rate.num) / Double(rate.den), frames: frames,
                         limitedRange: flags.limited, matrix: name(av_color_space_name(flags.matrix)),
                         primaries: name(av_color_primaries_name(flags.primaries)),
                         transfer: name(av_color_transfer_name(flags.transfer)))
    }
}
#endif
