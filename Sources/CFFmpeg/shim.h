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

#include <malloc.h>
// Debian 12's libx264 (0.164) with mbtree reads some of its heap buffers before writing them,
// so the same frames gave different bytes depending on what the process's heap held before
// (seen as a flaky determinism test when encoders ran beside other tests). glibc's M_PERTURB
// fills every new allocation with one fixed byte, which makes those reads the same every run.
static inline int popping_fill_new_heap_allocations(void) { return mallopt(M_PERTURB, 0xA5); }
