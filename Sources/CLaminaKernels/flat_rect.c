// The flat rectangles of a texture: where every texel equals the center one (a tile's interior).
#include "lamina_kernels.h"
#include <emmintrin.h>
#include <stdlib.h>

/// Below this many texels a flat rectangle saves less than the checks cost.
enum { minimum_flat_area = 64 };

typedef struct { int x0, y0, x1, y1; } rect;

static long area(rect r) { return r.x1 > r.x0 && r.y1 > r.y0 ? (long)(r.x1 - r.x0) * (r.y1 - r.y0) : 0; }

/// How many texels before `row + end` equal `color`, back to `row` at most: four compared a step.
static int matching_before(const uint32_t *row, int end, uint32_t color) {
    const __m128i c = _mm_set1_epi32((int)color);
    int a = end;
    for (; a >= 4; a -= 4) {
        const int equal = _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(_mm_loadu_si128((const __m128i *)(row + a - 4)), c)));
        // Lanes 3 … 0 are texels a − 1 … a − 4: the run stops below the highest lane that differs.
        if (equal != 0xF) return end - a + (3 - (31 - __builtin_clz((unsigned)(equal ^ 0xF))));
    }
    while (a > 0 && row[a - 1] == color) a--;
    return end - a;
}

/// How many texels from `row + start` on equal `color`, up to `row + length`: four compared a step.
static int matching_from(const uint32_t *row, int start, int length, uint32_t color) {
    const __m128i c = _mm_set1_epi32((int)color);
    int b = start;
    for (; b + 4 <= length; b += 4) {
        const int equal = _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(_mm_loadu_si128((const __m128i *)(row + b)), c)));
        if (equal != 0xF) return b - start + __builtin_ctz((unsigned)(equal ^ 0xF));
    }
    while (b < length && row[b] == color) b++;
    return b - start;
}

/// Each line's run of `color` through the center, along rows (`columns` 0) or columns: the run
/// of line i is [from[i], to[i]), empty when from == to. Along rows four texels are compared a
/// step: a group composited again every frame (a scrolling list's, 3744×2064 texels at
/// 1920×1080 points and scale 2) has rows of its background's color nearly edge to edge, and
/// walking them a texel at a time was a tenth of its frame.
static void runs(const lamina_texture *t, uint32_t color, int columns, int *from, int *to) {
    int lines = columns ? t->width : t->height, length = columns ? t->height : t->width;
    int center = length / 2;
    if (!columns) {
        for (int i = 0; i < lines; i++) {
            const uint32_t *row = t->texels + (long)i * t->stride_pixels;
            int a = center, b = center;
            if (row[center] == color) {
                a = center - matching_before(row, center, color);
                b = center + 1 + matching_from(row, center + 1, length, color);
            }
            from[i] = a; to[i] = b;
        }
        return;
    }
    for (int i = 0; i < lines; i++) {
        #define AT(k) (columns ? t->texels[(long)(k) * t->stride_pixels + i] : t->texels[(long)i * t->stride_pixels + (k)])
        int a = center, b = center;
        if (AT(center) == color) {
            b = center + 1;
            while (a > 0 && AT(a - 1) == color) a--;
            while (b < length && AT(b) == color) b++;
        }
        #undef AT
        from[i] = a; to[i] = b;
    }
}

/// The lines around the center line whose runs hold all of the center line's run: a band as
/// long as the center run (the wide rectangle from rows, the tall one from columns).
static rect band(const int *from, const int *to, int lines, int columns) {
    int c = lines / 2, a = from[c], b = to[c], first = c, last = c + 1;
    if (b <= a) return (rect){ 0, 0, 0, 0 };
    while (first > 0 && from[first - 1] <= a && to[first - 1] >= b) first--;
    while (last < lines && from[last] <= a && to[last] >= b) last++;
    return columns ? (rect){ first, a, last, b } : (rect){ a, first, b, last };
}

