import CCairo

extension CGContext {
    /// Intersects the clip with the current path, then clears the path.
    public func clip(using rule: CGPathFillRule = .winding) {
        defer { pathCurveCount = 0; pathElementCount = 0 }
        guard syncMatrix() else { cairo_new_path(cr); return }
        cairo_set_antialias(cr, state.antialias ? CAIRO_ANTIALIAS_DEFAULT : CAIRO_ANTIALIAS_NONE)
        cairo_set_fill_rule(cr, rule == .winding ? CAIRO_FILL_RULE_WINDING : CAIRO_FILL_RULE_EVEN_ODD)
        cairo_clip(cr)
    }

    public func clip(to rect: CGRect) {
        guard rect.isFiniteRect else { CGDiagnostics.log("CGContextClipToRect", "rect is not finite."); return }
        clip(to: [rect])
    }

    /// Intersects the clip with `rect` by pixel centers (a pixel is in or out, no partial
    /// coverage along its sides), whatever the antialiasing state: a layer's aliased edges.
    package func clipByPixelCenters(to rect: CGRect) {
        let saved = state.shouldAntialias
        state.shouldAntialias = false
        clip(to: rect)
        state.shouldAntialias = saved
    }

    /// Intersects the clip with the union of `rects`.
    public func clip(to rects: [CGRect]) {
        let saved = syncMatrix() ? cairo_copy_path(cr) : nil
        beginPath()
        addRects(rects.filter(\.isFiniteRect))
        clip(using: .winding)
        if let saved { cairo_append_path(cr, saved); cairo_path_destroy(saved) }
    }

    /// Intersects the clip with `rect` and a mask drawn into it. An image mask paints where its
    /// samples are 0; an image with alpha masks by its alpha; a gray image by its gray values.
    public func clip(to rect: CGRect, mask: CGImage) {
        guard rect.isFiniteRect, syncMatrix() else { return }
        clip(to: rect)
        let (w, h) = bitmap != nil ? (Int(cairo_image_surface_get_width(cairo_get_target(cr))),
                                      Int(cairo_image_surface_get_height(cairo_get_target(cr)))) : pdfDeviceSize
        // The mask covers the rect's device pixels (within the target), not the whole target:
        // a shadow under a small layer should not clear a frame-sized mask.
        let area = PixelRect(enclosing: deviceRect(fromUser: rect).intersection(CGRect(x: 0, y: 0, width: w, height: h)))
            ?? PixelRect(x: 0, y: 0, width: 1, height: 1)
        let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(area.width), Int32(area.height))!
        let c = cairo_create(surface)!
        // The mask's alpha over `rect` (nothing outside it), then times the previous mask. Not
        // DEST_IN under a clip: cairo 1.16 gets that wrong for clips off the pixel grid (a turned
        // rectangle lost all but its edges).
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        m.x0 -= Double(area.x); m.y0 -= Double(area.y)
        cairo_set_matrix(c, &m)
        let pattern = imagePattern(mask, in: rect, asMask: true)
        cairo_set_source(c, pattern)
        cairo_rectangle(c, rect.minX, rect.minY, rect.width, rect.height)
        cairo_fill(c)
        cairo_pattern_destroy(pattern)
        if let previous = state.maskClip {
            // Nothing outside the previous mask's pixels passes (cairo pads surfaces with nothing).
            cairo_identity_matrix(c)
            cairo_set_operator(c, CAIRO_OPERATOR_DEST_IN)
            cairo_set_source_surface(c, previous.surface, Double(previous.x - area.x), Double(previous.y - area.y))
            cairo_paint(c)
        }
        cairo_destroy(c)
        cairo_surface_flush(surface)
        state.maskClip = MaskClip(surface: surface, x: area.x, y: area.y)
    }

    /// Makes the clip the whole context again.
    public func resetClip() {
        cairo_reset_clip(cr)
        state.maskClip = nil
    }

    /// The bounding box of the clip in user space.
    public var boundingBoxOfClipPath: CGRect {
        guard syncMatrix() else { return .zero }
        var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
        cairo_clip_extents(cr, &x1, &y1, &x2, &y2)
        return CGRect(x: x1, y: y1, width: x2 - x1, height: y2 - y1).standardized
    }

    /// A PDF context's page size in device units.
    var pdfDeviceSize: (width: Int, height: Int) {
        let box = pdf?.mediaBox ?? .zero
        return (Int(saturating: box.width.rounded(.up)), Int(saturating: box.height.rounded(.up)))
    }
}
