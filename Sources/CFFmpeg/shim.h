// FFmpeg's libraries as Debian builds them (libavcodec-dev, libavformat-dev, libavutil-dev,
// libswscale-dev): MP4 and WebM writing, and decoding for tests and checks.
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libavutil/opt.h>
#include <libavutil/imgutils.h>
#include <libswscale/swscale.h>

// AVERROR(EAGAIN) and AVERROR_EOF are function-like macros, which Swift does not import.
static inline int popping_averror_eagain(void) { return AVERROR(EAGAIN); }
static inline int popping_averror_eof(void) { return AVERROR_EOF; }
