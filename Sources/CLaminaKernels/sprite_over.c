// Particle sprites: 10,000 small images a frame, each turned, scaled and tinted. The samples and
// the blend are the affine kernel's tinted paths exactly (7-bit bilinear weights, the same
// rounding), so a particle's pixels do not depend on which kernel drew it; what differs is the
// loop, made for small sprites:
// - each row is cut to the disc outside which the sprite is transparent (a soft dot's corners
//   cost nothing), with one square root per row (in AVX2, four rows' set-up at once);
// - four pixels a step (in AVX2 where the CPU has it, asked at run time), no branch per pixel:
//   a transparent sample blended OVER leaves the pixel exactly as it was (x·255/255 rounds back
//   to x), so nothing is skipped;
// - the caller hands a whole tile's particles in one call (no per-particle call overhead).
#include "lamina_sprite.h"
#include "pixel_math.h"
#include "row_bounds.h"
#include <math.h>

void lamina_sprite_find_reach(lamina_sprite *sprite) {
    const lamina_texture *t = &sprite->texture;
    double cu = (t->width - 1) * 0.5, cv = (t->height - 1) * 0.5, far2 = -1;
    for (int y = 0; y < t->height; y++) {
        const uint32_t *row = t->texels + (long)y * t->stride_pixels;
        for (int x = 0; x < t->width; x++) {
            if (row[x] == 0) continue;
            double du = x - cu, dv = y - cv, d2 = du * du + dv * dv;
            if (d2 > far2) far2 = d2;
        }
    }
    sprite->center_u = cu;
    sprite->center_v = cv;
    sprite->radius = far2 < 0 ? -1 : sqrt(far2);
}

#if defined(__SSE2__)
/// The sample at (u, v) (16.16, clamped inside: rounding may step a hair out), 4 × 16-bit lanes.
static inline __m128i sample(const uint32_t *texels, int stride, int32_t u, int32_t v, int32_t umax, int32_t vmax) {
    int32_t uc = u < 0 ? 0 : u > umax ? umax : u, vc = v < 0 ? 0 : v > vmax ? vmax : v;
    return lamina_bilinear_lanes(texels + (vc >> 16) * stride + (uc >> 16), stride, (uc >> 9) & 0x7f, (vc >> 9) & 0x7f);
}

/// Two pixels' samples (8 × 16-bit lanes) tinted, blended with two destination pixels.
static inline __m128i blend_pair(__m128i s, __m128i d, __m128i fade, int faded, int additive) {
    if (faded) s = lamina_div255_epi16(_mm_mullo_epi16(s, fade));
    if (additive) return _mm_add_epi16(s, d);
    __m128i sa = _mm_shufflehi_epi16(_mm_shufflelo_epi16(s, 0xFF), 0xFF);
    return _mm_add_epi16(s, lamina_div255_epi16(_mm_mullo_epi16(d, _mm_sub_epi16(_mm_set1_epi16(255), sa))));
}

