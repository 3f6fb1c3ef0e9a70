#ifndef POPPING_CRASTERKERNELS_H
#define POPPING_CRASTERKERNELS_H

#include <stddef.h>
#include <stdint.h>

/// The widest SIMD instruction set the blend kernels may use on this CPU: 0 portable C,
/// 1 SSE2, 2 AVX2, 3 AVX-512BW. Every level computes exactly the same bytes (integer arithmetic,
/// division by 255 rounded to nearest), so the choice changes only speed, never pixels.
int pr_raster_simd_level(void);

/// Source-over of one premultiplied RGBA8 colour `s` (R in the low byte) onto `count` pixels:
/// d = s + round(d * (255 - s.alpha) / 255) per channel. `level` must not exceed
/// pr_raster_simd_level(). The AVX2 and AVX-512 kernels and opaque fills also prefetch, as they go, the pixels
/// `ahead` pixels on from the run (the run's columns some rows down, where a sweep will blend
/// next; 0 for none).
void pr_source_over_span(uint32_t *d, size_t count, uint32_t s, int level, ptrdiff_t ahead);

/// Source-over of the premultiplied colour `s` onto `count` pixels, each at its own coverage
/// `alphas[i]` (0...255): s' = round(s * a / 255) per channel, then s' + round(d * (255 - s'.alpha)
/// / 255), the bytes of a run of pr_source_over_span per pixel. How a resampled coverage mask (a
/// moving shadow) is blended when its coverage changes from pixel to pixel. `level` as above.
void pr_source_over_coverage(uint32_t *d, const uint8_t *alphas, size_t count, uint32_t s, int level);

/// A band of rows of coverage cells, swept into pixels by `pr_sweep_solid`.
typedef struct {
    /// The band's first row of cells: a (cover, area) pair of int32 per cell, `stride` cells per
    /// row (a multiple of 4, past the box's width + 1). The sweep clears every cell it reads.
    int32_t *cells;
    /// One bit per block of 4 cells that may hold something (bit b of word w: cells 4 (64 w + b)
    /// on), `words` per row. The sweep clears them.
    uint64_t *bits;
    size_t stride, words, rows;
    /// Pixel (0, 0) of the box in the band's first row, `pixels_per_row` apart.
    uint32_t *pixels;
    ptrdiff_t pixels_per_row;
    /// Pixels 0..<width of each row are the box's. A whole block of pixels is blended at once when
    /// it ends within `safe_width` (the pixels the row has from the box's left side on): the ones
    /// past the box get coverage 0 and keep their bytes.
    size_t width, safe_width;
    /// The premultiplied RGBA8 colour (R in the low byte).
    uint32_t color;
    /// Non-zero for the even-odd fill rule, zero for non-zero.
    int even_odd;
    /// As pr_source_over_span's `level` and `ahead`.
    int level;
    ptrdiff_t ahead;
} PRSweep;
/// Turns the cells of `sweep` into coverage and blends its colour source-over onto the pixels:
/// a cell sum v (512 * 256 per pixel of winding 1) is alpha ((|v| clamped at 131072, or folded
/// into 0...131072 for even-odd) * 255 + 65536) >> 17, and a pixel at alpha a gets
/// s' = round(s * a / 255) then s' + round(d * (255 - s'.alpha) / 255) per channel. Runs between
/// blocks of cells share the coverage of the covers left of them. Every level gives the same
/// bytes.
void pr_sweep_solid(const PRSweep *sweep);

#endif
