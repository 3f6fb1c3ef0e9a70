#if POPPING_VIDEO
import CFFmpeg

/// FFmpeg's shared libraries, loaded the first time a video is written or read rather than by
/// every run of the binary (CFFmpeg.h says what that saves).
enum FFmpegLibraries {
    /// Loads them (once per process) with FFmpeg's own logging silenced, or throws naming `path`
    /// and the library that could not be loaded.
    static func load(for path: String) throws {
        var message = [CChar](repeating: 0, count: 512)
        guard popping_ffmpeg_load(&message, message.count) == 1 else {
            throw CodecError.malformed(input: path, reason: "writing or reading video needs FFmpeg's shared libraries "
                                       + "(Debian: libavformat59, libavcodec59, libswscale6): \(String(cString: message))")
        }
        av_log_set_level(AV_LOG_QUIET)
    }
}
#endif
