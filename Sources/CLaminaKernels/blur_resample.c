// The two ends of a wide blur (Core Image's gaussian on a reduced copy): block means down, and
// the bilinear mix of widened rows back up. Both run over every pixel of the blurred
// region, the box passes between them only over a sixteenth to a sixty-fourth of it, so these
// two are the blur's cost. SSE2 (x86-64's baseline): the channels of two or four pixels in
// 16-bit lanes; elsewhere, and at the edges, one pixel at a time with the same rounding.
#include "lamina_kernels.h"
#if defined(__x86_64__)
#include <immintrin.h>
#elif defined(__SSE2__)
#include <emmintrin.h>
#endif

/// The mean of the block [x0, x1) × [y0, y1) of `src`, each channel rounded half up.
static uint32_t block_mean(const uint32_t *src, int width, int x0, int y0, int x1, int y1) {
    uint32_t rb = 0, ag = 0;
    for (int y = y0; y < y1; y++) {
        const uint32_t *row = src + (long)y * width;
        for (int x = x0; x < x1; x++) {
            rb += row[x] & 0x00ff00ff;
            ag += (row[x] >> 8) & 0x00ff00ff;
        }
    }
    const uint32_t count = (uint32_t)((x1 - x0) * (y1 - y0)), half = count / 2;
    const uint32_t blue = ((rb & 0xffff) + half) / count, red = ((rb >> 16) + half) / count;
    const uint32_t green = ((ag & 0xffff) + half) / count, alpha = ((ag >> 16) + half) / count;
    return blue | (green << 8) | (red << 16) | (alpha << 24);
}

#if defined(__SSE2__)
/// The mean of a whole `factor`×`factor` block at `p` (factor 2, 4 or 8: a constant where it is
/// inlined, so the loops unroll). The sums stay in 16-bit lanes: at most 64 · 255.
__attribute__((always_inline))
static inline uint32_t whole_block_mean(const uint32_t *p, long width, int factor, int shift) {
    const __m128i zero = _mm_setzero_si128();
    __m128i sum = zero;                       // two pixels' channels, the block's left and right halves
    for (int y = 0; y < factor; y++, p += width) {
        if (factor == 2) {
            sum = _mm_add_epi16(sum, _mm_unpacklo_epi8(_mm_loadl_epi64((const __m128i *)p), zero));
        } else {
            for (int k = 0; k < factor; k += 4) {
                const __m128i v = _mm_loadu_si128((const __m128i *)(p + k));
                sum = _mm_add_epi16(sum, _mm_add_epi16(_mm_unpacklo_epi8(v, zero), _mm_unpackhi_epi8(v, zero)));
            }
        }
    }
    sum = _mm_add_epi16(sum, _mm_srli_si128(sum, 8));
    const __m128i mean = _mm_srli_epi16(_mm_add_epi16(sum, _mm_set1_epi16((short)(factor * factor / 2))), shift);
    return (uint32_t)_mm_cvtsi128_si32(_mm_packus_epi16(mean, zero));
}

__attribute__((always_inline))
static inline void whole_blocks(const uint32_t *src, int width, int factor, int shift, int block_rows, int block_columns,
                                uint32_t *dst, int dst_width) {
    for (int by = 0; by < block_rows; by++) {
        const uint32_t *row = src + (long)by * factor * width;
        uint32_t *out = dst + (long)by * dst_width;
        for (int bx = 0; bx < block_columns; bx++) out[bx] = whole_block_mean(row + bx * factor, width, factor, shift);
    }
}
#endif

void lamina_blur_reduce(const uint32_t *src, int width, int height, int factor, uint32_t *dst) {
    if (width <= 0 || height <= 0 || factor < 1 || factor > 8) return;
    const int w = (width + factor - 1) / factor, h = (height + factor - 1) / factor;
    int whole_rows = 0, whole_columns = 0;
#if defined(__SSE2__)
    whole_rows = height / factor;
    whole_columns = width / factor;
    switch (factor) {
    case 2: whole_blocks(src, width, 2, 2, whole_rows, whole_columns, dst, w); break;
    case 4: whole_blocks(src, width, 4, 4, whole_rows, whole_columns, dst, w); break;
    case 8: whole_blocks(src, width, 8, 6, whole_rows, whole_columns, dst, w); break;
    default: whole_rows = whole_columns = 0;
    }
#endif
    // What the whole blocks left: the partial column at the right, the partial row at the bottom.
    for (int by = 0; by < h; by++) {
        const int y0 = by * factor, y1 = y0 + factor < height ? y0 + factor : height;
        for (int bx = by < whole_rows ? whole_columns : 0; bx < w; bx++) {
            const int x0 = bx * factor, x1 = x0 + factor < width ? x0 + factor : width;
            dst[(long)by * w + bx] = block_mean(src, width, x0, y0, x1, y1);
        }
    }
}