static inline __attribute__((always_inline)) void sprite_span(uint32_t *out, int first, int last, const lamina_texture *src,
                                                              int32_t u, int32_t v, int32_t du, int32_t dv,
                                                              uint32_t tint, int additive) {
    const int32_t umax = (src->width - 2) << 16 | 0xffff, vmax = (src->height - 2) << 16 | 0xffff;
    const uint32_t *texels = src->texels;
    const int stride = src->stride_pixels;
    __m128i zero = _mm_setzero_si128();
    __m128i fade = _mm_unpacklo_epi8(_mm_cvtsi32_si128((int)tint), zero);
    fade = _mm_unpacklo_epi64(fade, fade);
    const int faded = tint != 0xFFFFFFFFu;
    int x = first;
    for (; x + 3 < last; x += 4) {
        __m128i s01 = _mm_unpacklo_epi64(sample(texels, stride, u, v, umax, vmax),
                                         sample(texels, stride, u + du, v + dv, umax, vmax));
        __m128i s23 = _mm_unpacklo_epi64(sample(texels, stride, u + 2 * du, v + 2 * dv, umax, vmax),
                                         sample(texels, stride, u + 3 * du, v + 3 * dv, umax, vmax));
        u += 4 * du; v += 4 * dv;
        __m128i d = _mm_loadu_si128((const __m128i *)(out + x));
        __m128i r01 = blend_pair(s01, _mm_unpacklo_epi8(d, zero), fade, faded, additive);
        __m128i r23 = blend_pair(s23, _mm_unpackhi_epi8(d, zero), fade, faded, additive);
        _mm_storeu_si128((__m128i *)(out + x), _mm_packus_epi16(r01, r23));
    }
    for (; x < last; x++, u += du, v += dv) {
        __m128i s = sample(texels, stride, u, v, umax, vmax);
        __m128i d = _mm_unpacklo_epi8(_mm_cvtsi32_si128((int)out[x]), zero);
        out[x] = (uint32_t)_mm_cvtsi128_si32(_mm_packus_epi16(blend_pair(s, d, fade, faded, additive), zero));
    }
}
#else
static void sprite_span(uint32_t *out, int first, int last, const lamina_texture *src,
                        int32_t u, int32_t v, int32_t du, int32_t dv, uint32_t tint, int additive) {
    const int32_t umax = (src->width - 2) << 16 | 0xffff, vmax = (src->height - 2) << 16 | 0xffff;
    int stride = src->stride_pixels;
    for (int x = first; x < last; x++, u += du, v += dv) {
        int32_t uc = u < 0 ? 0 : u > umax ? umax : u, vc = v < 0 ? 0 : v > vmax ? vmax : v;
        uint32_t p = lamina_bilinear(src->texels + (vc >> 16) * stride + (uc >> 16), stride, (uc >> 9) & 0x7f, (vc >> 9) & 0x7f);
        if (tint != 0xFFFFFFFFu) p = lamina_multiply_channels(p, tint);
        out[x] = additive ? lamina_add(p, out[x]) : lamina_over(p, out[x]);
    }
}
#endif

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <immintrin.h>
#define LAMINA_SPRITE_AVX2 1

#define DIV255_256(x) _mm256_srli_epi16(_mm256_add_epi16(_mm256_add_epi16((x), k128), \
                                        _mm256_srli_epi16(_mm256_add_epi16((x), k128), 8)), 8)

