#if POPPING_VIDEO
import CFFmpeg
import Foundation
import Geometry
import Raster

/// Writes an MP4 (H.264, or AV1) or WebM (VP9, or AV1) through FFmpeg's libraries, linked (no
/// command is spawned). Frames are handed over in memory as they are rendered: `add` converts each
/// to BT.709 Y′CbCr 4:2:0 (see `VideoColor`) on the caller's thread, and a hand-over of a few
/// frames passes the planes to an encoding thread that compresses them, so rendering and
/// conversion overlap the codec (the slowest part, which has a thread to itself) and memory stays
/// bounded.
///
/// Deterministic: each codec runs single-threaded (libx264 `threads=1`, libvpx and libaom one
/// thread, no row multithreading) and the muxer runs in bit-exact mode (no version strings, no
/// random Matroska UIDs), so the same frames give the same bytes run after run, alone or beside
/// other encoders (see `x264HeapIsFilled`).
///
/// MP4s carry `+faststart` (the index before the media, so browsers start playing at once).
/// H.264 needs even sizes: an odd width or height gains one column or row repeating the last.
public final class VideoEncoder {
    /// The canvas size every frame must have.
    public let width: Int
    public let height: Int
    public let options: VideoOptions

    private let path: String
    private var clock: GIFClock
    private var framesAdded = 0
    private var ticksWritten = 0
    private let output: AtomicOutput
    private let handoff = FrameHandoff<VideoPlanes>(capacity: 3)
    private let worker: Thread
    private let done = DispatchSemaphore(value: 0)
    private let state: EncoderState

    /// The largest side H.264 level 6.2 and VP9 allow.
    public static let maxSide = 8192

    /// Opens the codec and the file. Throws `AnimationError` for options out of range or an empty or
    /// oversized canvas, `CodecError.unwritable` when `path`'s folder cannot be written, and
    /// `CodecError.malformed` naming the library when it has no such encoder.
    public init(path: String, width: Int, height: Int, options: VideoOptions = VideoOptions()) throws {
        try options.validate(path: path)
        guard (1...Self.maxSide).contains(width), (1...Self.maxSide).contains(height) else {
            throw AnimationError.canvasSize(format: "video", maxSide: Self.maxSide, width: width, height: height)
        }
        self.path = path
        self.width = width
        self.height = height
        self.options = options
        clock = GIFClock(fps: options.fps, sourceFPS: options.sourceFPS ?? options.fps)
        output = try AtomicOutput(path: path)
        do {
            state = try EncoderState(path: path, file: output.temporaryPath, width: width, height: height,
                                     options: options)
        } catch {
            output.abort()
            throw error
        }
        let (handoff, state, done) = (handoff, state, done)
        worker = Thread {
            while let planes = handoff.take() {
                if state.failure != nil { continue }
                do { try state.encode(planes) } catch {
                    state.failure = error
                    handoff.cancel()
                }
            }
            done.signal()
        }
        worker.name = "video encoder"
        worker.start()
    }

    deinit {
        handoff.cancel()
        output.abort()
    }

    /// Adds the next source frame (shown for the output ticks it covers, repeated or dropped).
    /// `damage` is accepted for `AnimationEncoder`; the codec finds unchanged areas itself.
    public func add(_ frame: Pixmap, damage: Rect? = nil) throws {
        defer { framesAdded += 1 }
        guard frame.width == width, frame.height == height else {
            throw AnimationError.frameSize(index: framesAdded, width: frame.width, height: frame.height,
                                           expectedWidth: width, expectedHeight: height)
        }
        let ticks = clock.ticksForNextFrame()
        guard !ticks.isEmpty else { return }
        let planes = VideoPlanes(frame, width: state.codedWidth, height: state.codedHeight)
        for _ in ticks {
            if !handoff.put(planes) { break }
            ticksWritten += 1
        }
        if let failure = state.failure { throw failure }
    }

    /// Flushes the codec, writes the index and moves the file into place. Throws
    /// `AnimationError.noFrames` when no frame was added.
    public func finish() throws {
        handoff.close()
        done.wait()
        if let failure = state.failure {
            output.abort()
            throw failure
        }
        guard ticksWritten > 0 else {
            state.close()
            output.abort()
            throw AnimationError.noFrames
        }
        do { try state.finish() } catch {
            output.abort()
            throw error
        }
        try output.commit()
    }
}

extension VideoEncoder: AnimationEncoder {}

/// One frame as the codec takes it: Y′, Cb and Cr planes, rows packed, of the coded size (even
/// for H.264). Made on the caller's thread, read on the encoding thread.
private struct VideoPlanes: Sendable {
    let width: Int, height: Int
    var chromaWidth: Int { (width + 1) / 2 }
    var chromaHeight: Int { (height + 1) / 2 }
    let y: [UInt8], cb: [UInt8], cr: [UInt8]

