// Affine bilinear OVER. Each row is split into the part that samples only the texture's flat
// rectangles (filled with one color, no texel read) and the rest, sampled texel by texel: with
// SSE2 (every x86-64 has it) in 16-bit lanes, elsewhere with 8-bit channels packed in words. The
// texels are prefetched by the caller, a whole texture ahead (`lamina_texture_prefetch`).
#include "lamina_kernels.h"
#include "pixel_math.h"
#include "row_bounds.h"
#include <math.h>


/// One row's samples, from texel position (u, v) stepping by (du, dv) (all 16.16).
typedef struct {
    int32_t u, v, du, dv;
} lamina_walk;

/// Where samples are clamped (16.16 texel positions): the texture's padding, or the texels
/// wholly inside an aliased side (`lamina_edges`).
typedef struct {
    int32_t umin, vmin, umax, vmax;
} sample_clamp;

/// The clamp of a texture without aliased sides: a sample reads texels floor(u) and floor(u) + 1.
static inline sample_clamp padding_clamp(const lamina_texture *src) {
    sample_clamp c = { 0, 0, (src->width - 2) << 16 | 0xffff, (src->height - 2) << 16 | 0xffff };
    return c;
}

#if defined(__SSE2__)
/// The sample at texel position (u, v) (16.16, clamped inside) as 4 × 16-bit lanes. With
/// `check_flat`, four equal texels are taken as they are (the same result, sooner); that pays
/// where many samples fall inside flat areas, and costs mispredicted branches where few do.
static inline __attribute__((always_inline)) __m128i texel_lanes(const lamina_texture *src, int32_t u, int32_t v,
                                                                 sample_clamp k, __m128i zero, int check_flat) {
    // Rounding may step a hair outside; the outer texels are transparent padding anyway. An
    // aliased side clamps to the last texel wholly inside the drawing.
    int32_t uc = u < k.umin ? k.umin : u > k.umax ? k.umax : u, vc = v < k.vmin ? k.vmin : v > k.vmax ? k.vmax : v;
    int stride = src->stride_pixels;
    const uint32_t *row = src->texels + (vc >> 16) * stride + (uc >> 16);
    uint32_t p = row[0];
    if (check_flat && p == row[1] && p == row[stride] && p == row[stride + 1]) return _mm_unpacklo_epi8(_mm_cvtsi32_si128((int)p), zero);
    return lamina_bilinear_lanes(row, stride, (uc >> 9) & 0x7f, (vc >> 9) & 0x7f);
}

#if defined(__x86_64__)
#include <immintrin.h>

/// Eight pixels [x, x + 8) of a translated span (`translated_run`): the 2×2 texels under each
/// from `top` and `top + stride` with the same 7-bit weights `vertical` (128 − dy, dy as byte
/// pairs; dy = 0 halves them, `doubled` restores it) and `horizontal` (128 − dx, dx as 16-bit
/// pairs), faded and blended as `sample_span` does it, with the same roundings.
__attribute__((target("avx2")))
static inline __m256i translated_eight(const uint32_t *top, int stride, __m256i vertical, __m128i doubled,
                                       __m256i horizontal, __m256i fade, int faded, __m256i d) {
    const __m256i t0 = _mm256_loadu_si256((const __m256i *)top), t1 = _mm256_loadu_si256((const __m256i *)(top + 1));
    const __m256i b0 = _mm256_loadu_si256((const __m256i *)(top + stride));
    const __m256i b1 = _mm256_loadu_si256((const __m256i *)(top + stride + 1));
    // Each channel's top·(128 − dy) + bottom·dy, for the left texels and the right ones; in-lane
    // unpacks put pixels 0, 1, 4, 5 in the low halves and 2, 3, 6, 7 in the high ones, and the
    // packs at the end put them back in order.
    const __m256i left_lo = _mm256_sll_epi16(_mm256_maddubs_epi16(_mm256_unpacklo_epi8(t0, b0), vertical), doubled);
    const __m256i left_hi = _mm256_sll_epi16(_mm256_maddubs_epi16(_mm256_unpackhi_epi8(t0, b0), vertical), doubled);
    const __m256i right_lo = _mm256_sll_epi16(_mm256_maddubs_epi16(_mm256_unpacklo_epi8(t1, b1), vertical), doubled);
    const __m256i right_hi = _mm256_sll_epi16(_mm256_maddubs_epi16(_mm256_unpackhi_epi8(t1, b1), vertical), doubled);
    // left·(128 − dx) + right·dx in 32 bits, rounded back to 8 bits as lamina_bilinear_lanes does.
    const __m256i round = _mm256_set1_epi32(1 << 13);
#define LAMINA_ACROSS(l, r, unpack) _mm256_srli_epi32(_mm256_add_epi32(_mm256_madd_epi16(unpack(l, r), horizontal), round), 14)
    __m256i lo = _mm256_packs_epi32(LAMINA_ACROSS(left_lo, right_lo, _mm256_unpacklo_epi16), LAMINA_ACROSS(left_lo, right_lo, _mm256_unpackhi_epi16));
    __m256i hi = _mm256_packs_epi32(LAMINA_ACROSS(left_hi, right_hi, _mm256_unpacklo_epi16), LAMINA_ACROSS(left_hi, right_hi, _mm256_unpackhi_epi16));
#undef LAMINA_ACROSS
    return lamina_faded_over_avx2(lo, hi, fade, faded, d);
}

