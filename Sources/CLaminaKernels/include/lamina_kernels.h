// Lamina's own pixel kernels, for what pixman does slowly (it has no fast path for rotation).
#ifndef LAMINA_KERNELS_H
#define LAMINA_KERNELS_H

#include <stdint.h>

/// A premultiplied ARGB32 texture, with up to two rectangles of it where every texel is the same
/// color (a tile's interior: a rounded one as a cross of a wide and a tall rectangle): the kernels
/// fill what samples only those rectangles without reading texels.
typedef struct lamina_texture {
    const uint32_t *texels;
    int stride_pixels, width, height;
    /// [flat_x0, flat_x1) × [flat_y0, flat_y1) holds only `flat_color`; empty when flat_x0 >= flat_x1.
    int flat_x0, flat_y0, flat_x1, flat_y1;
    /// A second such rectangle (overlapping the first), or empty.
    int flat2_x0, flat2_y0, flat2_x1, flat2_y1;
    uint32_t flat_color;
} lamina_texture;

/// Sets the texture's flat rectangles: the widest and the tallest rectangles of texels equal to
/// the center texel through the center (or the largest one, when those are thin), empty when
/// there is none worth having. Reads every texel once.
void lamina_texture_find_flat_rect(lamina_texture *texture);

/// Asks the cache for the texels the kernels will read (all but the middle of the flat rectangle),
/// ahead of placing the texture: the texels of many textures don't stay in cache from frame to frame.
void lamina_texture_prefetch(const lamina_texture *texture);

/// Which sides of a texture's drawing are cut aliased (a layer's `allowsEdgeAntialiasing` off, or
/// sides left out of its `edgeAntialiasingMask`), in texel-space names: x0 is the texture's
/// left column (the layer's minX), y0 its first row (the layer's minY).
enum {
    LAMINA_ALIAS_X0 = 1, LAMINA_ALIAS_X1 = 2, LAMINA_ALIAS_Y0 = 4, LAMINA_ALIAS_Y1 = 8,
};

/// A texture's drawing as an outline with aliased sides: [x0, x1) × [y0, y1) in texel edge
/// coordinates (texel i spans [i, i + 1)). On an aliased side a destination pixel is drawn
/// when its center maps inside, and its sample is clamped to the texels wholly inside, so that
/// it comes out as opaque as the drawing there: no partial coverage along that side. The other
/// sides fade out through the transparent padding, as without edges.
typedef struct lamina_edges {
    double x0, y0, x1, y1;
    unsigned aliased;
} lamina_edges;

/// Blends `src` OVER `dst` (ARGB32 or XRGB32) through an affine transform, sampled bilinearly,
/// faded by `alpha` (0–255), within the destination rectangle [x0, x1)×[y0, y1). `inverse` maps
/// destination pixel coordinates to source ones: sx = inverse[0]·x + inverse[2]·y + inverse[4],
/// sy = inverse[1]·x + inverse[3]·y + inverse[5]. Source texels on the outermost rows and
/// columns must be transparent (padding): samples are taken only where all four texels lie inside the source.
void lamina_affine_bilinear_over(uint32_t *dst, int dst_stride_pixels,
                                 int x0, int y0, int x1, int y1,
                                 const lamina_texture *src, const double inverse[6], uint32_t alpha);

/// As `lamina_affine_bilinear_over`, each sample's channels multiplied by those of `tint` (a
/// premultiplied ARGB32 word of multipliers, 255 = 1: a color multiply with its alpha, as a
/// replicator instance's color or a particle's color applies) before blending.
void lamina_affine_bilinear_tinted_over(uint32_t *dst, int dst_stride_pixels,
                                        int x0, int y0, int x1, int y1,
                                        const lamina_texture *src, const double inverse[6], uint32_t tint);

/// As `lamina_affine_bilinear_tinted_over`, the samples added to `dst` (each channel saturating):
/// particles of an emitter in additive render mode.
void lamina_affine_bilinear_tinted_add(uint32_t *dst, int dst_stride_pixels,
                                       int x0, int y0, int x1, int y1,
                                       const lamina_texture *src, const double inverse[6], uint32_t tint);

