// Projective bilinear OVER: a layer under perspective placed straight from its texture. Each
// pixel center is mapped to texel space through the inverse homography (one division per
// pixel), sampled bilinearly from the 2×2 texels around it and blended; pixels whose sample
// would leave the texture, or that map from behind the viewer, are skipped. Perspective layers
// are few and small, so this stays plain C; its flat interiors are still filled without reading
// texels when the sample lands inside the flat rectangle.
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

void lamina_projective_bilinear_edged_over(uint32_t *dst, int dst_stride, int x0, int y0, int x1, int y1,
                                           const lamina_texture *src, const double h[9], uint32_t tint,
                                           const lamina_edges *edges) {
    if (src->width < 2 || src->height < 2 || (tint >> 24) == 0) return;
    const int faded = tint != 0xFFFFFFFFu;
    // Pixel centers drawn (texel-center coordinates) and samples clamped: the padding, or the
    // texels wholly inside an aliased side (see `lamina_edges`).
    double umin = 0, vmin = 0, umax = src->width - 1, vmax = src->height - 1;
    double cu0 = 0, cv0 = 0, cu1 = src->width - 1, cv1 = src->height - 1;
    const unsigned aliased = edges ? edges->aliased : 0;
    if (aliased) {
        double lo[2] = { umin, vmin }, hi[2] = { umax, vmax };
        int first[2], last[2];
        lamina_edge_limits(edges, src->width, src->height, lo, hi, first, last);
        umin = lo[0]; vmin = lo[1]; umax = hi[0]; vmax = hi[1];
        if (aliased & LAMINA_ALIAS_X0) cu0 = first[0];
        if (aliased & LAMINA_ALIAS_X1) cu1 = last[0];
        if (aliased & LAMINA_ALIAS_Y0) cv0 = first[1];
        if (aliased & LAMINA_ALIAS_Y1) cv1 = last[1];
    }
    const int flat = src->flat_x1 - src->flat_x0 >= 2 && src->flat_y1 - src->flat_y0 >= 2;
    const uint32_t flat_color = faded ? lamina_multiply_channels(src->flat_color, tint) : src->flat_color;
    for (int y = y0; y < y1; y++) {
        uint32_t *out = dst + (long)y * dst_stride;
        const double py = y + 0.5;
        for (int x = x0; x < x1; x++) {
            const double px = x + 0.5;
            const double w = h[2] * px + h[5] * py + h[8];
            if (!(w > 1e-12)) continue;
            // Texel centers at integers.
            double u = (h[0] * px + h[3] * py + h[6]) / w - 0.5, v = (h[1] * px + h[4] * py + h[7]) / w - 0.5;
            if (!(u >= umin && v >= vmin && u < umax && v < vmax)) continue;
            if (aliased) {
                u = u < cu0 ? cu0 : u > cu1 ? cu1 : u;
                v = v < cv0 ? cv0 : v > cv1 ? cv1 : v;
            }
            const int iu = (int)u, iv = (int)v;
            uint32_t p;
            if (flat && iu >= src->flat_x0 && iu + 1 < src->flat_x1 && iv >= src->flat_y0 && iv + 1 < src->flat_y1) {
                p = flat_color;
            } else {
                const uint32_t *row = src->texels + (long)iv * src->stride_pixels + iu;
                p = bilinear8(row, src->stride_pixels, (uint32_t)((u - iu) * 256), (uint32_t)((v - iv) * 256));
                if (faded) p = lamina_multiply_channels(p, tint);
            }
            if (p) out[x] = lamina_over(p, out[x]);
        }
    }
}
