extension CGPath {
    /// The outline of this path stroked with the given parameters, as a path to fill with the
    /// nonzero winding rule. `transform` applies to this path before stroking.
    ///
    /// Lamina builds the outline as a union of pieces — one quadrilateral per segment (curves are
    /// flattened to 0.01 units), one piece per join and cap —, all wound counterclockwise, so that
    /// filling, hit-testing and bounds give the stroked area.
    public func copy(strokingWithWidth lineWidth: CGFloat, lineCap: CGLineCap, lineJoin: CGLineJoin,
                     miterLimit: CGFloat, transform: CGAffineTransform = .identity) -> CGPath {
        guard lineWidth.isFinite, lineWidth > 0, miterLimit.isFinite else {
            if !lineWidth.isFinite { CGDiagnostics.log("CGPathCreateCopyByStroking", "line width is not finite.") }
            return CGMutablePath()
        }
        let source = transform.isIdentity ? self : CGPath(elements: elements.map { $0.applying(transform) })
        return source.strokeOutline(width: lineWidth, cap: lineCap, join: lineJoin, miterLimit: miterLimit, tolerance: 0.01)
    }

    /// The stroke outline with curves flattened to `tolerance` units (`copy(strokingWithWidth:…)`
    /// takes 0.01; a context takes a tenth of its device pixel).
    func strokeOutline(width: CGFloat, cap: CGLineCap, join: CGLineJoin, miterLimit: CGFloat, tolerance: CGFloat) -> CGPath {
        let stroker = Stroker(halfWidth: width / 2, cap: cap, join: join, miterLimit: miterLimit)
        for polyline in PathFlattener.polylines(of: elements, tolerance: tolerance) {
            stroker.stroke(polyline)
        }
        return stroker.outline
    }
}

/// Builds stroke outlines out of positively wound pieces.
private final class Stroker {
    let h: CGFloat
    let cap: CGLineCap, join: CGLineJoin, miterLimit: CGFloat
    let outline = CGMutablePath()

    init(halfWidth: CGFloat, cap: CGLineCap, join: CGLineJoin, miterLimit: CGFloat) {
        self.h = halfWidth; self.cap = cap; self.join = join; self.miterLimit = miterLimit
    }

    func stroke(_ polyline: Polyline) {
        var pts: [CGPoint] = []
        for p in polyline.points where pts.last != p { pts.append(p) }
        if polyline.closed, pts.count > 1, pts.first == pts.last { pts.removeLast() }
        guard pts.count > 1 else {
            if let p = pts.first { dot(at: p) }
            return
        }
        let closed = polyline.closed
        let count = closed ? pts.count : pts.count - 1
        for i in 0..<count { segment(pts[i], pts[(i + 1) % pts.count]) }
        let joints = closed ? Array(0..<pts.count) : Array(1..<(pts.count - 1))
        for i in joints {
            let previous = pts[(i - 1 + pts.count) % pts.count], next = pts[(i + 1) % pts.count]
            joinPiece(at: pts[i], from: direction(previous, pts[i]), to: direction(pts[i], next))
        }
        if !closed {
            capPiece(at: pts[0], direction: direction(pts[1], pts[0]))
            capPiece(at: pts[pts.count - 1], direction: direction(pts[pts.count - 2], pts[pts.count - 1]))
        }
    }

    private func direction(_ a: CGPoint, _ b: CGPoint) -> CGVector {
        let l = hypot(b.x - a.x, b.y - a.y)
        return CGVector(dx: (b.x - a.x) / l, dy: (b.y - a.y) / l)
    }

    private func offset(_ p: CGPoint, _ v: CGVector, _ s: CGFloat) -> CGPoint {
        CGPoint(x: p.x + v.dx * s, y: p.y + v.dy * s)
    }

    /// The left normal of a direction in a y-up space.
    private func normal(_ d: CGVector) -> CGVector { CGVector(dx: -d.dy, dy: d.dx) }

    private func segment(_ a: CGPoint, _ b: CGPoint) {
        let n = normal(direction(a, b))
        polygon([offset(a, n, h), offset(a, n, -h), offset(b, n, -h), offset(b, n, h)])
    }

    private func joinPiece(at p: CGPoint, from d0: CGVector, to d1: CGVector) {
        let turn = d0.dx * d1.dy - d0.dy * d1.dx
        guard abs(turn) > 1e-12 || (d0.dx * d1.dx + d0.dy * d1.dy) < 0 else { return }
        if join == .round { circle(at: p); return }
        // The outer side is to the right of a left turn and to the left of a right turn.
        let side: CGFloat = turn > 0 ? -1 : 1
        let n0 = normal(d0), n1 = normal(d1)
        let a = offset(p, n0, side * h), b = offset(p, n1, side * h)
        let cosTheta = -(d0.dx * d1.dx + d0.dy * d1.dy)   // cosine of the angle between the segments
        let sinHalf = ((1 - cosTheta) / 2).squareRoot()
        if join == .miter, sinHalf > 1e-9, 1 / sinHalf <= miterLimit {
            let bisector = CGVector(dx: n0.dx + n1.dx, dy: n0.dy + n1.dy)
            let bl = hypot(bisector.dx, bisector.dy)
            let tip = offset(p, CGVector(dx: bisector.dx / bl, dy: bisector.dy / bl), side * h / sinHalf)
            polygon([p, a, tip, b])
        } else {
            polygon([p, a, b])
        }
    }

    private func capPiece(at p: CGPoint, direction d: CGVector) {
        switch cap {
        case .butt: break
        case .round: circle(at: p)
        case .square:
            let n = normal(d)
            polygon([offset(p, n, h), offset(p, n, -h),
                     offset(offset(p, n, -h), d, h), offset(offset(p, n, h), d, h)])
        }
    }

    /// A zero-length subpath: a round cap draws a disc, a square cap a square, a butt cap nothing.
    private func dot(at p: CGPoint) {
        switch cap {
        case .butt: break
        case .round: circle(at: p)
        case .square: outline.addRect(CGRect(x: p.x - h, y: p.y - h, width: 2 * h, height: 2 * h))
        }
    }

    private func circle(at p: CGPoint) {
        outline.addEllipse(in: CGRect(x: p.x - h, y: p.y - h, width: 2 * h, height: 2 * h))
    }

    /// Adds a closed polygon, reversed if needed so that its signed area is positive.
    private func polygon(_ points: [CGPoint]) {
        var area: CGFloat = 0
        for i in 0..<points.count {
            let a = points[i], b = points[(i + 1) % points.count]
            area += a.x * b.y - b.x * a.y
        }
        outline.addLines(between: area < 0 ? points.reversed() : points)
        outline.closeSubpath()
    }
}
