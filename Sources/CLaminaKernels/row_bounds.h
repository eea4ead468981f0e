// Geometry shared by the sampling kernels (internal): where a row's samples stay inside a range,
// 16.16 fixed point, and the texels an aliased side keeps. One copy, so that the affine, sprite
// and projective kernels cut and round alike (a particle's pixels must not depend on its kernel).
#ifndef LAMINA_ROW_BOUNDS_H
#define LAMINA_ROW_BOUNDS_H

#include "lamina_kernels.h"
#include <math.h>
#include <stdint.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/// Where along row y a coordinate stays in [lo, hi): with u(x) = c + cy·y + du·x, the x in
/// [from0 + slope·y, to0 + slope·y). Worked out once per call (or sprite), so rows need no division.
typedef struct {
    double from0, to0, slope, c, cy, lo, hi;
    int constant;          /* du == 0: the whole row or none of it */
} lamina_row_bound;

static inline lamina_row_bound lamina_bound_for(double c, double cy, double du, double lo, double hi) {
    lamina_row_bound b = { 0, 0, 0, c, cy, lo, hi, du == 0 };
    if (du == 0) return b;
    double a0 = (lo - c) / du, b0 = (hi - c) / du;
    b.slope = -cy / du;
    if (du > 0) { b.from0 = a0; b.to0 = b0; }
    else { b.from0 = b0; b.to0 = a0; }
    return b;
}

/// Narrows [*from, *to) to where row y (its center) keeps the coordinate within the bound.
static inline void lamina_narrow(const lamina_row_bound *b, double y, double *from, double *to) {
    if (b->constant) {
        double u = b->c + b->cy * y;
        if (u < b->lo || u >= b->hi) *to = *from;
        return;
    }
    double f = b->from0 + b->slope * y, t = b->to0 + b->slope * y;
    if (f > *from) *from = f;
    if (t < *to) *to = t;
}

/// ceil(v) for v inside the int range, without a call into libm (x86-64's baseline has no
/// rounding instruction): a few times per row, it showed in profiles.
static inline int lamina_ceil_int(double v) {
    int i = (int)v;
    return i + (i < v);
}

/// The pixels whose centers lie in [from, to) (pixel x's center at x, as the row bounds count
/// them), within [x0, x1): [*first, *last).
static inline void lamina_pixels_within(double from, double to, int x0, int x1, int *first, int *last) {
    *first = from > x0 ? (from < x1 ? lamina_ceil_int(from) : x1) : x0;
    *last = to < x1 ? (to > x0 ? lamina_ceil_int(to) : x0) : x1;
}

/// The pixels of row y (center `y`) within [first, last) inside the rectangle whose bounds
/// are `part` (a flat part of a texture or an outline); an empty span when none.
static inline void lamina_flat_span(const lamina_row_bound part[2], double y, double from, double to, int first, int last,
                                    int *flat_first, int *flat_last) {
    lamina_narrow(&part[0], y, &from, &to);
    lamina_narrow(&part[1], y, &from, &to);
    lamina_pixels_within(from, to, first, last, flat_first, flat_last);
}

/// Joins the span [a, b) of a second rectangle into [*first, *last) of the first, the two
/// rectangles overlapping (a rounded outline's interior as a wide and a tall rectangle): spans
/// that touch join, else the longer one is taken. An empty span is one with first >= last.
static inline void lamina_join_spans(int *first, int *last, int a, int b) {
    int touching = a <= *last && b >= *first;
    if (a >= b) return;
    if (*first >= *last || (!touching && b - a > *last - *first)) {
        *first = a; *last = b;
    } else if (touching) {
        if (a < *first) *first = a;
        if (b > *last) *last = b;
    }
}

/// A coordinate in 16.16 fixed point, rounded to nearest.
static inline int32_t lamina_fixed16(double v) {
#if defined(__SSE2__)
    return _mm_cvtsd_si32(_mm_set_sd(v * 65536));
#else
    return (int32_t)lrint(v * 65536);
#endif
}

/// On the sides `edges` cuts aliased: pixel centers are drawn only inside the outline (`lo`/`hi`,
/// texel-center coordinates, narrowed), and samples come only from texels wholly inside it
/// (`first`/`last`, per axis: [ceil(x0), floor(x1) − 1], at least one). Returns the aliased sides.
static inline unsigned lamina_edge_limits(const lamina_edges *edges, int width, int height,
                                          double lo[2], double hi[2], int first[2], int last[2]) {
    first[0] = (int)ceil(edges->x0); last[0] = (int)floor(edges->x1) - 1;
    first[1] = (int)ceil(edges->y0); last[1] = (int)floor(edges->y1) - 1;
    const int limit[2] = { width - 2, height - 2 };
    for (int a = 0; a < 2; a++) {
        if (first[a] < 0) first[a] = 0;
        if (last[a] > limit[a]) last[a] = limit[a];
        if (last[a] < first[a]) last[a] = first[a];
    }
    const unsigned aliased = edges->aliased;
    if ((aliased & LAMINA_ALIAS_X0) && edges->x0 - 0.5 > lo[0]) lo[0] = edges->x0 - 0.5;
    if ((aliased & LAMINA_ALIAS_X1) && edges->x1 - 0.5 < hi[0]) hi[0] = edges->x1 - 0.5;
    if ((aliased & LAMINA_ALIAS_Y0) && edges->y0 - 0.5 > lo[1]) lo[1] = edges->y0 - 0.5;
    if ((aliased & LAMINA_ALIAS_Y1) && edges->y1 - 0.5 < hi[1]) hi[1] = edges->y1 - 0.5;
    return aliased;
}

#endif
