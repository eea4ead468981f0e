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

#endif
