// Running-sum box passes over premultiplied pixels (Core Image's box blur, and the gaussian's
// three passes each way): each pixel the mean of the 2r+1 pixels around it along a row or a
// column, transparent outside; and the disc blur, from each row's running sums. A pass costs the same at any radius, so at small radii — a
// gaussian under σ 5 runs them over the whole region — they are the blur's cost. Each
// channel's sum in a 32-bit lane; the mean as (sum · ⌊2²⁴ / (2r+1)⌋ + 2²³) >> 24, which never
// leaves 32 bits (sum ≤ (2r+1) · 255). With SSE4.1 (its 32-bit multiply; checked at run time)
// a pixel's four channels a step along a row, four pixels a step across the columns; else one
// channel at a time, the same arithmetic.
#include "lamina_kernels.h"
#include <math.h>
#if defined(__x86_64__)
#include <immintrin.h>
#elif defined(__SSE2__)
#include <emmintrin.h>
#endif

/// Radii are clamped here, far before 2r + 1 could overflow an int. Such a window is wider than
/// any image a filter takes (16384 pixels), so its means are below 3 levels, clamped or not.
#define LAMINA_BOX_RADIUS_MAX (1 << 20)

static inline uint32_t mean_scalar(const uint32_t sum[4], uint32_t inverse) {
    uint32_t p = 0;
    for (int k = 0; k < 4; k++) p |= ((sum[k] * inverse + (1u << 23)) >> 24) << (8 * k);
    return p;
}

static inline void add_scalar(uint32_t sum[4], uint32_t p) {
    for (int k = 0; k < 4; k++) sum[k] += (p >> (8 * k)) & 0xff;
}

static inline void sub_scalar(uint32_t sum[4], uint32_t p) {
    for (int k = 0; k < 4; k++) sum[k] -= (p >> (8 * k)) & 0xff;
}

static void row_scalar(uint32_t *row, uint32_t *scratch, int count, int radius, uint32_t inverse) {
    uint32_t sum[4] = {0, 0, 0, 0};
    for (int i = 0; i < radius && i < count; i++) add_scalar(sum, row[i]);
    for (int i = 0; i < count; i++) {
        if (i + radius < count) add_scalar(sum, row[i + radius]);
        if (i - radius - 1 >= 0) sub_scalar(sum, row[i - radius - 1]);
        scratch[i] = mean_scalar(sum, inverse);
    }
    for (int i = 0; i < count; i++) row[i] = scratch[i];
}

#if defined(__x86_64__)
__attribute__((target("sse4.1")))
static inline __m128i widen(uint32_t p) {
    return _mm_cvtepu8_epi32(_mm_cvtsi32_si128((int)p));
}

__attribute__((target("sse4.1")))
static inline uint32_t mean_wide(__m128i sum, __m128i inverse, __m128i half) {
    const __m128i m = _mm_srli_epi32(_mm_add_epi32(_mm_mullo_epi32(sum, inverse), half), 24);
    return (uint32_t)_mm_cvtsi128_si32(_mm_packus_epi16(_mm_packus_epi32(m, m), _mm_setzero_si128()));
}

__attribute__((target("sse4.1")))
static void row_wide(uint32_t *row, uint32_t *scratch, int count, int radius, uint32_t inverse) {
    const __m128i inv = _mm_set1_epi32((int)inverse), half = _mm_set1_epi32(1 << 23);
    __m128i sum = _mm_setzero_si128();
    for (int i = 0; i < radius && i < count; i++) sum = _mm_add_epi32(sum, widen(row[i]));
    int i = 0;
    // The window's two ends inside the row: no tests.
    const int first_full = radius + 1 < count ? radius + 1 : count;
    for (; i < first_full; i++) {
        if (i + radius < count) sum = _mm_add_epi32(sum, widen(row[i + radius]));
        if (i - radius - 1 >= 0) sum = _mm_sub_epi32(sum, widen(row[i - radius - 1]));
        scratch[i] = mean_wide(sum, inv, half);
    }
    for (; i + radius < count; i++) {
        sum = _mm_sub_epi32(_mm_add_epi32(sum, widen(row[i + radius])), widen(row[i - radius - 1]));
        scratch[i] = mean_wide(sum, inv, half);
    }
    for (; i < count; i++) {
        sum = _mm_sub_epi32(sum, widen(row[i - radius - 1]));
        scratch[i] = mean_wide(sum, inv, half);
    }
    for (int k = 0; k < count; k++) row[k] = scratch[k];
}

