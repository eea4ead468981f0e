// Projective bilinear OVER: a layer under perspective placed straight from its texture. Each
// pixel center is mapped to texel space through the inverse homography (one division per
// pixel), sampled bilinearly from the 2×2 texels around it and blended; pixels whose sample
// would leave the texture, or that map from behind the viewer, are skipped. Flat interiors are
// filled without reading texels where the sample lands inside the flat rectangle. With AVX2
// (asked at run time) eight pixels a step, with the same arithmetic as the plain C path, so the
// same pixels; else a pixel at a time.
#include "lamina_kernels.h"
#include "pixel_math.h"
#include "row_bounds.h"
#include <math.h>

/// The blend of the 2×2 texels at `row` with 8-bit weights dx, dy.
static inline uint32_t bilinear8(const uint32_t *row, int stride, uint32_t dx, uint32_t dy) {
    uint32_t tl = row[0], tr = row[1], bl = row[stride], br = row[stride + 1];
    if (tl == tr && tl == bl && tl == br) return tl;
    uint32_t result = 0;
    for (int k = 0; k < 32; k += 8) {
        uint32_t a = (tl >> k) & 0xff, b = (tr >> k) & 0xff, c = (bl >> k) & 0xff, d = (br >> k) & 0xff;
        uint32_t top = a * (256 - dx) + b * dx, bottom = c * (256 - dx) + d * dx;
        result |= ((top * (256 - dy) + bottom * dy + (1 << 15)) >> 16) << k;
    }
    return result;
}

void lamina_projective_bilinear_over(uint32_t *dst, int dst_stride, int x0, int y0, int x1, int y1,
                                     const lamina_texture *src, const double h[9], uint32_t alpha) {
    lamina_projective_bilinear_tinted_over(dst, dst_stride, x0, y0, x1, y1, src, h, alpha * 0x01010101u);
}

void lamina_projective_bilinear_tinted_over(uint32_t *dst, int dst_stride, int x0, int y0, int x1, int y1,
                                            const lamina_texture *src, const double h[9], uint32_t tint) {
    lamina_projective_bilinear_edged_over(dst, dst_stride, x0, y0, x1, y1, src, h, tint, NULL);
}

/// What a call works out once: where pixel centers are drawn and samples clamped, and the fill.
typedef struct {
    /// Pixel centers drawn (texel-center coordinates) and samples clamped: the padding, or the
    /// texels wholly inside an aliased side (see `lamina_edges`).
    double umin, vmin, umax, vmax, cu0, cv0, cu1, cv1;
    unsigned aliased;
    int flat, faded;
    uint32_t flat_color, tint;
} projective_setup;

/// The pixels [x0, x1) of row `y`, a pixel at a time.
static void projective_row(uint32_t *out, int x0, int x1, int y, const lamina_texture *src, const double h[9],
                           const projective_setup *k) {
    const double py = y + 0.5;
    for (int x = x0; x < x1; x++) {
        const double px = x + 0.5;
        const double w = h[2] * px + h[5] * py + h[8];
        if (!(w > 1e-12)) continue;
        // Texel centers at integers.
        double u = (h[0] * px + h[3] * py + h[6]) / w - 0.5, v = (h[1] * px + h[4] * py + h[7]) / w - 0.5;
        if (!(u >= k->umin && v >= k->vmin && u < k->umax && v < k->vmax)) continue;
        if (k->aliased) {
            u = u < k->cu0 ? k->cu0 : u > k->cu1 ? k->cu1 : u;
            v = v < k->cv0 ? k->cv0 : v > k->cv1 ? k->cv1 : v;
        }
        const int iu = (int)u, iv = (int)v;
        uint32_t p;
        if (k->flat && iu >= src->flat_x0 && iu + 1 < src->flat_x1 && iv >= src->flat_y0 && iv + 1 < src->flat_y1) {
            p = k->flat_color;
        } else {
            const uint32_t *row = src->texels + (long)iv * src->stride_pixels + iu;
            p = bilinear8(row, src->stride_pixels, (uint32_t)((u - iu) * 256), (uint32_t)((v - iv) * 256));
            if (k->faded) p = lamina_multiply_channels(p, k->tint);
        }
        if (p) out[x] = lamina_over(p, out[x]);
    }
}

#if defined(__x86_64__)
#include <immintrin.h>

