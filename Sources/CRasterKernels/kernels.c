// Solid-colour source-over for long runs of pixels, at the widest SIMD width the CPU has.
//
// round(x / 255) for x = c * k + 128 <= 65535 is (x * 257) >> 16, i.e. one unsigned 16-bit
// high multiply by 257: the same value as Blend.div255's (t + (t >> 8)) >> 8, so every path
// here gives the bytes of the scalar Swift code.
#include "CRasterKernels.h"

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#include <immintrin.h>
#define PR_X86 1
#endif

static inline uint32_t div255_lanes(uint32_t x) {
    uint32_t t = x + 0x00800080u;
    return ((t + ((t >> 8) & 0x00FF00FFu)) >> 8) & 0x00FF00FFu;
}

static inline uint32_t source_over_1(uint32_t d, uint32_t s, uint32_t inverse) {
    uint32_t rb = div255_lanes((d & 0x00FF00FFu) * inverse);
    uint32_t ga = div255_lanes(((d >> 8) & 0x00FF00FFu) * inverse);
    return s + (rb | (ga << 8));
}

static void span_portable(uint32_t *d, size_t n, uint32_t s, uint32_t inverse) {
    for (size_t i = 0; i < n; i++) d[i] = source_over_1(d[i], s, inverse);
}

#ifdef PR_X86
// Starts loading the cache line `ahead` pixels on from `p` (the same columns some rows down),
// one per 64 bytes the wide kernels (and opaque fills) blend: the row is fetched while this one is blended, spread
// over the run, rather than in one burst that fills the CPU's queue of misses. The address is
// computed as an integer, since it may lie past the pixels; a prefetch never faults.
static inline void prefetch_ahead(const uint32_t *p, ptrdiff_t ahead) {
    __builtin_prefetch((const void *)((uintptr_t)p + (uintptr_t)(ahead * 4)), 1, 3);
}

static inline __m128i over_sse2(__m128i p, __m128i k, __m128i half, __m128i m257, __m128i src) {
    const __m128i zero = _mm_setzero_si128();
    __m128i lo = _mm_mulhi_epu16(_mm_add_epi16(_mm_mullo_epi16(_mm_unpacklo_epi8(p, zero), k), half), m257);
    __m128i hi = _mm_mulhi_epu16(_mm_add_epi16(_mm_mullo_epi16(_mm_unpackhi_epi8(p, zero), k), half), m257);
    return _mm_add_epi8(_mm_packus_epi16(lo, hi), src);
}

// Runs of at least one vector end with one more vector over their last pixels, computed from
// the pixels as they were before the loop: the pixels it shares with the loop's last vector
// get the same value twice, and no run needs a pixel-at-a-time tail.
static void span_sse2(uint32_t *d, size_t n, uint32_t s, uint32_t inverse) {
    if (n < 4) {
        span_portable(d, n, s, inverse);
        return;
    }
    const __m128i k = _mm_set1_epi16((short)inverse), half = _mm_set1_epi16(128);
    const __m128i m257 = _mm_set1_epi16(257), src = _mm_set1_epi32((int)s);
    __m128i last = over_sse2(_mm_loadu_si128((const __m128i *)(d + n - 4)), k, half, m257, src);
    for (size_t i = 0; i + 4 <= n; i += 4) {
        __m128i p = _mm_loadu_si128((const __m128i *)(d + i));
        _mm_storeu_si128((__m128i *)(d + i), over_sse2(p, k, half, m257, src));
    }
    _mm_storeu_si128((__m128i *)(d + n - 4), last);
}

