#if POPPING_VIDEO
import CFFmpeg

/// FFmpeg's shared libraries, loaded the first time a video is written or read rather than by
/// every run of the binary (CFFmpeg.h says what that saves).
enum FFmpegLibraries {
    /// Loads them (once per process) with FFmpeg's own logging silenced, or throws naming `path`
    /// and the library that could not be loaded.
    static func load(for path: String) throws {
        if let problem = loadProblem {
            throw CodecError.malformed(input: path, reason: "writing or reading video needs FFmpeg's shared libraries "
                                       + "(Debian: libavformat59, libavcodec59, libswscale6): \(problem)")
        }
    }

    /// What went wrong loading the libraries, nil once they are loaded: the first use loads them
    /// and silences their log; every later one reads the outcome.
    private static let loadProblem: String? = {
        var message = [CChar](repeating: 0, count: 512)
        guard popping_ffmpeg_load(&message, message.count) == 1 else { return String(cString: message) }
        av_log_set_level(AV_LOG_QUIET)
        return nil
    }()
}
#endif