/// The longest run of whole steps of eight from pixel 0 of a span whose samples step by exactly
/// one texel along a row and none down it (a translation by fractions of a pixel: a scrolled
/// list's rows), with no sample clamped, drawn in AVX2 lanes: every sample of the run has the
/// same fractions, so its texels are two rows' consecutive words. Returns the pixels it drew,
/// the same values as `sample_span`'s two a step.
__attribute__((target("avx2")))
static int translated_run(uint32_t *out, int count, const lamina_texture *src, lamina_walk w, sample_clamp k, uint32_t tint) {
    if (w.v < k.vmin || w.v > k.vmax || w.u < k.umin || w.u > k.umax) return 0;
    // Pixels whose samples stay within the clamp: u + 65536·i ≤ umax.
    int unclamped = (int)(((int64_t)k.umax - w.u) >> 16) + 1;
    int steps = (count < unclamped ? count : unclamped) / 8;
    if (steps == 0) return 0;
    const int dx = (w.u >> 9) & 0x7f, dy = (w.v >> 9) & 0x7f;
    // 128 − dy does not fit a signed byte when dy is 0: halve both weights and double the sum.
    const int half = dy == 0;
    const __m256i vertical = _mm256_set1_epi16((short)((dy << 8) | ((128 - dy) >> half)));
    const __m128i doubled = _mm_cvtsi32_si128(half);
    const __m256i horizontal = _mm256_set1_epi32((dx << 16) | (128 - dx));
    const __m256i fade = _mm256_unpacklo_epi8(_mm256_set1_epi32((int)tint), _mm256_setzero_si256());
    const int faded = tint != 0xFFFFFFFFu, stride = src->stride_pixels;
    const uint32_t *top = src->texels + (w.v >> 16) * stride + (w.u >> 16);
    for (int i = 0; i < steps * 8; i += 8) {
        const __m256i d = _mm256_loadu_si256((const __m256i *)(out + i));
        _mm256_storeu_si256((__m256i *)(out + i), translated_eight(top + i, stride, vertical, doubled, horizontal, fade, faded, d));
    }
    return steps * 8;
}

