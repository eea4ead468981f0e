/// Checks for the property setters: non-finite values keep the old value, with a message.
enum Validate {
    // Each gives the value to keep, or nil (after logging why) when the value is refused: the
    // setter then puts the old value back and reports no change.
    static func number(_ v: CGFloat, _ name: String, keeping old: CGFloat) -> CGFloat? {
        if v.isFinite { return v }
        CGDiagnostics.log("CALayer.\(name)", "\(v) is not finite; kept \(old).")
        return nil
    }

    static func number(_ v: Float, _ name: String, keeping old: Float) -> Float? {
        if v.isFinite { return v }
        CGDiagnostics.log("CALayer.\(name)", "\(v) is not finite; kept \(old).")
        return nil
    }

    static func point(_ p: CGPoint, _ name: String, keeping old: CGPoint) -> CGPoint? {
        if p.x.isFinite && p.y.isFinite { return p }
        CGDiagnostics.log("CALayer.\(name)", "\(p) is not finite; kept \(old).")
        return nil
    }

    static func size(_ s: CGSize, _ name: String, keeping old: CGSize) -> CGSize? {
        if s.width.isFinite && s.height.isFinite { return s }
        CGDiagnostics.log("CALayer.\(name)", "\(s) is not finite; kept \(old).")
        return nil
    }

    static func rect(_ r: CGRect, _ name: String, keeping old: CGRect, allowNegative: Bool = false) -> CGRect? {
        guard [r.origin.x, r.origin.y, r.size.width, r.size.height].allSatisfy(\.isFinite) else {
            CGDiagnostics.log("CALayer.\(name)", "\(r) is not finite; kept \(old).")
            return nil
        }
        if !allowNegative && (r.size.width < 0 || r.size.height < 0) { return LayerValueRule.standardized(r) }
        return r
    }

    /// A rectangle in unit coordinates (`contentsRect`, `contentsCenter`): any finite one,
    /// negative sizes included (they flip the part shown).
    static func unitRect(_ r: CGRect, _ name: String, keeping old: CGRect) -> CGRect? {
        rect(r, name, keeping: old, allowNegative: true)
    }

    /// A length that cannot be negative (`cornerRadius`, `borderWidth`, `shadowRadius`): a
    /// finite one, a negative one taken as 0 (as Apple's layers draw it).
    static func length(_ v: CGFloat, _ name: String, keeping old: CGFloat) -> CGFloat? {
        number(v, name, keeping: old).map { max(0, $0) }
    }

    /// A scale (`contentsScale`, `rasterizationScale`): a positive finite number.
    static func positive(_ v: CGFloat, _ name: String, keeping old: CGFloat) -> CGFloat? {
        if LayerValueRule.positive(v) != nil { return v }
        CGDiagnostics.log("CALayer.\(name)", "\(v) is not a positive number; kept \(old).")
        return nil
    }

    static func transform(_ t: CATransform3D, _ name: String, keeping old: CATransform3D) -> CATransform3D? {
        if t.isFinite { return t }
        CGDiagnostics.log("CALayer.\(name)", "transform is not finite; kept the old one.")
        return nil
    }
}

extension CALayer {
    /// A property setter's check, written once: `value`, just set, becomes what `rule` keeps of
    /// it (true: the caller reports the change), or, when `rule` refuses it (after saying why),
    /// goes back to `old` (false: no change). Called from the property's own `didSet`, where
    /// writing it back does not observe it again; the change is reported after this returns,
    /// not inside it, since reporting may read the property (an access while `value` is held).
    @inline(__always)
    func accept<Value>(_ value: inout Value, _ old: Value, _ key: String, _ rule: (Value, String, Value) -> Value?) -> Bool {
        guard let kept = rule(value, key, old) else { value = old; return false }
        value = kept
        return true
    }
}
