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
    public func strokePath() {
        let color = state.strokeColor.rgba
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
        }))
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