/// As `lamina_affine_bilinear_tinted_over`, the sides `edges` names cut aliased (NULL: none).
void lamina_affine_bilinear_edged_over(uint32_t *dst, int dst_stride_pixels,
                                       int x0, int y0, int x1, int y1,
                                       const lamina_texture *src, const double inverse[6], uint32_t tint,
                                       const lamina_edges *edges);

/// Instruction sets a kernel may use beyond SSE2 (`lamina_affine_bilinear_edged_over_with`,
/// `lamina_rounded_rect_over_with`, the blur kernels' `_with` forms).
/// `LAMINA_KERNEL_AVX512`: AVX-512 F, VL, BW and DQ with BMI2.
enum { LAMINA_KERNEL_AVX2 = 1, LAMINA_KERNEL_SSE41 = 2, LAMINA_KERNEL_AVX512 = 4 };

/// The instruction sets beyond SSE2 that this CPU has and the affine kernel uses
/// (`LAMINA_KERNEL_AVX2`: a translated span's samples eight at a time).
unsigned lamina_affine_features(void);

/// As `lamina_affine_bilinear_edged_over`, using only the instruction sets `features` names
/// (`LAMINA_KERNEL_*`, and the CPU has): the paths side by side, for tests and benchmarks.
void lamina_affine_bilinear_edged_over_with(uint32_t *dst, int dst_stride_pixels,
                                            int x0, int y0, int x1, int y1,
                                            const lamina_texture *src, const double inverse[6], uint32_t tint,
                                            const lamina_edges *edges, unsigned features);

/// Blends `src` OVER `dst` through a projective map (a layer under perspective), sampled
/// bilinearly, faded by `alpha`, within [x0, x1)×[y0, y1). `inverse` is the row-vector 3×3 map from
/// destination pixel coordinates to texel ones: (sx, sy, w) = (x, y, 1)·inverse, then divided by w;
/// pixels with w ≤ 0 (behind the viewer) are skipped. The same padding rule as the affine kernel.
void lamina_projective_bilinear_over(uint32_t *dst, int dst_stride_pixels,
                                     int x0, int y0, int x1, int y1,
                                     const lamina_texture *src, const double inverse[9], uint32_t alpha);

/// As `lamina_projective_bilinear_over`, each sample multiplied channel by channel by `tint`.
void lamina_projective_bilinear_tinted_over(uint32_t *dst, int dst_stride_pixels,
                                            int x0, int y0, int x1, int y1,
                                            const lamina_texture *src, const double inverse[9], uint32_t tint);

/// As `lamina_projective_bilinear_tinted_over`, the sides `edges` names cut aliased (NULL: none).
void lamina_projective_bilinear_edged_over(uint32_t *dst, int dst_stride_pixels,
                                           int x0, int y0, int x1, int y1,
                                           const lamina_texture *src, const double inverse[9], uint32_t tint,
                                           const lamina_edges *edges);

/// As `lamina_projective_bilinear_edged_over`, using only the instruction sets `features` names
/// (`LAMINA_KERNEL_*`, and the CPU has): the paths side by side, for tests and benchmarks.
void lamina_projective_bilinear_edged_over_with(uint32_t *dst, int dst_stride_pixels,
                                                int x0, int y0, int x1, int y1,
                                                const lamina_texture *src, const double inverse[9], uint32_t tint,
                                                const lamina_edges *edges, unsigned features);

/// A layer's own drawing when it is only a background and a border over its rounded bounds, in
/// texel edge coordinates of its texture (the texture's `lamina_edges` rectangle): drawn from
/// the outline by `lamina_rounded_rect_over` instead of sampled.
enum {
    LAMINA_CORNER_X0Y0 = 1, LAMINA_CORNER_X1Y0 = 2, LAMINA_CORNER_X0Y1 = 4, LAMINA_CORNER_X1Y1 = 8,
};

typedef struct lamina_rounded_rect {
    /// The outline [x0, x1) × [y0, y1).
    double x0, y0, x1, y1;
    /// The corners' radius (limited to half the shorter side) and the border's width, in texels.
    double radius, border;
    /// Which corners are rounded (`LAMINA_CORNER_*`), and which sides are cut by pixel centers
    /// (`LAMINA_ALIAS_*`, as `lamina_edges`).
    unsigned rounded, aliased;
    /// Premultiplied ARGB32: the background over the whole outline, the border's ring over it
    /// (its inner corners rounded by the radius less the width). 0: none.
    uint32_t fill, border_color;
} lamina_rounded_rect;