/// Two pixels' samples, one per lane (`top`, `bottom`: each lane's pixel's left and right
/// texels of its two texel rows, widened to 16 bits), as lamina_bilinear_lanes weighs them: `vertical`
/// (128 − dy) | dy << 16 and `horizontal` (128 − dx) | dx << 16 of each lane's pixel in all of
/// its 32-bit words.
__attribute__((target("avx2")))
static inline __m256i bilinear_pair(__m256i top, __m256i bottom, __m256i vertical, __m256i horizontal) {
    const __m256i first = _mm256_setr_epi8(0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1);
    const __m256i second = _mm256_setr_epi8(2, 3, 2, 3, 2, 3, 2, 3, 2, 3, 2, 3, 2, 3, 2, 3, 2, 3, 2, 3, 2, 3, 2, 3, 2, 3, 2, 3, 2, 3, 2, 3);
    const __m256i blended = _mm256_add_epi16(_mm256_mullo_epi16(top, _mm256_shuffle_epi8(vertical, first)),
                                             _mm256_mullo_epi16(bottom, _mm256_shuffle_epi8(vertical, second)));
    // Each left channel beside its right one; madd weighs and adds them in 32 bits.
    const __m256i pairs = _mm256_unpacklo_epi16(blended, _mm256_bsrli_epi128(blended, 8));
    return _mm256_srli_epi32(_mm256_add_epi32(_mm256_madd_epi16(pairs, horizontal), _mm256_set1_epi32(1 << 13)), 14);
}

/// Whole steps of eight from pixel 0 of any span (turned, scaled), drawn in AVX2 lanes: each
/// pixel's position clamped, its 2×2 texels gathered (left and right as one 64-bit word per
/// row), weighed and blended as `sample_span` does it two at a time, with the same roundings.
/// Returns the pixels it drew.
__attribute__((target("avx2")))
static int walked_run(uint32_t *out, int count, const lamina_texture *src, lamina_walk w, sample_clamp k, uint32_t tint) {
    const int steps = count / 8;
    if (steps == 0) return 0;
    const __m256i lanes = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7), zero = _mm256_setzero_si256();
    const __m256i du = _mm256_mullo_epi32(lanes, _mm256_set1_epi32(w.du)), dv = _mm256_mullo_epi32(lanes, _mm256_set1_epi32(w.dv));
    const __m256i umin = _mm256_set1_epi32(k.umin), umax = _mm256_set1_epi32(k.umax);
    const __m256i vmin = _mm256_set1_epi32(k.vmin), vmax = _mm256_set1_epi32(k.vmax);
    const __m256i stride = _mm256_set1_epi32(src->stride_pixels), weight = _mm256_set1_epi32(0x7f), full = _mm256_set1_epi32(128);
    const __m256i fade = _mm256_unpacklo_epi8(_mm256_set1_epi32((int)tint), zero);
    const __m256i order = _mm256_setr_epi32(0, 1, 4, 5, 2, 3, 6, 7);
    const int faded = tint != 0xFFFFFFFFu;
    const long long *texels = (const long long *)(const void *)src->texels;
    uint32_t u0 = (uint32_t)w.u, v0 = (uint32_t)w.v;
    for (int i = 0; i < steps * 8; i += 8, u0 += 8 * (uint32_t)w.du, v0 += 8 * (uint32_t)w.dv) {
        __m256i u = _mm256_add_epi32(_mm256_set1_epi32((int)u0), du), v = _mm256_add_epi32(_mm256_set1_epi32((int)v0), dv);
        // texel_lanes' clamp: below the least to it, else above the most to that.
        u = _mm256_blendv_epi8(_mm256_blendv_epi8(u, umax, _mm256_cmpgt_epi32(u, umax)), umin, _mm256_cmpgt_epi32(umin, u));
        v = _mm256_blendv_epi8(_mm256_blendv_epi8(v, vmax, _mm256_cmpgt_epi32(v, vmax)), vmin, _mm256_cmpgt_epi32(vmin, v));
        const __m256i index = _mm256_add_epi32(_mm256_mullo_epi32(_mm256_srai_epi32(v, 16), stride), _mm256_srai_epi32(u, 16));
        const __m256i below = _mm256_add_epi32(index, stride);
        const __m256i dx = _mm256_and_si256(_mm256_srli_epi32(u, 9), weight), dy = _mm256_and_si256(_mm256_srli_epi32(v, 9), weight);
        const __m256i across = _mm256_or_si256(_mm256_sub_epi32(full, dx), _mm256_slli_epi32(dx, 16));
        const __m256i down = _mm256_or_si256(_mm256_sub_epi32(full, dy), _mm256_slli_epi32(dy, 16));
        const __m256i top_a = _mm256_i32gather_epi64(texels, _mm256_castsi256_si128(index), 4);
        const __m256i top_b = _mm256_i32gather_epi64(texels, _mm256_extracti128_si256(index, 1), 4);
        const __m256i bottom_a = _mm256_i32gather_epi64(texels, _mm256_castsi256_si128(below), 4);
        const __m256i bottom_b = _mm256_i32gather_epi64(texels, _mm256_extracti128_si256(below, 1), 4);
        // In-lane unpacks put pixels 0 and 2 (of each gather's four) in the low halves' lanes, 1 and 3 in the high.
#define LAMINA_LANES(a, b) _mm256_setr_epi32(a, a, a, a, b, b, b, b)
#define LAMINA_PAIR(unpack, gathered_top, gathered_bottom, a, b) \
        bilinear_pair(unpack(gathered_top, zero), unpack(gathered_bottom, zero), \
                      _mm256_permutevar8x32_epi32(down, LAMINA_LANES(a, b)), _mm256_permutevar8x32_epi32(across, LAMINA_LANES(a, b)))
        const __m256i p02 = LAMINA_PAIR(_mm256_unpacklo_epi8, top_a, bottom_a, 0, 2);
        const __m256i p13 = LAMINA_PAIR(_mm256_unpackhi_epi8, top_a, bottom_a, 1, 3);
        const __m256i p46 = LAMINA_PAIR(_mm256_unpacklo_epi8, top_b, bottom_b, 4, 6);
        const __m256i p57 = LAMINA_PAIR(_mm256_unpackhi_epi8, top_b, bottom_b, 5, 7);
#undef LAMINA_PAIR
#undef LAMINA_LANES
        // 16-bit lanes: pixels (0, 1 | 2, 3) and (4, 5 | 6, 7); the target's pixels put in the
        // same places, and the result back in order (the permutation is its own inverse).
        const __m256i d = _mm256_permutevar8x32_epi32(_mm256_loadu_si256((const __m256i *)(out + i)), order);
        const __m256i blended = lamina_faded_over_avx2(_mm256_packs_epi32(p02, p13), _mm256_packs_epi32(p46, p57), fade, faded, d);
        _mm256_storeu_si256((__m256i *)(out + i), _mm256_permutevar8x32_epi32(blended, order));
    }
    return steps * 8;
}
#endif

