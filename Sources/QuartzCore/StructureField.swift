/// Fields of structure values that key paths reach into, as Core Animation defines them.
enum StructureField {
    static func get(_ value: Any?, path: String) -> Any? {
        if FilterKeyPath.reaches(value) { return FilterKeyPath.get(value, path: path) }
        switch value {
        case let p as CGPoint:
            switch path { case "x": return NSNumber(value: Double(p.x)); case "y": return NSNumber(value: Double(p.y)); default: return nil }
        case let s as CGSize:
            switch path { case "width": return NSNumber(value: Double(s.width)); case "height": return NSNumber(value: Double(s.height)); default: return nil }
        case let r as CGRect:
            if path == "origin" { return r.origin }
            if path == "size" { return r.size }
            if path.hasPrefix("origin.") { return get(r.origin, path: String(path.dropFirst(7))) }
            if path.hasPrefix("size.") { return get(r.size, path: String(path.dropFirst(5))) }
            return nil
        case let t as CATransform3D:
            return TransformComponents(t).value(forField: path)
        default:
            return nil
        }
    }

    /// The value with one field replaced; nil when the field does not exist or the new value is
    /// not a number (or structure) that fits it.
    static func set(_ value: Any?, path: String, to newValue: Any?) -> Any? {
        if FilterKeyPath.reaches(value) { return FilterKeyPath.set(value, path: path, to: newValue) }
        switch value {
        case var p as CGPoint:
            guard let n = Boxing.number(newValue), n.isFinite else { return nil }
            switch path { case "x": p.x = CGFloat(n); case "y": p.y = CGFloat(n); default: return nil }
            return p
        case var s as CGSize:
            guard let n = Boxing.number(newValue), n.isFinite else { return nil }
            switch path { case "width": s.width = CGFloat(n); case "height": s.height = CGFloat(n); default: return nil }
            return s
        case var r as CGRect:
            if path == "origin", let p = newValue as? CGPoint { r.origin = p; return r }
            if path == "size", let s = newValue as? CGSize { r.size = s; return r }
            if path.hasPrefix("origin."), let p = set(r.origin, path: String(path.dropFirst(7)), to: newValue) as? CGPoint { r.origin = p; return r }
            if path.hasPrefix("size."), let s = set(r.size, path: String(path.dropFirst(5)), to: newValue) as? CGSize { r.size = s; return r }
            return nil
        case let t as CATransform3D:
            var components = TransformComponents(t)
            guard components.setValue(newValue, forField: path) else { return nil }
            return components.transform
        default:
            return nil
        }
    }
}

/// A transform taken apart into translation, rotation (x, then y, then z, in radians) and scale,
/// for the `transform.…` key paths. Putting it back applies scale, then rotation, then translation.
struct TransformComponents {
    var translation: (x: CGFloat, y: CGFloat, z: CGFloat)
    var scale: (x: CGFloat, y: CGFloat, z: CGFloat)
    var rotation: (x: CGFloat, y: CGFloat, z: CGFloat)
    /// Perspective entries kept as they were.
    let perspective: (m14: CGFloat, m24: CGFloat, m34: CGFloat, m44: CGFloat)

    init(_ t: CATransform3D) {
        translation = (t.m41, t.m42, t.m43)
        var sx = (t.m11 * t.m11 + t.m12 * t.m12 + t.m13 * t.m13).squareRoot()
        let sy = (t.m21 * t.m21 + t.m22 * t.m22 + t.m23 * t.m23).squareRoot()
        let sz = (t.m31 * t.m31 + t.m32 * t.m32 + t.m33 * t.m33).squareRoot()
        // A mirroring transform (the 3×3 part's determinant below 0) has no rotation that
        // positive scales could rebuild it from: its x scale is negated, and with it the row
        // the rotation is read from, so `scale(-1, 1)` reads as x scale −1 and no rotation.
        // Before, it came back as a half turn, and interpolating between two mirrored
        // transforms (lottie-ios animates its mirrored layers' whole `transform`) drew them
        // unmirrored; iOS draws them mirrored. (Negating x alone, not all three scales as the
        // classic "unmatrix" does, keeps a transform in the plane turning about z only.)
        let determinant = t.m11 * (t.m22 * t.m33 - t.m23 * t.m32) - t.m12 * (t.m21 * t.m33 - t.m23 * t.m31)
            + t.m13 * (t.m21 * t.m32 - t.m22 * t.m31)
        if determinant < 0 { sx = -sx }
        scale = (sx, sy, sz)
        // Rotation rows normalized; angles for R = Rx · Ry · Rz in row-vector form.
        let r13 = sx == 0 ? 0 : t.m13 / sx, r11 = sx == 0 ? 1 : t.m11 / sx, r12 = sx == 0 ? 0 : t.m12 / sx
        let r23 = sy == 0 ? 0 : t.m23 / sy, r33 = sz == 0 ? 1 : t.m33 / sz
        let ry = asin(max(-1, min(1, -r13)))
        let rx = atan2(r23, r33)
        let rz = atan2(r12, r11)
        rotation = (rx, ry, rz)
        perspective = (t.m14, t.m24, t.m34, t.m44)
    }

