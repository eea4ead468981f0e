/// Animation values that Apple code boxes in `NSValue` (`NSValue(cgPoint:)`,
/// `NSValue(caTransform3D:)`, …) taken out of their boxes once, when a layer adds the
/// animation, so that every frame works on plain structures. (The bridges in
/// `NSValue+CoreGraphics` and `NSValue+CATransform3D` let any `as? CGPoint` read a box too; this
/// only saves frames from unboxing again and again.)
enum BoxedValues {
    /// The structure inside `value` when it is a structure box (arrays element by element);
    /// anything else as it is.
    static func unboxed(_ value: Any?) -> Any? {
        // Plain numbers (most animations' values) first, with what the casts below make of
        // them: on Linux a `Double` or `Int` casts to `NSNumber` (bridged as `NSNumber(value:)`),
        // a `CGFloat` does not. Each cast that fails walks the runtime's bridging, and every
        // animation a layer adds is unboxed (3000 for a thousand tiles).
        if let value {
            let type = type(of: value)
            if type == Double.self { return NSNumber(value: value as! Double) }
            if type == Int.self { return NSNumber(value: value as! Int) }
            if type == CGFloat.self { return value }
        }
        switch value {
        case let array as [Any]:
            // Only rebuild arrays that hold a box (arrays of numbers are left alone).
            guard array.contains(where: { $0 is NSValue && !($0 is NSNumber) }) else { return array }
            return array.map { unboxed($0) as Any }
        case let number as NSNumber:
            return number
        case let box as NSValue:
            if let v = box as? CGPoint { return v }
            if let v = box as? CGSize { return v }
            if let v = box as? CGRect { return v }
            if let v = box as? CATransform3D { return v }
            if let v = box as? CGAffineTransform { return v }
            if let v = box as? CGVector { return v }
            return box
        default:
            return value
        }
    }
}
