// Channel arithmetic shared by the kernels (internal). Colors are premultiplied ARGB32 words.
#ifndef LAMINA_PIXEL_MATH_H
#define LAMINA_PIXEL_MATH_H

#include <stdint.h>
#if defined(__SSE2__)
#include <emmintrin.h>

/// x / 255, rounded, on 16-bit lanes holding products of two 8-bit values.
static inline __m128i lamina_div255_epi16(__m128i x) {
    x = _mm_add_epi16(x, _mm_set1_epi16(128));
    return _mm_srli_epi16(_mm_add_epi16(x, _mm_srli_epi16(x, 8)), 8);
}

/// The 2×2 texels at `row` blended with 7-bit weights dx, dy (as pixman weighs them), as
/// 4 × 16-bit lanes: the sampling kernels' one bilinear step (affine, sprite).
static inline __m128i lamina_bilinear_lanes(const uint32_t *row, int stride, int dx, int dy) {
    __m128i zero = _mm_setzero_si128();
    __m128i top = _mm_unpacklo_epi8(_mm_loadl_epi64((const __m128i *)row), zero);             // tl | tr
    __m128i bottom = _mm_unpacklo_epi8(_mm_loadl_epi64((const __m128i *)(row + stride)), zero); // bl | br
    __m128i vertical = _mm_add_epi16(_mm_mullo_epi16(top, _mm_set1_epi16((short)(128 - dy))),
                                     _mm_mullo_epi16(bottom, _mm_set1_epi16((short)dy)));
    // Pair each left channel with its right one; madd weighs and adds them in 32 bits.
    __m128i pairs = _mm_unpacklo_epi16(vertical, _mm_srli_si128(vertical, 8));
    __m128i sum = _mm_madd_epi16(pairs, _mm_set1_epi32((dx << 16) | (128 - dx)));
    sum = _mm_srli_epi32(_mm_add_epi32(sum, _mm_set1_epi32(1 << 13)), 14);
    return _mm_packs_epi32(sum, zero);
}
#else
/// The blend of the 2×2 texels at `row` with 7-bit weights dx, dy (as pixman weighs them), one
/// channel at a time: `lamina_bilinear_lanes` where there is no SSE2.
static inline uint32_t lamina_bilinear(const uint32_t *row, int stride, int dx, int dy) {
    uint32_t result = 0;
    for (int k = 0; k < 32; k += 8) {
        uint32_t tl = (row[0] >> k) & 0xff, tr = (row[1] >> k) & 0xff;
        uint32_t bl = (row[stride] >> k) & 0xff, br = (row[stride + 1] >> k) & 0xff;
        uint32_t top = tl * (128 - dx) + tr * dx, bottom = bl * (128 - dx) + br * dx;
        result |= ((top * (128 - dy) + bottom * dy + (1 << 13)) >> 14) << k;
    }
    return result;
}
#endif

/// Each 8-bit channel of x times a / 255, rounded exactly as the 16-bit lanes round it.
static inline uint32_t lamina_scale_channels(uint32_t x, uint32_t a) {
    uint32_t rb = (x & 0x00ff00ff) * a + 0x00800080;
    rb = ((rb + ((rb >> 8) & 0x00ff00ff)) >> 8) & 0x00ff00ff;
    uint32_t ag = ((x >> 8) & 0x00ff00ff) * a + 0x00800080;
    ag = (ag + ((ag >> 8) & 0x00ff00ff)) & 0xff00ff00;
    return rb | ag;
}

/// Each 8-bit channel of x times the same channel of `tint` / 255 (a per-channel fade: a
/// replicator instance's color, a particle's), rounded as `lamina_scale_channels` rounds.
static inline uint32_t lamina_multiply_channels(uint32_t x, uint32_t tint) {
    uint32_t result = 0;
    for (int k = 0; k < 32; k += 8) {
        uint32_t v = ((x >> k) & 0xff) * ((tint >> k) & 0xff) + 0x80;
        result |= (((v + (v >> 8)) >> 8) & 0xff) << k;
    }
    return result;
}

/// `color` + `under`, each channel saturating at 255 (additive blending; the sum of two
/// premultiplied colors stays premultiplied).
static inline uint32_t lamina_add(uint32_t color, uint32_t under) {
    uint32_t result = 0;
    for (int k = 0; k < 32; k += 8) {
        uint32_t v = ((color >> k) & 0xff) + ((under >> k) & 0xff);
        result |= (v > 255 ? 255 : v) << k;
    }
    return result;
}

/// `color` OVER `under`: color + under × (255 − color's alpha) / 255.
static inline uint32_t lamina_over(uint32_t color, uint32_t under) {
    uint32_t sa = color >> 24;
    return sa == 255 ? color : color + lamina_scale_channels(under, 255 - sa);
}

#if defined(__x86_64__)
#include <immintrin.h>

/// Premultiplied colors (16-bit lanes, each pixel's four channels; `lo` and `hi` hold the
/// pixels that in-lane unpacks of `d` put there), with `faded` multiplied by `fade`, blended
/// OVER `d` and packed back to bytes as `lamina_over` and the SSE2 lanes do it: x / 255
/// rounded as `lamina_div255_epi16` rounds it, in one multiply ((w·257) >> 16, w = x + 128).
__attribute__((target("avx2")))
static inline __m256i lamina_faded_over_avx2(__m256i lo, __m256i hi, __m256i fade, int faded, __m256i d) {
    const __m256i zero = _mm256_setzero_si256(), bias = _mm256_set1_epi16(128), by257 = _mm256_set1_epi16(257);
    if (faded) {
        lo = _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16(lo, fade), bias), by257);
        hi = _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16(hi, fade), bias), by257);
    }
    const __m256i alphas = _mm256_setr_epi8(6, 7, 6, 7, 6, 7, 6, 7, 14, 15, 14, 15, 14, 15, 14, 15,
                                            6, 7, 6, 7, 6, 7, 6, 7, 14, 15, 14, 15, 14, 15, 14, 15);
    const __m256i full = _mm256_set1_epi16(255);
    const __m256i under_lo = _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16(_mm256_unpacklo_epi8(d, zero),
                                                _mm256_sub_epi16(full, _mm256_shuffle_epi8(lo, alphas))), bias), by257);
    const __m256i under_hi = _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16(_mm256_unpackhi_epi8(d, zero),
                                                _mm256_sub_epi16(full, _mm256_shuffle_epi8(hi, alphas))), bias), by257);
    return _mm256_packus_epi16(_mm256_add_epi16(lo, under_lo), _mm256_add_epi16(hi, under_hi));
}
#endif

#endif
