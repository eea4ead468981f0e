/// A vector of numbers for Core Image filters: points, rectangles (x, y, width, height), color
/// matrix rows, offsets.
open class CIVector: NSObject, NSCopying, @unchecked Sendable {
    private let values: [CGFloat]

    /// A vector of `count` values read from `values`.
    public init(values: UnsafePointer<CGFloat>, count: Int) {
        self.values = Array(UnsafeBufferPointer(start: values, count: max(count, 0)))
        super.init()
    }

    /// Values from an array (for Lamina's own callers and tests).
    package init(array: [CGFloat]) {
        values = array
        super.init()
    }

    /// A one-value vector.
    public convenience init(x: CGFloat) { self.init(array: [x]) }
    /// A two-value vector.
    public convenience init(x: CGFloat, y: CGFloat) { self.init(array: [x, y]) }
    /// A three-value vector.
    public convenience init(x: CGFloat, y: CGFloat, z: CGFloat) { self.init(array: [x, y, z]) }
    /// A four-value vector.
    public convenience init(x: CGFloat, y: CGFloat, z: CGFloat, w: CGFloat) { self.init(array: [x, y, z, w]) }
    /// (x, y) of a point.
    public convenience init(cgPoint p: CGPoint) { self.init(array: [p.x, p.y]) }
    /// (x, y, width, height) of a rectangle.
    public convenience init(cgRect r: CGRect) { self.init(array: [r.origin.x, r.origin.y, r.size.width, r.size.height]) }
    /// (a, b, c, d, tx, ty) of a transform.
    public convenience init(cgAffineTransform t: CGAffineTransform) { self.init(array: [t.a, t.b, t.c, t.d, t.tx, t.ty]) }
    /// Numbers in a string such as "[1 0 0 0]", as `stringRepresentation` writes them.
    public convenience init(string representation: String) {
        self.init(array: representation.split(whereSeparator: { $0 == " " || $0 == "[" || $0 == "]" || $0 == "," })
            .compactMap { Double($0).map { CGFloat($0) } })
    }

    /// How many values it holds.
    public var count: Int { values.count }
    /// The value at `index`, 0 beyond the end.
    public func value(at index: Int) -> CGFloat { index >= 0 && index < values.count ? values[index] : 0 }
    /// The first value.
    public var x: CGFloat { value(at: 0) }
    /// The second value.
    public var y: CGFloat { value(at: 1) }
    /// The third value.
    public var z: CGFloat { value(at: 2) }
    /// The fourth value.
    public var w: CGFloat { value(at: 3) }
    /// (x, y) as a point.
    public var cgPointValue: CGPoint { CGPoint(x: x, y: y) }
    /// (x, y, z, w) as a rectangle.
    public var cgRectValue: CGRect { CGRect(x: x, y: y, width: z, height: w) }
    /// The six values as a transform.
    public var cgAffineTransformValue: CGAffineTransform {
        CGAffineTransform(a: x, b: y, c: z, d: w, tx: value(at: 4), ty: value(at: 5))
    }
    /// "[x y …]", which `init(string:)` reads back.
    public var stringRepresentation: String { "[" + values.map { "\($0)" }.joined(separator: " ") + "]" }

    package var array: [CGFloat] { values }

    public func copy(with zone: NSZone? = nil) -> Any { self }

    open override func isEqual(_ object: Any?) -> Bool { (object as? CIVector)?.values == values }
    open override var hash: Int { values.hashValue }
    open override var description: String { "CIVector(\(stringRepresentation))" }
}
