/// A path that consists of straight and curved line segments that you can render in your
/// custom views. Coordinates are UIKit's (y down): `clockwise` arcs turn clockwise on screen.
open class UIBezierPath: NSObject, NSCopying {
    private var path = CGMutablePath()

    /// The Core Graphics representation of the path.
    open var cgPath: CGPath {
        get { path.copy() ?? path }
        set { path = newValue.mutableCopy() ?? CGMutablePath() }
    }

    /// The line width of the path. Defaults to 1.
    open var lineWidth: CGFloat = 1
    /// The shape of the paths end points when stroked. Defaults to `.butt`.
    open var lineCapStyle: CGLineCap = .butt
    /// The shape of the joints between connected segments of a stroked path. Defaults to `.miter`.
    open var lineJoinStyle: CGLineJoin = .miter
    /// The limiting value that helps avoid spikes at junctions between connected line segments.
    /// Defaults to 10.
    open var miterLimit: CGFloat = 10
    /// The factor that determines the rendering accuracy for curved path segments. Defaults to 0.6.
    open var flatness: CGFloat = 0.6
    /// A Boolean indicating whether the even-odd winding rule is in use for drawing paths.
    /// Defaults to false (the nonzero rule).
    open var usesEvenOddFillRule = false
    private var dashPattern: [CGFloat] = []
    private var dashPhase: CGFloat = 0

    // MARK: Creating

    /// Creates an empty path.
    public override init() { super.init() }

    /// Creates and returns a new Bézier path object with a rectangular path.
    public convenience init(rect: CGRect) {
        self.init()
        path.addRect(rect)
    }

    /// Creates and returns a new Bézier path object with an oval path inscribed in the
    /// specified rectangle.
    public convenience init(ovalIn rect: CGRect) {
        self.init()
        path.addEllipse(in: rect)
    }

