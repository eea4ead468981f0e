import CCairo

extension CGContext {
    /// Fills the clip with an axial gradient from `start` (location 0) to `end` (location 1).
    /// Without the options, nothing is drawn before the start or after the end.
    public func drawLinearGradient(_ gradient: CGGradient, start: CGPoint, end: CGPoint,
                                   options: CGGradientDrawingOptions) {
        guard start.isFinite, end.isFinite else { CGDiagnostics.log("CGContextDrawLinearGradient", "point is not finite."); return }
        let pattern = cairo_pattern_create_linear(start.x, start.y, end.x, end.y)!
        drawGradient(gradient, pattern) { [unowned self] cr in
            self.clipLinear(cr, start: start, end: end, options: options)
        }
    }

    /// Fills the clip with a radial gradient between two circles, as Core Graphics (and PDF)
    /// define it. Without the options, nothing is drawn inside the start circle's side or beyond
    /// the end circle.
    public func drawRadialGradient(_ gradient: CGGradient, startCenter: CGPoint, startRadius: CGFloat,
                                   endCenter: CGPoint, endRadius: CGFloat, options: CGGradientDrawingOptions) {
        guard startCenter.isFinite, endCenter.isFinite, startRadius.isFinite, endRadius.isFinite,
              startRadius >= 0, endRadius >= 0 else {
            CGDiagnostics.log("CGContextDrawRadialGradient", "invalid centers or radii.")
            return
        }
        let pattern = cairo_pattern_create_radial(startCenter.x, startCenter.y, startRadius, endCenter.x, endCenter.y, endRadius)!
        let (before, after) = (options.contains(.drawsBeforeStartLocation), options.contains(.drawsAfterEndLocation))
        drawGradient(gradient, pattern) { [unowned self] cr in
            let (x1, y1, x2, y2) = self.userClipExtents(cr)
            if !after {
                // Only inside the end circle (the larger one in the usual, nested case).
                cairo_new_path(cr)
                cairo_arc(cr, endCenter.x, endCenter.y, endRadius, 0, 2 * .pi)
                cairo_clip(cr)
            }
            if !before && startRadius > 0 {
                cairo_new_path(cr)
                cairo_rectangle(cr, x1, y1, x2 - x1, y2 - y1)
                cairo_new_sub_path(cr)
                cairo_arc(cr, startCenter.x, startCenter.y, startRadius, 0, 2 * .pi)
                cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
                cairo_clip(cr)
            }
        }
    }

    private func drawGradient(_ gradient: CGGradient, _ pattern: OpaquePointer, limit: @escaping (OpaquePointer) -> Void) {
        defer { cairo_pattern_destroy(pattern) }
        for stop in gradient.drawnStops {
            cairo_pattern_add_color_stop_rgba(pattern, stop.location, stop.r, stop.g, stop.b, stop.a)
        }
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        paint(PaintOperation(draw: { cr, alpha in
            cairo_save(cr)
            limit(cr)
            cairo_set_source(cr, pattern)
            cairo_paint_with_alpha(cr, alpha)
            cairo_restore(cr)
        }, clipToShape: limit))
    }

    func userClipExtents(_ cr: OpaquePointer) -> (Double, Double, Double, Double) {
        var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
        cairo_clip_extents(cr, &x1, &y1, &x2, &y2)
        return (x1, y1, x2, y2)
    }

    /// Clips a linear gradient's paint to the band its options allow.
    private func clipLinear(_ cr: OpaquePointer, start: CGPoint, end: CGPoint, options: CGGradientDrawingOptions) {
        let before = options.contains(.drawsBeforeStartLocation), after = options.contains(.drawsAfterEndLocation)
        guard !(before && after) else { return }
        let length = hypot(end.x - start.x, end.y - start.y)
        guard length > 0 else { return }
        let (x1, y1, x2, y2) = userClipExtents(cr)
        // Far enough to cover the whole clip from any point of the axis.
        let reach = hypot(x2 - x1, y2 - y1) + hypot(start.x - x1, start.y - y1) + length
        let u = CGVector(dx: (end.x - start.x) / length, dy: (end.y - start.y) / length)
        let n = CGVector(dx: -u.dy, dy: u.dx)
        let from = before ? -reach : 0, to = after ? length + reach : length
        func point(_ along: CGFloat, _ across: CGFloat) -> CGPoint {
            let x = start.x + u.dx * along + n.dx * across
            let y = start.y + u.dy * along + n.dy * across
            return CGPoint(x: x, y: y)
        }
        let corners = [point(from, -reach), point(to, -reach), point(to, reach), point(from, reach)]
        cairo_new_path(cr)
        cairo_move_to(cr, corners[0].x, corners[0].y)
        for c in corners.dropFirst() { cairo_line_to(cr, c.x, c.y) }
        cairo_close_path(cr)
        cairo_clip(cr)
    }
}
