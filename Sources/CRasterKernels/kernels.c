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

// Every channel of `s` times `coverage` / 255, rounded.
static inline uint32_t scale_1(uint32_t s, uint32_t coverage) {
    return div255_lanes((s & 0x00FF00FFu) * coverage) | div255_lanes(((s >> 8) & 0x00FF00FFu) * coverage) << 8;
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
static inline void span_avx512(uint32_t *d, size_t n, uint32_t s, uint32_t inverse, ptrdiff_t ahead) {
    if (n < 16) {
        span_avx2(d, n, s, inverse, ahead);
    } else if (inverse <= 127) {
        span_avx512_with(d, n, s, inverse, 1, ahead);
    } else {
        span_avx512_with(d, n, s, inverse, 0, ahead);
    }
}

#endif

// The sweep: cells to alpha, as CellAccumulator's coverageAlpha but in 32-bit lanes (wrapping), so
// the scalar and the SIMD blocks agree bit for bit.
static inline uint32_t sweep_alpha(int32_t v, int even_odd) {
    uint32_t a = v < 0 ? 0u - (uint32_t)v : (uint32_t)v;
    if (even_odd) {
        a &= 262143u;
        if (a > 131072u) a = 262144u - a;
    } else if (a > 131072u) {
        a = 131072u;
    }
    return (a * 255u + 65536u) >> 17;
}

// The sum of `covers` (winding * 256 per pixel row) as a cell sum: covers * 512, wrapping.
static inline int32_t covers_sum(int32_t covers) { return (int32_t)((uint32_t)covers << 9); }

// One block of 4 cells and its 4 pixels, a cell at a time; pixels from `width` on are left be.
static inline void sweep_block_scalar(const PRSweep *p, int32_t *cells, uint32_t *row, size_t x0, int32_t *covers) {
    for (size_t x = x0; x < x0 + 4; x++) {
        int32_t cover = cells[2 * x], area = cells[2 * x + 1];
        cells[2 * x] = 0;
        cells[2 * x + 1] = 0;
        *covers = (int32_t)((uint32_t)*covers + (uint32_t)cover);
        if (x >= p->width) continue;
        uint32_t a = sweep_alpha((int32_t)((uint32_t)covers_sum(*covers) - (uint32_t)area), p->even_odd);
        if (a) {
            uint32_t s = scale_1(p->color, a);
            row[x] = source_over_1(row[x], s, 255 - (s >> 24));
        }
    }
}

#ifdef PR_X86
// The alphas of one block's 4 pixels (int32 lanes), taking its cells: the 4 covers' running
// sums in one prefix sum, carried on in `covers`.
__attribute__((target("avx2")))
static inline __m128i sweep_block_alphas(const PRSweep *p, int32_t *cells, size_t x0, int32_t *covers) {
    const __m256i pairs = _mm256_loadu_si256((const __m256i *)(cells + 2 * x0));
    _mm256_storeu_si256((__m256i *)(cells + 2 * x0), _mm256_setzero_si256());
    const __m256i split = _mm256_permutevar8x32_epi32(pairs, _mm256_setr_epi32(0, 2, 4, 6, 1, 3, 5, 7));
    __m128i sums = _mm256_castsi256_si128(split);
    const __m128i areas = _mm256_extracti128_si256(split, 1);
    sums = _mm_add_epi32(sums, _mm_slli_si128(sums, 4));
    sums = _mm_add_epi32(sums, _mm_slli_si128(sums, 8));
    sums = _mm_add_epi32(sums, _mm_set1_epi32(*covers));
    *covers = _mm_extract_epi32(sums, 3);
    __m128i a = _mm_abs_epi32(_mm_sub_epi32(_mm_slli_epi32(sums, 9), areas));
    if (p->even_odd) {
        a = _mm_and_si128(a, _mm_set1_epi32(262143));
        a = _mm_min_epu32(a, _mm_sub_epi32(_mm_set1_epi32(262144), a));
    } else {
        a = _mm_min_epu32(a, _mm_set1_epi32(131072));
    }
    return _mm_srli_epi32(_mm_add_epi32(_mm_sub_epi32(_mm_slli_epi32(a, 8), a), _mm_set1_epi32(65536)), 17);
}

// One block in SSE registers: its 4 pixels blended each at its own coverage, pixels 0 and 1 in
// one register and 2 and 3 in another, with pr_source_over_span's arithmetic.
__attribute__((target("avx2")))
static inline void sweep_block_avx2(const PRSweep *p, int32_t *cells, uint32_t *row, size_t x0, int32_t *covers) {
    const __m128i zero = _mm_setzero_si128(), half = _mm_set1_epi16(128), m257 = _mm_set1_epi16(257);
    const __m128i a = sweep_block_alphas(p, cells, x0, covers);
    // Each pixel's alpha in the four 16-bit lanes of its channels.
    const __m128i k0 = _mm_shuffle_epi8(a, _mm_setr_epi8(0, -1, 0, -1, 0, -1, 0, -1, 4, -1, 4, -1, 4, -1, 4, -1));
    const __m128i k1 = _mm_shuffle_epi8(a, _mm_setr_epi8(8, -1, 8, -1, 8, -1, 8, -1, 12, -1, 12, -1, 12, -1, 12, -1));
    const __m128i src = _mm_unpacklo_epi8(_mm_set1_epi32((int)p->color), zero);
    const __m128i s0 = _mm_mulhi_epu16(_mm_add_epi16(_mm_mullo_epi16(src, k0), half), m257);
    const __m128i s1 = _mm_mulhi_epu16(_mm_add_epi16(_mm_mullo_epi16(src, k1), half), m257);
    const __m128i alphas = _mm_setr_epi8(6, 7, 6, 7, 6, 7, 6, 7, 14, 15, 14, 15, 14, 15, 14, 15);
    const __m128i i0 = _mm_sub_epi16(_mm_set1_epi16(255), _mm_shuffle_epi8(s0, alphas));
    const __m128i i1 = _mm_sub_epi16(_mm_set1_epi16(255), _mm_shuffle_epi8(s1, alphas));
    const __m128i d = _mm_loadu_si128((const __m128i *)(row + x0));
    __m128i d0 = _mm_mulhi_epu16(_mm_add_epi16(_mm_mullo_epi16(_mm_unpacklo_epi8(d, zero), i0), half), m257);
    __m128i d1 = _mm_mulhi_epu16(_mm_add_epi16(_mm_mullo_epi16(_mm_unpackhi_epi8(d, zero), i1), half), m257);
    _mm_storeu_si128((__m128i *)(row + x0), _mm_packus_epi16(_mm_add_epi16(d0, s0), _mm_add_epi16(d1, s1)));
}

// As sweep_block_avx2 with all 4 pixels' 16 channels in one 256-bit register (AVX-512VL narrows
// them back to bytes in one instruction): half the instructions for the blend.
__attribute__((target("avx512f,avx512bw,avx512vl,avx2")))
static inline void sweep_block_avx512(const PRSweep *p, int32_t *cells, uint32_t *row, size_t x0, int32_t *covers) {
    const __m256i half = _mm256_set1_epi16(128), m257 = _mm256_set1_epi16(257);
    const __m128i a = sweep_block_alphas(p, cells, x0, covers);
    const __m256i k = _mm256_cvtepu8_epi16(
        _mm_shuffle_epi8(a, _mm_setr_epi8(0, 0, 0, 0, 4, 4, 4, 4, 8, 8, 8, 8, 12, 12, 12, 12)));
    const __m256i src = _mm256_cvtepu8_epi16(_mm_set1_epi32((int)p->color));
    const __m256i s = _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16(src, k), half), m257);
    const __m256i alphas = _mm256_setr_epi8(6, 7, 6, 7, 6, 7, 6, 7, 14, 15, 14, 15, 14, 15, 14, 15,
                                            6, 7, 6, 7, 6, 7, 6, 7, 14, 15, 14, 15, 14, 15, 14, 15);
    const __m256i inverse = _mm256_sub_epi16(_mm256_set1_epi16(255), _mm256_shuffle_epi8(s, alphas));
    const __m256i d = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(row + x0)));
    const __m256i blended = _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16(d, inverse), half), m257);
    _mm_storeu_si128((__m128i *)(row + x0), _mm256_cvtepi16_epi8(_mm256_add_epi16(blended, s)));
}
#endif

