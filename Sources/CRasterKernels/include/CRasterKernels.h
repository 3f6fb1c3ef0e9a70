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
/// pr_raster_simd_level().
void pr_source_over_span(uint32_t *d, size_t count, uint32_t s, int level);

#endif
