/// An affine transformation matrix for 2D graphics, as Core Graphics declares it:
///
///     | a  b  0 |
///     | c  d  0 |      a point (x, y) maps to (a·x + c·y + tx, b·x + d·y + ty)
///     | tx ty 1 |
public struct CGAffineTransform: Equatable, Hashable, Sendable, Codable {
    public var a: CGFloat
    public var b: CGFloat
    public var c: CGFloat
    public var d: CGFloat
    public var tx: CGFloat
    public var ty: CGFloat

    /// The identity transform.
    public init() {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
    }

    public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    public init(_ a: CGFloat, _ b: CGFloat, _ c: CGFloat, _ d: CGFloat, _ tx: CGFloat, _ ty: CGFloat) {
        self.init(a: a, b: b, c: c, d: d, tx: tx, ty: ty)
    }

    public init(translationX tx: CGFloat, y ty: CGFloat) {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
    }

    public init(scaleX sx: CGFloat, y sy: CGFloat) {
        self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// A rotation by `angle` radians; positive angles turn counterclockwise in a y-up space.
    public init(rotationAngle angle: CGFloat) {
        let (s, c) = (sin(angle), cos(angle))
        self.init(a: c, b: s, c: -s, d: c, tx: 0, ty: 0)
    }

    public static let identity = CGAffineTransform()

    public var isIdentity: Bool { self == .identity }

    /// `t1.concatenating(t2)` applies t1 first, then t2.
    public func concatenating(_ t2: CGAffineTransform) -> CGAffineTransform {
        let t1 = self
        return CGAffineTransform(
            a: t1.a * t2.a + t1.b * t2.c,
            b: t1.a * t2.b + t1.b * t2.d,
            c: t1.c * t2.a + t1.d * t2.c,
            d: t1.c * t2.b + t1.d * t2.d,
            tx: t1.tx * t2.a + t1.ty * t2.c + t2.tx,
            ty: t1.tx * t2.b + t1.ty * t2.d + t2.ty)
    }

    /// Translation in the transform's own (pre-transformed) space, as Apple's `translatedBy`.
    public func translatedBy(x: CGFloat, y: CGFloat) -> CGAffineTransform {
        CGAffineTransform(translationX: x, y: y).concatenating(self)
    }

    public func scaledBy(x: CGFloat, y: CGFloat) -> CGAffineTransform {
        CGAffineTransform(scaleX: x, y: y).concatenating(self)
    }

    public func rotated(by angle: CGFloat) -> CGAffineTransform {
        CGAffineTransform(rotationAngle: angle).concatenating(self)
    }

    /// The inverse; a singular matrix is returned unchanged, as Apple documents.
    public func inverted() -> CGAffineTransform {
        let det = a * d - b * c
        guard det != 0, det.isFinite else { return self }
        return CGAffineTransform(
            a: d / det, b: -b / det, c: -c / det, d: a / det,
            tx: (c * ty - d * tx) / det,
            ty: (b * tx - a * ty) / det)
    }

    var determinant: CGFloat { a * d - b * c }
}

extension CGPoint {
    public func applying(_ t: CGAffineTransform) -> CGPoint {
        CGPoint(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
    }
}

extension CGSize {
    /// Sizes transform without the translation part.
    public func applying(_ t: CGAffineTransform) -> CGSize {
        CGSize(width: t.a * width + t.c * height, height: t.b * width + t.d * height)
    }
}

extension CGRect {
    /// The smallest rectangle that contains the transformed corners; the null rect stays null.
    public func applying(_ t: CGAffineTransform) -> CGRect {
        if isNull { return self }
        if t.isIdentity { return self }
        let r = standardized
        // Corner by corner, with no arrays: the compositor places every item through here each
        // frame, and three small arrays a call showed in its profile.
        let first = CGPoint(x: r.minX, y: r.minY).applying(t)
        var minX = first.x, minY = first.y, maxX = first.x, maxY = first.y
        func include(_ x: CGFloat, _ y: CGFloat) {
            let p = CGPoint(x: x, y: y).applying(t)
            // As Sequence.min() and max() compare (the same answer for NaN corners).
            if p.x < minX { minX = p.x }
            if maxX < p.x { maxX = p.x }
            if p.y < minY { minY = p.y }
            if maxY < p.y { maxY = p.y }
        }
        include(r.maxX, r.minY)
        include(r.minX, r.maxY)
        include(r.maxX, r.maxY)
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
