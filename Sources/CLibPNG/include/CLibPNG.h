#ifndef POPPING_CLIBPNG_H
#define POPPING_CLIBPNG_H

#include <stddef.h>
#include <stdint.h>

/// Encodes straight RGBA8 pixels as a PNG in memory. `level` is the zlib level (0-9);
/// `adaptive_filters` non-zero lets libpng choose a row filter per row (PNG_ALL_FILTERS), zero
/// writes every row unfiltered. On success returns 0 and sets *out
/// (free it with pr_png_free); on failure returns -1 and writes a message to err.
int pr_png_encode(const uint8_t *rgba, uint32_t width, uint32_t height, int level, int adaptive_filters,
                  uint8_t **out, size_t *out_len, char *err, size_t err_len);

/// Decodes a PNG of any colour type, bit depth and interlacing to straight RGBA8. Images larger
/// than max_pixels are refused. On success returns 0 and sets *rgba (free with pr_png_free);
/// on failure returns -1 and writes a message to err. Never longjmps into the caller.
int pr_png_decode(const uint8_t *data, size_t len, uint64_t max_pixels,
                  uint8_t **rgba, uint32_t *width, uint32_t *height, char *err, size_t err_len);

void pr_png_free(void *p);

#endif