/// Four pixels' texel positions (one half of a step), as `projective_row` works them out:
/// the same operations in the same order, in double lanes. `valid` is all ones where the
/// pixel is drawn.
__attribute__((target("avx2")))
static inline void projective_quarter(__m256d px, const double h[9], double ru, double rv, double rw, const projective_setup *k,
                                      __m256d *u_out, __m256d *v_out, __m256d *valid) {
    const __m256d w = _mm256_add_pd(_mm256_add_pd(_mm256_mul_pd(_mm256_set1_pd(h[2]), px), _mm256_set1_pd(rw)), _mm256_set1_pd(h[8]));
    const __m256d nu = _mm256_add_pd(_mm256_add_pd(_mm256_mul_pd(_mm256_set1_pd(h[0]), px), _mm256_set1_pd(ru)), _mm256_set1_pd(h[6]));
    const __m256d nv = _mm256_add_pd(_mm256_add_pd(_mm256_mul_pd(_mm256_set1_pd(h[1]), px), _mm256_set1_pd(rv)), _mm256_set1_pd(h[7]));
    const __m256d half = _mm256_set1_pd(0.5);
    __m256d u = _mm256_sub_pd(_mm256_div_pd(nu, w), half), v = _mm256_sub_pd(_mm256_div_pd(nv, w), half);
    // Ordered comparisons: a NaN is never drawn, as in the scalar test.
    __m256d ok = _mm256_cmp_pd(w, _mm256_set1_pd(1e-12), _CMP_GT_OQ);
    ok = _mm256_and_pd(ok, _mm256_cmp_pd(u, _mm256_set1_pd(k->umin), _CMP_GE_OQ));
    ok = _mm256_and_pd(ok, _mm256_cmp_pd(v, _mm256_set1_pd(k->vmin), _CMP_GE_OQ));
    ok = _mm256_and_pd(ok, _mm256_cmp_pd(u, _mm256_set1_pd(k->umax), _CMP_LT_OQ));
    ok = _mm256_and_pd(ok, _mm256_cmp_pd(v, _mm256_set1_pd(k->vmax), _CMP_LT_OQ));
    if (k->aliased) {
        const __m256d cu0 = _mm256_set1_pd(k->cu0), cu1 = _mm256_set1_pd(k->cu1);
        const __m256d cv0 = _mm256_set1_pd(k->cv0), cv1 = _mm256_set1_pd(k->cv1);
        u = _mm256_blendv_pd(_mm256_blendv_pd(u, cu1, _mm256_cmp_pd(u, cu1, _CMP_GT_OQ)), cu0, _mm256_cmp_pd(u, cu0, _CMP_LT_OQ));
        v = _mm256_blendv_pd(_mm256_blendv_pd(v, cv1, _mm256_cmp_pd(v, cv1, _CMP_GT_OQ)), cv0, _mm256_cmp_pd(v, cv0, _CMP_LT_OQ));
    }
    // Undrawn lanes sample texel (0, 0): their values are thrown away, their addresses must be valid.
    *u_out = _mm256_and_pd(u, ok);
    *v_out = _mm256_and_pd(v, ok);
    *valid = ok;
}

/// Each channel (32-bit lanes, two pixels) of top·(256 − dy) + bottom·dy + 2¹⁵ >> 16, as
/// `bilinear8` rounds it; `top` and `bottom` hold each pixel's channels in the low 64 bits of
/// its lane (16-bit), `dy` each lane's pixel's weight.
__attribute__((target("avx2")))
static inline __m256i vertical_blend(__m256i top, __m256i bottom, __m256i dy) {
    const __m256i zero = _mm256_setzero_si256();
    const __m256i t = _mm256_unpacklo_epi16(top, zero), b = _mm256_unpacklo_epi16(bottom, zero);
    const __m256i sum = _mm256_add_epi32(_mm256_mullo_epi32(t, _mm256_sub_epi32(_mm256_set1_epi32(256), dy)), _mm256_mullo_epi32(b, dy));
    return _mm256_srli_epi32(_mm256_add_epi32(sum, _mm256_set1_epi32(1 << 15)), 16);
}

/// Two pixels' left·(256 − dx) + right·dx per channel (16-bit lanes; `pair` holds each lane's
/// pixel's left and right texels widened to 16 bits, `weights` (256 − dx) ×4 then dx ×4),
/// left in the low 64 bits of each lane. Every product and sum stays under 65,536.
__attribute__((target("avx2")))
static inline __m256i horizontal_blend(__m256i pair, __m256i weights) {
    const __m256i products = _mm256_mullo_epi16(pair, weights);
    return _mm256_add_epi16(products, _mm256_shuffle_epi32(products, 0x4E));
}

