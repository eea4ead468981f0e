#include <png.h>
#include <stddef.h>

/// An upper bound on the PNG data libpng's simplified API writes for `image` (its
/// `PNG_IMAGE_PNG_SIZE_MAX`, a macro Swift cannot call): a buffer this large is written in one pass.
static inline size_t lamina_png_size_max(const png_image *image) {
    return (size_t)PNG_IMAGE_PNG_SIZE_MAX(*image);
}
