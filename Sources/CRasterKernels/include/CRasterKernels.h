#ifndef POPPING_CRASTERKERNELS_H
#define POPPING_CRASTERKERNELS_H

#include <stddef.h>
#include <stdint.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

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

/// Source-over of colour `s` times `coverage` / 255 (0...255) onto one pixel `d`, both
/// premultiplied RGBA8: s' = round(s * coverage / 255), then s' + round(d * (255 - s'.alpha) / 255)
/// per channel, the bytes of the span kernels. Inline, so a sweep can call it per edge pixel.
static inline uint32_t pr_source_over_coverage(uint32_t d, uint32_t s, uint32_t coverage) {
#if defined(__SSE2__)
    // The pixel's four channels in the low four 16-bit lanes; the inverse alpha is broadcast
    // without leaving the register, which keeps the chain from coverage to result short.
    const __m128i zero = _mm_setzero_si128(), half = _mm_set1_epi16(128), m257 = _mm_set1_epi16(257);
    __m128i src = _mm_unpacklo_epi8(_mm_cvtsi32_si128((int)s), zero);
    __m128i k = _mm_shufflelo_epi16(_mm_cvtsi32_si128((int)coverage), 0);
    src = _mm_mulhi_epu16(_mm_add_epi16(_mm_mullo_epi16(src, k), half), m257);
    __m128i inverse = _mm_sub_epi16(_mm_set1_epi16(255), _mm_shufflelo_epi16(src, 0xFF));
    __m128i dst = _mm_unpacklo_epi8(_mm_cvtsi32_si128((int)d), zero);
    dst = _mm_mulhi_epu16(_mm_add_epi16(_mm_mullo_epi16(dst, inverse), half), m257);
    return (uint32_t)_mm_cvtsi128_si32(_mm_packus_epi16(_mm_add_epi16(src, dst), zero));
#else
    uint32_t out = 0, a = ((s >> 24) * coverage + 128) * 257 >> 16, inverse = 255 - a;
    for (int shift = 0; shift < 32; shift += 8) {
        uint32_t c = (((s >> shift) & 255) * coverage + 128) * 257 >> 16;
        out |= (c + ((((d >> shift) & 255) * inverse + 128) * 257 >> 16)) << shift;
    }
    return out;
#endif
}

/// pr_source_over_coverage on the two pixels from `d`, pixel i at coverage byte i of
/// `coverages`, in one register: the bytes of two calls. A pixel at coverage 0 keeps its value.
static inline void pr_source_over_coverage2(uint32_t *d, uint32_t s, uint32_t coverages) {
#if defined(__SSE2__)
    const __m128i zero = _mm_setzero_si128(), half = _mm_set1_epi16(128), m257 = _mm_set1_epi16(257);
    // Each pixel's coverage in its four 16-bit lanes.
    __m128i k = _mm_unpacklo_epi8(_mm_cvtsi32_si128((int)coverages), zero);
    k = _mm_unpacklo_epi16(k, k);
    k = _mm_unpacklo_epi32(k, k);
    __m128i src = _mm_unpacklo_epi8(_mm_set1_epi32((int)s), zero);
    src = _mm_mulhi_epu16(_mm_add_epi16(_mm_mullo_epi16(src, k), half), m257);
    __m128i inverse = _mm_sub_epi16(_mm_set1_epi16(255), _mm_shufflehi_epi16(_mm_shufflelo_epi16(src, 0xFF), 0xFF));
    __m128i dst = _mm_unpacklo_epi8(_mm_loadl_epi64((const __m128i *)d), zero);
    dst = _mm_mulhi_epu16(_mm_add_epi16(_mm_mullo_epi16(dst, inverse), half), m257);
    _mm_storel_epi64((__m128i *)d, _mm_packus_epi16(_mm_add_epi16(src, dst), zero));
#else
    d[0] = pr_source_over_coverage(d[0], s, coverages & 255);
    d[1] = pr_source_over_coverage(d[1], s, (coverages >> 8) & 255);
#endif
}

/// Asks the CPU to start loading the cache line holding `p` for writing: a hint that changes
/// only when memory is read, never what is computed.
static inline void pr_prefetch(const void *p) { __builtin_prefetch(p, 1, 3); }

#endif