/// `sprite_span` four pixels a step in 256-bit lanes, where the CPU has AVX2 (asked at run
/// time): the same products, sums and roundings, so the same pixels. Each 128-bit half holds
/// one pixel's 2×2 texels as 16-bit lanes; the weights are spread per pixel by permutes.
static inline __attribute__((target("avx2"), always_inline)) void sprite_span_avx2(uint32_t *out, int first, int last, const lamina_texture *src,
                             int32_t u, int32_t v, int32_t du, int32_t dv, uint32_t tint, int additive) {
    const int32_t umax = (src->width - 2) << 16 | 0xffff, vmax = (src->height - 2) << 16 | 0xffff;
    const uint32_t *texels = src->texels;
    const int stride = src->stride_pixels;
    const __m128i zero = _mm_setzero_si128(), steps = _mm_setr_epi32(0, 1, 2, 3), low7 = _mm_set1_epi32(0x7f);
    const __m128i umaxv = _mm_set1_epi32(umax), vmaxv = _mm_set1_epi32(vmax), stridev = _mm_set1_epi32(stride);
    const __m128i du4 = _mm_set1_epi32((int32_t)((uint32_t)du * 4u)), dv4 = _mm_set1_epi32((int32_t)((uint32_t)dv * 4u));
    const __m256i k128 = _mm256_set1_epi16(128), k255 = _mm256_set1_epi16(255), round = _mm256_set1_epi32(1 << 13);
    const __m256i first_pair = _mm256_setr_epi32(0, 0, 0, 0, 1, 1, 1, 1), second_pair = _mm256_setr_epi32(2, 2, 2, 2, 3, 3, 3, 3);
    // Each left channel beside its right one (as the SSE2 path's unpack does), per 128-bit half.
    const __m256i pair_mask = _mm256_setr_epi8(0, 1, 8, 9, 2, 3, 10, 11, 4, 5, 12, 13, 6, 7, 14, 15,
                                               0, 1, 8, 9, 2, 3, 10, 11, 4, 5, 12, 13, 6, 7, 14, 15);
    const __m256i fade = _mm256_broadcastq_epi64(_mm_unpacklo_epi8(_mm_cvtsi32_si128((int)tint), zero));
    const int faded = tint != 0xFFFFFFFFu;
    __m128i U = _mm_add_epi32(_mm_set1_epi32(u), _mm_mullo_epi32(_mm_set1_epi32(du), steps));
    __m128i V = _mm_add_epi32(_mm_set1_epi32(v), _mm_mullo_epi32(_mm_set1_epi32(dv), steps));
    for (int x = first; x < last; x += 4) {
        __m128i uc = _mm_min_epi32(_mm_max_epi32(U, zero), umaxv), vc = _mm_min_epi32(_mm_max_epi32(V, zero), vmaxv);
        U = _mm_add_epi32(U, du4);
        V = _mm_add_epi32(V, dv4);
        __m128i at = _mm_add_epi32(_mm_mullo_epi32(_mm_srai_epi32(vc, 16), stridev), _mm_srai_epi32(uc, 16));
        const uint32_t *r0 = texels + _mm_cvtsi128_si32(at), *r1 = texels + _mm_extract_epi32(at, 1);
        const uint32_t *r2 = texels + _mm_extract_epi32(at, 2), *r3 = texels + _mm_extract_epi32(at, 3);
        __m256i top01 = _mm256_cvtepu8_epi16(_mm_unpacklo_epi64(_mm_loadl_epi64((const __m128i *)r0), _mm_loadl_epi64((const __m128i *)r1)));
        __m256i top23 = _mm256_cvtepu8_epi16(_mm_unpacklo_epi64(_mm_loadl_epi64((const __m128i *)r2), _mm_loadl_epi64((const __m128i *)r3)));
        __m256i bottom01 = _mm256_cvtepu8_epi16(_mm_unpacklo_epi64(_mm_loadl_epi64((const __m128i *)(r0 + stride)),
                                                                    _mm_loadl_epi64((const __m128i *)(r1 + stride))));
        __m256i bottom23 = _mm256_cvtepu8_epi16(_mm_unpacklo_epi64(_mm_loadl_epi64((const __m128i *)(r2 + stride)),
                                                                    _mm_loadl_epi64((const __m128i *)(r3 + stride))));
        __m128i dx = _mm_and_si128(_mm_srli_epi32(uc, 9), low7), dy = _mm_and_si128(_mm_srli_epi32(vc, 9), low7);
        // dy in both 16-bit halves of a pixel's word, 128 − dy likewise; (128 − dx, dx) as madd pairs.
        __m128i wy = _mm_or_si128(dy, _mm_slli_epi32(dy, 16));
        __m256i wy256 = _mm256_castsi128_si256(wy), cy256 = _mm256_castsi128_si256(_mm_sub_epi16(_mm_set1_epi16(128), wy));
        __m256i wx256 = _mm256_castsi128_si256(_mm_or_si128(_mm_sub_epi32(_mm_set1_epi32(128), dx), _mm_slli_epi32(dx, 16)));
        __m256i vertical01 = _mm256_add_epi16(_mm256_mullo_epi16(top01, _mm256_permutevar8x32_epi32(cy256, first_pair)),
                                              _mm256_mullo_epi16(bottom01, _mm256_permutevar8x32_epi32(wy256, first_pair)));
        __m256i vertical23 = _mm256_add_epi16(_mm256_mullo_epi16(top23, _mm256_permutevar8x32_epi32(cy256, second_pair)),
                                              _mm256_mullo_epi16(bottom23, _mm256_permutevar8x32_epi32(wy256, second_pair)));
        __m256i sum01 = _mm256_madd_epi16(_mm256_shuffle_epi8(vertical01, pair_mask), _mm256_permutevar8x32_epi32(wx256, first_pair));
        __m256i sum23 = _mm256_madd_epi16(_mm256_shuffle_epi8(vertical23, pair_mask), _mm256_permutevar8x32_epi32(wx256, second_pair));
        sum01 = _mm256_srli_epi32(_mm256_add_epi32(sum01, round), 14);
        sum23 = _mm256_srli_epi32(_mm256_add_epi32(sum23, round), 14);
        // Pixels 0 and 2 in the low half, 1 and 3 in the high one (packs works per half).
        __m256i s = _mm256_packs_epi32(sum01, sum23);
        if (faded) { __m256i product = _mm256_mullo_epi16(s, fade); s = DIV255_256(product); }
        // The last step of a row may hold fewer than four pixels: the others are sampled (at
        // clamped places) but neither read nor written.
        const int whole = last - x >= 4;
        const __m128i mask = _mm_cmpgt_epi32(_mm_set1_epi32(last - x), steps);
        __m128i under = whole ? _mm_loadu_si128((const __m128i *)(out + x)) : _mm_maskload_epi32((const int *)(out + x), mask);
        __m256i d = _mm256_cvtepu8_epi16(_mm_shuffle_epi32(under, 0xD8));
        __m256i r;
        if (additive) {
            r = _mm256_add_epi16(s, d);
        } else {
            __m256i sa = _mm256_shufflehi_epi16(_mm256_shufflelo_epi16(s, 0xFF), 0xFF);
            __m256i product = _mm256_mullo_epi16(d, _mm256_sub_epi16(k255, sa));
            r = _mm256_add_epi16(s, DIV255_256(product));
        }
        __m256i packed = _mm256_packus_epi16(r, r);
        __m128i result = _mm_unpacklo_epi32(_mm256_castsi256_si128(packed), _mm256_extracti128_si256(packed, 1));
        if (whole) _mm_storeu_si128((__m128i *)(out + x), result);
        else _mm_maskstore_epi32((int *)(out + x), mask, result);
    }
}
#endif