/// Eight pixels' bilinear samples of the 2×2 texels at `iu`, `iv` with 8-bit weights `dx`,
/// `dy`, faded by the tint, in pixel order: `bilinear8` and `lamina_multiply_channels` lane for
/// lane.
__attribute__((target("avx2")))
static inline __m256i sampled_eight(const lamina_texture *src, __m256i iu, __m256i iv, __m256i dx, __m256i dy,
                                    const projective_setup *k) {
    const __m256i zero = _mm256_setzero_si256(), stride = _mm256_set1_epi32(src->stride_pixels);
    const __m256i bias = _mm256_set1_epi16(128), by257 = _mm256_set1_epi16(257);
    const __m256i tint = _mm256_unpacklo_epi8(_mm256_set1_epi32((int)k->tint), zero);
    // Spreads each pixel's 32-bit (256 − dx) | dx << 16 over its lane as ×4 then ×4.
    const __m256i spread = _mm256_setr_epi8(0, 1, 0, 1, 0, 1, 0, 1, 2, 3, 2, 3, 2, 3, 2, 3,
                                            0, 1, 0, 1, 0, 1, 0, 1, 2, 3, 2, 3, 2, 3, 2, 3);
    const long long *texels = (const long long *)(const void *)src->texels;
    // Each pixel's 2×2 texels: two 64-bit gathers (left and right texels) per row of texels.
    const __m256i index = _mm256_add_epi32(_mm256_mullo_epi32(iv, stride), iu);
    const __m256i below = _mm256_add_epi32(index, stride);
    const __m256i top_a = _mm256_i32gather_epi64(texels, _mm256_castsi256_si128(index), 4);
    const __m256i top_b = _mm256_i32gather_epi64(texels, _mm256_extracti128_si256(index, 1), 4);
    const __m256i bottom_a = _mm256_i32gather_epi64(texels, _mm256_castsi256_si128(below), 4);
    const __m256i bottom_b = _mm256_i32gather_epi64(texels, _mm256_extracti128_si256(below, 1), 4);
    // Per lane: the unpacks put pixels 0 and 2 (lo) or 1 and 3 (hi) of each gather in its two lanes.
    const __m256i xw = _mm256_or_si256(_mm256_sub_epi32(_mm256_set1_epi32(256), dx), _mm256_slli_epi32(dx, 16));
#define LAMINA_LANES(a, b) _mm256_setr_epi32(a, a, a, a, b, b, b, b)
    const __m256i w02 = _mm256_shuffle_epi8(_mm256_permutevar8x32_epi32(xw, LAMINA_LANES(0, 2)), spread);
    const __m256i w13 = _mm256_shuffle_epi8(_mm256_permutevar8x32_epi32(xw, LAMINA_LANES(1, 3)), spread);
    const __m256i w46 = _mm256_shuffle_epi8(_mm256_permutevar8x32_epi32(xw, LAMINA_LANES(4, 6)), spread);
    const __m256i w57 = _mm256_shuffle_epi8(_mm256_permutevar8x32_epi32(xw, LAMINA_LANES(5, 7)), spread);
    const __m256i d02 = _mm256_permutevar8x32_epi32(dy, LAMINA_LANES(0, 2)), d13 = _mm256_permutevar8x32_epi32(dy, LAMINA_LANES(1, 3));
    const __m256i d46 = _mm256_permutevar8x32_epi32(dy, LAMINA_LANES(4, 6)), d57 = _mm256_permutevar8x32_epi32(dy, LAMINA_LANES(5, 7));
#undef LAMINA_LANES
    const __m256i p02 = vertical_blend(horizontal_blend(_mm256_unpacklo_epi8(top_a, zero), w02),
                                       horizontal_blend(_mm256_unpacklo_epi8(bottom_a, zero), w02), d02);
    const __m256i p13 = vertical_blend(horizontal_blend(_mm256_unpackhi_epi8(top_a, zero), w13),
                                       horizontal_blend(_mm256_unpackhi_epi8(bottom_a, zero), w13), d13);
    const __m256i p46 = vertical_blend(horizontal_blend(_mm256_unpacklo_epi8(top_b, zero), w46),
                                       horizontal_blend(_mm256_unpacklo_epi8(bottom_b, zero), w46), d46);
    const __m256i p57 = vertical_blend(horizontal_blend(_mm256_unpackhi_epi8(top_b, zero), w57),
                                       horizontal_blend(_mm256_unpackhi_epi8(bottom_b, zero), w57), d57);
    // 16-bit lanes: pixels (0, 1 | 2, 3) and (4, 5 | 6, 7).
    __m256i lo = _mm256_packus_epi32(p02, p13), hi = _mm256_packus_epi32(p46, p57);
    if (k->faded) {
        // lamina_multiply_channels' rounding: (w + (w >> 8)) >> 8 with w = c·t + 128, as (w·257) >> 16.
        lo = _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16(lo, tint), bias), by257);
        hi = _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16(hi, tint), bias), by257);
    }
    // Back to pixel order 0…7.
    return _mm256_permutevar8x32_epi32(_mm256_packus_epi16(lo, hi), _mm256_setr_epi32(0, 1, 4, 5, 2, 3, 6, 7));
}

