/// Interpolation between animatable values of every kind Core Animation animates: numbers,
/// points, sizes, rects, transforms (decomposed, so rotations rotate), colors, paths with
/// matching elements, arrays element by element; anything else switches at the halfway mark.
enum Interpolation {
    static func value(from a: Any?, to b: Any?, at t: Double) -> Any? {
        let f = CGFloat(t)
        // Numbers first (the common case), each read once.
        if let x = a, let y = b, let p = Boxing.number(x), let q = Boxing.number(y), !isBoolean(x), !isBoolean(y) {
            return NSNumber(value: p + (q - p) * t)
        }
        switch (a, b) {
        case let (x as CGPoint, y as CGPoint):
            return CGPoint(x: x.x + (y.x - x.x) * f, y: x.y + (y.y - x.y) * f)
        case let (x as CGSize, y as CGSize):
            return CGSize(width: x.width + (y.width - x.width) * f, height: x.height + (y.height - x.height) * f)
        case let (x as CGRect, y as CGRect):
            return CGRect(origin: value(from: x.origin, to: y.origin, at: t) as! CGPoint, size: value(from: x.size, to: y.size, at: t) as! CGSize)
        case let (x as CATransform3D, y as CATransform3D):
            return transform(from: x, to: y, at: f)
        case let (x as CGColor, y as CGColor):
            return color(from: x, to: y, at: f)
        case let (x as CGPath, y as CGPath):
            return path(from: x, to: y, at: f) ?? (t < 0.5 ? x : y)
        case let (x as CGImage, y as CGImage):
            return crossFade(x, y, at: f)
        case let (x as [Any], y as [Any]) where x.count == y.count:
            return zip(x, y).map { value(from: $0, to: $1, at: t) as Any }
        default:
            return t < 0.5 ? a : b
        }
    }

    /// Whether a value has no NaN or infinite number in it (numbers, points, sizes, rects,
    /// transforms, arrays of them); values of other kinds are finite.
    static func isFinite(_ value: Any?) -> Bool {
        // Plain numbers (most animations' values) first: each cast below that fails walks the
        // runtime's bridging (a thousand tiles' 3000 animations felt it at their first frame).
        if let value {
            let type = type(of: value)
            if type == Double.self { return (value as! Double).isFinite }
            if type == CGFloat.self { return (value as! CGFloat).isFinite }
            if type == Int.self { return true }
        }
        switch value {
        case nil: return true
        case let v as CGPoint: return v.x.isFinite && v.y.isFinite
        case let v as CGSize: return v.width.isFinite && v.height.isFinite
        case let v as CGRect: return isFinite(v.origin) && isFinite(v.size)
        case let v as CATransform3D: return v.isFinite
        case let v as CGAffineTransform: return [v.a, v.b, v.c, v.d, v.tx, v.ty].allSatisfy(\.isFinite)
        case let v as [Any]: return v.allSatisfy(isFinite)
        case let v?: return Boxing.number(v)?.isFinite ?? true
        }
    }

    /// Whether a value is a boolean (which switches rather than blends). Not `x is Bool`: on Linux
    /// any NSNumber holding 0 or 1 casts to Bool.
    static func isBoolean(_ x: Any) -> Bool {
        if type(of: x) == Bool.self { return true }
        if let n = x as? NSNumber { return n.objCType[0] == 0x63 && n.objCType[1] == 0 }   // "c"
        return false
    }

    /// a + b for `by` values and additive or cumulative animations; nil when they do not add.
    static func sum(_ a: Any?, _ b: Any?) -> Any? {
        switch (a, b) {
        case let (x?, y?) where Boxing.number(x) != nil && Boxing.number(y) != nil:
            return NSNumber(value: Boxing.number(x)! + Boxing.number(y)!)
        case let (x as CGPoint, y as CGPoint): return CGPoint(x: x.x + y.x, y: x.y + y.y)
        case let (x as CGSize, y as CGSize): return CGSize(width: x.width + y.width, height: x.height + y.height)
        case let (x as CGRect, y as CGRect):
            return CGRect(x: x.minX + y.minX, y: x.minY + y.minY, width: x.width + y.width, height: x.height + y.height)
        case let (x as CATransform3D, y as CATransform3D): return CATransform3DConcat(y, x)
        default: return nil
        }
    }