// Source-over of 8 pixels. With `narrow` (the inverse alpha at most 127, i.e. a colour at least
// half opaque) each channel's d * inverse + 128 is one pmaddubsw of the pair (d, 128) with the
// signed bytes (inverse, 1), which cannot saturate (255 * 127 + 128 < 32768): the same sums as
// the pmullw and paddw it replaces, in one instruction. `k` is (inverse | 1 << 8) when narrow,
// else the inverse; `lanes` is 128 in every byte when narrow, else zero.
__attribute__((target("avx2"), always_inline))
static inline __m256i over_avx2(__m256i p, int narrow, __m256i k, __m256i lanes, __m256i half, __m256i m257,
                                __m256i src) {
    __m256i lo, hi;
    if (narrow) {
        lo = _mm256_maddubs_epi16(_mm256_unpacklo_epi8(p, lanes), k);
        hi = _mm256_maddubs_epi16(_mm256_unpackhi_epi8(p, lanes), k);
    } else {
        lo = _mm256_add_epi16(_mm256_mullo_epi16(_mm256_unpacklo_epi8(p, lanes), k), half);
        hi = _mm256_add_epi16(_mm256_mullo_epi16(_mm256_unpackhi_epi8(p, lanes), k), half);
    }
    return _mm256_add_epi8(_mm256_packus_epi16(_mm256_mulhi_epu16(lo, m257), _mm256_mulhi_epu16(hi, m257)), src);
}

// Runs of at least one vector end as span_sse2's do; two vectors per iteration halve the loop
// overhead on long interior runs.
__attribute__((target("avx2"), always_inline))
static inline void span_avx2_with(uint32_t *d, size_t n, uint32_t s, uint32_t inverse, int narrow, ptrdiff_t ahead) {
    const __m256i k = _mm256_set1_epi16((short)(narrow ? inverse | 1u << 8 : inverse));
    const __m256i lanes = narrow ? _mm256_set1_epi8((char)128) : _mm256_setzero_si256();
    const __m256i half = _mm256_set1_epi16(128), m257 = _mm256_set1_epi16(257), src = _mm256_set1_epi32((int)s);
    __m256i last = over_avx2(_mm256_loadu_si256((const __m256i *)(d + n - 8)), narrow, k, lanes, half, m257, src);
    size_t i = 0;
    for (; i + 16 <= n; i += 16) {
        prefetch_ahead(d + i, ahead);
        __m256i p0 = _mm256_loadu_si256((const __m256i *)(d + i));
        __m256i p1 = _mm256_loadu_si256((const __m256i *)(d + i + 8));
        _mm256_storeu_si256((__m256i *)(d + i), over_avx2(p0, narrow, k, lanes, half, m257, src));
        _mm256_storeu_si256((__m256i *)(d + i + 8), over_avx2(p1, narrow, k, lanes, half, m257, src));
    }
    if (i + 8 <= n) {
        __m256i p = _mm256_loadu_si256((const __m256i *)(d + i));
        _mm256_storeu_si256((__m256i *)(d + i), over_avx2(p, narrow, k, lanes, half, m257, src));
    }
    _mm256_storeu_si256((__m256i *)(d + n - 8), last);
}

__attribute__((target("avx2")))
static void span_avx2(uint32_t *d, size_t n, uint32_t s, uint32_t inverse, ptrdiff_t ahead) {
    if (n < 8) {
        span_sse2(d, n, s, inverse);
    } else if (inverse <= 127) {
        span_avx2_with(d, n, s, inverse, 1, ahead);
    } else {
        span_avx2_with(d, n, s, inverse, 0, ahead);
    }
}

// As over_avx2, 16 pixels at a time.
__attribute__((target("avx512f,avx512bw"), always_inline))
static inline __m512i over_avx512(__m512i p, int narrow, __m512i k, __m512i lanes, __m512i half, __m512i m257,
                                  __m512i src) {
    __m512i lo, hi;
    if (narrow) {
        lo = _mm512_maddubs_epi16(_mm512_unpacklo_epi8(p, lanes), k);
        hi = _mm512_maddubs_epi16(_mm512_unpackhi_epi8(p, lanes), k);
    } else {
        lo = _mm512_add_epi16(_mm512_mullo_epi16(_mm512_unpacklo_epi8(p, lanes), k), half);
        hi = _mm512_add_epi16(_mm512_mullo_epi16(_mm512_unpackhi_epi8(p, lanes), k), half);
    }
    return _mm512_add_epi8(_mm512_packus_epi16(_mm512_mulhi_epu16(lo, m257), _mm512_mulhi_epu16(hi, m257)), src);
}