    /// Creates and returns a new Bézier path object with a rounded rectangular path.
    public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        self.init(roundedRect: rect, byRoundingCorners: .allCorners, cornerRadii: CGSize(width: cornerRadius, height: cornerRadius))
    }

    /// Creates and returns a new Bézier path object with a rectangular path rounded at the
    /// specified corners (each radius at most half the rectangle's side).
    public convenience init(roundedRect rect: CGRect, byRoundingCorners corners: UIRectCorner, cornerRadii: CGSize) {
        self.init()
        let r = max(0, min(cornerRadii.width, cornerRadii.height == 0 ? cornerRadii.width : cornerRadii.height, rect.width / 2, rect.height / 2))
        func radius(_ corner: UIRectCorner) -> CGFloat { corners.contains(corner) ? r : 0 }
        let (minX, minY, maxX, maxY) = (rect.minX, rect.minY, rect.maxX, rect.maxY)
        path.move(to: CGPoint(x: minX + radius(.topLeft), y: minY))
        path.addLine(to: CGPoint(x: maxX - radius(.topRight), y: minY))
        if radius(.topRight) > 0 { path.addArc(tangent1End: CGPoint(x: maxX, y: minY), tangent2End: CGPoint(x: maxX, y: maxY), radius: r) }
        path.addLine(to: CGPoint(x: maxX, y: maxY - radius(.bottomRight)))
        if radius(.bottomRight) > 0 { path.addArc(tangent1End: CGPoint(x: maxX, y: maxY), tangent2End: CGPoint(x: minX, y: maxY), radius: r) }
        path.addLine(to: CGPoint(x: minX + radius(.bottomLeft), y: maxY))
        if radius(.bottomLeft) > 0 { path.addArc(tangent1End: CGPoint(x: minX, y: maxY), tangent2End: CGPoint(x: minX, y: minY), radius: r) }
        path.addLine(to: CGPoint(x: minX, y: minY + radius(.topLeft)))
        if radius(.topLeft) > 0 { path.addArc(tangent1End: CGPoint(x: minX, y: minY), tangent2End: CGPoint(x: maxX, y: minY), radius: r) }
        path.closeSubpath()
    }

    /// Creates and returns a new Bézier path object with an arc of a circle.
    public convenience init(arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        self.init()
        addArc(withCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }

    /// Creates and returns a new Bézier path object with the contents of a Core Graphics path.
    public convenience init(cgPath CGPath: CGPath) {
        self.init()
        path = CGPath.mutableCopy() ?? CGMutablePath()
    }

    /// Returns a copy of the path with its drawing properties.
    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = UIBezierPath(cgPath: path)
        copy.lineWidth = lineWidth; copy.lineCapStyle = lineCapStyle; copy.lineJoinStyle = lineJoinStyle
        copy.miterLimit = miterLimit; copy.flatness = flatness; copy.usesEvenOddFillRule = usesEvenOddFillRule
        copy.dashPattern = dashPattern; copy.dashPhase = dashPhase
        return copy
    }

    // MARK: Constructing

    /// Moves the path's current point to the specified location.
    open func move(to point: CGPoint) { path.move(to: point) }

    /// Appends a straight line to the path.
    open func addLine(to point: CGPoint) { path.addLine(to: point) }

    /// Appends a cubic Bézier curve to the path.
    open func addCurve(to endPoint: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
        path.addCurve(to: endPoint, control1: controlPoint1, control2: controlPoint2)
    }

    /// Appends a quadratic Bézier curve to the path.
    open func addQuadCurve(to endPoint: CGPoint, controlPoint: CGPoint) {
        path.addQuadCurve(to: endPoint, control: controlPoint)
    }

    /// Appends an arc to the path; `clockwise` as seen on screen (y down).
    open func addArc(withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        // Core Graphics' `clockwise` is y-up's: on a y-down screen it is UIKit's counterclockwise.
        path.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: !clockwise)
    }

    /// Closes the most recently added subpath.
    open func close() { path.closeSubpath() }

    /// Removes all points from the path, effectively deleting all subpaths.
    open func removeAllPoints() { path = CGMutablePath() }

    /// Appends the contents of the specified path object to the path.
    open func append(_ bezierPath: UIBezierPath) { path.addPath(bezierPath.path) }

    /// Creates and returns a new Bézier path object with the reversed contents of the current path.
    open func reversing() -> UIBezierPath {
        let reversed = copy() as! UIBezierPath
        reversed.path = UIBezierPath.reversed(path)
        return reversed
    }

    /// Transforms all points in the path using the specified affine transform matrix.
    open func apply(_ transform: CGAffineTransform) {
        let moved = CGMutablePath()
        moved.addPath(path, transform: transform)
        path = moved
    }

    // MARK: Information

    /// A Boolean value indicating whether the path has any valid elements.
    open var isEmpty: Bool { path.isEmpty }

    /// The bounding rectangle of the path (control points excluded).
    open var bounds: CGRect { path.isEmpty ? .zero : path.boundingBoxOfPath }

    /// The point at which the next line or curve segment is appended.
    open var currentPoint: CGPoint { path.currentPoint }

    /// Returns a Boolean value indicating whether the area enclosed by the path contains the
    /// specified point (with the path's fill rule).
    open func contains(_ point: CGPoint) -> Bool {
        path.contains(point, using: usesEvenOddFillRule ? .evenOdd : .winding)
    }

    // MARK: Dashes

    /// Sets the line-stroking pattern for the path.
    open func setLineDash(_ pattern: UnsafePointer<CGFloat>?, count: Int, phase: CGFloat) {
        dashPattern = pattern.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
        dashPhase = phase
    }

    /// Retrieves the line-stroking pattern for the path.
    open func getLineDash(_ pattern: UnsafeMutablePointer<CGFloat>?, count: UnsafeMutablePointer<Int>?, phase: UnsafeMutablePointer<CGFloat>?) {
        if let pattern { for (i, v) in dashPattern.enumerated() { pattern[i] = v } }
        count?.pointee = dashPattern.count
        phase?.pointee = dashPhase
    }

    // MARK: Drawing

    /// Paints the region enclosed by the path using the current drawing properties of the
    /// current graphics context.
    open func fill() {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.saveGState()
        context.addPath(path)
        context.fillPath(using: usesEvenOddFillRule ? .evenOdd : .winding)
        context.restoreGState()
    }

    /// Paints the region enclosed by the path using the specified blend mode and transparency values.
    open func fill(with blendMode: CGBlendMode, alpha: CGFloat) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.saveGState()
        context.setBlendMode(blendMode)
        context.setAlpha(alpha)
        fill()
        context.restoreGState()
    }

    /// Draws a line along the path using the current drawing properties of the current
    /// graphics context and the path's line settings.
    open func stroke() {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.saveGState()
        context.setLineWidth(lineWidth)
        context.setLineCap(lineCapStyle)
        context.setLineJoin(lineJoinStyle)
        context.setMiterLimit(miterLimit)
        context.setFlatness(flatness)
        if !dashPattern.isEmpty { context.setLineDash(phase: dashPhase, lengths: dashPattern) }
        context.addPath(path)
        context.strokePath()
        context.restoreGState()
    }

    /// Draws a line along the path using the specified blend mode and transparency values.
    open func stroke(with blendMode: CGBlendMode, alpha: CGFloat) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.saveGState()
        context.setBlendMode(blendMode)
        context.setAlpha(alpha)
        stroke()
        context.restoreGState()
    }

    /// Intersects the area enclosed by the path with the clipping path of the current graphics
    /// context and makes the resulting shape the current clipping path.
    open func addClip() {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.addPath(path)
        context.clip(using: usesEvenOddFillRule ? .evenOdd : .winding)
    }

    /// `path` with each subpath's elements in the opposite order.
    private static func reversed(_ path: CGPath) -> CGMutablePath {
        enum Segment { case line(CGPoint), quad(CGPoint, CGPoint), cubic(CGPoint, CGPoint, CGPoint) }
        var subpaths: [(start: CGPoint, segments: [Segment], closed: Bool)] = []
        path.applyWithBlock { pointer in
            let e = pointer.pointee
            switch e.type {
            case .moveToPoint: subpaths.append((e.points[0], [], false))
            case .addLineToPoint: subpaths[subpaths.count - 1].segments.append(.line(e.points[0]))
            case .addQuadCurveToPoint: subpaths[subpaths.count - 1].segments.append(.quad(e.points[0], e.points[1]))
            case .addCurveToPoint: subpaths[subpaths.count - 1].segments.append(.cubic(e.points[0], e.points[1], e.points[2]))
            case .closeSubpath: if !subpaths.isEmpty { subpaths[subpaths.count - 1].closed = true }
            @unknown default: break
            }
        }
        let result = CGMutablePath()
        for subpath in subpaths.reversed() {
            var points = [subpath.start]
            for segment in subpath.segments {
                switch segment {
                case .line(let p), .quad(_, let p), .cubic(_, _, let p): points.append(p)
                }
            }
            result.move(to: points.last!)
            for (i, segment) in subpath.segments.enumerated().reversed() {
                let to = points[i]
                switch segment {
                case .line: result.addLine(to: to)
                case .quad(let c, _): result.addQuadCurve(to: to, control: c)
                case .cubic(let c1, let c2, _): result.addCurve(to: to, control1: c2, control2: c1)
                }
            }
            if subpath.closed { result.closeSubpath() }
        }
        return result
    }
}