// A run of pixels at one coverage, blended by whichever span kernel fits.
static inline void sweep_run(uint32_t *d, size_t n, uint32_t s, const PRSweep *p) {
    pr_source_over_span(d, n, s, p->level, p->ahead);
}

#ifdef PR_X86
// A run into the AVX-512 kernel without pr_source_over_span's dispatch, so that it can be inlined
// into the AVX-512 sweep, where most runs are; opaque runs are plain stores there.
__attribute__((target("avx512f,avx512bw,avx512vl,avx2")))
static inline void sweep_run_avx512(uint32_t *d, size_t n, uint32_t s, const PRSweep *p) {
    uint32_t inverse = 255 - (s >> 24);
    if (inverse == 0) {
        pr_source_over_span(d, n, s, p->level, p->ahead);
    } else {
        span_avx512(d, n, s, inverse, p->ahead);
    }
}
#endif

typedef void (*sweep_block_fn)(const PRSweep *, int32_t *, uint32_t *, size_t, int32_t *);
typedef void (*sweep_run_fn)(uint32_t *, size_t, uint32_t, const PRSweep *);

// The sweep's loop, inlined into a copy per instruction set with its block and run code: `block`
// for the blocks that end within the safe width, the scalar code for the others.
__attribute__((always_inline))
static inline void sweep_rows(const PRSweep *band, sweep_block_fn block, sweep_run_fn run) {
    // A copy the compiler can keep in registers: stores to the cells and pixels might otherwise
    // be the band's fields, to be read again after every block.
    const PRSweep copy = *band, *p = &copy;
    for (size_t r = 0; r < p->rows; r++) {
        int32_t *cells = p->cells + 2 * r * p->stride;
        uint64_t *bits = p->bits + r * p->words;
        uint32_t *row = p->pixels + (ptrdiff_t)r * p->pixels_per_row;
        int32_t covers = 0;
        size_t run_start = 0, first = SIZE_MAX;
        for (size_t w = 0; w < p->words; w++) {
            uint64_t word = bits[w];
            if (!word) continue;
            bits[w] = 0;
            do {
                size_t x0 = (w << 6 | (size_t)__builtin_ctzll(word)) << 2;
                word &= word - 1;
                if (first == SIZE_MAX) first = x0;
                if (run_start < x0 && covers != 0) {
                    uint32_t a = sweep_alpha(covers_sum(covers), p->even_odd);
                    if (a) run(row + run_start, x0 - run_start, a == 255 ? p->color : scale_1(p->color, a), p);
                }
                if (x0 + 4 <= p->safe_width) {
                    block(p, cells, row, x0, &covers);
                } else {
                    sweep_block_scalar(p, cells, row, x0, &covers);
                }
                run_start = x0 + 4;
            } while (word);
        }
#ifdef PR_X86
        // The row a few rows down most likely spans about what this one did: start loading the
        // lines of its edge pixels (the span kernels fetch the interiors as they go).
        if (first != SIZE_MAX && p->ahead) {
            size_t last = (run_start < p->width ? run_start : p->width) - 1;
            prefetch_ahead(row + first, p->ahead);
            prefetch_ahead(row + last, p->ahead);
        }
#endif
    }
}

