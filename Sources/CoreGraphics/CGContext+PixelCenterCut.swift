import CCairo

extension CGContext {
    /// Draws `body` cut by pixel centers to `rect` (user space): a pixel is wholly the drawing or
    /// untouched along every side of `rect`, as `clipByPixelCenters(to:)` would cut it, while
    /// the drawing itself keeps its antialiasing inside. `body` draws into a bitmap of its own on
    /// this context's device pixels (the same user space and antialiasing, no clip, alpha 1,
    /// normal blending), which is then composited here in one aliased fill of `rect` with the
    /// state's alpha, blend mode, clip and mask clip: the drawing fades as one picture.
    ///
    /// Why not a clip: off the pixel grid, cairo masks every fill under a clip of another
    /// antialiasing with a mask rendered for that fill (three fills of a turned layer cost
    /// three masks); drawn aside, the fills are plain and the cut is one non-antialiased
    /// polygon. Where the bitmap cannot be made (absurdly large) it falls back to the clip.
    /// Clears the current path, as a fill does.
    package func drawCut(byPixelCentersTo rect: CGRect, _ body: (CGContext) -> Void) {
        defer { cairo_new_path(cr) }
        guard rect.isFiniteRect, rect.width > 0, rect.height > 0, syncMatrix() else { return }
        guard let area = cutArea(rect) else { return }
        guard let canvas = cutCanvas(area) else {
            saveGState()
            clipByPixelCenters(to: rect)
            beginTransparencyLayer(auxiliaryInfo: nil)
            body(self)
            endTransparencyLayer()
            restoreGState()
            return
        }
        body(canvas)
        // Only the part over the canvas (a pixel more) is filled: cairo's fixed point cannot
        // hold a side a billion pixels away.
        let shown = rect.intersection(userRect(of: area.outset(by: 1)))
        guard let storage = canvas.bitmap, !shown.isNull, shown.width > 0, shown.height > 0 else { return }
        let surface = storage.surface
        cairo_surface_flush(surface)
        let pattern = cairo_pattern_create_for_surface(surface)!
        defer { cairo_pattern_destroy(pattern) }
        cairo_pattern_set_filter(pattern, CAIRO_FILTER_NEAREST)
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_NONE)
        let cutPath: (OpaquePointer) -> Void = { cr in
            cairo_new_path(cr)
            cairo_rectangle(cr, shown.minX, shown.minY, shown.width, shown.height)
        }
        paint(PaintOperation(draw: { cr, alpha in
            if alpha < 1 {
                // The canvas is ours: fade it in place, so that the cut stays one fill.
                let c = cairo_create(surface)!
                cairo_set_operator(c, CAIRO_OPERATOR_DEST_IN)
                cairo_set_source_rgba(c, 0, 0, 0, alpha)
                cairo_paint(c)
                cairo_destroy(c)
            }
            // User space → the canvas's pixels: the device's, less the canvas's corner.
            var m = cairo_matrix_t()
            cairo_get_matrix(cr, &m)
            m.x0 -= Double(area.x); m.y0 -= Double(area.y)
            cairo_pattern_set_matrix(pattern, &m)
            // cairo's own state saved around the fill: a later clip that sets no antialiasing
            // (a transparency layer's rect) must not inherit the cut's.
            cairo_save(cr)
            cairo_set_source(cr, pattern)
            cairo_set_antialias(cr, CAIRO_ANTIALIAS_NONE)
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
            cutPath(cr)
            cairo_fill_preserve(cr)
            cairo_restore(cr)
        }, clipToShape: { cr in
            cutPath(cr)
            let antialias = cairo_get_antialias(cr)
            cairo_set_antialias(cr, CAIRO_ANTIALIAS_NONE)
            cairo_clip(cr)
            cairo_set_antialias(cr, antialias)
        }, bounds: { _ in shown }))
    }

    /// The device pixels a cut of `rect` may draw: its bounding box within the clip (grown by a
    /// shadow's reach, which may fall inside the clip from outside it); nil when none.
    private func cutArea(_ rect: CGRect) -> PixelRect? {
        guard let box = PixelRect(enclosing: deviceRect(fromUser: rect)), var clip = deviceClipExtents else { return nil }
        if let shadow = state.shadow {
            let (dx, dy) = shadowOffset(shadow)
            clip = clip.outset(by: shadowPadding(shadow) + max(abs(dx), abs(dy)))
        }
        return box.intersection(clip)
    }

    /// The user-space bounding box of device pixels `area`.
    private func userRect(of area: PixelRect) -> CGRect {
        let corners = [(area.x, area.y), (area.maxX, area.y), (area.x, area.maxY), (area.maxX, area.maxY)].map { corner -> CGPoint in
            var (x, y) = (Double(corner.0), Double(corner.1))
            cairo_device_to_user(cr, &x, &y)
            return CGPoint(x: x, y: y)
        }
        return CGPath.bounds(of: corners)
    }

    /// Bitmaps drawn aside larger than this on a side are not made (the clip is used instead).
    static let largestCutSide = 8192

    /// A zeroed BGRA bitmap over the device pixels `area`, its user space this context's.
    private func cutCanvas(_ area: PixelRect) -> CGContext? {
        guard area.width <= Self.largestCutSide, area.height <= Self.largestCutSide,
              let canvas = CGContext(data: nil, width: area.width, height: area.height, bitsPerComponent: 8, bytesPerRow: 0,
                                     space: .deviceRGB,
                                     bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedFirst.rawValue
                                                              | CGBitmapInfo.byteOrder32Little.rawValue))
        else { return nil }
        // This user space → this device space (cairo's, y down) → the canvas's pixels → its base space.
        canvas.state.ctm = state.ctm.concatenating(baseTransform)
            .concatenating(CGAffineTransform(translationX: -CGFloat(area.x), y: -CGFloat(area.y)))
            .concatenating(canvas.baseTransform)
        canvas.state.shouldAntialias = state.shouldAntialias
        canvas.state.allowsAntialiasing = state.allowsAntialiasing
        canvas.state.interpolationQuality = state.interpolationQuality
        canvas.state.flatness = state.flatness
        canvas.state.renderingIntent = state.renderingIntent
        return canvas
    }
}
