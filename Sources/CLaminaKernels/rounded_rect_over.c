// A layer's rounded rectangle and border drawn from their outline (analytic coverage), for the
// items whose texture is only that: no texel is read, so a thousand turned tiles cost the
// arithmetic of their edges and the fill of their interiors, not a thousand textures' worth of
// cache misses. Coverage is the pixel center's distance to each edge in device pixels, as a ramp
// one pixel wide (the usual approximation of the area a straight edge covers).
#include "lamina_kernels.h"
#include "pixel_math.h"
#include "row_bounds.h"
#include <math.h>
#include <string.h>

/// One shape's numbers in the form the per-pixel code uses (floats, texel edge coordinates).
typedef struct {
    float x0, y0, x1, y1, mid_x, mid_y, radius;
    float ix0, iy0, ix1, iy1, inner_radius;
    float device_per_texel;
    /// Per side (x0, x1, y0, y1): 1 where cut by pixel centers.
    int alias_x0, alias_x1, alias_y0, alias_y1;
    int has_inner;
    unsigned rounded;
} outline_numbers;

#if defined(__SSE2__)
/// Per side of an outline: coverage = clamp(bias − distance·k), distance in texels outside the
/// side; k is the device scale with bias ½ on a soft side, and steep with bias 1 on a cut one (a
/// step at the side: pixel centers on it are inside).
typedef struct {
    __m128 edge[4], k[4], bias[4];
    __m128 mid_x, mid_y, half_x, half_y, radius, scale;
    __m128 corner_mask[4];
    int has_radius;
} outline_lanes;

static inline __m128 clamp01_ps(__m128 v) { return _mm_min_ps(_mm_max_ps(v, _mm_setzero_ps()), _mm_set1_ps(1)); }

static void lanes_for(outline_lanes *out, float x0, float y0, float x1, float y1, float mid_x, float mid_y, float radius,
                      unsigned rounded, float s, const int aliased[4]) {
    outline_lanes l;
    const float edges[4] = { x0, x1, y0, y1 };
    for (int i = 0; i < 4; i++) {
        l.edge[i] = _mm_set1_ps(edges[i]);
        l.k[i] = _mm_set1_ps(aliased[i] ? 1e7f : s);
        l.bias[i] = _mm_set1_ps(aliased[i] ? 1.0f : 0.5f);
    }
    l.mid_x = _mm_set1_ps(mid_x); l.mid_y = _mm_set1_ps(mid_y);
    l.half_x = _mm_set1_ps((x1 - x0) / 2); l.half_y = _mm_set1_ps((y1 - y0) / 2);
    l.radius = _mm_set1_ps(radius); l.scale = _mm_set1_ps(s);
    const unsigned bits[4] = { LAMINA_CORNER_X0Y0, LAMINA_CORNER_X1Y0, LAMINA_CORNER_X0Y1, LAMINA_CORNER_X1Y1 };
    for (int i = 0; i < 4; i++) l.corner_mask[i] = _mm_castsi128_ps(_mm_set1_epi32((rounded & bits[i]) ? -1 : 0));
    l.has_radius = radius > 0 && rounded != 0;
    *out = l;
}

/// Four pixels' coverage of the outline `l` at texel positions (u, v).
static inline __m128 box_coverage_ps(const outline_lanes *l, __m128 u, __m128 v) {
    __m128 c = clamp01_ps(_mm_sub_ps(l->bias[0], _mm_mul_ps(_mm_sub_ps(l->edge[0], u), l->k[0])));
    c = _mm_min_ps(c, clamp01_ps(_mm_sub_ps(l->bias[1], _mm_mul_ps(_mm_sub_ps(u, l->edge[1]), l->k[1]))));
    c = _mm_min_ps(c, clamp01_ps(_mm_sub_ps(l->bias[2], _mm_mul_ps(_mm_sub_ps(l->edge[2], v), l->k[2]))));
    c = _mm_min_ps(c, clamp01_ps(_mm_sub_ps(l->bias[3], _mm_mul_ps(_mm_sub_ps(v, l->edge[3]), l->k[3]))));
    if (!l->has_radius) return c;
    const __m128 sign = _mm_set1_ps(-0.0f), zero = _mm_setzero_ps();
    __m128 dx = _mm_sub_ps(u, l->mid_x), dy = _mm_sub_ps(v, l->mid_y);
    // Past the straight part of both sides: the corner's circle decides.
    __m128 qx = _mm_sub_ps(_mm_andnot_ps(sign, dx), _mm_sub_ps(l->half_x, l->radius));
    __m128 qy = _mm_sub_ps(_mm_andnot_ps(sign, dy), _mm_sub_ps(l->half_y, l->radius));
    __m128 in_corner = _mm_and_ps(_mm_cmpgt_ps(qx, zero), _mm_cmpgt_ps(qy, zero));
    if (_mm_movemask_ps(in_corner) == 0) return c;
    __m128 right = _mm_cmpge_ps(dx, zero), bottom = _mm_cmpge_ps(dy, zero);
    __m128 rounded = _mm_or_ps(_mm_or_ps(_mm_andnot_ps(right, _mm_andnot_ps(bottom, l->corner_mask[0])),
                                         _mm_and_ps(right, _mm_andnot_ps(bottom, l->corner_mask[1]))),
                               _mm_or_ps(_mm_andnot_ps(right, _mm_and_ps(bottom, l->corner_mask[2])),
                                         _mm_and_ps(right, _mm_and_ps(bottom, l->corner_mask[3]))));
    __m128 distance = _mm_sub_ps(_mm_sqrt_ps(_mm_add_ps(_mm_mul_ps(qx, qx), _mm_mul_ps(qy, qy))), l->radius);
    __m128 t = clamp01_ps(_mm_sub_ps(_mm_set1_ps(0.5f), _mm_mul_ps(distance, l->scale)));
    __m128 applies = _mm_and_ps(in_corner, rounded);
    return _mm_or_ps(_mm_and_ps(applies, _mm_min_ps(c, t)), _mm_andnot_ps(applies, c));
}

/// One pixel's premultiplied color from its weights, as 4 × 16-bit lanes (the low half):
/// (border·wb + fill·wf) / 255, rounded as `mix` rounds.
static inline __m128i mix_lanes(__m128i pairs, int wb, int wf) {
    __m128i x = _mm_madd_epi16(pairs, _mm_set1_epi32(wf << 16 | wb));
    x = _mm_add_epi32(x, _mm_set1_epi32(0x80));
    x = _mm_srli_epi32(_mm_add_epi32(x, _mm_srli_epi32(x, 8)), 8);
    return _mm_packs_epi32(x, x);
}
#endif

#if defined(__SSE2__)
/// `covered_span` four pixels at a time: coverage in float lanes, colors in 16-bit lanes.
static void covered_span_lanes(uint32_t *out, int first, int last, const outline_lanes *outer, const outline_lanes *inner,
                               int has_inner, float border_alpha, uint32_t border, uint32_t fill, uint32_t tint,
                               double u0, double v0, double du, double dv) {
    const __m128i zero = _mm_setzero_si128(), full = _mm_set1_epi16(255);
    // Each channel of the border beside the same channel of the fill, for one multiply-add.
    const __m128i pairs = _mm_unpacklo_epi16(_mm_unpacklo_epi8(_mm_cvtsi32_si128((int)border), zero),
                                             _mm_unpacklo_epi8(_mm_cvtsi32_si128((int)fill), zero));
    __m128i fade = _mm_unpacklo_epi8(_mm_cvtsi32_si128((int)tint), zero);
    fade = _mm_unpacklo_epi64(fade, fade);
    const int faded = tint != 0xFFFFFFFFu;
    const __m128 steps = _mm_set_ps(3, 2, 1, 0), step_u = _mm_set1_ps((float)du), step_v = _mm_set1_ps((float)dv);
    const __m128 one = _mm_set1_ps(1), scale255 = _mm_set1_ps(255), half = _mm_set1_ps(0.5f);
    const __m128 alpha = _mm_set1_ps(border_alpha > 0 ? border_alpha : 0);
    for (int x = first; x < last; x += 4) {
        // Each group's first position from the row's origin in doubles: no drift along the row.
        __m128 u = _mm_add_ps(_mm_set1_ps((float)(u0 + du * x)), _mm_mul_ps(steps, step_u));
        __m128 v = _mm_add_ps(_mm_set1_ps((float)(v0 + dv * x)), _mm_mul_ps(steps, step_v));
        __m128 o = box_coverage_ps(outer, u, v), ring;
        if (has_inner) ring = _mm_max_ps(_mm_sub_ps(o, box_coverage_ps(inner, u, v)), _mm_setzero_ps());
        else ring = border_alpha >= 0 ? o : _mm_setzero_ps();
        __m128i wb = _mm_cvttps_epi32(_mm_add_ps(_mm_mul_ps(ring, scale255), half));
        __m128i wf = _mm_cvttps_epi32(_mm_add_ps(_mm_mul_ps(_mm_mul_ps(o, _mm_sub_ps(one, _mm_mul_ps(alpha, ring))), scale255), half));
        if (_mm_movemask_epi8(_mm_cmpeq_epi32(_mm_or_si128(wb, wf), zero)) == 0xFFFF) continue;
        int b[4], f[4];
        _mm_storeu_si128((__m128i *)b, wb);
        _mm_storeu_si128((__m128i *)f, wf);
        const int n = last - x < 4 ? last - x : 4;
        for (int k = 0; k < n; k += 2) {
            __m128i s = mix_lanes(pairs, b[k], f[k]);
            if (k + 1 < n) s = _mm_unpacklo_epi64(s, mix_lanes(pairs, b[k + 1], f[k + 1]));
            s = _mm_min_epi16(s, full);
            if (faded) s = lamina_div255_epi16(_mm_mullo_epi16(s, fade));
            if (k + 1 < n) {
                __m128i sa = _mm_shufflehi_epi16(_mm_shufflelo_epi16(s, 0xFF), 0xFF);
                __m128i d = _mm_unpacklo_epi8(_mm_loadl_epi64((const __m128i *)(out + x + k)), zero);
                d = lamina_div255_epi16(_mm_mullo_epi16(d, _mm_sub_epi16(full, sa)));
                _mm_storel_epi64((__m128i *)(out + x + k), _mm_packus_epi16(_mm_add_epi16(s, d), zero));
            } else {
                uint32_t p = (uint32_t)_mm_cvtsi128_si32(_mm_packus_epi16(s, zero));
                if (p) out[x + k] = lamina_over(p, out[x + k]);
            }
        }
    }
}
#endif

#if defined(__x86_64__)
#include <immintrin.h>

/// The kinds of outline the AVX2 loops are compiled for, each its own copy (a constant where
/// inlined): `OUTLINE_RING` a tile's, four sides cut alike (all soft, a ramp a pixel wide, or
/// all aliased, a step at the side), every corner rounded and a border whose inner corners
/// share the outer ones' centers (no per-pixel test of which corner or of a separate inner
/// circle); `OUTLINE_ALIKE` any other whose sides are cut alike; `OUTLINE_MIXED` some of each.
enum { OUTLINE_RING, OUTLINE_ALIKE, OUTLINE_MIXED };

/// The numbers every eight-pixel step uses, in all eight lanes: read from memory as operands of
/// the arithmetic rather than broadcast in each step (a fifth of a step's instructions were
/// broadcasts; sixteen registers cannot hold them all across a row).
typedef struct {
    __m256 du, dv, outer_reach_x, outer_reach_y, outer_radius, inner_reach_x, inner_reach_y, inner_radius, scale;
    /// The outer sides' slope and offset when cut alike, the inner edge's offset, the border's
    /// alpha (0 when none), and the border's and fill's tinted channels.
    __m256 outer_slope, outer_offset, inner_offset, alpha, border[4], fill[4];
} wide_vectors;