/// Adds (sign 1) or takes away (sign −1) four pixels' channels to their columns' sums.
__attribute__((target("sse4.1"), always_inline))
static inline void columns_add4(__m128i *sums, const uint32_t *pixels, int sign) {
    const __m128i v = _mm_loadu_si128((const __m128i *)pixels), zero = _mm_setzero_si128();
    const __m128i lo = _mm_unpacklo_epi8(v, zero), hi = _mm_unpackhi_epi8(v, zero);
    const __m128i c[4] = {_mm_unpacklo_epi16(lo, zero), _mm_unpackhi_epi16(lo, zero), _mm_unpacklo_epi16(hi, zero),
                          _mm_unpackhi_epi16(hi, zero)};
    for (int k = 0; k < 4; k++) sums[k] = sign > 0 ? _mm_add_epi32(sums[k], c[k]) : _mm_sub_epi32(sums[k], c[k]);
}

/// `columns_step` four pixels a step: returns how many pixels it did.
__attribute__((target("sse4.1")))
static int columns_step_wide(uint32_t *sums, const uint32_t *in, const uint32_t *out, uint32_t *target, int width,
                             uint32_t inverse) {
    const __m128i inv = _mm_set1_epi32((int)inverse), half = _mm_set1_epi32(1 << 23);
    int x = 0;
    for (; x + 4 <= width; x += 4) {
        __m128i s[4];
        for (int k = 0; k < 4; k++) s[k] = _mm_loadu_si128((const __m128i *)(sums + 4 * (x + k)));
        if (in) columns_add4(s, in + x, 1);
        if (out) columns_add4(s, out + x, -1);
        for (int k = 0; k < 4; k++) _mm_storeu_si128((__m128i *)(sums + 4 * (x + k)), s[k]);
        if (target) {
            __m128i m[4];
            for (int k = 0; k < 4; k++) m[k] = _mm_srli_epi32(_mm_add_epi32(_mm_mullo_epi32(s[k], inv), half), 24);
            _mm_storeu_si128((__m128i *)(target + x), _mm_packus_epi16(_mm_packus_epi32(m[0], m[1]), _mm_packus_epi32(m[2], m[3])));
        }
    }
    return x;
}
#endif

void lamina_box_blur_rows_with(uint32_t *pixels, int width, int height, int radius, uint32_t *scratch, unsigned features) {
    if (width <= 0 || height <= 0 || radius <= 0) return;
    if (radius > LAMINA_BOX_RADIUS_MAX) radius = LAMINA_BOX_RADIUS_MAX;
    const uint32_t inverse = (1u << 24) / (uint32_t)(2 * radius + 1);
#if defined(__x86_64__)
    if (features & lamina_blur_features() & LAMINA_KERNEL_SSE41) {
        for (int y = 0; y < height; y++) row_wide(pixels + (long)y * width, scratch, width, radius, inverse);
        return;
    }
#else
    (void)features;
#endif
    for (int y = 0; y < height; y++) row_scalar(pixels + (long)y * width, scratch, width, radius, inverse);
}

/// One row of the column pass: `in` added to the sums, `out` taken away, and the means written
/// to `target` (each may be NULL).
static void columns_step(uint32_t *sums, const uint32_t *in, const uint32_t *out, uint32_t *target, int width,
                         uint32_t inverse, int wide) {
    int x = 0;
#if defined(__x86_64__)
    if (wide) x = columns_step_wide(sums, in, out, target, width, inverse);
#else
    (void)wide;
#endif
    for (; x < width; x++) {
        if (in) add_scalar(sums + 4 * x, in[x]);
        if (out) sub_scalar(sums + 4 * x, out[x]);
        if (target) target[x] = mean_scalar(sums + 4 * x, inverse);
    }
}

