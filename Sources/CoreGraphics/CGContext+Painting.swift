import CCairo

extension CGContext {
    /// Fills the current path with the fill color, then clears the path.
    public func fillPath(using rule: CGPathFillRule = .winding) {
        fillCurrentPath(rule: rule == .winding ? CAIRO_FILL_RULE_WINDING : CAIRO_FILL_RULE_EVEN_ODD,
                        color: state.fillColor.rgba)
    }

    /// Fills cairo's current path with `color` by `cairoRule`, then clears the path.
    private func fillCurrentPath(rule cairoRule: cairo_fill_rule_t, color: (r: Double, g: Double, b: Double, a: Double)) {
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
    /// Curves stroked wider than they are round are filled as Lamina's own stroke outline
    /// (`wideCurveStrokeOutline()`).
    public func strokePath() {
        let color = state.strokeColor.rgba
        let restoreDashes = suspendUnaffordableDashes()
        defer { restoreDashes?() }
        let restoreWidth = boundLineWidth()
        defer { restoreWidth?() }
        if let outline = wideCurveStrokeOutline() {
            beginPath()
            addElements(outline.elements, function: "CGContextStrokePath")
            fillCurrentPath(rule: CAIRO_FILL_RULE_WINDING, color: color)
            return
        }
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

    /// The current path's stroke outline when cairo would draw that stroke with holes, else nil.
    ///
    /// cairo offsets a curve's flattened segments to either side and joins them; where half the
    /// line width is more than the curve's radius of curvature, the inner offset turns back over
    /// itself, winds the other way, and cancels what the outer side covers. A circle of radius 10
    /// stroked 100 wide left a disc of radius 39 unpainted in its middle (cairo 1.16), where
    /// Core Graphics paints the whole disc of radius 60, as any union of the pen's positions is.
    /// Lamina's outline (`CGPath.copy(strokingWithWidth:…)`) is such a union. It is used only
    /// when a curve of the path bends on a radius smaller than half the line width
    /// (`isTight(_:width:)`), as cairo draws every other stroke. Dashed strokes stay with cairo,
    /// which dashes them.
    private func wideCurveStrokeOutline() -> CGPath? {
        guard pathCurveCount > 0, pathElementCount <= Self.largestOutlinedStroke, cairo_get_dash_count(cr) == 0,
              syncMatrix() else { return nil }
        let width = cairo_get_line_width(cr)
        guard width > 0, width.isFinite else { return nil }
        var current = CGPoint.zero, start = CGPoint.zero, tight = false
        // Paths of more elements stay with cairo, holes and all: the outline is a piece per
        // flattened segment and join, several times cairo's time (a drawing app's scribble of
        // 200,000 short curves is in the README's limits table).
        guard let path else { return nil }
        for element in path.elements {
            switch element {
            case .move(let p): current = p; start = p
            case .line(let p): current = p
            case .close: current = start
            case .quad(let c, let p):
                tight = tight || Self.isTight([current, c, p], width: width); current = p
            case .cubic(let c1, let c2, let p):
                tight = tight || Self.isTight([current, c1, c2, p], width: width); current = p
            }
            if tight { break }
        }
        guard tight else { return nil }
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        let scale = max(hypot(m.xx, m.yx), hypot(m.xy, m.yy))
        guard scale > 0, scale.isFinite else { return nil }
        // As finely flattened as cairo flattens: a tenth of a device pixel.
        return path.strokeOutline(width: width, cap: lineCap, join: lineJoin, miterLimit: cairo_get_miter_limit(cr),
                                  tolerance: 0.1 / scale)
    }

    /// The most path elements a stroke is outlined by Lamina for (`wideCurveStrokeOutline()`).
    static let largestOutlinedStroke = 4_096

    /// Whether the curve with these control points (a quadratic's three or a cubic's four)
    /// bends, somewhere, on a radius smaller than half of `width`: sampled at nine points, the
    /// radius of curvature |B′|³ / |B′ × B″|. A piece of a large circle that a stroke's end cut
    /// short is not tight, however small; points where B′ vanishes (a control point on its end
    /// point) are skipped.
    private static func isTight(_ points: [CGPoint], width: Double) -> Bool {
        // A quadratic raised to the cubic it is.
        let p = points.count == 3
            ? [points[0], CGPoint(x: points[0].x + (points[1].x - points[0].x) * 2 / 3, y: points[0].y + (points[1].y - points[0].y) * 2 / 3),
               CGPoint(x: points[2].x + (points[1].x - points[2].x) * 2 / 3, y: points[2].y + (points[1].y - points[2].y) * 2 / 3), points[2]]
            : points
        let half = width / 2
        for i in 0...8 {
            let t = Double(i) / 8, u = 1 - t
            let (a, b, c) = (3 * u * u, 6 * u * t, 3 * t * t)
            let d1x = (p[1].x - p[0].x) * a + (p[2].x - p[1].x) * b + (p[3].x - p[2].x) * c
            let d1y = (p[1].y - p[0].y) * a + (p[2].y - p[1].y) * b + (p[3].y - p[2].y) * c
            let d2x = (p[2].x - 2 * p[1].x + p[0].x) * 6 * u + (p[3].x - 2 * p[2].x + p[1].x) * 6 * t
            let d2y = (p[2].y - 2 * p[1].y + p[0].y) * 6 * u + (p[3].y - 2 * p[2].y + p[1].y) * 6 * t
            let speed = hypot(d1x, d1y)
            guard speed > 1e-9 else { continue }
            // R < half  ⟺  speed³ < half · |B′ × B″|.
            if speed * speed * speed < half * abs(d1x * d2y - d1y * d2x) { return true }
        }
        return false
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
