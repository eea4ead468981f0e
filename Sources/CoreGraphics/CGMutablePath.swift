/// A path that can be built up. Every builder takes an optional transform applied to its points
/// before they are added. Non-finite input is refused with a message, and the path is unchanged.
public final class CGMutablePath: CGPath, @unchecked Sendable {
    public init() {
        super.init(elements: [])
    }

    override init(elements: [PathElement]) {
        super.init(elements: elements)
    }


    private var hasCurrentPoint: Bool { !elements.isEmpty }

    private func accept(_ function: String, _ values: [CGFloat]) -> Bool {
        if values.allSatisfy(\.isFinite) { return true }
        CGDiagnostics.log(function, "value is not finite: \(values)")
        return false
    }

    private func requireCurrentPoint(_ function: String) -> Bool {
        if hasCurrentPoint { return true }
        CGDiagnostics.log(function, "no current point.")
        return false
    }

    // MARK: Lines and curves

    /// Starts a new subpath at `point`.
    public func move(to point: CGPoint, transform: CGAffineTransform = .identity) {
        guard accept("CGPathMoveToPoint", [point.x, point.y]) else { return }
        elements.append(.move(point.applying(transform)))
    }

    /// Adds a straight line from the current point.
    public func addLine(to point: CGPoint, transform: CGAffineTransform = .identity) {
        guard accept("CGPathAddLineToPoint", [point.x, point.y]),
              requireCurrentPoint("CGPathAddLineToPoint") else { return }
        elements.append(.line(point.applying(transform)))
    }

    /// Starts a subpath at the first point and adds lines to the others.
    public func addLines(between points: [CGPoint], transform: CGAffineTransform = .identity) {
        guard let first = points.first,
              accept("CGPathAddLines", points.flatMap { [$0.x, $0.y] }) else { return }
        elements.append(.move(first.applying(transform)))
        elements += points.dropFirst().map { .line($0.applying(transform)) }
    }

