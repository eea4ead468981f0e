// cairo (image and PDF surfaces), Pango and the font stack under it (fontconfig, FreeType through
// cairo-ft, HarfBuzz), in one module: every one of these headers includes <cairo.h> or a header
// another includes, and two modules that both include <cairo.h> clash.
#include <cairo.h>
#include <cairo-pdf.h>
#include <cairo-ft.h>
#include <freetype/tttables.h>
#include <fontconfig/fontconfig.h>
#include <hb.h>
#include <hb-ot.h>
#include <pango/pangocairo.h>
#include <pango/pangofc-font.h>
#include <pango/pangofc-fontmap.h>
