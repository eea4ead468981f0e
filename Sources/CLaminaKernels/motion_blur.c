// Core Image's motion blur: each pixel the mean of 2r+1 bilinear samples a pixel apart along a
// line through it. A sample's whole offset and its four weights are the same for every pixel, so
// each sample adds a shifted bilinear mix of two rows to a row of sums: with SSE2 two pixels a
// step, each channel's left and right samples side by side in 16-bit lanes (`_mm_madd_epi16`).
#include "lamina_kernels.h"
#include <math.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

void lamina_motion_blur(const uint32_t *src, uint32_t *dst, int width, int height, int radius, double dx, double dy,
                        uint32_t *padded, uint32_t *sums) {
    if (width <= 0 || height <= 0 || radius <= 0) return;
    if (radius > LAMINA_MOTION_RADIUS_MAX) radius = LAMINA_MOTION_RADIUS_MAX;
    // The image inside a transparent margin that every sample stays within: no bounds tests.
    const int margin = radius + 2, pw = width + 2 * margin, ph = height + 2 * margin;
    for (long k = 0; k < (long)pw * ph; k++) padded[k] = 0;
    for (int y = 0; y < height; y++) {
        uint32_t *row = padded + (long)(y + margin) * pw + margin;
        for (int x = 0; x < width; x++) row[x] = src[(long)y * width + x];
    }
    // Sample t lands at (x + t·dx, y + t·dy): the same whole offsets and the same fractions for
    // every pixel, so each sample adds a bilinear mix of two rows, shifted, to a row of sums.
    // Weights in 1/64 a side, their products (at most 4096) multiplied in 16-bit lanes: a sum of
    // 2049 samples (radius 1024) of 255 · 4096 stays within 32 bits.
    const double scale = 1.0 / (4096.0 * (2 * radius + 1));
    // Each sample's whole offset and weights, worked out once for all rows.
    struct sample { int ix, iy, w00, w01, w10, w11; } samples[2 * LAMINA_MOTION_RADIUS_MAX + 1];
    for (int t = -radius; t <= radius; t++) {
        const double sx = t * dx, sy = t * dy;
        const int ix = (int)floor(sx), iy = (int)floor(sy);
        const int wx = (int)lround((sx - ix) * 64), wy = (int)lround((sy - iy) * 64);
        samples[t + radius] = (struct sample){ix, iy, (64 - wx) * (64 - wy), wx * (64 - wy), (64 - wx) * wy, wx * wy};
    }
    for (int y = 0; y < height; y++) {
        for (long k = 0; k < 4L * width; k++) sums[k] = 0;
        for (int t = 0; t <= 2 * radius; t++) {
            const int w00 = samples[t].w00, w01 = samples[t].w01, w10 = samples[t].w10, w11 = samples[t].w11;
            const uint32_t *top = padded + (long)(y + samples[t].iy + margin) * pw + margin + samples[t].ix, *bottom = top + pw;
            int x = 0;
#if defined(__SSE2__)
            const __m128i zero = _mm_setzero_si128();
            const __m128i upper = _mm_set1_epi32((int)((uint32_t)(uint16_t)w01 << 16 | (uint16_t)w00));
            const __m128i lower = _mm_set1_epi32((int)((uint32_t)(uint16_t)w11 << 16 | (uint16_t)w10));
            for (; x + 2 <= width; x += 2) {
                // Two pixels' channels, each channel's left and right samples side by side.
                const __m128i a = _mm_unpacklo_epi8(_mm_loadl_epi64((const __m128i *)(top + x)), zero);
                const __m128i b = _mm_unpacklo_epi8(_mm_loadl_epi64((const __m128i *)(top + x + 1)), zero);
                const __m128i c = _mm_unpacklo_epi8(_mm_loadl_epi64((const __m128i *)(bottom + x)), zero);
                const __m128i d = _mm_unpacklo_epi8(_mm_loadl_epi64((const __m128i *)(bottom + x + 1)), zero);
                const __m128i first = _mm_add_epi32(_mm_madd_epi16(_mm_unpacklo_epi16(a, b), upper),
                                                    _mm_madd_epi16(_mm_unpacklo_epi16(c, d), lower));
                const __m128i second = _mm_add_epi32(_mm_madd_epi16(_mm_unpackhi_epi16(a, b), upper),
                                                     _mm_madd_epi16(_mm_unpackhi_epi16(c, d), lower));
                __m128i *s = (__m128i *)(sums + 4 * x);
                _mm_storeu_si128(s, _mm_add_epi32(_mm_loadu_si128(s), first));
                _mm_storeu_si128(s + 1, _mm_add_epi32(_mm_loadu_si128(s + 1), second));
            }
#endif
            for (; x < width; x++) {
                for (int c = 0; c < 4; c++) {
                    const int shift = 8 * c;
                    sums[4 * x + c] += (uint32_t)(w00 * (int)((top[x] >> shift) & 0xff) + w01 * (int)((top[x + 1] >> shift) & 0xff)
                                                  + w10 * (int)((bottom[x] >> shift) & 0xff) + w11 * (int)((bottom[x + 1] >> shift) & 0xff));
                }
            }
        }
        uint32_t *out = dst + (long)y * width;
        for (int x = 0; x < width; x++) {
            uint32_t v = 0;
            for (int c = 0; c < 4; c++) v |= (uint32_t)((double)sums[4 * x + c] * scale + 0.5) << (8 * c);
            out[x] = v;
        }
    }
}