/// The AVX2 path's numbers for one call. A pixel's coverage of a side is clamp(distance·slope +
/// offset), its distance inside the side in texels: the device scale and ½ on a soft side,
/// steep and 1 on a cut one. Where the four sides are cut alike, the distances come from the
/// position less the middle (d, along a row `du`/`dv` a pixel); else each side of the outline
/// (0–3) and of the border's inner edge (4–7) has its own, changing by `step[i]` a pixel along
/// a row (its value at the row's first pixel is worked out per row, so that floats hold only
/// distances within the texture). Only `OUTLINE_MIXED` reads the per-side numbers (set for it
/// alone; the others read side 0's slope and offset).
typedef struct {
    wide_vectors v;
    float step[8], slope[8], offset[8];
    /// The outline's and the inner edge's sides as (−x0, x1, −y0, y1), for the rows' distances
    /// (`OUTLINE_MIXED`).
    double outer_edges[4], inner_edges[4];
    /// Corners: q = |position − middle| − `reach`, per axis; rounded where both q > 0.
    float du, dv, outer_reach_x, outer_reach_y, outer_radius, inner_reach_x, inner_reach_y, inner_radius, scale;
    /// The inner edge's ramp offset from the outer sides' least distance: ½ − border·scale.
    float inner_offset;
    float corner_mask[4];
    int outer_round, inner_round, has_inner, all_ring;
    /// `OUTLINE_RING`, `OUTLINE_ALIKE` or `OUTLINE_MIXED` (by the outer sides; the inner edge is soft).
    int kind;
    /// Whether every corner is rounded (no per-pixel choice of corner), and whether the inner
    /// corners' circles share the outer ones' centers (the same reach: one square root for both).
    int every_corner, shared_corners;
    float border_alpha;
    /// The border's and the fill's channels (blue, green, red, alpha) times the tint's, 0–255.
    float border_channels[4], fill_channels[4];
} wide_numbers;

/// `w->v` from the scalar numbers.
__attribute__((target("avx2,fma")))
static void wide_vectors_for(wide_numbers *w) {
    wide_vectors *v = &w->v;
    v->du = _mm256_set1_ps(w->du); v->dv = _mm256_set1_ps(w->dv);
    v->outer_reach_x = _mm256_set1_ps(w->outer_reach_x); v->outer_reach_y = _mm256_set1_ps(w->outer_reach_y);
    v->outer_radius = _mm256_set1_ps(w->outer_radius);
    v->inner_reach_x = _mm256_set1_ps(w->inner_reach_x); v->inner_reach_y = _mm256_set1_ps(w->inner_reach_y);
    v->inner_radius = _mm256_set1_ps(w->inner_radius);
    v->scale = _mm256_set1_ps(w->scale);
    v->outer_slope = _mm256_set1_ps(w->slope[0]); v->outer_offset = _mm256_set1_ps(w->offset[0]);
    v->inner_offset = _mm256_set1_ps(w->inner_offset);
    v->alpha = _mm256_set1_ps(w->border_alpha > 0 ? w->border_alpha : 0);
    for (int k = 0; k < 4; k++) {
        v->border[k] = _mm256_set1_ps(w->border_channels[k]);
        v->fill[k] = _mm256_set1_ps(w->fill_channels[k]);
    }
}

__attribute__((target("avx2,fma")))
static inline __m256 clamp01_wide(__m256 v) { return _mm256_min_ps(_mm256_max_ps(v, _mm256_setzero_ps()), _mm256_set1_ps(1)); }

/// Eight pixels' coverage of the sides [first_side, first_side + 4), each ramped as it is cut
/// (outlines whose sides are cut differently: an `edgeAntialiasingMask` with some sides off).
__attribute__((target("avx2,fma"), always_inline))
static inline __m256 sides_wide(const wide_numbers *w, const float *start, int first_side, __m256 X) {
    __m256 c = _mm256_set1_ps(1);
    for (int i = first_side; i < first_side + 4; i++) {
        const __m256 d = _mm256_fmadd_ps(X, _mm256_set1_ps(w->step[i]), _mm256_set1_ps(start[i]));
        c = _mm256_min_ps(c, clamp01_wide(_mm256_fmadd_ps(d, _mm256_set1_ps(w->slope[i]), _mm256_set1_ps(w->offset[i]))));
    }
    return c;
}

/// The corners' part of eight pixels' coverage: where both q > 0 (past the straight part of
/// both sides) at a rounded corner, the circle's coverage from `root` (the distance to the
/// circle's center) caps `c`.
__attribute__((target("avx2,fma"), always_inline))
static inline __m256 corner_wide(__m256 c, __m256 applies, __m256 root, __m256 radius, __m256 scale) {
    const __m256 t = clamp01_wide(_mm256_fnmadd_ps(_mm256_sub_ps(root, radius), scale, _mm256_set1_ps(0.5f)));
    return _mm256_blendv_ps(c, _mm256_min_ps(c, t), applies);
}

/// Where eight pixels are past both straight parts (qx > 0 and qy > 0, q = |d| − reach per
/// axis, d the position less the middle) at a rounded corner; all clear when none is.
__attribute__((target("avx2,fma"), always_inline))
static inline __m256 corner_lanes(const wide_numbers *w, int kind, __m256 dx, __m256 dy, __m256 qx, __m256 qy) {
    const __m256 zero = _mm256_setzero_ps();
    const __m256 in_corner = _mm256_and_ps(_mm256_cmp_ps(qx, zero, _CMP_GT_OQ), _mm256_cmp_ps(qy, zero, _CMP_GT_OQ));
    if (kind == OUTLINE_RING || w->every_corner || _mm256_movemask_ps(in_corner) == 0) return in_corner;
    // Which corner each pixel is at: its mask word, picked by the signs of dx and dy.
    __m256i index = _mm256_or_si256(_mm256_srli_epi32(_mm256_castps_si256(dx), 31),
                                    _mm256_slli_epi32(_mm256_srli_epi32(_mm256_castps_si256(dy), 31), 1));
    // Sign bits: 1 where left/top. Corner index k = right + 2·bottom → 3 − index.
    index = _mm256_sub_epi32(_mm256_set1_epi32(3), index);
    return _mm256_and_ps(in_corner, _mm256_permutevar8x32_ps(_mm256_castps128_ps256(_mm_loadu_ps(w->corner_mask)), index));
}

/// |d| − reach: how far past the straight part of its sides along one axis a position is.
__attribute__((target("avx2,fma"), always_inline))
static inline __m256 past_wide(__m256 d, __m256 reach) { return _mm256_sub_ps(_mm256_andnot_ps(_mm256_set1_ps(-0.0f), d), reach); }

/// The distance from the corner circles' centers: √(qx² + qy²).
__attribute__((target("avx2,fma"), always_inline))
static inline __m256 corner_root(__m256 qx, __m256 qy) { return _mm256_sqrt_ps(_mm256_fmadd_ps(qx, qx, _mm256_mul_ps(qy, qy))); }

/// Eight pixels of a row from their coverage, OVER `under` (their pixels now), in the lanes
/// `mine` (the others as `under` has them); 0 when none is covered enough to show. `X` holds each lane's pixel less the row's first (any pixels of the
/// row: coverage depends on the position alone), `start` each side's distance at the row's
/// first pixel, (um, vm) the texel position there less the middle. `kind` is the outline's
/// (`OUTLINE_RING`…, a constant where this is inlined, so each kind gets its own loop).
__attribute__((target("avx2,fma"), always_inline))
static inline int pixels_wide(const wide_numbers *w, const float start[8], float um, float vm, int kind, __m256 X, __m256i under,
                              __m256i mine, __m256i *result) {
    const wide_vectors *v = &w->v;
    const int has_inner = kind == OUTLINE_RING || w->has_inner, outer_round = kind == OUTLINE_RING || w->outer_round;
    const __m256 one = _mm256_set1_ps(1);
    // Less coverage than this rounds to nothing in an 8-bit weight: such pixels are left alone.
    const __m256 least = _mm256_set1_ps(0.5f / 255);
    // The position less the middle, and how far past each axis's straight part it is.
    const __m256 dx = _mm256_fmadd_ps(X, v->du, _mm256_set1_ps(um));
    const __m256 dy = _mm256_fmadd_ps(X, v->dv, _mm256_set1_ps(vm));
    const __m256 qx = past_wide(dx, v->outer_reach_x), qy = past_wide(dy, v->outer_reach_y);
    __m256 o, inner = _mm256_setzero_ps(), root = _mm256_setzero_ps(), outer_corners = root;
    if (kind == OUTLINE_MIXED) {
        o = sides_wide(w, start, 0, X);
        if (has_inner) inner = sides_wide(w, start, 4, X);
    } else {
        // Sides cut alike: the least of the four sides' distances is the least of the two axes'
        // (half the size less |d|, that is the radius less q), and the inner edge's is that less
        // the border's width (each inner side is its outer side moved in by the width).
        const __m256 nearest = _mm256_sub_ps(v->outer_radius, _mm256_max_ps(qx, qy));
        o = clamp01_wide(_mm256_fmadd_ps(nearest, v->outer_slope, v->outer_offset));
        if (has_inner) inner = clamp01_wide(_mm256_fmadd_ps(nearest, v->scale, v->inner_offset));
    }
    int any_corner = 0;
    if (outer_round) {
        outer_corners = corner_lanes(w, kind, dx, dy, qx, qy);
        any_corner = _mm256_movemask_ps(outer_corners) != 0;
        if (any_corner) {
            root = corner_root(qx, qy);
            o = corner_wide(o, outer_corners, root, v->outer_radius, v->scale);
        }
    }
    const __m256 shows = _mm256_and_ps(_mm256_cmp_ps(o, least, _CMP_GE_OQ), _mm256_castsi256_ps(mine));
    // (A tile's steps nearly always show, 106.4 k of 107.0 k a frame: its ring takes no branch on it.)
    if (kind != OUTLINE_RING && _mm256_movemask_ps(shows) == 0) return 0;
    __m256 ring;
    if (has_inner) {
        if (kind == OUTLINE_RING || w->shared_corners) {
            if (any_corner) inner = corner_wide(inner, outer_corners, root, v->inner_radius, v->scale);
        } else if (w->inner_round) {
            const __m256 iqx = past_wide(dx, v->inner_reach_x), iqy = past_wide(dy, v->inner_reach_y);
            const __m256 corners = corner_lanes(w, kind, dx, dy, iqx, iqy);
            if (_mm256_movemask_ps(corners) != 0) inner = corner_wide(inner, corners, corner_root(iqx, iqy), v->inner_radius, v->scale);
        }
        ring = _mm256_max_ps(_mm256_sub_ps(o, inner), _mm256_setzero_ps());
    } else {
        ring = w->all_ring ? o : _mm256_setzero_ps();
    }
    // The border's and the fill's channels (blue, green, red, alpha) tinted, as floats: a pixel's
    // color is ring·border + outer·(1 − α·ring)·fill, then OVER what is under it. Floats take
    // eight pixels a step without widening the channels to 16 bits and back, and without
    // rounding the weights: the stress scene's frame took a fifth less CPU than with 16-bit lanes.
    const __m256 under_fill = _mm256_mul_ps(o, _mm256_fnmadd_ps(v->alpha, ring, one));
    // A pixel's channels from their bytes, and back: byte k of each pixel to its own word, and
    // the four channels' words (packed with saturation) to each pixel's bytes in order.
    const __m256i green_byte = _mm256_setr_epi8(1, -1, -1, -1, 5, -1, -1, -1, 9, -1, -1, -1, 13, -1, -1, -1,
                                                1, -1, -1, -1, 5, -1, -1, -1, 9, -1, -1, -1, 13, -1, -1, -1);
    const __m256i red_byte = _mm256_setr_epi8(2, -1, -1, -1, 6, -1, -1, -1, 10, -1, -1, -1, 14, -1, -1, -1,
                                              2, -1, -1, -1, 6, -1, -1, -1, 10, -1, -1, -1, 14, -1, -1, -1);
    const __m256i interleave = _mm256_setr_epi8(0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15,
                                                0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15);
    #define SOURCE(k) _mm256_fmadd_ps(ring, v->border[k], _mm256_mul_ps(under_fill, v->fill[k]))
    const __m256 source_alpha = SOURCE(3);
    const __m256 kept = _mm256_fnmadd_ps(source_alpha, _mm256_set1_ps(1.0f / 255), one);
    // Each channel's result rounded to a word; the packs below saturate it at 255.
    #define CHANNEL(bytes, source) _mm256_cvtps_epi32(_mm256_fmadd_ps(_mm256_cvtepi32_ps(bytes), kept, (source)))
    const __m256i blue = CHANNEL(_mm256_and_si256(under, _mm256_set1_epi32(0xFF)), SOURCE(0));
    const __m256i green = CHANNEL(_mm256_shuffle_epi8(under, green_byte), SOURCE(1));
    const __m256i red = CHANNEL(_mm256_shuffle_epi8(under, red_byte), SOURCE(2));
    const __m256i alpha_channel = CHANNEL(_mm256_srli_epi32(under, 24), source_alpha);
    #undef CHANNEL
    #undef SOURCE
    // Per 128-bit lane (four pixels): blue and green words, red and alpha words, then their
    // bytes as b0–b3 g0–g3 r0–r3 a0–a3, shuffled into pixels.
    const __m256i bytes = _mm256_packus_epi16(_mm256_packus_epi32(blue, green), _mm256_packus_epi32(red, alpha_channel));
    // Pixels covered too little to show are left as they are, each on its own (not only when the
    // whole step is): so a pixel does not depend on which others share its step. So are the lanes
    // that are not this step's (`mine`): a step may store all eight.
    *result = _mm256_blendv_epi8(under, _mm256_shuffle_epi8(bytes, interleave), _mm256_castps_si256(shows));
    return 1;
}