/// Samples, fades and blends the pixels [first, last) of `out`, two at a time; with `wide`
/// (the CPU has AVX2), eight at a time: a translated span's unclamped middle from two texel
/// rows (`translated_run`), the rest of any span by gathers (`walked_run`).
static inline __attribute__((always_inline)) void sample_span(uint32_t *out, int first, int last, const lamina_texture *src,
                                                              lamina_walk w, sample_clamp k, uint32_t tint, int check_flat,
                                                              int additive, int wide) {
    __m128i zero = _mm_setzero_si128(), full = _mm_set1_epi16(255);
    // Each channel's multiplier, for two pixels (a uniform fade is one alpha in every lane).
    __m128i fade = _mm_unpacklo_epi8(_mm_cvtsi32_si128((int)tint), zero);
    fade = _mm_unpacklo_epi64(fade, fade);
    const int faded = tint != 0xFFFFFFFFu;
    int x = first;
#if defined(__x86_64__)
    if (wide && !additive && w.du == 0x10000 && w.dv == 0 && last - first >= 8) {
        // The clamped pixels before the run (a sample left of the clamp), one or two at most.
        int end = w.u >= k.umin ? first : first + (int)(((int64_t)k.umin - w.u + 0xffff) >> 16);
        if (end > last) end = last;
        for (; x < end; x++, w.u += w.du) {
            __m128i s = texel_lanes(src, w.u, w.v, k, zero, check_flat);
            if (faded) s = lamina_div255_epi16(_mm_mullo_epi16(s, fade));
            out[x] = lamina_over((uint32_t)_mm_cvtsi128_si32(_mm_packus_epi16(s, zero)), out[x]);
        }
        const int drawn = translated_run(out + x, last - x, src, w, k, tint);
        x += drawn;
        w.u += drawn * w.du;
    }
    if (wide && !additive && last - x >= 8) {
        const int drawn = walked_run(out + x, last - x, src, w, k, tint);
        x += drawn;
        w.u = (int32_t)((uint32_t)w.u + (uint32_t)drawn * (uint32_t)w.du);
        w.v = (int32_t)((uint32_t)w.v + (uint32_t)drawn * (uint32_t)w.dv);
    }
#else
    (void)wide;
#endif
    for (; x + 1 < last; x += 2, w.u += 2 * w.du, w.v += 2 * w.dv) {
        __m128i s = _mm_unpacklo_epi64(texel_lanes(src, w.u, w.v, k, zero, check_flat),
                                       texel_lanes(src, w.u + w.du, w.v + w.dv, k, zero, check_flat));
        if (faded) s = lamina_div255_epi16(_mm_mullo_epi16(s, fade));
        __m128i sa = _mm_shufflehi_epi16(_mm_shufflelo_epi16(s, 0xFF), 0xFF);    // each pixel's alpha
        if (_mm_movemask_epi8(_mm_cmpeq_epi16(sa, zero)) == 0xFFFF) continue;       // both transparent
        __m128i d = _mm_unpacklo_epi8(_mm_loadl_epi64((const __m128i *)(out + x)), zero);
        if (!additive) d = lamina_div255_epi16(_mm_mullo_epi16(d, _mm_sub_epi16(full, sa)));
        _mm_storel_epi64((__m128i *)(out + x), _mm_packus_epi16(_mm_add_epi16(s, d), zero));
    }
    if (x < last) {
        __m128i s = texel_lanes(src, w.u, w.v, k, zero, check_flat);
        if (faded) s = lamina_div255_epi16(_mm_mullo_epi16(s, fade));
        uint32_t p = (uint32_t)_mm_cvtsi128_si32(_mm_packus_epi16(s, zero));
        out[x] = additive ? lamina_add(p, out[x]) : lamina_over(p, out[x]);
    }
}

