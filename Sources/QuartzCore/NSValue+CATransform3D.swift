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
    public var caTransform3DValue: CATransform3D { CATransform3D.unboxed(from: self) ?? CATransform3DIdentity }
}

extension CATransform3D: _ObjectiveCBridgeable {
    static func unboxed(from value: NSValue) -> CATransform3D? {
        StructureBox.fields(of: value, encoding: StructureBox.transform3DEncoding, count: 16).map(CATransform3D.init(entries:))
    }
    public func _bridgeToObjectiveC() -> NSValue { NSValue(caTransform3D: self) }
    public static func _forceBridgeFromObjectiveC(_ source: NSValue, result: inout CATransform3D?) { result = unboxed(from: source) }
    public static func _conditionallyBridgeFromObjectiveC(_ source: NSValue, result: inout CATransform3D?) -> Bool {
        result = unboxed(from: source)
        return result != nil
    }
    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSValue?) -> CATransform3D {
        source.flatMap(unboxed) ?? CATransform3DIdentity
    }
}