/// The pixels [x0, x1) of row `y`, eight a step: the same values as `projective_row`.
__attribute__((target("avx2")))
static void projective_row_avx2(uint32_t *out, int x0, int x1, int y, const lamina_texture *src, const double h[9],
                                const projective_setup *k) {
    const double py = y + 0.5, ru = h[3] * py, rv = h[4] * py, rw = h[5] * py;
    const __m256i zero = _mm256_setzero_si256(), lanes = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    const __m256i flat_color = _mm256_set1_epi32((int)k->flat_color);
    const __m256i fx0 = _mm256_set1_epi32(src->flat_x0 - 1), fx1 = _mm256_set1_epi32(src->flat_x1 - 1);
    const __m256i fy0 = _mm256_set1_epi32(src->flat_y0 - 1), fy1 = _mm256_set1_epi32(src->flat_y1 - 1);
    for (int x = x0; x < x1; x += 8) {
        const __m256i inside = _mm256_cmpgt_epi32(_mm256_set1_epi32(x1 - x), lanes);
        const __m256d first = _mm256_add_pd(_mm256_cvtepi32_pd(_mm_add_epi32(_mm_set1_epi32(x), _mm_setr_epi32(0, 1, 2, 3))), _mm256_set1_pd(0.5));
        const __m256d second = _mm256_add_pd(_mm256_cvtepi32_pd(_mm_add_epi32(_mm_set1_epi32(x), _mm_setr_epi32(4, 5, 6, 7))), _mm256_set1_pd(0.5));
        __m256d ua, va, oka, ub, vb, okb;
        projective_quarter(first, h, ru, rv, rw, k, &ua, &va, &oka);
        projective_quarter(second, h, ru, rv, rw, k, &ub, &vb, &okb);
        // Lanes drawn: 32-bit masks from the two halves' 64-bit ones, within the row.
        const __m128i oka32 = _mm256_castsi256_si128(_mm256_permutevar8x32_epi32(_mm256_castpd_si256(oka), _mm256_setr_epi32(0, 2, 4, 6, 0, 0, 0, 0)));
        const __m128i okb32 = _mm256_castsi256_si128(_mm256_permutevar8x32_epi32(_mm256_castpd_si256(okb), _mm256_setr_epi32(0, 2, 4, 6, 0, 0, 0, 0)));
        const __m256i drawn = _mm256_and_si256(_mm256_set_m128i(okb32, oka32), inside);
        if (_mm256_testz_si256(drawn, drawn)) continue;
        // (int)u and (u − iu)·256 truncated, as the scalar path converts them.
        const __m128i iua = _mm256_cvttpd_epi32(ua), iub = _mm256_cvttpd_epi32(ub);
        const __m128i iva = _mm256_cvttpd_epi32(va), ivb = _mm256_cvttpd_epi32(vb);
        const __m256d scale = _mm256_set1_pd(256);
        const __m128i dxa = _mm256_cvttpd_epi32(_mm256_mul_pd(_mm256_sub_pd(ua, _mm256_cvtepi32_pd(iua)), scale));
        const __m128i dxb = _mm256_cvttpd_epi32(_mm256_mul_pd(_mm256_sub_pd(ub, _mm256_cvtepi32_pd(iub)), scale));
        const __m128i dya = _mm256_cvttpd_epi32(_mm256_mul_pd(_mm256_sub_pd(va, _mm256_cvtepi32_pd(iva)), scale));
        const __m128i dyb = _mm256_cvttpd_epi32(_mm256_mul_pd(_mm256_sub_pd(vb, _mm256_cvtepi32_pd(ivb)), scale));
        const __m256i iu = _mm256_set_m128i(iub, iua), iv = _mm256_set_m128i(ivb, iva);
        const __m256i dx = _mm256_set_m128i(dxb, dxa), dy = _mm256_set_m128i(dyb, dya);
        // Inside the flat rectangle: iu ≥ flat_x0, iu + 1 < flat_x1, and the same for v.
        __m256i flat = zero;
        if (k->flat) {
            flat = _mm256_and_si256(_mm256_cmpgt_epi32(iu, fx0), _mm256_cmpgt_epi32(fx1, iu));
            flat = _mm256_and_si256(flat, _mm256_and_si256(_mm256_cmpgt_epi32(iv, fy0), _mm256_cmpgt_epi32(fy1, iv)));
        }
        // Where every drawn pixel samples the flat rectangle, no texel is read.
        const __m256i color = k->flat && _mm256_testc_si256(flat, drawn) ? flat_color
            : _mm256_blendv_epi8(sampled_eight(src, iu, iv, dx, dy, k), flat_color, flat);
        // OVER what is there (the tint is already in the colors).
        const __m256i under = _mm256_maskload_epi32((const int *)(out + x), drawn);
        _mm256_maskstore_epi32((int *)(out + x), drawn, lamina_faded_over_avx2(_mm256_unpacklo_epi8(color, zero),
                                                                              _mm256_unpackhi_epi8(color, zero), zero, 0, under));
    }
}
#endif