/// A span of a texture without flat rectangles: its samples may fall in flat areas anywhere.
static void sampled_span(uint32_t *out, int first, int last, const lamina_texture *src, lamina_walk w, sample_clamp k,
                         uint32_t tint, int additive, int wide) {
    sample_span(out, first, last, src, w, k, tint, 1, additive, wide);
}

/// The end of a row beside a flat rectangle: its samples are mostly the texture's edges, where
/// texels seldom agree.
static void sampled_edge(uint32_t *out, int first, int last, const lamina_texture *src, lamina_walk w, sample_clamp k,
                         uint32_t tint, int wide) {
    sample_span(out, first, last, src, w, k, tint, 0, 0, wide);
}
#else
/// Samples, fades and blends the pixels [first, last) of `out`, one at a time.
static void sampled_span(uint32_t *out, int first, int last, const lamina_texture *src, lamina_walk w, sample_clamp k,
                         uint32_t tint, int additive, int wide) {
    (void)wide;
    int stride = src->stride_pixels;
    for (int x = first; x < last; x++, w.u += w.du, w.v += w.dv) {
        // Rounding may step a hair outside; the outer texels are transparent padding anyway.
        int32_t uc = w.u < k.umin ? k.umin : w.u > k.umax ? k.umax : w.u;
        int32_t vc = w.v < k.vmin ? k.vmin : w.v > k.vmax ? k.vmax : w.v;
        const uint32_t *row = src->texels + (vc >> 16) * stride + (uc >> 16);
        uint32_t p = row[0];
        if (p != row[1] || p != row[stride] || p != row[stride + 1])
            p = lamina_bilinear(row, stride, (uc >> 9) & 0x7f, (vc >> 9) & 0x7f);
        if (p == 0) continue;
        if (tint != 0xFFFFFFFFu) p = lamina_multiply_channels(p, tint);
        out[x] = additive ? lamina_add(p, out[x]) : lamina_over(p, out[x]);
    }
}