/// The pixels [first, last) of a row, eight at a time (`pixels_wide`, `origin` the row's first
/// pixel, [lower, limit) the row's pixels this call may touch).
__attribute__((target("avx2,fma"), always_inline))
static inline void covered_span_avx2(uint32_t *out, int first, int last, int origin, int lower, int limit, const wide_numbers *w,
                                     const float start[8], float um, float vm, int kind) {
    const __m256 lanes = _mm256_setr_ps(0, 1, 2, 3, 4, 5, 6, 7);
    __m256i result;
    int x = first;
    // Whole steps while more than eight are left; the last one to eight always as the span's end
    // (no branch on whether exactly eight are left: most spans are one step long).
    for (; last - x > 8; x += 8) {
        if (pixels_wide(w, start, um, vm, kind, _mm256_add_ps(_mm256_set1_ps((float)(x - origin)), lanes),
                        _mm256_loadu_si256((const __m256i *)(out + x)), _mm256_set1_epi32(-1), &result))
            _mm256_storeu_si256((__m256i *)(out + x), result);
    }
    if (x >= last) return;
    // The span's end: eight pixels read and stored whole, the others than [x, last) as they
    // were read, where they are the call's (a masked store costs a dozen plain ones here):
    // from x, or ending at `limit`; else a masked step, nothing past `last` touched.
    const __m256i index = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    const int from = x + 8 <= limit ? x : limit - 8;
    if (from >= lower) {
        const __m256i mask = _mm256_and_si256(_mm256_cmpgt_epi32(index, _mm256_set1_epi32(x - from - 1)),
                                              _mm256_cmpgt_epi32(_mm256_set1_epi32(last - from), index));
        if (pixels_wide(w, start, um, vm, kind, _mm256_add_ps(_mm256_set1_ps((float)(from - origin)), lanes),
                        _mm256_loadu_si256((const __m256i *)(out + from)), mask, &result))
            _mm256_storeu_si256((__m256i *)(out + from), result);
        return;
    }
    const __m256i mask = _mm256_cmpgt_epi32(_mm256_set1_epi32(last - x), index);
    if (pixels_wide(w, start, um, vm, kind, _mm256_add_ps(_mm256_set1_ps((float)(x - origin)), lanes),
                    _mm256_maskload_epi32((const int *)(out + x), mask), mask, &result))
        _mm256_maskstore_epi32((int *)(out + x), mask, result);
}

/// Lanes below k set, for k in 0…8: eight words from `lanes_below + 8 − k`.
static const int32_t lanes_below[16] = { -1, -1, -1, -1, -1, -1, -1, -1, 0, 0, 0, 0, 0, 0, 0, 0 };

/// A row's two covered spans [first, first + a) and [second, second + b), a + b ≤ 8, in one step:
/// the first in lanes [0, a), the second in lanes [a, a + b) (`origin` the row's first pixel, as
/// for `covered_span_avx2`). Most rows of a turned tile have a few covered pixels on each side
/// of their flat span: one step for both, not one each.
__attribute__((target("avx2,fma"), always_inline))
static inline void covered_pair_avx2(uint32_t *out, int first, int a, int second, int b, int origin, int lower, int limit,
                                     const wide_numbers *w, const float start[8], float um, float vm, int kind) {
    const __m256i index = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    const __m256 lanes = _mm256_cvtepi32_ps(index);
    const __m256i in_first = _mm256_loadu_si256((const __m256i *)(lanes_below + 8 - a));
    __m256i result;
    const int from = first + 8 <= limit ? first : limit - 8;
    if (second + b - first <= 8 && from >= lower) {
        // Both spans within eight pixels: one window (from `first`, or ending at `limit`), the
        // flat pixels between them left alone.
        const __m256i mine = _mm256_or_si256(_mm256_and_si256(_mm256_cmpgt_epi32(index, _mm256_set1_epi32(first - from - 1)),
                                                              _mm256_cmpgt_epi32(_mm256_set1_epi32(first + a - from), index)),
                                             _mm256_and_si256(_mm256_cmpgt_epi32(index, _mm256_set1_epi32(second - from - 1)),
                                                              _mm256_cmpgt_epi32(_mm256_set1_epi32(second + b - from), index)));
        const __m256 X = _mm256_add_ps(_mm256_set1_ps((float)(from - origin)), lanes);
        if (pixels_wide(w, start, um, vm, kind, X, _mm256_loadu_si256((const __m256i *)(out + from)), mine, &result))
            _mm256_storeu_si256((__m256i *)(out + from), result);
        return;
    }
    const __m256i in_second = _mm256_andnot_si256(in_first, _mm256_loadu_si256((const __m256i *)(lanes_below + 8 - a - b)));
    // Lane i of the second span is its pixel i − a: addressed from `second − a`, the same
    // positions as a step of its own (whole numbers, exact in floats).
    const __m256 X = _mm256_add_ps(_mm256_blendv_ps(_mm256_set1_ps((float)(second - origin - a)), _mm256_set1_ps((float)(first - origin)),
                                                    _mm256_castsi256_ps(in_first)), lanes);
    const __m256i mine = _mm256_or_si256(in_first, in_second);
    if (second - a >= first + 8 && second - a + 8 <= limit) {
        // Two windows apart, within the call's pixels: read and stored whole (a masked store
        // costs a dozen plain ones here), each keeping what it read outside its span.
        const __m256i left = _mm256_loadu_si256((const __m256i *)(out + first)), right = _mm256_loadu_si256((const __m256i *)(out + second - a));
        if (!pixels_wide(w, start, um, vm, kind, X, _mm256_blendv_epi8(right, left, in_first), mine, &result)) return;
        _mm256_storeu_si256((__m256i *)(out + first), _mm256_blendv_epi8(left, result, in_first));
        _mm256_storeu_si256((__m256i *)(out + second - a), _mm256_blendv_epi8(right, result, in_second));
        return;
    }
    const __m256i under = _mm256_or_si256(_mm256_maskload_epi32((const int *)(out + first), in_first),
                                          _mm256_maskload_epi32((const int *)(out + second - a), in_second));
    if (!pixels_wide(w, start, um, vm, kind, X, under, mine, &result)) return;
    _mm256_maskstore_epi32((int *)(out + first), in_first, result);
    _mm256_maskstore_epi32((int *)(out + second - a), in_second, result);
}
#endif

#if defined(__x86_64__)
/// A flat interior's color as the AVX2 row loop fills it, in place of a call to
/// `lamina_solid_over` per row (its checks, its set-up and the call were a third of the fill's
/// instructions at a turned tile's forty-odd pixels a row).
typedef struct {
    /// 255·channel + 128 per 16-bit lane (eight pixels' worth, as bytes unpack), and 255 − alpha.
    __m256i biased, inverse;
    /// `FILL_NONE`, `FILL_STORE` (opaque), `FILL_BLEND`, or `FILL_CALL` (a channel above its
    /// alpha: `lamina_solid_over`, which saturates such sums).
    int kind;
    uint32_t color;
} fill_lanes;

enum { FILL_NONE, FILL_STORE, FILL_BLEND, FILL_CALL };

__attribute__((target("avx2")))
static inline fill_lanes fill_lanes_for(uint32_t color) {
    fill_lanes f;
    const uint32_t alpha = color >> 24;
    int premultiplied = 1;
    for (int k = 0; k < 24; k += 8) premultiplied &= ((color >> k) & 0xFF) <= alpha;
    f.kind = color == 0 ? FILL_NONE : alpha == 255 && premultiplied ? FILL_STORE : premultiplied ? FILL_BLEND : FILL_CALL;
    const __m256i channels = _mm256_unpacklo_epi8(_mm256_set1_epi32((int)color), _mm256_setzero_si256());
    f.biased = _mm256_add_epi16(_mm256_mullo_epi16(channels, _mm256_set1_epi16(255)), _mm256_set1_epi16(128));
    f.inverse = _mm256_set1_epi16((short)(255 - alpha));
    f.color = color;
    return f;
}

/// Eight pixels under `f`'s color: (d·(255 − α) + 255·c + 128)·257 >> 16, which is
/// c + d·(255 − α)/255 rounded as `lamina_solid_over` rounds it (adding 255·c before the division
/// adds exactly c after it, and the sum stays within 255·255 when c ≤ α).
__attribute__((target("avx2"), always_inline))
static inline __m256i fill_eight(__m256i d, const fill_lanes *f) {
    const __m256i zero = _mm256_setzero_si256(), by257 = _mm256_set1_epi16(257);
    const __m256i lo = _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16(_mm256_unpacklo_epi8(d, zero), f->inverse), f->biased), by257);
    const __m256i hi = _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16(_mm256_unpackhi_epi8(d, zero), f->inverse), f->biased), by257);
    return _mm256_packus_epi16(lo, hi);
}

