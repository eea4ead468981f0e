/// An object that can create paths using straight and curved line segments, and draw them into
/// the current graphics context, on a Core Graphics path.
open class NSBezierPath: NSObject, NSCopying, @unchecked Sendable {
    private var path = CGMutablePath()

    /// The width of the path's stroke. Defaults to `defaultLineWidth` (1).
    open var lineWidth: CGFloat = NSBezierPath.defaultLineWidth
    /// The shape of the stroke's ends. Defaults to `.butt`.
    open var lineCapStyle: LineCapStyle = .butt
    /// The shape of the stroke's corners. Defaults to `.miter`.
    open var lineJoinStyle: LineJoinStyle = .miter
    /// The limit past which a mitered corner is beveled. Defaults to 10.
    open var miterLimit: CGFloat = 10
    /// The rule that decides what is inside the path. Defaults to `.nonZero`.
    open var windingRule: WindingRule = .nonZero
    /// How finely curves are flattened (accepted; Core Graphics decides). Defaults to 0.6.
    open var flatness: CGFloat = 0.6
    private var dash: (lengths: [CGFloat], phase: CGFloat) = ([], 0)

    /// The default stroke width of new paths: 1.
    open class var defaultLineWidth: CGFloat {
        get { defaultLineWidthStorage }
        set { if newValue.isFinite, newValue >= 0 { defaultLineWidthStorage = newValue } }
    }
    nonisolated(unsafe) private static var defaultLineWidthStorage: CGFloat = 1

    /// An empty path.
    public override init() { super.init() }

    /// A closed path of a rectangle.
    public convenience init(rect: NSRect) {
        self.init()
        appendRect(rect)
    }

    /// A closed path of an oval inscribed in `rect`.
    public convenience init(ovalIn rect: NSRect) {
        self.init()
        appendOval(in: rect)
    }

    /// A closed path of a rounded rectangle.
    public convenience init(roundedRect rect: NSRect, xRadius: CGFloat, yRadius: CGFloat) {
        self.init()
        appendRoundedRect(rect, xRadius: xRadius, yRadius: yRadius)
    }

    /// A path of the same elements as a Core Graphics path.
    public convenience init(cgPath: CGPath) {
        self.init()
        path.addPath(cgPath)
    }

    /// The path as a Core Graphics path. Setting it replaces the elements.
    open var cgPath: CGPath {
        get { path.copy() ?? CGMutablePath() }
        set { path = newValue.mutableCopy() ?? CGMutablePath() }
    }

    // MARK: Building

    /// Starts a new subpath at `point`.
    open func move(to point: NSPoint) {
        path.move(to: point)
    }
    /// Appends a straight line to `point`.
    open func line(to point: NSPoint) {
        path.addLine(to: point)
    }
    /// Appends a cubic Bézier curve to `endPoint`.
    open func curve(to endPoint: NSPoint, controlPoint1: NSPoint, controlPoint2: NSPoint) {
        path.addCurve(to: endPoint, control1: controlPoint1, control2: controlPoint2)
    }
    /// Appends a quadratic Bézier curve to `endPoint`.
    open func curve(to endPoint: NSPoint, controlPoint: NSPoint) { path.addQuadCurve(to: endPoint, control: controlPoint) }
    /// Closes the current subpath.
    open func close() { path.closeSubpath() }
    /// Moves by an offset from the current point.
    open func relativeMove(to point: NSPoint) { path.move(to: currentPoint + point) }
    /// Draws a line by an offset from the current point.
    open func relativeLine(to point: NSPoint) { path.addLine(to: currentPoint + point) }
    /// Removes every element.
    open func removeAllPoints() { path = CGMutablePath() }

    /// Appends a closed rectangle.
    open func appendRect(_ rect: NSRect) { path.addRect(rect) }
    /// Appends a closed oval inscribed in `rect`.
    open func appendOval(in rect: NSRect) { path.addEllipse(in: rect) }
    /// Appends a closed rounded rectangle (radii clamped to half the sides).
    open func appendRoundedRect(_ rect: NSRect, xRadius: CGFloat, yRadius: CGFloat) {
        let rx = min(max(xRadius, 0), rect.width / 2), ry = min(max(yRadius, 0), rect.height / 2)
        guard rx > 0, ry > 0 else { return appendRect(rect) }
        path.addRoundedRect(in: rect, cornerWidth: rx, cornerHeight: ry)
    }
    /// Appends an arc of a circle, angles in degrees, counterclockwise unless `clockwise` (in a
    /// y-up space), joined to the current point by a line.
    open func appendArc(withCenter center: NSPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        path.addArc(center: center, radius: radius, startAngle: startAngle * .pi / 180, endAngle: endAngle * .pi / 180, clockwise: clockwise)
    }
    /// Appends an arc of a circle counterclockwise from `startAngle` to `endAngle` (degrees).
    open func appendArc(withCenter center: NSPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat) {
        appendArc(withCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: false)
    }
    /// Appends the elements of another path.
    open func append(_ path: NSBezierPath) { self.path.addPath(path.path) }
    /// Transforms every point of the path.
    open func transform(using transform: AffineTransform) {
        let t = CGAffineTransform(a: transform.m11, b: transform.m12, c: transform.m21, d: transform.m22, tx: transform.tX, ty: transform.tY)
        let moved = CGMutablePath()
        moved.addPath(path, transform: t)
        path = moved
    }
    /// Sets the stroke's dash pattern (`count` lengths from `pattern`) and phase.
    open func setLineDash(_ pattern: UnsafePointer<CGFloat>?, count: Int, phase: CGFloat) {
        guard let pattern, count > 0 else { dash = ([], 0); return }
        dash = (Array(UnsafeBufferPointer(start: pattern, count: count)), phase)
    }

