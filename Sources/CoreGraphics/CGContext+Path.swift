import CCairo

extension CGContext {
    /// Discards the current path.
    public func beginPath() {
        cairo_new_path(cr)
        pathCurveCount = 0
        pathElementCount = 0
    }

    public func closePath() { cairo_close_path(cr) }

    public func move(to point: CGPoint) { addElements([.move(point)], function: "CGContextMoveToPoint") }

    public func addLine(to point: CGPoint) {
        guard requireCurrentPoint("CGContextAddLineToPoint") else { return }
        addElements([.line(point)], function: "CGContextAddLineToPoint")
    }

    public func addLines(between points: [CGPoint]) {
        let path = CGMutablePath()
        path.addLines(between: points)
        addPath(path)
    }

    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
        guard requireCurrentPoint("CGContextAddCurveToPoint") else { return }
        addElements([.cubic(control1, control2, end)], function: "CGContextAddCurveToPoint")
    }

    public func addQuadCurve(to end: CGPoint, control: CGPoint) {
        guard requireCurrentPoint("CGContextAddQuadCurveToPoint") else { return }
        addElements([.quad(control, end)], function: "CGContextAddQuadCurveToPoint")
    }

    public func addRect(_ rect: CGRect) { addPath(CGPath(rect: rect, transform: nil)) }

    public func addRects(_ rects: [CGRect]) { rects.forEach(addRect) }

    public func addEllipse(in rect: CGRect) { addPath(CGPath(ellipseIn: rect, transform: nil)) }

    /// Adds an arc as `CGMutablePath.addArc(center:…)` does, joined to the current point.
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        extendCurrentPath { $0.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise) }
    }

    public func addArc(tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat) {
        guard requireCurrentPoint("CGContextAddArcToPoint") else { return }
        extendCurrentPath { $0.addArc(tangent1End: tangent1End, tangent2End: tangent2End, radius: radius) }
    }

    /// Appends a path, transformed by the CTM like every point added to the current path.
    public func addPath(_ path: CGPath) {
        addElements(path.elements, function: "CGContextAddPath")
    }

    /// Replaces the path with the outline of its stroke under the current line parameters.
    public func replacePathWithStrokedPath() {
        guard let path else { return }
        let outline = path.copy(strokingWithWidth: cairo_get_line_width(cr), lineCap: lineCap, lineJoin: lineJoin,
                                miterLimit: cairo_get_miter_limit(cr))
        beginPath()
        addPath(outline)
    }

    // MARK: Queries

    /// The current path in user space, nil when empty.
    public var path: CGPath? {
        guard syncMatrix() else { return nil }
        let copied = cairo_copy_path(cr)!
        defer { cairo_path_destroy(copied) }
        let path = CGMutablePath()
        var i = 0
        guard copied.pointee.num_data > 0, let data = copied.pointee.data else { return nil }
        while i < Int(copied.pointee.num_data) {
            let header = data[i].header
            func point(_ k: Int) -> CGPoint { CGPoint(x: data[i + k].point.x, y: data[i + k].point.y) }
            switch header.type {
            case CAIRO_PATH_MOVE_TO: path.elements.append(.move(point(1)))
            case CAIRO_PATH_LINE_TO: path.elements.append(.line(point(1)))
            case CAIRO_PATH_CURVE_TO: path.elements.append(.cubic(point(1), point(2), point(3)))
            default: path.elements.append(.close)
            }
            i += Int(header.length)
        }
        // cairo follows a close with a move to the subpath's start; Core Graphics does not. A
        // move elsewhere after a close starts the next subpath and stays.
        var start = CGPoint.zero
        path.elements = path.elements.enumerated().filter { index, element in
            guard case .move(let p) = element else { return true }
            defer { start = p }
            return !(index > 0 && path.elements[index - 1] == .close && p == start)
        }.map(\.element)
        return path.isEmpty ? nil : path
    }

    public var isPathEmpty: Bool { cairo_has_current_point(cr) == 0 }

    /// The current point in user space; `.zero` when there is none.
    public var currentPointOfPath: CGPoint {
        guard cairo_has_current_point(cr) != 0, syncMatrix() else { return .zero }
        var x = 0.0, y = 0.0
        cairo_get_current_point(cr, &x, &y)
        return CGPoint(x: x, y: y)
    }

    /// The bounding box of the current path in user space; `CGRect.null` when it is empty.
    public var boundingBoxOfPath: CGRect { path?.boundingBoxOfPath ?? .null }

    /// Whether the current path, filled or stroked as `mode` says, contains `point`.
    public func pathContains(_ point: CGPoint, mode: CGPathDrawingMode) -> Bool {
        guard point.isFinite, syncMatrix() else { return false }
        switch mode {
        case .stroke: return cairo_in_stroke(cr, point.x, point.y) != 0
        case .fillStroke, .eoFillStroke:
            cairo_set_fill_rule(cr, mode == .fillStroke ? CAIRO_FILL_RULE_WINDING : CAIRO_FILL_RULE_EVEN_ODD)
            return cairo_in_fill(cr, point.x, point.y) != 0 || cairo_in_stroke(cr, point.x, point.y) != 0
        case .fill, .eoFill:
            cairo_set_fill_rule(cr, mode == .fill ? CAIRO_FILL_RULE_WINDING : CAIRO_FILL_RULE_EVEN_ODD)
            return cairo_in_fill(cr, point.x, point.y) != 0
        }
    }

    var lineCap: CGLineCap {
        switch cairo_get_line_cap(cr) {
        case CAIRO_LINE_CAP_ROUND: return .round
        case CAIRO_LINE_CAP_SQUARE: return .square
        default: return .butt
        }
    }

    var lineJoin: CGLineJoin {
        switch cairo_get_line_join(cr) {
        case CAIRO_LINE_JOIN_ROUND: return .round
        case CAIRO_LINE_JOIN_BEVEL: return .bevel
        default: return .miter
        }
    }

    // MARK: Building

    private func requireCurrentPoint(_ function: String) -> Bool {
        if cairo_has_current_point(cr) != 0 { return true }
        CGDiagnostics.log(function, "no current point.")
        return false
    }

    /// Runs a `CGMutablePath` builder that starts from the current point, and appends what it adds.
    private func extendCurrentPath(_ build: (CGMutablePath) -> Void) {
        let scratch = CGMutablePath()
        let hadPoint = cairo_has_current_point(cr) != 0
        if hadPoint { scratch.move(to: currentPointOfPath) }
        build(scratch)
        addElements(Array(scratch.elements.dropFirst(hadPoint ? 1 : 0)), function: "CGContextAddArc")
    }

    /// Adds elements in user space to cairo's path (which keeps them in device space).
    func addElements(_ elements: [PathElement], function: String) {
        guard elements.allSatisfy({ $0.points.allSatisfy(\.isFinite) }) else {
            CGDiagnostics.log(function, "point is not finite.")
            return
        }
        guard syncMatrix() else { return }
        pathElementCount += elements.count
        for element in elements {
            switch element {
            case .move(let p): cairo_move_to(cr, p.x, p.y)
            case .line(let p): cairo_line_to(cr, p.x, p.y)
            case .quad(let c, let p):
                pathCurveCount += 1
                // Elevate to a cubic: cairo has none of its own.
                var x0 = 0.0, y0 = 0.0
                cairo_get_current_point(cr, &x0, &y0)
                cairo_curve_to(cr, x0 + 2 / 3 * (c.x - x0), y0 + 2 / 3 * (c.y - y0),
                               p.x + 2 / 3 * (c.x - p.x), p.y + 2 / 3 * (c.y - p.y), p.x, p.y)
            case .cubic(let c1, let c2, let p):
                pathCurveCount += 1
                cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, p.x, p.y)
            case .close: cairo_close_path(cr)
            }
        }
    }
}