/// Draws `shape` OVER `dst` through the affine map whose inverse is `inverse` (as
/// `lamina_affine_bilinear_over`'s; a similarity: turned and uniformly scaled), each pixel's
/// coverage from its center's distances to the outline in device pixels, multiplied by `tint`
/// (premultiplied multipliers, 255 = 1), within [x0, x1)×[y0, y1).
void lamina_rounded_rect_over(uint32_t *dst, int dst_stride_pixels,
                              int x0, int y0, int x1, int y1,
                              const lamina_rounded_rect *shape, const double inverse[6], uint32_t tint);


/// The instruction sets beyond SSE2 that this CPU has and the outline kernel uses
/// (`LAMINA_KERNEL_AVX2`: eight pixels a step, with FMA; `LAMINA_KERNEL_AVX512`: turned outlines
/// whose sides are cut alike, two rows' edge pixels a step).
unsigned lamina_outline_features(void);

/// As `lamina_rounded_rect_over`, using only the instruction sets `features` names (and the CPU
/// has): the kernels' paths side by side, for tests and benchmarks.
void lamina_rounded_rect_over_with(uint32_t *dst, int dst_stride_pixels,
                                   int x0, int y0, int x1, int y1,
                                   const lamina_rounded_rect *shape, const double inverse[6], uint32_t tint, unsigned features);

/// Asks the cache for the `bytes` from `start` (rounded out to whole 64-byte lines), without
/// waiting for them: an object that the caller reads only after other work (the compositor's
/// bands fetch each next item's texture while drawing the one before).
static inline void lamina_prefetch_bytes(const void *start, int bytes) {
    const char *p = (const char *)start;
    for (int k = 0; k < bytes; k += 64) __builtin_prefetch(p + k);
    if (bytes > 0) __builtin_prefetch(p + bytes - 1);
}

/// Asks the cache for the 64-byte line at `address`, which is about to be written (a reference
/// count), without waiting for it: `prefetchw` where the target has it, else a plain prefetch.
static inline void lamina_prefetch_for_write(const void *address) {
    __builtin_prefetch(address, 1);
}

/// How many CPUs the calling thread may run on (its affinity mask: `taskset`, a container's CPU
/// set), at least 1; the CPUs online when the mask cannot be read. Not the CPUs online: a
/// process held to one core should not share work out. A CPU quota (`cpu.max`) is not seen.
int lamina_usable_cpus(void);

/// Writes the CPUs the calling thread may run on into `cpus` (at most `capacity`, lowest first)
/// and returns how many it wrote; -1 when the kernel does not say.
int lamina_thread_cpus(int *cpus, int capacity);

/// Lets the calling thread run only on the `count` CPUs in `cpus`: 0, or -1 (errno set) when the
/// kernel refuses or no CPU is named.
int lamina_pin_thread(const int *cpus, int count);

/// Tells the core that the caller is waiting in a loop for another thread's write (`pause`):
/// the loop runs slower, leaves the core's ports to others, and ends without a pipeline flush.
static inline void lamina_spin_pause(void) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ __volatile__("yield");
#endif
}

/// Blends one premultiplied color OVER `count` pixels of `dst` (the flat part of a span).
void lamina_solid_over(uint32_t *dst, int count, uint32_t color);

/// Means of `factor`×`factor` blocks of `src` (`width`×`height`, factor 1 to 8) into `dst`
/// (⌈width / factor⌉ × ⌈height / factor⌉), each channel rounded half up; a partial block at the
/// right or bottom edge is the mean of its pixels. A wide blur's reduced copy.
void lamina_blur_reduce(const uint32_t *src, int width, int height, int factor, uint32_t *dst);

