// NSValue boxes for `CATransform3D`, with Core Animation's spellings, and the bridge that lets
// `boxed as? CATransform3D` unbox one (as Apple's QuartzCore overlay does). Foundation on Linux
// cannot box a structure by its type encoding, so the 16 fields are boxed as "[16d]": the bytes
// Apple stores, under an array's encoding.

extension NSValue {
    /// A box holding `t` (`valueWithCATransform3D:`).
    public convenience init(caTransform3D t: CATransform3D) {
        var fields = t.entries
        self.init(bytes: &fields, objCType: StructureBox.transform3DEncoding)
    }

    /// The boxed transform; the identity when the box holds something else.
    public var caTransform3DValue: CATransform3D { CATransform3D._unboxed(from: self) ?? CATransform3DIdentity }
}

extension CATransform3D: _NSValueBridgeable {
    /// The transform in a "[16d]" box.
    public static func _unboxed(from value: NSValue) -> CATransform3D? {
        StructureBox.fields(of: value, encoding: StructureBox.transform3DEncoding, count: 16).map(CATransform3D.init(entries:))
    }
    /// `NSValue(caTransform3D:)`.
    public var _boxed: NSValue { NSValue(caTransform3D: self) }
    /// The identity.
    public static var _emptyValue: CATransform3D { CATransform3DIdentity }
}
