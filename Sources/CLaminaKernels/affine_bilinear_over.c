// Affine bilinear OVER. With SSE2 (every x86-64 has it) each pixel is blended in 16-bit lanes;
// elsewhere a portable loop does the same with 8-bit channels packed in 32-bit words.
#include "lamina_kernels.h"
#include <math.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/// The range of x (a real number) where lo <= u0 + du·x < hi, narrowed into [*from, *to).
static void narrow(double u0, double du, double lo, double hi, double *from, double *to) {
    if (du == 0) {
        if (u0 < lo || u0 >= hi) *to = *from;
        return;
    }
    double a = (lo - u0) / du, b = (hi - u0) / du;
    if (a > b) { double t = a; a = b; b = t; }
    if (a > *from) *from = a;
    if (b < *to) *to = b;
}

#if !defined(__SSE2__)
/// Each 8-bit channel of x times a / 255, rounded.
static inline uint32_t scale_channels(uint32_t x, uint32_t a) {
    uint32_t rb = (x & 0x00ff00ff) * a + 0x00800080;
    rb = ((rb + ((rb >> 8) & 0x00ff00ff)) >> 8) & 0x00ff00ff;
    uint32_t ag = ((x >> 8) & 0x00ff00ff) * a + 0x00800080;
    ag = (ag + ((ag >> 8) & 0x00ff00ff)) & 0xff00ff00;
    return rb | ag;
}
#endif

#if defined(__SSE2__)
/// The 2×2 texels at `row` blended with 7-bit weights, as 4 × 16-bit lanes.
static inline __m128i bilinear_lanes(const uint32_t *row, int stride, int dx, int dy) {
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

/// The sample at texel position (u, v) (16.16, clamped inside) as 4 × 16-bit lanes.
static inline __m128i texel_lanes(const uint32_t *src, int stride, int32_t u, int32_t v, int32_t umax, int32_t vmax,
                                  __m128i zero) {
    // Rounding may step a hair outside; the outer texels are transparent padding anyway.
    int32_t uc = u < 0 ? 0 : u > umax ? umax : u, vc = v < 0 ? 0 : v > vmax ? vmax : v;
    const uint32_t *row = src + (vc >> 16) * stride + (uc >> 16);
    uint32_t p = row[0];
    // Inside a flat area the four texels agree (most of a tile): no blend needed.
    if (p == row[1] && p == row[stride] && p == row[stride + 1]) return _mm_unpacklo_epi8(_mm_cvtsi32_si128((int)p), zero);
    return bilinear_lanes(row, stride, (uc >> 9) & 0x7f, (vc >> 9) & 0x7f);
}

/// x / 255, rounded, on 16-bit lanes holding products of two 8-bit values.
static inline __m128i div255(__m128i x) {
    x = _mm_add_epi16(x, _mm_set1_epi16(128));
    return _mm_srli_epi16(_mm_add_epi16(x, _mm_srli_epi16(x, 8)), 8);
}
#endif

#if !defined(__SSE2__)
/// The blend of the 2×2 texels at `row` with 7-bit weights dx, dy (as pixman weighs them).
static inline uint32_t bilinear(const uint32_t *row, int stride, int dx, int dy) {
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

void lamina_affine_bilinear_over(uint32_t *dst, int dst_stride, int x0, int y0, int x1, int y1,
                                 const uint32_t *src, int src_stride, int src_width, int src_height,
                                 const double m[6], uint32_t alpha) {
    if (src_width < 2 || src_height < 2 || alpha == 0) return;
    const int32_t umax = (src_width - 2) << 16 | 0xffff, vmax = (src_height - 2) << 16 | 0xffff;
    for (int y = y0; y < y1; y++) {
        // Texel space (texel centers at integers) at the center of pixel (0, y).
        double u0 = m[2] * (y + 0.5) + m[4] + m[0] * 0.5 - 0.5;
        double v0 = m[3] * (y + 0.5) + m[5] + m[1] * 0.5 - 0.5;
        double from = x0, to = x1;
        narrow(u0, m[0], 0, src_width - 1, &from, &to);
        narrow(v0, m[1], 0, src_height - 1, &from, &to);
        int first = (int)ceil(from), last = (int)ceil(to);   // [first, last)
        if (first < x0) first = x0;
        if (last > x1) last = x1;
        if (first >= last) continue;
        int32_t u = (int32_t)lrint((u0 + m[0] * first) * 65536), v = (int32_t)lrint((v0 + m[1] * first) * 65536);
        int32_t du = (int32_t)lrint(m[0] * 65536), dv = (int32_t)lrint(m[1] * 65536);
        uint32_t *out = dst + (long)y * dst_stride;
#if defined(__SSE2__)
        __m128i zero = _mm_setzero_si128(), fade = _mm_set1_epi16((short)alpha), full = _mm_set1_epi16(255);
        int x = first;
        // Two pixels at a time: each is sampled on its own, then faded and blended together.
        for (; x + 1 < last; x += 2, u += 2 * du, v += 2 * dv) {
            __m128i s = _mm_unpacklo_epi64(texel_lanes(src, src_stride, u, v, umax, vmax, zero),
                                           texel_lanes(src, src_stride, u + du, v + dv, umax, vmax, zero));
            if (alpha < 255) s = div255(_mm_mullo_epi16(s, fade));
            __m128i sa = _mm_shufflehi_epi16(_mm_shufflelo_epi16(s, 0xFF), 0xFF);    // each pixel's alpha
            if (_mm_movemask_epi8(_mm_cmpeq_epi16(sa, zero)) == 0xFFFF) continue;       // both transparent
            __m128i d = _mm_unpacklo_epi8(_mm_loadl_epi64((const __m128i *)(out + x)), zero);
            d = div255(_mm_mullo_epi16(d, _mm_sub_epi16(full, sa)));
            _mm_storel_epi64((__m128i *)(out + x), _mm_packus_epi16(_mm_add_epi16(s, d), zero));
        }
        for (; x < last; x++, u += du, v += dv) {
            __m128i s = texel_lanes(src, src_stride, u, v, umax, vmax, zero);
            if (alpha < 255) s = div255(_mm_mullo_epi16(s, fade));
            int sa = _mm_extract_epi16(s, 3);
            if (sa == 0) continue;
            __m128i d = _mm_unpacklo_epi8(_mm_cvtsi32_si128((int)out[x]), zero);
            d = div255(_mm_mullo_epi16(d, _mm_set1_epi16((short)(255 - sa))));
            out[x] = (uint32_t)_mm_cvtsi128_si32(_mm_packus_epi16(_mm_add_epi16(s, d), zero));
        }
#else
        for (int x = first; x < last; x++, u += du, v += dv) {
            // Rounding may step a hair outside; the outer texels are transparent padding anyway.
            int32_t uc = u < 0 ? 0 : u > umax ? umax : u, vc = v < 0 ? 0 : v > vmax ? vmax : v;
            const uint32_t *row = src + (vc >> 16) * src_stride + (uc >> 16);
            uint32_t p = row[0];
            // Inside a flat area the four texels agree: no blend needed.
            if (p != row[1] || p != row[src_stride] || p != row[src_stride + 1])
                p = bilinear(row, src_stride, (uc >> 9) & 0x7f, (vc >> 9) & 0x7f);
            if (p == 0) continue;
            if (alpha < 255) p = scale_channels(p, alpha);
            uint32_t sa = p >> 24;
            out[x] = sa == 255 ? p : p + scale_channels(out[x], 255 - sa);
        }
#endif
    }
}
