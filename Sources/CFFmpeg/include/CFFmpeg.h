// FFmpeg's libraries as Debian builds them (libavcodec-dev, libavformat-dev, libavutil-dev,
// libswscale-dev): MP4 and WebM writing, and decoding for tests and checks.
//
// They are not linked: FFmpegLibraries.c loads them with dlopen the first time a video is
// written or read. Linked, their ~120 shared libraries (libx264, libvpx, GnuTLS, librsvg, …)
// were loaded and relocated by every run of the binary, about 55 ms of CPU before `main` —
// four times what converting an icon takes — whether or not it wrote a video.
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libavutil/opt.h>
#include <libavutil/imgutils.h>
#include <libswscale/swscale.h>
#include <stddef.h>

// Loads libavutil, libswscale, libavcodec and libavformat (the major versions these headers
// describe) and every function this package calls. Returns 1 when they are ready (at once after
// the first success); otherwise 0, with dlerror's text in `message` (at most `capacity` bytes,
// NUL-terminated). Calling an FFmpeg function before a successful load aborts the process.
int popping_ffmpeg_load(char *message, size_t capacity);

// AVERROR(EAGAIN) and AVERROR_EOF are function-like macros, which Swift does not import.
static inline int popping_averror_eagain(void) { return AVERROR(EAGAIN); }
static inline int popping_averror_eof(void) { return AVERROR_EOF; }

#include <malloc.h>
// Debian 12's libx264 (0.164) with mbtree reads some of its heap buffers before writing them,
// so the same frames gave different bytes depending on what the process's heap held before
// (seen as a flaky determinism test when encoders ran beside other tests). glibc's M_PERTURB
// fills every new allocation with one fixed byte, which makes those reads the same every run.
static inline int popping_fill_new_heap_allocations(void) { return mallopt(M_PERTURB, 0xA5); }