static void sampled_edge(uint32_t *out, int first, int last, const lamina_texture *src, lamina_walk w, sample_clamp k,
                         uint32_t tint, int wide) {
    sampled_span(out, first, last, src, w, k, tint, 0, wide);
}
#endif

/// The walk of a row from pixel x, its texel position at x = 0 being (u0, v0).
static lamina_walk walk_from(double u0, double v0, const double m[6], int x) {
    lamina_walk w = { lamina_fixed16(u0 + m[0] * x), lamina_fixed16(v0 + m[1] * x), lamina_fixed16(m[0]), lamina_fixed16(m[1]) };
    return w;
}

static void affine_bilinear(uint32_t *dst, int dst_stride, int x0, int y0, int x1, int y1,
                            const lamina_texture *src, const double m[6], uint32_t tint, int additive,
                            const lamina_edges *edges, unsigned features);

unsigned lamina_affine_features(void) {
#if defined(__x86_64__)
    return __builtin_cpu_supports("avx2") ? LAMINA_KERNEL_AVX2 : 0;
#else
    return 0;
#endif
}

void lamina_affine_bilinear_over(uint32_t *dst, int dst_stride, int x0, int y0, int x1, int y1,
                                 const lamina_texture *src, const double m[6], uint32_t alpha) {
    lamina_affine_bilinear_tinted_over(dst, dst_stride, x0, y0, x1, y1, src, m, alpha * 0x01010101u);
}

void lamina_affine_bilinear_tinted_over(uint32_t *dst, int dst_stride, int x0, int y0, int x1, int y1,
                                        const lamina_texture *src, const double m[6], uint32_t tint) {
    affine_bilinear(dst, dst_stride, x0, y0, x1, y1, src, m, tint, 0, NULL, lamina_affine_features());
}

void lamina_affine_bilinear_edged_over(uint32_t *dst, int dst_stride, int x0, int y0, int x1, int y1,
                                       const lamina_texture *src, const double m[6], uint32_t tint, const lamina_edges *edges) {
    affine_bilinear(dst, dst_stride, x0, y0, x1, y1, src, m, tint, 0, edges && edges->aliased ? edges : NULL, lamina_affine_features());
}

void lamina_affine_bilinear_edged_over_with(uint32_t *dst, int dst_stride, int x0, int y0, int x1, int y1,
                                            const lamina_texture *src, const double m[6], uint32_t tint,
                                            const lamina_edges *edges, unsigned features) {
    affine_bilinear(dst, dst_stride, x0, y0, x1, y1, src, m, tint, 0, edges && edges->aliased ? edges : NULL,
                    features & lamina_affine_features());
}

void lamina_affine_bilinear_tinted_add(uint32_t *dst, int dst_stride, int x0, int y0, int x1, int y1,
                                       const lamina_texture *src, const double m[6], uint32_t tint) {
    affine_bilinear(dst, dst_stride, x0, y0, x1, y1, src, m, tint, 1, NULL, 0);
}

/// Where pixel centers are drawn, in texel-center coordinates (texel i's center at i), and where
/// samples are clamped: the texture's padding, narrowed on the sides `edges` cuts aliased.
static void outline(const lamina_texture *src, const lamina_edges *edges, double lo[2], double hi[2], sample_clamp *k) {
    lo[0] = 0; lo[1] = 0; hi[0] = src->width - 1; hi[1] = src->height - 1;
    *k = padding_clamp(src);
    if (!edges) return;
    int first[2], last[2];
    const unsigned aliased = lamina_edge_limits(edges, src->width, src->height, lo, hi, first, last);
    if (aliased & LAMINA_ALIAS_X0) k->umin = first[0] << 16;
    if (aliased & LAMINA_ALIAS_X1) k->umax = last[0] << 16;
    if (aliased & LAMINA_ALIAS_Y0) k->vmin = first[1] << 16;
    if (aliased & LAMINA_ALIAS_Y1) k->vmax = last[1] << 16;
}