    /// a − b, the inverse of `sum` (for `by` with `to`).
    static func difference(_ a: Any?, _ b: Any?) -> Any? {
        switch (a, b) {
        case let (x?, y?) where Boxing.number(x) != nil && Boxing.number(y) != nil:
            return NSNumber(value: Boxing.number(x)! - Boxing.number(y)!)
        case let (x as CGPoint, y as CGPoint): return CGPoint(x: x.x - y.x, y: x.y - y.y)
        case let (x as CGSize, y as CGSize): return CGSize(width: x.width - y.width, height: x.height - y.height)
        case let (x as CGRect, y as CGRect):
            return CGRect(x: x.minX - y.minX, y: x.minY - y.minY, width: x.width - y.width, height: x.height - y.height)
        case let (x as CATransform3D, y as CATransform3D): return CATransform3DConcat(CATransform3DInvert(y), x)
        default: return nil
        }
    }

    /// Contents cross-fade: both images stretched to the larger size, dissolved into one.
    static func crossFade(_ a: CGImage, _ b: CGImage, at t: CGFloat) -> CGImage? {
        if t <= 0 { return a }
        if t >= 1 { return b }
        let width = max(a.width, b.width), height = max(a.height, b.height)
        guard let context = CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                                      space: CGColorSpaceCreateDeviceRGB(),
                                      bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
        else { return t < 0.5 ? a : b }
        let rect = CGRect(x: 0, y: 0, width: width, height: height)
        context.setAlpha(1 - t)
        context.draw(a, in: rect)
        context.setAlpha(t)
        context.setBlendMode(.plusLighter)
        context.draw(b, in: rect)
        return context.makeImage()
    }

    /// Decomposed: translation, scale and rotation angles interpolate separately.
    static func transform(from a: CATransform3D, to b: CATransform3D, at t: CGFloat) -> CATransform3D {
        let x = TransformComponents(a), y = TransformComponents(b)
        var c = x
        func mix(_ p: CGFloat, _ q: CGFloat) -> CGFloat { p + (q - p) * t }
        c.translation = (mix(x.translation.x, y.translation.x), mix(x.translation.y, y.translation.y), mix(x.translation.z, y.translation.z))
        c.scale = (mix(x.scale.x, y.scale.x), mix(x.scale.y, y.scale.y), mix(x.scale.z, y.scale.z))
        c.rotation = (mix(x.rotation.x, y.rotation.x), mix(x.rotation.y, y.rotation.y), mix(x.rotation.z, y.rotation.z))
        var result = c.transform
        result.m14 = mix(a.m14, b.m14); result.m24 = mix(a.m24, b.m24); result.m34 = mix(a.m34, b.m34); result.m44 = mix(a.m44, b.m44)
        return result
    }

    /// Component by component in sRGB, alpha included.
    static func color(from a: CGColor, to b: CGColor, at t: CGFloat) -> CGColor {
        let srgb = CGColorSpace(name: CGColorSpace.sRGB)!
        let p = a.converted(to: srgb, intent: .defaultIntent, options: nil)?.components ?? [0, 0, 0, 1]
        let q = b.converted(to: srgb, intent: .defaultIntent, options: nil)?.components ?? [0, 0, 0, 1]
        let c = zip(p, q).map { $0 + ($1 - $0) * t }
        return CGColor(red: c[0], green: c[1], blue: c[2], alpha: c[3])
    }

    /// Point by point, when both paths have the same elements; nil otherwise.
    static func path(from a: CGPath, to b: CGPath, at t: CGFloat) -> CGPath? {
        var pointsA: [[CGPoint]] = [], pointsB: [[CGPoint]] = [], types: [CGPathElementType] = []
        a.applyWithBlock { e in
            types.append(e.pointee.type)
            pointsA.append((0..<count(e.pointee.type)).map { e.pointee.points[$0] })
        }
        var typesB: [CGPathElementType] = []
        b.applyWithBlock { e in
            typesB.append(e.pointee.type)
            pointsB.append((0..<count(e.pointee.type)).map { e.pointee.points[$0] })
        }
        guard types == typesB else { return nil }
        let path = CGMutablePath()
        for (i, type) in types.enumerated() {
            let p = zip(pointsA[i], pointsB[i]).map { CGPoint(x: $0.x + ($1.x - $0.x) * t, y: $0.y + ($1.y - $0.y) * t) }
            switch type {
            case .moveToPoint: path.move(to: p[0])
            case .addLineToPoint: path.addLine(to: p[0])
            case .addQuadCurveToPoint: path.addQuadCurve(to: p[1], control: p[0])
            case .addCurveToPoint: path.addCurve(to: p[2], control1: p[0], control2: p[1])
            case .closeSubpath: path.closeSubpath()
            }
        }
        return path
    }

    private static func count(_ type: CGPathElementType) -> Int {
        switch type {
        case .moveToPoint, .addLineToPoint: return 1
        case .addQuadCurveToPoint: return 2
        case .addCurveToPoint: return 3
        case .closeSubpath: return 0
        }
    }
}
