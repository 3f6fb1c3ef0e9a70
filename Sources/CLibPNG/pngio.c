// A thin layer over libpng. libpng reports errors by longjmp, which Swift cannot catch, so every
// call into libpng happens here under setjmp, and failures come back as a return code and text.
#include "CLibPNG.h"

#include <png.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    char *message;
    size_t capacity;
} error_sink;

static void set_message(char *err, size_t err_len, const char *msg) {
    if (err_len) {
        strncpy(err, msg, err_len - 1);
        err[err_len - 1] = 0;
    }
}

static void on_error(png_structp png, png_const_charp msg) {
    error_sink *sink = (error_sink *)png_get_error_ptr(png);
    if (sink) set_message(sink->message, sink->capacity, msg);
    png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp msg) {
    (void)png;
    (void)msg;
}

typedef struct {
    uint8_t *bytes;
    size_t length;
    size_t capacity;
    int failed;
} growable;

static void write_bytes(png_structp png, png_bytep data, png_size_t length) {
    growable *g = (growable *)png_get_io_ptr(png);
    if (g->length + length > g->capacity) {
        size_t cap = g->capacity ? g->capacity : 65536;
        while (cap < g->length + length) cap *= 2;
        uint8_t *b = realloc(g->bytes, cap);
        if (!b) png_error(png, "out of memory");
        g->bytes = b;
        g->capacity = cap;
    }
    memcpy(g->bytes + g->length, data, length);
    g->length += length;
}

static void flush_bytes(png_structp png) { (void)png; }

int pr_png_encode(const uint8_t *rgba, uint32_t width, uint32_t height, int level, int adaptive_filters,
                  uint8_t **out, size_t *out_len, char *err, size_t err_len) {
    error_sink sink = {err, err_len};
    growable *g = calloc(1, sizeof(growable));
    if (!g) { set_message(err, err_len, "out of memory"); return -1; }
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &sink, on_error, on_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!png || !info) {
        png_destroy_write_struct(&png, &info);
        free(g);
        set_message(err, err_len, "libpng could not start");
        return -1;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        free(g->bytes);
        free(g);
        return -1;
    }
    png_set_write_fn(png, g, write_bytes, flush_bytes);
    png_set_compression_level(png, level);
    png_set_filter(png, 0, adaptive_filters ? PNG_ALL_FILTERS : PNG_FILTER_NONE);
    png_set_IHDR(png, info, width, height, 8, PNG_COLOR_TYPE_RGB_ALPHA, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    for (uint32_t y = 0; y < height; y++) {
        png_write_row(png, (png_const_bytep)(rgba + (size_t)y * width * 4));
    }
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    *out = g->bytes;
    *out_len = g->length;
    free(g);
    return 0;
}

typedef struct {
    const uint8_t *bytes;
    size_t length;
    size_t offset;
} reader;

static void read_bytes(png_structp png, png_bytep data, png_size_t length) {
    reader *r = (reader *)png_get_io_ptr(png);
    if (length > r->length - r->offset) png_error(png, "file is truncated");
    memcpy(data, r->bytes + r->offset, length);
    r->offset += length;
}

// Whether a chunk other than IDAT declares more data than the file holds after its header. libpng
// (1.6.39, Debian 12) allocates a whole sPLT, iCCP or text chunk before reading it, without the
// chunk limit png_set_chunk_malloc_max sets: a 129-byte file declaring an 800 MB sPLT made it
// allocate 800 MB (found by Fuzz/run.sh png). Such a chunk can never be read whole, so it is an
// error before libpng starts, and no chunk asks for more memory than the file's own size.
// IDAT is read in pieces, so a truncated image still decodes as far as it goes.
static int has_chunk_longer_than_file(const uint8_t *data, size_t len) {
    size_t offset = 8;
    while (len - offset >= 8) {
        uint32_t length = (uint32_t)data[offset] << 24 | (uint32_t)data[offset + 1] << 16 |
                          (uint32_t)data[offset + 2] << 8 | data[offset + 3];
        int is_idat = memcmp(data + offset + 4, "IDAT", 4) == 0;
        size_t after_header = len - offset - 8;
        if (length > after_header) return !is_idat;
        if (after_header - length < 4) return 0;  // the CRC is truncated: libpng reports it
        offset += 12 + (size_t)length;
    }
    return 0;
}

int pr_png_decode(const uint8_t *data, size_t len, uint64_t max_pixels,
                  uint8_t **rgba, uint32_t *width, uint32_t *height, char *err, size_t err_len) {
    if (len < 8 || png_sig_cmp((png_const_bytep)data, 0, 8) != 0) {
        set_message(err, err_len, "not a PNG file (bad signature)");
        return -1;
    }
    if (has_chunk_longer_than_file(data, len)) {
        set_message(err, err_len, "a chunk is longer than the file");
        return -1;
    }
    error_sink sink = {err, err_len};
    reader r = {data, len, 0};
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &sink, on_error, on_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!png || !info) {
        png_destroy_read_struct(&png, &info, NULL);
        set_message(err, err_len, "libpng could not start");
        return -1;
    }
    // Written after setjmp and read after a longjmp back to it, so it must be volatile.
    uint8_t *volatile pixels = NULL;
    png_bytep *volatile rows = NULL;
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, &info, NULL);
        free(pixels);
        free(rows);
        return -1;
    }
    png_set_read_fn(png, &r, read_bytes);
    png_set_user_limits(png, 65535, 65535);
    png_set_chunk_malloc_max(png, 64u << 20);
    png_read_info(png, info);
    png_uint_32 w = png_get_image_width(png, info);
    png_uint_32 h = png_get_image_height(png, info);
    if ((uint64_t)w * (uint64_t)h > max_pixels) png_error(png, "image is too large");
    int color = png_get_color_type(png, info);
    int depth = png_get_bit_depth(png, info);
    if (color == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (color == PNG_COLOR_TYPE_GRAY && depth < 8) png_set_expand_gray_1_2_4_to_8(png);
    if (png_get_valid(png, info, PNG_INFO_tRNS)) png_set_tRNS_to_alpha(png);
    if (depth == 16) png_set_strip_16(png);
    if (color == PNG_COLOR_TYPE_GRAY || color == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
    png_set_filler(png, 0xFF, PNG_FILLER_AFTER);
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != (size_t)w * 4) png_error(png, "unsupported pixel layout");
    pixels = malloc((size_t)w * h * 4 + 1);
    rows = malloc(sizeof(png_bytep) * (h ? h : 1));
    if (!pixels || !rows) png_error(png, "out of memory");
    for (png_uint_32 y = 0; y < h; y++) rows[y] = pixels + (size_t)y * w * 4;
    png_read_image(png, rows);
    png_read_end(png, NULL);
    png_destroy_read_struct(&png, &info, NULL);
    free(rows);
    *rgba = pixels;
    *width = w;
    *height = h;
    return 0;
}

void pr_png_free(void *p) { free(p); }