#ifdef PR_X86
__attribute__((target("avx2")))
static void sweep_rows_avx2(const PRSweep *p) { sweep_rows(p, sweep_block_avx2, sweep_run); }

__attribute__((target("avx512f,avx512bw,avx512vl,avx2")))
static void sweep_rows_avx512(const PRSweep *p) { sweep_rows(p, sweep_block_avx512, sweep_run_avx512); }
#endif

static void coverage_portable(uint32_t *d, const uint8_t *alphas, size_t n, uint32_t s) {
    for (size_t i = 0; i < n; i++) {
        if (!alphas[i]) continue;
        uint32_t c = scale_1(s, alphas[i]);
        d[i] = source_over_1(d[i], c, 255 - (c >> 24));
    }
}

#ifdef PR_X86
// Four pixels at a time with sweep_block_avx2's arithmetic (pixels 0 and 1 in one register, 2
// and 3 in another), skipping quads of zero coverage; the last pixels one at a time.
__attribute__((target("avx2")))
static void coverage_avx2(uint32_t *d, const uint8_t *alphas, size_t n, uint32_t s) {
    const __m128i zero = _mm_setzero_si128(), half = _mm_set1_epi16(128), m257 = _mm_set1_epi16(257);
    const __m128i src = _mm_unpacklo_epi8(_mm_set1_epi32((int)s), zero);
    const __m128i spread0 = _mm_setr_epi8(0, -1, 0, -1, 0, -1, 0, -1, 1, -1, 1, -1, 1, -1, 1, -1);
    const __m128i spread1 = _mm_setr_epi8(2, -1, 2, -1, 2, -1, 2, -1, 3, -1, 3, -1, 3, -1, 3, -1);
    const __m128i alpha_lanes = _mm_setr_epi8(6, 7, 6, 7, 6, 7, 6, 7, 14, 15, 14, 15, 14, 15, 14, 15);
    const __m128i full = _mm_set1_epi16(255);
    size_t i = 0;
    for (; i + 4 <= n; i += 4) {
        uint32_t four;
        __builtin_memcpy(&four, alphas + i, 4);
        if (!four) continue;
        const __m128i a = _mm_cvtsi32_si128((int)four);
        const __m128i s0 = _mm_mulhi_epu16(_mm_add_epi16(_mm_mullo_epi16(src, _mm_shuffle_epi8(a, spread0)), half), m257);
        const __m128i s1 = _mm_mulhi_epu16(_mm_add_epi16(_mm_mullo_epi16(src, _mm_shuffle_epi8(a, spread1)), half), m257);
        const __m128i i0 = _mm_sub_epi16(full, _mm_shuffle_epi8(s0, alpha_lanes));
        const __m128i i1 = _mm_sub_epi16(full, _mm_shuffle_epi8(s1, alpha_lanes));
        const __m128i p = _mm_loadu_si128((const __m128i *)(d + i));
        const __m128i d0 = _mm_mulhi_epu16(_mm_add_epi16(_mm_mullo_epi16(_mm_unpacklo_epi8(p, zero), i0), half), m257);
        const __m128i d1 = _mm_mulhi_epu16(_mm_add_epi16(_mm_mullo_epi16(_mm_unpackhi_epi8(p, zero), i1), half), m257);
        _mm_storeu_si128((__m128i *)(d + i), _mm_packus_epi16(_mm_add_epi16(d0, s0), _mm_add_epi16(d1, s1)));
    }
    coverage_portable(d + i, alphas + i, n - i, s);
}
#endif

void pr_source_over_coverage(uint32_t *d, const uint8_t *alphas, size_t count, uint32_t s, int level) {
#ifdef PR_X86
    if (level >= 2) {
        coverage_avx2(d, alphas, count, s);
        return;
    }
#else
    (void)level;
#endif
    coverage_portable(d, alphas, count, s);
}

void pr_sweep_solid(const PRSweep *sweep) {
#ifdef PR_X86
    if (sweep->level >= 3) {
        sweep_rows_avx512(sweep);
        return;
    }
    if (sweep->level == 2) {
        sweep_rows_avx2(sweep);
        return;
    }
#endif
    sweep_rows(sweep, sweep_block_scalar, sweep_run);
}

#ifdef PR_X86
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