/// `f`'s color OVER `count` pixels: `lamina_solid_over`'s pixels, inlined into the row loop;
/// the pixels [lower, limit) from `dst` (lower ≤ 0, limit ≥ count) are the call's to read and
/// store back unchanged. `blend`: a constant 1 where the caller's loop is compiled for
/// `FILL_BLEND` alone, else 0 (the kind is read from `f`).
__attribute__((target("avx2"), always_inline))
static inline void fill_wide(uint32_t *dst, int count, int lower, int limit, const fill_lanes *f, int blend) {
    if (count <= 0 || (!blend && f->kind == FILL_NONE)) return;
    if (!blend && f->kind != FILL_BLEND) {
        if (f->kind == FILL_STORE) for (int i = 0; i < count; i++) dst[i] = f->color;
        else lamina_solid_over(dst, count, f->color);
        return;
    }
    int i = 0;
    if (count >= 16) {
        // The last sixteen worked out from the pixels as they were, before anything is stored,
        // and stored last: where they overlap the loop's they put down the same values.
        const __m256i a = _mm256_loadu_si256((const __m256i *)(dst + count - 16)), b = _mm256_loadu_si256((const __m256i *)(dst + count - 8));
        const __m256i last_a = fill_eight(a, f), last_b = fill_eight(b, f);
        for (; i + 16 < count; i += 16) {
            const __m256i c = _mm256_loadu_si256((const __m256i *)(dst + i)), d = _mm256_loadu_si256((const __m256i *)(dst + i + 8));
            _mm256_storeu_si256((__m256i *)(dst + i), fill_eight(c, f));
            _mm256_storeu_si256((__m256i *)(dst + i + 8), fill_eight(d, f));
        }
        _mm256_storeu_si256((__m256i *)(dst + count - 16), last_a);
        _mm256_storeu_si256((__m256i *)(dst + count - 8), last_b);
        return;
    }
    if (count >= 8) {
        // Eight to fifteen: the last eight so too, after the first eight.
        const __m256i last = fill_eight(_mm256_loadu_si256((const __m256i *)(dst + count - 8)), f);
        if (count > 8) _mm256_storeu_si256((__m256i *)dst, fill_eight(_mm256_loadu_si256((const __m256i *)dst), f));
        _mm256_storeu_si256((__m256i *)(dst + count - 8), last);
        return;
    }
    for (; i + 16 <= count; i += 16) {
        const __m256i a = _mm256_loadu_si256((const __m256i *)(dst + i)), b = _mm256_loadu_si256((const __m256i *)(dst + i + 8));
        _mm256_storeu_si256((__m256i *)(dst + i), fill_eight(a, f));
        _mm256_storeu_si256((__m256i *)(dst + i + 8), fill_eight(b, f));
    }
    if (i == count) return;
    const int tail_from = i + 16 <= limit ? i : limit - 16;
    if (tail_from >= lower) {
        // The last few (under sixteen): sixteen pixels stored whole (from i, or ending at `limit`),
        // the others than [i, count) as they were read; no branch on how many are left.
        const __m256i index = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7), eight = _mm256_set1_epi32(8);
        const __m256i after = _mm256_set1_epi32(i - tail_from - 1), before = _mm256_set1_epi32(count - tail_from);
        const __m256i run0 = _mm256_and_si256(_mm256_cmpgt_epi32(index, after), _mm256_cmpgt_epi32(before, index));
        const __m256i index8 = _mm256_add_epi32(index, eight);
        const __m256i run1 = _mm256_and_si256(_mm256_cmpgt_epi32(index8, after), _mm256_cmpgt_epi32(before, index8));
        const __m256i a = _mm256_loadu_si256((const __m256i *)(dst + tail_from)), b = _mm256_loadu_si256((const __m256i *)(dst + tail_from + 8));
        _mm256_storeu_si256((__m256i *)(dst + tail_from), _mm256_blendv_epi8(a, fill_eight(a, f), run0));
        _mm256_storeu_si256((__m256i *)(dst + tail_from + 8), _mm256_blendv_epi8(b, fill_eight(b, f), run1));
        return;
    }
    if (i + 8 <= count) {
        _mm256_storeu_si256((__m256i *)(dst + i), fill_eight(_mm256_loadu_si256((const __m256i *)(dst + i)), f));
        i += 8;
    }
    if (i < count) {
        // The last few: eight pixels stored whole (from i, or ending at `limit`), the others as
        // they were read, where they are the call's (a masked store costs a dozen plain ones here).
        const __m256i index = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
        const __m256i mask = _mm256_cmpgt_epi32(_mm256_set1_epi32(count - i), index);
        const int from = i + 8 <= limit ? i : limit - 8;
        if (from >= lower) {
            const __m256i d = _mm256_loadu_si256((const __m256i *)(dst + from));
            const __m256i run = _mm256_and_si256(_mm256_cmpgt_epi32(index, _mm256_set1_epi32(i - from - 1)),
                                                 _mm256_cmpgt_epi32(_mm256_set1_epi32(count - from), index));
            _mm256_storeu_si256((__m256i *)(dst + from), _mm256_blendv_epi8(d, fill_eight(d, f), run));
        } else {
            _mm256_maskstore_epi32((int *)(dst + i), mask, fill_eight(_mm256_maskload_epi32((const int *)(dst + i), mask), f));
        }
    }
}
#endif

#if !defined(__SSE2__)
static inline float clamp01(float v) { return v < 0 ? 0 : v > 1 ? 1 : v; }

/// Coverage of one side at a signed distance `d` outside it (device pixels).
static inline float side_coverage(float d, int aliased) { return aliased ? (d <= 0 ? 1.0f : 0.0f) : clamp01(0.5f - d); }

/// Coverage of a rounded rectangle [x0, x1) × [y0, y1) with `radius` at its `rounded` corners.
static inline float box_coverage(float u, float v, float x0, float y0, float x1, float y1, float mid_x, float mid_y,
                                 float radius, unsigned rounded, float s, int ax0, int ax1, int ay0, int ay1) {
    float c = side_coverage((x0 - u) * s, ax0);
    float t = side_coverage((u - x1) * s, ax1);
    if (t < c) c = t;
    t = side_coverage((y0 - v) * s, ay0);
    if (t < c) c = t;
    t = side_coverage((v - y1) * s, ay1);
    if (t < c) c = t;
    if (radius > 0) {
        int right = u >= mid_x, bottom = v >= mid_y;
        unsigned corner = right ? (bottom ? LAMINA_CORNER_X1Y1 : LAMINA_CORNER_X1Y0) : (bottom ? LAMINA_CORNER_X0Y1 : LAMINA_CORNER_X0Y0);
        float qx = right ? u - (x1 - radius) : (x0 + radius) - u, qy = bottom ? v - (y1 - radius) : (y0 + radius) - v;
        if ((rounded & corner) && qx > 0 && qy > 0) {
            t = clamp01(0.5f - (sqrtf(qx * qx + qy * qy) - radius) * s);
            if (t < c) c = t;
        }
    }
    return c;
}

/// The weights of the border color and the fill at texel position (u, v), 0–255: the fill over
/// the whole outline, the border's ring over it (as the texture draws them).
static inline void weights_at(const outline_numbers *n, float border_alpha, float u, float v, int *border_weight, int *fill_weight) {
    float s = n->device_per_texel;
    float outer = box_coverage(u, v, n->x0, n->y0, n->x1, n->y1, n->mid_x, n->mid_y, n->radius, n->rounded, s,
                               n->alias_x0, n->alias_x1, n->alias_y0, n->alias_y1);
    float ring = 0;
    if (n->has_inner) {
        float inner = box_coverage(u, v, n->ix0, n->iy0, n->ix1, n->iy1, n->mid_x, n->mid_y, n->inner_radius, n->rounded, s, 0, 0, 0, 0);
        ring = outer - inner > 0 ? outer - inner : 0;
    } else if (border_alpha >= 0) {
        ring = outer;       // a border wider than the layer: all ring
    }
    *border_weight = (int)(ring * 255 + 0.5f);
    *fill_weight = (int)(outer * (1 - border_alpha * ring) * 255 + 0.5f);
}

/// The premultiplied pixel of weights over the border color and fill, each channel rounded.
static inline uint32_t mix(uint32_t border, uint32_t fill, int wb, int wf) {
    uint32_t result = 0;
    for (int k = 0; k < 32; k += 8) {
        uint32_t v = ((border >> k) & 0xff) * (uint32_t)wb + ((fill >> k) & 0xff) * (uint32_t)wf + 0x80;
        v = (v + (v >> 8)) >> 8;
        result |= (v > 255 ? 255 : v) << k;
    }
    return result;
}

/// The pixels [first, last) of a row, each from its coverage: mixed, tinted and blended OVER.
static void covered_span(uint32_t *out, int first, int last, const outline_numbers *n, float border_alpha,
                         uint32_t border, uint32_t fill, uint32_t tint, double u, double v, double du, double dv) {
    for (int x = first; x < last; x++) {
        int wb, wf;
        weights_at(n, border_alpha, (float)(u + du * x), (float)(v + dv * x), &wb, &wf);
        if ((wb | wf) == 0) continue;
        uint32_t p = mix(border, fill, wb, wf);
        if (tint != 0xFFFFFFFFu) p = lamina_multiply_channels(p, tint);
        if (p) out[x] = lamina_over(p, out[x]);
    }
}
#endif

#if defined(__x86_64__)
/// A row's texel position at its pixel `origin` (returned, in double lanes: the same fused
/// multiply-adds as the scalar sums, so the same floats), and that less the middle in (um, vm):
/// (u0, v0) is the position at the center of the row's pixel 0.
__attribute__((target("avx2,fma"), always_inline))
static inline __m128d row_position(int origin, double u0, double v0, const double m[6], const outline_numbers *n, float *um, float *vm) {
    const __m128d uv = _mm_fmadd_pd(_mm_loadu_pd(m), _mm_set1_pd((double)origin), _mm_setr_pd(u0, v0));
    const __m128 uvm = _mm_cvtpd_ps(_mm_sub_pd(uv, _mm_cvtps_pd(_mm_setr_ps(n->mid_x, n->mid_y, 0, 0))));
    *um = _mm_cvtss_f32(uvm);
    *vm = _mm_cvtss_f32(_mm_movehdup_ps(uvm));
    return uv;
}

/// One row of the AVX2 path: its covered pixels [first, last) with its flat span
/// [flat_first, flat_last) within them; (u0, v0) is the texel position at the center of the row's
/// pixel 0. Positions are counted from `origin` (≤ first: the covered span's start before the
/// corners' diagonal cut, so that the floats, and the pixels, do not depend on that cut).
__attribute__((target("avx2,fma"), always_inline))
static inline void outline_row_wide(uint32_t *out, int origin, int first, int last, int flat_first, int flat_last, int lower, int limit,
                                    double u0, double v0, const double m[6], const outline_numbers *n, const wide_numbers *w,
                                    const fill_lanes *flat, int kind, int blend) {
    // The position at the row's first pixel less the middle; for sides cut differently, each
    // side's distance inside it there: (u − x0, x1 − u, v − y0, y1 − v) as (u, −u, v, −v) +
    // (−x0, x1, −y0, y1).
    float um, vm;
    const __m128d uv = row_position(origin, u0, v0, m, n, &um, &vm);
    float start[8];
    if (kind == OUTLINE_MIXED) {
        const double u = _mm_cvtsd_f64(uv), v = _mm_cvtsd_f64(_mm_unpackhi_pd(uv, uv));
        const __m256d position = _mm256_setr_pd(u, -u, v, -v);
        _mm_storeu_ps(start, _mm256_cvtpd_ps(_mm256_add_pd(position, _mm256_loadu_pd(w->outer_edges))));
        _mm_storeu_ps(start + 4, _mm256_cvtpd_ps(_mm256_add_pd(position, _mm256_loadu_pd(w->inner_edges))));
    }
    // The flat span first, then the covered ones (whose windows overlap the flat span's ends): a
    // tile took 7 % less time in this order (a load that overlaps a store just made waits for it).
    const int a = flat_first - first, b = last - flat_last, paired = a > 0 && b > 0 && a + b <= 8;
    fill_wide(out + flat_first, flat_last - flat_first, lower - flat_first, limit - flat_first, flat, blend);
    if (paired) {
        covered_pair_avx2(out, first, a, flat_last, b, origin, lower, limit, w, start, um, vm, kind);
    } else {
        covered_span_avx2(out, first, flat_first, origin, lower, limit, w, start, um, vm, kind);
        if (flat_last < last) covered_span_avx2(out, flat_last, last, origin, lower, limit, w, start, um, vm, kind);
    }
}
#endif

#if defined(__x86_64__)
/// `outline_row_wide` for the rows of outlines that are not turned (called from code built
/// without AVX2, which cannot inline it).
__attribute__((target("avx2,fma")))
static void outline_row_wide_called(uint32_t *out, int first, int last, int flat_first, int flat_last, int lower, int limit, double u0,
                                    double v0,
                                    const double m[6], const outline_numbers *n, const wide_numbers *w, uint32_t flat) {
    const fill_lanes fill = fill_lanes_for(flat);
    // One copy of the row per kind of outline.
    #define ROW(kind) outline_row_wide(out, first, first, last, flat_first, flat_last, lower, limit, u0, v0, m, n, w, &fill, kind, 0)
    if (w->kind == OUTLINE_RING) ROW(OUTLINE_RING);
    else if (w->kind == OUTLINE_ALIKE) ROW(OUTLINE_ALIKE);
    else ROW(OUTLINE_MIXED);
    #undef ROW
}
#endif

#if defined(__x86_64__)
/// How many rows ahead a turned outline's target pixels are fetched: the first read of a row's
/// pixels otherwise waits on memory (a third of the covered pixels' time in the stress scene).
#define PREFETCH_ROWS 2

/// Asks for the cache lines of a row's pixels around [first, last) (a later row's span lies
/// within a few pixels of this one's).
static inline void prefetch_row(const uint32_t *row, int first, int last, int x0, int x1) {
    const int from = first - 8 > x0 ? first - 8 : x0, to = last + 8 < x1 ? last + 8 : x1;
    if (to - from <= 113) {
        // Up to eight lines, each asked for once or more, with no branch on how many there are:
        // a line every sixteen pixels from `from`, the last ones at `to − 1`.
        const uint32_t *p = row + from;
        for (int k = 0; k < 7; k++) _mm_prefetch((const char *)(p + 16 * k), _MM_HINT_T0);
        _mm_prefetch((const char *)(row + to - 1), _MM_HINT_T0);
        return;
    }
    int x = from;
    for (; x + 16 < to; x += 32) {
        _mm_prefetch((const char *)(row + x), _MM_HINT_T0);
        _mm_prefetch((const char *)(row + x + 16), _MM_HINT_T0);
    }
    if (x < to) _mm_prefetch((const char *)(row + x), _MM_HINT_T0);
    _mm_prefetch((const char *)(row + to - 1), _MM_HINT_T0);
}
#endif

