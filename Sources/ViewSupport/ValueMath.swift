import QuartzCore

/// Arithmetic on the values layers animate, for additive animations.
package enum ValueMath {
    /// `a − b`: a value that, added to `b`, gives `a`; nil for values that do not subtract.
    package static func difference(_ a: Any?, _ b: Any?) -> Any? {
        switch (a, b) {
        case let (x as CGPoint, y as CGPoint): return CGPoint(x: x.x - y.x, y: x.y - y.y)
        case let (x as CGSize, y as CGSize): return CGSize(width: x.width - y.width, height: x.height - y.height)
        case let (x as CGRect, y as CGRect):
            return CGRect(x: x.minX - y.minX, y: x.minY - y.minY, width: x.width - y.width, height: x.height - y.height)
        // Core Animation adds transforms by concatenating the animated one first.
        case let (x as CATransform3D, y as CATransform3D): return CATransform3DConcat(x, CATransform3DInvert(y))
        case let (x as Float, y as Float): return x - y
        case let (x as CGFloat, y as CGFloat): return x - y
        case let (x as Double, y as Double): return x - y
        default: return nil
        }
    }

    /// The zero of `value`'s type (the identity for transforms).
    package static func zero(like value: Any) -> Any? {
        switch value {
        case is CGPoint: return CGPoint.zero
        case is CGSize: return CGSize.zero
        case is CGRect: return CGRect.zero
        case is CATransform3D: return CATransform3DIdentity
        case is Float: return Float(0)
        case is CGFloat: return CGFloat(0)
        case is Double: return Double(0)
        default: return nil
        }
    }

    /// Whether two values are the same (values of unknown types never are).
    package static func equal(_ a: Any?, _ b: Any?) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case let (x as CGPoint, y as CGPoint): return x == y
        case let (x as CGSize, y as CGSize): return x == y
        case let (x as CGRect, y as CGRect): return x == y
        case let (x as CATransform3D, y as CATransform3D): return CATransform3DEqualToTransform(x, y)
        case let (x as Float, y as Float): return x == y
        case let (x as CGFloat, y as CGFloat): return x == y
        case let (x as Double, y as Double): return x == y
        case let (x as Bool, y as Bool): return x == y
        case let (x as CGColor, y as CGColor): return x == y
        default: return false
        }
    }
}
