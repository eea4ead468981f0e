import CCairo

extension CGContext {
    /// Draws `image` scaled to fill `rect`, upright in a y-up user space (the image's first row
    /// at the rect's top, maxY). An image mask paints the fill color where it lets paint through.
    /// With `byTiling`, repeats the image at `rect`'s size across the whole clip area.
    /// Apple's one declaration, `draw(_:in:byTiling:)` with `byTiling` defaulting to false.
    public func draw(_ image: CGImage, in rect: CGRect, byTiling: Bool = false) {
        guard rect.isFiniteRect, rect.width != 0, rect.height != 0 else {
            if !rect.isFiniteRect { CGDiagnostics.log("CGContextDrawImage", "rect is not finite.") }
            return
        }
        let r = rect.standardized
        let fill = state.fillColor.rgba
        let pattern = imagePattern(image, in: r, asMask: false)
        if byTiling { cairo_pattern_set_extend(pattern, CAIRO_EXTEND_REPEAT) }
        defer { cairo_pattern_destroy(pattern) }
        let clipToRect: (OpaquePointer) -> Void = { cr in
            if !byTiling {
                cairo_new_path(cr)
                cairo_rectangle(cr, r.minX, r.minY, r.width, r.height)
                cairo_clip(cr)
            }
        }
        paint(PaintOperation(draw: { cr, alpha in
            cairo_save(cr)
            clipToRect(cr)
            if image.isMask {
                cairo_set_source_rgba(cr, fill.r, fill.g, fill.b, fill.a * alpha)
                cairo_mask(cr, pattern)
            } else {
                cairo_set_source(cr, pattern)
                cairo_paint_with_alpha(cr, alpha)
            }
            cairo_restore(cr)
        }, clipToShape: clipToRect, bounds: byTiling ? nil : { _ in r }))
    }

    /// Paints the fill color through an image mask stretched over `rect`, with no clip to `rect`:
    /// the mask's outermost samples fade out over half a pixel (bilinear) instead of being cut by
    /// an antialiased clip. For masks that are clear at their edges (blurred shadows), the same
    /// picture in one composite, where a clip to a turned rect costs a mask of its own.
    package func fill(_ rect: CGRect, throughMask mask: CGImage) {
        guard rect.isFiniteRect, rect.width != 0, rect.height != 0, mask.isMask else { return }
        let r = rect.standardized
        let fill = state.fillColor.rgba
        let pattern = imagePattern(mask, in: r, asMask: false)
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_NONE)
        defer { cairo_pattern_destroy(pattern) }
        paint(PaintOperation(draw: { cr, alpha in
            cairo_set_source_rgba(cr, fill.r, fill.g, fill.b, fill.a * alpha)
            cairo_mask(cr, pattern)
        }, clipToShape: { cr in
            cairo_new_path(cr)
            cairo_rectangle(cr, r.minX, r.minY, r.width, r.height)
            cairo_clip(cr)
        }, bounds: { _ in r }))
    }

    /// A pattern that maps the image's pixels onto `rect` in the current user space.
    func imagePattern(_ image: CGImage, in rect: CGRect, asMask: Bool) -> OpaquePointer {
        let surface = asMask ? image.cairoMaskSurface() : image.cairoSurface()
        let pattern = cairo_pattern_create_for_surface(surface)!
        // The surface's size, not the image's: an image beyond cairo's limit is held reduced.
        let size = image.surfaceSize
        let sx = CGFloat(size.width) / rect.width, sy = CGFloat(size.height) / rect.height
        // User (x, y) → pixel ((x − minX)·sx, (maxY − y)·sy): row 0 at the top.
        var m = cairo_matrix_t(xx: sx, yx: 0, xy: 0, yy: -sy, x0: -rect.minX * sx, y0: rect.maxY * sy)
        cairo_pattern_set_matrix(pattern, &m)
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo_pattern_set_filter(pattern, filter(for: image, pixels: size, in: rect))
        return pattern
    }

    /// Cairo's GOOD filter costs about 15× BILINEAR when scaling; only `.high` asks for it, and
    /// `.default` and `.medium` when the image shrinks to less than half its pixels each way:
    /// there bilinear sampling skips pixels and aliases, while Apple's Core Graphics averages
    /// them (measured: images drawn at a fifth of their size by `render(in:)` come out smooth
    /// on iOS).
    private func filter(for image: CGImage, pixels size: (width: Int, height: Int), in rect: CGRect) -> cairo_filter_t {
        guard image.shouldInterpolate else { return CAIRO_FILTER_NEAREST }
        switch state.interpolationQuality {
        case .none: return CAIRO_FILTER_NEAREST
        case .high: return CAIRO_FILTER_GOOD
        case .low: return CAIRO_FILTER_BILINEAR
        default:
            let m = state.ctm
            // Device pixels along each of the rect's sides, against the image's.
            let across = abs(rect.width) * (m.a * m.a + m.b * m.b).squareRoot()
            let down = abs(rect.height) * (m.c * m.c + m.d * m.d).squareRoot()
            let shrinks = across * 2 < CGFloat(size.width) && down * 2 < CGFloat(size.height)
            return shrinks ? CAIRO_FILTER_GOOD : CAIRO_FILTER_BILINEAR
        }
    }
}