#if defined(__x86_64__)
/// Eight pixels a step: the SSE2 loop's arithmetic in both 128-bit halves (unpacks and packs
/// stay within each half, so the pixels keep their order).
__attribute__((target("avx2")))
static int mix_rows_avx2(uint32_t *out, const uint32_t *top, const uint32_t *bottom, int count, uint32_t f) {
    const __m256i zero = _mm256_setzero_si256(), bias = _mm256_set1_epi16(128);
    const __m256i wp = _mm256_set1_epi16((short)(256 - f)), wq = _mm256_set1_epi16((short)f);
    int x = 0;
    for (; x + 8 <= count; x += 8) {
        const __m256i p = _mm256_loadu_si256((const __m256i *)(top + x)), q = _mm256_loadu_si256((const __m256i *)(bottom + x));
        const __m256i lo = _mm256_add_epi16(_mm256_add_epi16(_mm256_mullo_epi16(_mm256_unpacklo_epi8(p, zero), wp),
                                                             _mm256_mullo_epi16(_mm256_unpacklo_epi8(q, zero), wq)), bias);
        const __m256i hi = _mm256_add_epi16(_mm256_add_epi16(_mm256_mullo_epi16(_mm256_unpackhi_epi8(p, zero), wp),
                                                             _mm256_mullo_epi16(_mm256_unpackhi_epi8(q, zero), wq)), bias);
        _mm256_storeu_si256((__m256i *)(out + x), _mm256_packus_epi16(_mm256_srli_epi16(lo, 8), _mm256_srli_epi16(hi, 8)));
    }
    return x;
}
#endif

unsigned lamina_blur_features(void) {
    unsigned features = 0;
#if defined(__x86_64__)
    if (__builtin_cpu_supports("avx2")) features |= LAMINA_KERNEL_AVX2;
    if (__builtin_cpu_supports("sse4.1")) features |= LAMINA_KERNEL_SSE41;
#endif
    return features;
}

void lamina_blur_mix_rows_with(uint32_t *out, const uint32_t *top, const uint32_t *bottom, int count, uint32_t weight,
                               unsigned features) {
    const uint32_t f = weight > 256 ? 256 : weight;
    int x = 0;
#if defined(__x86_64__)
    if (features & lamina_blur_features() & LAMINA_KERNEL_AVX2) x = mix_rows_avx2(out, top, bottom, count, f);
#else
    (void)features;
#endif
#if defined(__SSE2__)
    // p·(256 − f) + q·f is at most 255 · 256: the sum of the two 16-bit products never wraps.
    const __m128i zero = _mm_setzero_si128(), bias = _mm_set1_epi16(128);
    const __m128i wp = _mm_set1_epi16((short)(256 - f)), wq = _mm_set1_epi16((short)f);
    for (; x + 4 <= count; x += 4) {
        const __m128i p = _mm_loadu_si128((const __m128i *)(top + x)), q = _mm_loadu_si128((const __m128i *)(bottom + x));
        const __m128i lo = _mm_add_epi16(_mm_add_epi16(_mm_mullo_epi16(_mm_unpacklo_epi8(p, zero), wp),
                                                       _mm_mullo_epi16(_mm_unpacklo_epi8(q, zero), wq)), bias);
        const __m128i hi = _mm_add_epi16(_mm_add_epi16(_mm_mullo_epi16(_mm_unpackhi_epi8(p, zero), wp),
                                                       _mm_mullo_epi16(_mm_unpackhi_epi8(q, zero), wq)), bias);
        _mm_storeu_si128((__m128i *)(out + x), _mm_packus_epi16(_mm_srli_epi16(lo, 8), _mm_srli_epi16(hi, 8)));
    }
#endif
    for (; x < count; x++) out[x] = lamina_blur_mix(top[x], bottom[x], f);
}

void lamina_blur_widen_row(uint32_t *out, const uint32_t *line, const lamina_blur_column *columns, int count) {
    int x = 0;
#if defined(__SSE2__)
    // Four columns a step: their samples gathered, each one's weight spread over its four lanes.
    const __m128i zero = _mm_setzero_si128(), bias = _mm_set1_epi16(128), whole = _mm_set1_epi16(256), most = _mm_set1_epi32(256);
    for (; x + 4 <= count; x += 4) {
        const lamina_blur_column *c = columns + x;
        const __m128i p = _mm_setr_epi32((int)line[c[0].left], (int)line[c[1].left], (int)line[c[2].left], (int)line[c[3].left]);
        const __m128i q = _mm_setr_epi32((int)line[c[0].right], (int)line[c[1].right], (int)line[c[2].right], (int)line[c[3].right]);
        __m128i w = _mm_setr_epi32((int)c[0].weight, (int)c[1].weight, (int)c[2].weight, (int)c[3].weight);
        // min(w, 256) on unsigned words without SSE4.1: a weight over 256 compares greater.
        const __m128i over = _mm_cmpgt_epi32(w, most);
        w = _mm_or_si128(_mm_and_si128(over, most), _mm_andnot_si128(over, w));
        w = _mm_packs_epi32(w, w);
        w = _mm_unpacklo_epi16(w, w);
        const __m128i wq_lo = _mm_unpacklo_epi32(w, w), wq_hi = _mm_unpackhi_epi32(w, w);
        const __m128i lo = _mm_add_epi16(_mm_add_epi16(_mm_mullo_epi16(_mm_unpacklo_epi8(p, zero), _mm_sub_epi16(whole, wq_lo)),
                                                       _mm_mullo_epi16(_mm_unpacklo_epi8(q, zero), wq_lo)), bias);
        const __m128i hi = _mm_add_epi16(_mm_add_epi16(_mm_mullo_epi16(_mm_unpackhi_epi8(p, zero), _mm_sub_epi16(whole, wq_hi)),
                                                       _mm_mullo_epi16(_mm_unpackhi_epi8(q, zero), wq_hi)), bias);
        _mm_storeu_si128((__m128i *)(out + x), _mm_packus_epi16(_mm_srli_epi16(lo, 8), _mm_srli_epi16(hi, 8)));
    }
#endif
    for (; x < count; x++) {
        const uint32_t f = columns[x].weight > 256 ? 256 : columns[x].weight;
        out[x] = lamina_blur_mix(line[columns[x].left], line[columns[x].right], f);
    }
}