/// Over or, with `additive`, added (the flat rectangles then sampled like the rest); the sides
/// `edges` names cut aliased (NULL: none). Aliased sides only narrow the rows' spans and the
/// clamp: the per-pixel work is the same.
static void affine_bilinear(uint32_t *dst, int dst_stride, int x0, int y0, int x1, int y1,
                            const lamina_texture *src, const double m[6], uint32_t tint, int additive,
                            const lamina_edges *edges, unsigned features) {
    const int wide = (features & LAMINA_KERNEL_AVX2) != 0;
    if (src->width < 2 || src->height < 2 || (tint >> 24) == 0) return;
    int has_flat = !additive && src->flat_x1 - src->flat_x0 >= 2 && src->flat_y1 - src->flat_y0 >= 2;
    int has_flat2 = has_flat && src->flat2_x1 - src->flat2_x0 >= 2 && src->flat2_y1 - src->flat2_y0 >= 2;
    // The flat color as every sample inside the flat rectangle comes out: faded, then blended.
    uint32_t flat = tint != 0xFFFFFFFFu ? lamina_multiply_channels(src->flat_color, tint) : src->flat_color;
    // Samples inside [lo, hi) read only flat texels (a sample reads texels floor(u) and floor(u) + 1);
    // the margin keeps double rounding from reaching the edge.
    const double margin = 1.0 / 4096;
    // Texel space (texel centers at integers) at the center of pixel (0, y): c + m[2]·(y + ½).
    const double cu = m[4] + m[0] * 0.5 - 0.5, cv = m[5] + m[1] * 0.5 - 0.5;
    double lo[2], hi[2];
    sample_clamp k;
    outline(src, edges, lo, hi, &k);
    const lamina_row_bound inside[2] = { lamina_bound_for(cu, m[2], m[0], lo[0], hi[0]), lamina_bound_for(cv, m[3], m[1], lo[1], hi[1]) };
    const lamina_row_bound flat_part[2][2] = {
        { lamina_bound_for(cu, m[2], m[0], src->flat_x0 + margin, src->flat_x1 - 1 - margin),
          lamina_bound_for(cv, m[3], m[1], src->flat_y0 + margin, src->flat_y1 - 1 - margin) },
        { lamina_bound_for(cu, m[2], m[0], src->flat2_x0 + margin, src->flat2_x1 - 1 - margin),
          lamina_bound_for(cv, m[3], m[1], src->flat2_y0 + margin, src->flat2_y1 - 1 - margin) },
    };
    for (int y = y0; y < y1; y++) {
        double center = y + 0.5, u0 = cu + m[2] * center, v0 = cv + m[3] * center;
        double from = x0, to = x1;
        lamina_narrow(&inside[0], center, &from, &to);
        lamina_narrow(&inside[1], center, &from, &to);
        int first, last;
        lamina_pixels_within(from, to, x0, x1, &first, &last);
        if (first >= last) continue;
        uint32_t *out = dst + (long)y * dst_stride;
        int flat_first = last, flat_last = last;
        if (has_flat) {
            lamina_flat_span(flat_part[0], center, from, to, first, last, &flat_first, &flat_last);
            if (has_flat2) {
                int a = last, b = last;
                lamina_flat_span(flat_part[1], center, from, to, first, last, &a, &b);
                lamina_join_spans(&flat_first, &flat_last, a, b);
            }
            if (flat_first >= flat_last) flat_first = flat_last = last;
        }
        if (!has_flat) {
            sampled_span(out, first, last, src, walk_from(u0, v0, m, first), k, tint, additive, wide);
            continue;
        }
        sampled_edge(out, first, flat_first, src, walk_from(u0, v0, m, first), k, tint, wide);
        lamina_solid_over(out + flat_first, flat_last - flat_first, flat);
        if (flat_last < last) sampled_edge(out, flat_last, last, src, walk_from(u0, v0, m, flat_last), k, tint, wide);
    }
}