/// One particle over rows [y0, y1) and columns [left, right), each row's pixels drawn by SPAN: a
/// macro, so that the AVX2 copy has the whole particle in one function (a call per row, each
/// setting its constants up again, cost as much as the pixels of a 12-pixel sprite's row).
#define DRAW_SPRITE_BODY(SPAN) \
    const lamina_sprite *sprite = p->sprite;                                                                          \
    const lamina_texture *src = &sprite->texture;                                                                     \
    const double *m = p->inverse;                                                                                     \
    if (src->width < 2 || src->height < 2 || (p->tint >> 24) == 0 || sprite->radius < 0) return;                      \
    const int x0 = p->x0, x1 = p->x1;                                                                                 \
    /* Texel space at the center of pixel (0, y): (cu, cv) + (m[2], m[3])·(y + ½), as the affine kernel has it. */    \
    const double cu = m[4] + m[0] * 0.5 - 0.5, cv = m[5] + m[1] * 0.5 - 0.5;                                          \
    const int32_t du = lamina_fixed16(m[0]), dv = lamina_fixed16(m[1]);                                                             \
    /* Samples farther than this from the disc's center read only transparent texels (a */                            \
    /* sample reads texels within √2 of it; the rest is margin for rounding). */                                      \
    const double reach = sprite->radius + 1.5, a = m[0] * m[0] + m[1] * m[1], half_over_a = a > 0 ? 0.5 / a : 0;      \
    const lamina_row_bound inside[2] = { lamina_bound_for(cu, m[2], m[0], 0, src->width - 1), lamina_bound_for(cv, m[3], m[1], 0, src->height - 1) };\
    for (int y = y0; y < y1; y++) {                                                                                   \
        double center = y + 0.5, u0 = cu + m[2] * center, v0 = cv + m[3] * center;                                    \
        double from = x0, to = x1;                                                                                    \
        lamina_narrow(&inside[0], center, &from, &to);                                                                       \
        lamina_narrow(&inside[1], center, &from, &to);                                                                       \
        int first, last;                                                                                              \
        lamina_pixels_within(from, to, x0, x1, &first, &last);                                                               \
        if (first >= last) continue;                                                                                  \
        /* The walk starts where the affine kernel's does (the same 16.16 positions pixel by */                       \
        /* pixel); the disc then moves its ends inward. */                                                            \
        int32_t u = lamina_fixed16(u0 + m[0] * first), v = lamina_fixed16(v0 + m[1] * first);                                       \
        int first_visible = first;                                                                                    \
        if (a > 0) {                                                                                                  \
            /* |(u0, v0) + (m0, m1)·x − center|² ≤ reach²: a·x² + b·x + c ≤ 0. */                                     \
            double pu = u0 - sprite->center_u, pv = v0 - sprite->center_v;                                            \
            double b = 2 * (pu * m[0] + pv * m[1]), c = pu * pu + pv * pv - reach * reach;                            \
            double disc = b * b - 4 * a * c;                                                                          \
            if (disc < 0) continue;                                                                                   \
            double root = sqrt(disc), near = (-b - root) * half_over_a, far = (-b + root) * half_over_a;              \
            int from_disc, to_disc;                                                                                   \
            lamina_pixels_within(near, far + 1, first, last, &from_disc, &to_disc);                                          \
            if (from_disc >= to_disc) continue;                                                                       \
            first_visible = from_disc;                                                                                \
            last = to_disc;                                                                                           \
        }                                                                                                             \
        /* Cut to the tile's columns: the walk moves as many steps as pixels are left out, so a */                    \
        /* particle across tiles comes out as one drawn whole. */                                                     \
        if (first_visible < left) first_visible = left;                                                               \
        if (last > right) last = right;                                                                               \
        if (first_visible >= last) continue;                                                                          \
        u += (first_visible - first) * du;                                                                            \
        v += (first_visible - first) * dv;                                                                            \
        first = first_visible;                                                                                        \
        SPAN(dst + (long)y * dst_stride, first, last, src, u, v, du, dv, p->tint, additive);                          \
    }                                                                                                                 

