import CCairo

extension CGContext {
    /// Fills the current path with the fill color, then clears the path.
    public func fillPath(using rule: CGPathFillRule = .winding) {
        let cairoRule = rule == .winding ? CAIRO_FILL_RULE_WINDING : CAIRO_FILL_RULE_EVEN_ODD
        let color = state.fillColor.rgba
        paint(PaintOperation(draw: { cr, alpha in
            cairo_set_fill_rule(cr, cairoRule)
            cairo_set_source_rgba(cr, color.r, color.g, color.b, color.a * alpha)
            cairo_fill_preserve(cr)
        }, clipToShape: { cr in
            cairo_set_fill_rule(cr, cairoRule)
            cairo_clip_preserve(cr)
        }, bounds: { cr in
            var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
            cairo_path_extents(cr, &x1, &y1, &x2, &y2)
            return CGRect(x: x1, y: y1, width: x2 - x1, height: y2 - y1)
        }))
    }

    /// Strokes the current path with the stroke color and line parameters, then clears the path.
    /// A dash pattern that would cut the path into more than `CGPath.largestDashCount`
    /// pieces (lengths of 1e-9 units) is left out for this stroke, with a message: cairo would
    /// make every dash. A line wider than `largestLineWidth` device pixels is stroked that wide:
    /// cairo's pen for round joins grows with the width without bound (a hang at 1e300).
    public func strokePath() {
        let color = state.strokeColor.rgba
        let restoreDashes = suspendUnaffordableDashes()
        defer { restoreDashes?() }
        let restoreWidth = boundLineWidth()
        defer { restoreWidth?() }
        paint(PaintOperation(draw: { cr, alpha in
            cairo_set_source_rgba(cr, color.r, color.g, color.b, color.a * alpha)
            cairo_stroke_preserve(cr)
        }, clipToShape: { [unowned self] cr in
            // Core Graphics bounds these modes by the stroke's outline: clip to it.
            guard let outline = path?.copy(strokingWithWidth: cairo_get_line_width(cr), lineCap: lineCap,
                                           lineJoin: lineJoin, miterLimit: cairo_get_miter_limit(cr)) else { return }
            let saved = cairo_copy_path(cr)
            cairo_new_path(cr)
            addElements(outline.elements, function: "CGContextStrokePath")
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
            cairo_clip(cr)
            if let saved { cairo_append_path(cr, saved); cairo_path_destroy(saved) }
        }, bounds: { cr in
            var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
            cairo_stroke_extents(cr, &x1, &y1, &x2, &y2)
            return CGRect(x: x1, y: y1, width: x2 - x1, height: y2 - y1)
        }, boundsCostly: true))
    }

    /// The widest line stroked, in device pixels: wider than any surface (32767) many times over.
    static let largestLineWidth: Double = 2_097_152   // 2²¹

    /// Narrows cairo's line width to `largestLineWidth` device pixels for one stroke; returns
    /// what puts it back, or nil when nothing changed. Every stroke cairo makes goes through it:
    /// paths here, glyphs in `CGContext+Text`.
    func boundLineWidth() -> (() -> Void)? {
        guard syncMatrix() else { return nil }
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        let scale = max(hypot(m.xx, m.yx), hypot(m.xy, m.yy))
        let width = cairo_get_line_width(cr)
        guard scale > 0, width * scale > Self.largestLineWidth else { return nil }
        cairo_set_line_width(cr, Self.largestLineWidth / scale)
        return { [cr] in cairo_set_line_width(cr, width) }
    }