// Runs of at least one vector end as span_sse2's do, with one more unmasked vector over their
// last pixels, not a masked one: the sweep blends the edge pixel just right of a run as soon as
// the run is done, and a load next to a masked store waits for that store to reach the cache
// instead of being forwarded (about 4% of the time per frame on the bench scenes). Shorter runs
// take the AVX2 kernel.
__attribute__((target("avx512f,avx512bw"), always_inline))
static inline void span_avx512_with(uint32_t *d, size_t n, uint32_t s, uint32_t inverse, int narrow,
                                    ptrdiff_t ahead) {
    const __m512i k = _mm512_set1_epi16((short)(narrow ? inverse | 1u << 8 : inverse));
    const __m512i lanes = narrow ? _mm512_set1_epi8((char)128) : _mm512_setzero_si512();
    const __m512i half = _mm512_set1_epi16(128), m257 = _mm512_set1_epi16(257), src = _mm512_set1_epi32((int)s);
    __m512i last = over_avx512(_mm512_loadu_si512((const void *)(d + n - 16)), narrow, k, lanes, half, m257, src);
    for (size_t i = 0; i + 16 <= n; i += 16) {
        prefetch_ahead(d + i, ahead);
        __m512i p = _mm512_loadu_si512((const void *)(d + i));
        _mm512_storeu_si512((void *)(d + i), over_avx512(p, narrow, k, lanes, half, m257, src));
    }
    _mm512_storeu_si512((void *)(d + n - 16), last);
}

__attribute__((target("avx512f,avx512bw")))
static void span_avx512(uint32_t *d, size_t n, uint32_t s, uint32_t inverse, ptrdiff_t ahead) {
    if (n < 16) {
        span_avx2(d, n, s, inverse, ahead);
    } else if (inverse <= 127) {
        span_avx512_with(d, n, s, inverse, 1, ahead);
    } else {
        span_avx512_with(d, n, s, inverse, 0, ahead);
    }
}

static uint64_t xgetbv0(void) {
    uint32_t lo, hi;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    return ((uint64_t)hi << 32) | lo;
}
#endif

int pr_raster_simd_level(void) {
#ifdef PR_X86
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return 1;
    int osxsave = (c >> 27) & 1, avx = (c >> 28) & 1;
    if (!osxsave || !avx) return 1;
    uint64_t xcr0 = xgetbv0();
    if ((xcr0 & 0x6) != 0x6) return 1;
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return 1;
    int avx2 = (b >> 5) & 1, avx512f = (b >> 16) & 1, avx512bw = (b >> 30) & 1;
    if (avx512f && avx512bw && (xcr0 & 0xE6) == 0xE6) return 3;
    return avx2 ? 2 : 1;
#else
    return 0;
#endif
}

void pr_source_over_span(uint32_t *d, size_t count, uint32_t s, int level, ptrdiff_t ahead) {
    uint32_t inverse = 255 - (s >> 24);
    if (inverse == 0) {
        size_t i = 0;
        for (; i + 16 <= count; i += 16) {
#ifdef PR_X86
            prefetch_ahead(d + i, ahead);
#endif
            for (size_t j = 0; j < 16; j++) d[i + j] = s;
        }
        for (; i < count; i++) d[i] = s;
        return;
    }
#ifdef PR_X86
    switch (level) {
    case 3: span_avx512(d, count, s, inverse, ahead); return;
    case 2: span_avx2(d, count, s, inverse, ahead); return;
    case 1: span_sse2(d, count, s, inverse); return;
    default: break;
    }
#else
    (void)level;
    (void)ahead;
#endif
    span_portable(d, count, s, inverse);
}