#if defined(__x86_64__)
/// A turned outline's flat part: none, the cross of a wide and a tall rectangle (lanes 1 and 2
/// joined), or an octagon (their meet).
enum { FLAT_CROSS = 1, FLAT_OCTAGON = 2 };

/// The row bounds of `lamina_rounded_rect_over_with` in double lanes, for turned outlines (no
/// bound constant along a row): lane 0 the covered part, lanes 1 and 2 the flat part's wide and
/// tall rectangles, lane 3 the corners' diagonal cut (`diagonal_cut`), each the meet of a `p` and
/// a `q` bound.
typedef struct {
    __m256d p_from, p_to, p_slope, q_from, q_to, q_slope;
} row_lanes;

/// Four row bounds as `lamina_bound_for` takes them, a lane each: along row y the coordinate
/// c + cy·y + du·x kept within [lo, hi).
typedef struct {
    double c[4], cy[4], du[4], lo[4], hi[4];
} bound_inputs;

/// `lamina_bound_for`'s from, to and slope for four bounds at once (the same subtractions and
/// divisions, so the same doubles: a turned tile's call worked out twelve bounds, 36 divisions,
/// one at a time). A bound constant along the rows (a cut at exactly 45°) cuts nothing here.
__attribute__((target("avx2,fma"), always_inline))
static inline void bounds_wide(const bound_inputs *in, __m256d *from, __m256d *to, __m256d *slope) {
    const __m256d c = _mm256_loadu_pd(in->c), du = _mm256_loadu_pd(in->du), zero = _mm256_setzero_pd();
    const __m256d a0 = _mm256_div_pd(_mm256_sub_pd(_mm256_loadu_pd(in->lo), c), du);
    const __m256d b0 = _mm256_div_pd(_mm256_sub_pd(_mm256_loadu_pd(in->hi), c), du);
    const __m256d rising = _mm256_cmp_pd(du, zero, _CMP_GT_OQ), constant = _mm256_cmp_pd(du, zero, _CMP_EQ_OQ);
    *from = _mm256_blendv_pd(_mm256_blendv_pd(b0, a0, rising), _mm256_set1_pd(-INFINITY), constant);
    *to = _mm256_blendv_pd(_mm256_blendv_pd(a0, b0, rising), _mm256_set1_pd(INFINITY), constant);
    *slope = _mm256_andnot_pd(constant, _mm256_div_pd(_mm256_xor_pd(_mm256_loadu_pd(in->cy), _mm256_set1_pd(-0.0)), du));
}

/// The row lanes from the `p` and `q` bounds' inputs (lane 3, the diagonal cut, may be constant).
__attribute__((target("avx2,fma")))
static row_lanes row_lanes_for(const bound_inputs *p, const bound_inputs *q) {
    row_lanes r;
    bounds_wide(p, &r.p_from, &r.p_to, &r.p_slope);
    bounds_wide(q, &r.q_from, &r.q_to, &r.q_slope);
    return r;
}

/// Row `center`'s pixels [first, last) and its flat span, as `lamina_narrow`, `lamina_flat_span`,
/// `lamina_pixels_within` and `lamina_join_spans` work them out one bound at a time (the same
/// sums, so the same pixels), in `spans` as (first, first and last cut by the diagonals, flat_first,
/// flat_last); returns 0 when the row has none.
__attribute__((target("avx2,fma"), always_inline))
static inline int row_spans_avx2(const row_lanes *r, double center, int x0, int x1, int has_flat, int spans[5]) {
    const __m256d y = _mm256_set1_pd(center);
    // No fused multiply-adds: lamina_narrow's products are rounded before the sums.
    const __m256d pf = _mm256_add_pd(r->p_from, _mm256_mul_pd(r->p_slope, y)), qf = _mm256_add_pd(r->q_from, _mm256_mul_pd(r->q_slope, y));
    const __m256d pt = _mm256_add_pd(r->p_to, _mm256_mul_pd(r->p_slope, y)), qt = _mm256_add_pd(r->q_to, _mm256_mul_pd(r->q_slope, y));
    __m256d from = _mm256_max_pd(pf, qf), to = _mm256_min_pd(pt, qt);
    // The covered part within [x0, x1), and the flat rectangles within it. Pixels are counted
    // rising with the bounds, so each flat span lies within the covered one or is empty: the
    // scalar path's clamp of the flat spans to [first, last) changes nothing that is drawn.
    from = _mm256_max_pd(from, _mm256_max_pd(_mm256_permute4x64_pd(from, 0x00), _mm256_set1_pd(x0)));
    to = _mm256_min_pd(to, _mm256_min_pd(_mm256_permute4x64_pd(to, 0x00), _mm256_set1_pd(x1)));
    // Whole pixels within [x0, x1): from ≥ x0 and to ≤ x1 already, so their ceilings are too.
    const __m128i a = _mm256_cvttpd_epi32(_mm256_min_pd(_mm256_ceil_pd(from), _mm256_set1_pd(x1)));
    const __m128i b = _mm256_cvttpd_epi32(_mm256_max_pd(_mm256_ceil_pd(to), _mm256_set1_pd(x0)));
    const int first = _mm_cvtsi128_si32(a);
    // The diagonal cut lies within the covered span as the flat spans do (clamped above).
    const int cut_first = _mm_extract_epi32(a, 3), last = _mm_extract_epi32(b, 3);
    if (cut_first >= last) return 0;
    spans[0] = first;
    spans[1] = cut_first;
    spans[2] = last;
    int flat_first = last, flat_last = last;
    if (has_flat == FLAT_OCTAGON) {
        // The meet of lanes 1 and 2 (a box and the lines across its corners: one convex part).
        const int f1 = _mm_extract_epi32(a, 1), f2 = _mm_extract_epi32(a, 2), l1 = _mm_extract_epi32(b, 1), l2 = _mm_extract_epi32(b, 2);
        flat_first = f1 > f2 ? f1 : f2;
        flat_last = l1 < l2 ? l1 : l2;
        if (flat_first >= flat_last) flat_first = flat_last = last;
    } else if (has_flat) {
        const int wide_first = _mm_extract_epi32(a, 1), wide_last = _mm_extract_epi32(b, 1);
        if (wide_first < wide_last) { flat_first = wide_first; flat_last = wide_last; }
        lamina_join_spans(&flat_first, &flat_last, _mm_extract_epi32(a, 2), _mm_extract_epi32(b, 2));
        if (flat_first >= flat_last) flat_first = flat_last = last;
    }
    spans[3] = flat_first;
    spans[4] = flat_last;
    return 1;
}
#endif

#if defined(__x86_64__)
/// The rows of a turned outline of one kind (`OUTLINE_RING`…, a constant where inlined), and
/// for a tile's ring, of its flat part's shape and fill (`has_flat`, `blend`: constants too).
__attribute__((target("avx2,fma"), always_inline))
static inline void turned_rows_of(uint32_t *dst, int dst_stride, int x0, int y0, int x1, int y1, const row_lanes *lanes_in, int has_flat,
                                  double cu, double cv, const double m[6], const outline_numbers *n, const wide_numbers *w,
                                  const fill_lanes *fill_in, int kind, int blend) {
    const row_lanes lanes = *lanes_in;
    const fill_lanes fill = *fill_in;
    for (int y = y0; y < y1; y++) {
        const double center = y + 0.5;
        int spans[5];
        if (!row_spans_avx2(&lanes, center, x0, x1, has_flat, spans)) continue;
        if (y + PREFETCH_ROWS < y1) prefetch_row(dst + (long)(y + PREFETCH_ROWS) * dst_stride, spans[1], spans[2], x0, x1);
        outline_row_wide(dst + (long)y * dst_stride, spans[0], spans[1], spans[2], spans[3], spans[4], x0, x1,
                         cu + m[2] * center, cv + m[3] * center, m, n, w, &fill, kind, blend);
    }
}

/// The rows of a turned outline (every bound moving along the rows): the bounds in lanes, a row
/// at a time, in the loop compiled for the outline's kind.
__attribute__((target("avx2,fma")))
static void turned_rows_avx2(uint32_t *dst, int dst_stride, int x0, int y0, int x1, int y1, const bound_inputs *p, const bound_inputs *q,
                             int has_flat, double cu, double cv, const double m[6], const outline_numbers *n, const wide_numbers *w,
                             uint32_t flat) {
    const row_lanes lanes = row_lanes_for(p, q);
    const fill_lanes fill = fill_lanes_for(flat);
    #define ROWS(kind, flat_kind, blend) turned_rows_of(dst, dst_stride, x0, y0, x1, y1, &lanes, flat_kind, cu, cv, m, n, w, &fill, kind, blend)
    // A tile (a ring, an octagon of flat fill, translucent): no per-row test of either.
    if (w->kind == OUTLINE_RING && has_flat == FLAT_OCTAGON && fill.kind == FILL_BLEND) ROWS(OUTLINE_RING, FLAT_OCTAGON, 1);
    else if (w->kind == OUTLINE_RING) ROWS(OUTLINE_RING, has_flat, 0);
    else if (w->kind == OUTLINE_ALIKE) ROWS(OUTLINE_ALIKE, has_flat, 0);
    else ROWS(OUTLINE_MIXED, has_flat, 0);
    #undef ROWS
}
#endif

#if defined(__x86_64__)
// The AVX-512 path of turned outlines whose four sides are cut alike (`OUTLINE_RING`,
// `OUTLINE_ALIKE`). A step's cost is set by its chain of dependent arithmetic, not by its
// width: sixteen lanes took as long as eight. So a step here takes the covered pixels of two
// rows at once (most rows of a turned tile have eight or fewer), with masked loads and stores
// in place of the AVX2 path's windows. Each lane's arithmetic is `pixels_wide`'s, in the same
// order, so the pixels are the AVX2 path's bit for bit.
#define AVX512_TARGET "avx2,fma,bmi2,avx512f,avx512vl,avx512bw,avx512dq"

__attribute__((target(AVX512_TARGET), always_inline))
static inline __m512 clamp01_16(__m512 v) { return _mm512_min_ps(_mm512_max_ps(v, _mm512_setzero_ps()), _mm512_set1_ps(1)); }

/// `past_wide` in sixteen lanes.
__attribute__((target(AVX512_TARGET), always_inline))
static inline __m512 past16(__m512 d, float reach) { return _mm512_sub_ps(_mm512_abs_ps(d), _mm512_set1_ps(reach)); }

/// `corner_wide` in sixteen lanes: the circle's coverage from `root` caps `c` in the lanes `applies`.
__attribute__((target(AVX512_TARGET), always_inline))
static inline __m512 corner16(__m512 c, __mmask16 applies, __m512 root, float radius, float scale) {
    const __m512 t = clamp01_16(_mm512_fnmadd_ps(_mm512_sub_ps(root, _mm512_set1_ps(radius)), _mm512_set1_ps(scale), _mm512_set1_ps(0.5f)));
    return _mm512_mask_min_ps(c, applies, c, t);
}

/// `corner_lanes` in sixteen lanes.
__attribute__((target(AVX512_TARGET), always_inline))
static inline __mmask16 corner_lanes16(const wide_numbers *w, int kind, __m512 dx, __m512 dy, __m512 qx, __m512 qy) {
    const __mmask16 in_corner = _mm512_cmp_ps_mask(qx, _mm512_setzero_ps(), _CMP_GT_OQ) & _mm512_cmp_ps_mask(qy, _mm512_setzero_ps(), _CMP_GT_OQ);
    if (kind == OUTLINE_RING || w->every_corner || in_corner == 0) return in_corner;
    // Corner index k = right + 2·bottom = 3 − (left + 2·top), from the sign bits of dx and dy.
    const __m512i index = _mm512_sub_epi32(_mm512_set1_epi32(3),
                                           _mm512_or_si512(_mm512_srli_epi32(_mm512_castps_si512(dx), 31),
                                                           _mm512_slli_epi32(_mm512_srli_epi32(_mm512_castps_si512(dy), 31), 1)));
    const __m512i rounded = _mm512_permutexvar_epi32(index, _mm512_castsi128_si512(_mm_loadu_si128((const __m128i *)w->corner_mask)));
    return in_corner & _mm512_test_epi32_mask(rounded, rounded);
}