    /// Turns dashing off when the current pattern would cut the current path into more than
    /// `CGPath.largestDashCount` pieces; returns what puts it back, or nil when nothing changed.
    private func suspendUnaffordableDashes() -> (() -> Void)? {
        let count = Int(cairo_get_dash_count(cr))
        guard count > 0, syncMatrix() else { return nil }
        var dashes = [Double](repeating: 0, count: count), offset = 0.0
        cairo_get_dash(cr, &dashes, &offset)
        let period = dashes.reduce(0, +)
        // The path's length in the user space the pattern is measured in (cairo keeps the path
        // in fixed point, so this walk is as long as the stroke's own).
        var length = 0.0
        if let flat = cairo_copy_path_flat(cr) {
            var last = (x: 0.0, y: 0.0), i = 0
            while i < Int(flat.pointee.num_data) {
                let header = flat.pointee.data[i].header
                if header.type != CAIRO_PATH_CLOSE_PATH {
                    let p = flat.pointee.data[i + 1].point
                    if header.type == CAIRO_PATH_LINE_TO { length += hypot(p.x - last.x, p.y - last.y) }
                    last = (p.x, p.y)
                }
                i += Int(header.length)
            }
            cairo_path_destroy(flat)
        }
        // Lengths that overflow in device space (1.8e308 under a scale of 126) hang cairo's dasher.
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        let scale = max(hypot(m.xx, m.yx), hypot(m.xy, m.yy))
        let pieces = (length / period + 1) * Double(count)
        guard !pieces.isFinite || pieces > Double(CGPath.largestDashCount) || !(period * scale).isFinite
                || !(offset * scale).isFinite else { return nil }
        CGDiagnostics.log("CGContextStrokePath", "dash lengths \(dashes) along a path \(length) long make more than "
                          + "\(CGPath.largestDashCount) dashes or overflow; stroked without them.")
        cairo_set_dash(cr, nil, 0, 0)
        return { [cr] in cairo_set_dash(cr, dashes, Int32(count), offset) }
    }

    /// Paints the current path as `mode` says, then clears it.
    public func drawPath(using mode: CGPathDrawingMode) {
        switch mode {
        case .fill: fillPath(using: .winding)
        case .eoFill: fillPath(using: .evenOdd)
        case .stroke: strokePath()
        case .fillStroke, .eoFillStroke:
            let saved = path
            fillPath(using: mode == .fillStroke ? .winding : .evenOdd)
            if let saved { addPath(saved) }
            strokePath()
        }
    }

    public func fill(_ rect: CGRect) {
        guard rect.isFiniteRect else { CGDiagnostics.log("CGContextFillRect", "rect is not finite."); return }
        beginPath(); addRect(rect); fillPath()
    }

    public func fill(_ rects: [CGRect]) {
        beginPath(); addRects(rects.filter(\.isFiniteRect)); fillPath()
    }

    public func stroke(_ rect: CGRect) {
        guard rect.isFiniteRect else { CGDiagnostics.log("CGContextStrokeRect", "rect is not finite."); return }
        beginPath(); addRect(rect); strokePath()
    }

    public func stroke(_ rect: CGRect, width: CGFloat) {
        saveGState()
        setLineWidth(width)
        stroke(rect)
        restoreGState()
    }

    public func fillEllipse(in rect: CGRect) {
        beginPath(); addEllipse(in: rect); fillPath()
    }

    public func strokeEllipse(in rect: CGRect) {
        beginPath(); addEllipse(in: rect); strokePath()
    }

    /// Strokes separate segments between pairs of points: (0, 1), (2, 3), …
    public func strokeLineSegments(between points: [CGPoint]) {
        beginPath()
        var i = 0
        while i + 1 < points.count {
            move(to: points[i]); addLine(to: points[i + 1])
            i += 2
        }
        strokePath()
    }

    /// Makes `rect` transparent (within the clip), whatever the alpha, blend mode or shadow.
    public func clear(_ rect: CGRect) {
        guard rect.isFiniteRect else { CGDiagnostics.log("CGContextClearRect", "rect is not finite."); return }
        guard syncMatrix(), let region = PixelRect(enclosing: deviceRect(fromUser: rect))?.outset(by: 1) else { return }
        recordInCurrentLayer(region)
        let storage = layerStates.isEmpty ? bitmap : nil
        storage?.beginDrawing(region)
        cairo_save(cr)
        let saved = cairo_copy_path(cr)
        cairo_new_path(cr)
        cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
        cairo_clip(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
        cairo_paint(cr)
        cairo_restore(cr)
        if let saved { cairo_append_path(cr, saved); cairo_path_destroy(saved) }
        storage?.endDrawing(region)
    }
}