    var transform: CATransform3D {
        var t = CATransform3DMakeScale(scale.x, scale.y, scale.z)
        t = t.concatenating(CATransform3DMakeRotation(rotation.x, 1, 0, 0))
        t = t.concatenating(CATransform3DMakeRotation(rotation.y, 0, 1, 0))
        t = t.concatenating(CATransform3DMakeRotation(rotation.z, 0, 0, 1))
        t.m41 = translation.x; t.m42 = translation.y; t.m43 = translation.z
        t.m14 = perspective.m14; t.m24 = perspective.m24; t.m34 = perspective.m34; t.m44 = perspective.m44
        return t
    }

    /// A number inside a transform that a key path names (`transform.rotation.z` → `.rotationZ`).
    enum Field {
        case rotationX, rotationY, rotationZ, scaleX, scaleY, scaleZ, scale, translationX, translationY, translationZ

        init?(_ name: String) {
            switch name {
            case "rotation.x": self = .rotationX
            case "rotation.y": self = .rotationY
            case "rotation.z", "rotation": self = .rotationZ
            case "scale.x": self = .scaleX
            case "scale.y": self = .scaleY
            case "scale.z": self = .scaleZ
            case "scale": self = .scale
            case "translation.x": self = .translationX
            case "translation.y": self = .translationY
            case "translation.z": self = .translationZ
            default: return nil
            }
        }
    }

    subscript(field field: Field) -> CGFloat {
        get {
            switch field {
            case .rotationX: rotation.x
            case .rotationY: rotation.y
            case .rotationZ: rotation.z
            case .scaleX: scale.x
            case .scaleY: scale.y
            case .scaleZ: scale.z
            case .scale: (scale.x + scale.y + scale.z) / 3
            case .translationX: translation.x
            case .translationY: translation.y
            case .translationZ: translation.z
            }
        }
        set {
            switch field {
            case .rotationX: rotation.x = newValue
            case .rotationY: rotation.y = newValue
            case .rotationZ: rotation.z = newValue
            case .scaleX: scale.x = newValue
            case .scaleY: scale.y = newValue
            case .scaleZ: scale.z = newValue
            case .scale: scale = (newValue, newValue, newValue)
            case .translationX: translation.x = newValue
            case .translationY: translation.y = newValue
            case .translationZ: translation.z = newValue
            }
        }
    }

    func value(forField field: String) -> Any? {
        if field == "translation" { return CGSize(width: translation.x, height: translation.y) }
        return Field(field).map { NSNumber(value: Double(self[field: $0])) }
    }

    mutating func setValue(_ value: Any?, forField field: String) -> Bool {
        if field == "translation" {
            // Apple's guide documents a size here; its QuartzCore takes a point too (lottie-ios
            // sets and animates every layer's position as `transform.translation` points), so
            // both are read as (x, y). Reading back gives a size, as documented.
            let pair: (CGFloat, CGFloat)? = (value as? CGSize).map { ($0.width, $0.height) }
                ?? (value as? CGPoint).map { ($0.x, $0.y) }
            guard let (x, y) = pair, x.isFinite, y.isFinite else { return false }
            translation.x = x; translation.y = y
            return true
        }
        guard let number = Boxing.number(value), number.isFinite, let field = Field(field) else { return false }
        self[field: field] = CGFloat(number)
        return true
    }
}
