// cairo (image and PDF surfaces) and Pango, in one module: both must see one <cairo.h>.
#include <cairo.h>
#include <cairo-pdf.h>
#include <pango/pangocairo.h>