    init(_ frame: Pixmap, width: Int, height: Int) {
        self.width = width
        self.height = height
        let (cw, ch) = ((width + 1) / 2, (height + 1) / 2)
        var cbPlane = [UInt8](repeating: 0, count: cw * ch), crPlane = cbPlane
        y = [UInt8](unsafeUninitializedCapacity: width * height) { luma, count in
            cbPlane.withUnsafeMutableBufferPointer { cb in
                crPlane.withUnsafeMutableBufferPointer { cr in
                    VideoColor.convert(frame, width: width, height: height, y: luma.baseAddress!, yStride: width,
                                       cb: cb.baseAddress!, cr: cr.baseAddress!, chromaStride: cw)
                }
            }
            count = width * height
        }
        cb = cbPlane
        cr = crPlane
    }
}

/// Set once, before the first H.264 encoder opens: glibc fills every later heap allocation of the
/// process with one fixed byte (M_PERTURB). Debian 12's libx264 with mbtree reads some of its
/// buffers before writing them, so without this the bytes of an MP4 depended on what the heap
/// held before (other encoders or renders on other threads). Costs one fill per allocation.
private let x264HeapIsFilled: Bool = popping_fill_new_heap_allocations() == 1

/// The FFmpeg objects of one video: used by the encoding thread only, after `init`.
private final class EncoderState: @unchecked Sendable {
    let path: String
    let width: Int, height: Int
    /// The size frames are coded at: `width` × `height`, made even for H.264.
    let codedWidth: Int, codedHeight: Int
    private var format: UnsafeMutablePointer<AVFormatContext>?
    private var codec: UnsafeMutablePointer<AVCodecContext>?
    private var stream: UnsafeMutablePointer<AVStream>
    private var frame: UnsafeMutablePointer<AVFrame>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    private var nextPTS: Int64 = 0
    private var closed = false
    /// The first error of the encoding thread; read by the caller after each hand-over.
    var failure: Error? {
        get { lock.lock(); defer { lock.unlock() }; return storedFailure }
        set { lock.lock(); storedFailure = newValue; lock.unlock() }
    }
    private var storedFailure: Error?
    private let lock = NSLock()

    init(path: String, file: String, width: Int, height: Int, options: VideoOptions) throws {
        self.path = path
        self.width = width
        self.height = height
        // Even sizes for 4:2:0 H.264; VP9 and AV1 store odd sizes themselves.
        codedWidth = options.codec == .h264 ? width + width % 2 : width
        codedHeight = options.codec == .h264 ? height + height % 2 : height
        try FFmpegLibraries.load(for: path)
        let container = path.lowercased().hasSuffix(".webm") ? "webm" : "mp4"
        var made: UnsafeMutablePointer<AVFormatContext>?
        guard avformat_alloc_output_context2(&made, nil, container, file) >= 0, let format = made else {
            throw CodecError.malformed(input: path, reason: "libavformat has no \(container) muxer")
        }
        let names: [String]
        switch options.codec {
        case .h264: names = ["libx264"]
        case .vp9: names = ["libvpx-vp9"]
        case .av1: names = ["libaom-av1", "libsvtav1"]
        }
        guard let encoder = names.lazy.compactMap({ avcodec_find_encoder_by_name($0) }).first else {
            avformat_free_context(format)
            throw CodecError.malformed(input: path, reason: "this FFmpeg has no \(options.codec.rawValue) encoder "
                                       + "(\(names.joined(separator: " or ")))")
        }
        guard let s = avformat_new_stream(format, nil), let c = avcodec_alloc_context3(encoder) else {
            avformat_free_context(format)
            throw CodecError.malformed(input: path, reason: "libavcodec: out of memory")
        }
        // From here on `deinit` (through `close`) frees whatever was made.
        self.format = format
        stream = s
        codec = c
        frame = av_frame_alloc()
        packet = av_packet_alloc()
        c.pointee.width = Int32(codedWidth)
        c.pointee.height = Int32(codedHeight)
        c.pointee.time_base = AVRational(num: 1, den: Int32(clamping: options.fps))
        c.pointee.framerate = AVRational(num: Int32(clamping: options.fps), den: 1)
        c.pointee.pix_fmt = AV_PIX_FMT_YUV420P
        c.pointee.color_range = AVCOL_RANGE_MPEG
        c.pointee.color_primaries = AVCOL_PRI_BT709
        c.pointee.color_trc = AVCOL_TRC_BT709
        c.pointee.colorspace = AVCOL_SPC_BT709
        c.pointee.thread_count = 1
        c.pointee.flags |= Int32(AV_CODEC_FLAG_BITEXACT)
        if (format.pointee.oformat.pointee.flags & AVFMT_GLOBALHEADER) != 0 {
            c.pointee.flags |= Int32(AV_CODEC_FLAG_GLOBAL_HEADER)
        }
        if options.codec == .h264 { _ = x264HeapIsFilled }  // see x264HeapIsFilled
        let crf = String(options.codec.crf(quality: options.quality))
        var settings: [(String, String)] = [("crf", crf)]
        switch options.codec {
        case .h264:
            settings += [("preset", "medium")]
        case .vp9:
            c.pointee.bit_rate = 0
            settings += [("deadline", "good"), ("cpu-used", "4"), ("row-mt", "0")]
        case .av1:
            c.pointee.bit_rate = 0
            settings += [("cpu-used", "6"), ("row-mt", "0"), ("preset", "8")]
        }
        for (key, value) in settings { av_opt_set(c.pointee.priv_data, key, value, 0) }
        guard let frame, packet != nil else { throw CodecError.malformed(input: path, reason: "libavcodec: out of memory") }
        try check(avcodec_open2(c, encoder, nil), "cannot open the \(options.codec.rawValue) encoder")
        try check(avcodec_parameters_from_context(s.pointee.codecpar, c), "codec parameters")
        s.pointee.time_base = c.pointee.time_base
        s.pointee.avg_frame_rate = c.pointee.framerate
        frame.pointee.format = AV_PIX_FMT_YUV420P.rawValue
        frame.pointee.width = c.pointee.width
        frame.pointee.height = c.pointee.height
        try check(av_frame_get_buffer(frame, 0), "frame buffer")
        format.pointee.flags |= AVFMT_FLAG_BITEXACT
        try check(avio_open(&format.pointee.pb, file, AVIO_FLAG_WRITE), "cannot open the file")
        var muxing: OpaquePointer?
        if container == "mp4" { av_dict_set(&muxing, "movflags", "+faststart", 0) }
        defer { av_dict_free(&muxing) }
        try check(avformat_write_header(format, &muxing), "cannot write the header")
    }