/// `p` and `q` mixed with `q`'s weight `f` in 1/256 (0…256), each channel rounded half up: the
/// rounding of every blur kernel that mixes two pixels.
static inline uint32_t lamina_blur_mix(uint32_t p, uint32_t q, uint32_t f) {
    const uint32_t rb = (((p & 0x00ff00ff) * (256 - f) + (q & 0x00ff00ff) * f + 0x00800080) >> 8) & 0x00ff00ff;
    const uint32_t ag = (((p >> 8) & 0x00ff00ff) * (256 - f) + ((q >> 8) & 0x00ff00ff) * f + 0x00800080) & 0xff00ff00;
    return rb | ag;
}

/// The instruction sets beyond SSE2 that this CPU has and the blur kernels use
/// (`LAMINA_KERNEL_AVX2`: rows mixed eight pixels a step; `LAMINA_KERNEL_SSE41`: the box passes'
/// 32-bit multiplies, four channels or pixels a step).
unsigned lamina_blur_features(void);

/// `count` pixels of `top` and `bottom` mixed into `out`, `bottom` weighing `weight` in 1/256
/// (0…256), each channel rounded half up: a row of a reduced blur scaled back up. It uses the
/// instruction sets `features` names that the CPU has (`lamina_blur_features()`: all of them;
/// tests name fewer to run each path).
void lamina_blur_mix_rows_with(uint32_t *out, const uint32_t *top, const uint32_t *bottom, int count, uint32_t weight,
                               unsigned features);

/// Where an output column of a reduced blur scaled back up samples its small row: the two small
/// columns around it and the right one's weight in 1/256 (0…256).
typedef struct lamina_blur_column {
    int32_t left, right;
    uint32_t weight;
} lamina_blur_column;

/// `count` pixels of a small row widened into `out`, pixel x mixed from `line` as `columns[x]`
/// says, rounded as `lamina_blur_mix_rows_with` rounds.
void lamina_blur_widen_row(uint32_t *out, const uint32_t *line, const lamina_blur_column *columns, int count);

/// A running-sum box pass along every row of `pixels` (`width`×`height`, in place): each pixel
/// the mean of the 2·radius + 1 pixels around it in its row, transparent outside, each channel
/// (sum · ⌊2²⁴ / (2·radius + 1)⌋ + 2²³) >> 24. `scratch` holds `width` pixels. It uses the
/// instruction sets `features` names that the CPU has (`lamina_blur_features()`: all of them;
/// tests name fewer to run each path).
void lamina_box_blur_rows_with(uint32_t *pixels, int width, int height, int radius, uint32_t *scratch, unsigned features);

/// The same pass down every column. `sums` holds 4 · `width` words; `ring` min(2·radius + 2,
/// height + 1) rows of `width` pixels (the rows the window still reads once written over).
void lamina_box_blur_columns_with(uint32_t *pixels, int width, int height, int radius, uint32_t *sums, uint32_t *ring,
                                  unsigned features);

/// The largest radius `lamina_disc_blur` and `lamina_motion_blur` take (larger ones are
/// clamped): the filter catalog caps a blur at 300 points, times the device scale.
enum { LAMINA_DISC_RADIUS_MAX = 1024, LAMINA_MOTION_RADIUS_MAX = 1024 };

/// Each pixel of `src` (`width`×`height`) the mean of the disc of `radius` pixels around it
/// (rows of half width ⌊√(r² − dy²)⌋; transparent outside), into `dst`, each channel the sum times
/// 1 / area in single precision, rounded half up. `prefix` holds 4 · (`width` + 1) · `height`
/// words (each row's running sums), `sums` 4 · `width`.
void lamina_disc_blur(const uint32_t *src, uint32_t *dst, int width, int height, int radius, uint32_t *prefix, uint32_t *sums);

/// Each pixel of `src` (`width`×`height`) the mean of 2·radius + 1 bilinear samples a pixel
/// apart along (`dx`, `dy`) through it (a unit vector in pixel coordinates, rows down;
/// transparent outside), into `dst`: sample positions to 1/64 of a pixel. `padded` holds
/// (`width` + 2·radius + 4) · (`height` + 2·radius + 4) pixels, `sums` 4 · `width` words.
void lamina_motion_blur(const uint32_t *src, uint32_t *dst, int width, int height, int radius, double dx, double dy,
                        uint32_t *padded, uint32_t *sums);

#endif