void lamina_box_blur_columns_with(uint32_t *pixels, int width, int height, int radius, uint32_t *sums, uint32_t *ring,
                                  unsigned features) {
    if (width <= 0 || height <= 0 || radius <= 0) return;
    if (radius > LAMINA_BOX_RADIUS_MAX) radius = LAMINA_BOX_RADIUS_MAX;
    const uint32_t inverse = (1u << 24) / (uint32_t)(2 * radius + 1);
    // The source rows the window still needs once they are written over: a ring of 2r+2 rows.
    const int ring_rows = 2 * radius + 2 < height + 1 ? 2 * radius + 2 : height + 1;
#if defined(__x86_64__)
    const int wide = (features & lamina_blur_features() & LAMINA_KERNEL_SSE41) != 0;
#else
    const int wide = 0;
    (void)features;
#endif
    for (int k = 0; k < 4 * width; k++) sums[k] = 0;
    for (int y = 0; y < radius && y < height; y++) {
        const uint32_t *in = pixels + (long)y * width;
        uint32_t *saved = ring + (long)(y % ring_rows) * width;
        for (int x = 0; x < width; x++) saved[x] = in[x];
        columns_step(sums, in, 0, 0, width, inverse, wide);
    }
    for (int y = 0; y < height; y++) {
        // Row y + r comes in (kept in the ring first: it is written over later), row y − r − 1
        // goes out (from the ring), and row y is written.
        const int incoming = y + radius, outgoing = y - radius - 1;
        const uint32_t *in = incoming < height ? pixels + (long)incoming * width : 0;
        if (in) {
            uint32_t *saved = ring + (long)(incoming % ring_rows) * width;
            for (int x = 0; x < width; x++) saved[x] = in[x];
        }
        const uint32_t *out = outgoing >= 0 ? ring + (long)(outgoing % ring_rows) * width : 0;
        columns_step(sums, in, out, pixels + (long)y * width, width, inverse, wide);
    }
}

void lamina_disc_blur(const uint32_t *src, uint32_t *dst, int width, int height, int radius, uint32_t *prefix, uint32_t *sums) {
    if (width <= 0 || height <= 0 || radius <= 0) return;
    if (radius > LAMINA_DISC_RADIUS_MAX) radius = LAMINA_DISC_RADIUS_MAX;
    const long stride = 4L * (width + 1);
    // Each row's running sums: prefix[y][x] is the sum of the row's first x pixels.
    for (int y = 0; y < height; y++) {
        uint32_t *p = prefix + y * stride, acc[4] = {0, 0, 0, 0};
        const uint32_t *row = src + (long)y * width;
        for (int k = 0; k < 4; k++) p[k] = 0;
        for (int x = 0; x < width; x++) {
            add_scalar(acc, row[x]);
            for (int k = 0; k < 4; k++) p[4 * (x + 1) + k] = acc[k];
        }
    }
    // The disc's rows: half widths ⌊√(r² − dy²)⌋, worked out once; its area in pixels.
    int halves[2 * LAMINA_DISC_RADIUS_MAX + 1];
    long area = 0;
    for (int dy = -radius; dy <= radius; dy++) {
        halves[dy + radius] = (int)sqrt((double)radius * radius - (double)dy * dy);
        area += 2 * halves[dy + radius] + 1;
    }
    const float inverse = 1.0f / (float)area;
    for (int y = 0; y < height; y++) {
        for (long k = 0; k < 4L * width; k++) sums[k] = 0;
        for (int dy = -radius; dy <= radius; dy++) {
            const int yy = y + dy;
            if (yy < 0 || yy >= height) continue;
            const int half = halves[dy + radius];
            const uint32_t *p = prefix + yy * stride;
            // sums[x] += p[min(x + half + 1, w)] − p[max(x − half, 0)], the clamps only near the ends.
            const int lo = half < width ? half : width, hi = width - half - 1 > lo ? width - half - 1 : lo;
            int x = 0;
            for (; x < lo && x < width; x++) {
                const int x1 = x + half + 1 < width ? x + half + 1 : width;
                for (int c = 0; c < 4; c++) sums[4 * x + c] += p[4 * x1 + c] - p[c];
            }
#if defined(__SSE2__)
            for (; x < hi; x++) {
                const __m128i s = _mm_loadu_si128((const __m128i *)(sums + 4 * x));
                const __m128i a = _mm_loadu_si128((const __m128i *)(p + 4 * (x + half + 1)));
                const __m128i b = _mm_loadu_si128((const __m128i *)(p + 4 * (x - half)));
                _mm_storeu_si128((__m128i *)(sums + 4 * x), _mm_add_epi32(s, _mm_sub_epi32(a, b)));
            }
#else
            (void)hi;                   // the loop below takes the middle too
#endif
            for (; x < width; x++) {
                const int x0 = x - half > 0 ? x - half : 0, x1 = x + half + 1 < width ? x + half + 1 : width;
                for (int c = 0; c < 4; c++) sums[4 * x + c] += p[4 * x1 + c] - p[4 * x0 + c];
            }
        }
        uint32_t *out = dst + (long)y * width;
        for (int x = 0; x < width; x++) {
            uint32_t v = 0;
            // Rounded half away from zero (the sums are never negative).
            for (int c = 0; c < 4; c++) v |= (uint32_t)roundf((float)sums[4 * x + c] * inverse) << (8 * c);
            out[x] = v;
        }
    }
}