static void draw_sprite(uint32_t *dst, int dst_stride, int left, int right, int y0, int y1,
                        const lamina_sprite_placement *p, int additive) {
    DRAW_SPRITE_BODY(sprite_span)
}

#if defined(LAMINA_SPRITE_AVX2)
/// `DRAW_SPRITE_BODY` with `sprite_span_avx2`, one row at a time: for a map that does not move
/// along a row (a = 0, no disc to cut rows to: never for a placed particle).
__attribute__((target("avx2")))
static void draw_sprite_rows_avx2(uint32_t *dst, int dst_stride, int left, int right, int y0, int y1,
                                  const lamina_sprite_placement *p, int additive) {
    DRAW_SPRITE_BODY(sprite_span_avx2)
}

/// ceil(v) clamped into [lo, hi], NaN giving hi with `nan_gives_hi` and lo without (as the
/// scalar comparisons fall through): `pixels_within`'s two ends, four rows at once. Clamped as the scalar branches do: ceil(v) for lo < v < hi, lo at or
/// below lo, hi at or above hi (ceil keeps a value in (lo, hi) within (lo, hi]).
__attribute__((target("avx2")))
static inline __m256d clamped_ceil(__m256d v, __m256d lo, __m256d hi, int nan_gives_hi) {
    __m256d c = _mm256_round_pd(v, _MM_FROUND_TO_POS_INF | _MM_FROUND_NO_EXC);
    // max/min return their second operand when either is NaN.
    return nan_gives_hi ? _mm256_max_pd(_mm256_min_pd(c, hi), lo) : _mm256_min_pd(_mm256_max_pd(c, lo), hi);
}

/// One bound of `lamina_narrow` for four rows: [from, to) narrowed, or `ok` cleared where a
/// constant coordinate is out of range (the scalar code empties the row: to = from).
__attribute__((target("avx2")))
static inline void narrow4(const lamina_row_bound *b, __m256d center, __m256d *from, __m256d *to, __m256d *ok) {
    if (b->constant) {
        __m256d u = _mm256_add_pd(_mm256_set1_pd(b->c), _mm256_mul_pd(_mm256_set1_pd(b->cy), center));
        __m256d out = _mm256_or_pd(_mm256_cmp_pd(u, _mm256_set1_pd(b->lo), _CMP_LT_OQ), _mm256_cmp_pd(u, _mm256_set1_pd(b->hi), _CMP_GE_OQ));
        *ok = _mm256_andnot_pd(out, *ok);
        return;
    }
    __m256d f = _mm256_add_pd(_mm256_set1_pd(b->from0), _mm256_mul_pd(_mm256_set1_pd(b->slope), center));
    __m256d t = _mm256_add_pd(_mm256_set1_pd(b->to0), _mm256_mul_pd(_mm256_set1_pd(b->slope), center));
    *from = _mm256_max_pd(f, *from);      /* if (f > from) from = f */
    *to = _mm256_min_pd(t, *to);          /* if (t < to) to = t */
}

