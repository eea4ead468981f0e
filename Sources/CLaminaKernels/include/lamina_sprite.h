// The particle sprite kernel: an emitter's particles, many small turned, scaled and tinted images.
#ifndef LAMINA_SPRITE_H
#define LAMINA_SPRITE_H

#include "lamina_kernels.h"

/// A sprite: its texels (with the transparent ring the affine kernel needs) and the disc, in
/// texel space (texel centers at integers, the ring's first texel at 0), outside which every
/// texel is transparent.
typedef struct lamina_sprite {
    lamina_texture texture;
    /// Every texel that is not transparent has its center within `radius` of (center_u,
    /// center_v); radius < 0 when every texel is transparent.
    double center_u, center_v, radius;
} lamina_sprite;

/// Sets the sprite's disc from its texels (reads each once).
void lamina_sprite_find_reach(lamina_sprite *sprite);

/// One particle placed: its sprite, the inverse map from canvas pixels to the sprite's texels
/// (as the affine kernel takes it), the pixels it may touch [x0, x1)×[y0, y1) and its tint (a
/// premultiplied ARGB32 word of channel multipliers, 255 = 1).
typedef struct lamina_sprite_placement {
    const lamina_sprite *sprite;
    double inverse[6];
    int x0, y0, x1, y1;
    uint32_t tint;
} lamina_sprite_placement;

/// Draws `placed[indices[k]]` for k in [0, count), in that order, within the tile [left, right)
/// × [top, bottom) of `dst`: OVER, or added (each channel saturating) with `additive`. Every pixel comes out as
/// `lamina_affine_bilinear_tinted_over` / `_add` makes it, bit for bit, however the
/// particle is cut into tiles; rows are cut to the
/// sprite's disc and sampled four pixels a step without branches.
void lamina_sprites_draw(uint32_t *dst, int dst_stride_pixels, int left, int top, int right, int bottom,
                         const lamina_sprite_placement *placed, const int32_t *indices, int count, int additive);

#endif
