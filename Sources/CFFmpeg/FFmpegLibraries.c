// Loads FFmpeg's libraries on first use (see include/CFFmpeg.h for why) and defines each FFmpeg
// function this package calls as a forwarder to the loaded library's. The target is compiled
// with -fvisibility=hidden (Package.swift): the forwarders serve this executable's own calls
// only, so the loaded libraries' calls between themselves never come back through them.
#include "CFFmpeg.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define POPPING_STRING(x) #x
#define POPPING_SONAME(name, major) "lib" name ".so." POPPING_STRING(major)

// Every FFmpeg function called from Swift: X(library, return type, name, parameters, arguments).
// The libraries, in the order they load (each needs the ones before it).
enum popping_ffmpeg_library { AVUTIL, SWSCALE, AVCODEC, AVFORMAT, LIBRARY_COUNT };
#define POPPING_FFMPEG_FUNCTIONS(X, V) \
    V(AVUTIL, av_log_set_level, (int level), (level)) \
    X(AVUTIL, const char *, av_color_primaries_name, (enum AVColorPrimaries primaries), (primaries)) \
    X(AVUTIL, const char *, av_color_space_name, (enum AVColorSpace space), (space)) \
    X(AVUTIL, const char *, av_color_transfer_name, (enum AVColorTransferCharacteristic transfer), (transfer)) \
    V(AVUTIL, av_dict_free, (AVDictionary **m), (m)) \
    X(AVUTIL, int, av_dict_set, (AVDictionary **pm, const char *key, const char *value, int flags), (pm, key, value, flags)) \
    X(AVUTIL, AVFrame *, av_frame_alloc, (void), ()) \
    V(AVUTIL, av_frame_free, (AVFrame **frame), (frame)) \
    X(AVUTIL, int, av_frame_get_buffer, (AVFrame *frame, int align), (frame, align)) \
    X(AVUTIL, int, av_frame_make_writable, (AVFrame *frame), (frame)) \
    V(AVUTIL, av_frame_unref, (AVFrame *frame), (frame)) \
    X(AVUTIL, int, av_opt_set, (void *obj, const char *name, const char *val, int search_flags), (obj, name, val, search_flags)) \
    X(AVUTIL, int, av_strerror, (int errnum, char *errbuf, size_t errbuf_size), (errnum, errbuf, errbuf_size)) \
    V(SWSCALE, sws_freeContext, (struct SwsContext *swsContext), (swsContext)) \
    X(SWSCALE, struct SwsContext *, sws_getCachedContext, \
      (struct SwsContext *context, int srcW, int srcH, enum AVPixelFormat srcFormat, int dstW, int dstH, \
       enum AVPixelFormat dstFormat, int flags, SwsFilter *srcFilter, SwsFilter *dstFilter, const double *param), \
      (context, srcW, srcH, srcFormat, dstW, dstH, dstFormat, flags, srcFilter, dstFilter, param)) \
    X(SWSCALE, const int *, sws_getCoefficients, (int colorspace), (colorspace)) \
    X(SWSCALE, int, sws_scale, \
      (struct SwsContext *c, const uint8_t *const srcSlice[], const int srcStride[], int srcSliceY, int srcSliceH, \
       uint8_t *const dst[], const int dstStride[]), \
      (c, srcSlice, srcStride, srcSliceY, srcSliceH, dst, dstStride)) \
    X(SWSCALE, int, sws_setColorspaceDetails, \
      (struct SwsContext *c, const int inv_table[4], int srcRange, const int table[4], int dstRange, \
       int brightness, int contrast, int saturation), \
      (c, inv_table, srcRange, table, dstRange, brightness, contrast, saturation)) \
    X(AVCODEC, AVPacket *, av_packet_alloc, (void), ()) \
    V(AVCODEC, av_packet_free, (AVPacket **pkt), (pkt)) \
    V(AVCODEC, av_packet_rescale_ts, (AVPacket *pkt, AVRational tb_src, AVRational tb_dst), (pkt, tb_src, tb_dst)) \
    V(AVCODEC, av_packet_unref, (AVPacket *pkt), (pkt)) \
    X(AVCODEC, AVCodecContext *, avcodec_alloc_context3, (const AVCodec *codec), (codec)) \
    X(AVCODEC, const AVCodec *, avcodec_find_encoder_by_name, (const char *name), (name)) \
    V(AVCODEC, avcodec_free_context, (AVCodecContext **avctx), (avctx)) \
    X(AVCODEC, const char *, avcodec_get_name, (enum AVCodecID id), (id)) \
    X(AVCODEC, int, avcodec_open2, (AVCodecContext *avctx, const AVCodec *codec, AVDictionary **options), \
      (avctx, codec, options)) \
    X(AVCODEC, int, avcodec_parameters_from_context, (AVCodecParameters *par, const AVCodecContext *codec), (par, codec)) \
    X(AVCODEC, int, avcodec_parameters_to_context, (AVCodecContext *codec, const AVCodecParameters *par), (codec, par)) \
    X(AVCODEC, int, avcodec_receive_frame, (AVCodecContext *avctx, AVFrame *frame), (avctx, frame)) \
    X(AVCODEC, int, avcodec_receive_packet, (AVCodecContext *avctx, AVPacket *avpkt), (avctx, avpkt)) \
    X(AVCODEC, int, avcodec_send_frame, (AVCodecContext *avctx, const AVFrame *frame), (avctx, frame)) \
    X(AVCODEC, int, avcodec_send_packet, (AVCodecContext *avctx, const AVPacket *avpkt), (avctx, avpkt)) \
    X(AVFORMAT, int, av_find_best_stream, \
      (AVFormatContext *ic, enum AVMediaType type, int wanted_stream_nb, int related_stream, \
       const AVCodec **decoder_ret, int flags), \
      (ic, type, wanted_stream_nb, related_stream, decoder_ret, flags)) \
    X(AVFORMAT, int, av_interleaved_write_frame, (AVFormatContext *s, AVPacket *pkt), (s, pkt)) \
    X(AVFORMAT, int, av_read_frame, (AVFormatContext *s, AVPacket *pkt), (s, pkt)) \
    X(AVFORMAT, int, av_write_trailer, (AVFormatContext *s), (s)) \
    X(AVFORMAT, int, avformat_alloc_output_context2, \
      (AVFormatContext **ctx, const AVOutputFormat *oformat, const char *format_name, const char *filename), \
      (ctx, oformat, format_name, filename)) \
    V(AVFORMAT, avformat_close_input, (AVFormatContext **s), (s)) \
    X(AVFORMAT, int, avformat_find_stream_info, (AVFormatContext *ic, AVDictionary **options), (ic, options)) \
    V(AVFORMAT, avformat_free_context, (AVFormatContext *s), (s)) \
    X(AVFORMAT, AVStream *, avformat_new_stream, (AVFormatContext *s, const AVCodec *c), (s, c)) \
    X(AVFORMAT, int, avformat_open_input, \
      (AVFormatContext **ps, const char *url, const AVInputFormat *fmt, AVDictionary **options), (ps, url, fmt, options)) \
    X(AVFORMAT, int, avformat_write_header, (AVFormatContext *s, AVDictionary **options), (s, options)) \
    X(AVFORMAT, int, avio_closep, (AVIOContext **s), (s)) \
    X(AVFORMAT, int, avio_open, (AVIOContext **s, const char *url, int flags), (s, url, flags))