/// `DRAW_SPRITE_BODY` with the rows' set-up four rows at a time in 256-bit lanes of doubles:
/// the same operations in the same order on each lane as the scalar code's (no fused
/// multiply-adds, the same roundings), so every row starts, ends and walks exactly as there.
/// A 12-pixel sprite's rows are three or four steps of pixels: worked out one by one, with a
/// square root and half a dozen unpredictable branches each, the rows' set-up cost about as
/// much as their pixels.
__attribute__((target("avx2")))
static void draw_sprite_avx2(uint32_t *dst, int dst_stride, int left, int right, int y0, int y1,
                             const lamina_sprite_placement *p, int additive) {
    const lamina_sprite *sprite = p->sprite;
    const lamina_texture *src = &sprite->texture;
    const double *m = p->inverse;
    if (src->width < 2 || src->height < 2 || (p->tint >> 24) == 0 || sprite->radius < 0) return;
    const double a = m[0] * m[0] + m[1] * m[1];
    if (!(a > 0)) { draw_sprite_rows_avx2(dst, dst_stride, left, right, y0, y1, p, additive); return; }
    const int x0 = p->x0, x1 = p->x1;
    const double cu = m[4] + m[0] * 0.5 - 0.5, cv = m[5] + m[1] * 0.5 - 0.5;
    const int32_t du = lamina_fixed16(m[0]), dv = lamina_fixed16(m[1]);
    const double reach = sprite->radius + 1.5, half_over_a = 0.5 / a;
    const lamina_row_bound inside[2] = { lamina_bound_for(cu, m[2], m[0], 0, src->width - 1), lamina_bound_for(cv, m[3], m[1], 0, src->height - 1) };
    const __m256d X0 = _mm256_set1_pd(x0), X1 = _mm256_set1_pd(x1), LEFT = _mm256_set1_pd(left), RIGHT = _mm256_set1_pd(right);
    const __m256d CU = _mm256_set1_pd(cu), CV = _mm256_set1_pd(cv), M0 = _mm256_set1_pd(m[0]), M1 = _mm256_set1_pd(m[1]);
    const __m256d M2 = _mm256_set1_pd(m[2]), M3 = _mm256_set1_pd(m[3]), K = _mm256_set1_pd(65536), ZERO = _mm256_setzero_pd();
    const __m256d CENTER_U = _mm256_set1_pd(sprite->center_u), CENTER_V = _mm256_set1_pd(sprite->center_v);
    const __m256d REACH2 = _mm256_set1_pd(reach * reach), FOUR_A = _mm256_set1_pd(4 * a), HALF_OVER_A = _mm256_set1_pd(half_over_a);
    const __m256d TWO = _mm256_set1_pd(2), ONE = _mm256_set1_pd(1), ALL = _mm256_castsi256_pd(_mm256_set1_epi32(-1));
    const __m128i DU = _mm_set1_epi32(du), DV = _mm_set1_epi32(dv);
    // The rows' set-up for up to 32 rows first, then their pixels: with no pixels between
    // them, the blocks' long chains (a square root, roundings) overlap one another.
    enum { CHUNK = 32 };
    int32_t us[CHUNK], vs[CHUNK], starts[CHUNK], ends[CHUNK];
    for (int top = y0; top < y1; top += CHUNK) {
        const int bottom = y1 - top < CHUNK ? y1 : top + CHUNK;
        uint32_t drawn = 0;      /* bit k: row top + k has pixels */
        for (int y = top; y < bottom; y += 4) {
            __m256d center = _mm256_add_pd(_mm256_set_pd(y + 3, y + 2, y + 1, y), _mm256_set1_pd(0.5));
            __m256d u0 = _mm256_add_pd(CU, _mm256_mul_pd(M2, center)), v0 = _mm256_add_pd(CV, _mm256_mul_pd(M3, center));
            __m256d from = X0, to = X1, ok = ALL;
            narrow4(&inside[0], center, &from, &to, &ok);
            narrow4(&inside[1], center, &from, &to, &ok);
            __m256d first = clamped_ceil(from, X0, X1, 0), last = clamped_ceil(to, X0, X1, 1);
            ok = _mm256_and_pd(ok, _mm256_cmp_pd(first, last, _CMP_LT_OQ));
            __m128i u = _mm256_cvtpd_epi32(_mm256_mul_pd(_mm256_add_pd(u0, _mm256_mul_pd(M0, first)), K));
            __m128i v = _mm256_cvtpd_epi32(_mm256_mul_pd(_mm256_add_pd(v0, _mm256_mul_pd(M1, first)), K));
            // |(u0, v0) + (m0, m1)·x − center|² ≤ reach²: a·x² + b·x + c ≤ 0.
            __m256d pu = _mm256_sub_pd(u0, CENTER_U), pv = _mm256_sub_pd(v0, CENTER_V);
            __m256d b = _mm256_mul_pd(TWO, _mm256_add_pd(_mm256_mul_pd(pu, M0), _mm256_mul_pd(pv, M1)));
            __m256d c = _mm256_sub_pd(_mm256_add_pd(_mm256_mul_pd(pu, pu), _mm256_mul_pd(pv, pv)), REACH2);
            __m256d disc = _mm256_sub_pd(_mm256_mul_pd(b, b), _mm256_mul_pd(FOUR_A, c));
            ok = _mm256_andnot_pd(_mm256_cmp_pd(disc, ZERO, _CMP_LT_OQ), ok);
            __m256d root = _mm256_sqrt_pd(disc), minus_b = _mm256_xor_pd(b, _mm256_set1_pd(-0.0));
            __m256d near = _mm256_mul_pd(_mm256_sub_pd(minus_b, root), HALF_OVER_A);
            __m256d far = _mm256_mul_pd(_mm256_add_pd(minus_b, root), HALF_OVER_A);
            __m256d from_disc = clamped_ceil(near, first, last, 0), to_disc = clamped_ceil(_mm256_add_pd(far, ONE), first, last, 1);
            ok = _mm256_and_pd(ok, _mm256_cmp_pd(from_disc, to_disc, _CMP_LT_OQ));
            // Cut to the tile's columns: the walk moves as many steps as pixels are left out.
            __m256d visible = _mm256_max_pd(from_disc, LEFT), end = _mm256_min_pd(to_disc, RIGHT);
            ok = _mm256_and_pd(ok, _mm256_cmp_pd(visible, end, _CMP_LT_OQ));
            __m128i skipped = _mm_sub_epi32(_mm256_cvtpd_epi32(visible), _mm256_cvtpd_epi32(first));
            u = _mm_add_epi32(u, _mm_mullo_epi32(skipped, DU));
            v = _mm_add_epi32(v, _mm_mullo_epi32(skipped, DV));
            const int k = y - top;
            drawn |= (uint32_t)_mm256_movemask_pd(ok) << k;
            _mm_storeu_si128((__m128i *)(us + k), u);
            _mm_storeu_si128((__m128i *)(vs + k), v);
            _mm_storeu_si128((__m128i *)(starts + k), _mm256_cvtpd_epi32(visible));
            _mm_storeu_si128((__m128i *)(ends + k), _mm256_cvtpd_epi32(end));
        }
        for (int y = top; y < bottom; y++) {
            const int k = y - top;
            if (!(drawn >> k & 1)) continue;
            sprite_span_avx2(dst + (long)y * dst_stride, starts[k], ends[k], src, us[k], vs[k], du, dv, p->tint, additive);
        }
    }
}
#endif

void lamina_sprites_draw(uint32_t *dst, int dst_stride, int left, int top, int right, int bottom,
                         const lamina_sprite_placement *placed, const int32_t *indices, int count, int additive) {
#if defined(LAMINA_SPRITE_AVX2)
    const int wide = __builtin_cpu_supports("avx2");
#else
    const int wide = 0;
#endif
    (void)wide;
    for (int k = 0; k < count; k++) {
        // The placements of a tile are far apart in memory: ask for the next ones early.
        if (k + 4 < count) __builtin_prefetch(&placed[indices[k + 4]]);
        const lamina_sprite_placement *p = &placed[indices[k]];
        int y0 = p->y0 > top ? p->y0 : top, y1 = p->y1 < bottom ? p->y1 : bottom;
        if (y0 >= y1 || p->x0 >= right || p->x1 <= left) continue;
#if defined(LAMINA_SPRITE_AVX2)
        if (wide) { draw_sprite_avx2(dst, dst_stride, left, right, y0, y1, p, additive); continue; }
#endif
        draw_sprite(dst, dst_stride, left, right, y0, y1, p, additive);
    }
}