    deinit { close() }

    /// Frees every FFmpeg object (the file stays where it is; the caller removes or commits it).
    func close() {
        guard !closed else { return }
        closed = true
        if let format, format.pointee.pb != nil { avio_closep(&format.pointee.pb) }
        avformat_free_context(format)
        avcodec_free_context(&codec)
        av_frame_free(&frame)
        av_packet_free(&packet)
    }

    /// Encodes the next output frame.
    func encode(_ planes: VideoPlanes) throws {
        guard let frame, let codec else { return }
        try check(av_frame_make_writable(frame), "frame buffer")
        func copy(_ plane: [UInt8], rows: Int, columns: Int, into data: UnsafeMutablePointer<UInt8>?, stride: Int32) {
            plane.withUnsafeBufferPointer { source in
                for row in 0..<rows {
                    (data! + row * Int(stride)).update(from: source.baseAddress! + row * columns, count: columns)
                }
            }
        }
        copy(planes.y, rows: planes.height, columns: planes.width, into: frame.pointee.data.0,
             stride: frame.pointee.linesize.0)
        copy(planes.cb, rows: planes.chromaHeight, columns: planes.chromaWidth, into: frame.pointee.data.1,
             stride: frame.pointee.linesize.1)
        copy(planes.cr, rows: planes.chromaHeight, columns: planes.chromaWidth, into: frame.pointee.data.2,
             stride: frame.pointee.linesize.2)
        frame.pointee.pts = nextPTS
        nextPTS += 1
        try check(avcodec_send_frame(codec, frame), "encoding failed")
        try drain()
    }

    /// Flushes the codec's delayed frames and writes the trailer (and the `+faststart` move).
    func finish() throws {
        defer { close() }
        try check(avcodec_send_frame(codec, nil), "encoding failed")
        try drain()
        try check(av_write_trailer(format), "cannot finish the file")
    }

    /// Writes every packet the codec has ready.
    private func drain() throws {
        while true {
            let status = avcodec_receive_packet(codec, packet)
            if status == popping_averror_eagain() || status == popping_averror_eof() { return }
            try check(status, "encoding failed")
            guard let packet, let codec else { return }
            if packet.pointee.duration == 0 { packet.pointee.duration = 1 }
            av_packet_rescale_ts(packet, codec.pointee.time_base, stream.pointee.time_base)
            packet.pointee.stream_index = stream.pointee.index
            try check(av_interleaved_write_frame(format, packet), "cannot write the file")
        }
    }

    private func check(_ status: Int32, _ what: String) throws {
        guard status < 0 else { return }
        var text = [CChar](repeating: 0, count: 256)
        av_strerror(status, &text, text.count)
        throw CodecError.malformed(input: path, reason: "\(what) (FFmpeg: \(String(cString: text)))")
    }
}
#endif