    // MARK: Reading

    /// Whether the path has no elements.
    open var isEmpty: Bool { path.isEmpty }
    /// The path's last point (zero for an empty path).
    open var currentPoint: NSPoint { path.isEmpty ? .zero : path.currentPoint }
    /// The bounding box of the path, control points excluded.
    open var bounds: NSRect { path.isEmpty ? .zero : path.boundingBoxOfPath }
    /// The bounding box of the path's points, control points included.
    open var controlPointBounds: NSRect { path.isEmpty ? .zero : path.boundingBox }
    /// Whether `point` is inside the path by its winding rule.
    open func contains(_ point: NSPoint) -> Bool { path.contains(point, using: windingRule == .evenOdd ? .evenOdd : .winding) }

    // MARK: Drawing

    private func apply(to ctx: CGContext) {
        ctx.addPath(path)
        ctx.setLineWidth(lineWidth)
        ctx.setLineCap(lineCapStyle.cg)
        ctx.setLineJoin(lineJoinStyle.cg)
        ctx.setMiterLimit(miterLimit)
        ctx.setLineDash(phase: dash.phase, lengths: dash.lengths)
    }

    /// Fills the inside of the path in the current context with its fill color.
    open func fill() {
        guard let ctx = NSGraphicsContext.current?.cgContext else { return }
        ctx.saveGState()
        apply(to: ctx)
        ctx.fillPath(using: windingRule == .evenOdd ? .evenOdd : .winding)
        ctx.restoreGState()
    }

    /// Strokes the path in the current context with its stroke color.
    open func stroke() {
        guard let ctx = NSGraphicsContext.current?.cgContext else { return }
        ctx.saveGState()
        apply(to: ctx)
        ctx.strokePath()
        ctx.restoreGState()
    }

    /// Intersects the current context's clip with the inside of the path.
    open func addClip() {
        guard let ctx = NSGraphicsContext.current?.cgContext else { return }
        ctx.addPath(path)
        ctx.clip(using: windingRule == .evenOdd ? .evenOdd : .winding)
    }

    /// Fills `rect` in the current context.
    open class func fill(_ rect: NSRect) { NSGraphicsContext.current?.cgContext.fill(rect) }
    /// Strokes `rect` in the current context with the default line width.
    open class func stroke(_ rect: NSRect) { NSBezierPath(rect: rect).stroke() }
    /// Strokes a line from `point1` to `point2` in the current context.
    open class func strokeLine(from point1: NSPoint, to point2: NSPoint) {
        let line = NSBezierPath()
        line.move(to: point1)
        line.line(to: point2)
        line.stroke()
    }

    /// A copy of the path and its stroke settings.
    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = NSBezierPath(cgPath: path)
        copy.lineWidth = lineWidth
        copy.lineCapStyle = lineCapStyle
        copy.lineJoinStyle = lineJoinStyle
        copy.miterLimit = miterLimit
        copy.windingRule = windingRule
        copy.dash = dash
        return copy
    }
}

extension NSBezierPath {
    /// The shapes of a stroke's ends.
    public enum LineCapStyle: UInt, Sendable {
        /// Square ends at the end points.
        case butt = 0
        /// Round ends.
        case round = 1
        /// Square ends past the end points by half the width.
        case square = 2
        var cg: CGLineCap { [.butt, .round, .square][Int(rawValue)] }
    }

    /// The shapes of a stroke's corners.
    public enum LineJoinStyle: UInt, Sendable {
        /// Pointed corners.
        case miter = 0
        /// Round corners.
        case round = 1
        /// Cut corners.
        case bevel = 2
        var cg: CGLineJoin { [.miter, .round, .bevel][Int(rawValue)] }
    }

    /// The rules that decide what is inside a path.
    public enum WindingRule: UInt, Sendable {
        /// Inside where the winding count is not zero.
        case nonZero = 0
        /// Inside where the crossing count is odd.
        case evenOdd = 1
    }
}

private func + (a: NSPoint, b: NSPoint) -> NSPoint { NSPoint(x: a.x + b.x, y: a.y + b.y) }