// One pointer per function, set by a successful load.
#define POPPING_POINTER(library, result, name, parameters, arguments) static result(*name##_loaded) parameters;
#define POPPING_VOID_POINTER(library, name, parameters, arguments) static void(*name##_loaded) parameters;
POPPING_FFMPEG_FUNCTIONS(POPPING_POINTER, POPPING_VOID_POINTER)

static void popping_ffmpeg_missing(const char *name) {
    fprintf(stderr, "popping-render: %s called before FFmpeg's libraries were loaded\n", name);
    abort();
}

#define POPPING_FORWARDER(library, result, name, parameters, arguments) \
    result name parameters { \
        if (!name##_loaded) popping_ffmpeg_missing(#name); \
        return name##_loaded arguments; \
    }
#define POPPING_VOID_FORWARDER(library, name, parameters, arguments) \
    void name parameters { \
        if (!name##_loaded) popping_ffmpeg_missing(#name); \
        name##_loaded arguments; \
    }
POPPING_FFMPEG_FUNCTIONS(POPPING_FORWARDER, POPPING_VOID_FORWARDER)

static pthread_mutex_t popping_ffmpeg_lock = PTHREAD_MUTEX_INITIALIZER;
static int popping_ffmpeg_loaded;

int popping_ffmpeg_load(char *message, size_t capacity) {
    static const char *const sonames[LIBRARY_COUNT] = {
        POPPING_SONAME("avutil", LIBAVUTIL_VERSION_MAJOR), POPPING_SONAME("swscale", LIBSWSCALE_VERSION_MAJOR),
        POPPING_SONAME("avcodec", LIBAVCODEC_VERSION_MAJOR), POPPING_SONAME("avformat", LIBAVFORMAT_VERSION_MAJOR),
    };
    pthread_mutex_lock(&popping_ffmpeg_lock);
    if (!popping_ffmpeg_loaded) {
        // Handles are kept for the life of the process: what was loaded stays loaded.
        void *handles[LIBRARY_COUNT] = {0};
        const char *failure = NULL;
        for (int i = 0; i < LIBRARY_COUNT && !failure; i++) {
            handles[i] = dlopen(sonames[i], RTLD_NOW | RTLD_LOCAL);
            if (!handles[i]) failure = dlerror();
        }
#define POPPING_RESOLVE(library, result, name, parameters, arguments) \
        if (!failure && !(*(void **)&name##_loaded = dlsym(handles[library], #name))) failure = dlerror();
#define POPPING_VOID_RESOLVE(library, name, parameters, arguments) POPPING_RESOLVE(library, void, name, parameters, arguments)
        POPPING_FFMPEG_FUNCTIONS(POPPING_RESOLVE, POPPING_VOID_RESOLVE)
        if (failure && capacity > 0) snprintf(message, capacity, "%s", failure);
        popping_ffmpeg_loaded = failure == NULL;
    }
    int loaded = popping_ffmpeg_loaded;
    pthread_mutex_unlock(&popping_ffmpeg_lock);
    return loaded;
}
