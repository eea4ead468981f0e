/// `cornerCurve = .continuous`: corners whose curvature grows smoothly from the straight edges
/// (the "squircle" of iOS icons and continuous layer corners). Each corner starts 1.528665 radii
/// from the corner along both edges and is made of three cubic Béziers — an easing curve, a
/// circular middle and the mirrored easing curve — with the widely published control points that
/// reproduce iOS's shape. When the sides are too short for that, the radius shrinks to fit.
enum ContinuousCorners {
    /// Distances from the corner, in radii: where the curve starts and its control points.
    private static let (start, c1, c2, joinAlong, joinAcross, m1Along, m1Across) =
        (CGFloat(1.52866483), CGFloat(1.08849296), CGFloat(0.86840694), CGFloat(0.63149399), CGFloat(0.07491100),
         CGFloat(0.37282392), CGFloat(0.16905899))

    static func roundedRect(_ rect: CGRect, radius: CGFloat, corners: CACornerMask) -> CGPath {
        let r = min(radius, min(rect.width, rect.height) / 2 / start)
        func rounding(_ corner: CACornerMask) -> CGFloat { corners.contains(corner) ? r : 0 }
        let path = CGMutablePath()
        // Clockwise on screen (y down), starting after the top-left corner.
        let tl = rounding(.layerMinXMinYCorner), tr = rounding(.layerMaxXMinYCorner)
        let br = rounding(.layerMaxXMaxYCorner), bl = rounding(.layerMinXMaxYCorner)
        path.move(to: CGPoint(x: rect.minX + start * tl, y: rect.minY))
        corner(path, at: CGPoint(x: rect.maxX, y: rect.minY), along: CGVector(dx: 1, dy: 0), across: CGVector(dx: 0, dy: 1), r: tr)
        corner(path, at: CGPoint(x: rect.maxX, y: rect.maxY), along: CGVector(dx: 0, dy: 1), across: CGVector(dx: -1, dy: 0), r: br)
        corner(path, at: CGPoint(x: rect.minX, y: rect.maxY), along: CGVector(dx: -1, dy: 0), across: CGVector(dx: 0, dy: -1), r: bl)
        corner(path, at: CGPoint(x: rect.minX, y: rect.minY), along: CGVector(dx: 0, dy: -1), across: CGVector(dx: 1, dy: 0), r: tl)
        path.closeSubpath()
        return path
    }

    /// A line to the corner's start, then the corner: arriving along `along`, leaving along `across`.
    private static func corner(_ path: CGMutablePath, at c: CGPoint, along a: CGVector, across b: CGVector, r: CGFloat) {
        // A point `back` radii before the corner on the incoming edge and `side` radii along the outgoing one.
        func p(_ back: CGFloat, _ side: CGFloat) -> CGPoint {
            CGPoint(x: c.x - a.dx * back * r + b.dx * side * r, y: c.y - a.dy * back * r + b.dy * side * r)
        }
        path.addLine(to: p(start, 0))
        guard r > 0 else { return }
        path.addCurve(to: p(joinAlong, joinAcross), control1: p(c1, 0), control2: p(c2, 0))
        path.addCurve(to: p(joinAcross, joinAlong), control1: p(m1Along, m1Across), control2: p(m1Across, m1Along))
        path.addCurve(to: p(0, start), control1: p(0, c2), control2: p(0, c1))
    }
}
