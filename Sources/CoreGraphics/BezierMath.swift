/// Evaluation and extrema of quadratic and cubic Bézier curves.
enum BezierMath {
    static func quad(_ p0: CGPoint, _ c: CGPoint, _ p1: CGPoint, _ t: CGFloat) -> CGPoint {
        let u = 1 - t
        return CGPoint(x: u * u * p0.x + 2 * u * t * c.x + t * t * p1.x,
                       y: u * u * p0.y + 2 * u * t * c.y + t * t * p1.y)
    }

    static func cubic(_ p0: CGPoint, _ c1: CGPoint, _ c2: CGPoint, _ p3: CGPoint, _ t: CGFloat) -> CGPoint {
        let u = 1 - t
        let (a, b, c, d) = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
        return CGPoint(x: a * p0.x + b * c1.x + c * c2.x + d * p3.x,
                       y: a * p0.y + b * c1.y + c * c2.y + d * p3.y)
    }

    /// The end point and every point where the quadratic's x or y derivative vanishes.
    static func quadExtrema(_ p0: CGPoint, _ c: CGPoint, _ p1: CGPoint) -> [CGPoint] {
        var result = [p1]
        for (a, b, e) in [(p0.x, c.x, p1.x), (p0.y, c.y, p1.y)] {
            let denominator = a - 2 * b + e
            guard denominator != 0 else { continue }
            let t = (a - b) / denominator
            if t > 0 && t < 1 { result.append(quad(p0, c, p1, t)) }
        }
        return result
    }

    /// The end point and every point where the cubic's x or y derivative vanishes.
    static func cubicExtrema(_ p0: CGPoint, _ c1: CGPoint, _ c2: CGPoint, _ p3: CGPoint) -> [CGPoint] {
        var result = [p3]
        for (a, b, c, d) in [(p0.x, c1.x, c2.x, p3.x), (p0.y, c1.y, c2.y, p3.y)] {
            // Derivative / 3: qa·t² + qb·t + qc.
            let qa = -a + 3 * b - 3 * c + d, qb = 2 * (a - 2 * b + c), qc = b - a
            for t in solveQuadratic(qa, qb, qc) where t > 0 && t < 1 {
                result.append(cubic(p0, c1, c2, p3, t))
            }
        }
        return result
    }

    static func solveQuadratic(_ a: CGFloat, _ b: CGFloat, _ c: CGFloat) -> [CGFloat] {
        if abs(a) < 1e-12 {
            return abs(b) < 1e-12 ? [] : [-c / b]
        }
        let discriminant = b * b - 4 * a * c
        guard discriminant >= 0 else { return [] }
        let root = discriminant.squareRoot()
        return [(-b + root) / (2 * a), (-b - root) / (2 * a)]
    }
}

/// A path broken into straight-line pieces, one polyline a subpath.
struct Polyline {
    var points: [CGPoint]
    var closed: Bool
}

enum PathFlattener {
    /// Subdivides curves so that no chord strays more than about `tolerance` from its curve.
    static func polylines(of elements: [PathElement], tolerance: CGFloat) -> [Polyline] {
        var result: [Polyline] = []
        var current: Polyline?
        // After a close the current point is the subpath's start: a following line starts a new
        // polyline there, but the lone point itself is no subpath.
        var restartedByClose = false
        var point = CGPoint.zero
        func finish() {
            if let c = current, !(restartedByClose && c.points.count == 1) { result.append(c) }
            current = nil
        }
        for element in elements {
            switch element {
            case .move(let p):
                finish()
                current = Polyline(points: [p], closed: false)
                restartedByClose = false
                point = p
            case .line(let p):
                current?.points.append(p); point = p
            case .quad(let c, let p):
                let n = segments(hypot(point.x - 2 * c.x + p.x, point.y - 2 * c.y + p.y) / 4, tolerance)
                let p0 = point
                for i in 1...n { current?.points.append(BezierMath.quad(p0, c, p, CGFloat(i) / CGFloat(n))) }
                point = p
            case .cubic(let c1, let c2, let p):
                let dd = max(hypot(point.x - 2 * c1.x + c2.x, point.y - 2 * c1.y + c2.y),
                             hypot(c1.x - 2 * c2.x + p.x, c1.y - 2 * c2.y + p.y))
                let n = segments(dd * 0.75, tolerance)
                let p0 = point
                for i in 1...n { current?.points.append(BezierMath.cubic(p0, c1, c2, p, CGFloat(i) / CGFloat(n))) }
                point = p
            case .close:
                guard var c = current else { continue }
                c.closed = true
                point = c.points[0]
                result.append(c)
                current = Polyline(points: [point], closed: false)
                restartedByClose = true
            }
        }
        finish()
        return result
    }

    private static func segments(_ deviation: CGFloat, _ tolerance: CGFloat) -> Int {
        guard deviation.isFinite, deviation > 0 else { return 1 }
        // Capped before the conversion: a curve 1e300 units across would overflow Int(…).
        return max(1, Int(min(1000, (deviation / tolerance).squareRoot().rounded(.up))))
    }
}
