/// An immutable graphics path: lines and Bézier curves in subpaths.
public class CGPath: Hashable, @unchecked Sendable, CustomStringConvertible {
    var elements: [PathElement]

    init(elements: [PathElement]) {
        self.elements = elements
    }

    /// A path holding one rectangle (see `CGMutablePath.addRect`).
    public convenience init(rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        let path = CGMutablePath()
        path.addRect(rect, transform: transform?.pointee ?? .identity)
        self.init(elements: path.elements)
    }

    /// A path holding one ellipse that fits `rect`.
    public convenience init(ellipseIn rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        let path = CGMutablePath()
        path.addEllipse(in: rect, transform: transform?.pointee ?? .identity)
        self.init(elements: path.elements)
    }

    /// A path holding one rounded rectangle.
    public convenience init(roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
                            transform: UnsafePointer<CGAffineTransform>?) {
        let path = CGMutablePath()
        path.addRoundedRect(in: rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight,
                            transform: transform?.pointee ?? .identity)
        self.init(elements: path.elements)
    }

    // MARK: Queries

    /// True when the path has no elements.
    public var isEmpty: Bool { elements.isEmpty }

    /// The end point of the last element; after `closeSubpath()`, the start of that subpath;
    /// `.zero` for an empty path.
    public var currentPoint: CGPoint {
        var start = CGPoint.zero, current = CGPoint.zero
        for element in elements {
            switch element {
            case .move(let p): start = p; current = p
            case .close: current = start
            default: current = element.points.last!
            }
        }
        return current
    }

    /// The smallest rectangle containing every point of the path, control points included;
    /// `CGRect.null` for an empty path.
    public var boundingBox: CGRect {
        Self.bounds(of: elements.flatMap(\.points))
    }

    /// The smallest rectangle containing the path's curves themselves, control points excluded.
    public var boundingBoxOfPath: CGRect {
        var points: [CGPoint] = []
        var current = CGPoint.zero, start = CGPoint.zero
        for element in elements {
            switch element {
            case .move(let p): points.append(p); current = p; start = p
            case .line(let p): points.append(p); current = p
            case .quad(let c, let p):
                points += BezierMath.quadExtrema(current, c, p); current = p
            case .cubic(let c1, let c2, let p):
                points += BezierMath.cubicExtrema(current, c1, c2, p); current = p
            case .close: current = start
            }
        }
        return Self.bounds(of: points)
    }

    /// Whether the path is exactly one rectangle; if so, writes it to `rect`.
    public func isRect(_ rect: UnsafeMutablePointer<CGRect>?) -> Bool {
        var pts: [CGPoint] = []
        for (i, element) in elements.enumerated() {
            switch element {
            case .move(let p) where i == 0: pts.append(p)
            case .line(let p) where i > 0: pts.append(p)
            case .close where i == elements.count - 1: break
            default: return false
            }
        }
        if pts.count == 5, pts[4] == pts[0] { pts.removeLast() }
        guard pts.count == 4 else { return false }
        let alternatingX = pts[0].x == pts[3].x && pts[1].x == pts[2].x && pts[0].y == pts[1].y && pts[2].y == pts[3].y
        let alternatingY = pts[0].x == pts[1].x && pts[2].x == pts[3].x && pts[0].y == pts[3].y && pts[1].y == pts[2].y
        guard alternatingX || alternatingY else { return false }
        rect?.pointee = Self.bounds(of: pts)
        return true
    }

    /// Whether `point` is inside the path under `rule`, with `transform` applied to the path.
    /// Open subpaths count as closed.
    public func contains(_ point: CGPoint, using rule: CGPathFillRule = .winding,
                         transform: CGAffineTransform = .identity) -> Bool {
        guard point.isFinite else { return false }
        let polygons = PathFlattener.polylines(of: transform.isIdentity ? elements : elements.map { $0.applying(transform) },
                                               tolerance: 0.01)
        var winding = 0
        for poly in polygons where poly.points.count > 1 {
            let pts = poly.points
            for i in 0..<pts.count {
                let a = pts[i], b = pts[(i + 1) % pts.count]
                if a.y <= point.y {
                    if b.y > point.y && cross(a, b, point) > 0 { winding += 1 }
                } else if b.y <= point.y && cross(a, b, point) < 0 {
                    winding -= 1
                }
            }
        }
        return rule == .winding ? winding != 0 : winding % 2 != 0
    }

    private func cross(_ a: CGPoint, _ b: CGPoint, _ p: CGPoint) -> CGFloat {
        (b.x - a.x) * (p.y - a.y) - (p.x - a.x) * (b.y - a.y)
    }

    // MARK: Elements

    /// Calls `block` once per element, in order.
    public func applyWithBlock(_ block: (UnsafePointer<CGPathElement>) -> Void) {
        let points = UnsafeMutablePointer<CGPoint>.allocate(capacity: 3)
        defer { points.deallocate() }
        for element in elements {
            let type: CGPathElementType
            switch element {
            case .move: type = .moveToPoint
            case .line: type = .addLineToPoint
            case .quad: type = .addQuadCurveToPoint
            case .cubic: type = .addCurveToPoint
            case .close: type = .closeSubpath
            }
            for (i, p) in element.points.enumerated() { points[i] = p }
            var pathElement = CGPathElement(type: type, points: points)
            withUnsafePointer(to: &pathElement) { block($0) }
        }
    }

    /// The C-style form of `applyWithBlock(_:)`.
    public func apply(info: UnsafeMutableRawPointer?, function: CGPathApplierFunction) {
        applyWithBlock { function(info, $0) }
    }

    // MARK: Copies

    public func copy() -> CGPath? { CGPath(elements: elements) }

    /// A copy with every point transformed; nil when the transform is not finite.
    public func copy(using transform: UnsafePointer<CGAffineTransform>?) -> CGPath? {
        guard let t = transform?.pointee else { return copy() }
        guard [t.a, t.b, t.c, t.d, t.tx, t.ty].allSatisfy(\.isFinite) else { return nil }
        return CGPath(elements: elements.map { $0.applying(t) })
    }

    public func mutableCopy() -> CGMutablePath? { CGMutablePath(elements: elements) }

    public func mutableCopy(using transform: UnsafePointer<CGAffineTransform>?) -> CGMutablePath? {
        copy(using: transform).map { CGMutablePath(elements: $0.elements) }
    }

    // MARK: Equality

    public static func == (lhs: CGPath, rhs: CGPath) -> Bool {
        lhs === rhs || lhs.elements == rhs.elements
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(elements)
    }

    public var description: String { "<CGPath \(elements)>" }

    static func bounds(of points: [CGPoint]) -> CGRect {
        guard let first = points.first else { return .null }
        var minX = first.x, maxX = first.x, minY = first.y, maxY = first.y
        for p in points.dropFirst() {
            minX = min(minX, p.x); maxX = max(maxX, p.x)
            minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