/// The largest rectangle of rows through the center row: its width is the narrowest run among them.
static rect largest(const int *left, const int *right, int h, int w) {
    rect found = { 0, 0, 0, 0 };
    long best = 0;
    int cy = h / 2, top_left = 0, top_right = w;
    for (int top = cy; top >= 0 && right[top] > left[top]; top--) {
        if (left[top] > top_left) top_left = left[top];
        if (right[top] < top_right) top_right = right[top];
        int l = top_left, r = top_right;
        for (int bottom = cy; bottom < h && r > l; bottom++) {
            if (left[bottom] > l) l = left[bottom];
            if (right[bottom] < r) r = right[bottom];
            long a = (long)(r - l) * (bottom + 1 - top);
            if (r > l && a > best) { best = a; found = (rect){ l, top, r, bottom + 1 }; }
        }
    }
    return found;
}

static int contains(rect outer, rect inner) {
    return inner.x0 >= outer.x0 && inner.y0 >= outer.y0 && inner.x1 <= outer.x1 && inner.y1 <= outer.y1;
}

void lamina_texture_find_flat_rect(lamina_texture *t) {
    t->flat_x0 = t->flat_y0 = t->flat_x1 = t->flat_y1 = 0;
    t->flat2_x0 = t->flat2_y0 = t->flat2_x1 = t->flat2_y1 = 0;
    t->flat_color = 0;
    int w = t->width, h = t->height;
    if (w < 4 || h < 4) return;
    uint32_t color = t->texels[(long)(h / 2) * t->stride_pixels + w / 2];
    int *buffer = malloc(sizeof(int) * (size_t)(h + w) * 2);
    if (!buffer) return;
    int *left = buffer, *right = buffer + h, *top = buffer + 2 * h, *bottom = buffer + 2 * h + w;
    runs(t, color, 0, left, right);
    runs(t, color, 1, top, bottom);
    rect wide = band(left, right, h, 0), tall = band(top, bottom, w, 1);
    rect first = wide, second = tall;
    if (area(wide) < minimum_flat_area || area(tall) < minimum_flat_area) {
        // Thin bands (a round shape): the largest rectangle alone.
        first = largest(left, right, h, w);
        second = (rect){ 0, 0, 0, 0 };
    }
    free(buffer);
    if (area(first) < minimum_flat_area) return;
    if (contains(first, second)) second = (rect){ 0, 0, 0, 0 };
    t->flat_x0 = first.x0; t->flat_y0 = first.y0; t->flat_x1 = first.x1; t->flat_y1 = first.y1;
    t->flat2_x0 = second.x0; t->flat2_y0 = second.y0; t->flat2_x1 = second.x1; t->flat2_y1 = second.y1;
    t->flat_color = color;
}

/// Asks for the cache lines between `from` and `to` (exclusive).
static void prefetch_lines(const uint32_t *from, const uint32_t *to) {
    for (const char *p = (const char *)from; p < (const char *)to; p += 64) __builtin_prefetch(p);
    __builtin_prefetch((const char *)to - 1);
}

void lamina_texture_prefetch(const lamina_texture *t) {
    for (int y = 0; y < t->height; y++) {
        const uint32_t *row = t->texels + (long)y * t->stride_pixels;
        // Within a flat rectangle's rows only the ends are read; the middle is filled without reading.
        int x0 = 0, x1 = 0;
        if (y > t->flat_y0 && y + 1 < t->flat_y1) { x0 = t->flat_x0; x1 = t->flat_x1; }
        else if (y > t->flat2_y0 && y + 1 < t->flat2_y1) { x0 = t->flat2_x0; x1 = t->flat2_x1; }
        if (x1 - x0 > 32) {
            prefetch_lines(row, row + x0 + 1);
            prefetch_lines(row + x1 - 2, row + t->width);
        } else {
            prefetch_lines(row, row + t->width);
        }
    }
}
