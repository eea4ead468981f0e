// The flat rectangle of a texture: where every texel equals the center one (a tile's interior).
#include "lamina_kernels.h"
#include <stdlib.h>

/// Below this many texels a flat rectangle saves less than the checks cost.
enum { minimum_flat_area = 64 };

void lamina_texture_find_flat_rect(lamina_texture *t) {
    t->flat_x0 = t->flat_y0 = t->flat_x1 = t->flat_y1 = 0;
    t->flat_color = 0;
    int w = t->width, h = t->height, cx = w / 2, cy = h / 2;
    if (w < 4 || h < 4) return;
    uint32_t color = t->texels[(long)cy * t->stride_pixels + cx];
    // Each row's run of `color` through the center column ([left, right), empty when left == right).
    int *left = malloc(sizeof(int) * (size_t)h * 2), *right = left ? left + h : NULL;
    if (!left) return;
    for (int y = 0; y < h; y++) {
        const uint32_t *row = t->texels + (long)y * t->stride_pixels;
        int l = cx, r = cx;
        if (row[cx] == color) {
            r = cx + 1;
            while (l > 0 && row[l - 1] == color) l--;
            while (r < w && row[r] == color) r++;
        }
        left[y] = l; right[y] = r;
    }
    // The largest rectangle of rows top...bottom through the center row: its width is the
    // narrowest run among them.
    long best = minimum_flat_area - 1;
    int topLeft = 0, topRight = w;
    for (int top = cy; top >= 0 && right[top] > left[top]; top--) {
        if (left[top] > topLeft) topLeft = left[top];
        if (right[top] < topRight) topRight = right[top];
        int l = topLeft, r = topRight;
        for (int bottom = cy; bottom < h && r > l; bottom++) {
            if (left[bottom] > l) l = left[bottom];
            if (right[bottom] < r) r = right[bottom];
            long area = (long)(r - l) * (bottom + 1 - top);
            if (r > l && area > best) {
                best = area;
                t->flat_x0 = l; t->flat_x1 = r; t->flat_y0 = top; t->flat_y1 = bottom + 1;
                t->flat_color = color;
            }
        }
    }
    free(left);
}

/// Asks for the cache lines between `from` and `to` (exclusive).
static void prefetch_lines(const uint32_t *from, const uint32_t *to) {
    for (const char *p = (const char *)from; p < (const char *)to; p += 64) __builtin_prefetch(p);
    __builtin_prefetch((const char *)to - 1);
}

void lamina_texture_prefetch(const lamina_texture *t) {
    for (int y = 0; y < t->height; y++) {
        const uint32_t *row = t->texels + (long)y * t->stride_pixels;
        // Within the flat rows only the ends are ever read; their middle is filled without reading.
        if (y > t->flat_y0 && y + 1 < t->flat_y1 && t->flat_x1 - t->flat_x0 > 32) {
            prefetch_lines(row, row + t->flat_x0 + 1);
            prefetch_lines(row + t->flat_x1 - 2, row + t->width);
        } else {
            prefetch_lines(row, row + t->width);
        }
    }
}