/// Sixteen pixels OVER `under` in the lanes `mine`: `pixels_wide`'s arithmetic, each lane at
/// `X` pixels from its row's `origin`, its row's position there less the middle in (um, vm).
/// Returns the lanes that show, their pixels in `result`.
__attribute__((target(AVX512_TARGET), always_inline))
static inline __mmask16 pixels16(const wide_numbers *w, int kind, __m512 um, __m512 vm, __m512 X, __m512i under, __mmask16 mine,
                                 __m512i *result) {
    const int has_inner = kind == OUTLINE_RING || w->has_inner, outer_round = kind == OUTLINE_RING || w->outer_round;
    const __m512 one = _mm512_set1_ps(1);
    const __m512 dx = _mm512_fmadd_ps(X, _mm512_set1_ps(w->du), um), dy = _mm512_fmadd_ps(X, _mm512_set1_ps(w->dv), vm);
    const __m512 qx = past16(dx, w->outer_reach_x), qy = past16(dy, w->outer_reach_y);
    const __m512 nearest = _mm512_sub_ps(_mm512_set1_ps(w->outer_radius), _mm512_max_ps(qx, qy));
    __m512 o = clamp01_16(_mm512_fmadd_ps(nearest, _mm512_set1_ps(w->slope[0]), _mm512_set1_ps(w->offset[0])));
    __m512 inner = has_inner ? clamp01_16(_mm512_fmadd_ps(nearest, _mm512_set1_ps(w->scale), _mm512_set1_ps(w->inner_offset)))
                             : _mm512_setzero_ps();
    __mmask16 outer_corners = 0;
    __m512 root = _mm512_setzero_ps();
    if (outer_round) {
        outer_corners = corner_lanes16(w, kind, dx, dy, qx, qy);
        if (outer_corners) {
            root = _mm512_sqrt_ps(_mm512_fmadd_ps(qx, qx, _mm512_mul_ps(qy, qy)));
            o = corner16(o, outer_corners, root, w->outer_radius, w->scale);
        }
    }
    const __mmask16 shows = _mm512_mask_cmp_ps_mask(mine, o, _mm512_set1_ps(0.5f / 255), _CMP_GE_OQ);
    if (kind != OUTLINE_RING && shows == 0) return 0;
    __m512 ring;
    if (has_inner) {
        if (kind == OUTLINE_RING || w->shared_corners) {
            if (outer_corners) inner = corner16(inner, outer_corners, root, w->inner_radius, w->scale);
        } else if (w->inner_round) {
            const __m512 iqx = past16(dx, w->inner_reach_x), iqy = past16(dy, w->inner_reach_y);
            const __mmask16 corners = corner_lanes16(w, kind, dx, dy, iqx, iqy);
            if (corners) inner = corner16(inner, corners, _mm512_sqrt_ps(_mm512_fmadd_ps(iqx, iqx, _mm512_mul_ps(iqy, iqy))),
                                          w->inner_radius, w->scale);
        }
        ring = _mm512_max_ps(_mm512_sub_ps(o, inner), _mm512_setzero_ps());
    } else {
        ring = w->all_ring ? o : _mm512_setzero_ps();
    }
    const __m512 under_fill = _mm512_mul_ps(o, _mm512_fnmadd_ps(_mm512_set1_ps(w->border_alpha > 0 ? w->border_alpha : 0), ring, one));
    #define SOURCE(k) _mm512_fmadd_ps(ring, _mm512_set1_ps(w->border_channels[k]), _mm512_mul_ps(under_fill, _mm512_set1_ps(w->fill_channels[k])))
    const __m512 source_alpha = SOURCE(3);
    const __m512 kept = _mm512_fnmadd_ps(source_alpha, _mm512_set1_ps(1.0f / 255), one);
    #define CHANNEL(bytes, source) _mm512_cvtps_epi32(_mm512_fmadd_ps(_mm512_cvtepi32_ps(bytes), kept, (source)))
    const __m512i byte = _mm512_set1_epi32(0xFF);
    const __m512i blue = CHANNEL(_mm512_and_si512(under, byte), SOURCE(0));
    const __m512i green = CHANNEL(_mm512_and_si512(_mm512_srli_epi32(under, 8), byte), SOURCE(1));
    const __m512i red = CHANNEL(_mm512_and_si512(_mm512_srli_epi32(under, 16), byte), SOURCE(2));
    const __m512i alpha_channel = CHANNEL(_mm512_srli_epi32(under, 24), source_alpha);
    #undef CHANNEL
    #undef SOURCE
    // Per 128-bit lane, as `pixels_wide` packs: channels' words to bytes, shuffled into pixels.
    const __m512i interleave = _mm512_broadcast_i32x4(_mm_setr_epi8(0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15));
    *result = _mm512_shuffle_epi8(_mm512_packus_epi16(_mm512_packus_epi32(blue, green), _mm512_packus_epi32(red, alpha_channel)),
                                  interleave);
    return shows;
}

/// `fill_eight` in sixteen lanes (`inverse` and `biased` as `fill_lanes` holds them, widened).
__attribute__((target(AVX512_TARGET), always_inline))
static inline __m512i fill16(__m512i d, __m512i inverse, __m512i biased) {
    const __m512i zero = _mm512_setzero_si512(), by257 = _mm512_set1_epi16(257);
    const __m512i lo = _mm512_mulhi_epu16(_mm512_add_epi16(_mm512_mullo_epi16(_mm512_unpacklo_epi8(d, zero), inverse), biased), by257);
    const __m512i hi = _mm512_mulhi_epu16(_mm512_add_epi16(_mm512_mullo_epi16(_mm512_unpackhi_epi8(d, zero), inverse), biased), by257);
    return _mm512_packus_epi16(lo, hi);
}

/// A row's flat span [first, last) under the fill: sixteen pixels a step, the last masked
/// (translucent fills; others as the AVX2 path fills them).
__attribute__((target(AVX512_TARGET), always_inline))
static inline void fill_row16(uint32_t *out, int first, int last, int lower, int limit, const fill_lanes *fill, __m512i inverse,
                              __m512i biased) {
    if (fill->kind != FILL_BLEND) return fill_wide(out + first, last - first, lower - first, limit - first, fill, 0);
    int x = first;
    for (; x + 16 <= last; x += 16) _mm512_storeu_si512(out + x, fill16(_mm512_loadu_si512(out + x), inverse, biased));
    if (x < last) {
        const __mmask16 k = (__mmask16)_bzhi_u32(0xFFFF, (unsigned)(last - x));
        _mm512_mask_storeu_epi32(out + x, k, fill16(_mm512_maskz_loadu_epi32(k, out + x), inverse, biased));
    }
}