    /// Adds a cubic Bézier curve from the current point.
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint,
                         transform: CGAffineTransform = .identity) {
        guard accept("CGPathAddCurveToPoint", [end.x, end.y, control1.x, control1.y, control2.x, control2.y]),
              requireCurrentPoint("CGPathAddCurveToPoint") else { return }
        elements.append(.cubic(control1.applying(transform), control2.applying(transform), end.applying(transform)))
    }

    /// Adds a quadratic Bézier curve from the current point.
    public func addQuadCurve(to end: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity) {
        guard accept("CGPathAddQuadCurveToPoint", [end.x, end.y, control.x, control.y]),
              requireCurrentPoint("CGPathAddQuadCurveToPoint") else { return }
        elements.append(.quad(control.applying(transform), end.applying(transform)))
    }

    /// Closes the current subpath with a line back to its start.
    public func closeSubpath() {
        guard hasCurrentPoint else { return }
        if case .close = elements.last! { return }
        elements.append(.close)
    }

    // MARK: Arcs

    /// Adds an arc of a circle. Angles are in radians from the positive x-axis; `clockwise` is
    /// meant in a y-up space. A line joins the current point to the arc's start, if there is one.
    /// As in Core Graphics, a whole turn or more in the asked direction, or whole turns the other
    /// way (0 and 2π either way), give a whole circle drawn in the asked direction; other angles
    /// give the arc from start to end going that way round (see `sweep(from:to:clockwise:)`).
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat,
                       clockwise: Bool, transform: CGAffineTransform = .identity) {
        guard accept("CGPathAddArc", [center.x, center.y, radius, startAngle, endAngle]) else { return }
        let delta = Self.sweep(from: startAngle, to: endAngle, clockwise: clockwise)
        appendArc(center: center, radius: radius, start: startAngle, delta: delta, transform: transform)
    }

    /// The signed sweep (positive: counterclockwise in a y-up space) of an arc from `start` to
    /// `end` in the given direction:
    /// - end − start a whole turn or more in the asked direction (≥ 2π counterclockwise, ≤ −2π
    ///   clockwise): one whole turn that way;
    /// - otherwise end − start taken into the direction by remainder, into [0, 2π)
    ///   counterclockwise or (−2π, 0] clockwise (0 → 3π/2 clockwise sweeps −π/2, 0 → π/2 − 4π
    ///   counterclockwise sweeps π/2; a remainder, not a loop, so that angles like 1e300 end);
    /// - a remainder of zero from different angles — whole turns the other way, as UIKit's
    ///   (0, 2π) reaches Core Graphics with `clockwise` inverted — is a whole turn in the asked
    ///   direction: iOS draws such circles both ways (WebKit and Chromium keep the same rule for
    ///   canvas arcs, for the pages that relied on it). Zero means within a billionth of a radian,
    ///   so that −π/2 … 3π/2 computed in floating point stays whole. Equal angles sweep nothing.
    package static func sweep(from start: CGFloat, to end: CGFloat, clockwise: Bool) -> CGFloat {
        let full = 2 * CGFloat.pi, epsilon: CGFloat = 1e-9
        let delta = end - start
        let turn = clockwise ? -full : full
        // Angles ±1.8e308 apart differ by infinity: more than a turn either way.
        if !delta.isFinite || (clockwise ? delta <= -full : delta >= full) { return turn }
        var sweep = delta.truncatingRemainder(dividingBy: full)
        if clockwise, sweep > 0 { sweep -= full }
        if !clockwise, sweep < 0 { sweep += full }
        if abs(delta) >= epsilon && (abs(sweep) < epsilon || abs(sweep) > full - epsilon) { return turn }
        return sweep
    }

    /// Adds an arc starting at `startAngle` and sweeping `delta` radians (positive:
    /// counterclockwise in a y-up space).
    public func addRelativeArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, delta: CGFloat,
                               transform: CGAffineTransform = .identity) {
        guard accept("CGPathAddRelativeArc", [center.x, center.y, radius, startAngle, delta]) else { return }
        appendArc(center: center, radius: radius, start: startAngle, delta: delta, transform: transform)
    }

    /// Adds an arc of `radius` tangent to the line from the current point to `tangent1End` and to
    /// the line from `tangent1End` to `tangent2End`, preceded by a line to the first tangent point.
    public func addArc(tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat,
                       transform: CGAffineTransform = .identity) {
        guard accept("CGPathAddArcToPoint", [tangent1End.x, tangent1End.y, tangent2End.x, tangent2End.y, radius]),
              requireCurrentPoint("CGPathAddArcToPoint") else { return }
        // Work in the path's space: the current point is already transformed.
        let inverse = transform.inverted()
        let p0 = currentPoint.applying(inverse), p1 = tangent1End, p2 = tangent2End
        let v1 = CGVector(dx: p0.x - p1.x, dy: p0.y - p1.y), v2 = CGVector(dx: p2.x - p1.x, dy: p2.y - p1.y)
        let l1 = hypot(v1.dx, v1.dy), l2 = hypot(v2.dx, v2.dy)
        let cross = v1.dx * v2.dy - v1.dy * v2.dx
        guard radius > 0, l1 > 0, l2 > 0, abs(cross) > 1e-12 * l1 * l2 else {
            elements.append(.line(p1.applying(transform)))
            return
        }
        let angle = acos(max(-1, min(1, (v1.dx * v2.dx + v1.dy * v2.dy) / (l1 * l2))))
        let tangentDistance = radius / tan(angle / 2)
        let u1 = CGVector(dx: v1.dx / l1, dy: v1.dy / l1), u2 = CGVector(dx: v2.dx / l2, dy: v2.dy / l2)
        let t1 = CGPoint(x: p1.x + u1.dx * tangentDistance, y: p1.y + u1.dy * tangentDistance)
        let bisector = CGVector(dx: u1.dx + u2.dx, dy: u1.dy + u2.dy)
        let bl = hypot(bisector.dx, bisector.dy)
        let centerDistance = radius / sin(angle / 2)
        let center = CGPoint(x: p1.x + bisector.dx / bl * centerDistance, y: p1.y + bisector.dy / bl * centerDistance)
        let start = atan2(t1.y - center.y, t1.x - center.x)
        let sweep = (CGFloat.pi - angle) * (cross > 0 ? -1 : 1)
        appendArc(center: center, radius: radius, start: start, delta: sweep, transform: transform)
    }

    /// Appends an arc as cubic Béziers of at most a quarter turn each.
    private func appendArc(center: CGPoint, radius: CGFloat, start: CGFloat, delta: CGFloat,
                           transform: CGAffineTransform) {
        func point(_ angle: CGFloat) -> CGPoint {
            CGPoint(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
        }
        let first = point(start).applying(transform)
        elements.append(hasCurrentPoint ? .line(first) : .move(first))
        // At most 1024 turns (a relative arc may sweep any finite angle): the count is capped
        // before Int(…), which trapped for a sweep of 1e300.
        let pieces = max(1, Int(min((abs(delta) / (CGFloat.pi / 2)).rounded(.up), 4096)))
        guard delta != 0, delta.isFinite else { return }
        let step = delta / CGFloat(pieces)
        let k = 4.0 / 3.0 * tan(step / 4) * radius
        var angle = start
        for _ in 0..<pieces {
            let next = angle + step
            let p0 = point(angle), p3 = point(next)
            let c1 = CGPoint(x: p0.x - k * sin(angle), y: p0.y + k * cos(angle))
            let c2 = CGPoint(x: p3.x + k * sin(next), y: p3.y - k * cos(next))
            elements.append(.cubic(c1.applying(transform), c2.applying(transform), p3.applying(transform)))
            angle = next
        }
    }

    // MARK: Shapes

    /// Adds a closed rectangle subpath: (minX, minY) → (maxX, minY) → (maxX, maxY) → (minX, maxY).
    public func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
        guard !rect.isNull, accept("CGPathAddRect", [rect.minX, rect.minY, rect.width, rect.height]) else { return }
        let r = rect.standardized
        elements += [.move(CGPoint(x: r.minX, y: r.minY).applying(transform)),
                     .line(CGPoint(x: r.maxX, y: r.minY).applying(transform)),
                     .line(CGPoint(x: r.maxX, y: r.maxY).applying(transform)),
                     .line(CGPoint(x: r.minX, y: r.maxY).applying(transform)),
                     .close]
    }

    public func addRects(_ rects: [CGRect], transform: CGAffineTransform = .identity) {
        for rect in rects { addRect(rect, transform: transform) }
    }

    /// Adds a closed ellipse subpath that fits `rect`: four cubic curves, counterclockwise in a y-up
    /// space, starting at (maxX, midY).
    public func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
        guard !rect.isNull, accept("CGPathAddEllipseInRect", [rect.minX, rect.minY, rect.width, rect.height]) else { return }
        let r = rect.standardized
        let k: CGFloat = 0.5522847498307936
        let (cx, cy, rx, ry) = (r.midX, r.midY, r.width / 2, r.height / 2)
        func p(_ x: CGFloat, _ y: CGFloat) -> CGPoint { CGPoint(x: x, y: y).applying(transform) }
        elements += [
            .move(p(cx + rx, cy)),
            .cubic(p(cx + rx, cy + ry * k), p(cx + rx * k, cy + ry), p(cx, cy + ry)),
            .cubic(p(cx - rx * k, cy + ry), p(cx - rx, cy + ry * k), p(cx - rx, cy)),
            .cubic(p(cx - rx, cy - ry * k), p(cx - rx * k, cy - ry), p(cx, cy - ry)),
            .cubic(p(cx + rx * k, cy - ry), p(cx + rx, cy - ry * k), p(cx + rx, cy)),
            .close,
        ]
    }

    /// Adds a closed rounded rectangle. Corner sizes are clamped to half the rectangle's sides
    /// (Apple refuses larger ones); zero corners give a plain rectangle.
    public func addRoundedRect(in rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
                               transform: CGAffineTransform = .identity) {
        guard !rect.isNull, accept("CGPathAddRoundedRect",
                                   [rect.minX, rect.minY, rect.width, rect.height, cornerWidth, cornerHeight]) else { return }
        let r = rect.standardized
        if cornerWidth < 0 || cornerHeight < 0 || 2 * cornerWidth > r.width || 2 * cornerHeight > r.height {
            CGDiagnostics.log("CGPathAddRoundedRect", "corner size \(cornerWidth)×\(cornerHeight) does not fit \(r.size); clamped.")
        }
        let cw = min(max(cornerWidth, 0), r.width / 2), ch = min(max(cornerHeight, 0), r.height / 2)
        guard cw > 0, ch > 0 else { addRect(r, transform: transform); return }
        let k: CGFloat = 0.5522847498307936
        func p(_ x: CGFloat, _ y: CGFloat) -> CGPoint { CGPoint(x: x, y: y).applying(transform) }
        let (x0, y0, x1, y1) = (r.minX, r.minY, r.maxX, r.maxY)
        elements += [
            .move(p(x0 + cw, y0)),
            .line(p(x1 - cw, y0)),
            .cubic(p(x1 - cw + cw * k, y0), p(x1, y0 + ch - ch * k), p(x1, y0 + ch)),
            .line(p(x1, y1 - ch)),
            .cubic(p(x1, y1 - ch + ch * k), p(x1 - cw + cw * k, y1), p(x1 - cw, y1)),
            .line(p(x0 + cw, y1)),
            .cubic(p(x0 + cw - cw * k, y1), p(x0, y1 - ch + ch * k), p(x0, y1 - ch)),
            .line(p(x0, y0 + ch)),
            .cubic(p(x0, y0 + ch - ch * k), p(x0 + cw - cw * k, y0), p(x0 + cw, y0)),
            .close,
        ]
    }

    /// Appends another path's elements.
    public func addPath(_ path: CGPath, transform: CGAffineTransform = .identity) {
        elements += transform.isIdentity ? path.elements : path.elements.map { $0.applying(transform) }
    }
}
