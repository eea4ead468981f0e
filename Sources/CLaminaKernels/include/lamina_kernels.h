// Lamina's own pixel kernels, for what pixman does slowly (it has no fast path for rotation).
#ifndef LAMINA_KERNELS_H
#define LAMINA_KERNELS_H

#include <stdint.h>

/// Blends `src` (premultiplied ARGB32, `src_width`×`src_height`) OVER `dst` (ARGB32 or XRGB32)
/// through an affine transform, sampled bilinearly, faded by `alpha` (0–255), within the
/// destination rectangle [x0, x1)×[y0, y1). `inverse` maps destination pixel coordinates to
/// source ones: sx = inverse[0]·x + inverse[2]·y + inverse[4], sy = inverse[1]·x + inverse[3]·y + inverse[5].
/// Source texels on the outermost rows and columns must be transparent (padding): samples are
/// taken only where all four texels lie inside the source.
void lamina_affine_bilinear_over(uint32_t *dst, int dst_stride_pixels,
                                 int x0, int y0, int x1, int y1,
                                 const uint32_t *src, int src_stride_pixels, int src_width, int src_height,
                                 const double inverse[6], uint32_t alpha);

#endif