/// A row's covered pixels [x, end), sixteen a step, the last masked.
__attribute__((target(AVX512_TARGET), always_inline))
static inline void covered_run16(uint32_t *out, int x, int end, int origin, const wide_numbers *w, int kind, float um, float vm) {
    const __m512 lanes = _mm512_setr_ps(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    for (; x < end; x += 16) {
        // (`_bzhi_u32` reads only the count's low byte: a count of 256 would be no lanes.)
        const __mmask16 mine = end - x >= 16 ? (__mmask16)0xFFFF : (__mmask16)_bzhi_u32(0xFFFF, (unsigned)(end - x));
        __m512i result;
        const __mmask16 shows = pixels16(w, kind, _mm512_set1_ps(um), _mm512_set1_ps(vm),
                                         _mm512_add_ps(_mm512_set1_ps((float)(x - origin)), lanes),
                                         _mm512_maskz_loadu_epi32(mine, out + x), mine, &result);
        _mm512_mask_storeu_epi32(out + x, shows, result);
    }
}

static inline int max_int(int a, int b) { return a > b ? a : b; }

/// `row` moved by `pixels` as an address, not as a C pointer: a window's first lane may lie before
/// the target (masked loads and stores touch only the lanes they are given).
static inline uint32_t *window_at(uint32_t *row, long pixels) {
    return (uint32_t *)((uintptr_t)row + (uintptr_t)(pixels * (long)sizeof(uint32_t)));
}

/// The covered pixels of one or two rows (`spans` as `row_spans_avx2` gives them: each row's
/// left part [spans[1], flat_first), from the diagonal cut, and right part [flat_last, last)) in
/// one step when there are sixteen or fewer: lanes [0, k1) the first row's, then the second's,
/// each row's right part before its left. Lanes are addressed from where their part's pixels
/// fall (masked loads and stores touch no other lane's address, so the windows may start before
/// a row or end past it). Else a row at a time, sixteen pixels a step.
__attribute__((target(AVX512_TARGET), always_inline))
static inline void covered_rows16(uint32_t *row1, const int s1[5], float um1, float vm1, uint32_t *row2, const int s2[5], float um2,
                                  float vm2, const wide_numbers *w, int kind) {
    // A left part is none where the flat span starts before the diagonal cut (as on the AVX2
    // path, whose left step then covers nothing; not seen, the flat part lies inside the cut).
    const int b1 = s1[2] - s1[4], k1 = max_int(s1[3] - s1[1], 0) + b1;
    const int b2 = row2 ? s2[2] - s2[4] : 0, k2 = row2 ? max_int(s2[3] - s2[1], 0) + b2 : 0;
    if (k1 + k2 > 16) {
        covered_run16(row1, s1[1], s1[3], s1[0], w, kind, um1, vm1);
        covered_run16(row1, s1[4], s1[2], s1[0], w, kind, um1, vm1);
        if (row2) covered_rows16(row2, s2, um2, vm2, NULL, NULL, 0, 0, w, kind);
        return;
    }
    // Lanes below e1 (the first row's right part), e2 (its left), e3 and e4 (the second row's);
    // every count is within 0…16 here.
    const unsigned e1 = _bzhi_u32(0xFFFF, (unsigned)b1), e2 = _bzhi_u32(0xFFFF, (unsigned)k1);
    const unsigned e3 = _bzhi_u32(0xFFFF, (unsigned)(k1 + b2)), e4 = _bzhi_u32(0xFFFF, (unsigned)(k1 + k2));
    const __mmask16 right1 = (__mmask16)e1, left1 = (__mmask16)(e2 & ~e1), right2 = (__mmask16)(e3 & ~e2), left2 = (__mmask16)(e4 & ~e3);
    // Lane i of each part is the pixel at its address plus i.
    uint32_t *const at[4] = { window_at(row1, s1[4]), window_at(row1, s1[3] - k1), row2 ? window_at(row2, s2[4] - k1) : row1,
                              row2 ? window_at(row2, s2[3] - k1 - k2) : row1 };
    __m512 X = _mm512_set1_ps((float)(s1[4] - s1[0]));
    X = _mm512_mask_mov_ps(X, left1, _mm512_set1_ps((float)(s1[3] - k1 - s1[0])));
    __m512 um = _mm512_set1_ps(um1), vm = _mm512_set1_ps(vm1);
    if (row2) {
        X = _mm512_mask_mov_ps(X, right2, _mm512_set1_ps((float)(s2[4] - k1 - s2[0])));
        X = _mm512_mask_mov_ps(X, left2, _mm512_set1_ps((float)(s2[3] - k1 - k2 - s2[0])));
        um = _mm512_mask_mov_ps(um, (__mmask16)~e2, _mm512_set1_ps(um2));
        vm = _mm512_mask_mov_ps(vm, (__mmask16)~e2, _mm512_set1_ps(vm2));
    }
    X = _mm512_add_ps(X, _mm512_setr_ps(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
    __m512i under = _mm512_maskz_loadu_epi32(right1, at[0]);
    under = _mm512_mask_loadu_epi32(under, left1, at[1]);
    under = _mm512_mask_loadu_epi32(under, right2, at[2]);
    under = _mm512_mask_loadu_epi32(under, left2, at[3]);
    __m512i result;
    const __mmask16 shows = pixels16(w, kind, um, vm, X, under, (__mmask16)e4, &result);
    _mm512_mask_storeu_epi32(at[0], shows & right1, result);
    _mm512_mask_storeu_epi32(at[1], shows & left1, result);
    _mm512_mask_storeu_epi32(at[2], shows & right2, result);
    _mm512_mask_storeu_epi32(at[3], shows & left2, result);
}

/// `row_lanes` for two rows at once: its four lanes in both halves of 512-bit vectors, lanes 0–3
/// for a row and 4–7 for the next.
typedef struct {
    __m512d p_from, p_to, p_slope, q_from, q_to, q_slope;
} row_pair_lanes;

/// `r` in both halves.
__attribute__((target(AVX512_TARGET), always_inline))
static inline row_pair_lanes row_pair_lanes_for(const row_lanes *r) {
    const row_pair_lanes pair = { _mm512_broadcast_f64x4(r->p_from), _mm512_broadcast_f64x4(r->p_to), _mm512_broadcast_f64x4(r->p_slope),
                                  _mm512_broadcast_f64x4(r->q_from), _mm512_broadcast_f64x4(r->q_to), _mm512_broadcast_f64x4(r->q_slope) };
    return pair;
}

/// `row_spans_avx2` for rows y and y + 1 at once (centers y + ½ and y + 1½), for outlines whose
/// flat part is an octagon or none: the same sums, so the same spans, in `s1` and `s2`; returns
/// which rows have pixels (bit 0 the first, bit 1 the second). The spans' ten numbers are stored
/// and read back: taken out of the lanes one at a time (two micro-ops each, on the ports the
/// arithmetic needs) they cost more than working them out, and the stress frame's kernel took
/// 4 % longer; working out both rows in one vector alone gained nothing.
__attribute__((target(AVX512_TARGET), always_inline))
static inline int row_pair_spans(const row_pair_lanes *r, int y, int x0, int x1, int has_flat, int s1[5], int s2[5]) {
    const __m512d Y = _mm512_insertf64x4(_mm512_set1_pd(y + 0.5), _mm256_set1_pd(y + 1.5), 1);
    // No fused multiply-adds: lamina_narrow's products are rounded before the sums.
    const __m512d pf = _mm512_add_pd(r->p_from, _mm512_mul_pd(r->p_slope, Y)), qf = _mm512_add_pd(r->q_from, _mm512_mul_pd(r->q_slope, Y));
    const __m512d pt = _mm512_add_pd(r->p_to, _mm512_mul_pd(r->p_slope, Y)), qt = _mm512_add_pd(r->q_to, _mm512_mul_pd(r->q_slope, Y));
    const __m512d X0 = _mm512_set1_pd(x0), X1 = _mm512_set1_pd(x1);
    __m512d from = _mm512_max_pd(pf, qf), to = _mm512_min_pd(pt, qt);
    from = _mm512_max_pd(from, _mm512_max_pd(_mm512_permutex_pd(from, 0x00), X0));
    to = _mm512_min_pd(to, _mm512_min_pd(_mm512_permutex_pd(to, 0x00), X1));
    // Whole pixels: rounded up as they are turned to integers, which is ceil then the clamp of
    // `row_spans_avx2` (x0 and x1 are whole, and a NaN takes the clamp's bound either way).
    const __m256i a = _mm512_cvt_roundpd_epi32(_mm512_min_pd(from, X1), _MM_FROUND_TO_POS_INF | _MM_FROUND_NO_EXC);
    const __m256i b = _mm512_cvt_roundpd_epi32(_mm512_max_pd(to, X0), _MM_FROUND_TO_POS_INF | _MM_FROUND_NO_EXC);
    // Each row's last pixel in all its lanes; its flat span in lane 1 (the octagon's: the meet
    // of lanes 1 and 2; none: from its last pixel).
    const __m256i last = _mm256_shuffle_epi32(b, _MM_SHUFFLE(3, 3, 3, 3));
    __m256i flat_first = last, flat_last = last;
    if (has_flat == FLAT_OCTAGON) {
        flat_first = _mm256_max_epi32(a, _mm256_shuffle_epi32(a, _MM_SHUFFLE(3, 2, 2, 0)));
        flat_last = _mm256_min_epi32(b, _mm256_shuffle_epi32(b, _MM_SHUFFLE(3, 2, 2, 0)));
        const __mmask8 none = _mm256_cmp_epi32_mask(flat_first, flat_last, _MM_CMPINT_NLT);
        flat_first = _mm256_mask_mov_epi32(flat_first, none, last);
        flat_last = _mm256_mask_mov_epi32(flat_last, none, last);
    }
    // The rows with pixels: the diagonal cut (lane 3) before the last pixel.
    const unsigned has = _mm256_cmp_epi32_mask(a, b, _MM_CMPINT_LT);
    int32_t out[32];
    _mm256_storeu_si256((__m256i *)out, a);
    _mm256_storeu_si256((__m256i *)(out + 8), b);
    _mm256_storeu_si256((__m256i *)(out + 16), flat_first);
    _mm256_storeu_si256((__m256i *)(out + 24), flat_last);
    // (Kept in memory: read back as ten loads, not as ten extractions from the lanes.)
    __asm__("" : "+m"(out));
    for (int k = 0; k < 2; k++) {
        int *const spans = k ? s2 : s1;
        const int *const row = out + 4 * k;
        spans[0] = row[0];
        spans[1] = row[3];
        spans[2] = row[8 + 3];
        spans[3] = row[16 + 1];
        spans[4] = row[24 + 1];
    }
    return ((has >> 3) & 1) | ((has >> 6) & 2);
}

/// `turned_rows_of` on the AVX-512 path: rows two at a time, their flat spans filled first,
/// then their covered pixels together.
__attribute__((target(AVX512_TARGET), always_inline))
static inline void turned_rows16_of(uint32_t *dst, int dst_stride, int x0, int y0, int x1, int y1, const row_lanes *lanes_in, int has_flat,
                                    double cu, double cv, const double m[6], const outline_numbers *n, const wide_numbers *w,
                                    const fill_lanes *fill_in, int kind) {
    const row_lanes lanes = *lanes_in;
    const fill_lanes fill = *fill_in;
    const __m512i inverse = _mm512_broadcast_i32x4(_mm256_castsi256_si128(fill.inverse));
    const __m512i biased = _mm512_broadcast_i32x4(_mm256_castsi256_si128(fill.biased));
    const row_pair_lanes pair = row_pair_lanes_for(&lanes);
    for (int y = y0; y < y1; y += 2) {
        int s1[5], s2[5], has1, has2;
        if (has_flat == FLAT_CROSS) {
            // (Sides at exactly 45°: the cross's two spans joined, a row at a time.)
            has1 = row_spans_avx2(&lanes, y + 0.5, x0, x1, has_flat, s1);
            has2 = y + 1 < y1 && row_spans_avx2(&lanes, y + 1.5, x0, x1, has_flat, s2);
        } else {
            const int has = row_pair_spans(&pair, y, x0, x1, has_flat, s1, s2);
            has1 = has & 1;
            has2 = y + 1 < y1 && (has & 2);
        }
        uint32_t *const row1 = dst + (long)y * dst_stride, *const row2 = has2 ? row1 + dst_stride : NULL;
        if (has1 && y + PREFETCH_ROWS < y1) prefetch_row(row1 + (long)PREFETCH_ROWS * dst_stride, s1[1], s1[2], x0, x1);
        if (has2 && y + 1 + PREFETCH_ROWS < y1) prefetch_row(row2 + (long)PREFETCH_ROWS * dst_stride, s2[1], s2[2], x0, x1);
        float um1 = 0, vm1 = 0, um2 = 0, vm2 = 0;
        if (has1) {
            row_position(s1[0], cu + m[2] * (y + 0.5), cv + m[3] * (y + 0.5), m, n, &um1, &vm1);
            fill_row16(row1, s1[3], s1[4], x0, x1, &fill, inverse, biased);
        }
        if (has2) {
            row_position(s2[0], cu + m[2] * (y + 1.5), cv + m[3] * (y + 1.5), m, n, &um2, &vm2);
            fill_row16(row2, s2[3], s2[4], x0, x1, &fill, inverse, biased);
        }
        if (has1) covered_rows16(row1, s1, um1, vm1, row2, s2, um2, vm2, w, kind);
        else if (has2) covered_rows16(row2, s2, um2, vm2, NULL, NULL, 0, 0, w, kind);
    }
}

/// `turned_rows_avx2` on the AVX-512 path, for outlines whose sides are cut alike.
__attribute__((target(AVX512_TARGET)))
static void turned_rows_avx512(uint32_t *dst, int dst_stride, int x0, int y0, int x1, int y1, const bound_inputs *p, const bound_inputs *q,
                               int has_flat, double cu, double cv, const double m[6], const outline_numbers *n, const wide_numbers *w,
                               uint32_t flat) {
    const row_lanes lanes = row_lanes_for(p, q);
    const fill_lanes fill = fill_lanes_for(flat);
    #define ROWS(kind, flat_kind) turned_rows16_of(dst, dst_stride, x0, y0, x1, y1, &lanes, flat_kind, cu, cv, m, n, w, &fill, kind)
    if (w->kind == OUTLINE_RING && has_flat == FLAT_OCTAGON) ROWS(OUTLINE_RING, FLAT_OCTAGON);
    else if (w->kind == OUTLINE_RING) ROWS(OUTLINE_RING, has_flat);
    else ROWS(OUTLINE_ALIKE, has_flat);
    #undef ROWS
}
#endif

unsigned lamina_outline_features(void) {
#if defined(__x86_64__)
    if (!__builtin_cpu_supports("avx2") || !__builtin_cpu_supports("fma")) return 0;
    const int avx512 = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512bw")
        && __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("bmi2");
    return LAMINA_KERNEL_AVX2 | (avx512 ? LAMINA_KERNEL_AVX512 : 0);
#else
    return 0;
#endif
}

void lamina_rounded_rect_over(uint32_t *dst, int dst_stride, int x0, int y0, int x1, int y1,
                              const lamina_rounded_rect *shape, const double m[6], uint32_t tint) {
    lamina_rounded_rect_over_with(dst, dst_stride, x0, y0, x1, y1, shape, m, tint, lamina_outline_features());
}

void lamina_rounded_rect_over_with(uint32_t *dst, int dst_stride, int x0, int y0, int x1, int y1,
                                   const lamina_rounded_rect *shape, const double m[6], uint32_t tint, unsigned features) {
    const double texel_per_device = sqrt(m[0] * m[0] + m[1] * m[1]);
    if ((tint >> 24) == 0 || !(texel_per_device > 0) || !isfinite(texel_per_device)) return;
    if (!(shape->x1 > shape->x0) || !(shape->y1 > shape->y0)) return;
    const double s = 1 / texel_per_device, margin = 0.5 * texel_per_device;
    const double half = fmin(shape->x1 - shape->x0, shape->y1 - shape->y0) / 2;
    const double radius = shape->radius > 0 ? fmin(shape->radius, half) : 0;
    const double bw = shape->border > 0 ? shape->border : 0;
    outline_numbers n = {
        (float)shape->x0, (float)shape->y0, (float)shape->x1, (float)shape->y1,
        (float)((shape->x0 + shape->x1) / 2), (float)((shape->y0 + shape->y1) / 2), (float)radius,
        (float)(shape->x0 + bw), (float)(shape->y0 + bw), (float)(shape->x1 - bw), (float)(shape->y1 - bw),
        (float)(radius - bw > 0 ? radius - bw : 0), (float)s,
        (shape->aliased & LAMINA_ALIAS_X0) != 0, (shape->aliased & LAMINA_ALIAS_X1) != 0,
        (shape->aliased & LAMINA_ALIAS_Y0) != 0, (shape->aliased & LAMINA_ALIAS_Y1) != 0,
        0, shape->rounded,
    };
    uint32_t border = bw > 0 ? shape->border_color : 0, fill = shape->fill;
    n.has_inner = bw > 0 && n.ix1 > n.ix0 && n.iy1 > n.iy0;
    // No border at all: the ring is empty (the inner outline is the outer one).
    float border_alpha = bw > 0 ? (float)(border >> 24) / 255 : -1;
    if (bw == 0) {
        n.has_inner = 0;
        border = 0;
    }
    // Texel space (edge coordinates) at the center of pixel (0, y): c + m[2]·(y + ½).
    const double cu = m[4] + m[0] * 0.5, cv = m[5] + m[1] * 0.5;
    // Where coverage may be above zero: half a pixel past the soft sides, the outline on cut ones.
    const double lo[2] = { shape->x0 - (n.alias_x0 ? 0 : margin), shape->y0 - (n.alias_y0 ? 0 : margin) };
    const double hi[2] = { shape->x1 + (n.alias_x1 ? 0 : margin), shape->y1 + (n.alias_y1 ? 0 : margin) };
    // Where every pixel is the fill alone: inside the inner outline by half a pixel, clear of
    // its corners (a wide and a tall rectangle). Nothing when the fill is transparent.
    const double inner_x0 = n.has_inner || bw == 0 ? shape->x0 + bw : 0, inner_x1 = n.has_inner || bw == 0 ? shape->x1 - bw : 0;
    const double inner_y0 = shape->y0 + bw, inner_y1 = shape->y1 - bw;
    const double corner = fmax(bw == 0 ? radius : (double)n.inner_radius, margin);
    const int has_flat = fill != 0 && inner_x1 - inner_x0 > 2 * corner && inner_y1 - inner_y0 > 2 * corner;
    const uint32_t flat = tint != 0xFFFFFFFFu ? lamina_multiply_channels(fill, tint) : fill;
#if defined(__x86_64__)
    const int wide = (features & LAMINA_KERNEL_AVX2) != 0;
    wide_numbers w;
    // Turned (every bound moving along the rows) with sides cut alike, on the AVX-512 rows.
    int turned_avx512 = 0;
    if (wide) {
        const int cut[4] = { n.alias_x0, n.alias_x1, n.alias_y0, n.alias_y1 };
        const int cut_sides = n.alias_x0 + n.alias_x1 + n.alias_y0 + n.alias_y1;
        const int alike = cut_sides == 0 || cut_sides == 4;
        // Sides cut alike use side 0's ramp alone; the per-side numbers are for mixed ones.
        w.slope[0] = cut[0] ? 1e7f : (float)s;
        w.offset[0] = cut[0] ? 1.0f : 0.5f;
        if (!alike) {
            const float steps[4] = { (float)m[0], (float)-m[0], (float)m[1], (float)-m[1] };
            for (int i = 0; i < 8; i++) {
                const int aliased = i < 4 && cut[i];
                w.step[i] = steps[i % 4];
                w.slope[i] = aliased ? 1e7f : (float)s;
                w.offset[i] = aliased ? 1.0f : 0.5f;
            }
            const double outer_edges[4] = { -n.x0, n.x1, -n.y0, n.y1 }, inner_edges[4] = { -n.ix0, n.ix1, -n.iy0, n.iy1 };
            memcpy(w.outer_edges, outer_edges, sizeof outer_edges);
            memcpy(w.inner_edges, inner_edges, sizeof inner_edges);
        }
        w.du = (float)m[0]; w.dv = (float)m[1];
        w.outer_reach_x = (n.x1 - n.x0) / 2 - n.radius; w.outer_reach_y = (n.y1 - n.y0) / 2 - n.radius; w.outer_radius = n.radius;
        w.inner_reach_x = (n.ix1 - n.ix0) / 2 - n.inner_radius; w.inner_reach_y = (n.iy1 - n.iy0) / 2 - n.inner_radius;
        w.inner_radius = n.inner_radius;
        w.scale = (float)s;
        w.inner_offset = (float)(0.5 - bw * s);
        const unsigned bits[4] = { LAMINA_CORNER_X0Y0, LAMINA_CORNER_X1Y0, LAMINA_CORNER_X0Y1, LAMINA_CORNER_X1Y1 };
        for (int k = 0; k < 4; k++) {
            const int32_t all = (n.rounded & bits[k]) ? -1 : 0;
            memcpy(&w.corner_mask[k], &all, sizeof all);
        }
        w.outer_round = n.radius > 0 && n.rounded != 0;
        w.inner_round = n.inner_radius > 0 && n.rounded != 0;
        w.has_inner = n.has_inner;
        w.every_corner = (n.rounded & 15u) == 15u;
        w.shared_corners = w.outer_round && w.inner_round && w.outer_reach_x == w.inner_reach_x && w.outer_reach_y == w.inner_reach_y;
        w.kind = !alike ? OUTLINE_MIXED : w.has_inner && w.every_corner && w.shared_corners ? OUTLINE_RING : OUTLINE_ALIKE;
        w.all_ring = !n.has_inner && border_alpha >= 0;
        w.border_alpha = border_alpha;
        for (int k = 0; k < 4; k++) {
            const float t = (float)((tint >> (8 * k)) & 0xFF) / 255;
            w.border_channels[k] = (float)((border >> (8 * k)) & 0xFF) * t;
            w.fill_channels[k] = (float)((fill >> (8 * k)) & 0xFF) * t;
        }
        turned_avx512 = m[0] != 0 && m[1] != 0 && w.kind != OUTLINE_MIXED && (features & lamina_outline_features() & LAMINA_KERNEL_AVX512);
        // The AVX-512 rows read the scalar numbers: the vectors are only the AVX2 rows'.
        if (!turned_avx512) wide_vectors_for(&w);
    }
#else
    (void)features;
    const int wide = 0;
#endif
#if defined(__SSE2__)
    const int outer_aliased[4] = { n.alias_x0, n.alias_x1, n.alias_y0, n.alias_y1 }, inner_aliased[4] = { 0, 0, 0, 0 };
    // Made only for this path: the wide one does without them.
    outline_lanes outer, inner;
    if (!wide) {
        lanes_for(&outer, n.x0, n.y0, n.x1, n.y1, n.mid_x, n.mid_y, n.radius, n.rounded, n.device_per_texel, outer_aliased);
        lanes_for(&inner, n.ix0, n.iy0, n.ix1, n.iy1, n.mid_x, n.mid_y, n.inner_radius, n.rounded, n.device_per_texel, inner_aliased);
    }
    #define COVERED_SPAN(a, b) covered_span_lanes(out, a, b, &outer, &inner, n.has_inner, border_alpha, border, fill, tint, u0, v0, m[0], m[1])
#else
    #define COVERED_SPAN(a, b) covered_span(out, a, b, &n, border_alpha, border, fill, tint, u0, v0, m[0], m[1])
#endif
#if defined(__x86_64__)
    // Turned outlines (every bound moving along the rows: m[0] and m[1] both nonzero): the
    // bounds in lanes, a row at a time.
    if (wide && m[0] != 0 && m[1] != 0) {
        // Where a corner's circle leaves nothing covered: past the lines at 45° that touch the
        // circles (an octagon around the outline), by the ramp's half pixel and a little more
        // (each such pixel's coverage is below what shows, so it is left alone either way).
        // A square corner's line passes its corner, past the soft sides' ramps (each such pixel is
        // outside a side by half a pixel). The slack keeps the floats' error on the right side.
        const double slack = 0.01 * texel_per_device + 1e-6 * (fabs(shape->x0) + fabs(shape->x1) + fabs(shape->y0) + fabs(shape->y1));
        double inset[4];
        const unsigned bits[4] = { LAMINA_CORNER_X0Y0, LAMINA_CORNER_X1Y1, LAMINA_CORNER_X0Y1, LAMINA_CORNER_X1Y0 };
        for (int k = 0; k < 4; k++)
            inset[k] = (radius > 0 && (n.rounded & bits[k]) ? radius * (2 - sqrt(2.0)) - sqrt(2.0) * margin : -2 * margin) - slack;
        // The flat part as a box half a pixel inside the inner outline cut across its corners by
        // the chords of the inner corners' circles (shrunk by half a pixel) where they meet the
        // box: an octagon, holding the cross and the corners' triangles beside it. Else (a cut
        // at exactly 45° is constant along the rows) the cross of a wide and a tall rectangle.
        const double in = margin + corner + slack;
        const int octagon = has_flat && m[0] + m[1] != 0 && m[0] - m[1] != 0;
        // Lanes: the covered part, the flat part's two (the octagon's box and its cut along
        // u + v, or the cross's wide and tall rectangles), the corners' diagonal cut; each row's
        // span the meet of a `p` (along u, or u + v) and a `q` bound (along v, or u − v).
        const bound_inputs p = {
            { cu, cu, octagon ? cu + cv : cu, cu + cv },
            { m[2], m[2], octagon ? m[2] + m[3] : m[2], m[2] + m[3] },
            { m[0], m[0], octagon ? m[0] + m[1] : m[0], m[0] + m[1] },
            { lo[0], octagon ? inner_x0 + margin : inner_x0 + corner,
              octagon ? inner_x0 + inner_y0 + in : inner_x0 + margin, shape->x0 + shape->y0 + inset[0] },
            { hi[0], octagon ? inner_x1 - margin : inner_x1 - corner,
              octagon ? inner_x1 + inner_y1 - in : inner_x1 - margin, shape->x1 + shape->y1 - inset[1] },
        };
        const bound_inputs q = {
            { cv, cv, octagon ? cu - cv : cv, cu - cv },
            { m[3], m[3], octagon ? m[2] - m[3] : m[3], m[2] - m[3] },
            { m[1], m[1], octagon ? m[0] - m[1] : m[1], m[0] - m[1] },
            { lo[1], inner_y0 + margin, octagon ? inner_x0 - inner_y1 + in : inner_y0 + corner, shape->x0 - shape->y1 + inset[2] },
            { hi[1], inner_y1 - margin, octagon ? inner_x1 - inner_y0 - in : inner_y1 - corner, shape->x1 - shape->y0 - inset[3] },
        };
        const int flat_kind = octagon ? FLAT_OCTAGON : has_flat ? FLAT_CROSS : 0;
        if (turned_avx512)
            turned_rows_avx512(dst, dst_stride, x0, y0, x1, y1, &p, &q, flat_kind, cu, cv, m, &n, &w, flat);
        else
            turned_rows_avx2(dst, dst_stride, x0, y0, x1, y1, &p, &q, flat_kind, cu, cv, m, &n, &w, flat);
        return;
    }
#endif
    const lamina_row_bound covered[2] = { lamina_bound_for(cu, m[2], m[0], lo[0], hi[0]), lamina_bound_for(cv, m[3], m[1], lo[1], hi[1]) };
    const lamina_row_bound flat_part[2][2] = {
        { lamina_bound_for(cu, m[2], m[0], inner_x0 + corner, inner_x1 - corner),
          lamina_bound_for(cv, m[3], m[1], inner_y0 + margin, inner_y1 - margin) },
        { lamina_bound_for(cu, m[2], m[0], inner_x0 + margin, inner_x1 - margin),
          lamina_bound_for(cv, m[3], m[1], inner_y0 + corner, inner_y1 - corner) },
    };
    for (int y = y0; y < y1; y++) {
        const double center = y + 0.5;
        double from = x0, to = x1;
        lamina_narrow(&covered[0], center, &from, &to);
        lamina_narrow(&covered[1], center, &from, &to);
        int first, last;
        lamina_pixels_within(from, to, x0, x1, &first, &last);
        if (first >= last) continue;
        uint32_t *out = dst + (long)y * dst_stride;
        const double u0 = cu + m[2] * center, v0 = cv + m[3] * center;
        int flat_first = last, flat_last = last;
        if (has_flat) {
            lamina_flat_span(flat_part[0], center, from, to, first, last, &flat_first, &flat_last);
            int a = last, b = last;
            lamina_flat_span(flat_part[1], center, from, to, first, last, &a, &b);
            lamina_join_spans(&flat_first, &flat_last, a, b);
            if (flat_first >= flat_last) flat_first = flat_last = last;
        }
#if defined(__x86_64__)
        if (wide) {
            outline_row_wide_called(out, first, last, flat_first, flat_last, x0, x1, u0, v0, m, &n, &w, flat);
            continue;
        }
#endif
        COVERED_SPAN(first, flat_first);
        lamina_solid_over(out + flat_first, flat_last - flat_first, flat);
        if (flat_last < last) COVERED_SPAN(flat_last, last);
    }
    #undef COVERED_SPAN
}
