// One premultiplied color OVER a run of pixels: the flat interior of a placed texture. With AVX2
// (checked at run time) eight pixels per step, with SSE2 four, else one.
#include "lamina_kernels.h"
#include "pixel_math.h"
#if defined(__x86_64__)
#include <immintrin.h>

/// `color` (its channels in 16-bit lanes) OVER eight pixels, with `inverse` 255 − its alpha.
__attribute__((target("avx2")))
static inline __m256i over_eight(__m256i d, __m256i color, __m256i inverse) {
    const __m256i zero = _mm256_setzero_si256(), bias = _mm256_set1_epi16(128), by257 = _mm256_set1_epi16(257);
    // v / 255 rounded, as (v + 128 + ((v + 128) >> 8)) >> 8 rounds it, in one multiply: for
    // every v up to 255·255, (w + (w >> 8)) >> 8 equals (w·257) >> 16 with w = v + 128.
    const __m256i lo = _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16(_mm256_unpacklo_epi8(d, zero), inverse), bias), by257);
    const __m256i hi = _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16(_mm256_unpackhi_epi8(d, zero), inverse), bias), by257);
    return _mm256_packus_epi16(_mm256_add_epi16(lo, color), _mm256_add_epi16(hi, color));
}

__attribute__((target("avx2")))
static void solid_over_avx2(uint32_t *dst, int count, uint32_t color) {
    const __m256i source = _mm256_unpacklo_epi8(_mm256_set1_epi32((int)color), _mm256_setzero_si256());
    const __m256i inverse = _mm256_set1_epi16((short)(255 - (color >> 24)));
    int i = 0;
    // Sixteen pixels a step while they last: two independent blends per loop test.
    for (; i + 16 <= count; i += 16) {
        const __m256i a = _mm256_loadu_si256((const __m256i *)(dst + i)), b = _mm256_loadu_si256((const __m256i *)(dst + i + 8));
        _mm256_storeu_si256((__m256i *)(dst + i), over_eight(a, source, inverse));
        _mm256_storeu_si256((__m256i *)(dst + i + 8), over_eight(b, source, inverse));
    }
    if (i + 8 <= count) {
        _mm256_storeu_si256((__m256i *)(dst + i), over_eight(_mm256_loadu_si256((const __m256i *)(dst + i)), source, inverse));
        i += 8;
    }
    if (i < count) {
        // The last few pixels in one masked step: a pixel at a time, they cost a third of a
        // turned tile's fill (one such tail per row).
        __m256i mask = _mm256_cmpgt_epi32(_mm256_set1_epi32(count - i), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
        __m256i d = _mm256_maskload_epi32((const int *)(dst + i), mask);
        _mm256_maskstore_epi32((int *)(dst + i), mask, over_eight(d, source, inverse));
    }
}
#endif

#if defined(__SSE2__)
static void solid_over_sse2(uint32_t *dst, int count, uint32_t color) {
    __m128i zero = _mm_setzero_si128();
    __m128i source = _mm_unpacklo_epi8(_mm_set1_epi32((int)color), zero);
    __m128i inverse = _mm_set1_epi16((short)(255 - (color >> 24)));
    int i = 0;
    for (; i + 4 <= count; i += 4) {
        __m128i d = _mm_loadu_si128((const __m128i *)(dst + i));
        __m128i lo = lamina_div255_epi16(_mm_mullo_epi16(_mm_unpacklo_epi8(d, zero), inverse));
        __m128i hi = lamina_div255_epi16(_mm_mullo_epi16(_mm_unpackhi_epi8(d, zero), inverse));
        _mm_storeu_si128((__m128i *)(dst + i), _mm_packus_epi16(_mm_add_epi16(lo, source), _mm_add_epi16(hi, source)));
    }
    for (; i < count; i++) dst[i] = lamina_over(color, dst[i]);
}
#endif

void lamina_solid_over(uint32_t *dst, int count, uint32_t color) {
    uint32_t alpha = color >> 24;
    if (count <= 0 || color == 0) return;
    if (alpha == 255) {
        for (int i = 0; i < count; i++) dst[i] = color;
        return;
    }
#if defined(__x86_64__)
    if (__builtin_cpu_supports("avx2")) { solid_over_avx2(dst, count, color); return; }
#endif
#if defined(__SSE2__)
    solid_over_sse2(dst, count, color);
#else
    for (int i = 0; i < count; i++) dst[i] = lamina_over(color, dst[i]);
#endif
}