void lamina_projective_bilinear_edged_over(uint32_t *dst, int dst_stride, int x0, int y0, int x1, int y1,
                                           const lamina_texture *src, const double h[9], uint32_t tint,
                                           const lamina_edges *edges) {
    lamina_projective_bilinear_edged_over_with(dst, dst_stride, x0, y0, x1, y1, src, h, tint, edges, LAMINA_KERNEL_AVX2);
}

void lamina_projective_bilinear_edged_over_with(uint32_t *dst, int dst_stride, int x0, int y0, int x1, int y1,
                                                const lamina_texture *src, const double h[9], uint32_t tint,
                                                const lamina_edges *edges, unsigned features) {
    if (src->width < 2 || src->height < 2 || (tint >> 24) == 0) return;
    projective_setup k = { 0, 0, src->width - 1, src->height - 1, 0, 0, src->width - 1, src->height - 1,
                           edges ? edges->aliased : 0, 0, tint != 0xFFFFFFFFu, 0, tint };
    if (k.aliased) {
        double lo[2] = { k.umin, k.vmin }, hi[2] = { k.umax, k.vmax };
        int first[2], last[2];
        lamina_edge_limits(edges, src->width, src->height, lo, hi, first, last);
        k.umin = lo[0]; k.vmin = lo[1]; k.umax = hi[0]; k.vmax = hi[1];
        if (k.aliased & LAMINA_ALIAS_X0) k.cu0 = first[0];
        if (k.aliased & LAMINA_ALIAS_X1) k.cu1 = last[0];
        if (k.aliased & LAMINA_ALIAS_Y0) k.cv0 = first[1];
        if (k.aliased & LAMINA_ALIAS_Y1) k.cv1 = last[1];
    }
    k.flat = src->flat_x1 - src->flat_x0 >= 2 && src->flat_y1 - src->flat_y0 >= 2;
    k.flat_color = k.faded ? lamina_multiply_channels(src->flat_color, tint) : src->flat_color;
#if defined(__x86_64__)
    // Gathers index texels with 32-bit offsets: a texture past 2³¹ texels takes the plain path.
    const int wide = (features & LAMINA_KERNEL_AVX2) && __builtin_cpu_supports("avx2")
        && (long)src->stride_pixels * src->height < (1L << 31) - 2;
    if (wide) {
        for (int y = y0; y < y1; y++) projective_row_avx2(dst + (long)y * dst_stride, x0, x1, y, src, h, &k);
        return;
    }
#else
    (void)features;
#endif
    for (int y = y0; y < y1; y++) projective_row(dst + (long)y * dst_stride, x0, x1, y, src, h, &k);
}
